import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { markNoStore } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { sessionParamSchema, testCardSchema } from '../schemas/payments.ts';
import { getPaymentProvider } from '../services/payments/index.ts';
import { dismissPendingPayment, listPendingPayments, PENDING_DISMISSED } from '../services/payments/pending.ts';
import { payTestSession, testCheckoutView } from '../services/payments/test-checkout.ts';
import { receiveWebhook } from '../services/payments/dispatch.ts';

/** Payments (decision 0024): the mode, pending payments, the webhook, the test provider's hosted page. */
export const paymentsRoutes = new Hono<AppContext>()
  .get('/payments/mode', (c) => {
    markNoStore(c);
    const provider = getPaymentProvider(c.get('platform')).name;
    return c.json({ provider, testMode: provider === 'test', currency: 'usd' as const }, 200);
  })
  .get('/payments/pending', requireUser, async (c) => {
    return c.json({ pendingPayments: await listPendingPayments(c.get('platform'), signedInUser(c).id) }, 200);
  })
  .delete('/payments/pending/:id', requireUser, validate('param', idParamSchema), async (c) => {
    await dismissPendingPayment(c.get('platform'), signedInUser(c).id, c.req.valid('param').id);
    return c.json({ message: PENDING_DISMISSED }, 200);
  })
  /** Stripe's (or the test provider's) signed events: verified over the raw body, handled exactly once. */
  .post('/payments/webhook', async (c) => {
    const platform = c.get('platform');
    const payload = await c.req.text();
    const handled = await receiveWebhook(platform, getPaymentProvider(platform), payload, c.req.header('stripe-signature') ?? null);
    return c.json({ received: true as const, outcome: handled.outcome }, 200);
  })
  .get('/payments/test-checkout/:sessionId', requireUser, validate('param', sessionParamSchema), async (c) => {
    return c.json(await testCheckoutView(c.get('platform'), signedInUser(c).id, c.req.valid('param').sessionId), 200);
  })
  .post('/payments/test-checkout/:sessionId/pay', requireUser, validate('param', sessionParamSchema), validate('json', testCardSchema), async (c) => {
    const result = await payTestSession(c.get('platform'), signedInUser(c).id, c.req.valid('param').sessionId, c.req.valid('json'));
    return c.json(result, 200);
  });
