import type { CatalogCourse } from '../lib/catalog.ts';
import { loadUser } from '../stores/auth.ts';
import { $enrol, enrol, PURCHASE_UNAVAILABLE, startEnrolmentFor, type EnrolState } from '../stores/enrolment.ts';
import { h, mountWhenIdle } from './dom.ts';
import { learnerActionButtons } from './learner-action.ts';

/** What a signed-in learner can do, in place of the visitor's sign-in links the server rendered. */
type LearnerState = Extract<EnrolState, { step: 'open' | 'enrolling' | 'enrolled' | 'error' }>;

function actions(state: LearnerState, start: () => void): HTMLElement[] {
  switch (state.step) {
    case 'open':
    case 'enrolling': {
      const course = state.course;
      // Until the cart and checkout exist, a paid course shows its price and no button that fails.
      if (course.price_cents > 0) return [h('p', { className: 'alert alert-info', role: 'status' }, PURCHASE_UNAVAILABLE)];
      const busy = state.step === 'enrolling';
      return [
        h('p', null, 'This course is free. Enrol to open its lessons, track your progress and earn the certificate.'),
        h(
          'p',
          { className: 'cluster' },
          h('button', { type: 'button', className: 'btn btn-primary btn-lg', disabled: busy, 'aria-busy': busy ? 'true' : null, onclick: () => void enrol(course) }, busy ? 'Enrolling...' : 'Enrol'),
        ),
      ];
    }
    case 'enrolled': {
      const course = state.course;
      const next = state.enrolment
        ? h('p', { className: 'cluster', 'data-enrolled': '' }, ...learnerActionButtons(state.enrolment, true))
        : h('p', { className: 'cluster' }, h('a', { className: 'btn btn-primary btn-lg', href: `/learn/courses/${course.id}` }, 'Continue'));
      return state.justEnrolled ? [h('p', { className: 'alert alert-success', role: 'status' }, `You are enrolled in ${course.title}.`), next] : [next];
    }
    case 'error': {
      const course = state.course;
      return [
        h(
          'div',
          { className: 'alert alert-error', role: 'alert' },
          h('p', { className: 'alert-title' }, state.retry === 'enrol' ? 'Enrolment failed' : 'Something went wrong'),
          h('p', null, state.message),
          h(
            'button',
            { type: 'button', className: 'btn btn-secondary btn-sm', onclick: () => (state.retry === 'enrol' && course ? void enrol(course) : start()) },
            'Try again',
          ),
        ),
      ];
    }
  }
}

/**
 * /courses/{courseId}/enroll (components/CourseEnrollPage.astro, rendered by the server with the
 * course and a visitor's choices): writes nothing on load. For a signed-in learner the actions
 * become Continue (or Review, with the certificate) when enrolled, Enrol for a free course
 * (enrolling on click), or the price until purchases open. A visitor's page stays as it came.
 */
function mountEnrollCourse(root: HTMLElement): void {
  const course = JSON.parse(root.querySelector('script[data-enrol-course]')?.textContent ?? 'null') as CatalogCourse | null;
  if (!course) return;
  const heading = root.querySelector<HTMLElement>('[data-enrol-heading]')!;
  const price = root.querySelector<HTMLElement>('[data-course-price]');
  const slot = root.querySelector<HTMLElement>('[data-enrol-actions]')!;
  const start = () =>
    void loadUser()
      .catch(() => null)
      .then((user) => (user ? startEnrolmentFor(course, user) : undefined));

  let focusNext = false;
  $enrol.listen((state) => {
    if (state.step !== 'open' && state.step !== 'enrolling' && state.step !== 'enrolled' && state.step !== 'error') return;
    const enrolled = state.step === 'enrolled';
    heading.textContent = enrolled ? course.title : `Enrol in ${course.title}`;
    if (price) price.hidden = enrolled;
    slot.replaceChildren(...actions(state, start));
    // After enrolling, the button the learner pressed is gone: move focus to Continue.
    if (focusNext && enrolled) slot.querySelector<HTMLElement>('a.btn-primary')?.focus();
    focusNext = state.step === 'enrolling';
  });
  start();
}

mountWhenIdle('[data-island="enroll-course"]', mountEnrollCourse);
