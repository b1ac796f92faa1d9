import { learnerAction } from '../lib/enrolment.ts';
import type { MyEnrollment } from '../../../shared/enrolment.ts';
import { loadUser } from '../stores/auth.ts';
import { enrolIncluded, loadMyEnrolment } from '../stores/enrolment.ts';
import { courseLevelFeature, passesLevel } from '../../../worker/src/domain/features.ts';
import { coursePlanAccess } from '../../../shared/course-plan-access.ts';
import { ApiError } from '../lib/api.ts';
import { includedLine, planEndedNotice, wireRenderedGates } from './course-plan-gate.ts';
import { h } from './dom.ts';

/** Continue (or Review with the certificate) for an enrolled learner: the course and enrol pages. */
export function learnerActionButtons(enrolment: MyEnrollment, large = false): HTMLElement[] {
  const action = learnerAction(enrolment);
  return [
    h('a', { className: `btn btn-primary${large ? ' btn-lg' : ''}`, href: action.href }, action.label),
    action.certificateHref && h('a', { className: `btn btn-secondary${large ? ' btn-lg' : ''}`, href: action.certificateHref }, 'View certificate'),
    h('span', { className: 'text-sm muted' }, action.note),
  ].filter((n): n is HTMLAnchorElement | HTMLSpanElement => Boolean(n));
}

/**
 * The course page's call to action (`[data-course-cta]`, pre-rendered with Enrol or the price):
 * a signed-in, enrolled learner gets Continue or Review instead. Visitors and others keep it as it
 * is. A course that requires a plan (decision 0063) was rendered with the plan first and the price
 * second (or the action hidden): that stays for anyone below the level (visitors too); a
 * subscriber whose plan includes it sees "Included in your plan" and Enrol (no cart), a buyer
 * their course, and an enrolled learner whose plan ended is told so, with the way back (and the
 * course's own price, to buy it).
 */
export async function showLearnerState(scope: Document | HTMLElement): Promise<void> {
  const cta = scope.querySelector<HTMLElement>('[data-course-cta]');
  const courseId = Number(cta?.dataset.courseId);
  if (!cta || !Number.isInteger(courseId)) return;
  wireRenderedGates(scope);
  const user = await loadUser().catch(() => null);
  if (!user) return;
  const enrolment = await loadMyEnrolment(courseId).catch(() => null);
  const level = Number(cta.dataset.requiredLevel ?? 0);
  const feature = courseLevelFeature(level);
  if (feature) {
    const access = coursePlanAccess(level, passesLevel(user, level), enrolment?.source ?? null);
    if (access === 'plan_required') return;
    const gate = scope.querySelector('[data-plan-gate]');
    for (const el of scope.querySelectorAll<HTMLElement>('[data-course-buy-note]')) el.hidden = true;
    if (access === 'plan_ended') {
      gate?.replaceWith(planEndedNotice(feature, enrolment ? learnerAction(enrolment).certificateHref : null));
      // A paid course may be bought to keep (its lessons open for good): its price and Add to Cart stay.
      const buyable = cta.hasAttribute('data-purchase-actions');
      for (const el of scope.querySelectorAll<HTMLElement>('[data-course-buy-note]')) el.hidden = !buyable;
      cta.hidden = !buyable;
      return;
    }
    gate?.remove();
    cta.hidden = false;
    cta.removeAttribute('data-purchase-actions');
    if (!enrolment) {
      if (access === 'included') cta.replaceChildren(includedLine(), includedEnrol(cta, courseId));
      return;
    }
    cta.replaceChildren(...(access === 'included' ? [includedLine()] : []), ...learnerActionButtons(enrolment, true));
    return;
  }
  if (!enrolment) return;
  cta.removeAttribute('data-purchase-actions');
  cta.replaceChildren(...learnerActionButtons(enrolment, true));
}

/** Enrol, for a course the learner's plan includes: no cart; then Continue in its place. */
function includedEnrol(cta: HTMLElement, courseId: number): HTMLElement {
  const error = h('span', { className: 'field-error', role: 'alert' });
  const button = h('button', { type: 'button', className: 'btn btn-primary btn-lg', 'data-enrol-included': '' }, 'Enrol');
  button.addEventListener('click', () => {
    if (button.disabled) return;
    button.disabled = true;
    button.textContent = 'Enrolling...';
    error.textContent = '';
    enrolIncluded(courseId)
      .then((enrolment) => {
        if (enrolment) cta.replaceChildren(includedLine(), ...learnerActionButtons(enrolment, true));
        cta.querySelector<HTMLElement>('a.btn-primary')?.focus();
      })
      .catch((err: unknown) => {
        button.disabled = false;
        button.textContent = 'Enrol';
        error.textContent = err instanceof ApiError && err.status > 0 ? err.message : 'Enrolment failed. Please try again.';
      });
  });
  return h('span', { className: 'cluster' }, button, error);
}
