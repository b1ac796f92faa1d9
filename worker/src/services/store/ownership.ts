import { and, desc, eq, inArray } from 'drizzle-orm';
import { cartItems, orders, resourceFiles, resourceOwnerships, resources } from '../../../../db/schema/index.ts';
import { can } from '../../domain/permissions.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { RESOURCE_NOT_FOUND } from './resource-reads.ts';
import { findResourceRef, isPublicRef, selectSummaries, toFileView, toSummary } from './resource-views.ts';
import type { ResourceActor } from './resource-writes.ts';
import { findOwnReview } from './review-reads.ts';
import type { OwnedResource, ResourceAccess } from '../../../../shared/store/views.ts';

/**
 * Owning resources (decision 0029): bought (the RESOURCE fulfiller), taken for free from the
 * resource's page, or granted. What the caller may do with one resource, and everything they own.
 */

export const NOT_FREE = 'This resource is not free: add it to your cart to buy it.';

/** The actor may see the resource whatever its status: its seller or a curriculum admin/reviewer. */
export const privilegedFor = (actor: ResourceActor | null, sellerId: number) =>
  actor !== null && (actor.id === sellerId || can(actor.roles, 'resources.manage') || can(actor.roles, 'resources.review'));

/** GET /api/resources/{id}/access: never cached (it is the caller's). 404 for a resource the caller may not see. */
export async function resourceAccess(db: Db, actor: ResourceActor, resourceId: number): Promise<ResourceAccess> {
  const ref = await findResourceRef(db, resourceId);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  const [[owned], [inCart], review] = await Promise.all([
    db
      .select({ id: resourceOwnerships.id })
      .from(resourceOwnerships)
      .where(and(eq(resourceOwnerships.userId, actor.id), eq(resourceOwnerships.resourceId, resourceId)))
      .limit(1),
    db
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.userId, actor.id), eq(cartItems.kind, 'RESOURCE'), eq(cartItems.itemId, resourceId)))
      .limit(1),
    findOwnReview(db, resourceId, actor.id),
  ]);
  const isSeller = ref.sellerId === actor.id;
  if (!isPublicRef(ref) && !owned && !privilegedFor(actor, ref.sellerId)) throw notFound(RESOURCE_NOT_FOUND);
  return {
    resource_id: resourceId,
    owned: owned !== undefined,
    can_download: owned !== undefined || isSeller || can(actor.roles, 'resources.manage') || can(actor.roles, 'resources.review'),
    can_review: owned !== undefined && !isSeller,
    my_review: review,
    is_seller: isSeller,
    in_cart: inCart !== undefined,
  };
}

/**
 * POST /api/resources/{id}/claim: a signed-in user takes a free, published resource (source
 * 'free'). Taking it again changes nothing; its seller already has it.
 */
export async function claimFreeResource(db: Db, actor: ResourceActor, resourceId: number): Promise<ResourceAccess> {
  const ref = await findResourceRef(db, resourceId);
  if (!ref || !isPublicRef(ref)) throw notFound(RESOURCE_NOT_FOUND);
  if (ref.priceCents > 0) throw conflict(NOT_FREE);
  if (ref.sellerId !== actor.id) {
    // The condition is in the statement: a resource repriced meanwhile is not taken for free.
    await db
      .insert(resourceOwnerships)
      .select(
        db
          .select(insertSelection(resourceOwnerships, { userId: actor.id, resourceId: resources.id, source: 'free' }))
          .from(resources)
          .where(and(eq(resources.id, resourceId), eq(resources.priceCents, 0), eq(resources.status, 'published'))),
      )
      .onConflictDoNothing();
  }
  return resourceAccess(db, actor, resourceId);
}

/** GET /api/my-resources: every resource the user owns (whatever its status now), newest first, with its files. */
export async function listOwnedResources(db: Db, userId: number): Promise<OwnedResource[]> {
  const owned = await db
    .select({ ownership: resourceOwnerships, orderNumber: orders.number })
    .from(resourceOwnerships)
    .leftJoin(orders, eq(orders.id, resourceOwnerships.orderId))
    .where(eq(resourceOwnerships.userId, userId))
    .orderBy(desc(resourceOwnerships.createdAt), desc(resourceOwnerships.id));
  if (owned.length === 0) return [];
  const ids = owned.map((o) => o.ownership.resourceId);
  const [summaries, files] = await Promise.all([
    selectSummaries(db).where(inArray(resources.id, ids)),
    db.select().from(resourceFiles).where(inArray(resourceFiles.resourceId, ids)).orderBy(resourceFiles.position, resourceFiles.id),
  ]);
  const byId = new Map(summaries.map((s) => [s.r.id, toSummary(s)]));
  return owned.flatMap(({ ownership, orderNumber }) => {
    const resource = byId.get(ownership.resourceId);
    if (!resource) return [];
    return [
      {
        resource,
        files: files.filter((f) => f.resourceId === ownership.resourceId).map(toFileView),
        source: ownership.source,
        order_id: ownership.orderId,
        order_number: orderNumber,
        acquired_at: ownership.createdAt,
      },
    ];
  });
}
