import { z } from 'zod';
import { BILLING_INTERVALS, PLAN_KEYS } from '../../../db/schema/subscriptions.ts';

/** Inputs of the signed-in user's subscription routes (decision 0031). */

export const PLAN_REQUIRED = 'Choose a plan: free, educator, premium or royalty';
export const INTERVAL_REQUIRED = 'Interval must be month or year';

const planSchema = z
  .string({ error: PLAN_REQUIRED })
  .trim()
  .toLowerCase()
  .pipe(z.enum(PLAN_KEYS, { error: PLAN_REQUIRED }));
const intervalSchema = z
  .string({ error: INTERVAL_REQUIRED })
  .trim()
  .toLowerCase()
  .pipe(z.enum(BILLING_INTERVALS, { error: INTERVAL_REQUIRED }));

/** GET /api/subscriptions/checkout?plan=&interval=&price= (price in dollars, as the page showed it). */
export const subscriptionCheckoutQuerySchema = z.object({
  plan: planSchema,
  interval: intervalSchema,
  price: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Price must be an amount in dollars, like 29 or 290.00')
    .transform(Number)
    .optional(),
});

/** GET /api/subscriptions/change/preview?plan=&interval= and POST /api/subscriptions/change. */
export const changeSchema = z.object({ plan: planSchema, interval: intervalSchema });

export const invoiceIdParamSchema = z.object({
  id: z.coerce.number({ error: 'Invoice id must be a number' }).int('Invoice id must be a whole number').positive('Invoice id must be a positive number').max(Number.MAX_SAFE_INTEGER),
});

/** POST /api/subscriptions/test-clock: move a subscription's simulated time by days, or to a date. */
export const testClockSchema = z
  .object({
    subscriptionId: z.number({ error: 'Subscription id must be a number' }).int('Subscription id must be a whole number').positive('Subscription id must be a positive number').optional(),
    days: z.number({ error: 'Days must be a number' }).positive('Days must be more than 0').max(3660, 'Days must be at most 3660').optional(),
    to: z.iso.datetime({ error: 'To must be a date and time (ISO 8601)', offset: true }).optional(),
  })
  .refine((v) => (v.days === undefined) !== (v.to === undefined), { message: 'Give either days or to', path: ['days'] });
