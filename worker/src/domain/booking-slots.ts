/**
 * The open slots of one lesson type (decision 0032), pure: no database, no clock of its own.
 *
 * The range is the instructor's local days: `from` ('YYYY-MM-DD' in the instructor's zone) and
 * `days` following days. Each local day gets its windows (the date's overrides when it has any,
 * else the weekday's rules); inside each window starts lie on a grid of SLOT_STEP_MINUTES of local
 * wall time, and the lesson must end (in wall time) inside the window. A wall time is turned into
 * an instant in the instructor's zone: a time skipped by a spring-forward is no slot, a time
 * repeated by a fall-back is one slot (its earlier instant). The booker's zone never changes which
 * slots exist, only how they are shown (`domain/booking-time.ts`).
 */
import { Temporal } from 'temporal-polyfill';
import type { SlotView } from '../../../shared/bookings/views.ts';
import { SLOT_STEP_MINUTES } from './bookings.ts';

export interface WeeklyWindow {
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  start: string;
  end: string;
}

export interface OverrideWindow {
  date: string;
  /** Both null: the day off. */
  start: string | null;
  end: string | null;
}

/** An active booking (held, offered, confirmed) of the instructor: one row per session with its seats taken. */
export interface BusyInterval {
  startsAt: string;
  endsAt: string;
  lessonTypeId: number;
  seatsTaken: number;
}

export interface SlotRules {
  timeZone: string;
  weekly: readonly WeeklyWindow[];
  overrides: readonly OverrideWindow[];
  lessonTypeId: number;
  durationMinutes: number;
  capacity: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
}

export interface SlotRange {
  /** The first local day, 'YYYY-MM-DD' in the instructor's zone. */
  from: string;
  /** How many local days, from 1. */
  days: number;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of 'HH:MM' ('24:00' = 1440), or null when it is not a time. */
export function minutesOf(time: string): number | null {
  if (!TIME.test(time)) return null;
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** A real calendar date 'YYYY-MM-DD' (2026-02-30 is not). */
export function isLocalDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' }).toString() === value;
  } catch {
    return false;
  }
}

/** The local date after `days` days. */
export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** Today in the zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** The windows of one local date, in minutes since midnight: the date's overrides if it has any rows, else the weekday's rules. */
export function windowsOf(date: string, weekly: readonly WeeklyWindow[], overrides: readonly OverrideWindow[]): { start: number; end: number }[] {
  const own = overrides.filter((o) => o.date === date);
  const source = own.length ? own : weekly.filter((w) => w.weekday === Temporal.PlainDate.from(date).dayOfWeek);
  const out: { start: number; end: number }[] = [];
  for (const w of source) {
    if (w.start === null || w.end === null) continue;
    const start = minutesOf(w.start);
    const end = minutesOf(w.end);
    if (start !== null && end !== null && start < end) out.push({ start, end });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The instant of a local wall time in the zone, or null when the zone skips that time (a
 * spring-forward). A repeated time (a fall-back) is its earlier instant.
 */
export function instantOfLocal(date: string, minutes: number, timeZone: string): Temporal.Instant | null {
  const wall = Temporal.PlainDate.from(date).toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (!zoned.toPlainDateTime().equals(wall)) return null;
  return zoned.toInstant();
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The slots of `rules` over `range`, as of `now`, given the instructor's active bookings. A slot
 * is left out when it starts before now + minimum notice or after now + the horizon, or when it
 * overlaps (± the buffer) a booking of another session (another lesson type, or another start).
 * A session of this lesson type at the same start is joined: its seats left are shown; a full
 * session of a group type (capacity > 1) is listed with `full: true` (for the waitlist), a taken
 * private slot is left out. Sorted by start.
 */
export function generateSlots(rules: SlotRules, busy: readonly BusyInterval[], range: SlotRange, now: Date): SlotView[] {
  const earliest = now.getTime() + rules.minNoticeMinutes * 60_000;
  const latest = now.getTime() + rules.horizonDays * 86_400_000;
  const duration = rules.durationMinutes * 60_000;
  const buffer = rules.bufferMinutes * 60_000;
  const taken = busy.map((b) => ({ start: Date.parse(b.startsAt), end: Date.parse(b.endsAt), lessonTypeId: b.lessonTypeId, seats: b.seatsTaken }));
  const seen = new Set<number>();
  const out: SlotView[] = [];
  for (let day = 0; day < range.days; day++) {
    const date = addDays(range.from, day);
    for (const window of windowsOf(date, rules.weekly, rules.overrides)) {
      const first = Math.ceil(window.start / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
      for (let m = first; m + rules.durationMinutes <= window.end; m += SLOT_STEP_MINUTES) {
        const instant = instantOfLocal(date, m, rules.timeZone);
        if (!instant) continue;
        const start = instant.epochMilliseconds;
        if (seen.has(start) || start < earliest || start > latest) continue;
        const end = start + duration;
        let seatsTaken = 0;
        let blocked = false;
        for (const b of taken) {
          if (b.start === start && b.lessonTypeId === rules.lessonTypeId) seatsTaken += b.seats;
          else if (b.start < end + buffer && start < b.end + buffer) blocked = true;
        }
        if (blocked) continue;
        const seatsLeft = Math.max(0, rules.capacity - seatsTaken);
        if (seatsLeft === 0 && rules.capacity <= 1) continue;
        seen.add(start);
        out.push({
          starts_at: iso(start),
          ends_at: iso(end),
          local_date: date,
          local_time: `${pad(Math.floor(m / 60))}:${pad(m % 60)}`,
          capacity: rules.capacity,
          seats_left: seatsLeft,
          full: seatsLeft === 0,
        });
      }
    }
  }
  return out.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** The local date of an instant in the zone ('YYYY-MM-DD'). */
export function localDateOf(instant: string | Date, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}
