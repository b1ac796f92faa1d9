import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { BOOKING_NOT_FOUND } from '../domain/bookings.ts';
import { can } from '../domain/permissions.ts';
import { notFound } from '../http/errors.ts';
import { markPersonal } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { loadBookingViews } from '../services/bookings/booking-views.ts';
import { holdBooking, holdBookingSchema } from '../services/bookings/holds.ts';
import { switchedOn } from '../services/settings.ts';

/**
 * A booker's bookings (decision 0032): hold a slot and pay (POST /api/bookings), the own list and
 * one booking. Every signed-in person may book; the object checks are "your own booking" (or the
 * instructor's, or bookings.manage for the detail).
 */

export const bookingsQuerySchema = z.object({
  scope: z.enum(['upcoming', 'past', 'cancelled', 'all'], { error: 'scope must be upcoming, past, cancelled or all' }).optional(),
});

export const bookingsRoutes = new Hono<AppContext>()
  .post('/bookings', requireUser, switchedOn('bookings_open'), validate('json', holdBookingSchema), async (c) => {
    markPersonal(c);
    const started = await holdBooking(c.get('platform'), signedInUser(c), c.req.valid('json'), new URL(c.req.url).origin);
    return c.json(started, 201);
  })
  .get('/bookings', requireUser, validate('query', bookingsQuerySchema), async (c) => {
    markPersonal(c);
    const scope = c.req.valid('query').scope ?? 'all';
    return c.json({ data: await loadBookingViews(c.get('platform').db, { userId: signedInUser(c).id, scope }) }, 200);
  })
  .get('/bookings/:id', requireUser, validate('param', idParamSchema), async (c) => {
    markPersonal(c);
    const user = signedInUser(c);
    const [booking] = await loadBookingViews(c.get('platform').db, { ids: [c.req.valid('param').id], withBookerEmail: true });
    if (!booking || !(booking.booker.id === user.id || booking.instructor.id === user.id || can(user.roles, 'bookings.manage'))) throw notFound(BOOKING_NOT_FOUND);
    return c.json(booking, 200);
  });
