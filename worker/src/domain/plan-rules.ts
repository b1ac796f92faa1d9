/**
 * The rules of a plan an admin edits at /admin/subscription-plans (decision 0031), shared by the
 * API (PATCH /api/admin/subscription-plans/{id}) and the page's form, with their messages.
 *
 * Prices are integer cents. A paid plan costs at least $1.00 a month and a year (Stripe charges
 * no less than $0.50; a paid plan at $0 would be a second free plan), at most $10,000.00 a month
 * and $120,000.00 a year, and the yearly price may not exceed twelve monthly payments: yearly is
 * sold as the cheaper way to pay (the toggle says "Save 25%"). The Free plan's prices stay $0 and it cannot
 * be deactivated (everyone without a subscription is on it). A deactivated paid plan is no longer
 * offered; its running subscriptions go on until they end or change plan.
 */
export const PLAN_NAME_MAX = 40;
export const PLAN_DESCRIPTION_MAX = 300;
export const PLAN_FEATURES_MIN = 1;
export const PLAN_FEATURES_MAX = 20;
export const PLAN_FEATURE_TEXT_MAX = 120;
export const PAID_PLAN_MIN_CENTS = 100;
export const MONTHLY_PRICE_MAX_CENTS = 1_000_000;
export const YEARLY_PRICE_MAX_CENTS = 12_000_000;

export const FREE_PLAN_PRICE = 'The Free plan’s prices stay $0.00.';
export const FREE_PLAN_ACTIVE = 'The Free plan cannot be deactivated.';
export const PAID_PLAN_MINIMUM = 'A paid plan’s price must be at least $1.00.';
export const YEARLY_ABOVE_TWELVE_MONTHS = 'The yearly price cannot be more than 12 monthly payments.';
export const NOTHING_TO_CHANGE = 'Nothing to change.';

/**
 * The rules that span fields, checked on the whole plan after a change is merged into it: the
 * field → message map of the problems (empty when the plan is fine).
 */
export function planProblems(plan: { key: string; monthlyPriceCents: number; yearlyPriceCents: number; active: boolean }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (plan.key === 'free') {
    if (plan.monthlyPriceCents !== 0) errors.monthlyPriceCents = [FREE_PLAN_PRICE];
    if (plan.yearlyPriceCents !== 0) errors.yearlyPriceCents = [FREE_PLAN_PRICE];
    if (!plan.active) errors.active = [FREE_PLAN_ACTIVE];
    return errors;
  }
  if (plan.monthlyPriceCents < PAID_PLAN_MIN_CENTS) errors.monthlyPriceCents = [PAID_PLAN_MINIMUM];
  if (plan.yearlyPriceCents < PAID_PLAN_MIN_CENTS) errors.yearlyPriceCents = [PAID_PLAN_MINIMUM];
  else if (plan.yearlyPriceCents > 12 * plan.monthlyPriceCents) errors.yearlyPriceCents = [YEARLY_ABOVE_TWELVE_MONTHS];
  return errors;
}

