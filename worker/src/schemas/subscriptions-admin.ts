import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_KEYS, SUBSCRIPTION_STATUSES } from '../../../db/schema/subscriptions.ts';
import { pageQuery, pageSizeQuery } from './users.ts';

/**
 * The rules of a plan an admin edits at /admin/subscription-plans (decision 0031), shared by the
 * API (PATCH /api/admin/subscription-plans/{id}) and the page's form, with their messages.
 *
 * Prices are integer cents. A paid plan costs at least $1.00 a month and a year (Stripe charges
 * no less than $0.50; a paid plan at $0 would be a second free plan), at most $10,000.00 a month
 * and $120,000.00 a year, and the yearly price may not exceed twelve monthly payments: yearly is
 * sold as the cheaper way to pay ("Save 25%", §2.7). The Free plan's prices stay $0 and it cannot
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

const priceSchema = (label: string, max: number, maxText: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${maxText}`);

export const planFields = {
  name: z.string({ error: 'Name must be text' }).trim().min(1, 'Name is required').max(PLAN_NAME_MAX, `Name must be at most ${PLAN_NAME_MAX} characters`),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(PLAN_DESCRIPTION_MAX, `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`),
  monthlyPriceCents: priceSchema('Monthly price', MONTHLY_PRICE_MAX_CENTS, '$10,000.00'),
  yearlyPriceCents: priceSchema('Yearly price', YEARLY_PRICE_MAX_CENTS, '$120,000.00'),
  features: z
    .array(
      z.object({
        text: z
          .string({ error: 'A feature must be text' })
          .trim()
          .min(1, 'A feature needs its text')
          .max(PLAN_FEATURE_TEXT_MAX, `A feature must be at most ${PLAN_FEATURE_TEXT_MAX} characters`),
        included: z.boolean({ error: 'included must be true or false' }),
      }),
      { error: 'Features must be a list' },
    )
    .min(PLAN_FEATURES_MIN, 'A plan needs at least one feature')
    .max(PLAN_FEATURES_MAX, `A plan has at most ${PLAN_FEATURES_MAX} features`),
  active: z.boolean({ error: 'active must be true or false' }),
};

export type PlanChanges = Partial<{
  [K in keyof typeof planFields]: z.output<(typeof planFields)[K]>;
}>;

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

/** GET /api/admin/subscriptions: plan by key, status as the provider names it, search, page. */
export const adminSubscriptionsQuerySchema = z.object({
  plan: z
    .enum([...PLAN_KEYS, ''], { error: 'Unknown plan' })
    .optional()
    .transform((v) => v || undefined),
  status: z
    .enum([...SUBSCRIPTION_STATUSES, ''], { error: 'Unknown status' })
    .optional()
    .transform((v) => v || undefined),
  interval: z
    .enum([...BILLING_INTERVALS, ''], { error: 'Unknown interval' })
    .optional()
    .transform((v) => v || undefined),
  q: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((v) => v || undefined),
  page: pageQuery,
  pageSize: pageSizeQuery(20),
});

export type AdminSubscriptionsQuery = z.output<typeof adminSubscriptionsQuerySchema>;

/** POST /api/admin/subscriptions/{id}/cancel. */
export const adminCancelSchema = z.object({
  atPeriodEnd: z.boolean({ error: 'atPeriodEnd must be true or false' }),
});

/** POST /api/admin/subscriptions/{id}/refund: an invoice (default: the newest paid), an amount (default: all that is left), and whether to cancel at once. */
export const adminRefundSchema = z.object({
  invoiceId: z.number({ error: 'Invalid invoice' }).int('Invalid invoice').positive('Invalid invoice').optional(),
  amountCents: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be whole cents')
    .min(1, 'Amount must be greater than 0')
    .max(YEARLY_PRICE_MAX_CENTS, 'Amount is too large')
    .optional(),
  cancel: z.boolean({ error: 'cancel must be true or false' }).optional(),
});
