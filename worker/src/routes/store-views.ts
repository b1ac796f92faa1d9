import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { idParamSchema } from '../schemas/users.ts';
import { findResourceRef, isPublicRef } from '../services/store/resource-views.ts';
import { recordResourceView } from '../services/store/seller-analytics.ts';
import { RESOURCE_NOT_FOUND } from '../services/store/resource-reads.ts';

/**
 * One view of a resource's public page, for its seller's analytics (decision 0030). The page is
 * answered from the public cache (decision 0021), where no route runs, so the page's script sends
 * this beacon once per page load (`navigator.sendBeacon`). Public; a resource that is not public
 * counts nothing (404).
 */
export const storeViewRoutes = new Hono<AppContext>().post('/resources/:id/view', validate('param', idParamSchema), async (c) => {
  const db = c.get('platform').db;
  const { id } = c.req.valid('param');
  const ref = await findResourceRef(db, id);
  if (!ref || !isPublicRef(ref)) throw notFound(RESOURCE_NOT_FOUND);
  await recordResourceView(db, id);
  return c.body(null, 204);
});
