import { z } from 'zod';
import { ITEM_KINDS } from '../../../db/schema/commerce.ts';
import { singleLine } from './text.ts';

/** Inputs of checkout and the payment routes (decision 0024). */

/** COURSE, RESOURCE, ...; 'course' (as the browser's guest cart writes it) is read the same. */
const itemTypeSchema = z
  .string({ error: 'Type is required' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(ITEM_KINDS, { error: 'Type must be COURSE, RESOURCE, SUBSCRIPTION or BOOKING' }));

const itemIdSchema = z
  .number({ error: 'Item id is required' })
  .int('Item id must be a whole number')
  .positive('Item id must be a positive number')
  .max(Number.MAX_SAFE_INTEGER, 'Item id is too large');

const couponCodeSchema = singleLine(z.string({ error: 'Coupon code must be text' }).trim().max(64, 'Coupon code is too long')).optional();

export const checkoutItemSchema = z.object({
  type: itemTypeSchema,
  itemId: itemIdSchema,
  quantity: z.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(99, 'Quantity must be at most 99').optional(),
});

/** POST /api/checkout/quote: the server cart, or the given items (Buy now). */
export const quoteSchema = z.object({
  couponCode: couponCodeSchema,
  items: z.array(checkoutItemSchema).min(1, 'Choose at least one item').max(50, 'At most 50 items').optional(),
});

/** POST /api/checkout: from the server cart. */
export const checkoutSchema = z.object({ couponCode: couponCodeSchema });

/** POST /api/simple-checkout: one item bought directly. */
export const simpleCheckoutSchema = z.object({
  type: itemTypeSchema,
  itemId: itemIdSchema,
  quantity: checkoutItemSchema.shape.quantity,
  couponCode: couponCodeSchema,
});

const sessionIdSchema = z
  .string({ error: 'Session id is required' })
  .trim()
  .min(1, 'Session id is required')
  .max(255, 'Session id is too long')
  .regex(/^cs_[A-Za-z0-9_]+$/, 'Session id is not valid');

export const sessionBodySchema = z.object({ sessionId: sessionIdSchema });
export const sessionParamSchema = z.object({ sessionId: sessionIdSchema });

/** POST /api/payments/test-checkout/:sessionId/pay (the test provider's card form). */
export const testCardSchema = z.object({
  cardNumber: z.string({ error: 'Card number is required' }).trim().min(1, 'Card number is required').max(32, 'Your card number is invalid.'),
  expiry: z.string({ error: 'Expiry is required' }).trim().min(1, 'Expiry is required').max(10, "Your card's expiration date is incomplete."),
  cvc: z.string({ error: 'Security code is required' }).trim().min(1, 'Security code is required').max(8, "Your card's security code is invalid."),
  name: singleLine(z.string({ error: 'Name on card must be text' }).trim().max(200, 'Name on card is too long')).optional().default(''),
});
