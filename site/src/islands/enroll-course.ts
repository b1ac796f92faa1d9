import { pathId, type CatalogCourse } from '../lib/catalog.ts';
import { formatCents } from '../lib/currency.ts';
import { loadUser } from '../stores/auth.ts';
import { $enrol, addCourseToCart, enrol, learnPath, PURCHASE_UNAVAILABLE, startEnrolment, type EnrolState } from '../stores/learning.ts';
import { loadingMessage, notFoundMessage } from './course-dom.ts';
import { h, mountWhenIdle } from './dom.ts';

function courseLine(course: CatalogCourse): HTMLElement {
  return h('p', { className: 'muted' }, h('a', { href: `/courses/${course.id}` }, course.title), ` · ${formatCents(course.price_cents)}${course.price_cents === 0 ? ' (free)' : ''}`);
}

function view(state: EnrolState): HTMLElement {
  switch (state.step) {
    case 'loading':
      return loadingMessage('Preparing your enrolment...');
    case 'not-found':
      return notFoundMessage('Course not found', 'This course does not exist or is no longer offered.', { href: '/courses', label: 'Browse courses' });
    case 'anonymous': {
      const here = `/courses/${state.course.id}/enroll`;
      const free = state.course.price_cents === 0;
      return h(
        'div',
        { className: 'stack' },
        h('h1', null, `Enrol in ${state.course.title}`),
        courseLine(state.course),
        h('p', null, free ? 'Sign in to start learning, or enrol as a guest: we create a free student account for you.' : 'Sign in to buy this course and start learning.'),
        h(
          'p',
          { className: 'cluster' },
          h('a', { className: 'btn btn-primary', href: `/auth?redirect=${encodeURIComponent(here)}` }, 'Sign in to enrol'),
          free && h('a', { className: 'btn btn-secondary', href: `/enroll-guest/${state.course.id}` }, 'Enrol as a guest'),
          h('a', { className: 'btn btn-ghost', href: `/auth?mode=signup&redirect=${encodeURIComponent(here)}` }, 'Create Account'),
        ),
      );
    }
    case 'enrolling':
      return loadingMessage(`Enrolling you in ${state.course.title}...`);
    case 'enrolled':
      return h(
        'div',
        { className: 'stack' },
        h('p', { className: 'alert alert-success', role: 'status' }, `You are enrolled in ${state.course.title}. Opening the course...`),
        h('a', { href: learnPath(state.course.id) }, 'Go to the course'),
      );
    case 'payment-required':
    case 'adding-to-cart': {
      const course = state.course;
      return h(
        'div',
        { className: 'stack' },
        h('h1', null, `Buy ${course.title}`),
        courseLine(course),
        h('p', null, 'This is a paid course: it opens once you have bought it. Add it to your cart and check out, and it appears in ', h('a', { href: '/my-courses' }, 'My Courses'), '.'),
        h(
          'p',
          { className: 'cluster' },
          h(
            'button',
            { type: 'button', className: 'btn btn-primary', disabled: state.step === 'adding-to-cart', onclick: () => void addCourseToCart(course) },
            state.step === 'adding-to-cart' ? 'Adding...' : 'Add to Cart',
          ),
          h('a', { className: 'btn btn-ghost', href: `/courses/${course.id}` }, 'Back to the course'),
        ),
      );
    }
    case 'in-cart':
      return h(
        'div',
        { className: 'stack' },
        h('h1', null, `${state.course.title} is in your cart`),
        h('p', null, 'Check out to finish the purchase; the course opens as soon as it is paid.'),
        h('p', { className: 'cluster' }, h('a', { className: 'btn btn-primary', href: '/cart' }, 'View Cart'), h('a', { className: 'btn btn-ghost', href: '/courses' }, 'Keep browsing')),
      );
    case 'purchase-unavailable':
      return h(
        'div',
        { className: 'stack' },
        h('h1', null, `Buy ${state.course.title}`),
        courseLine(state.course),
        h('p', { className: 'alert alert-info', role: 'status' }, PURCHASE_UNAVAILABLE),
        h('a', { href: `/courses/${state.course.id}` }, 'Back to the course'),
      );
    case 'error': {
      const course = state.course;
      return h(
        'div',
        { className: 'alert alert-error', role: 'alert' },
        h('p', { className: 'alert-title' }, 'Enrolment failed'),
        h('p', null, state.message),
        course && h('button', { type: 'button', className: 'btn btn-secondary btn-sm', onclick: () => void enrol(course) }, 'Try again'),
      );
    }
  }
}

/**
 * /courses/{courseId}/enroll: a signed-in learner is enrolled in a free course at once and taken
 * to the player; a paid course must be bought (Add to Cart); a visitor signs in or, for a free
 * course, enrols as a guest.
 */
function mountEnrollCourse(root: HTMLElement): void {
  $enrol.subscribe((state) => root.replaceChildren(view(state)));
  const id = pathId(location.pathname, 1);
  loadUser()
    .catch(() => null)
    .then((user) => startEnrolment(id, user ?? null));
}

mountWhenIdle('[data-island="enroll-course"]', mountEnrollCourse);
