import { and, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { bookings, packagePurchases } from '../../../../db/schema/index.ts';
import { generateSlots, localDateOf } from '../../domain/booking-slots.ts';
import {
  HOLDS_MAX_PER_USER,
  isTimeZone,
  newBookingNumber,
  NO_CREDITS,
  NOTE_MAX_LENGTH,
  OWN_BOOKING,
  SESSION_FULL,
  SLOT_TAKEN,
  SLOT_UNAVAILABLE,
  TIME_ZONE_INVALID,
  TOO_MANY_HOLDS,
} from '../../domain/bookings.ts';
import { CHECKOUT_SESSION_MINUTES } from '../../domain/orders.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { uniqueViolation } from '../db-errors.ts';
import { startCheckout } from '../payments/checkout.ts';
import { loadBookingViews } from './booking-views.ts';
import { emailBookingEvent, loadBookingContext } from './notices.ts';
import { confirmedNoticeStatements } from './payment.ts';
import { alternativesFor, loadSlotContext, slotsOf, type LessonTypeRow } from './slots.ts';
import type { BookingStarted, SlotView } from '../../../../shared/bookings/views.ts';
import { multiLine } from '../../schemas/text.ts';

/**
 * Holding a seat (decision 0032). A hold is one db.batch (one transaction; SQLite has one writer):
 * expire the instructor's stale holds, INSERT … SELECT the lowest free seat under the type's
 * capacity when no other session overlaps, read back. The partial unique index
 * bookings_active_seat_unique is the final guard: of two attempts at one seat, one inserts and the
 * other meets the index (or inserts nothing).
 */

/** The statuses that occupy a seat, as SQL. */
const ACTIVE = sql.raw(`('held', 'offered', 'confirmed')`);

export interface SeatInsertArgs {
  number: string;
  userId: number;
  instructorId: number;
  lessonType: Pick<LessonTypeRow, 'id' | 'kind' | 'title' | 'mode' | 'capacity'>;
  startsAt: string;
  endsAt: string;
  bufferMinutes: number;
  instructorTimeZone: string;
  bookerTimeZone: string;
  status: 'held' | 'offered' | 'confirmed';
  priceCents: number;
  note: string;
  holdExpiresAt: string | null;
  confirmedAt: string | null;
  /** Paid with a credit of this purchase: the insert also needs a credit left of it (of this user and lesson type, active). */
  packagePurchaseId?: number | null;
}

/** Credits of a purchase still free: total − its bookings that hold a seat or were cancelled late. Over `pp`. */
export const creditsLeftSql = sql`(pp.credits_total - (SELECT count(*) FROM bookings pb WHERE pb.package_purchase_id = pp.id
  AND (pb.status IN ${ACTIVE} OR pb.credit_forfeited = 1)))`;

/**
 * ONE `INSERT … SELECT` of a booking into the lowest free seat (1 … capacity) of the session
 * (instructor, starts_at). It inserts nothing when the session is full, when an active booking of
 * the instructor at the same start is of another lesson type or of the same person, when an active booking at another
 * start overlaps [start − buffer, end + buffer), or (with a package) when the purchase has no credit
 * left. Times are ISO instants as `toISOString()` writes them, so text order is time order.
 */
export function seatInsertStatement(db: Db, a: SeatInsertArgs) {
  const from = new Date(Date.parse(a.startsAt) - a.bufferMinutes * 60_000).toISOString();
  const to = new Date(Date.parse(a.endsAt) + a.bufferMinutes * 60_000).toISOString();
  const session = sql`b.instructor_id = ${a.instructorId} AND b.starts_at = ${a.startsAt} AND b.status IN ${ACTIVE}`;
  const credit: SQL | undefined = a.packagePurchaseId
    ? sql`EXISTS (SELECT 1 FROM package_purchases pp WHERE pp.id = ${a.packagePurchaseId} AND pp.user_id = ${a.userId}
        AND pp.status = 'active' AND pp.lesson_type_id = ${a.lessonType.id} AND ${creditsLeftSql} > 0)`
    : undefined;
  const free = sql`(SELECT min(c.seat) AS seat FROM (SELECT 1 AS seat UNION SELECT b.seat + 1 FROM bookings b WHERE ${session}) c
      WHERE c.seat <= ${a.lessonType.capacity}
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE ${session} AND b.seat = c.seat)) AS free`;
  return db.insert(bookings).select(
    db
      .select(
        insertSelection(bookings, {
          number: a.number,
          instructorId: a.instructorId,
          userId: a.userId,
          lessonTypeId: a.lessonType.id,
          kind: a.lessonType.kind,
          title: a.lessonType.title,
          mode: a.lessonType.mode,
          startsAt: a.startsAt,
          endsAt: a.endsAt,
          seat: sql`free.seat`,
          instructorTimeZone: a.instructorTimeZone,
          bookerTimeZone: a.bookerTimeZone,
          status: a.status,
          priceCents: a.priceCents,
          packagePurchaseId: a.packagePurchaseId ?? null,
          note: a.note,
          holdExpiresAt: a.holdExpiresAt,
          confirmedAt: a.confirmedAt,
        }),
      )
      .from(free)
      .where(
        and(
          sql`free.seat IS NOT NULL`,
          sql`NOT EXISTS (SELECT 1 FROM bookings b WHERE ${session} AND (b.lesson_type_id <> ${a.lessonType.id} OR b.user_id = ${a.userId}))`,
          sql`NOT EXISTS (SELECT 1 FROM bookings b WHERE b.instructor_id = ${a.instructorId} AND b.status IN ${ACTIVE}
            AND b.starts_at <> ${a.startsAt} AND b.starts_at < ${to} AND b.ends_at > ${from})`,
          credit,
        ),
      ),
  );
}

/**
 * The instructor's holds past `hold_expires_at` become expired (their seats free). Only `held`
 * rows: an `offered` row that ran out also moves its waitlist on, which the sweep does
 * (sweepBookings, services/bookings), not this statement.
 */
export function releaseStaleHoldsStatement(db: Db, instructorId: number, now: Date = new Date()) {
  const at = now.toISOString();
  return db
    .update(bookings)
    .set({ status: 'expired', holdExpiresAt: null, updatedAt: at })
    .where(and(eq(bookings.instructorId, instructorId), eq(bookings.status, 'held'), isNotNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, at)));
}

// ---------------------------------------------------------------------------------------------
// POST /api/bookings

const positiveId = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(Number.MAX_SAFE_INTEGER, `${label} is too large`);

export const STARTS_AT_INVALID = 'Choose a start time.';
export const PACKAGE_NOT_USABLE = 'Choose one of your packages for this lesson.';
export const ALREADY_BOOKED = 'You already have this time. Find it in My Bookings.';

export const holdBookingSchema = z.object({
  instructorId: positiveId('Instructor'),
  lessonTypeId: positiveId('Lesson type'),
  startsAt: z
    .string({ error: STARTS_AT_INVALID })
    .max(40, STARTS_AT_INVALID)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(Date.parse(v)), STARTS_AT_INVALID),
  note: multiLine(z.string({ error: 'Note must be text' }).trim().max(NOTE_MAX_LENGTH, `Note must be at most ${NOTE_MAX_LENGTH} characters`)).optional(),
  timeZone: z.string({ error: TIME_ZONE_INVALID }).refine(isTimeZone, TIME_ZONE_INVALID),
  packagePurchaseId: positiveId('Package').nullable().optional(),
});
export type HoldBookingInput = z.output<typeof holdBookingSchema>;

/** A 409 of a slot that could not be taken, with the other open slots of that day (SlotTakenDetails). */
function slotConflict(message: string, alternatives: SlotView[]): AppError {
  return new AppError(409, message, { details: { alternatives } });
}

/**
 * POST /api/bookings: holds a seat of an open slot and starts its checkout; with a package credit
 * or for a free lesson type the booking is confirmed at once (no checkout). `origin` is the
 * request's, for the provider's return links.
 */
export async function holdBooking(platform: Platform, user: { id: number }, input: HoldBookingInput, origin: string, now: Date = new Date()): Promise<BookingStarted> {
  const { db } = platform;
  if (input.instructorId === user.id) throw badRequest(OWN_BOOKING, { instructorId: [OWN_BOOKING] });
  const ctx = await loadSlotContext(db, input.instructorId, input.lessonTypeId);
  const startsAt = new Date(Date.parse(input.startsAt)).toISOString();
  const type = ctx.lessonType;

  const packageId = input.packagePurchaseId ?? null;
  if (packageId !== null) {
    const [purchase] = await db
      .select({ id: packagePurchases.id, lessonTypeId: packagePurchases.lessonTypeId, status: packagePurchases.status })
      .from(packagePurchases)
      .where(and(eq(packagePurchases.id, packageId), eq(packagePurchases.userId, user.id)));
    if (!purchase || purchase.lessonTypeId !== type.id || purchase.status !== 'active') throw badRequest(PACKAGE_NOT_USABLE, { packagePurchaseId: [PACKAGE_NOT_USABLE] });
    if ((await creditsLeft(db, packageId)) <= 0) throw new AppError(409, NO_CREDITS);
  }

  // One seat per person and session (a held one is completed from My Bookings).
  const [own] = await db.all<{ id: number }>(sql`SELECT id FROM bookings WHERE instructor_id = ${ctx.profile.userId} AND starts_at = ${startsAt}
    AND user_id = ${user.id} AND (status IN ('confirmed', 'offered') OR (status = 'held' AND hold_expires_at > ${now.toISOString()}))`);
  if (own) throw new AppError(409, ALREADY_BOOKED);
  // Unpaid holds keep seats from others: a person keeps a few at once, not a calendar's worth.
  if (packageId === null && type.priceCents > 0) {
    const [live] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM bookings
      WHERE user_id = ${user.id} AND status = 'held' AND hold_expires_at > ${now.toISOString()}`);
    if (Number(live?.n ?? 0) >= HOLDS_MAX_PER_USER) throw new AppError(409, TOO_MANY_HOLDS);
  }

  // The start must be one of the open slots right now.
  const day = await slotsOf(db, ctx, localDateOf(startsAt, ctx.rules.timeZone), 1, now);
  const slot = day.find((s) => s.starts_at === startsAt);
  if (!slot) {
    // A time the hours offer but a booking took is taken; any other time was never open.
    const offered = generateSlots(ctx.rules, [], { from: localDateOf(startsAt, ctx.rules.timeZone), days: 1 }, now).some((s) => s.starts_at === startsAt);
    throw slotConflict(offered ? SLOT_TAKEN : SLOT_UNAVAILABLE, await alternativesFor(db, ctx, startsAt, now));
  }
  if (slot.full) throw slotConflict(SESSION_FULL, await alternativesFor(db, ctx, startsAt, now));

  const free = packageId === null && type.priceCents === 0;
  const confirmed = packageId !== null || free;
  const number = newBookingNumber();
  const nowIso = now.toISOString();
  const thisBooking = sql`EXISTS (SELECT 1 FROM bookings WHERE number = ${number} AND status = 'confirmed')`;
  let inserted: { id: number }[] = [];
  try {
    const results = await db.batch([
      releaseStaleHoldsStatement(db, ctx.profile.userId, now),
      seatInsertStatement(db, {
        number,
        userId: user.id,
        instructorId: ctx.profile.userId,
        lessonType: type,
        startsAt,
        endsAt: slot.ends_at,
        bufferMinutes: ctx.profile.bufferMinutes,
        instructorTimeZone: ctx.profile.timeZone,
        bookerTimeZone: input.timeZone,
        status: confirmed ? 'confirmed' : 'held',
        priceCents: packageId !== null ? 0 : type.priceCents,
        note: input.note ?? '',
        holdExpiresAt: confirmed ? null : new Date(now.getTime() + (CHECKOUT_SESSION_MINUTES + 1) * 60_000).toISOString(),
        confirmedAt: confirmed ? nowIso : null,
        packagePurchaseId: packageId,
      }),
      ...(confirmed ? confirmedNoticeStatements(db, sql`b.number = ${number}`, thisBooking) : []),
      db.select({ id: bookings.id }).from(bookings).where(eq(bookings.number, number)),
    ]);
    inserted = results[results.length - 1] as { id: number }[];
  } catch (err) {
    if (uniqueViolation(err) === null) throw err;
  }
  const bookingId = inserted[0]?.id;
  if (bookingId === undefined) {
    if (packageId !== null && (await creditsLeft(db, packageId)) <= 0) throw new AppError(409, NO_CREDITS);
    throw slotConflict(type.capacity > 1 ? SESSION_FULL : SLOT_TAKEN, await alternativesFor(db, ctx, startsAt, now));
  }

  if (confirmed) {
    await notifyBookingConfirmed(platform, bookingId);
    const [booking] = await loadBookingViews(db, { ids: [bookingId] });
    return { booking: booking!, checkoutUrl: null };
  }

  let checkoutUrl: string;
  try {
    const started = await startCheckout(platform, user.id, { items: [{ type: 'BOOKING', itemId: bookingId }] }, origin);
    checkoutUrl = started.checkoutUrl;
    await db.update(bookings).set({ orderId: started.order.id, updatedAt: new Date().toISOString() }).where(eq(bookings.id, bookingId));
  } catch (err) {
    await db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: null, updatedAt: new Date().toISOString() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held')));
    throw err;
  }
  const [booking] = await loadBookingViews(db, { ids: [bookingId] });
  return { booking: booking!, checkoutUrl };
}

async function creditsLeft(db: Db, purchaseId: number): Promise<number> {
  const [row] = await db.all<{ left: number }>(sql`SELECT ${creditsLeftSql} AS "left" FROM package_purchases pp WHERE pp.id = ${purchaseId}`);
  return Number(row?.left ?? 0);
}

/**
 * The email (with the ICS) of a booking confirmed without a payment (a credit, a free lesson);
 * the in-app notices were written in the confirming batch. A failed email never undoes the booking.
 */
export async function notifyBookingConfirmed(platform: Platform, bookingId: number): Promise<void> {
  try {
    const ctx = await loadBookingContext(platform.db, bookingId);
    if (ctx) await emailBookingEvent(platform, 'booking_confirmed', ctx);
  } catch (err) {
    console.error(`The confirmation email of booking ${bookingId} could not be written`, err instanceof Error ? err.message : err);
  }
}
