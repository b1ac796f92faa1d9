import { pathId, type CatalogCourse } from '../lib/catalog.ts';
import { formatCents } from '../lib/currency.ts';
import { loadUser } from '../stores/auth.ts';
import { $enrol, enrol, PURCHASE_UNAVAILABLE, startEnrolment, type EnrolState } from '../stores/enrolment.ts';
import { loadingMessage, notFoundMessage } from './course-messages.ts';
import { h, mountWhenIdle } from './dom.ts';
import { learnerActionButtons } from './learner-action.ts';

function priceLine(course: CatalogCourse): HTMLElement {
  return h(
    'p',
    { className: 'course-price course-price-lg' },
    h('span', null, formatCents(course.price_cents)),
    course.price_cents === 0 && h('span', { className: 'badge badge-success' }, 'Free'),
  );
}

function courseLink(course: CatalogCourse): HTMLElement {
  return h('p', { className: 'muted' }, h('a', { href: `/courses/${course.id}` }, `About ${course.title}`));
}

function view(state: EnrolState): HTMLElement {
  switch (state.step) {
    case 'loading':
      return loadingMessage('Loading the course...');
    case 'not-found':
      return notFoundMessage('Course not found', 'This course does not exist or is no longer offered.', { href: '/courses', label: 'Browse courses' });
    case 'anonymous': {
      const here = `/courses/${state.course.id}/enroll`;
      const free = state.course.price_cents === 0;
      return h(
        'div',
        { className: 'stack' },
        h('h1', null, `Enrol in ${state.course.title}`),
        priceLine(state.course),
        h('p', null, free ? 'Sign in to start learning, or enrol as a guest: we create a free student account for you.' : 'Sign in to see how to join this course.'),
        h(
          'p',
          { className: 'cluster' },
          h('a', { className: 'btn btn-primary', href: `/auth?redirect=${encodeURIComponent(here)}` }, free ? 'Sign in to enrol' : 'Sign in'),
          free && h('a', { className: 'btn btn-secondary', href: `/enroll-guest/${state.course.id}` }, 'Enrol as a guest'),
          h('a', { className: 'btn btn-ghost', href: `/auth?mode=signup&redirect=${encodeURIComponent(here)}` }, 'Create Account'),
        ),
        courseLink(state.course),
      );
    }
    case 'open':
    case 'enrolling': {
      const course = state.course;
      if (course.price_cents > 0) {
        // Until the cart and checkout exist, a paid course shows its price and no button that fails.
        return h(
          'div',
          { className: 'stack' },
          h('h1', null, `Enrol in ${course.title}`),
          priceLine(course),
          h('p', { className: 'alert alert-info', role: 'status' }, PURCHASE_UNAVAILABLE),
          courseLink(course),
        );
      }
      const busy = state.step === 'enrolling';
      return h(
        'div',
        { className: 'stack' },
        h('h1', null, `Enrol in ${course.title}`),
        priceLine(course),
        h('p', null, 'This course is free. Enrol to open its lessons, track your progress and earn the certificate.'),
        h(
          'p',
          { className: 'cluster' },
          h('button', { type: 'button', className: 'btn btn-primary btn-lg', disabled: busy, 'aria-busy': busy ? 'true' : null, onclick: () => void enrol(course) }, busy ? 'Enrolling...' : 'Enrol'),
        ),
        courseLink(course),
      );
    }
    case 'enrolled': {
      const course = state.course;
      return h(
        'div',
        { className: 'stack' },
        h('h1', null, course.title),
        state.justEnrolled && h('p', { className: 'alert alert-success', role: 'status' }, `You are enrolled in ${course.title}.`),
        state.enrolment
          ? h('p', { className: 'cluster', 'data-enrolled': '' }, ...learnerActionButtons(state.enrolment, true))
          : h('p', { className: 'cluster' }, h('a', { className: 'btn btn-primary btn-lg', href: `/learn/courses/${course.id}` }, 'Continue')),
        courseLink(course),
      );
    }
    case 'error': {
      const course = state.course;
      return h(
        'div',
        { className: 'alert alert-error', role: 'alert' },
        h('p', { className: 'alert-title' }, state.retry === 'enrol' ? 'Enrolment failed' : 'Something went wrong'),
        h('p', null, state.message),
        h(
          'button',
          {
            type: 'button',
            className: 'btn btn-secondary btn-sm',
            onclick: () => void (state.retry === 'enrol' && course ? enrol(course) : start()),
          },
          'Try again',
        ),
      );
    }
  }
}

function start(): Promise<void> {
  const id = pathId(location.pathname, 1);
  return loadUser()
    .catch(() => null)
    .then((user) => startEnrolment(id, user ?? null));
}

/**
 * /courses/{courseId}/enroll: shows where the visitor stands with the course and writes nothing
 * on load. An enrolled learner continues (or reviews, with the certificate); a free course is
 * enrolled in on the Enrol button; a paid course shows its price until purchases open; a visitor
 * signs in or, for a free course, enrols as a guest.
 */
function mountEnrollCourse(root: HTMLElement): void {
  let focusNext = false;
  $enrol.subscribe((state) => {
    root.replaceChildren(view(state));
    // After enrolling, the button the learner pressed is gone: move focus to Continue.
    if (focusNext && state.step === 'enrolled') root.querySelector<HTMLElement>('a.btn-primary')?.focus();
    focusNext = state.step === 'enrolling';
  });
  void start();
}

mountWhenIdle('[data-island="enroll-course"]', mountEnrollCourse);
