import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { bookings, instructorProfiles, instructorReviews, lessonPackages, lessonTypes, users } from '../../../../db/schema/index.ts';
import { INSTRUCTOR_NOT_FOUND } from '../../domain/bookings.ts';
import { notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import type { PublicProfileView, ReviewView } from '../../../../shared/bookings/views.ts';
import { loadDirectoryRecords } from './directory.ts';
import { entryOf } from '../../../../shared/connect/directory-search.ts';
import { toLessonTypeView, toPackageView } from './profile-views.ts';

/**
 * /instructors/{id}'s Connect & Book part (decision 0032): a published profile's card, bio, lesson
 * types and packages on offer, booking rules and its latest reviews. Unpublished, suspended or an
 * inactive user's profile: 404, as if there were none.
 */

export const PROFILE_REVIEWS_SHOWN = 10;
export const REVIEWS_PAGE_SIZE = 10;

/** "Maya R.": a reviewer as the public sees them. */
export const reviewerName = (first: string, last: string) => {
  const initial = last.trim().charAt(0);
  return `${first.trim()}${initial ? ` ${initial.toUpperCase()}.` : ''}`.trim() || 'A student';
};

const reviewColumns = {
  id: instructorReviews.id,
  rating: instructorReviews.rating,
  comment: instructorReviews.comment,
  createdAt: instructorReviews.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  lessonTitle: bookings.title,
};

function toReviewView(r: { id: number; rating: number; comment: string; createdAt: string; firstName: string; lastName: string; lessonTitle: string }): ReviewView {
  return { id: r.id, rating: r.rating, comment: r.comment, reviewer_name: reviewerName(r.firstName, r.lastName), lesson_title: r.lessonTitle, created_at: r.createdAt };
}

function visibleReviews(db: Db, instructorId: number, limit: number, offset: number) {
  return db
    .select(reviewColumns)
    .from(instructorReviews)
    .innerJoin(users, eq(users.id, instructorReviews.userId))
    .innerJoin(bookings, eq(bookings.id, instructorReviews.bookingId))
    .where(and(eq(instructorReviews.instructorId, instructorId), eq(instructorReviews.hidden, false)))
    .orderBy(desc(instructorReviews.createdAt), desc(instructorReviews.id))
    .limit(limit)
    .offset(offset);
}

/** GET /api/connect/instructors/{id}, and the instructor page's Connect & Book section; null when not published. */
export async function findPublicProfile(db: Db, instructorId: number): Promise<PublicProfileView | null> {
  const [record] = await loadDirectoryRecords(db, instructorId);
  if (!record) return null;
  const [[profile], types, packages, reviews] = await Promise.all([
    db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, instructorId)),
    db
      .select()
      .from(lessonTypes)
      .where(and(eq(lessonTypes.instructorId, instructorId), eq(lessonTypes.active, true)))
      .orderBy(asc(lessonTypes.position), asc(lessonTypes.id)),
    db
      .select()
      .from(lessonPackages)
      .where(and(eq(lessonPackages.instructorId, instructorId), eq(lessonPackages.active, true)))
      .orderBy(asc(lessonPackages.lessonsCount), asc(lessonPackages.id)),
    visibleReviews(db, instructorId, PROFILE_REVIEWS_SHOWN, 0),
  ]);
  if (!profile) return null;
  const typeById = new Map(types.map((t) => [t.id, t]));
  let ageGroups: string[] = [];
  try {
    const parsed: unknown = JSON.parse(profile.ageGroups);
    if (Array.isArray(parsed)) ageGroups = parsed.filter((v): v is string => typeof v === 'string');
  } catch {
    ageGroups = [];
  }
  return {
    ...entryOf(record),
    bio: profile.bio,
    video_url: profile.videoUrl,
    age_groups: ageGroups,
    lesson_types: types.map(toLessonTypeView),
    // A package of a type no longer offered is not offered either.
    packages: packages.filter((p) => typeById.has(p.lessonTypeId)).map((p) => toPackageView(p, typeById.get(p.lessonTypeId))),
    cancellation_hours: profile.cancellationHours,
    min_notice_minutes: profile.minNoticeMinutes,
    horizon_days: profile.horizonDays,
    reviews: reviews.map(toReviewView),
  };
}

export async function getPublicProfile(db: Db, instructorId: number): Promise<PublicProfileView> {
  const view = await findPublicProfile(db, instructorId);
  if (!view) throw notFound(INSTRUCTOR_NOT_FOUND);
  return view;
}

export interface InstructorReviewsAnswer {
  data: ReviewView[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  rating: number | null;
  review_count: number;
}

/** GET /api/connect/instructors/{id}/reviews?page=: the visible reviews, newest first. */
export async function listInstructorReviews(db: Db, instructorId: number, page: number): Promise<InstructorReviewsAnswer> {
  const [record] = await loadDirectoryRecords(db, instructorId);
  if (!record) throw notFound(INSTRUCTOR_NOT_FOUND);
  const [rows, [count]] = await Promise.all([
    visibleReviews(db, instructorId, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)` })
      .from(instructorReviews)
      .where(and(eq(instructorReviews.instructorId, instructorId), eq(instructorReviews.hidden, false))),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    data: rows.map(toReviewView),
    pagination: { page, pageSize: REVIEWS_PAGE_SIZE, total, totalPages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)) },
    rating: record.rating,
    review_count: record.review_count,
  };
}
