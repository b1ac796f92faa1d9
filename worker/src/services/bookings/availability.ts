import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { availabilityOverrides, availabilityRules, instructorProfiles } from '../../../../db/schema/index.ts';
import { isLocalDate, minutesOf } from '../../domain/booking-slots.ts';
import { BUFFER_MINUTES_MAX, HORIZON_DAYS_MAX, isTimeZone, MIN_NOTICE_MAX_MINUTES, PROFILE_NOT_FOUND, TIME_ZONE_INVALID } from '../../domain/bookings.ts';
import { notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import type { AvailabilityView } from '../../../../shared/bookings/views.ts';

/**
 * An instructor's hours (decision 0032): weekly windows and dated overrides in local wall time of
 * the profile's zone, with the booking rules (notice, horizon, buffer). Read and written whole:
 * GET and PUT /api/instructor/availability.
 */

export const MAX_WEEKLY_RULES = 50;
export const MAX_OVERRIDES = 100;

export const TIME_INVALID = 'Enter a time as HH:MM (00:00 to 24:00).';
export const WINDOW_ORDER = 'The end must be after the start.';
export const WINDOW_OVERLAP = 'These hours overlap other hours of the same day.';
export const OVERRIDE_TIMES = 'Give both a start and an end, or neither for a day off.';
export const OVERRIDE_DAY_OFF_MIXED = 'A day off cannot also have hours.';

const time = z.string({ error: TIME_INVALID }).refine((v) => minutesOf(v) !== null, TIME_INVALID);
const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`);

const weeklySchema = z.object({
  weekday: z.number({ error: 'Weekday must be 1 (Monday) to 7 (Sunday)' }).int('Weekday must be 1 (Monday) to 7 (Sunday)').min(1, 'Weekday must be 1 (Monday) to 7 (Sunday)').max(7, 'Weekday must be 1 (Monday) to 7 (Sunday)'),
  start: time.refine((v) => v !== '24:00', TIME_INVALID),
  end: time,
});
const overrideSchema = z.object({
  date: z.string({ error: 'Enter a date as YYYY-MM-DD' }).refine(isLocalDate, 'Enter a date as YYYY-MM-DD'),
  start: time.refine((v) => v !== '24:00', TIME_INVALID).nullable(),
  end: time.nullable(),
});

type Window = { start: string | null; end: string | null };

/** Issues of one group of windows (one weekday or one date): order, overlap, a day off mixed with hours. */
function windowIssues(rows: { index: number; w: Window }[], path: 'weekly' | 'overrides', ctx: z.RefinementCtx) {
  const timed: { index: number; start: number; end: number }[] = [];
  for (const { index, w } of rows) {
    if ((w.start === null) !== (w.end === null)) {
      ctx.addIssue({ code: 'custom', path: [path, index, w.start === null ? 'start' : 'end'], message: OVERRIDE_TIMES });
      continue;
    }
    if (w.start === null || w.end === null) continue;
    const start = minutesOf(w.start)!;
    const end = minutesOf(w.end)!;
    if (start >= end) ctx.addIssue({ code: 'custom', path: [path, index, 'end'], message: WINDOW_ORDER });
    else timed.push({ index, start, end });
  }
  if (path === 'overrides' && timed.length && rows.some((r) => r.w.start === null && r.w.end === null)) {
    ctx.addIssue({ code: 'custom', path: [path, rows[0]!.index, 'start'], message: OVERRIDE_DAY_OFF_MIXED });
  }
  timed.sort((a, b) => a.start - b.start);
  for (let i = 1; i < timed.length; i++) {
    if (timed[i]!.start < timed[i - 1]!.end) ctx.addIssue({ code: 'custom', path: [path, timed[i]!.index, 'start'], message: WINDOW_OVERLAP });
  }
}

/** PUT /api/instructor/availability: the whole AvailabilityView (snake_case, as read). */
export const availabilitySchema = z
  .object({
    time_zone: z.string({ error: TIME_ZONE_INVALID }).refine(isTimeZone, TIME_ZONE_INVALID),
    min_notice_minutes: wholeNumber('Minimum notice', MIN_NOTICE_MAX_MINUTES),
    horizon_days: wholeNumber('Booking horizon', HORIZON_DAYS_MAX).min(1, 'Booking horizon must be at least 1 day'),
    buffer_minutes: wholeNumber('Buffer', BUFFER_MINUTES_MAX),
    weekly: z.array(weeklySchema, { error: 'Weekly hours must be a list' }).max(MAX_WEEKLY_RULES, `At most ${MAX_WEEKLY_RULES} weekly hours`),
    overrides: z.array(overrideSchema, { error: 'Date overrides must be a list' }).max(MAX_OVERRIDES, `At most ${MAX_OVERRIDES} date overrides`),
  })
  .superRefine((value, ctx) => {
    for (let weekday = 1; weekday <= 7; weekday++) {
      windowIssues(
        value.weekly.flatMap((w, index) => (w.weekday === weekday ? [{ index, w }] : [])),
        'weekly',
        ctx,
      );
    }
    for (const date of new Set(value.overrides.map((o) => o.date))) {
      windowIssues(
        value.overrides.flatMap((w, index) => (w.date === date ? [{ index, w }] : [])),
        'overrides',
        ctx,
      );
    }
  });
export type AvailabilityInput = z.output<typeof availabilitySchema>;

/** The profile's rules and hours, or 404 PROFILE_NOT_FOUND. */
export async function loadAvailability(db: Db, userId: number): Promise<AvailabilityView> {
  const [[profile], weekly, overrides] = await Promise.all([
    db
      .select({
        timeZone: instructorProfiles.timeZone,
        minNoticeMinutes: instructorProfiles.minNoticeMinutes,
        horizonDays: instructorProfiles.horizonDays,
        bufferMinutes: instructorProfiles.bufferMinutes,
      })
      .from(instructorProfiles)
      .where(eq(instructorProfiles.userId, userId)),
    db
      .select()
      .from(availabilityRules)
      .where(eq(availabilityRules.instructorId, userId))
      .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startTime), asc(availabilityRules.id)),
    db
      .select()
      .from(availabilityOverrides)
      .where(eq(availabilityOverrides.instructorId, userId))
      .orderBy(asc(availabilityOverrides.date), asc(availabilityOverrides.startTime), asc(availabilityOverrides.id)),
  ]);
  if (!profile) throw notFound(PROFILE_NOT_FOUND);
  return {
    time_zone: profile.timeZone,
    min_notice_minutes: profile.minNoticeMinutes,
    horizon_days: profile.horizonDays,
    buffer_minutes: profile.bufferMinutes,
    weekly: weekly.map((r) => ({ weekday: r.weekday, start: r.startTime, end: r.endTime })),
    overrides: overrides.map((o) => ({ date: o.date, start: o.startTime, end: o.endTime })),
  };
}

/**
 * Replaces the hours and rules in one batch (one transaction). A day off is stored as one row
 * without times. Bookings keep their instants; a new zone re-reads the same wall times.
 */
export async function saveAvailability(db: Db, userId: number, input: AvailabilityInput): Promise<AvailabilityView> {
  const [profile] = await db.select({ userId: instructorProfiles.userId }).from(instructorProfiles).where(eq(instructorProfiles.userId, userId));
  if (!profile) throw notFound(PROFILE_NOT_FOUND);
  const overrides = new Map<string, { date: string; start: string | null; end: string | null }[]>();
  for (const o of input.overrides) {
    const list = overrides.get(o.date) ?? [];
    // One row per day off, however many were sent.
    if (o.start === null && list.length) continue;
    overrides.set(o.date, [...list, o]);
  }
  const overrideRows = [...overrides.values()].flat();
  await db.batch([
    db.update(instructorProfiles)
      .set({
        timeZone: input.time_zone,
        minNoticeMinutes: input.min_notice_minutes,
        horizonDays: input.horizon_days,
        bufferMinutes: input.buffer_minutes,
        updatedAt: sqlNow,
      })
      .where(eq(instructorProfiles.userId, userId)),
    db.delete(availabilityRules).where(eq(availabilityRules.instructorId, userId)),
    db.delete(availabilityOverrides).where(eq(availabilityOverrides.instructorId, userId)),
    ...input.weekly.map((w) => db.insert(availabilityRules).values({ instructorId: userId, weekday: w.weekday, startTime: w.start, endTime: w.end })),
    ...overrideRows.map((o) => db.insert(availabilityOverrides).values({ instructorId: userId, date: o.date, startTime: o.start, endTime: o.end })),
  ]);
  return loadAvailability(db, userId);
}
