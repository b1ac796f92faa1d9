import { sql } from 'drizzle-orm';
import { instructorReviews } from '../../../../db/schema/index.ts';
import { BOOKING_NOT_FOUND, REVIEW_EXISTS, REVIEW_NOT_ALLOWED } from '../../domain/bookings.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { uniqueViolation } from '../db-errors.ts';
import { notificationStatement } from '../notifications.ts';
import { loadBookingContext } from './notices.ts';
import type { ReviewView } from '../../../../shared/bookings/views.ts';

/**
 * A review of the instructor (decision 0032): only by the booker of a completed booking
 * (confirmed and ended), once per booking (the unique index on booking_id answers REVIEW_EXISTS).
 * The instructor hears of it in the same batch.
 */
export async function reviewBooking(
  platform: Pick<Platform, 'db'>,
  userId: number,
  bookingId: number,
  input: { rating: number; comment: string },
  now: Date = new Date(),
): Promise<ReviewView> {
  const { db } = platform;
  const b = await loadBookingContext(db, bookingId);
  if (!b || b.userId !== userId) throw notFound(BOOKING_NOT_FOUND);
  if (b.status !== 'confirmed' || b.endsAt > now.toISOString()) throw conflict(REVIEW_NOT_ALLOWED);
  const comment = input.comment.trim();
  try {
    await db.batch([
      db.insert(instructorReviews).values({ bookingId: b.id, instructorId: b.instructorId, userId, rating: input.rating, comment }),
      notificationStatement(db, {
        userId: b.instructorId,
        kind: 'review_received',
        title: 'You received a review',
        body: `${b.bookerName} rated ${b.title} ${input.rating} of 5${comment ? `: “${comment.slice(0, 200)}”` : '.'}`,
        url: `/instructors/${b.instructorId}`,
      }),
    ]);
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(REVIEW_EXISTS);
    throw err;
  }
  const [row] = await db.all<{ id: number; rating: number; comment: string; createdAt: string }>(sql`SELECT id, rating, comment, created_at AS createdAt
    FROM instructor_reviews WHERE booking_id = ${b.id}`);
  return { id: row!.id, rating: row!.rating, comment: row!.comment, reviewer_name: b.bookerName, lesson_title: b.title, created_at: row!.createdAt };
}
