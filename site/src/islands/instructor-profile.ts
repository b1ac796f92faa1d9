import { pathId } from '../lib/catalog.ts';
import { countLabel } from '../lib/plural.ts';
import { $instructor, loadInstructor, type InstructorProfile } from '../stores/catalog.ts';
import { courseGrid, errorMessage, loadingMessage, notFoundMessage } from './course-dom.ts';
import { avatar, displayName, h, mountWhenIdle } from './dom.ts';

function courseList(p: InstructorProfile, name: string, headingLevel: 2 | 3): HTMLElement {
  return p.courses.length === 0 ? h('p', { className: 'muted' }, `${name} has no published courses yet.`) : courseGrid(p.courses, `Courses by ${name}`, headingLevel);
}

function profileView(p: InstructorProfile): HTMLElement {
  const name = displayName(p);
  return h(
    'div',
    { className: 'stack' },
    h(
      'header',
      { className: 'cluster', style: 'gap: var(--space-5)' },
      avatar(p, 'lg'),
      h(
        'div',
        null,
        h('p', { className: 'eyebrow', style: 'margin: 0' }, 'Instructor'),
        h('h1', { style: 'margin-bottom: 0' }, name),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'about-heading' },
      h('h2', { id: 'about-heading' }, 'About'),
      h('p', { className: 'pre-line' }, p.bio || h('span', { className: 'muted' }, `${name} has not written a bio yet.`)),
    ),
    h(
      'section',
      { 'aria-labelledby': 'courses-heading' },
      h(
        'div',
        { className: 'cluster', style: 'justify-content: space-between' },
        h('h2', { id: 'courses-heading' }, 'Courses'),
        p.courses.length > 0 && h('a', { href: `/instructors/${p.id}/courses` }, `All courses by ${name}`),
      ),
      courseList(p, name, 3),
    ),
  );
}

function coursesView(p: InstructorProfile): HTMLElement {
  const name = displayName(p);
  return h(
    'div',
    null,
    h(
      'nav',
      { 'aria-label': 'Breadcrumb', className: 'breadcrumb text-sm' },
      h('a', { href: `/instructors/${p.id}` }, name),
      ' ',
      h('span', { 'aria-hidden': 'true' }, '/'),
      ' ',
      h('span', { 'aria-current': 'page' }, 'Courses'),
    ),
    h(
      'header',
      { className: 'page-header cluster' },
      avatar(p),
      h('div', null, h('h1', { style: 'margin-bottom: 0' }, `Courses by ${name}`), h('p', null, countLabel(p.courses.length, 'published course'))),
    ),
    courseList(p, name, 2),
  );
}

/**
 * /instructors/{instructorId} (data-view="profile") and /instructors/{instructorId}/courses
 * (data-view="courses"): shells whose island reads `GET /api/instructors/{id}`.
 */
function mountInstructorProfile(root: HTMLElement): void {
  const view = root.dataset.view === 'courses' ? 'courses' : 'profile';
  const id = pathId(location.pathname, 1);
  $instructor.subscribe((state) => {
    if (state.status === 'loading') root.replaceChildren(loadingMessage('Loading instructor...'));
    else if (state.status === 'not-found')
      root.replaceChildren(notFoundMessage('Instructor not found', 'There is no instructor at this address.', { href: '/courses', label: 'Browse courses' }));
    else if (state.status === 'error') root.replaceChildren(errorMessage(state.message, () => void loadInstructor(id)));
    else {
      const name = displayName(state.data);
      document.title = `${view === 'courses' ? `Courses by ${name}` : name} · DRX`;
      root.replaceChildren(view === 'courses' ? coursesView(state.data) : profileView(state.data));
    }
  });
  void loadInstructor(id);
}

mountWhenIdle('[data-island="instructor-profile"]', mountInstructorProfile);
