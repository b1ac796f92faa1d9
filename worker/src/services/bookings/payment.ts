import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { bookings, users } from '../../../../db/schema/index.ts';
import { formatWithOther } from '../../domain/booking-time.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { noticesFromSelect } from '../notifications.ts';
import { instructorRefundStatement, instructorSaleStatement } from './instructor-ledger.ts';
import type { BatchStatement, Fulfiller } from '../payments/fulfilment.ts';
import { MAX_QUANTITY, type KindDescriber, type Purchasable } from '../purchasables.ts';

/**
 * A held booking as something to pay for (decision 0032): the BOOKING purchasable (its booker
 * pays its snapshot price while the hold runs) and its fulfiller. The fulfiller confirms the
 * booking in the verified payment's own batch, exactly once (guarded by the line's state), writes
 * the in-app notices for the booker and the instructor, and the instructor's ledger sale (so the
 * earning shows in seller payments); a refund that ends the line cancels a still-confirmed
 * booking and writes the ledger's refund row; an order that ends unpaid expires its held
 * bookings (`release`). The confirmation email with the booking's ICS is the sweep's (sweep.ts:
 * the payment's batch cannot write a calendar file). Both are registered in payments/registry.ts.
 */

export const HOLD_ENDED = 'This booking is no longer held for you. Please choose a time again.';

const instructorNameSql = sql`CASE WHEN trim(iu.first_name || ' ' || iu.last_name) <> '' THEN trim(iu.first_name || ' ' || iu.last_name) ELSE iu.username END`;
const bookerNameSql = sql`CASE WHEN trim(bu.first_name || ' ' || bu.last_name) <> '' THEN trim(bu.first_name || ' ' || bu.last_name) ELSE bu.username END`;

/**
 * The order line (checkout, confirmation, receipt), in the booker's zone with the instructor's
 * beside (decision 0068): "Private ballet lesson with Ina Structor — Tue, Mar 3, 3:00 PM GMT (10:00 AM in New York)".
 */
export function bookingLineTitle(b: { title: string; startsAt: string; instructorTimeZone: string; bookerTimeZone: string }, instructorName: string): string {
  return `${b.title} with ${instructorName} — ${formatWithOther(b.startsAt, b.bookerTimeZone, b.instructorTimeZone)}`;
}

/** BOOKING: only its booker sees it; available while held and the hold has not run out. */
export const describeBookings: KindDescriber = async (db, userId, itemIds) => {
  const out = new Map<number, Purchasable>();
  if (userId === null || itemIds.length === 0) return out;
  const rows = await db
    .select({
      id: bookings.id,
      userId: bookings.userId,
      title: bookings.title,
      startsAt: bookings.startsAt,
      instructorTimeZone: bookings.instructorTimeZone,
      bookerTimeZone: bookings.bookerTimeZone,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
      priceCents: bookings.priceCents,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.instructorId))
    .where(inArray(bookings.id, itemIds));
  const now = new Date().toISOString();
  for (const row of rows) {
    if (row.userId !== userId) continue;
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;
    const available = row.status === 'held' && row.holdExpiresAt !== null && row.holdExpiresAt > now;
    out.set(row.id, {
      kind: 'BOOKING',
      itemId: row.id,
      title: bookingLineTitle(row, name),
      priceCents: row.priceCents,
      imageUrl: null,
      url: '/my-bookings',
      available,
      reason: available ? null : 'unpublished',
      reasonMessage: available ? null : HOLD_ENDED,
      maxQuantity: MAX_QUANTITY.BOOKING,
    });
  }
  return out;
};

/**
 * The in-app "booking confirmed" notices of the bookings `where` selects (over `b`), for the
 * booker and the instructor, inserted only while `happened` holds.
 */
export function confirmedNoticeStatements(db: Db, where: SQL, happened: SQL): BatchStatement[] {
  const from = sql`FROM bookings b JOIN users iu ON iu.id = b.instructor_id JOIN users bu ON bu.id = b.user_id WHERE ${where} AND ${happened}`;
  return [
    noticesFromSelect(
      db,
      'booking_confirmed',
      {
        userId: sql`b.user_id`,
        title: sql`'Your booking is confirmed'`,
        body: sql`b.title || ' with ' || ${instructorNameSql} || ' is confirmed (booking ' || b.number || ').'`,
        url: sql`'/my-bookings'`,
      },
      from,
    ),
    noticesFromSelect(
      db,
      'booking_confirmed',
      { userId: sql`b.instructor_id`, title: sql`'New booking'`, body: sql`${bookerNameSql} || ' booked ' || b.title || ' (booking ' || b.number || ').'`, url: sql`'/instructor/bookings'` },
      from,
    ),
  ];
}

/** The order's BOOKING lines that `condition` selects (over `oi` and `o`), as booking ids. */
const lineBookingIds = (orderId: number, condition: SQL) =>
  sql`(SELECT oi.item_id FROM order_items oi JOIN orders o ON o.id = oi.order_id WHERE o.id = ${orderId} AND oi.kind = 'BOOKING' AND ${condition})`;

/** An expired hold whose seat nobody took since (the payment beat the sweep): it can still be confirmed. Over `bookings`. */
const seatStillFree = sql`NOT EXISTS (SELECT 1 FROM bookings t WHERE t.instructor_id = bookings.instructor_id AND t.status IN ('held', 'offered', 'confirmed')
    AND t.id <> bookings.id AND ((t.starts_at = bookings.starts_at AND (t.seat = bookings.seat OR t.lesson_type_id <> bookings.lesson_type_id))
      OR (t.starts_at <> bookings.starts_at AND t.starts_at < bookings.ends_at AND t.ends_at > bookings.starts_at)))`;

export const bookingFulfiller: Fulfiller = {
  /*
   * The held booking (or an expired one whose seat is still free) is confirmed. One whose seat was
   * retaken stays expired: the order is paid and shows in the admin's orders to be refunded.
   */
  grant: (db, orderId, grantable) => {
    const at = new Date().toISOString();
    const confirmedHere = sql`b.confirmed_at = ${at} AND b.status = 'confirmed' AND b.order_id = ${orderId}`;
    const lines = sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN bookings b ON b.id = oi.item_id
      WHERE o.id = ${orderId} AND oi.kind = 'BOOKING' AND ${grantable} AND ${confirmedHere}`;
    return [
      db
        .update(bookings)
        .set({ status: 'confirmed', confirmedAt: at, holdExpiresAt: null, orderId, updatedAt: at })
        .where(
          and(
            sql`${bookings.id} IN ${lineBookingIds(orderId, grantable)}`,
            or(eq(bookings.status, 'held'), and(eq(bookings.status, 'expired'), isNull(bookings.cancelledAt), seatStillFree)),
          ),
        ),
      ...confirmedNoticeStatements(db, sql`b.id IN ${lineBookingIds(orderId, grantable)}`, confirmedHere),
      instructorSaleStatement(db, lines, sql`b.instructor_id`, sql`'Booking: ' || b.title || ' · ' || b.number`),
    ];
  },
  revoke: (db, orderId, revocable) => [
    instructorRefundStatement(db, orderId, 'BOOKING', revocable),
    // A booking a cancellation already ended keeps who cancelled it; one still confirmed was ended by the refund (an admin's).
    db
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: sqlNow,
        cancelledBy: sql`COALESCE(${bookings.cancelledBy}, 'admin')`,
        cancelReason: sql`COALESCE(${bookings.cancelReason}, 'The payment was refunded.')`,
        updatedAt: sqlNow,
      })
      .where(and(eq(bookings.status, 'confirmed'), eq(bookings.orderId, orderId), sql`${bookings.id} IN ${lineBookingIds(orderId, revocable)}`)),
  ],
  nextAction: () => ({ label: 'View booking', url: '/my-bookings' }),
  /*
   * The order ended unpaid: its held bookings expire at once (their seats free), unless another
   * open or paid order has the same booking (a new checkout of it replaced this one).
   */
  release: (db, orderId) => [
    db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: null, updatedAt: sqlNow })
      .where(
        and(
          eq(bookings.status, 'held'),
          sql`${bookings.id} IN (SELECT oi.item_id FROM order_items oi WHERE oi.order_id = ${orderId} AND oi.kind = 'BOOKING')`,
          sql`(SELECT status FROM orders WHERE id = ${orderId}) IN ('expired', 'cancelled', 'failed')`,
          sql`NOT EXISTS (SELECT 1 FROM order_items oi2 JOIN orders o2 ON o2.id = oi2.order_id
            WHERE oi2.kind = 'BOOKING' AND oi2.item_id = ${bookings.id} AND o2.id <> ${orderId} AND (o2.status = 'pending' OR o2.paid_at IS NOT NULL))`,
        ),
      ),
  ],
};
