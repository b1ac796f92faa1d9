import { eq, sql } from 'drizzle-orm';
import { instructorProfiles } from '../../../../db/schema/index.ts';
import { BOOKING_NOT_FOUND, PROFILE_NOT_FOUND } from '../../domain/bookings.ts';
import { writeCalendar } from '../../domain/ics.ts';
import { notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { publicLink } from '../../platform/public-url.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { newCalendarToken } from '../connect/profile.ts';
import { bookingIcs, bookingIcsEvent, loadBookingContext, loadBookingContexts } from './notices.ts';

/**
 * Calendars (decision 0032): one booking's ICS for its booker or instructor, and the instructor's
 * private feed at /api/connect/calendar/{token}.ics, read by a calendar app with the secret token
 * (rotatable): the confirmed bookings from a month back on, and those cancelled or declined
 * recently (so a subscribed calendar removes them).
 */

export const CALENDAR_NOT_FOUND = 'Calendar not found';
/** How far back the feed reaches, and how long a cancelled booking stays in it. */
const FEED_PAST_DAYS = 30;

/** GET /api/bookings/{id}/ics: the booker's or the instructor's own booking, else 404. */
export async function bookingIcsFor(db: Db, userId: number, bookingId: number, now: Date = new Date()): Promise<{ filename: string; ics: string }> {
  const b = await loadBookingContext(db, bookingId);
  if (!b || (b.userId !== userId && b.instructorId !== userId)) throw notFound(BOOKING_NOT_FOUND);
  return { filename: `${b.number}.ics`, ics: bookingIcs(b, now) };
}

/** The feed of the profile whose token this is, or null. */
export async function instructorFeed(db: Db, token: string, now: Date = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  const [profile] = await db.all<{ userId: number; name: string }>(sql`SELECT p.user_id AS userId,
      CASE WHEN trim(u.first_name || ' ' || u.last_name) <> '' THEN trim(u.first_name || ' ' || u.last_name) ELSE u.username END AS name
    FROM instructor_profiles p JOIN users u ON u.id = p.user_id WHERE p.calendar_token = ${token}`);
  if (!profile) return null;
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString();
  const rows = await loadBookingContexts(
    db,
    sql`b.instructor_id = ${profile.userId} AND b.ends_at >= ${since}
      AND (b.status = 'confirmed' OR (b.status IN ('cancelled', 'declined') AND b.cancelled_at >= ${since}))
      ORDER BY b.starts_at, b.id`,
  );
  return writeCalendar(
    rows.map((b) => bookingIcsEvent(b, now)),
    { name: `DRX bookings — ${profile.name}` },
  );
}

/** POST /api/connect/profile/calendar-token: a new secret; the old feed address stops working. */
export async function rotateCalendarToken(platform: Pick<Platform, 'db' | 'env'>, userId: number): Promise<{ calendar_feed_url: string }> {
  const { db } = platform;
  const token = newCalendarToken();
  const [row] = await db
    .update(instructorProfiles)
    .set({ calendarToken: token, updatedAt: sqlNow })
    .where(eq(instructorProfiles.userId, userId))
    .returning({ token: instructorProfiles.calendarToken });
  if (!row) throw notFound(PROFILE_NOT_FOUND);
  return { calendar_feed_url: publicLink(platform.env, calendarFeedPath(row.token)) };
}

export const calendarFeedPath = (token: string) => `/api/connect/calendar/${token}.ics`;
