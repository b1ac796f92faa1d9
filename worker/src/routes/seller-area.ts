import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { pageQuery, pageSizeQuery } from '../schemas/users.ts';
import { getSellerAnalytics, getSellerDashboard, listOwnResources } from '../services/store/seller-analytics.ts';
import { ANALYTICS_WINDOWS, type AnalyticsWindow } from '../../../shared/store/seller-analytics.ts';
import { getSellerPayments, requestPayout } from '../services/store/seller-money.ts';

/**
 * The seller area's data (store.sell, decision 0029): always the caller's own figures, resources
 * and money. A holder of store.sell without a seller profile sees empty figures. The payments and
 * payouts ask payouts.receive: an instructor's bookings are paid out from the same ledger (decision 0032).
 */

const DAYS_MESSAGE = `days must be one of ${ANALYTICS_WINDOWS.join(', ')}`;

export const analyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_WINDOWS.map(String) as [string, ...string[]], { error: DAYS_MESSAGE })
    .optional()
    .transform((v) => Number(v ?? 30) as AnalyticsWindow),
  /** The page of the per-resource figures. */
  page: pageQuery,
});

export const paymentsQuerySchema = z.object({ page: pageQuery, page_size: pageSizeQuery(20) });

export const sellerAreaRoutes = new Hono<AppContext>()
  .get('/seller/dashboard', requirePermission('store.sell'), async (c) => {
    return c.json(await getSellerDashboard(c.get('platform').db, signedInUser(c).id), 200);
  })
  .get('/seller/resources', requirePermission('store.sell'), async (c) => {
    return c.json(await listOwnResources(c.get('platform').db, signedInUser(c).id), 200);
  })
  .get('/seller/analytics', requirePermission('store.sell'), validate('query', analyticsQuerySchema), async (c) => {
    return c.json(await getSellerAnalytics(c.get('platform').db, signedInUser(c).id, c.req.valid('query').days, c.req.valid('query').page), 200);
  })
  .get('/seller/payments', requirePermission('payouts.receive'), validate('query', paymentsQuerySchema), async (c) => {
    return c.json(await getSellerPayments(c.get('platform'), signedInUser(c).id, c.req.valid('query')), 200);
  })
  .post('/seller/payouts', requirePermission('payouts.receive'), async (c) => {
    return c.json(await requestPayout(c.get('platform'), signedInUser(c).id), 201);
  });
