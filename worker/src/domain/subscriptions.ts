/** Subscription levels: what each plan unlocks (a gate of level N opens for plans of level N or more). */
export const SUBSCRIPTION_LEVELS = { free: 0, educator: 10, premium: 20, royalty: 30 } as const;

export type PlanKey = keyof typeof SUBSCRIPTION_LEVELS;

/**
 * The tier mapping: which plan each tier name counts as. Tiers arrive from older plans and sellers' and directory products;
 * each counts as one of the four plans.
 */
export const TIER_TO_PLAN: Readonly<Record<string, PlanKey>> = {
  NOBILITY: 'educator',
  IMPERIAL: 'premium',
  ROYAL: 'royalty',
  basic_seller: 'educator',
  premium_seller: 'educator',
  basic_directory: 'free',
  premium_directory: 'premium',
  annual_access: 'premium',
  quarterly_access: 'premium',
  monthly_access: 'premium',
};

/** The default message of a gated feature, fixed word for word. */
export const FEATURE_GATE_DEFAULT_MESSAGE = 'This feature requires a higher subscription level.';

const byLowerCase = new Map<string, PlanKey>([
  ...Object.keys(SUBSCRIPTION_LEVELS).map((k) => [k, k as PlanKey] as const),
  ...Object.entries(TIER_TO_PLAN).map(([tier, plan]) => [tier.toLowerCase(), plan] as const),
]);

/**
 * The plan a tier counts as. Plan names map to themselves; the mapping is matched without regard
 * to case because tiers are written both ways (NOBILITY, basic_seller). Unknown or missing: free.
 */
export function planOfTier(tier: string | null | undefined): PlanKey {
  if (!tier) return 'free';
  return byLowerCase.get(tier.trim().toLowerCase()) ?? 'free';
}

/** The access level of a tier: free 0, educator 10, premium 20, royalty 30. */
export function tierLevel(tier: string | null | undefined): number {
  return SUBSCRIPTION_LEVELS[planOfTier(tier)];
}

/** A gated feature shows only if the user's level is at least the required level. */
export function hasFeatureAccess(level: number, required: number): boolean {
  return level >= required;
}

/** The display names of the four plans. */
export const PLAN_NAMES: Readonly<Record<PlanKey, string>> = { free: 'Free', educator: 'Educator', premium: 'Premium', royalty: 'Royalty' };

/** Days of free trial a first subscription starts with: one trial per account. */
export const TRIAL_DAYS = 14;

/** The yearly toggle's label, word for word (the real saving against 12 months is about 17 %; both readings stand). */
export const YEARLY_TOGGLE_LABEL = 'Save 25%';

/** The line under the plans in the upgrade dialog and on /subscription, word for word. */
export const TRIAL_LINE = 'All plans include 14-day free trial • Cancel anytime • Secure payment with a card payment provider';

/** The toast when a cancellation fails, word for word. */
export const CANCELLATION_FAILED = { title: 'Cancellation Failed', message: 'Failed to cancel subscription. Please try again.' } as const;

/** The real yearly saving against twelve monthly payments, in whole percent (29 → 290: 17). */
export function yearlySavingPercent(monthlyCents: number, yearlyCents: number): number {
  if (monthlyCents <= 0) return 0;
  return Math.max(0, Math.round((1 - yearlyCents / (12 * monthlyCents)) * 100));
}

/** Statuses that count as the current subscription when is_active. */
export const CURRENT_STATUSES: readonly string[] = ['active', 'trialing'];

/** The subscription fields of a user (as /api/me answers them) that access is decided from. */
export interface SubscriptionFields {
  subscription_tier?: string | null;
  subscription_status?: string | null;
  subscription_expires_at?: string | null;
}

/**
 * Whether the user's subscription is current (decision 0031): status active or trialing, and not
 * past the date it ends (`subscription_expires_at` is set only once the subscription will not
 * renew: cancelled at the period end, or ended). A tier without a status (an imported or older
 * tier) is not current.
 */
export function subscriptionIsActive(user: SubscriptionFields, now: number = Date.now()): boolean {
  const status = (user.subscription_status ?? '').toLowerCase();
  if (!CURRENT_STATUSES.includes(status)) return false;
  const ends = user.subscription_expires_at ? Date.parse(user.subscription_expires_at) : NaN;
  return Number.isNaN(ends) || ends > now;
}

/** The level a user's plan gives: the tier's level while the subscription is current, else 0. */
export function subscriptionLevel(user: SubscriptionFields, now: number = Date.now()): number {
  return subscriptionIsActive(user, now) ? tierLevel(user.subscription_tier) : 0;
}

/**
 * Proration of a change in the middle of a period (decision 0031), the way Stripe prorates by
 * time: credit for the unused part of the old price, charge for the rest of the period at the new
 * price. Answers the amount due now in cents (never below 0: a credit is not paid out). Inside a
 * trial nothing is charged.
 */
export function prorationCents(input: { oldPriceCents: number; newPriceCents: number; periodStart: number; periodEnd: number; now: number; trialing?: boolean }): {
  creditCents: number;
  chargeCents: number;
  dueCents: number;
} {
  const { oldPriceCents, newPriceCents, periodStart, periodEnd, now } = input;
  if (input.trialing || periodEnd <= periodStart) return { creditCents: 0, chargeCents: 0, dueCents: 0 };
  const remaining = Math.min(1, Math.max(0, (periodEnd - now) / (periodEnd - periodStart)));
  const creditCents = Math.round(oldPriceCents * remaining);
  const chargeCents = Math.round(newPriceCents * remaining);
  return { creditCents, chargeCents, dueCents: Math.max(0, chargeCents - creditCents) };
}
