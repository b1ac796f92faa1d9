import { courseLevelFeature, FEATURES, passesLevel, unlockingPlan, type FeatureKey, type GateUser } from '../../../worker/src/domain/features.ts';
import { h } from './dom.ts';

/**
 * The premium course gate (decision 0031) of the course and enrol pages: a course that requires a
 * plan (required_level 20 or 30) shows, to anyone whose plan does not reach it, the gate's name and
 * description and an Upgrade Subscription button (a link to the plan's section of /subscription
 * that opens the upgrade-required dialog once the page's script runs) instead of Enrol or Add to Cart.
 */

/** The gate a user meets on a course of this level; null when they pass (admins always do). */
export function courseGateFor(user: GateUser | null, requiredLevel: number): FeatureKey | null {
  const feature = courseLevelFeature(requiredLevel);
  if (!feature || passesLevel(user, requiredLevel)) return null;
  return feature;
}

/** Opens the upgrade-required dialog on a click of a gate's button (the link stays for no script or a modified click). */
export function wireUpgradeButton(button: HTMLElement, feature: FeatureKey): void {
  if (button.dataset.wired) return;
  button.dataset.wired = '1';
  button.addEventListener('click', (event) => {
    if (event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)) return;
    event.preventDefault();
    void import('./upgrade-required-mount.tsx').then(({ openUpgradeRequired }) => openUpgradeRequired(feature));
  });
}

/** The gate's markup, as CourseOverview.astro renders it for the built page. */
export function coursePlanGate(feature: FeatureKey, large = true): HTMLElement {
  const gate = FEATURES[feature];
  const plan = unlockingPlan(feature);
  const button = h(
    'a',
    { className: `btn btn-primary${large ? ' btn-lg' : ''}`, href: `/subscription?tier=${plan.key}`, 'data-upgrade-required': feature },
    'Upgrade Subscription',
  );
  wireUpgradeButton(button, feature);
  return h(
    'div',
    { className: 'course-plan-gate', 'data-plan-gate': feature },
    h('p', { className: 'course-plan-gate-title' }, gate.name),
    h('p', { className: 'muted' }, gate.description),
    h('p', { className: 'cluster' }, button),
  );
}

/** Wires the gate buttons a page was rendered with. */
export function wireRenderedGates(scope: Document | HTMLElement): void {
  for (const button of scope.querySelectorAll<HTMLElement>('[data-upgrade-required]')) {
    const feature = button.dataset.upgradeRequired;
    if (feature && feature in FEATURES) wireUpgradeButton(button, feature as FeatureKey);
  }
}
