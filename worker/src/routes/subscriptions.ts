import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import { sameOriginUrl } from '../domain/redirect-target.ts';
import { AppError } from '../http/errors.ts';
import { cachePublic } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { optionalUser, requireUser, signedInUser } from '../middleware/auth.ts';
import { changeSchema, invoiceIdParamSchema, subscriptionCheckoutQuerySchema, testClockSchema } from '../schemas/subscriptions.ts';
import { startSubscriptionCheckout } from '../services/subscriptions/checkout.ts';
import {
  cancelOwnSubscription,
  cancelScheduledChange,
  changeOwnSubscription,
  invoiceDetail,
  portalUrl,
  previewChange,
  resumeOwnSubscription,
} from '../services/subscriptions/manage.ts';
import { listActivePlans } from '../services/subscriptions/plans.ts';
import { subscriptionViews, toInvoiceView, userInvoiceRows, userSubscriptionRows } from '../services/subscriptions/serialize.ts';
import { settleDueTestSubscriptions } from '../services/subscriptions/test-billing.ts';
import { runTestClock } from '../services/subscriptions/test-clock.ts';

/**
 * Plans and the signed-in user's subscription (decision 0031). The plans are public
 * and cached under the `plans` content version; everything else is the caller's own.
 */
export const subscriptionsRoutes = new Hono<AppContext>()
  .get('/subscriptions/plans', async (c) => {
    const plans = await listActivePlans(c.get('platform').db);
    cachePublic(c, 'plans');
    return c.json(plans, 200);
  })
  /**
   * A plan's checkout. An island calls it with the bearer token and Accept: application/json and gets
   * { checkoutUrl }; a navigation carries no token and is sent (303) to /subscription, where the
   * page resumes the checkout for a signed-in user or asks to sign in first.
   */
  .get('/subscriptions/checkout', validate('query', subscriptionCheckoutQuerySchema), optionalUser, async (c) => {
    const query = c.req.valid('query');
    const user = c.get('user');
    if (!user) {
      if (c.req.header('authorization') !== undefined) throw new AppError(401, 'Invalid token');
      // An island asking for JSON without a session signs in again; only a navigation is sent to the page.
      if ((c.req.header('accept') ?? '').includes('application/json')) throw new AppError(401, 'Authentication required');
      const params = new URLSearchParams({ tier: query.plan, interval: query.interval, checkout: '1' });
      return c.redirect(`/subscription?${params.toString()}`, 303);
    }
    const started = await startSubscriptionCheckout(c.get('platform'), user.id, query, new URL(c.req.url).origin);
    if (!(c.req.header('accept') ?? '').includes('application/json')) return c.redirect(started.checkoutUrl, 303);
    return c.json(started, 200);
  })
  .get('/subscriptions/user', requireUser, async (c) => {
    const platform = c.get('platform');
    const userId = signedInUser(c).id;
    await settleDueTestSubscriptions(platform, userId);
    return c.json(await subscriptionViews(platform.db, await userSubscriptionRows(platform.db, userId)), 200);
  })
  .post('/subscriptions/cancel', requireUser, async (c) => {
    return c.json(await cancelOwnSubscription(c.get('platform'), signedInUser(c).id), 200);
  })
  .post('/subscriptions/resume', requireUser, async (c) => {
    return c.json(await resumeOwnSubscription(c.get('platform'), signedInUser(c).id), 200);
  })
  .get('/subscriptions/change/preview', requireUser, validate('query', changeSchema), async (c) => {
    const { plan, interval } = c.req.valid('query');
    return c.json((await previewChange(c.get('platform'), signedInUser(c).id, plan, interval)).preview, 200);
  })
  .post('/subscriptions/change', requireUser, validate('json', changeSchema), async (c) => {
    const { plan, interval } = c.req.valid('json');
    return c.json(await changeOwnSubscription(c.get('platform'), signedInUser(c).id, plan, interval), 200);
  })
  .post('/subscriptions/change/cancel-scheduled', requireUser, async (c) => {
    return c.json(await cancelScheduledChange(c.get('platform'), signedInUser(c).id), 200);
  })
  .get('/subscriptions/invoices', requireUser, async (c) => {
    const rows = await userInvoiceRows(c.get('platform').db, signedInUser(c).id);
    return c.json(rows.map(toInvoiceView), 200);
  })
  .get('/subscriptions/invoices/:id', requireUser, validate('param', invoiceIdParamSchema), async (c) => {
    const user = signedInUser(c);
    return c.json(await invoiceDetail(c.get('platform'), c.req.valid('param').id, { id: user.id, mayManage: can(user.roles, 'subscriptions.manage') }), 200);
  })
  .post('/subscriptions/portal', requireUser, async (c) => {
    const platform = c.get('platform');
    const origin = platform.env.PUBLIC_URL ? new URL(platform.env.PUBLIC_URL).origin : new URL(c.req.url).origin;
    return c.json({ url: await portalUrl(platform, signedInUser(c).id, sameOriginUrl('/profile/manage', origin)) }, 200);
  })
  .post('/subscriptions/test-clock', requireUser, validate('json', testClockSchema), async (c) => {
    const user = signedInUser(c);
    return c.json(await runTestClock(c.get('platform'), { id: user.id, mayManage: can(user.roles, 'subscriptions.manage') }, c.req.valid('json')), 200);
  });
