import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { bookings, bookingWaitlist } from '../../../../db/schema/index.ts';
import { NO_CREDITS, OFFER_EXPIRED, WAITLIST_EXISTS, WAITLIST_NOT_NEEDED, WAITLIST_OFFER_MINUTES, newBookingNumber, isTimeZone, TIME_ZONE_INVALID, LESSON_TYPE_NOT_FOUND, OWN_BOOKING, SLOT_UNAVAILABLE } from '../../domain/bookings.ts';
import { CHECKOUT_SESSION_MINUTES } from '../../domain/orders.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { generateSlots, localDateOf } from '../../domain/booking-slots.ts';
import { loadSlotContext, slotsOf, type LessonTypeRow, type ProfileRow } from './slots.ts';
import { uniqueViolation } from '../db-errors.ts';
import { startCheckout } from '../payments/checkout.ts';
import { emailBookingEvent, loadBookingContext, noticeStatements } from './notices.ts';
import { ACTIVE_IN, lowestFreeSeat, noOverlap } from './seats.ts';
import type { WaitlistView } from '../../../../shared/bookings/views.ts';

/**
 * The waitlist of a session (decision 0032): a person waits for a full group session or a taken
 * slot; when a seat frees (a cancellation, a decline, an offer that ran out) the first waiter is
 * offered it: a booking row with status offered keeps the place for WAITLIST_OFFER_MINUTES (never
 * past the start less the minimum notice). Accepting is paying for it (or using a credit).
 */

export const WAITLIST_NOT_FOUND = 'Waitlist entry not found';

/** A waiter of the session, with what an offer to them copies from the lesson type and the profile. */
type Waiter = Pick<typeof bookingWaitlist.$inferSelect, 'id' | 'userId' | 'lessonTypeId' | 'startsAt' | 'bookerTimeZone'> &
  Pick<LessonTypeRow, 'durationMinutes' | 'kind' | 'title' | 'mode' | 'priceCents' | 'capacity'> &
  Pick<ProfileRow, 'timeZone' | 'bufferMinutes' | 'minNoticeMinutes'>;

/** When an offer made at `now` for a session starting at `startsAt` runs out (null: too late to offer). */
export function offerExpiry(startsAt: string, minNoticeMinutes: number, now: Date): string | null {
  const latest = Date.parse(startsAt) - minNoticeMinutes * 60_000;
  const expires = Math.min(now.getTime() + WAITLIST_OFFER_MINUTES * 60_000, latest);
  return expires > now.getTime() ? new Date(expires).toISOString() : null;
}

/**
 * Offers the freed seats of a session to its waiters, oldest first, while a seat is free. Each
 * offer is one batch: the conditional INSERT … SELECT of the offered booking at the lowest free
 * seat (nothing when the session is full or another session overlaps), the waiter's row moved to
 * offered only if that insert happened, and the notice. Answers the offered booking ids.
 */
export async function offerFreedSeats(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, instructorId: number, startsAt: string, now: Date = new Date()): Promise<number[]> {
  const { db } = platform;
  const offered: number[] = [];
  // A waiter who meanwhile booked the session directly waits no more.
  await db
    .update(bookingWaitlist)
    .set({ status: 'booked', updatedAt: now.toISOString() })
    .where(
      and(
        eq(bookingWaitlist.instructorId, instructorId),
        eq(bookingWaitlist.startsAt, startsAt),
        eq(bookingWaitlist.status, 'waiting'),
        sql`EXISTS (SELECT 1 FROM bookings x WHERE x.user_id = ${bookingWaitlist.userId} AND x.instructor_id = ${instructorId}
          AND x.starts_at = ${startsAt} AND x.status IN ${ACTIVE_IN})`,
      ),
    );
  for (let round = 0; round < 100; round++) {
    const [waiter] = await db.all<Waiter>(sql`SELECT w.id, w.user_id AS userId, w.lesson_type_id AS lessonTypeId, w.starts_at AS startsAt,
        w.booker_time_zone AS bookerTimeZone, lt.duration_minutes AS durationMinutes, lt.kind, lt.title, lt.mode, lt.price_cents AS priceCents,
        lt.capacity, p.time_zone AS timeZone, p.buffer_minutes AS bufferMinutes, p.min_notice_minutes AS minNoticeMinutes
      FROM booking_waitlist w JOIN lesson_types lt ON lt.id = w.lesson_type_id JOIN instructor_profiles p ON p.user_id = w.instructor_id
      WHERE w.instructor_id = ${instructorId} AND w.starts_at = ${startsAt} AND w.status = 'waiting' AND p.status = 'published'
      ORDER BY w.created_at, w.id LIMIT 1`);
    if (!waiter) break;
    const expiresAt = offerExpiry(waiter.startsAt, waiter.minNoticeMinutes, now);
    if (!expiresAt) {
      // Too late to offer this session to anyone: the waits end.
      await db
        .update(bookingWaitlist)
        .set({ status: 'expired', updatedAt: now.toISOString() })
        .where(and(eq(bookingWaitlist.instructorId, instructorId), eq(bookingWaitlist.startsAt, startsAt), eq(bookingWaitlist.status, 'waiting')));
      break;
    }
    const number = newBookingNumber();
    const endsAt = new Date(Date.parse(waiter.startsAt) + waiter.durationMinutes * 60_000).toISOString();
    const seat = lowestFreeSeat(instructorId, waiter.startsAt);
    const inserted = sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.number} = ${number})`;
    try {
      const results = await db.batch([
        db.insert(bookings).select(
          db
            .select(
              insertSelection(bookings, {
                number,
                instructorId,
                userId: waiter.userId,
                lessonTypeId: waiter.lessonTypeId,
                kind: waiter.kind,
                title: waiter.title,
                mode: waiter.mode,
                startsAt: waiter.startsAt,
                endsAt,
                seat: sql`s.seat`,
                instructorTimeZone: waiter.timeZone,
                bookerTimeZone: waiter.bookerTimeZone,
                status: 'offered',
                priceCents: waiter.priceCents,
                holdExpiresAt: expiresAt,
              }),
            )
            .from(sql`(SELECT ${seat} AS seat) s`)
            .where(
              and(
                sql`s.seat IS NOT NULL AND s.seat <= ${waiter.capacity}`,
                sql`EXISTS (SELECT 1 FROM booking_waitlist w WHERE w.id = ${waiter.id} AND w.status = 'waiting')`,
                sql`NOT EXISTS (SELECT 1 FROM bookings x WHERE x.instructor_id = ${instructorId} AND x.starts_at = ${waiter.startsAt}
                  AND x.status IN ${ACTIVE_IN} AND x.lesson_type_id <> ${waiter.lessonTypeId})`,
                noOverlap(instructorId, waiter.startsAt, endsAt, waiter.bufferMinutes),
              ),
            ),
        ),
        db
          .update(bookingWaitlist)
          .set({
            status: 'offered',
            offeredBookingId: sql`(SELECT ${bookings.id} FROM ${bookings} WHERE ${bookings.number} = ${number})`,
            offerExpiresAt: expiresAt,
            updatedAt: now.toISOString(),
          })
          .where(and(eq(bookingWaitlist.id, waiter.id), eq(bookingWaitlist.status, 'waiting'), inserted)),
        db.select({ id: bookings.id }).from(bookings).where(eq(bookings.number, number)),
      ]);
      const id = results[2][0]?.id;
      if (id === undefined) break; // no seat is free (or another session overlaps): the waiters keep waiting
      offered.push(id);
      const context = await loadBookingContext(db, id);
      if (context) {
        await db.batch([noticeStatements(db, 'waitlist_offer', context, sql`1`)[0]!]);
        await emailBookingEvent(platform, 'waitlist_offer', context);
      }
    } catch (err) {
      if (uniqueViolation(err)) continue; // a hold took the seat meanwhile: try the next free one
      throw err;
    }
  }
  return offered;
}

/**
 * Whether a start of the lesson type can be booked now (open), is a full group session (full), a
 * slot another booking took (taken), or no slot at all (unavailable: outside the hours, too soon).
 */
export async function slotState(db: Db, instructorId: number, lessonTypeId: number, startsAtInput: string, now: Date): Promise<'open' | 'full' | 'taken' | 'unavailable'> {
  const startsAt = new Date(startsAtInput).toISOString();
  const ctx = await loadSlotContext(db, instructorId, lessonTypeId);
  const day = localDateOf(startsAt, ctx.rules.timeZone);
  const slot = (await slotsOf(db, ctx, day, 1, now)).find((s) => s.starts_at === startsAt);
  if (slot) return slot.full ? 'full' : 'open';
  if (Date.parse(startsAt) < now.getTime() + ctx.rules.minNoticeMinutes * 60_000) return 'unavailable';
  // Left out because it is taken: the same slot without the bookings would be open.
  const free = generateSlots(ctx.rules, [], { from: day, days: 1 }, now).some((s) => s.starts_at === startsAt);
  return free ? 'taken' : 'unavailable';
}

/** The longest a lesson and its buffers reach from its start (480 minutes + 240 on each side). */
const REACH_MS = (480 + 2 * 240) * 60_000;

/**
 * A booking [startsAt, endsAt) let go: its own session's waiters, and those of sessions it kept
 * from being booked by overlapping them, are offered what is now free (each offer checks it).
 */
export async function offerFreedTime(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, instructorId: number, startsAt: string, endsAt: string, now: Date = new Date()): Promise<number[]> {
  const from = new Date(Date.parse(startsAt) - REACH_MS).toISOString();
  const sessions = await platform.db.all<{ startsAt: string }>(sql`SELECT DISTINCT starts_at AS startsAt FROM booking_waitlist
    WHERE instructor_id = ${instructorId} AND status = 'waiting' AND starts_at > ${from} AND starts_at < ${endsAt} AND starts_at <> ${startsAt}
    ORDER BY starts_at`);
  const offered = await offerFreedSeats(platform, instructorId, startsAt, now);
  for (const s of sessions) offered.push(...(await offerFreedSeats(platform, instructorId, s.startsAt, now)));
  return offered;
}

/**
 * The sweep's catch-up: sessions still to come whose waiters wait while a seat may be free (a
 * seat freed where no offer was made, e.g. a checkout that ended unpaid). At most `limit`.
 */
export async function offerWaitingSessions(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, now: Date = new Date(), limit = 50): Promise<number> {
  const sessions = await platform.db.all<{ instructorId: number; startsAt: string }>(sql`SELECT DISTINCT instructor_id AS instructorId, starts_at AS startsAt
    FROM booking_waitlist WHERE status = 'waiting' AND starts_at > ${now.toISOString()} ORDER BY starts_at LIMIT ${limit}`);
  let offered = 0;
  for (const s of sessions) offered += (await offerFreedSeats(platform, s.instructorId, s.startsAt, now)).length;
  return offered;
}

/** The view of one user's waits. */
export async function listWaitlist(platform: Pick<Platform, 'db'>, userId: number): Promise<WaitlistView[]> {
  const rows = await platform.db.all<{
    id: number;
    status: WaitlistView['status'];
    instructorId: number;
    instructorName: string;
    photoUrl: string | null;
    lessonTypeId: number;
    title: string;
    startsAt: string;
    bookerTimeZone: string;
    instructorTimeZone: string | null;
    offeredBookingId: number | null;
    offerExpiresAt: string | null;
    position: number | null;
    createdAt: string;
  }>(sql`SELECT w.id, w.status, w.instructor_id AS instructorId,
      CASE WHEN trim(u.first_name || ' ' || u.last_name) <> '' THEN trim(u.first_name || ' ' || u.last_name) ELSE u.username END AS instructorName,
      p.photo_url AS photoUrl, w.lesson_type_id AS lessonTypeId, lt.title, w.starts_at AS startsAt, w.booker_time_zone AS bookerTimeZone, p.time_zone AS instructorTimeZone,
      w.offered_booking_id AS offeredBookingId, w.offer_expires_at AS offerExpiresAt, w.created_at AS createdAt,
      CASE WHEN w.status = 'waiting' THEN (SELECT count(*) FROM booking_waitlist o WHERE o.instructor_id = w.instructor_id AND o.starts_at = w.starts_at
        AND o.status = 'waiting' AND (o.created_at < w.created_at OR (o.created_at = w.created_at AND o.id <= w.id))) END AS position
    FROM booking_waitlist w JOIN users u ON u.id = w.instructor_id JOIN lesson_types lt ON lt.id = w.lesson_type_id
    LEFT JOIN instructor_profiles p ON p.user_id = w.instructor_id
    WHERE w.user_id = ${userId} AND w.status IN ('waiting', 'offered')
    ORDER BY w.starts_at, w.id`);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    instructor: { id: r.instructorId, name: r.instructorName, photo_url: r.photoUrl },
    lesson_type_id: r.lessonTypeId,
    title: r.title,
    starts_at: r.startsAt,
    booker_time_zone: r.bookerTimeZone,
    // The instructor's wall time is shown beside the booker's (decision 0068).
    instructor_time_zone: r.instructorTimeZone ?? r.bookerTimeZone,
    offered_booking_id: r.status === 'offered' ? r.offeredBookingId : null,
    offer_expires_at: r.status === 'offered' ? r.offerExpiresAt : null,
    position: r.position === null ? null : Number(r.position),
    created_at: r.createdAt,
  }));
}

export interface JoinWaitlistInput {
  instructorId: number;
  lessonTypeId: number;
  startsAt: string;
  timeZone: string;
}

/**
 * POST /api/waitlist: only for a session that is full or a slot that is taken (a free one is
 * booked directly: WAITLIST_NOT_NEEDED); once per person and session (WAITLIST_EXISTS).
 * `isOpen` tells whether the slot is still open for booking (the slot generator's answer).
 */
export async function joinWaitlist(platform: Pick<Platform, 'db'>, userId: number, input: JoinWaitlistInput, now: Date = new Date()): Promise<WaitlistView> {
  const { db } = platform;
  if (!isTimeZone(input.timeZone)) throw badRequest(TIME_ZONE_INVALID, { timeZone: [TIME_ZONE_INVALID] });
  const [type] = await db.all<{ id: number; capacity: number }>(sql`SELECT lt.id, lt.capacity FROM lesson_types lt
    JOIN instructor_profiles p ON p.user_id = lt.instructor_id
    WHERE lt.id = ${input.lessonTypeId} AND lt.instructor_id = ${input.instructorId} AND lt.active = 1 AND p.status = 'published'`);
  if (!type) throw notFound(LESSON_TYPE_NOT_FOUND);
  if (input.instructorId === userId) throw conflict(OWN_BOOKING);
  const state = await slotState(db, input.instructorId, input.lessonTypeId, input.startsAt, now);
  if (state === 'open') throw conflict(WAITLIST_NOT_NEEDED);
  if (state === 'unavailable') throw conflict(SLOT_UNAVAILABLE);
  const startsAt = new Date(input.startsAt).toISOString();
  // Already holding a place in that session: nothing to wait for.
  const [mine] = await db.all(sql`SELECT 1 FROM bookings WHERE user_id = ${userId} AND instructor_id = ${input.instructorId} AND starts_at = ${startsAt} AND status IN ${ACTIVE_IN}`);
  if (mine) throw conflict(WAITLIST_EXISTS);
  try {
    await db
      .insert(bookingWaitlist)
      .values({ userId, instructorId: input.instructorId, lessonTypeId: input.lessonTypeId, startsAt, bookerTimeZone: input.timeZone });
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(WAITLIST_EXISTS);
    throw err;
  }
  const list = await listWaitlist(platform, userId);
  return list.find((w) => w.lesson_type_id === input.lessonTypeId && w.starts_at === startsAt)!;
}

/** DELETE /api/waitlist/{id}: leaves the wait; a running offer is given up (its seat goes to the next waiter). */
export async function leaveWaitlist(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, userId: number, id: number, now: Date = new Date()): Promise<void> {
  const { db } = platform;
  const [row] = await db.all<{ id: number; status: string; instructorId: number; startsAt: string; offeredBookingId: number | null }>(sql`SELECT id, status,
      instructor_id AS instructorId, starts_at AS startsAt, offered_booking_id AS offeredBookingId
    FROM booking_waitlist WHERE id = ${id} AND user_id = ${userId} AND status IN ('waiting', 'offered')`);
  if (!row) throw notFound(WAITLIST_NOT_FOUND);
  const stamp = now.toISOString();
  await db.batch([
    db
      .update(bookingWaitlist)
      .set({ status: 'left', updatedAt: stamp })
      .where(and(eq(bookingWaitlist.id, id), inArray(bookingWaitlist.status, ['waiting', 'offered']))),
    db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: null, updatedAt: stamp })
      .where(and(eq(bookings.id, row.offeredBookingId ?? 0), eq(bookings.userId, userId), eq(bookings.status, 'offered'))),
  ]);
  if (row.status === 'offered') await offerFreedSeats(platform, row.instructorId, row.startsAt, now);
}

/**
 * POST /api/waitlist/{id}/accept: the offered place becomes the waiter's booking. With a package
 * credit it is confirmed at once (conditional on a credit being left); else it becomes a held
 * booking with a checkout of one BOOKING line, paid like any booking.
 */
export async function acceptOffer(
  platform: Platform,
  userId: number,
  id: number,
  input: { packagePurchaseId?: number },
  requestOrigin: string,
  now: Date = new Date(),
): Promise<{ bookingId: number; checkoutUrl: string | null }> {
  const { db } = platform;
  const [row] = await db.all<{ bookingId: number | null; holdExpiresAt: string | null; lessonTypeId: number; status: string }>(sql`SELECT w.offered_booking_id AS bookingId,
      b.hold_expires_at AS holdExpiresAt, w.lesson_type_id AS lessonTypeId, b.status
    FROM booking_waitlist w LEFT JOIN bookings b ON b.id = w.offered_booking_id
    WHERE w.id = ${id} AND w.user_id = ${userId}`);
  if (!row) throw notFound(WAITLIST_NOT_FOUND);
  const stamp = now.toISOString();
  if (!row.bookingId || row.status !== 'offered' || !row.holdExpiresAt || row.holdExpiresAt <= stamp) throw conflict(OFFER_EXPIRED);
  const bookingId = row.bookingId;
  const offered = and(eq(bookings.id, bookingId), eq(bookings.userId, userId), eq(bookings.status, 'offered'), gt(bookings.holdExpiresAt, stamp));

  if (input.packagePurchaseId !== undefined) {
    const credit = sql`EXISTS (SELECT 1 FROM package_purchases pp WHERE pp.id = ${input.packagePurchaseId} AND pp.user_id = ${userId}
      AND pp.status = 'active' AND pp.lesson_type_id = ${row.lessonTypeId}
      AND pp.credits_total > (SELECT count(*) FROM bookings u WHERE u.package_purchase_id = pp.id
        AND (u.status IN ${ACTIVE_IN} OR (u.status = 'cancelled' AND u.credit_forfeited = 1))))`;
    const context = await loadBookingContext(db, bookingId);
    const happened = sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.id} = ${bookingId} AND ${bookings.status} = 'confirmed' AND ${bookings.confirmedAt} = ${stamp})`;
    await db.batch([
      db
        .update(bookings)
        .set({ status: 'confirmed', packagePurchaseId: input.packagePurchaseId, confirmedAt: stamp, holdExpiresAt: null, updatedAt: stamp })
        .where(and(offered, credit)),
      db
        .update(bookingWaitlist)
        .set({ status: 'booked', updatedAt: stamp })
        .where(and(eq(bookingWaitlist.id, id), happened)),
      ...noticeStatements(db, 'booking_confirmed', { ...context!, status: 'confirmed' }, happened),
    ]);
    const after = await loadBookingContext(db, bookingId);
    if (after?.status !== 'confirmed') throw conflict(NO_CREDITS);
    await emailBookingEvent(platform, 'booking_confirmed', after);
    return { bookingId, checkoutUrl: null };
  }

  const holdUntil = new Date(now.getTime() + (CHECKOUT_SESSION_MINUTES + 1) * 60_000).toISOString();
  const [moved] = await db
    .update(bookings)
    .set({ status: 'held', holdExpiresAt: holdUntil, updatedAt: stamp })
    .where(offered)
    .returning({ id: bookings.id });
  if (!moved) throw conflict(OFFER_EXPIRED);
  try {
    const started = await startCheckout(platform, userId, { items: [{ type: 'BOOKING', itemId: bookingId }] }, requestOrigin);
    await db.batch([
      db.update(bookings).set({ orderId: started.order.id }).where(eq(bookings.id, bookingId)),
      db.update(bookingWaitlist).set({ status: 'booked', updatedAt: stamp }).where(eq(bookingWaitlist.id, id)),
    ]);
    return { bookingId, checkoutUrl: started.checkoutUrl };
  } catch (err) {
    // The place stays offered until the offer's own end.
    await db
      .update(bookings)
      .set({ status: 'offered', holdExpiresAt: row.holdExpiresAt })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held'), isNull(bookings.orderId)));
    if (err instanceof AppError) throw err;
    throw err;
  }
}
