import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { adminInstructorsQuerySchema, adminUpdateInstructorSchema } from '../schemas/connect-admin.ts';
import { idParamSchema } from '../schemas/users.ts';
import { getAdminInstructor, listAdminInstructors, updateAdminInstructor } from '../services/bookings/admin-instructors.ts';
import { cancelFutureBookingsOf } from '../services/bookings/cancel.ts';

/**
 * /admin/instructors (decision 0032; instructors.manage, ADMIN's): the professional profiles,
 * verifying them, and suspending them. A suspension takes the profile out of the directory (its
 * status) and cancels its future bookings with full refunds; lifting it leaves a draft the
 * instructor publishes again.
 */
const instructorManagers = requirePermission('instructors.manage');

export const adminInstructorsRoutes = new Hono<AppContext>()
  .get('/admin/instructors', instructorManagers, validate('query', adminInstructorsQuerySchema), async (c) =>
    c.json(await listAdminInstructors(c.get('platform').db, c.req.valid('query')), 200),
  )
  .patch('/admin/instructors/:id', instructorManagers, validate('param', idParamSchema), validate('json', adminUpdateInstructorSchema), async (c) => {
    const platform = c.get('platform');
    const id = c.req.valid('param').id;
    const input = c.req.valid('json');
    const { suspendedNow } = await updateAdminInstructor(platform.db, signedInUser(c), id, input);
    if (suspendedNow) await cancelFutureBookingsOf(platform, id, input.reason!);
    return c.json(await getAdminInstructor(platform.db, id), 200);
  });
