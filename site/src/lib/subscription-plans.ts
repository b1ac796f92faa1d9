/**
 * The plans as a visitor chooses between them (decision 0031): the price a card shows
 * for the chosen billing period, and which button each card carries for whom. Used by the public
 * /subscription page (islands/subscription-plans.ts), the upgrade dialog (components/UpgradeDialog.tsx)
 * and the subscribe/upgrade pages. Pure.
 */
import { planOfTier, subscriptionIsActive, SUBSCRIPTION_LEVELS, yearlySavingPercent, type PlanKey, type SubscriptionFields } from '../../../worker/src/domain/subscriptions.ts';
import type { BillingInterval } from '../../../db/schema/subscriptions.ts';
import type { PlanView, SubscriptionView } from '../../../shared/subscriptions/views.ts';
import { formatCents } from './currency.ts';

export type { BillingInterval };

/** What a plan card needs of a plan (a PlanView has all of it). */
export type PlanCardData = Pick<PlanView, 'id' | 'key' | 'name' | 'level' | 'description' | 'monthly_price_cents' | 'yearly_price_cents' | 'features'>;

export function isInterval(value: unknown): value is BillingInterval {
  return value === 'month' || value === 'year';
}

/** The interval an address asks for (`interval=year`), monthly otherwise. */
export function intervalOf(value: string | null | undefined): BillingInterval {
  return value === 'year' || value === 'yearly' ? 'year' : 'month';
}

/**
 * The plan `?tier=` preselects (the tier-to-plan mapping: NOBILITY → educator, IMPERIAL → premium, …), or null
 * when the address names none. An unknown tier counts as free.
 */
export function preselectedPlan(tier: string | null | undefined): PlanKey | null {
  if (tier == null || tier.trim() === '') return null;
  return planOfTier(tier);
}

/** The plan's price for an interval, in cents. */
export function priceCents(plan: PlanCardData, interval: BillingInterval): number {
  return interval === 'year' ? plan.yearly_price_cents : plan.monthly_price_cents;
}

/** "$29" for whole dollars, "$29.50" otherwise; "$0" for a free plan. */
export function planPrice(cents: number): string {
  return formatCents(cents, { decimals: cents % 100 === 0 ? 0 : 2 });
}

/** "/month" or "/year". */
export function perInterval(interval: BillingInterval): string {
  return interval === 'year' ? '/year' : '/month';
}

/**
 * The real saving of a yearly payment (about 17 % against twelve months, while the toggle
 * says 'Save 25%'; both readings stand): "Save $58 a year (17%)", or null for a free plan or none.
 */
export function yearlySavingLine(plan: PlanCardData): string | null {
  const twelve = plan.monthly_price_cents * 12;
  const saved = twelve - plan.yearly_price_cents;
  if (plan.monthly_price_cents <= 0 || saved <= 0) return null;
  return `Save ${planPrice(saved)} a year (${yearlySavingPercent(plan.monthly_price_cents, plan.yearly_price_cents)}%)`;
}

/** Paid plans only, ordered by level. */
export function byLevel<T extends Pick<PlanView, 'level'>>(plans: readonly T[]): T[] {
  return [...plans].sort((a, b) => a.level - b.level);
}

/** The rows of the comparison table: every feature text, in the order the plans list them. */
export function comparisonRows(plans: readonly Pick<PlanView, 'features'>[]): { text: string; included: boolean[] }[] {
  const texts: string[] = [];
  for (const plan of plans) for (const f of plan.features) if (!texts.includes(f.text)) texts.push(f.text);
  return texts.map((text) => ({ text, included: plans.map((p) => p.features.some((f) => f.text === text && f.included)) }));
}

// ---------------------------------------------------------------------------------------------
// Who the visitor is, as far as the plans are concerned

export interface PlanViewer {
  signedIn: boolean;
  /** The plan of the current subscription (active or trialing, not past its end), else free. */
  current: PlanKey;
  currentLevel: number;
  /** A current subscription exists: higher plans are upgrades, not new checkouts. */
  subscribed: boolean;
  /** The account had a trial already (one per account): a new checkout is 'Subscribe'. */
  trialUsed: boolean;
  /** The current subscription's interval, when there is one. */
  interval: BillingInterval | null;
}

export const GUEST: PlanViewer = { signedIn: false, current: 'free', currentLevel: 0, subscribed: false, trialUsed: false, interval: null };

/** The current subscription of a list (GET /api/subscriptions/user): the highest current one. */
export function currentSubscription(list: readonly SubscriptionView[] | null | undefined): SubscriptionView | null {
  const current = (list ?? []).filter((s) => s.is_active);
  current.sort((a, b) => b.plan.level - a.plan.level);
  return current[0] ?? null;
}

/**
 * The signed-in visitor's standing: the current subscription from their list; without one, the
 * user's own subscription fields (a tier kept on the account), which count only while current.
 */
export function viewerOf(user: SubscriptionFields | null, list: readonly SubscriptionView[] | null | undefined): PlanViewer {
  if (!user) return GUEST;
  const sub = currentSubscription(list);
  const trialUsed = (list ?? []).some((s) => s.trial_start !== null || s.trial_end !== null);
  if (sub) return { signedIn: true, current: sub.plan.tier, currentLevel: sub.plan.level, subscribed: true, trialUsed, interval: sub.interval };
  if (subscriptionIsActive(user)) {
    const current = planOfTier(user.subscription_tier);
    if (current !== 'free') return { signedIn: true, current, currentLevel: SUBSCRIPTION_LEVELS[current], subscribed: true, trialUsed, interval: null };
  }
  return { signedIn: true, current: 'free', currentLevel: 0, subscribed: false, trialUsed, interval: null };
}

export type PlanAction =
  /** A guest: sign in (or create an account) first, then come back to this plan's checkout. */
  | 'sign-in'
  /** The free plan for a guest: create an account. */
  | 'register'
  /** A free account: checkout with the 14-day trial. */
  | 'trial'
  /** A free account that had its trial: checkout, paid from today. */
  | 'subscribe'
  /** A subscriber choosing a higher plan: /subscription/upgrade. */
  | 'upgrade'
  /** The plan the visitor has (disabled). */
  | 'current'
  /** Below the visitor's plan (disabled: an upgrade only goes to a higher level; downgrades are in Manage Subscription). */
  | 'lower';

export interface PlanButton {
  action: PlanAction;
  label: string;
  disabled: boolean;
}

const LABELS: Record<PlanAction, string> = {
  'sign-in': 'Start free trial',
  register: 'Get started free',
  trial: 'Start free trial',
  subscribe: 'Subscribe',
  upgrade: 'Upgrade',
  current: 'Current plan',
  lower: 'Included in your plan',
};

/** Which button a plan's card shows to a visitor (only plans above the current level can be chosen). */
export function planButton(viewer: PlanViewer, plan: Pick<PlanView, 'key' | 'level'>): PlanButton {
  const make = (action: PlanAction): PlanButton => ({ action, label: LABELS[action], disabled: action === 'current' || action === 'lower' });
  if (!viewer.signedIn) return make(plan.level <= 0 ? 'register' : 'sign-in');
  if (plan.key === viewer.current) return make('current');
  if (plan.level <= viewer.currentLevel) return make('lower');
  if (viewer.subscribed) return make('upgrade');
  return make(viewer.trialUsed ? 'subscribe' : 'trial');
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** Where a plan is chosen for checkout: the page resumes it after sign-in (decision 0031). */
export function choosePlanPath(plan: PlanKey, interval: BillingInterval): string {
  return `/subscription?tier=${plan}&interval=${interval}&checkout=1`;
}

/** Sign in, then back to the plan's checkout. */
export function signInForPlanPath(plan: PlanKey, interval: BillingInterval): string {
  return `/auth?redirect=${encodeURIComponent(choosePlanPath(plan, interval))}`;
}

export function upgradePath(plan: PlanKey, interval: BillingInterval): string {
  return `/subscription/upgrade?plan=${plan}&interval=${interval}`;
}

/** GET /api/subscriptions/checkout's query: the plan, the interval and the price the visitor saw, in dollars. */
export function checkoutQuery(plan: PlanCardData, interval: BillingInterval): string {
  const price = priceCents(plan, interval) / 100;
  return `plan=${plan.key}&interval=${interval}&price=${price}`;
}
