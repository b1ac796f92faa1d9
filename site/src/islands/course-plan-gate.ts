import { courseLevelFeature, FEATURES, passesLevel, planForLevel, unlockingPlan, type FeatureKey, type GateUser } from '../../../worker/src/domain/features.ts';
import { PLAN_NAMES, type PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import { INCLUDED_IN_PLAN_LABEL, PLAN_ENDED_MESSAGE } from '../../../shared/course-plan-access.ts';
import { formatCents } from '../lib/currency.ts';
import { h } from './dom.ts';

/**
 * The plan side of a course that requires a plan (decision 0063) on the course and enrol pages:
 * the plan that includes it comes first (its name, its price from the plans, Upgrade Subscription,
 * which opens the upgrade dialog in place), the course's own price second where it has one. A
 * subscriber whose plan reaches it sees "Included in your plan" and enrols without a cart; an
 * enrolled learner whose plan ended is told so, with the way back.
 */

/** The gate a user meets on a course of this level; null when they pass (admins always do). */
export function courseGateFor(user: GateUser | null, requiredLevel: number): FeatureKey | null {
  const feature = courseLevelFeature(requiredLevel);
  if (!feature || passesLevel(user, requiredLevel)) return null;
  return feature;
}

const UPGRADE_HASH = /^#upgrade=(\w+)$/;

/** Opens the upgrade dialog on a click of a gate's button (the link stays for no script or a modified click). */
export function wireUpgradeButton(button: HTMLElement, feature: FeatureKey | null, plan?: PlanKey): void {
  if (button.dataset.wired) return;
  button.dataset.wired = '1';
  button.addEventListener('click', (event) => {
    if (event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)) return;
    event.preventDefault();
    void import('./upgrade-required-mount.tsx').then((m) => (feature ? m.openUpgradeRequired(feature) : m.openUpgradeDialog(plan)));
  });
}

/** "Included in Premium", with "— from $29/month" once the plans are read. */
function includedInTitle(feature: FeatureKey): HTMLElement {
  const plan = unlockingPlan(feature);
  return h('p', { className: 'course-plan-gate-title' }, `Included in ${plan.name}`, h('span', { 'data-plan-from': plan.key }));
}

/** The gate's markup, as CourseOverview.astro renders it for the built page. */
export function coursePlanGate(feature: FeatureKey, large = true): HTMLElement {
  const plan = unlockingPlan(feature);
  const button = h(
    'a',
    { className: `btn btn-primary${large ? ' btn-lg' : ''}`, href: `/subscription?tier=${plan.key}`, 'data-upgrade-required': feature },
    'Upgrade Subscription',
  );
  wireUpgradeButton(button, feature);
  const gate = h(
    'div',
    { className: 'course-plan-gate', 'data-plan-gate': feature },
    includedInTitle(feature),
    h('p', { className: 'muted' }, FEATURES[feature].description),
    h('p', { className: 'cluster' }, button),
  );
  void fillPlanPrices(gate);
  return gate;
}

/** "Included in your plan", for a subscriber whose plan reaches the course. */
export function includedLine(): HTMLElement {
  return h('p', { className: 'course-included', 'data-included': '' }, h('span', { className: 'badge badge-success' }, INCLUDED_IN_PLAN_LABEL));
}

/**
 * An enrolled learner whose plan no longer includes the course: the lessons are closed, progress
 * and certificates stay, and Renew or upgrade opens the upgrade dialog.
 */
export function planEndedNotice(feature: FeatureKey, certificateHref: string | null): HTMLElement {
  const plan = planForLevel(FEATURES[feature].level);
  const renew = h('a', { className: 'btn btn-primary', href: `/subscription?tier=${plan}` }, `Renew or upgrade to ${PLAN_NAMES[plan]}`);
  wireUpgradeButton(renew, null, plan);
  return h(
    'div',
    { className: 'alert alert-info stack', role: 'status', 'data-plan-ended': feature },
    h('p', { className: 'alert-title' }, 'Your plan has ended'),
    h('p', null, PLAN_ENDED_MESSAGE),
    h('p', { className: 'cluster' }, renew, certificateHref ? h('a', { className: 'btn btn-secondary', href: certificateHref }, 'View certificate') : null),
  );
}

/** The plans' monthly prices beside "Included in …" (public and cached; a failure leaves the name alone). */
export async function fillPlanPrices(scope: Document | HTMLElement): Promise<void> {
  const slots = [...scope.querySelectorAll<HTMLElement>('[data-plan-from]')];
  if (slots.length === 0) return;
  try {
    const res = await fetch('/api/subscriptions/plans', { headers: { accept: 'application/json' } });
    if (!res.ok) return;
    const plans = (await res.json()) as { key: string; monthly_price_cents: number }[];
    for (const slot of slots) {
      const plan = plans.find((p) => p.key === slot.dataset.planFrom);
      if (plan && plan.monthly_price_cents > 0) slot.textContent = ` — from ${formatCents(plan.monthly_price_cents, { decimals: plan.monthly_price_cents % 100 === 0 ? 0 : 2 })}/month`;
    }
  } catch {
    // The plan's name stands alone.
  }
}

/** Wires the gate buttons a page was rendered with, fills the plans' prices, and reopens the dialog after sign-in. */
export function wireRenderedGates(scope: Document | HTMLElement): void {
  for (const button of scope.querySelectorAll<HTMLElement>('[data-upgrade-required]')) {
    const feature = button.dataset.upgradeRequired;
    if (feature && feature in FEATURES) wireUpgradeButton(button, feature as FeatureKey);
  }
  void fillPlanPrices(scope);
  resumeUpgrade();
}

/** Back from signing in with `#upgrade=plan`: the upgrade dialog opens again (once). */
export function resumeUpgrade(): void {
  const match = UPGRADE_HASH.exec(location.hash);
  if (!match) return;
  history.replaceState(history.state, '', location.pathname + location.search);
  const key = match[1]!;
  const plan = key in PLAN_NAMES ? (key as PlanKey) : undefined;
  void import('./upgrade-required-mount.tsx').then((m) => m.openUpgradeDialog(plan));
}
