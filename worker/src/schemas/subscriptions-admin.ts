import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_KEYS, SUBSCRIPTION_STATUSES } from '../../../db/schema/subscriptions.ts';
import {
  MONTHLY_PRICE_MAX_CENTS,
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_TEXT_MAX,
  PLAN_FEATURES_MAX,
  PLAN_FEATURES_MIN,
  PLAN_NAME_MAX,
  YEARLY_PRICE_MAX_CENTS,
} from '../domain/plan-rules.ts';
import { choiceQuery, keysetPageQuery, searchQuery } from './users.ts';
import { multiLine, singleLine } from './text.ts';

/** The API's schemas of the plans and subscriptions admin (the rules: domain/plan-rules.ts). */


const priceSchema = (label: string, max: number, maxText: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${maxText}`);

export const planFields = {
  name: singleLine(z.string({ error: 'Name must be text' }).trim().min(1, 'Name is required').max(PLAN_NAME_MAX, `Name must be at most ${PLAN_NAME_MAX} characters`)),
  description: multiLine(
    z
      .string({ error: 'Description must be text' })
      .trim()
      .max(PLAN_DESCRIPTION_MAX, `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`),
  ),
  monthlyPriceCents: priceSchema('Monthly price', MONTHLY_PRICE_MAX_CENTS, '$10,000.00'),
  yearlyPriceCents: priceSchema('Yearly price', YEARLY_PRICE_MAX_CENTS, '$120,000.00'),
  features: z
    .array(
      z.object({
        text: singleLine(
          z
            .string({ error: 'A feature must be text' })
            .trim()
            .min(1, 'A feature needs its text')
            .max(PLAN_FEATURE_TEXT_MAX, `A feature must be at most ${PLAN_FEATURE_TEXT_MAX} characters`),
        ),
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

/** GET /api/admin/subscriptions: plan by key, status as the provider names it, search, page. */
export const adminSubscriptionsFiltersSchema = z.object({
  plan: choiceQuery(PLAN_KEYS, 'Unknown plan'),
  status: choiceQuery(SUBSCRIPTION_STATUSES, 'Unknown status'),
  interval: choiceQuery(BILLING_INTERVALS, 'Unknown interval'),
  q: searchQuery,
});
export const adminSubscriptionsQuerySchema = adminSubscriptionsFiltersSchema.and(keysetPageQuery(20));

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
