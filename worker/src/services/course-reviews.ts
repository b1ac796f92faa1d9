import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { courseReviews, courses } from '../../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { audited, type AuditActor } from './audit.ts';
import { findCourseRef } from './course-reads.ts';
import { courseRating, findCourseReview, finishedSql, hasFinished, reviewRef, toOwnReviewView, toReviewView } from './course-reviews-reads.ts';
import {
  ALREADY_REPLIED,
  COURSE_REVIEW_NOT_FOUND,
  NOT_YOUR_REPLY,
  ONLY_INSTRUCTOR_REPLIES,
  REVIEW_NEEDS_COMPLETION,
  type CourseRating,
  type CourseReviewView,
  type CourseReviewWrite,
  type MyCourseReview,
} from '../../../shared/courses/reviews.ts';

/**
 * Course reviews, written (decision 0066). Each write is one batch that takes the review's old
 * share out of the course's rating counters, makes the change, puts its new share back and sets
 * the average: O(1) however many reviews the course has, and a recount always agrees, because
 * each share is read inside the batch from the row as it is at that moment (decision 0004).
 */

export const COURSE_NOT_FOUND = 'Course not found';

export interface ReviewActor extends AuditActor {
  id: number;
}

/** A course that is published: reviews are public, so only such a course takes or lists them. */
export async function publishedCourseOrThrow(db: Db, courseId: number) {
  const ref = await findCourseRef(db, courseId);
  if (!ref || ref.status !== 'published') throw notFound(COURSE_NOT_FOUND);
  return ref;
}

/** The shown review's share of the course's rating: its count (0 or 1) and its rating (or 0). */
function shareOf(review: SQL) {
  const shown = sql`FROM ${courseReviews} WHERE ${review} AND ${courseReviews.hiddenAt} IS NULL`;
  return { count: sql`(SELECT count(*) ${shown})`, sum: sql`coalesce((SELECT ${courseReviews.rating} ${shown}), 0)` };
}

function moveShare(db: Db, courseId: number, review: SQL, sign: '+' | '-') {
  const share = shareOf(review);
  return db
    .update(courses)
    .set({
      ratingCount: sql`${courses.ratingCount} ${sql.raw(sign)} ${share.count}`,
      ratingSum: sql`${courses.ratingSum} ${sql.raw(sign)} ${share.sum}`,
    })
    .where(eq(courses.id, courseId));
}

function setAverage(db: Db, courseId: number) {
  return db
    .update(courses)
    .set({ ratingAverage: sql`CASE WHEN ${courses.ratingCount} > 0 THEN round(${courses.ratingSum} * 1.0 / ${courses.ratingCount}, 2) ELSE 0 END` })
    .where(eq(courses.id, courseId));
}

/** A write of one review between its share taken out and put back. */
function withRating<T extends Parameters<Db['batch']>[0][number]>(db: Db, courseId: number, review: SQL, change: T) {
  return [moveShare(db, courseId, review, '-'), change, moveShare(db, courseId, review, '+'), setAverage(db, courseId)] as const;
}

async function reviewViewOrThrow(db: Db, courseId: number, where: SQL): Promise<CourseReviewView> {
  const row = await findCourseReview(db, courseId, where);
  if (!row) throw notFound(COURSE_REVIEW_NOT_FOUND);
  return toReviewView(row);
}

/**
 * GET /api/courses/{id}/reviews/mine: whether the learner may review the course, and their review
 * (marked `hidden` when an admin hid it: its author still sees it, no one else does).
 */
export async function myCourseReview(db: Db, userId: number, courseId: number): Promise<MyCourseReview> {
  await publishedCourseOrThrow(db, courseId);
  const [eligible, row] = await Promise.all([hasFinished(db, userId, courseId), findCourseReview(db, courseId, eq(courseReviews.userId, userId), { hidden: true })]);
  return { eligible, review: row ? toOwnReviewView(row) : null };
}

/**
 * POST /api/courses/{id}/reviews: a learner who finished the course rates it; a second POST
 * replaces their rating and text (one review per learner and course: the unique index). The
 * completion is checked again inside the insert, so a refused learner writes nothing.
 */
export async function saveCourseReview(db: Db, actor: ReviewActor, courseId: number, input: { rating: number; body: string }): Promise<CourseReviewWrite> {
  await publishedCourseOrThrow(db, courseId);
  if (!(await hasFinished(db, actor.id, courseId))) throw forbidden(REVIEW_NEEDS_COMPLETION);
  const mine = and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, actor.id))!;
  const upsert = db
    .insert(courseReviews)
    .select(
      db
        .select(insertSelection(courseReviews, { courseId, userId: actor.id, rating: input.rating, body: input.body }))
        .from(sql`(SELECT 1)`)
        .where(finishedSql(actor.id, courseId)),
    )
    .onConflictDoUpdate({
      target: [courseReviews.courseId, courseReviews.userId],
      set: { rating: sql`excluded.rating`, body: sql`excluded.body`, updatedAt: sqlNow },
    })
    .returning({ id: courseReviews.id });
  const [, saved] = await db.batch(withRating(db, courseId, mine, upsert));
  if (!saved[0]) throw forbidden(REVIEW_NEEDS_COMPLETION);
  const [row, rating] = await Promise.all([findCourseReview(db, courseId, eq(courseReviews.id, saved[0].id), { hidden: true }), courseRating(db, courseId)]);
  if (!row) throw notFound(COURSE_REVIEW_NOT_FOUND);
  // A review an admin hid stays hidden when its author edits it, and says so.
  return { review: toOwnReviewView(row), rating };
}

/**
 * POST /api/courses/{id}/reviews/{reviewId}/reply: the course's instructor replies to a shown
 * review; the reply is one per review, so a second POST edits it (by the instructor who wrote it).
 */
export async function replyToCourseReview(db: Db, actor: ReviewActor, courseId: number, reviewId: number, body: string): Promise<CourseReviewView> {
  const course = await publishedCourseOrThrow(db, courseId);
  if (course.instructorId !== actor.id) throw forbidden(ONLY_INSTRUCTOR_REPLIES);
  const ref = await reviewRef(db, courseId, reviewId);
  if (!ref || ref.hiddenAt !== null) throw notFound(COURSE_REVIEW_NOT_FOUND);
  if (ref.reply !== null && ref.replyBy !== actor.id) throw forbidden(NOT_YOUR_REPLY);
  const [updated] = await db
    .update(courseReviews)
    .set({ reply: body, replyBy: actor.id, repliedAt: sql`coalesce(${courseReviews.repliedAt}, ${sqlNow})`, updatedAt: sqlNow })
    .where(
      and(
        eq(courseReviews.id, reviewId),
        eq(courseReviews.courseId, courseId),
        isNull(courseReviews.hiddenAt),
        // Still the course's instructor, and the reply still theirs or not written yet.
        sql`EXISTS (SELECT 1 FROM ${courses} WHERE ${courses.id} = ${courseId} AND ${courses.instructorId} = ${actor.id})`,
        sql`(${courseReviews.replyBy} IS NULL OR ${courseReviews.replyBy} = ${actor.id})`,
      ),
    )
    .returning({ id: courseReviews.id });
  if (!updated) throw conflict(ALREADY_REPLIED);
  return reviewViewOrThrow(db, courseId, eq(courseReviews.id, reviewId));
}

/**
 * DELETE /api/courses/{id}/reviews/{reviewId}: an admin hides a review (audited). It leaves the
 * list and the course's rating; the row stays, so the learner cannot post it again as new.
 */
export async function hideCourseReview(db: Db, actor: ReviewActor, courseId: number, reviewId: number): Promise<{ rating: CourseRating }> {
  const ref = await reviewRef(db, courseId, reviewId);
  if (!ref || ref.hiddenAt !== null) throw notFound(COURSE_REVIEW_NOT_FOUND);
  const review = eq(courseReviews.id, reviewId);
  const [out, hide, back, average] = withRating(
    db,
    courseId,
    and(review, eq(courseReviews.courseId, courseId))!,
    db
      .update(courseReviews)
      .set({ hiddenAt: sqlNow, hiddenBy: actor.id })
      .where(and(review, eq(courseReviews.courseId, courseId), isNull(courseReviews.hiddenAt))),
  );
  // The review's row before and after, with the course's counters moved inside the same batch.
  await db.batch(
    audited(db, actor, { action: 'course_review.hide', table: courseReviews, id: reviewId, summary: `Hid review ${reviewId} of course ${courseId}`, ifChanged: false }, [
      out,
      hide,
      back,
      average,
    ]),
  );
  return { rating: await courseRating(db, courseId) };
}

