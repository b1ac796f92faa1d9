import { and, eq, isNull, sql } from 'drizzle-orm';
import { resourceOwnerships, resourceReviews, resources } from '../../../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { uniqueViolation } from '../db-errors.ts';
import { noticesFromSelect, notify } from '../notifications.ts';
import { RESOURCE_NOT_FOUND } from './resource-reads.ts';
import { findResourceRef, isPublicRef } from './resource-views.ts';
import type { ResourceActor } from './resource-writes.ts';
import { findReview } from './review-reads.ts';
import type { ReviewView } from '../../../../shared/store/views.ts';

/**
 * Reviews (decision 0029): one per owner and resource (never by its seller), editable by its
 * author; the seller replies once. The resource's rating average and count are recomputed in the
 * same batch as every review write, so the store shows them at once.
 */

export const REVIEW_NEEDS_OWNERSHIP = 'Only people who bought or took this resource can review it.';
export const SELLER_CANNOT_REVIEW = 'You cannot review your own resource.';
export const ALREADY_REVIEWED = 'You have already reviewed this resource. Edit your review instead.';
export const REVIEW_NOT_FOUND = 'Review not found';
export const NOT_YOUR_REVIEW = 'You can only edit your own review.';
export const ONLY_SELLER_REPLIES = "Only the resource's seller can reply to its reviews.";
export const ALREADY_REPLIED = 'You have already replied to this review.';

/** The resource's rating from its reviews, as one statement of the review write's batch. */
function recomputeRating(db: Db, resourceId: number) {
  const ofResource = eq(resourceReviews.resourceId, resourceId);
  return db
    .update(resources)
    .set({
      ratingCount: sql`(SELECT count(*) FROM ${resourceReviews} WHERE ${ofResource})`,
      ratingAverage: sql`coalesce((SELECT round(avg(${resourceReviews.rating}), 2) FROM ${resourceReviews} WHERE ${ofResource}), 0)`,
    })
    .where(eq(resources.id, resourceId));
}

async function reviewOrThrow(db: Db, resourceId: number, reviewId: number): Promise<ReviewView> {
  const review = await findReview(db, resourceId, reviewId);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  return review;
}

/** POST /api/resources/{id}/reviews: an owner who is not its seller, once. */
export async function createReview(platform: Platform, actor: ResourceActor, resourceId: number, input: { rating: number; body: string }): Promise<ReviewView> {
  const { db } = platform;
  const ref = await findResourceRef(db, resourceId);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  if (ref.sellerId === actor.id) throw forbidden(SELLER_CANNOT_REVIEW);
  const [owned] = await db
    .select({ id: resourceOwnerships.id })
    .from(resourceOwnerships)
    .where(and(eq(resourceOwnerships.userId, actor.id), eq(resourceOwnerships.resourceId, resourceId)))
    .limit(1);
  if (!owned) {
    if (!isPublicRef(ref)) throw notFound(RESOURCE_NOT_FOUND);
    throw forbidden(REVIEW_NEEDS_OWNERSHIP);
  }
  let inserted: { id: number }[];
  try {
    [inserted] = await db.batch([
      // Ownership is checked again inside the insert: a refund in between leaves no review.
      db
        .insert(resourceReviews)
        .select(
          db
            .select(insertSelection(resourceReviews, { resourceId, userId: actor.id, rating: input.rating, body: input.body }))
            .from(sql`(SELECT 1)`)
            .where(
              sql`EXISTS (SELECT 1 FROM ${resourceOwnerships} WHERE ${and(eq(resourceOwnerships.userId, actor.id), eq(resourceOwnerships.resourceId, resourceId))})`,
            ),
        )
        .returning({ id: resourceReviews.id }),
      recomputeRating(db, resourceId),
    ]);
  } catch (err) {
    // The only unique index a review insert can fail: one review per user and resource.
    if (uniqueViolation(err) !== null) throw conflict(ALREADY_REVIEWED);
    throw err;
  }
  if (!inserted[0]) throw forbidden(REVIEW_NEEDS_OWNERSHIP);
  // The notice and its email follow the review (in-app and through the outbox).
  await notify(platform, {
    userId: ref.sellerId,
    kind: 'review_received',
    title: `New review of “${ref.title}”`,
    body: `${input.rating} of 5 stars: ${input.body.length > 200 ? `${input.body.slice(0, 199)}…` : input.body}`,
    url: `/curriculum/${resourceId}#reviews`,
  });
  return reviewOrThrow(db, resourceId, inserted[0].id);
}

/** PATCH /api/resources/{id}/reviews/{reviewId}: its author changes the rating or the text. */
export async function updateReview(db: Db, actor: ResourceActor, resourceId: number, reviewId: number, changes: { rating?: number; body?: string }): Promise<ReviewView> {
  const review = await reviewOrThrow(db, resourceId, reviewId);
  if (review.author.id !== actor.id) throw forbidden(NOT_YOUR_REVIEW);
  await db.batch([
    db
      .update(resourceReviews)
      .set({
        ...(changes.rating !== undefined ? { rating: changes.rating } : {}),
        ...(changes.body !== undefined ? { body: changes.body } : {}),
        updatedAt: sqlNow,
      })
      .where(and(eq(resourceReviews.id, reviewId), eq(resourceReviews.userId, actor.id))),
    recomputeRating(db, resourceId),
  ]);
  return reviewOrThrow(db, resourceId, reviewId);
}

/** POST /api/resources/{id}/reviews/{reviewId}/reply: the resource's seller, once (the second is a 409). */
export async function replyToReview(db: Db, actor: ResourceActor, resourceId: number, reviewId: number, reply: string): Promise<ReviewView> {
  const ref = await findResourceRef(db, resourceId);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  if (ref.sellerId !== actor.id) throw forbidden(ONLY_SELLER_REPLIES);
  await reviewOrThrow(db, resourceId, reviewId);
  const [review] = await db.batch([
    db
      .update(resourceReviews)
      .set({ sellerReply: reply, repliedAt: sqlNow })
      .where(and(eq(resourceReviews.id, reviewId), eq(resourceReviews.resourceId, resourceId), isNull(resourceReviews.sellerReply)))
      .returning({ id: resourceReviews.id, userId: resourceReviews.userId }),
    noticesFromSelect(
      db,
      'review_replied',
      {
        userId: sql`user_id`,
        title: sql`${`The seller replied to your review of “${ref.title}”`}`,
        body: sql`${reply.length > 200 ? `${reply.slice(0, 199)}…` : reply}`,
        url: sql`${`/curriculum/${resourceId}#reviews`}`,
      },
      sql`FROM resource_reviews WHERE id = ${reviewId} AND replied_at IS NOT NULL AND changes() > 0`,
    ),
  ]);
  if (!review[0]) throw conflict(ALREADY_REPLIED);
  return reviewOrThrow(db, resourceId, reviewId);
}
