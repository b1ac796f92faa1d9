import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { couponGuessLimit, RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { checkoutSchema, quoteSchema, sessionBodySchema, simpleCheckoutSchema } from '../schemas/payments.ts';
import { quoteCheckout, startCheckout } from '../services/payments/checkout.ts';
import { startGuestCheckout, quoteForGuest } from '../services/payments/guest-checkout.ts';
import { cancelCheckout, confirmCheckout } from '../services/payments/pending.ts';
import { recordSessionClient } from '../services/sessions.ts';
import { switchedOn } from '../services/settings.ts';
import { guestCheckoutSchema, guestQuoteSchema, receiptEmailSchema } from '../../../shared/payments/guest-checkout.ts';
import { saveReceiptEmail } from '../services/payments/receipt-email.ts';
import { sessionClientOf } from './account.ts';

/**
 * Checkout (decision 0024). A signed-in buyer pays the server cart or one item; a visitor pays
 * with an email and a name, and the account is made with the order (decision 0065), under the
 * same switch and per-address limit as sign-up. Prices come from the database. Failed coupon
 * codes are limited per account and per address (decision 0060), a visitor's per address.
 */
export const checkoutRoutes = new Hono<AppContext>()
  .post('/checkout/quote', requireUser, validate('json', quoteSchema), couponGuessLimit(), async (c) => {
    return c.json(await quoteCheckout(c.get('platform'), signedInUser(c).id, c.req.valid('json')), 200);
  })
  .post('/checkout/guest/quote', validate('json', guestQuoteSchema), couponGuessLimit(), async (c) => {
    return c.json(await quoteForGuest(c.get('platform'), c.req.valid('json')), 200);
  })
  .post('/checkout/guest', switchedOn('registrations_open'), rateLimit(RATE_LIMITS.newAccounts), validate('json', guestCheckoutSchema), couponGuessLimit(), async (c) => {
    const platform = c.get('platform');
    const started = await startGuestCheckout(platform, c.req.valid('json'), new URL(c.req.url).origin);
    await recordSessionClient(platform.db, started.access_token, sessionClientOf(c));
    return c.json(started, 201);
  })
  .post('/checkout', requireUser, validate('json', checkoutSchema), couponGuessLimit(), async (c) => {
    const started = await startCheckout(c.get('platform'), signedInUser(c).id, c.req.valid('json'), new URL(c.req.url).origin);
    return c.json(started, 201);
  })
  .post('/simple-checkout', requireUser, validate('json', simpleCheckoutSchema), couponGuessLimit(), async (c) => {
    const { type, itemId, quantity, couponCode } = c.req.valid('json');
    const started = await startCheckout(
      c.get('platform'),
      signedInUser(c).id,
      { couponCode, items: [{ type, itemId, quantity }] },
      new URL(c.req.url).origin,
    );
    return c.json(started, 201);
  })
  .post('/checkout/confirm', requireUser, validate('json', sessionBodySchema), async (c) => {
    return c.json({ order: await confirmCheckout(c.get('platform'), signedInUser(c).id, c.req.valid('json').sessionId) }, 200);
  })
  .post('/checkout/receipt-email', requireUser, validate('json', receiptEmailSchema), async (c) => {
    const { sessionId, email } = c.req.valid('json');
    return c.json(await saveReceiptEmail(c.get('platform'), signedInUser(c).id, sessionId, email), 200);
  })
  .post('/checkout/cancel', requireUser, validate('json', sessionBodySchema), async (c) => {
    return c.json({ order: await cancelCheckout(c.get('platform'), signedInUser(c).id, c.req.valid('json').sessionId) }, 200);
  });
