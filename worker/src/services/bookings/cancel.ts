import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { bookings, bookingWaitlist, orderItems, orders } from '../../../../db/schema/index.ts';
import type { AuthUser } from '../../app-context.ts';
import { BOOKING_NOT_FOUND, CANCEL_NOT_ALLOWED, cancellationOutcome, type Canceller } from '../../domain/bookings.ts';
import { formatUsd } from '../../domain/orders.ts';
import { can } from '../../domain/permissions.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { endPendingOrders } from '../payments/pending.ts';
import { releaseCouponStatement } from '../payments/webhooks.ts';
import { auditedWhen } from '../audit.ts';
import { refundOrderAs } from '../refunds.ts';
import { emailBookingEvent, loadBookingContext, loadBookingContexts, noticeStatements, type BookingContext } from './notices.ts';
import { offerFreedTime } from './waitlist.ts';

/**
 * Cancelling and declining a booking (decision 0032). The booker's cancellation at least
 * `cancellation_hours` before the start is refunded in full (or the package credit returns), a
 * later one gets nothing (the credit is used up); the instructor's decline or cancellation, an
 * admin's cancellation and a suspension always give everything back. The booking's status changes
 * at once, in one batch with the notices, so the seat frees immediately; then the refund goes
 * through the provider (its webhook ends the order line), and the freed seat is offered to the
 * session's first waiter.
 */

export interface CancelOptions {
  by: Canceller;
  reason?: string | null;
  /** 'declined' for an instructor's decline; else 'cancelled', or 'expired' for a held or offered place its booker gives up. */
  as?: 'cancelled' | 'declined';
}

export interface CancelResult {
  bookingId: number;
  refundCents: number;
  creditReturned: boolean;
}

/** What the booking's order line took (cents), when the order was paid: what a refund can give back. */
async function paidLine(platform: Pick<Platform, 'db'>, b: BookingContext): Promise<{ orderId: number; itemId: number; cents: number; orderStatus: string } | null> {
  // Never more than the order has left to refund (an admin may have refunded part of it already).
  const [row] = await platform.db.all<{ orderId: number; itemId: number; cents: number; orderStatus: string }>(sql`SELECT o.id AS orderId, oi.id AS itemId,
      MAX(0, MIN(oi.total_cents, o.total_cents - o.refunded_cents)) AS cents, o.status AS orderStatus
    FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE oi.kind = 'BOOKING' AND oi.item_id = ${b.id} AND o.user_id = ${b.userId}
    ORDER BY (o.paid_at IS NOT NULL) DESC, o.id DESC LIMIT 1`);
  return row ?? null;
}

/** Who may cancel: the booker and the instructor their own bookings (404 otherwise), an admin with bookings.manage, the system. */
function assertMayCancel(actor: Pick<AuthUser, 'id' | 'roles'> | null, b: BookingContext, by: Canceller): void {
  if (by === 'booker' && actor?.id !== b.userId) throw notFound(BOOKING_NOT_FOUND);
  if (by === 'instructor' && actor?.id !== b.instructorId) throw notFound(BOOKING_NOT_FOUND);
  if (by === 'admin' && (!actor || !can(actor.roles, 'bookings.manage'))) throw forbidden();
}

/**
 * Cancels (or declines) one booking. `actor` is the person acting (null for the system). A
 * booking that is already cancelled, declined, expired or has started answers 409
 * CANCEL_NOT_ALLOWED; a decline takes a confirmed or held booking only.
 */
export async function cancelBooking(
  platform: Platform,
  actor: (Pick<AuthUser, 'id' | 'roles'> & Partial<Pick<AuthUser, 'username'>>) | null,
  bookingId: number,
  options: CancelOptions,
  now: Date = new Date(),
): Promise<CancelResult> {
  const { db } = platform;
  const b = await loadBookingContext(db, bookingId);
  if (!b) throw notFound(BOOKING_NOT_FOUND);
  assertMayCancel(actor, b, options.by);
  const stamp = now.toISOString();
  const cancellable = b.status === 'confirmed' || b.status === 'held' || (b.status === 'offered' && options.by !== 'instructor');
  if (!cancellable || b.startsAt <= stamp) throw conflict(CANCEL_NOT_ALLOWED);

  const line = b.status === 'confirmed' ? await paidLine(platform, b) : null;
  const paidCents = line && (line.orderStatus === 'paid' || line.orderStatus === 'partially_refunded') ? line.cents : 0;
  const outcome = cancellationOutcome(options.by, { startsAt: b.startsAt, paidCents }, b.cancellationHours, now);
  // An unpaid place (held, offered) the booker gives up expires; anything else is cancelled.
  const status = options.as ?? (b.status !== 'confirmed' && options.by === 'booker' ? 'expired' : 'cancelled');
  const forfeited = b.packagePurchaseId !== null && b.status === 'confirmed' && !outcome.creditReturns;
  const reason = options.reason?.trim() || null;
  const happened = sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.id} = ${b.id} AND ${bookings.status} = ${status} AND ${bookings.cancelledAt} = ${stamp})`;
  const after: BookingContext = { ...b, status, cancelledAt: stamp, cancelReason: reason };
  const event = status === 'declined' ? 'booking_declined' : 'booking_cancelled';
  // A held or offered place was never paid: only the booker hears nothing more than the change.
  const notices = b.status === 'confirmed' ? noticeStatements(db, event, after, happened, reason) : [];
  // An admin's cancellation is audited (decision 0033), in the same batch.
  const byAdmin = options.by === 'admin' && actor !== null;
  const summary = `Cancelled booking ${b.number}${reason ? ` (${reason})` : ''}${outcome.refundCents > 0 ? `, refunding ${formatUsd(outcome.refundCents)}` : ''}${b.packagePurchaseId !== null && !forfeited ? ', the package credit returned' : ''}.`;
  const results = await db.batch(
    auditedWhen(byAdmin, db, { id: actor?.id ?? 0, roles: actor?.roles ?? [], username: actor?.username ?? `user ${actor?.id}` }, { action: 'booking.cancel', table: bookings, id: b.id, summary }, [
      db
        .update(bookings)
        .set({
          status,
          cancelledAt: stamp,
          cancelledBy: options.by,
          cancelReason: reason,
          refundCents: outcome.refundCents,
          creditForfeited: forfeited,
          holdExpiresAt: null,
          updatedAt: stamp,
        })
        .where(and(eq(bookings.id, b.id), eq(bookings.status, b.status), gt(bookings.startsAt, stamp)))
        .returning({ id: bookings.id }),
      // The waiter whose offer this was stops waiting for it.
      db
        .update(bookingWaitlist)
        .set({ status: 'left', updatedAt: stamp })
        .where(and(eq(bookingWaitlist.offeredBookingId, b.id), eq(bookingWaitlist.status, 'offered'), happened)),
      ...notices,
    ]) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
  );
  if ((results[byAdmin ? 1 : 0] as { id: number }[]).length === 0) throw conflict(CANCEL_NOT_ALLOWED);

  // A held booking's open checkout ends with it.
  if (b.status === 'held') await cancelPendingOrders(platform, b.id);
  if (outcome.refundCents > 0 && line) {
    try {
      await refundOrderAs(platform, actor?.id ?? null, line.orderId, {
        amountCents: outcome.refundCents,
        orderItemIds: [line.itemId],
        reason: `Booking ${b.number} ${status} (${options.by})${reason ? `: ${reason}` : ''}`,
      });
    } catch (err) {
      // The booking stays cancelled; the refund is left to an admin (/admin/orders, where the failed
      // refund shows), and logged. The booking says nothing was refunded.
      console.error(`The refund of booking ${b.number} failed`, err instanceof Error ? err.message : err);
      await db.update(bookings).set({ refundCents: 0 }).where(eq(bookings.id, b.id));
      outcome.refundCents = 0;
    }
  }
  if (b.status === 'confirmed') await emailBookingEvent(platform, event, after, reason);
  await offerFreedTime(platform, b.instructorId, b.startsAt, b.endsAt, now);
  return { bookingId: b.id, refundCents: outcome.refundCents, creditReturned: b.packagePurchaseId !== null && !forfeited };
}

/** The pending orders of a booking's BOOKING line end (cancelled, coupon released, provider session ended). */
async function cancelPendingOrders(platform: Platform, bookingId: number): Promise<void> {
  const { db } = platform;
  const stamp = new Date().toISOString();
  const closed = await db
    .update(orders)
    .set({ status: 'cancelled', closedAt: stamp, failureReason: 'The booking was cancelled', updatedAt: stamp })
    .where(
      and(
        eq(orders.status, 'pending'),
        isNull(orders.paidAt),
        inArray(orders.id, db.select({ orderId: orderItems.orderId }).from(orderItems).where(and(eq(orderItems.kind, 'BOOKING'), eq(orderItems.itemId, bookingId)))),
      ),
    )
    .returning({ id: orders.id, providerSessionId: orders.providerSessionId });
  if (closed.length) await db.batch(closed.map((o) => releaseCouponStatement(db, o.id)) as [ReturnType<typeof releaseCouponStatement>]);
  await endPendingOrders(platform, closed);
}

/**
 * Suspension (decision 0032): every future active booking of the instructor is cancelled by the
 * system with a full refund (or the credit back). Answers how many were cancelled.
 */
export async function cancelFutureBookingsOf(platform: Platform, instructorId: number, reason: string, now: Date = new Date()): Promise<number> {
  const future = await loadBookingContexts(
    platform.db,
    sql`b.instructor_id = ${instructorId} AND b.status IN ('held', 'offered', 'confirmed') AND b.starts_at > ${now.toISOString()}`,
  );
  let cancelled = 0;
  for (const b of future) {
    try {
      await cancelBooking(platform, null, b.id, { by: 'system', reason }, now);
      cancelled++;
    } catch (err) {
      // One that changed meanwhile (the booker cancelled it) is left as it is.
      if (!(err instanceof AppError && err.status === 409)) throw err;
    }
  }
  return cancelled;
}
