import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { cachePublic } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { createStyleSchema, updateStyleSchema } from '../schemas/connect-admin.ts';
import { idParamSchema } from '../schemas/users.ts';
import { createStyle, deleteStyle, listAdminStyles, listVisibleStyles, updateStyle } from '../services/bookings/admin-styles.ts';

/**
 * The dance styles of Connect & Book (decision 0032): the public list of visible styles (cached
 * under the `connect` version, which the styles' triggers move), and the admin's list and writes
 * (dance_styles.manage, ADMIN's).
 */
const styleManagers = requirePermission('dance_styles.manage');

export const danceStylesRoutes = new Hono<AppContext>()
  .get('/dance-styles', async (c) => {
    cachePublic(c, 'connect');
    return c.json(await listVisibleStyles(c.get('platform').db), 200);
  })
  .get('/admin/dance-styles', styleManagers, async (c) => c.json(await listAdminStyles(c.get('platform').db), 200))
  .post('/admin/dance-styles', styleManagers, validate('json', createStyleSchema), async (c) =>
    c.json(await createStyle(c.get('platform').db, signedInUser(c), c.req.valid('json')), 201),
  )
  .patch('/admin/dance-styles/:id', styleManagers, validate('param', idParamSchema), validate('json', updateStyleSchema), async (c) =>
    c.json(await updateStyle(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .delete('/admin/dance-styles/:id', styleManagers, validate('param', idParamSchema), async (c) => {
    await deleteStyle(c.get('platform').db, signedInUser(c), c.req.valid('param').id);
    return c.json({ message: 'Dance style deleted' }, 200);
  });
