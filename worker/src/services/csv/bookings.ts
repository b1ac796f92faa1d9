import type { Db } from '../../platform/db.ts';
import type { AdminBookingsQuery } from '../../schemas/connect-admin.ts';
import { adminBookingsAfter, countAdminBookings } from '../bookings/admin-bookings.ts';
import type { BookingView } from '../../../../shared/bookings/views.ts';
import type { Position } from '../keyset.ts';
import type { CsvExport } from './stream.ts';
import { centsAsDollars, csvHeaders, type CsvColumn } from './writer.ts';

/** The admin's bookings list (GET /api/admin/bookings) as CSV: the same filters, every page, the list's order. */

const BOOKING_COLUMNS: CsvColumn<BookingView>[] = [
  { header: 'Booking number', value: (b) => b.number },
  { header: 'Status', value: (b) => b.status_label },
  { header: 'Starts at (UTC)', value: (b) => b.starts_at, kind: 'date' },
  { header: 'Ends at (UTC)', value: (b) => b.ends_at, kind: 'date' },
  { header: 'Lesson', value: (b) => b.title },
  { header: 'Kind', value: (b) => b.kind },
  { header: 'Mode', value: (b) => b.mode },
  { header: 'Instructor ID', value: (b) => b.instructor.id, kind: 'number' },
  { header: 'Instructor', value: (b) => b.instructor.name },
  { header: 'Booker ID', value: (b) => b.booker.id, kind: 'number' },
  { header: 'Booker', value: (b) => b.booker.name },
  { header: 'Booker email', value: (b) => b.booker.email },
  { header: 'Price (USD)', value: (b) => centsAsDollars(b.price_cents), kind: 'number' },
  { header: 'Paid with', value: (b) => b.paid_with },
  { header: 'Order number', value: (b) => b.order_number },
  { header: 'Refunded (USD)', value: (b) => centsAsDollars(b.refund_cents), kind: 'number' },
  { header: 'Cancelled at (UTC)', value: (b) => b.cancelled_at, kind: 'date' },
  { header: 'Cancelled by', value: (b) => b.cancelled_by },
  { header: 'Cancel reason', value: (b) => b.cancel_reason },
  { header: 'Note', value: (b) => b.note },
  { header: 'Booked at (UTC)', value: (b) => b.created_at, kind: 'date' },
];

export const BOOKINGS_CSV_HEADER = csvHeaders(BOOKING_COLUMNS);

/** The export as of one moment: "upcoming" and "completed" mean the same on every page. */
export function bookingsExport(db: Db, filters: Omit<AdminBookingsQuery, 'page' | 'pageSize' | 'after' | 'before'>, now = new Date()): CsvExport<BookingView, Position> {
  return {
    columns: BOOKING_COLUMNS,
    total: () => countAdminBookings(db, filters, now),
    page: (position, limit) => adminBookingsAfter(db, filters, position, limit, now),
    cursorOf: (b) => [b.starts_at, b.id],
  };
}
