import { learnerAction } from '../lib/enrolment.ts';
import type { MyEnrollment } from '../../../shared/enrolment.ts';
import { loadUser } from '../stores/auth.ts';
import { loadMyEnrolment } from '../stores/enrolment.ts';
import { courseGateFor, wireRenderedGates } from './course-plan-gate.ts';
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
 * The course page's call to action (`[data-course-cta]`, pre-rendered with Enrol): a signed-in,
 * enrolled learner gets Continue or Review instead. Visitors and others keep it as it is. A course
 * that requires a plan was rendered with its gate and the action hidden: the gate stays for anyone
 * whose plan does not reach it (visitors too), and gives way to the action for the others.
 */
export async function showLearnerState(scope: Document | HTMLElement): Promise<void> {
  const cta = scope.querySelector<HTMLElement>('[data-course-cta]');
  const courseId = Number(cta?.dataset.courseId);
  if (!cta || !Number.isInteger(courseId)) return;
  wireRenderedGates(scope);
  const user = await loadUser().catch(() => null);
  const level = Number(cta.dataset.requiredLevel ?? 0);
  if (level > 0) {
    if (courseGateFor(user, level)) return;
    scope.querySelector('[data-plan-gate]')?.remove();
    cta.hidden = false;
  }
  if (!user) return;
  const enrolment = await loadMyEnrolment(courseId).catch(() => null);
  if (!enrolment) return;
  cta.removeAttribute('data-purchase-actions');
  cta.replaceChildren(...learnerActionButtons(enrolment, true));
}
