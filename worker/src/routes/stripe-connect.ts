import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { completeTestOnboarding, connectAccountStatus, startConnectOnboarding, testOnboardingView } from '../services/store/connect.ts';

/**
 * Stripe Connect (Express) onboarding of the payees (payouts.receive: the sellers of decision 0029
 * and the Connect & Book instructors of 0032), and the test
 * provider's simulated onboarding page's two calls (test mode only: 404 with Stripe's keys).
 */
export const stripeConnectRoutes = new Hono<AppContext>()
  .post('/stripe-connect', requirePermission('payouts.receive'), async (c) => {
    return c.json(await startConnectOnboarding(c.get('platform'), signedInUser(c).id, new URL(c.req.url).origin), 200);
  })
  .get('/stripe-connect/account-status', requirePermission('payouts.receive'), async (c) => {
    return c.json(await connectAccountStatus(c.get('platform'), signedInUser(c).id), 200);
  })
  .get('/stripe-connect/test-onboarding', requirePermission('payouts.receive'), async (c) => {
    return c.json(await testOnboardingView(c.get('platform'), signedInUser(c).id), 200);
  })
  .post('/stripe-connect/test-onboarding/complete', requirePermission('payouts.receive'), async (c) => {
    return c.json(await completeTestOnboarding(c.get('platform'), signedInUser(c).id), 200);
  });
