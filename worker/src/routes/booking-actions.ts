import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { BOOKING_NOT_FOUND } from '../domain/bookings.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { cancelBookingSchema, rescheduleBookingSchema, reviewBookingSchema } from '../schemas/booking-actions.ts';
import { idParamSchema } from '../schemas/users.ts';
import { loadBookingViews } from '../services/bookings/booking-views.ts';
import { bookingIcsFor } from '../services/bookings/calendar.ts';
import { cancelBooking } from '../services/bookings/cancel.ts';
import { rescheduleBooking } from '../services/bookings/reschedule.ts';
import { reviewBooking } from '../services/bookings/reviews.ts';
import type { Db } from '../platform/db.ts';

/** The booker's booking as it is now (theirs only). */
export async function ownBookingView(db: Db, userId: number, id: number) {
  const [view] = await loadBookingViews(db, { ids: [id], userId });
  if (!view) throw notFound(BOOKING_NOT_FOUND);
  return view;
}

/**
 * What a booker does with a booking (decision 0032): cancel under the instructor's policy,
 * reschedule to another open slot, review it once it is completed, and take its ICS. Only the
 * booker (the ICS also the instructor); anyone else gets 404.
 */
export const bookingActionRoutes = new Hono<AppContext>()
  .post('/bookings/:id/cancel', requireUser, validate('param', idParamSchema), validate('json', cancelBookingSchema), async (c) => {
    const platform = c.get('platform');
    const user = signedInUser(c);
    const id = c.req.valid('param').id;
    await cancelBooking(platform, user, id, { by: 'booker', reason: c.req.valid('json').reason });
    return c.json(await ownBookingView(platform.db, user.id, id), 200);
  })
  .post('/bookings/:id/reschedule', requireUser, validate('param', idParamSchema), validate('json', rescheduleBookingSchema), async (c) => {
    const platform = c.get('platform');
    const user = signedInUser(c);
    const id = c.req.valid('param').id;
    await rescheduleBooking(platform, user.id, id, c.req.valid('json').startsAt);
    return c.json(await ownBookingView(platform.db, user.id, id), 200);
  })
  .post('/bookings/:id/review', requireUser, validate('param', idParamSchema), validate('json', reviewBookingSchema), async (c) => {
    const platform = c.get('platform');
    return c.json(await reviewBooking(platform, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json')), 201);
  })
  .get('/bookings/:id/ics', requireUser, validate('param', idParamSchema), async (c) => {
    const { filename, ics } = await bookingIcsFor(c.get('platform').db, signedInUser(c).id, c.req.valid('param').id);
    return c.body(ics, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    });
  });
