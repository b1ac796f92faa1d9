import { and, desc, eq, sql } from 'drizzle-orm';
import { resourceReviews, users, type ResourceReviewRow } from '../../../../db/schema/index.ts';
import { ratingDistribution, roundedAverage } from '../../domain/store.ts';
import type { Db } from '../../platform/db.ts';
import type { ReviewList, ReviewView } from '../../../../shared/store/views.ts';

/** A resource's reviews as everybody reads them (decision 0029): newest first, with the seller's replies. */

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  profileImageUrl: users.profileImageUrl,
};

type AuthorRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'username' | 'profileImageUrl'>;

export function toReviewView(row: ResourceReviewRow, author: AuthorRow): ReviewView {
  return {
    id: row.id,
    resource_id: row.resourceId,
    rating: row.rating,
    body: row.body,
    author: { id: author.id, first_name: author.firstName, last_name: author.lastName, username: author.username, profile_image_url: author.profileImageUrl },
    seller_reply: row.sellerReply,
    replied_at: row.repliedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** GET /api/resources/{id}/reviews and the resource page: every review, the average, the count and the spread by star. */
export async function listResourceReviews(db: Db, resourceId: number): Promise<ReviewList> {
  const [rows, stars] = await db.batch([
    db
      .select({ review: resourceReviews, author: authorColumns })
      .from(resourceReviews)
      .innerJoin(users, eq(users.id, resourceReviews.userId))
      .where(eq(resourceReviews.resourceId, resourceId))
      .orderBy(desc(resourceReviews.createdAt), desc(resourceReviews.id)),
    db
      .select({ rating: resourceReviews.rating, count: sql<number>`count(*)`.mapWith(Number) })
      .from(resourceReviews)
      .where(eq(resourceReviews.resourceId, resourceId))
      .groupBy(resourceReviews.rating),
  ]);
  const count = stars.reduce((n, s) => n + s.count, 0);
  const sum = stars.reduce((n, s) => n + s.rating * s.count, 0);
  return {
    data: rows.map((r) => toReviewView(r.review, r.author)),
    rating_average: roundedAverage(sum, count),
    rating_count: count,
    distribution: ratingDistribution(stars),
  };
}

/** One review with its author, or null. */
export async function findReview(db: Db, resourceId: number, reviewId: number): Promise<ReviewView | null> {
  const [row] = await db
    .select({ review: resourceReviews, author: authorColumns })
    .from(resourceReviews)
    .innerJoin(users, eq(users.id, resourceReviews.userId))
    .where(and(eq(resourceReviews.id, reviewId), eq(resourceReviews.resourceId, resourceId)))
    .limit(1);
  return row ? toReviewView(row.review, row.author) : null;
}

/** The user's own review of a resource, or null. */
export async function findOwnReview(db: Db, resourceId: number, userId: number): Promise<ReviewView | null> {
  const [row] = await db
    .select({ review: resourceReviews, author: authorColumns })
    .from(resourceReviews)
    .innerJoin(users, eq(users.id, resourceReviews.userId))
    .where(and(eq(resourceReviews.resourceId, resourceId), eq(resourceReviews.userId, userId)))
    .limit(1);
  return row ? toReviewView(row.review, row.author) : null;
}
