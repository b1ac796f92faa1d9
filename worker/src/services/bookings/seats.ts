import { sql } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '../../../../db/schema/bookings.ts';

/**
 * Seat SQL shared by the waitlist offer and the reschedule (decision 0032): the lowest seat of a
 * session (instructor, start) that no active booking holds. The partial unique index
 * bookings_active_seat_unique is what finally guards it; these expressions only pick the seat a
 * statement tries.
 */

export const ACTIVE_IN = sql.raw(`(${ACTIVE_BOOKING_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The lowest free seat of the session: 1, or one past a taken seat, that no active booking holds. */
export function lowestFreeSeat(instructorId: number, startsAt: string) {
  return sql`(SELECT MIN(c.seat) FROM (SELECT 1 AS seat UNION SELECT b.seat + 1 FROM bookings b
      WHERE b.instructor_id = ${instructorId} AND b.starts_at = ${startsAt} AND b.status IN ${ACTIVE_IN}) c
    WHERE NOT EXISTS (SELECT 1 FROM bookings t WHERE t.instructor_id = ${instructorId} AND t.starts_at = ${startsAt}
      AND t.seat = c.seat AND t.status IN ${ACTIVE_IN}))`;
}

/**
 * No active booking of another session of the instructor overlaps [startsAt, endsAt) ± the buffer
 * (`excludeId`: the booking being moved).
 */
export function noOverlap(instructorId: number, startsAt: string, endsAt: string, bufferMinutes: number, excludeId = 0) {
  const from = new Date(Date.parse(startsAt) - bufferMinutes * 60_000).toISOString();
  const to = new Date(Date.parse(endsAt) + bufferMinutes * 60_000).toISOString();
  return sql`NOT EXISTS (SELECT 1 FROM bookings o WHERE o.instructor_id = ${instructorId} AND o.status IN ${ACTIVE_IN} AND o.id <> ${excludeId}
    AND o.starts_at <> ${startsAt} AND o.starts_at < ${to} AND o.ends_at > ${from})`;
}
