import type { CatalogCourse } from '../../../shared/catalog-freshness.ts';
import { loadUser, type User } from '../stores/auth.ts';
import { PURCHASE_PITCH } from '../lib/purchase.ts';
import { $enrol, enrol, startEnrolmentFor, type EnrolState } from '../stores/enrolment.ts';
import { purchaseButtons, wirePurchaseActions } from './checkout-cart-actions.ts';
import { coursePlanGate, includedLine, planEndedNotice, wireRenderedGates } from './course-plan-gate.ts';
import { courseLevelFeature, passesLevel } from '../../../worker/src/domain/features.ts';
import { coursePlanAccess } from '../../../shared/course-plan-access.ts';
import { learnerAction } from '../lib/enrolment.ts';
import { formatCents } from '../lib/currency.ts';
import { h } from './dom.ts';
import { learnerActionButtons } from './learner-action.ts';

/** What a signed-in learner can do, in place of the visitor's sign-in links the server rendered. */
type LearnerState = Extract<EnrolState, { step: 'open' | 'enrolling' | 'enrolled' | 'error' }>;

/** A paid course's Add to Cart and Buy now, wired. */
function purchaseSlot(course: CatalogCourse): HTMLElement {
  const slot = h('p', { className: 'cluster', 'data-purchase-actions': '' }, ...purchaseButtons(course, true));
  wirePurchaseActions(slot, course);
  return slot;
}

/**
 * A course that requires a plan (decision 0063): below the level, the plan that includes it first
 * and the course's own price second; at it, "Included in your plan" and Enrol (no cart); enrolled
 * with a plan that ended, the plan-ended notice. Null: the usual actions.
 */
function planActions(state: LearnerState, user: User | null): HTMLElement[] | null {
  const course = state.course;
  const feature = course ? courseLevelFeature(course.required_level) : null;
  if (!course || !feature || state.step === 'error') return null;
  const level = course.required_level;
  const enrolment = state.step === 'enrolled' ? state.enrolment : null;
  const access = coursePlanAccess(level, passesLevel(user, level), enrolment?.source ?? null);
  // A paid course may also be bought on its own (to keep, for a learner whose plan ended).
  const buy = () =>
    course.price_cents > 0
      ? [h('p', { className: 'text-sm muted' }, 'Or buy this course on its own'), h('p', { className: 'course-price course-price-lg' }, formatCents(course.price_cents)), purchaseSlot(course)]
      : [];
  if (state.step === 'enrolled') {
    if (access !== 'plan_ended') return null;
    return [planEndedNotice(feature, enrolment ? learnerAction(enrolment).certificateHref : null), ...buy()];
  }
  if (access === 'plan_required') return [coursePlanGate(feature), ...buy()];
  const busy = state.step === 'enrolling';
  return [
    includedLine(),
    h('p', null, 'Your plan includes this course: enrol to open its lessons, track your progress and earn the certificate. No purchase is needed.'),
    h(
      'p',
      { className: 'cluster' },
      h('button', { type: 'button', className: 'btn btn-primary btn-lg', disabled: busy, 'aria-busy': busy ? 'true' : null, onclick: () => void enrol(course) }, busy ? 'Enrolling...' : 'Enrol'),
    ),
  ];
}

function actions(state: LearnerState, start: () => void, user: User | null): HTMLElement[] {
  const planned = planActions(state, user);
  if (planned) return planned;
  switch (state.step) {
    case 'open':
    case 'enrolling': {
      const course = state.course;
      // A paid course is bought (Add to Cart or Buy now); self-enrolment stays refused (402).
      if (course.price_cents > 0) return [h('p', null, PURCHASE_PITCH), purchaseSlot(course)];
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
 * The enrol page's actions for a signed-in learner (islands/enroll-course.ts loads this for a
 * session): Continue (or Review, with the certificate) when enrolled, Enrol for a free course
 * (enrolling on click), or Add to Cart / Buy now for a paid one. Writes nothing on load.
 */
export function mountLearnerActions(root: HTMLElement, course: CatalogCourse): void {
  const heading = root.querySelector<HTMLElement>('[data-enrol-heading]')!;
  const price = root.querySelector<HTMLElement>('[data-course-price]');
  const slot = root.querySelector<HTMLElement>('[data-enrol-actions]')!;
  let user: User | null = null;
  const start = () =>
    void loadUser()
      .catch(() => null)
      .then((found) => {
        user = found;
        return found ? startEnrolmentFor(course, found) : undefined;
      });
  wireRenderedGates(root);

  let focusNext = false;
  $enrol.listen((state) => {
    if (state.step !== 'open' && state.step !== 'enrolling' && state.step !== 'enrolled' && state.step !== 'error') return;
    const enrolled = state.step === 'enrolled';
    heading.textContent = enrolled ? course.title : `Enrol in ${course.title}`;
    if (price) price.hidden = enrolled;
    slot.replaceChildren(...actions(state, start, user));
    // After enrolling, the button the learner pressed is gone: move focus to Continue.
    if (focusNext && enrolled) slot.querySelector<HTMLElement>('a.btn-primary')?.focus();
    focusNext = state.step === 'enrolling';
  });
  start();
}
