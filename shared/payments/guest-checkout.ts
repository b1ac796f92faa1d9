import { z } from 'zod';
import { emailSchema, lastNameSchema, NAME_MAX } from '../../worker/src/schemas/auth.ts';
import { checkoutItemSchema, quoteSchema } from '../../worker/src/schemas/payments.ts';
import { singleLine } from '../../worker/src/schemas/text.ts';
import type { UserView } from '../users.ts';
import type { StartedCheckout } from './checkout.ts';

/**
 * Checkout without an account first (decision 0065): the visitor gives an email and a name beside
 * the payment; the account is made with the order and a link to choose its password is emailed.
 */

export const GUEST_EMAIL_TAKEN = 'An account already uses this email. Sign in to check out with it.';
export const GUEST_SET_PASSWORD_DAYS = 7;

const guestItemsSchema = z.array(checkoutItemSchema, { error: 'Choose at least one item' }).min(1, 'Choose at least one item').max(50, 'At most 50 items');

/** A coupon code, as a signed-in buyer's checkout takes it (its guesses limited per address). */
const couponCodeSchema = quoteSchema.shape.couponCode;

/** POST /api/checkout/guest/quote: what a visitor would pay for these items, with a coupon code. */
export const guestQuoteSchema = z.object({ items: guestItemsSchema, couponCode: couponCodeSchema });

/** POST /api/checkout/guest: the order, the new account and where to pay. */
export const guestCheckoutSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(emailSchema)
    .transform((e) => e.toLowerCase()),
  firstName: singleLine(
    z
      .string({ error: 'First name is required' })
      .trim()
      .min(1, 'First name is required')
      .max(NAME_MAX, `First name must be at most ${NAME_MAX} characters`),
  ),
  lastName: lastNameSchema.optional().default(''),
  items: guestItemsSchema,
  couponCode: couponCodeSchema,
});
export type GuestCheckoutInput = z.input<typeof guestCheckoutSchema>;

/** The answer: the new account signed in on this browser, and the order to pay. */
export interface GuestCheckoutStarted extends StartedCheckout {
  access_token: string;
  user: UserView;
  /** Where the link to choose a password went. */
  setPasswordSentTo: string;
}

/** POST /api/checkout/receipt-email: an address for an account that has none, and the order's receipt. */
export const receiptEmailSchema = z.object({
  sessionId: z.string({ error: 'Session id is required' }).trim().min(1, 'Session id is required').max(255, 'Session id is too long').regex(/^cs_[A-Za-z0-9_]+$/, 'Session id is not valid'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(emailSchema)
    .transform((e) => e.toLowerCase()),
});
