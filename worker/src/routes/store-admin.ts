import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { adminSellersQuerySchema, decisionReasonSchema } from '../schemas/sellers.ts';
import { idParamSchema } from '../schemas/users.ts';
import { approveSeller, listSellerProfiles, reinstateSeller, rejectSeller, suspendSeller } from '../services/store/seller-admin.ts';
import { getStoreSettings, PLATFORM_FEE_MAX, PLATFORM_FEE_MIN } from '../services/store/store-settings.ts';
import { updateSettings } from '../services/settings.ts';
import { PLATFORM_FEE_RANGE_MESSAGE } from '../domain/store.ts';
import { getStoreStats } from '../services/store/store-stats.ts';

/** The store's administration (decision 0029): sellers (sellers.manage), settings (store.settings), figures (resources.review). */

const FEE_RANGE = PLATFORM_FEE_RANGE_MESSAGE;

export const storeSettingsSchema = z
  .object({
    platform_fee_percent: z.number({ error: FEE_RANGE }).int(FEE_RANGE).min(PLATFORM_FEE_MIN, FEE_RANGE).max(PLATFORM_FEE_MAX, FEE_RANGE).optional(),
  })
  .strict();

export const storeAdminRoutes = new Hono<AppContext>()
  .get('/admin/sellers', requirePermission('sellers.manage'), validate('query', adminSellersQuerySchema), async (c) => {
    return c.json(await listSellerProfiles(c.get('platform').db, c.req.valid('query')), 200);
  })
  .post('/admin/sellers/:id/approve', requirePermission('sellers.manage'), validate('param', idParamSchema), async (c) => {
    return c.json(await approveSeller(c.get('platform'), signedInUser(c), c.req.valid('param').id), 200);
  })
  .post('/admin/sellers/:id/reject', requirePermission('sellers.manage'), validate('param', idParamSchema), validate('json', decisionReasonSchema), async (c) => {
    return c.json(await rejectSeller(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').reason), 200);
  })
  .post('/admin/sellers/:id/suspend', requirePermission('sellers.manage'), validate('param', idParamSchema), validate('json', decisionReasonSchema), async (c) => {
    return c.json(await suspendSeller(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').reason), 200);
  })
  .post('/admin/sellers/:id/reinstate', requirePermission('sellers.manage'), validate('param', idParamSchema), async (c) => {
    return c.json(await reinstateSeller(c.get('platform'), signedInUser(c), c.req.valid('param').id), 200);
  })
  .get('/admin/store-settings', requirePermission('store.settings'), async (c) => {
    return c.json(await getStoreSettings(c.get('platform').db), 200);
  })
  .patch('/admin/store-settings', requirePermission('store.settings'), validate('json', storeSettingsSchema), async (c) => {
    // The store's section of /api/admin/settings under its first address: written (and audited) the same way.
    const { db } = c.get('platform');
    await updateSettings(db, signedInUser(c), c.req.valid('json'));
    return c.json(await getStoreSettings(db), 200);
  })
  .get('/admin/store-stats', requirePermission('resources.review'), async (c) => {
    return c.json(await getStoreStats(c.get('platform').db), 200);
  });
