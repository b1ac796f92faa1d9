import { sql, type SQL } from 'drizzle-orm';
import type { bookings, instructorProfiles } from '../../../../db/schema/index.ts';
import { formatInZone, formatWithOther } from '../../domain/booking-time.ts';
import { writeEvent, type IcsEvent } from '../../domain/ics.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { deliverOutboxRows, emailsFromSelect, notificationStatement, sendNotificationEmail, type OutboxRow } from '../notifications.ts';
import type { OutgoingEmail } from '../outbox.ts';

/**
 * What a booking's change tells the people in it (decision 0032): an in-app notice, written in
 * the change's own batch (conditional on the change having happened), and an email through the
 * outbox carrying the booking's ICS, so the booker's and the instructor's calendars follow.
 */

export type BookingEvent = 'booking_confirmed' | 'booking_cancelled' | 'booking_declined' | 'booking_rescheduled' | 'booking_reminder' | 'waitlist_offer';

/** A booking with the people and the profile facts its notices and calendar file need. */
export type BookingContext = Pick<
  typeof bookings.$inferSelect,
  | 'id'
  | 'number'
  | 'status'
  | 'userId'
  | 'instructorId'
  | 'lessonTypeId'
  | 'title'
  | 'mode'
  | 'startsAt'
  | 'endsAt'
  | 'seat'
  | 'priceCents'
  | 'orderId'
  | 'packagePurchaseId'
  | 'instructorTimeZone'
  | 'bookerTimeZone'
  | 'holdExpiresAt'
  | 'rescheduleCount'
  | 'cancelledAt'
  | 'cancelReason'
  | 'updatedAt'
> &
  Pick<typeof instructorProfiles.$inferSelect, 'meetingUrl' | 'city' | 'state' | 'cancellationHours' | 'minNoticeMinutes'> & {
    bookerName: string;
    bookerEmail: string | null;
    instructorName: string;
    instructorEmail: string | null;
  };

const nameSql = (alias: string) =>
  sql.raw(`CASE WHEN trim(${alias}.first_name || ' ' || ${alias}.last_name) <> '' THEN trim(${alias}.first_name || ' ' || ${alias}.last_name) ELSE ${alias}.username END`);

/** The bookings `where` selects (over `b`), with their context. */
export async function loadBookingContexts(db: Db, where: SQL): Promise<BookingContext[]> {
  return db.all<BookingContext>(sql`SELECT b.id, b.number, b.status, b.user_id AS userId, b.instructor_id AS instructorId, b.lesson_type_id AS lessonTypeId,
      b.title, b.mode, b.starts_at AS startsAt, b.ends_at AS endsAt, b.seat, b.price_cents AS priceCents, b.order_id AS orderId,
      b.package_purchase_id AS packagePurchaseId, b.instructor_time_zone AS instructorTimeZone, b.booker_time_zone AS bookerTimeZone,
      b.hold_expires_at AS holdExpiresAt, b.reschedule_count AS rescheduleCount, b.cancelled_at AS cancelledAt, b.cancel_reason AS cancelReason,
      b.updated_at AS updatedAt,
      ${nameSql('bu')} AS bookerName, bu.email AS bookerEmail, ${nameSql('iu')} AS instructorName, iu.email AS instructorEmail,
      p.meeting_url AS meetingUrl, p.city, p.state, COALESCE(p.cancellation_hours, 24) AS cancellationHours, COALESCE(p.min_notice_minutes, 0) AS minNoticeMinutes
    FROM bookings b JOIN users bu ON bu.id = b.user_id JOIN users iu ON iu.id = b.instructor_id
    LEFT JOIN instructor_profiles p ON p.user_id = b.instructor_id
    WHERE ${where}`);
}

export async function loadBookingContext(db: Db, bookingId: number): Promise<BookingContext | null> {
  return (await loadBookingContexts(db, sql`b.id = ${bookingId}`))[0] ?? null;
}

/** The ICS SEQUENCE: one step per move, one more once it is cancelled or declined. */
export function icsSequence(b: Pick<BookingContext, 'rescheduleCount' | 'status'>): number {
  return b.rescheduleCount + (b.status === 'cancelled' || b.status === 'declined' || b.status === 'expired' ? 1 : 0);
}

export function bookingIcsEvent(b: BookingContext, now: Date = new Date()): IcsEvent {
  const ended = b.status === 'cancelled' || b.status === 'declined' || b.status === 'expired';
  // The join link is for a confirmed booking only (as BookingView.join_url).
  const joinUrl = b.mode === 'online' && b.status === 'confirmed' ? b.meetingUrl : null;
  const location = b.mode === 'in_person' && (b.city || b.state) ? [b.city, b.state].filter(Boolean).join(', ') : null;
  return {
    number: b.number,
    sequence: icsSequence(b),
    status: ended ? 'CANCELLED' : b.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE',
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    stamp: now,
    summary: `${b.title} with ${b.instructorName}`,
    description: [`Booking ${b.number}`, `Student: ${b.bookerName}`, `Instructor: ${b.instructorName}`, joinUrl ? `Join: ${joinUrl}` : '']
      .filter(Boolean)
      .join('\n'),
    location,
    url: joinUrl,
    organizer: b.instructorEmail ? { name: b.instructorName, email: b.instructorEmail } : null,
    attendee: b.bookerEmail ? { name: b.bookerName, email: b.bookerEmail } : null,
  };
}

export function bookingIcs(b: BookingContext, now: Date = new Date()): string {
  return writeEvent(bookingIcsEvent(b, now));
}

export const icsFilename = (b: Pick<BookingContext, 'number'>) => `${b.number}.ics`;

interface NoticeText {
  userId: number;
  title: string;
  body: string;
  url: string;
  email: string | null;
  name: string;
}

/** Who hears of the event and what they read (times in each reader's own zone, the other side's beside: decision 0068). */
export function noticeTexts(event: BookingEvent, b: BookingContext, reason?: string | null): NoticeText[] {
  const forBooker = formatWithOther(b.startsAt, b.bookerTimeZone, b.instructorTimeZone);
  const forInstructor = formatWithOther(b.startsAt, b.instructorTimeZone, b.bookerTimeZone);
  const booker = (title: string, body: string): NoticeText => ({ userId: b.userId, title, body, url: '/my-bookings', email: b.bookerEmail, name: b.bookerName });
  const instructor = (title: string, body: string): NoticeText => ({
    userId: b.instructorId,
    title,
    body,
    url: '/instructor/bookings',
    email: b.instructorEmail,
    name: b.instructorName,
  });
  const why = reason?.trim() ? ` Reason: ${reason.trim()}` : '';
  switch (event) {
    case 'booking_confirmed':
      return [
        booker('Your booking is confirmed', `${b.title} with ${b.instructorName} on ${forBooker} (booking ${b.number}).`),
        instructor('New booking', `${b.bookerName} booked ${b.title} on ${forInstructor} (booking ${b.number}).`),
      ];
    case 'booking_cancelled':
      return [
        booker('Your booking was cancelled', `${b.title} with ${b.instructorName} on ${forBooker} was cancelled.${why}`),
        instructor('A booking was cancelled', `${b.bookerName}'s ${b.title} on ${forInstructor} was cancelled.${why}`),
      ];
    case 'booking_declined':
      return [booker('Your booking was declined', `${b.instructorName} declined ${b.title} on ${forBooker}. You get a full refund.${why}`)];
    case 'booking_rescheduled':
      return [
        booker('Your booking was moved', `${b.title} with ${b.instructorName} is now on ${forBooker}.`),
        instructor('A booking was moved', `${b.bookerName}'s ${b.title} is now on ${forInstructor}.`),
      ];
    case 'booking_reminder':
      return [
        booker(`Reminder: ${b.title} soon`, `${b.title} with ${b.instructorName} starts ${forBooker}.`),
        instructor(`Reminder: ${b.title} soon`, `${b.title} with ${b.bookerName} starts ${forInstructor}.`),
      ];
    case 'waitlist_offer':
      return [
        {
          ...booker(
            'A place opened up',
            `A place in ${b.title} with ${b.instructorName} on ${forBooker} is yours if you take it by ${b.holdExpiresAt ? formatInZone(b.holdExpiresAt, b.bookerTimeZone) : 'soon'}.`,
          ),
          url: '/my-bookings#waitlist',
        },
      ];
  }
}

/**
 * The in-app notices of the event as statements for the change's batch. Each inserts only while
 * `happened` (a condition over the database after the change) holds, so a change that lost a race
 * notices nobody; and only for a person whose in-app choice for the event is on.
 */
export function noticeStatements(db: Db, event: BookingEvent, b: BookingContext, happened: SQL, reason?: string | null) {
  return noticeTexts(event, b, reason).map((n) => notificationStatement(db, { userId: n.userId, kind: event, title: n.title, body: n.body, url: n.url }, happened));
}

/** A booking email with the person it is for (whose choice for the event decides whether it is sent). */
export type BookingEmail = OutgoingEmail & { userId: number };

/** The emails of the event (one per person with an address), each with the booking's ICS as it is now. */
export function bookingEmails(platform: Pick<Platform, 'env'>, event: BookingEvent, b: BookingContext, reason?: string | null): BookingEmail[] {
  const ics = bookingIcs(b);
  const base = (platform.env.PUBLIC_URL ?? '').replace(/\/$/, '');
  const method = b.status === 'cancelled' || b.status === 'declined' ? 'CANCEL' : 'PUBLISH';
  return noticeTexts(event, b, reason).flatMap((n) =>
    n.email
      ? [
          {
            userId: n.userId,
            to: n.email,
            subject: `${n.title} — ${b.title} (${b.number})`,
            text: `Hello ${n.name},\n\n${n.body}\n\n${base}${n.url}`,
            kind: event,
            attachments: [{ filename: icsFilename(b), contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics }],
          },
        ]
      : [],
  );
}

/** Sends the emails of the event through the outbox, to each person whose email choice for it is on. */
export async function emailBookingEvent(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, event: BookingEvent, b: BookingContext, reason?: string | null): Promise<void> {
  for (const { userId, kind: _kind, ...email } of bookingEmails(platform, event, b, reason)) await sendNotificationEmail(platform, userId, event, email);
}

/**
 * Sends the emails of the event unless the outbox already has them (same kind and subject, which
 * names the booking): each is one INSERT … SELECT … WHERE NOT EXISTS in one batch, so sweeps
 * running side by side write each email once. Answers how many were written.
 */
export async function emailBookingEventOnce(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, event: BookingEvent, b: BookingContext): Promise<number> {
  const { db } = platform;
  const emails = bookingEmails(platform, event, b);
  if (emails.length === 0) return 0;
  const statements = emails.map((e) =>
    emailsFromSelect(
      platform,
      event,
      { userId: sql`${e.userId}`, to: sql`${e.to}`, subject: sql`${e.subject}`, text: sql`${e.text}`, attachments: sql`${JSON.stringify(e.attachments)}` },
      sql``,
      { once: true },
    ),
  );
  const rows = ((await db.batch(statements as [(typeof statements)[number], ...typeof statements])) as OutboxRow[][]).flat();
  deliverOutboxRows(platform, rows);
  return rows.length;
}
