import { and, eq, inArray, sql } from 'drizzle-orm';
import { courses, enrollments, resourceOwnerships, resources, roles, userRoles, users } from '../../../db/schema/index.ts';
import type { ITEM_KINDS } from '../../../db/schema/commerce.ts';
import { CART_TYPE_MAX } from '../domain/cart.ts';
import { courseLevelFeature, FEATURES } from '../domain/features.ts';
import { FEATURE_GATE_DEFAULT_MESSAGE } from '../domain/subscriptions.ts';
import type { Db } from '../platform/db.ts';
import { gateLevelOf } from './feature-access.ts';
import { placeholders, preparedPerCount, valuesOf } from './prepared-batch.ts';
import type { UnavailableReason } from '../../../shared/purchasables.ts';
import { INCLUDED_IN_PLAN_MESSAGE } from '../../../shared/course-plan-access.ts';

/**
 * What can be bought, described the same way for every kind: its current title and price, its
 * public page, and whether this user may buy it now. The cart, checkout and orders read items
 * only through `describePurchasables`, so a new kind is one describer, registered with the others
 * in payments/registry.ts.
 */

export type ItemKind = (typeof ITEM_KINDS)[number];
export interface ItemRef {
  kind: ItemKind;
  itemId: number;
}

export interface Purchasable {
  kind: ItemKind;
  itemId: number;
  title: string;
  priceCents: number;
  imageUrl: string | null;
  /** The item's public page, e.g. /courses/5. */
  url: string;
  available: boolean;
  reason: UnavailableReason | null;
  reasonMessage: string | null;
  /** How many one buyer may put in a cart: COURSE 1 (an enrolment is personal); RESOURCE 10 (licence seats). */
  maxQuantity: number;
  /**
   * What an order line fixes at checkout beside its title and price (JSON, kept in
   * order_items.metadata): the fulfiller grants what was sold, not what the item says at payment.
   */
  lineMetadata?: string;
}

export const REASON_MESSAGES: Record<UnavailableReason, string> = {
  not_found: 'This item no longer exists.',
  unpublished: 'This item is not available.',
  owned: 'You already own this item.',
  own_item: 'This is your own item: you cannot buy it.',
  plan_required: FEATURE_GATE_DEFAULT_MESSAGE,
  included: INCLUDED_IN_PLAN_MESSAGE,
  not_enrolled: 'Enrol in this course first.',
};
export const COURSE_OWNED = 'You are already enrolled in this course.';
export const RESOURCE_OWNED = 'You already own this resource. Find it in My Resources.';
export const OWN_RESOURCE = 'This is your own resource: you cannot buy it.';
export const UNKNOWN_ITEM_TITLE = 'Unavailable item';

export const MAX_QUANTITY: Record<ItemKind, number> = { ...CART_TYPE_MAX, SUBSCRIPTION: 1, BOOKING: 1, PACKAGE: 1 };

export const purchasableKey = (ref: ItemRef) => `${ref.kind}:${ref.itemId}`;

/**
 * One kind's describer: the items of that kind it knows, by id, for this user. An id it leaves out
 * does not exist (answered as not_found).
 */
export type KindDescriber = (db: Db, userId: number | null, itemIds: number[]) => Promise<Map<number, Purchasable>>;

/** The gate level of a buyer (decision 0031): their plan's, admins above all; a visitor 0. */
async function buyerLevel(db: Db, userId: number | null): Promise<number> {
  if (userId === null) return 0;
  const [[row], roleRows] = await Promise.all([
    db
      .select({ subscriptionTier: users.subscriptionTier, subscriptionStatus: users.subscriptionStatus, subscriptionExpiresAt: users.subscriptionExpiresAt })
      .from(users)
      .where(eq(users.id, userId)),
    db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
  ]);
  return gateLevelOf({ roles: roleRows.map((r) => r.name), row: row ?? null });
}

/**
 * COURSE: available while published and not enrolled (a lapsed plan's enrolment aside). A course that requires a plan
 * (required_level) is included in that plan and above (decision 0063): a buyer whose plan reaches
 * it is not sold it (`included`: enrol from the course page instead); below the level a paid one
 * may be bought, a free one only comes with the plan (plan_required, the gate's description).
 */
const courseRows = preparedPerCount((db, count) =>
  db
    .select({
      id: courses.id,
      title: courses.title,
      priceCents: courses.priceCents,
      imageUrl: courses.imageUrl,
      status: courses.status,
      requiredLevel: courses.requiredLevel,
    })
    .from(courses)
    .where(inArray(courses.id, placeholders('id', count)))
    .prepare(),
);
const enrolledRows = preparedPerCount((db, count) =>
  db
    .select({ courseId: enrollments.courseId, source: enrollments.source })
    .from(enrollments)
    .where(and(eq(enrollments.userId, sql.placeholder('userId')), inArray(enrollments.courseId, placeholders('id', count))))
    .prepare(),
);

export const describeCourses: KindDescriber = async (db, userId, itemIds) => {
  const ids = valuesOf('id', itemIds);
  const [rows, owned] = await Promise.all([
    courseRows(db, itemIds.length).execute(ids),
    userId === null ? Promise.resolve([] as { courseId: number; source: string }[]) : enrolledRows(db, itemIds.length).execute({ ...ids, userId }),
  ]);
  const enrolled = new Map(owned.map((r) => [r.courseId, r.source]));
  const level = rows.some((r) => r.requiredLevel > 0) ? await buyerLevel(db, userId) : 0;
  const out = new Map<number, Purchasable>();
  for (const row of rows) {
    const source = enrolled.get(row.id);
    // An enrolment whose plan no longer reaches the course (decision 0063) is not ownership: a paid
    // course may be bought then, to keep.
    const owns = source !== undefined && (source === 'purchase' || row.priceCents <= 0 || level >= row.requiredLevel);
    const reason: UnavailableReason | null =
      row.status !== 'published'
        ? 'unpublished'
        : owns
          ? 'owned'
          : row.requiredLevel > 0 && level >= row.requiredLevel
            ? 'included'
            : row.requiredLevel > level && row.priceCents <= 0
              ? 'plan_required'
              : null;
    const gate = courseLevelFeature(row.requiredLevel);
    out.set(row.id, {
      kind: 'COURSE',
      itemId: row.id,
      title: row.title,
      priceCents: row.priceCents,
      imageUrl: row.imageUrl,
      url: `/courses/${row.id}`,
      available: reason === null,
      reason,
      reasonMessage: reason === 'owned' ? COURSE_OWNED : reason === 'plan_required' && gate ? FEATURES[gate].description : reason ? REASON_MESSAGES[reason] : null,
      ...(reason === 'included' ? { url: `/courses/${row.id}/enroll` } : {}),
      maxQuantity: MAX_QUANTITY.COURSE,
    });
  }
  return out;
};

/**
 * RESOURCE (decision 0029): available while published by an approved, active seller; owned once
 * bought, taken for free or granted; never to its own seller. A free one is refused by the cart's
 * and checkout's free rule (it is taken from its page instead).
 */
const resourceRows = preparedPerCount((db, count) =>
  db
    .select({
      id: resources.id,
      title: resources.title,
      priceCents: resources.priceCents,
      imageUrl: resources.coverImageUrl,
      status: resources.status,
      sellerId: resources.sellerId,
      sellerPublic: sql<number>`EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id
        WHERE sp.user_id = ${resources.sellerId} AND sp.status = 'approved' AND su.is_active = 1)`.mapWith(Number),
    })
    .from(resources)
    .where(inArray(resources.id, placeholders('id', count)))
    .prepare(),
);
const ownedResourceRows = preparedPerCount((db, count) =>
  db
    .select({ resourceId: resourceOwnerships.resourceId })
    .from(resourceOwnerships)
    .where(and(eq(resourceOwnerships.userId, sql.placeholder('userId')), inArray(resourceOwnerships.resourceId, placeholders('id', count))))
    .prepare(),
);

export const describeResources: KindDescriber = async (db, userId, itemIds) => {
  const ids = valuesOf('id', itemIds);
  const [rows, owned] = await Promise.all([
    resourceRows(db, itemIds.length).execute(ids),
    userId === null ? Promise.resolve([] as { resourceId: number }[]) : ownedResourceRows(db, itemIds.length).execute({ ...ids, userId }),
  ]);
  const ownedIds = new Set(owned.map((r) => r.resourceId));
  const out = new Map<number, Purchasable>();
  for (const row of rows) {
    const reason: UnavailableReason | null =
      row.status !== 'published' || row.sellerPublic !== 1 ? 'unpublished' : row.sellerId === userId ? 'own_item' : ownedIds.has(row.id) ? 'owned' : null;
    out.set(row.id, {
      kind: 'RESOURCE',
      itemId: row.id,
      title: row.title,
      priceCents: row.priceCents,
      imageUrl: row.imageUrl,
      url: `/curriculum/${row.id}`,
      available: reason === null,
      reason,
      reasonMessage: reason === 'owned' ? RESOURCE_OWNED : reason === 'own_item' ? OWN_RESOURCE : reason ? REASON_MESSAGES[reason] : null,
      maxQuantity: MAX_QUANTITY.RESOURCE,
    });
  }
  return out;
};

/**
 * Per kind, the describer in use; a kind without an entry answers not_found for every item. The
 * sellable kinds are registered by one module, payments/registry.ts (decision 0050).
 */
const registry = new Map<ItemKind, KindDescriber>();
/** The describers a registration replaced, per kind, so that unregistering gives them back. */
const replaced = new Map<ItemKind, (KindDescriber | undefined)[]>();

/** Adds or replaces a kind's describer (the registry registers every kind; tests may register a fake over one). */
export function registerPurchasableKind(kind: ItemKind, describer: KindDescriber): void {
  const stack = replaced.get(kind) ?? [];
  stack.push(registry.get(kind));
  replaced.set(kind, stack);
  registry.set(kind, describer);
}

/** Undoes the latest `registerPurchasableKind` of the kind (a test's fake): the describer it replaced is back, else the kind has none. */
export function unregisterPurchasableKind(kind: ItemKind): void {
  const previous = replaced.get(kind)?.pop();
  if (previous) registry.set(kind, previous);
  else registry.delete(kind);
}

/** Whether the kind has a describer (the registry registers each kind once). */
export function hasPurchasableKind(kind: ItemKind): boolean {
  return registry.has(kind);
}

export function notFoundPurchasable(ref: ItemRef): Purchasable {
  return {
    kind: ref.kind,
    itemId: ref.itemId,
    title: UNKNOWN_ITEM_TITLE,
    priceCents: 0,
    imageUrl: null,
    url: '',
    available: false,
    reason: 'not_found',
    reasonMessage: REASON_MESSAGES.not_found,
    maxQuantity: MAX_QUANTITY[ref.kind] ?? 1,
  };
}

/** Current title/price/availability for each ref, for this user (owned = enrolled course / bought resource). */
export async function describePurchasables(db: Db, userId: number | null, refs: ItemRef[]): Promise<Map<string, Purchasable>> {
  const idsByKind = new Map<ItemKind, Set<number>>();
  for (const ref of refs) {
    let ids = idsByKind.get(ref.kind);
    if (!ids) idsByKind.set(ref.kind, (ids = new Set()));
    ids.add(ref.itemId);
  }
  const out = new Map<string, Purchasable>();
  await Promise.all(
    [...idsByKind].map(async ([kind, ids]) => {
      const describer = registry.get(kind);
      const found = describer ? await describer(db, userId, [...ids]) : new Map<number, Purchasable>();
      for (const id of ids) {
        const ref = { kind, itemId: id };
        out.set(purchasableKey(ref), found.get(id) ?? notFoundPurchasable(ref));
      }
    }),
  );
  return out;
}

/** One item; see `describePurchasables`. */
export async function describePurchasable(db: Db, userId: number | null, ref: ItemRef): Promise<Purchasable> {
  const map = await describePurchasables(db, userId, [ref]);
  return map.get(purchasableKey(ref)) ?? notFoundPurchasable(ref);
}
