import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { checkoutPackage, listMyPackages } from '../services/bookings/packages.ts';

/** Lesson packages of the signed-in person (decision 0032): their credits, and buying one through checkout. */
export const packagesRoutes = new Hono<AppContext>()
  .get('/packages/mine', requireUser, async (c) => {
    return c.json(await listMyPackages(c.get('platform'), signedInUser(c).id), 200);
  })
  .post('/packages/:id/checkout', requireUser, validate('param', idParamSchema), async (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json(await checkoutPackage(c.get('platform'), signedInUser(c).id, c.req.valid('param').id, origin), 201);
  });
