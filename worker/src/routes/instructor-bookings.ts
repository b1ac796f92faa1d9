import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { BOOKING_NOT_FOUND } from '../domain/bookings.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import type { Db } from '../platform/db.ts';
import { declineBookingSchema, instructorBookingsQuerySchema } from '../schemas/booking-actions.ts';
import { idParamSchema } from '../schemas/users.ts';
import { loadBookingViews } from '../services/bookings/booking-views.ts';
import { cancelBooking } from '../services/bookings/cancel.ts';

async function instructorsBooking(db: Db, instructorId: number, id: number) {
  const [view] = await loadBookingViews(db, { ids: [id], instructorId, withBookerEmail: true });
  if (!view) throw notFound(BOOKING_NOT_FOUND);
  return view;
}

/**
 * /instructor/bookings (decision 0032): the signed-in instructor's own bookings, and declining or
 * cancelling one (always a full refund or the credit back). Another's booking answers 404.
 */
export const instructorBookingsRoutes = new Hono<AppContext>()
  .get('/instructor/bookings', requireUser, validate('query', instructorBookingsQuerySchema), async (c) => {
    const { scope, status } = c.req.valid('query');
    const instructorId = signedInUser(c).id;
    const db = c.get('platform').db;
    const now = new Date();
    let data = await loadBookingViews(db, { instructorId, scope, withBookerEmail: true, ...(status ? { statuses: [status === 'completed' ? 'confirmed' : status] } : {}) }, now);
    if (status === 'completed') data = data.filter((b) => b.completed);
    else if (status === 'confirmed') data = data.filter((b) => !b.completed);
    return c.json({ data }, 200);
  })
  .post('/instructor/bookings/:id/decline', requireUser, validate('param', idParamSchema), validate('json', declineBookingSchema), async (c) => {
    const platform = c.get('platform');
    const user = signedInUser(c);
    const id = c.req.valid('param').id;
    await cancelBooking(platform, user, id, { by: 'instructor', as: 'declined', reason: c.req.valid('json').reason });
    return c.json(await instructorsBooking(platform.db, user.id, id), 200);
  })
  .post('/instructor/bookings/:id/cancel', requireUser, validate('param', idParamSchema), validate('json', declineBookingSchema), async (c) => {
    const platform = c.get('platform');
    const user = signedInUser(c);
    const id = c.req.valid('param').id;
    await cancelBooking(platform, user, id, { by: 'instructor', reason: c.req.valid('json').reason });
    return c.json(await instructorsBooking(platform.db, user.id, id), 200);
  });
