import { and, asc, eq, sql } from 'drizzle-orm';
import { availabilityOverrides, availabilityRules, instructorProfiles, lessonTypes, users } from '../../../../db/schema/index.ts';
import { addDays, generateSlots, localDateOf, todayIn, type BusyInterval, type SlotRules } from '../../domain/booking-slots.ts';
import { INSTRUCTOR_NOT_FOUND, LESSON_TYPE_NOT_FOUND } from '../../domain/bookings.ts';
import { notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { toLessonTypeView } from '../connect/profile-views.ts';
import type { SlotsAnswer, SlotView } from '../../../../shared/bookings/views.ts';

/**
 * Open slots read from the database (decision 0032): the profile's rules and hours, the lesson
 * type, and the instructor's active bookings, handed to the pure generator. The hold (holds.ts)
 * asks the same question right before it takes a seat.
 */

export type LessonTypeRow = typeof lessonTypes.$inferSelect;
export type ProfileRow = typeof instructorProfiles.$inferSelect;

export const DEFAULT_SLOT_DAYS = 7;

export interface SlotContext {
  profile: ProfileRow;
  instructorName: string;
  lessonType: LessonTypeRow;
  rules: SlotRules;
}

/**
 * A published profile of an active user and one of its active lesson types, with the hours, or
 * 404 INSTRUCTOR_NOT_FOUND / LESSON_TYPE_NOT_FOUND.
 */
export async function loadSlotContext(db: Db, instructorId: number, lessonTypeId: number): Promise<SlotContext> {
  const [[found], [lessonType], weekly, overrides] = await Promise.all([
    db
      .select({ profile: instructorProfiles, firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(instructorProfiles)
      .innerJoin(users, eq(users.id, instructorProfiles.userId))
      .where(and(eq(instructorProfiles.userId, instructorId), eq(instructorProfiles.status, 'published'), eq(users.isActive, true))),
    db
      .select()
      .from(lessonTypes)
      .where(and(eq(lessonTypes.id, lessonTypeId), eq(lessonTypes.instructorId, instructorId), eq(lessonTypes.active, true))),
    db.select().from(availabilityRules).where(eq(availabilityRules.instructorId, instructorId)).orderBy(asc(availabilityRules.id)),
    db.select().from(availabilityOverrides).where(eq(availabilityOverrides.instructorId, instructorId)).orderBy(asc(availabilityOverrides.id)),
  ]);
  if (!found) throw notFound(INSTRUCTOR_NOT_FOUND);
  if (!lessonType) throw notFound(LESSON_TYPE_NOT_FOUND);
  const { profile } = found;
  const instructorName = [found.firstName, found.lastName].filter(Boolean).join(' ') || found.username;
  return {
    profile,
    instructorName,
    lessonType,
    rules: {
      timeZone: profile.timeZone,
      weekly: weekly.map((r) => ({ weekday: r.weekday, start: r.startTime, end: r.endTime })),
      overrides: overrides.map((o) => ({ date: o.date, start: o.startTime, end: o.endTime })),
      lessonTypeId: lessonType.id,
      durationMinutes: lessonType.durationMinutes,
      capacity: lessonType.capacity,
      bufferMinutes: profile.bufferMinutes,
      minNoticeMinutes: profile.minNoticeMinutes,
      horizonDays: profile.horizonDays,
    },
  };
}

/**
 * The instructor's bookings that occupy time between two instants, one row per session and type
 * with its seats: confirmed and offered ones, and holds that have not run out (a hold past
 * `hold_expires_at` is free: the next hold's batch expires it first).
 */
export async function busyIntervals(db: Db, instructorId: number, fromIso: string, toIso: string, now: Date): Promise<BusyInterval[]> {
  const rows = await db.all<{ startsAt: string; endsAt: string; lessonTypeId: number; seatsTaken: number }>(sql`
    SELECT starts_at AS startsAt, max(ends_at) AS endsAt, lesson_type_id AS lessonTypeId, count(*) AS seatsTaken
    FROM bookings
    WHERE instructor_id = ${instructorId} AND starts_at < ${toIso} AND ends_at > ${fromIso}
      AND (status IN ('confirmed', 'offered') OR (status = 'held' AND hold_expires_at > ${now.toISOString()}))
    GROUP BY starts_at, lesson_type_id`);
  return rows.map((r) => ({ startsAt: r.startsAt, endsAt: r.endsAt, lessonTypeId: Number(r.lessonTypeId), seatsTaken: Number(r.seatsTaken) }));
}

/** The slots of the context's local days [from, from + days), as of `now`. */
export async function slotsOf(db: Db, ctx: SlotContext, from: string, days: number, now: Date): Promise<SlotView[]> {
  // Every instant of those local days lies within a day of their UTC dates; the buffer is a few hours.
  const fromIso = new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 86_400_000).toISOString();
  const toIso = new Date(Date.parse(`${addDays(from, days)}T00:00:00Z`) + 2 * 86_400_000).toISOString();
  const busy = await busyIntervals(db, ctx.profile.userId, fromIso, toIso, now);
  return generateSlots(ctx.rules, busy, { from, days }, now);
}

/**
 * What to offer instead of `startsAt`: the other open (not full) slots of its local day in the
 * instructor's zone or, when that day has none left (its last time was the one taken), the open
 * slots of the next day that has some, looking a week ahead within the horizon.
 */
export async function alternativesFor(db: Db, ctx: SlotContext, startsAt: string, now: Date): Promise<SlotView[]> {
  const day = localDateOf(startsAt, ctx.rules.timeZone);
  const open = (await slotsOf(db, ctx, day, 1 + DEFAULT_SLOT_DAYS, now)).filter((s) => !s.full && s.starts_at !== startsAt);
  const sameDay = open.filter((s) => localDateOf(s.starts_at, ctx.rules.timeZone) === day);
  if (sameDay.length > 0 || open.length === 0) return sameDay;
  const next = localDateOf(open[0]!.starts_at, ctx.rules.timeZone);
  return open.filter((s) => localDateOf(s.starts_at, ctx.rules.timeZone) === next);
}

/** GET /api/connect/instructors/{id}/slots: `from` defaults to the instructor's today. */
export async function openSlots(db: Db, input: { instructorId: number; lessonTypeId: number; from?: string; days?: number }, now = new Date()): Promise<SlotsAnswer> {
  const ctx = await loadSlotContext(db, input.instructorId, input.lessonTypeId);
  const from = input.from ?? todayIn(ctx.rules.timeZone, now);
  const days = input.days ?? DEFAULT_SLOT_DAYS;
  return {
    instructor_time_zone: ctx.rules.timeZone,
    lesson_type: toLessonTypeView(ctx.lessonType),
    from,
    to: addDays(from, days - 1),
    slots: await slotsOf(db, ctx, from, days, now),
  };
}
