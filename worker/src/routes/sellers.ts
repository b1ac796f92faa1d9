import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { cachePublic } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { sellerApplicationSchema, sellerSettingsSchema } from '../schemas/sellers.ts';
import { idParamSchema } from '../schemas/users.ts';
import { notifyHolders } from '../services/notifications.ts';
import { applyToSell, getOwnSellerProfile, updateOwnSellerProfile } from '../services/store/sellers.ts';
import { getSellerStore, listSellers, SELLER_NOT_FOUND } from '../services/store/storefront.ts';
import { switchedOn } from '../services/settings.ts';

/**
 * The sellers (decision 0029): the public list and storefronts, and a user's own application and
 * store settings. /sellers/me is declared before /sellers/:id.
 */
export const sellersRoutes = new Hono<AppContext>()
  .get('/sellers', async (c) => {
    const list = await listSellers(c.get('platform').db);
    cachePublic(c, 'store');
    return c.json(list, 200);
  })
  .post('/sellers/apply', requireUser, switchedOn('seller_applications_open'), validate('json', sellerApplicationSchema), async (c) => {
    const platform = c.get('platform');
    const userId = signedInUser(c).id;
    const profile = await applyToSell(platform.db, userId, c.req.valid('json'));
    await notifyHolders(
      platform,
      'sellers.manage',
      { kind: 'seller_applied', title: 'A seller application awaits a decision', body: `${profile.store_name} applied to sell in the store.`, url: '/admin/sellers' },
      userId,
    );
    return c.json(profile, 201);
  })
  .get('/sellers/me', requireUser, async (c) => {
    return c.json(await getOwnSellerProfile(c.get('platform').db, signedInUser(c).id), 200);
  })
  .patch('/sellers/me', requireUser, validate('json', sellerSettingsSchema), async (c) => {
    return c.json(await updateOwnSellerProfile(c.get('platform').db, signedInUser(c).id, c.req.valid('json')), 200);
  })
  .get('/sellers/:id', validate('param', idParamSchema), async (c) => {
    const store = await getSellerStore(c.get('platform').db, c.req.valid('param').id);
    if (!store) throw notFound(SELLER_NOT_FOUND);
    cachePublic(c, 'store');
    return c.json(store, 200);
  });
