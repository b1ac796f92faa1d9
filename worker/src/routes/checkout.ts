import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { couponGuessLimit } from '../middleware/rate-limit.ts';
import { checkoutSchema, quoteSchema, sessionBodySchema, simpleCheckoutSchema } from '../schemas/payments.ts';
import { quoteCheckout, startCheckout } from '../services/payments/checkout.ts';
import { cancelCheckout, confirmCheckout } from '../services/payments/pending.ts';

/**
 * Checkout (decision 0024). Every call needs a signed-in buyer: a guest signs in or
 * creates an account at /checkout first, keeping the cart. Prices come from the database.
 * Failed coupon codes are limited per account and per address (decision 0060).
 */
export const checkoutRoutes = new Hono<AppContext>()
  .post('/checkout/quote', requireUser, validate('json', quoteSchema), couponGuessLimit(), async (c) => {
    return c.json(await quoteCheckout(c.get('platform'), signedInUser(c).id, c.req.valid('json')), 200);
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
  .post('/checkout/cancel', requireUser, validate('json', sessionBodySchema), async (c) => {
    return c.json({ order: await cancelCheckout(c.get('platform'), signedInUser(c).id, c.req.valid('json').sessionId) }, 200);
  });
