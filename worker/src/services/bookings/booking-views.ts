import { sql, type SQL } from 'drizzle-orm';
import type { bookings } from '../../../../db/schema/index.ts';
import { BOOKING_STATUS_LABELS, cancellationDeadline, cancellationOutcome, isTimelyCancellation, RESCHEDULE_MAX, type BookingStatus } from '../../domain/bookings.ts';
import { dollars } from '../../domain/orders.ts';
import type { Db } from '../../platform/db.ts';
import type { BookingView } from '../../../../shared/bookings/views.ts';

/**
 * Bookings as people see them (decision 0032): the booker's My Bookings, the instructor's list,
 * the admin's list and the detail. What a booking allows now (cancel, reschedule, review) and
 * what cancelling would give back are computed here, as of `now`, from the profile's policy.
 */

export type BookingScope = 'upcoming' | 'past' | 'cancelled' | 'all';

export interface BookingFilter {
  ids?: number[];
  /** As booker. */
  userId?: number;
  instructorId?: number;
  /**
   * upcoming: held/offered/confirmed and not ended (soonest first); cancelled: the cancelled and
   * declined ones, whenever they were to start (latest first); past: the rest (latest first).
   */
  scope?: BookingScope;
  statuses?: BookingStatus[];
  /** Add the booker's email (the instructor's and the admin's lists). */
  withBookerEmail?: boolean;
  limit?: number;
  offset?: number;
}

/** A booking as the lists read it: its own columns, with its people, order, profile facts and review. */
type Row = Pick<
  typeof bookings.$inferSelect,
  | 'id'
  | 'number'
  | 'status'
  | 'instructorId'
  | 'userId'
  | 'lessonTypeId'
  | 'kind'
  | 'title'
  | 'mode'
  | 'startsAt'
  | 'endsAt'
  | 'instructorTimeZone'
  | 'bookerTimeZone'
  | 'priceCents'
  | 'orderId'
  | 'packagePurchaseId'
  | 'note'
  | 'rescheduleCount'
  | 'holdExpiresAt'
  | 'cancelledAt'
  | 'cancelledBy'
  | 'cancelReason'
  | 'refundCents'
  | 'createdAt'
> & {
  instructorName: string;
  instructorPhoto: string | null;
  bookerName: string;
  bookerEmail: string | null;
  orderNumber: string | null;
  orderStatus: string | null;
  orderCheckoutUrl: string | null;
  paidCents: number | null;
  meetingUrl: string | null;
  city: string | null;
  state: string | null;
  cancellationHours: number | null;
  reviewId: number | null;
  reviewRating: number | null;
  reviewComment: string | null;
  reviewCreatedAt: string | null;
};

const name = (alias: string) =>
  sql.raw(`CASE WHEN trim(${alias}.first_name || ' ' || ${alias}.last_name) <> '' THEN trim(${alias}.first_name || ' ' || ${alias}.last_name) ELSE ${alias}.username END`);

/** The conditions of a filter over `b`. */
export function bookingFilterSql(filter: BookingFilter, now: Date): SQL {
  const at = now.toISOString();
  const parts: SQL[] = [sql`1 = 1`];
  if (filter.ids) parts.push(filter.ids.length ? sql`b.id IN (${sql.join(filter.ids.map((id) => sql`${id}`), sql`, `)})` : sql`0`);
  if (filter.userId !== undefined) parts.push(sql`b.user_id = ${filter.userId}`);
  if (filter.instructorId !== undefined) parts.push(sql`b.instructor_id = ${filter.instructorId}`);
  if (filter.statuses) parts.push(filter.statuses.length ? sql`b.status IN (${sql.join(filter.statuses.map((s) => sql`${s}`), sql`, `)})` : sql`0`);
  const upcoming = sql`(b.ends_at > ${at} AND (b.status IN ('confirmed', 'offered') OR (b.status = 'held' AND b.hold_expires_at > ${at})))`;
  const ended = sql`b.status IN ('cancelled', 'declined')`;
  if (filter.scope === 'upcoming') parts.push(upcoming);
  if (filter.scope === 'past') parts.push(sql`NOT ${upcoming} AND NOT ${ended}`);
  if (filter.scope === 'cancelled') parts.push(ended);
  return sql.join(parts, sql` AND `);
}

/** The bookings of the filter as BookingView, as of `now`. */
export async function loadBookingViews(db: Db, filter: BookingFilter, now: Date = new Date()): Promise<BookingView[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  const order = filter.scope === 'past' || filter.scope === 'cancelled' ? sql`b.starts_at DESC, b.id DESC` : sql`b.starts_at ASC, b.id ASC`;
  const page = filter.limit !== undefined ? sql`LIMIT ${filter.limit} OFFSET ${filter.offset ?? 0}` : sql``;
  const rows = await db.all<Row>(sql`SELECT b.id, b.number, b.status, b.instructor_id AS instructorId, ${name('iu')} AS instructorName, p.photo_url AS instructorPhoto,
      b.user_id AS userId, ${name('bu')} AS bookerName, bu.email AS bookerEmail,
      b.lesson_type_id AS lessonTypeId, b.kind, b.title, b.mode, b.starts_at AS startsAt, b.ends_at AS endsAt,
      b.instructor_time_zone AS instructorTimeZone, b.booker_time_zone AS bookerTimeZone, b.price_cents AS priceCents,
      b.order_id AS orderId, o.number AS orderNumber, o.status AS orderStatus, o.checkout_url AS orderCheckoutUrl,
      (SELECT oi.total_cents FROM order_items oi WHERE oi.order_id = b.order_id AND oi.kind = 'BOOKING' AND oi.item_id = b.id LIMIT 1) AS paidCents,
      b.package_purchase_id AS packagePurchaseId, b.note, p.meeting_url AS meetingUrl, p.city, p.state, p.cancellation_hours AS cancellationHours,
      b.reschedule_count AS rescheduleCount, b.hold_expires_at AS holdExpiresAt, b.cancelled_at AS cancelledAt, b.cancelled_by AS cancelledBy,
      b.cancel_reason AS cancelReason, b.refund_cents AS refundCents, b.created_at AS createdAt,
      r.id AS reviewId, r.rating AS reviewRating, r.comment AS reviewComment, r.created_at AS reviewCreatedAt
    FROM bookings b
    JOIN users iu ON iu.id = b.instructor_id
    JOIN users bu ON bu.id = b.user_id
    LEFT JOIN instructor_profiles p ON p.user_id = b.instructor_id
    LEFT JOIN orders o ON o.id = b.order_id
    LEFT JOIN instructor_reviews r ON r.booking_id = b.id
    WHERE ${bookingFilterSql(filter, now)}
    ORDER BY ${order} ${page}`);
  return rows.map((row) => bookingView(row, now, filter.withBookerEmail ?? false));
}

/** How many bookings the filter selects (for pages). */
export async function countBookings(db: Db, filter: BookingFilter, now: Date = new Date()): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM bookings b WHERE ${bookingFilterSql(filter, now)}`);
  return Number(row?.n ?? 0);
}

function bookingView(row: Row, now: Date, withEmail: boolean): BookingView {
  const at = now.getTime();
  const started = Date.parse(row.startsAt) <= at;
  const completed = row.status === 'confirmed' && Date.parse(row.endsAt) <= at;
  const hours = row.cancellationHours ?? 24;
  const paidWith: BookingView['paid_with'] = row.packagePurchaseId !== null ? 'package' : row.orderId !== null ? 'card' : row.priceCents === 0 ? 'free' : 'card';
  const paidCents = row.status === 'confirmed' && paidWith === 'card' && (row.orderStatus === 'paid' || row.orderStatus === 'partially_refunded') ? (row.paidCents ?? row.priceCents) : 0;
  const liveHold = row.status === 'held' && row.holdExpiresAt !== null && Date.parse(row.holdExpiresAt) > at;
  const canCancel = !started && (row.status === 'confirmed' || liveHold);
  const outcome = cancellationOutcome('booker', { startsAt: row.startsAt, paidCents }, hours, now);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    status_label: completed ? BOOKING_STATUS_LABELS.completed : BOOKING_STATUS_LABELS[row.status],
    completed,
    instructor: { id: row.instructorId, name: row.instructorName, photo_url: row.instructorPhoto },
    booker: withEmail ? { id: row.userId, name: row.bookerName, email: row.bookerEmail } : { id: row.userId, name: row.bookerName },
    lesson_type_id: row.lessonTypeId,
    kind: row.kind,
    title: row.title,
    mode: row.mode,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    instructor_time_zone: row.instructorTimeZone,
    booker_time_zone: row.bookerTimeZone,
    price_cents: row.priceCents,
    price: dollars(row.priceCents),
    paid_with: paidWith,
    order_number: row.orderNumber,
    package_purchase_id: row.packagePurchaseId,
    note: row.note,
    join_url: row.mode === 'online' && row.status === 'confirmed' ? row.meetingUrl : null,
    location: row.mode === 'in_person' ? [row.city, row.state].filter(Boolean).join(', ') || null : null,
    cancellation_deadline: cancellationDeadline(row.startsAt, hours).toISOString(),
    can_cancel: canCancel,
    refund_if_cancelled_cents: canCancel && row.status === 'confirmed' ? outcome.refundCents : 0,
    credit_returns_if_cancelled: canCancel && row.status === 'confirmed' && paidWith === 'package' ? outcome.creditReturns : false,
    can_reschedule: row.status === 'confirmed' && !started && isTimelyCancellation(row.startsAt, hours, now) && row.rescheduleCount < RESCHEDULE_MAX,
    can_review: completed && row.reviewId === null,
    review:
      row.reviewId === null
        ? null
        : {
            id: row.reviewId,
            rating: row.reviewRating ?? 0,
            comment: row.reviewComment ?? '',
            reviewer_name: row.bookerName,
            lesson_title: row.title,
            created_at: row.reviewCreatedAt ?? '',
          },
    hold_expires_at: row.status === 'held' || row.status === 'offered' ? row.holdExpiresAt : null,
    checkout_url: liveHold && row.orderStatus === 'pending' ? row.orderCheckoutUrl : null,
    cancelled_at: row.cancelledAt,
    cancelled_by: row.cancelledBy,
    cancel_reason: row.cancelReason,
    refund_cents: row.refundCents,
    created_at: row.createdAt,
  };
}
