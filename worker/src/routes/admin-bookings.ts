import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { BOOKING_NOT_FOUND } from '../domain/bookings.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { adminBookingsQuerySchema, adminCancelBookingSchema } from '../schemas/connect-admin.ts';
import { idParamSchema } from '../schemas/users.ts';
import { getAdminBooking, listAdminBookings } from '../services/bookings/admin-bookings.ts';
import { cancelBooking } from '../services/bookings/cancel.ts';
import { bookingsExport } from '../services/csv/bookings.ts';
import { csvExportResponse } from '../services/csv/stream.ts';

/**
 * /admin/bookings (decision 0032; bookings.manage, ADMIN's): every booking with its filters, and
 * an admin's cancellation, which always refunds the booker in full (or gives the credit back).
 */
const bookingManagers = requirePermission('bookings.manage');

export const adminBookingsRoutes = new Hono<AppContext>()
  .get('/admin/bookings', bookingManagers, validate('query', adminBookingsQuerySchema), async (c) =>
    c.json(await listAdminBookings(c.get('platform').db, c.req.valid('query')), 200),
  )
  // The list as CSV: the list's own query (its page is ignored), every matching booking, the list's order.
  .get('/admin/bookings/export.csv', bookingManagers, validate('query', adminBookingsQuerySchema), async (c) =>
    csvExportResponse(c, 'bookings', bookingsExport(c.get('platform').db, c.req.valid('query'))),
  )
  .post('/admin/bookings/:id/cancel', bookingManagers, validate('param', idParamSchema), validate('json', adminCancelBookingSchema), async (c) => {
    const platform = c.get('platform');
    const id = c.req.valid('param').id;
    await cancelBooking(platform, signedInUser(c), id, { by: 'admin', reason: c.req.valid('json').reason });
    const view = await getAdminBooking(platform.db, id);
    if (!view) throw notFound(BOOKING_NOT_FOUND);
    return c.json(view, 200);
  });
