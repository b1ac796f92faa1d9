import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { bookings, bookingWaitlist } from '../../../../db/schema/bookings.ts';
import { REMINDER_HOURS } from '../../domain/bookings.ts';
import type { Platform } from '../../platform/context.ts';
import { nextTurn } from '../../platform/next-turn.ts';
import { emailBookingEvent, emailBookingEventOnce, loadBookingContexts, noticeStatements } from './notices.ts';
import { offerWaitingSessions } from './waitlist.ts';

/**
 * The bookings' clock (decision 0032), run on each booking request, every minute on Node and by
 * the cron trigger on Workers:
 * 1. holds and offers past `hold_expires_at` expire; an offer that ran out ends its waiter's row;
 *    every session still to come with waiters offers its free seats (the freed ones, and any freed
 *    where no offer was made, such as a checkout that ended unpaid);
 * 2. waits for sessions that have started end;
 * 3. confirmed bookings starting within REMINDER_HOURS get their reminder, exactly once: the
 *    UPDATE that sets `reminder_sent_at` is the claim, only the rows it returned are told;
 * 4. bookings confirmed by a payment (the webhook's batch wrote their in-app notices) get their
 *    confirmation email with the ICS, once: a booking whose confirmation is in the outbox is done.
 */

/** Reminders claimed and sent together: a chunk's notices and emails are one short stretch of work. */
export const REMINDER_CHUNK = 25;

export interface SweepResult {
  expired: number;
  offered: number;
  reminded: number;
  confirmed: number;
}

export async function sweepBookings(platform: Pick<Platform, 'env' | 'db' | 'mailer'> & Partial<Pick<Platform, 'waitUntil'>>, now: Date = new Date()): Promise<SweepResult> {
  const { db } = platform;
  const stamp = now.toISOString();

  // 1. Runs out: the conditional UPDATE claims each row once (a racing sweep or hold finds it expired).
  const results = await db.batch([
    db
      .update(bookings)
      .set({ status: 'expired', updatedAt: stamp })
      .where(and(inArray(bookings.status, ['held', 'offered']), isNotNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, stamp)))
      .returning({ id: bookings.id, instructorId: bookings.instructorId, startsAt: bookings.startsAt }),
    // The waiter whose offer ran out (held or still offered) stops waiting.
    // (Each offered row looks its booking up: the offered are few, the expired bookings many.)
    db
      .update(bookingWaitlist)
      .set({ status: 'expired', updatedAt: stamp })
      .where(
        and(
          eq(bookingWaitlist.status, 'offered'),
          sql`EXISTS (SELECT 1 FROM bookings b WHERE b.id = ${bookingWaitlist.offeredBookingId} AND b.status = 'expired')`,
        ),
      ),
    // 2. The sessions that have started: nobody waits for them any more.
    db
      .update(bookingWaitlist)
      .set({ status: 'expired', updatedAt: stamp })
      .where(and(eq(bookingWaitlist.status, 'waiting'), lte(bookingWaitlist.startsAt, stamp))),
  ]);
  const expired = results[0];
  // The freed seats (and any other a waiter may take) go to the waiters, first come first offered.
  const offered = await offerWaitingSessions(platform, now);

  // 3. Reminders, a chunk at a time: each chunk's notices are one batch, which the embedded database
  // runs on the server's own thread, so a backlog (after a pause, or bookings imported in bulk) is
  // sent in chunks with other requests served between them, not in one batch that holds them all.
  const until = new Date(now.getTime() + REMINDER_HOURS * 3_600_000).toISOString();
  let reminded = 0;
  for (;;) {
    const due = db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), isNull(bookings.reminderSentAt), gt(bookings.startsAt, stamp), lte(bookings.startsAt, until)))
      .orderBy(asc(bookings.startsAt))
      .limit(REMINDER_CHUNK);
    // The claim: only the rows this UPDATE returned are told (a racing sweep finds them set).
    const claimed = await db
      .update(bookings)
      .set({ reminderSentAt: stamp })
      .where(and(inArray(bookings.id, due), isNull(bookings.reminderSentAt)))
      .returning({ id: bookings.id });
    if (claimed.length) {
      reminded += claimed.length;
      const contexts = await loadBookingContexts(db, sql`b.id IN (${sql.join(
        claimed.map((c) => sql`${c.id}`),
        sql`, `,
      )})`);
      const statements = contexts.flatMap((b) => noticeStatements(db, 'booking_reminder', b, sql`1`));
      if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
      for (const b of contexts) await emailBookingEvent(platform, 'booking_reminder', b);
    }
    if (claimed.length < REMINDER_CHUNK) break;
    await nextTurn();
  }
  await nextTurn();
  // 4. Confirmation emails of paid bookings (the payment's batch cannot write an ICS).
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const unsent = await loadBookingContexts(
    db,
    // Bookings confirmed in the last day, through the index of confirmation times (the unary +
    // keeps SQLite from walking every confirmed booking by status instead), and of the outbox only
    // what was written since each was confirmed: the sweep costs what is due, not what exists.
    sql`b.confirmed_at >= ${since} AND +b.status = 'confirmed' AND b.order_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM email_outbox e WHERE e.kind = 'booking_confirmed' AND e.created_at >= b.confirmed_at
        AND e.subject LIKE '%(' || b.number || ')')`,
  );
  let confirmed = 0;
  for (const b of unsent) confirmed += await emailBookingEventOnce(platform, 'booking_confirmed', b);
  return { expired: expired.length, offered, reminded, confirmed };
}
