import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { markPersonal } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { availabilitySchema, loadAvailability, saveAvailability } from '../services/bookings/availability.ts';

/**
 * An instructor's own hours (decision 0032): every signed-in person may keep one profile, so the
 * check is the object one — the profile of the signed-in user (404 PROFILE_NOT_FOUND without one).
 */
export const availabilityRoutes = new Hono<AppContext>()
  .get('/instructor/availability', requireUser, async (c) => {
    markPersonal(c);
    return c.json(await loadAvailability(c.get('platform').db, signedInUser(c).id), 200);
  })
  .put('/instructor/availability', requireUser, validate('json', availabilitySchema), async (c) => {
    markPersonal(c);
    return c.json(await saveAvailability(c.get('platform').db, signedInUser(c).id, c.req.valid('json')), 200);
  });
