import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { clientKey } from '../http/client-address.ts';
import { validate } from '../http/validate.ts';
import { optionalUser } from '../middleware/auth.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { idParamSchema } from '../schemas/users.ts';
import { findResourceRef, isPublicRef } from '../services/store/resource-views.ts';
import { recordVisitorView } from '../services/store/seller-analytics.ts';
import { RESOURCE_NOT_FOUND } from '../services/store/resource-reads.ts';

/**
 * One view of a resource's public page, for its seller's analytics (decision 0030). The page is
 * answered from the public cache (decision 0021), where no route runs, so the page's script sends
 * this beacon once per page load (`navigator.sendBeacon`). Public; a resource that is not public
 * counts nothing (404). A visitor (the account when signed in, else the client address) counts
 * once per resource and UTC day, and the address's beacons are rate limited (decision 0058).
 */
export const storeViewRoutes = new Hono<AppContext>().post(
  '/resources/:id/view',
  rateLimit(RATE_LIMITS.resourceViews),
  validate('param', idParamSchema),
  optionalUser,
  async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const ref = await findResourceRef(db, id);
    if (!ref || !isPublicRef(ref)) throw notFound(RESOURCE_NOT_FOUND);
    const user = c.get('user');
    await recordVisitorView(db, id, user ? `user:${user.id}` : `addr:${clientKey(c)}`);
    return c.body(null, 204);
  },
);
