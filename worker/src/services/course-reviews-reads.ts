import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { certificates, courseReviews, courses, enrollments, users } from '../../../db/schema/index.ts';
import { encodeCursor, type Cursor } from '../domain/page-cursor.ts';
import type { Db } from '../platform/db.ts';
import { after } from './keyset.ts';
import {
  COURSE_REVIEWS_PAGE_SIZE,
  type CourseRating,
  type CourseReviewPage,
  type CourseReviewView,
  type OwnCourseReview,
} from '../../../shared/courses/reviews.ts';

/** Course reviews, read (decision 0066): the public list by keyset, one review, who may write one. */

const replier = alias(users, 'replier');

const reviewSelection = {
  id: courseReviews.id,
  courseId: courseReviews.courseId,
  userId: courseReviews.userId,
  rating: courseReviews.rating,
  body: courseReviews.body,
  reply: courseReviews.reply,
  repliedAt: courseReviews.repliedAt,
  createdAt: courseReviews.createdAt,
  updatedAt: courseReviews.updatedAt,
  hiddenAt: courseReviews.hiddenAt,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorUsername: users.username,
  replierFirstName: replier.firstName,
  replierLastName: replier.lastName,
  replierUsername: replier.username,
};

function reviewQuery(db: Db) {
  return db
    .select(reviewSelection)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .leftJoin(replier, eq(replier.id, courseReviews.replyBy));
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['execute']>>[number];

/** A reviewer as the public sees them: "Maria K." (the username when no name is given). */
export function reviewerName(first: string | null, last: string | null, username: string | null): string {
  const given = (first ?? '').trim();
  const initial = (last ?? '').trim().charAt(0);
  if (given) return initial ? `${given} ${initial.toUpperCase()}.` : given;
  return (username ?? '').trim() || 'A learner';
}

function fullName(first: string | null, last: string | null, username: string | null): string {
  return [first, last].map((p) => (p ?? '').trim()).filter(Boolean).join(' ') || (username ?? '').trim() || 'The instructor';
}

export function toReviewView(row: ReviewRow): CourseReviewView {
  return {
    id: row.id,
    course_id: row.courseId,
    rating: row.rating,
    body: row.body,
    author: { id: row.userId, name: reviewerName(row.authorFirstName, row.authorLastName, row.authorUsername) },
    reply:
      row.reply !== null && row.repliedAt !== null
        ? { body: row.reply, replied_at: row.repliedAt, author_name: fullName(row.replierFirstName, row.replierLastName, row.replierUsername) }
        : null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** A learner's own review, marked when an admin hid it (only its author is shown it then). */
export function toOwnReviewView(row: ReviewRow): OwnCourseReview {
  return { ...toReviewView(row), hidden: row.hiddenAt !== null };
}

/** The course's rating counters as the page shows them. */
export async function courseRating(db: Db, courseId: number): Promise<CourseRating> {
  const [row] = await db.select({ average: courses.ratingAverage, count: courses.ratingCount }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return { average: row?.average ?? 0, count: row?.count ?? 0 };
}

/**
 * A page of a course's shown reviews, newest first, after `cursor` (a keyset position: the last
 * review of the page before), served by the partial index (course_id, created_at, id).
 */
export async function listCourseReviews(db: Db, courseId: number, cursor?: Cursor): Promise<Omit<CourseReviewPage, 'rating'>> {
  const position = cursor ? ([String(cursor.key), cursor.id] as const) : undefined;
  const rows = await reviewQuery(db)
    .where(and(eq(courseReviews.courseId, courseId), isNull(courseReviews.hiddenAt), after(courseReviews.createdAt, courseReviews.id, position)))
    .orderBy(desc(courseReviews.createdAt), desc(courseReviews.id))
    .limit(COURSE_REVIEWS_PAGE_SIZE + 1);
  const shown = rows.slice(0, COURSE_REVIEWS_PAGE_SIZE);
  const last = shown.at(-1);
  const next = rows.length > COURSE_REVIEWS_PAGE_SIZE && last ? encodeCursor({ key: last.createdAt, id: last.id, page: (cursor?.page ?? 1) + 1 }) : null;
  return { data: shown.map(toReviewView), next };
}

/** One review of a course (hidden ones too when `hidden`), or null. */
export async function findCourseReview(db: Db, courseId: number, where: SQL, options: { hidden?: boolean } = {}) {
  const [row] = await reviewQuery(db)
    .where(and(eq(courseReviews.courseId, courseId), where, options.hidden ? undefined : isNull(courseReviews.hiddenAt)))
    .limit(1);
  return row ?? null;
}

/** A review's own row (for the checks of a write): its course, author, reply and whether it is hidden. */
export async function reviewRef(db: Db, courseId: number, reviewId: number) {
  const [row] = await db
    .select({ id: courseReviews.id, userId: courseReviews.userId, reply: courseReviews.reply, replyBy: courseReviews.replyBy, hiddenAt: courseReviews.hiddenAt })
    .from(courseReviews)
    .where(and(eq(courseReviews.id, reviewId), eq(courseReviews.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether a learner finished the course: their enrolment is marked completed, or they hold a
 * certificate of it that was not revoked (issued by hand, the enrolment may be unmarked). As SQL,
 * so a write checks it inside its own statement.
 */
export function finishedSql(userId: number, courseId: number): SQL {
  return sql`(EXISTS (SELECT 1 FROM ${enrollments} WHERE ${and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))} AND ${enrollments.completedAt} IS NOT NULL)
    OR EXISTS (SELECT 1 FROM ${certificates} WHERE ${and(eq(certificates.userId, userId), eq(certificates.courseId, courseId))} AND ${certificates.revokedAt} IS NULL))`;
}

export async function hasFinished(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db.select({ yes: sql<number>`${finishedSql(userId, courseId)}` }).from(sql`(SELECT 1)`);
  return Boolean(row?.yes);
}
