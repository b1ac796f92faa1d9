import { and, eq, lt, sql } from 'drizzle-orm';
import { bookings } from '../../../../db/schema/index.ts';
import { generateSlots, localDateOf } from '../../domain/booking-slots.ts';
import { BOOKING_NOT_FOUND, isTimelyCancellation, RESCHEDULE_MAX, RESCHEDULE_NOT_ALLOWED, SLOT_TAKEN, SLOT_UNAVAILABLE } from '../../domain/bookings.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { uniqueViolation } from '../db-errors.ts';
import { emailBookingEvent, loadBookingContext, noticeStatements, type BookingContext } from './notices.ts';
import { lowestFreeSeat, noOverlap } from './seats.ts';
import { busyIntervals, loadSlotContext, type SlotContext } from './slots.ts';
import { offerFreedTime } from './waitlist.ts';
import type { SlotView } from '../../../../shared/bookings/views.ts';

/**
 * Moving a confirmed booking (decision 0032): by its booker, up to the cancellation deadline, at
 * most RESCHEDULE_MAX times, to an open slot of the same lesson type. The move is one conditional
 * UPDATE taking the lowest free seat at the new start; the partial unique index guards the seat,
 * so a lost race answers 409 SLOT_TAKEN with the day's other open slots. The ICS SEQUENCE moves
 * with reschedule_count, and the reminder is sent again for the new time.
 */

/** The open slots of the booking's type on the local day of `startsAt`, the booking's own seat not counted. */
async function slotsWithout(db: Db, ctx: SlotContext, b: BookingContext, startsAt: string, now: Date): Promise<SlotView[]> {
  const day = localDateOf(startsAt, ctx.rules.timeZone);
  const fromIso = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 86_400_000).toISOString();
  const toIso = new Date(Date.parse(`${day}T00:00:00Z`) + 3 * 86_400_000).toISOString();
  const busy = (await busyIntervals(db, b.instructorId, fromIso, toIso, now))
    .map((i) => (i.startsAt === b.startsAt && i.lessonTypeId === b.lessonTypeId ? { ...i, seatsTaken: i.seatsTaken - 1 } : i))
    .filter((i) => i.seatsTaken > 0);
  return generateSlots(ctx.rules, busy, { from: day, days: 1 }, now);
}

export async function rescheduleBooking(platform: Platform, userId: number, bookingId: number, startsAtInput: string, now: Date = new Date()): Promise<BookingContext> {
  const { db } = platform;
  const b = await loadBookingContext(db, bookingId);
  if (!b || b.userId !== userId) throw notFound(BOOKING_NOT_FOUND);
  if (b.status !== 'confirmed' || b.rescheduleCount >= RESCHEDULE_MAX || !isTimelyCancellation(b.startsAt, b.cancellationHours, now)) {
    throw conflict(RESCHEDULE_NOT_ALLOWED);
  }
  const startsAt = new Date(startsAtInput).toISOString();
  if (startsAt === b.startsAt) throw conflict(SLOT_UNAVAILABLE);
  let ctx: SlotContext;
  try {
    ctx = await loadSlotContext(db, b.instructorId, b.lessonTypeId);
  } catch {
    // The instructor left the directory or the type is no longer offered: nothing to move to.
    throw conflict(RESCHEDULE_NOT_ALLOWED);
  }
  const slots = await slotsWithout(db, ctx, b, startsAt, now);
  const slot = slots.find((s) => s.starts_at === startsAt);
  const alternatives = () => slots.filter((s) => !s.full && s.starts_at !== startsAt && s.starts_at !== b.startsAt);
  if (!slot) throw new AppError(409, SLOT_UNAVAILABLE, { details: { alternatives: alternatives() } });
  if (slot.full) throw new AppError(409, SLOT_TAKEN, { details: { alternatives: alternatives() } });

  const endsAt = slot.ends_at;
  const stamp = now.toISOString();
  const happened = sql`EXISTS (SELECT 1 FROM ${bookings} WHERE ${bookings.id} = ${b.id} AND ${bookings.startsAt} = ${startsAt} AND ${bookings.updatedAt} = ${stamp})`;
  const moved: BookingContext = { ...b, startsAt, endsAt, rescheduleCount: b.rescheduleCount + 1 };
  let changed: { id: number }[];
  try {
    const results = await db.batch([
      db
        .update(bookings)
        .set({
          startsAt,
          endsAt,
          seat: lowestFreeSeat(b.instructorId, startsAt),
          rescheduleCount: sql`${bookings.rescheduleCount} + 1`,
          reminderSentAt: null,
          updatedAt: stamp,
        })
        .where(
          and(
            eq(bookings.id, b.id),
            eq(bookings.status, 'confirmed'),
            eq(bookings.startsAt, b.startsAt),
            lt(bookings.rescheduleCount, RESCHEDULE_MAX),
            sql`${lowestFreeSeat(b.instructorId, startsAt)} <= ${ctx.lessonType.capacity}`,
            noOverlap(b.instructorId, startsAt, endsAt, ctx.profile.bufferMinutes, b.id),
          ),
        )
        .returning({ id: bookings.id }),
      ...noticeStatements(db, 'booking_rescheduled', moved, happened),
    ]);
    changed = results[0] as { id: number }[];
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError(409, SLOT_TAKEN, { details: { alternatives: alternatives() } });
    throw err;
  }
  if (changed.length === 0) {
    const now2 = await loadBookingContext(db, b.id);
    if (now2?.status !== 'confirmed' || now2.startsAt !== b.startsAt) throw conflict(RESCHEDULE_NOT_ALLOWED);
    throw new AppError(409, SLOT_TAKEN, { details: { alternatives: alternatives() } });
  }
  const after = (await loadBookingContext(db, b.id))!;
  await emailBookingEvent(platform, 'booking_rescheduled', after);
  await offerFreedTime(platform, b.instructorId, b.startsAt, b.endsAt, now);
  return after;
}
