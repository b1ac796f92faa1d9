import { createUpdateSchema } from 'drizzle-zod';
import { Hono } from 'hono';
import { subscriptionPlans } from '../../../db/schema/subscriptions.ts';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { adminCancelSchema, adminRefundSchema, adminSubscriptionsFiltersSchema, adminSubscriptionsQuerySchema, planFields, type PlanChanges } from '../schemas/subscriptions-admin.ts';
import {
  adminCancelSubscription,
  adminRefundSubscription,
  getAdminPlan,
  getAdminSubscription,
  listAdminPlans,
  listAdminSubscriptions,
  updatePlan,
} from '../services/subscriptions/admin.ts';
import type { AdminPlanSaved } from '../../../shared/subscriptions/admin.ts';
import { csvExportResponse } from '../services/csv/stream.ts';
import { subscriptionsExport } from '../services/csv/subscriptions.ts';
import { subscriptionStats } from '../services/subscriptions/stats.ts';
import { syncPlanPrices } from '../services/subscriptions/stripe-billing.ts';
import { ProviderError, providerNameOf } from '../services/payments/provider.ts';

/**
 * The admin's routes of plans and subscriptions (decision 0031): plans.manage for the plans,
 * subscriptions.manage for the subscriptions and their figures (both ADMIN's alone).
 */

export const STRIPE_SYNC_FAILED = 'Saved. Stripe could not be reached to make the new prices; they are made at the next checkout of this plan.';

/** The editable columns of a plan, from the table, with the rules and messages of the form. */
export const updatePlanSchema = createUpdateSchema(subscriptionPlans, planFields)
  .pick({
    name: true,
    description: true,
    monthlyPriceCents: true,
    yearlyPriceCents: true,
    features: true,
    active: true,
  })
  .partial();

export const subscriptionsAdminRoutes = new Hono<AppContext>()
  .get('/admin/subscription-plans', requirePermission('plans.manage'), async (c) => c.json(await listAdminPlans(c.get('platform').db), 200))
  .patch(
    '/admin/subscription-plans/:id',
    requirePermission('plans.manage'),
    validate('param', idParamSchema),
    validate('json', updatePlanSchema),
    async (c) => {
      const platform = c.get('platform');
      const id = c.req.valid('param').id;
      const changes: PlanChanges = c.req.valid('json');
      const { after, pricesChanged } = await updatePlan(platform.db, signedInUser(c), id, changes);
      // With Stripe's keys a changed price needs new Stripe prices (immutable there). The plan is
      // saved either way: checkout syncs the plan it sells again, so a failed sync heals itself.
      let stripeSyncError: string | null = null;
      if (pricesChanged && providerNameOf(platform.env) === 'stripe') {
        try {
          await syncPlanPrices(platform, after);
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          console.error('Plan price sync failed', id, err.message);
          stripeSyncError = STRIPE_SYNC_FAILED;
        }
      }
      const view: AdminPlanSaved = {
        ...(await getAdminPlan(platform.db, id)),
        stripe_sync_error: stripeSyncError,
      };
      return c.json(view, 200);
    },
  )
  .get('/admin/subscriptions', requirePermission('subscriptions.manage'), validate('query', adminSubscriptionsQuerySchema), async (c) =>
    c.json(await listAdminSubscriptions(c.get('platform').db, c.req.valid('query')), 200),
  )
  // The list as CSV: the same filters (no page), every matching subscription, the list's order.
  .get(
    '/admin/subscriptions/export.csv',
    requirePermission('subscriptions.manage'),
    validate('query', adminSubscriptionsFiltersSchema),
    async (c) => csvExportResponse(c, 'subscriptions', subscriptionsExport(c.get('platform').db, c.req.valid('query'))),
  )
  .get('/admin/subscriptions/:id', requirePermission('subscriptions.manage'), validate('param', idParamSchema), async (c) =>
    c.json(await getAdminSubscription(c.get('platform'), c.req.valid('param').id), 200),
  )
  .post(
    '/admin/subscriptions/:id/cancel',
    requirePermission('subscriptions.manage'),
    validate('param', idParamSchema),
    validate('json', adminCancelSchema),
    async (c) => c.json(await adminCancelSubscription(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').atPeriodEnd), 200),
  )
  .post(
    '/admin/subscriptions/:id/refund',
    requirePermission('subscriptions.manage'),
    validate('param', idParamSchema),
    validate('json', adminRefundSchema),
    async (c) => c.json(await adminRefundSubscription(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .get('/admin/subscription-stats', requirePermission('subscriptions.manage'), async (c) => c.json(await subscriptionStats(c.get('platform').db), 200));
