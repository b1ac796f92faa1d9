import { asc, count, eq, sql } from 'drizzle-orm';
import { resources, sellerProfiles } from '../../../../db/schema/store.ts';
import { users } from '../../../../db/schema/users.ts';
import type { Db } from '../../platform/db.ts';
import { QUEUE_PREVIEW, type WorkQueues } from '../../../../shared/dashboards/queues.ts';

/**
 * A sub-admin's queues (GET /api/admin/queues): how many resources wait for review and the oldest
 * few, in the review queue's own order (the oldest submission first, resources_status_submitted_idx),
 * and how many seller applications wait with the first few (seller_profiles_status_idx, the oldest
 * account first). Each part is read only when the caller's roles hold its action.
 */
export async function workQueues(db: Db, parts: { review: boolean; sellers: boolean }): Promise<WorkQueues> {
  const submittedOrder = sql<string>`coalesce(${resources.submittedAt}, ${resources.createdAt})`;
  const review = parts.review
    ? await db.batch([
        db.select({ n: count() }).from(resources).where(eq(resources.status, 'submitted')),
        db
          .select({
            id: resources.id,
            title: resources.title,
            storeName: sellerProfiles.storeName,
            first: users.firstName,
            last: users.lastName,
            username: users.username,
            at: submittedOrder,
          })
          .from(resources)
          .innerJoin(users, eq(users.id, resources.sellerId))
          .leftJoin(sellerProfiles, eq(sellerProfiles.userId, resources.sellerId))
          .where(eq(resources.status, 'submitted'))
          .orderBy(asc(submittedOrder), asc(resources.id))
          .limit(QUEUE_PREVIEW),
      ])
    : null;
  const sellers = parts.sellers
    ? await db.batch([
        db.select({ n: count() }).from(sellerProfiles).where(eq(sellerProfiles.status, 'pending')),
        db
          .select({
            userId: sellerProfiles.userId,
            storeName: sellerProfiles.storeName,
            first: users.firstName,
            last: users.lastName,
            username: users.username,
            at: sellerProfiles.createdAt,
          })
          .from(sellerProfiles)
          .innerJoin(users, eq(users.id, sellerProfiles.userId))
          .where(eq(sellerProfiles.status, 'pending'))
          .orderBy(asc(sellerProfiles.userId))
          .limit(QUEUE_PREVIEW),
      ])
    : null;
  const nameOf = (r: { first: string; last: string; username: string }) => [r.first, r.last].filter((p) => p.trim()).join(' ') || r.username;
  return {
    review: review && {
      awaiting: Number(review[0][0]?.n ?? 0),
      first: review[1].map((r) => ({
        id: r.id,
        title: r.title,
        seller: r.storeName || nameOf(r),
        submitted_at: r.at,
      })),
    },
    sellers: sellers && {
      pending: Number(sellers[0][0]?.n ?? 0),
      first: sellers[1].map((r) => ({
        user_id: r.userId,
        store_name: r.storeName,
        name: nameOf(r),
        applied_at: r.at,
      })),
    },
  };
}
