import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { resources, sellerProfiles, statTotals, users, type ResourceRow } from '../../../../db/schema/index.ts';
import { RESOURCE_STATUSES } from '../../../../db/schema/store.ts';
import type { Cursor } from '../../domain/page-cursor.ts';
import { likePattern, RESOURCE_PAGE_SIZE_DEFAULT, RESOURCE_PAGE_SIZE_MAX } from '../../domain/store.ts';
import { badRequest } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { INVALID_CURSOR } from '../../schemas/users.ts';
import { beyond, orderOf as keysetOrder, readKeysetPage, type ListOrder, type Position } from '../keyset.ts';
import { renderLessonMarkdown } from '../learning.ts';
import { findResourceRef, isPublicRef, isPublicResource, listFileViews, previewUrlsOf, resourcePreviewOf, selectSummaries, sellerUserColumns, toSummary, type SummaryRow } from './resource-views.ts';
import { facetsFor, storeFacets } from './facets.ts';
import { getSellerCard } from './storefront.ts';

export { storeFacets };
import type { AgeGroup, DanceStyle, ResourceDetail, ResourceLevel, ResourceList, ResourceSort, ResourceStatus, ResourceSummary, SellerCard } from '../../../../shared/store/views.ts';
import type { ResourceCategoryView, AdminResourceList } from '../../../../shared/store/resource-reads.ts';

/**
 * The store's reads (decision 0029), as plain functions of the database: the API routes answer
 * them and the server-rendered pages (/curriculum, /curriculum/{id}) are built from them. Public
 * reads show only published resources of approved, active sellers.
 */

export const RESOURCE_NOT_FOUND = 'Resource not found';

/**
 * A view of the store. Empty strings mean "no filter", so the site's parsed address (StoreQuery)
 * can be handed over as it is.
 */
export interface ResourceListQuery {
  /** Words in the title, description or store name. */
  q?: string;
  style?: DanceStyle | '';
  age_group?: AgeGroup | '';
  level?: ResourceLevel | '';
  /** A resource category's id. */
  category?: number | '';
  price?: 'free' | 'paid' | '';
  sort?: ResourceSort;
  /** Only featured resources. */
  featured?: boolean;
  /** Only this seller's resources. */
  seller?: number;
  page?: number;
  page_size?: number;
}

const bounded = (n: number | undefined, fallback: number, max: number) =>
  n !== undefined && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;

/**
 * The conditions of a query's filters, over `resources` alone (a store name is matched through
 * the sellers whose name holds the words, found once). Free or paid keeps a large share of the
 * store, so a page checks the price on its walk of the sort's index: the unary plus keeps SQLite
 * from reading a price index instead and sorting every free or paid resource for each page. A
 * count (`counting`) reads the price index.
 */
function filtersOf(query: Omit<ResourceListQuery, 'sort'>, counting = false): SQL[] {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    where.push(sql`(${resources.title} LIKE ${pattern} ESCAPE '\\' OR ${resources.description} LIKE ${pattern} ESCAPE '\\'
      OR ${resources.sellerId} IN (SELECT ${sellerProfiles.userId} FROM ${sellerProfiles} WHERE ${sellerProfiles.storeName} LIKE ${pattern} ESCAPE '\\'))`);
  }
  if (query.style) where.push(eq(resources.danceStyle, query.style));
  if (query.age_group) where.push(eq(resources.ageGroup, query.age_group));
  if (query.level) where.push(eq(resources.level, query.level));
  if (query.category !== undefined && query.category !== '') where.push(eq(resources.categoryId, query.category));
  const price = counting ? sql`${resources.priceCents}` : sql`+${resources.priceCents}`;
  if (query.price === 'free') where.push(sql`${price} = 0`);
  if (query.price === 'paid') where.push(sql`${price} > 0`);
  if (query.featured) where.push(eq(resources.featured, true));
  if (query.seller !== undefined) where.push(eq(resources.sellerId, query.seller));
  return where;
}

/**
 * A sort of the store's lists, as a page by keyset walks it (decision 0045): its ORDER BY (or the
 * same order read from its other end), the rows past a page token's row, and the key a token
 * holds. The id breaks ties so pages never overlap. Each sort has an index of its own over every
 * status and behind each filter that narrows the admin's list (db/schema/store.ts).
 */
interface ListSort {
  /** The first key, the id and their direction (keyset.ts). */
  order: ListOrder;
  orderBy: (reversed: boolean) => SQL[];
  /** The rows after the token's row in this order (before it, `reversed`). */
  beyond: (cursor: Cursor, reversed: boolean) => SQL;
  keyOf: (r: ResourceRow) => string | number;
  /** Whether a token's key is one this sort writes (a token of another sort is refused). */
  fits: (key: string | number) => boolean;
}

/** A sort by one key and the id, both one way: the keyset's own order and bound. */
function byKey(key: SQLWrapper, direction: 'asc' | 'desc', keyOf: ListSort['keyOf'], fits: ListSort['fits']): ListSort {
  const order: ListOrder = { key, id: resources.id, direction };
  return { order, orderBy: (reversed) => keysetOrder(order, reversed), beyond: (cursor, reversed) => beyond(order, reversed, cursor), keyOf, fits };
}

/** Two figures as one token key ("4.5:12"), and back (null for anything else). */
const pairKey = (a: number, b: number) => `${a}:${b}`;
function pairOf(key: string | number): [number, number] | null {
  if (typeof key !== 'string') return null;
  const parts = key.split(':');
  if (parts.length !== 2 || parts.some((p) => p.trim() === '')) return null;
  const [a, b] = parts.map(Number) as [number, number];
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
}

/**
 * A sort by two columns and the id, all descending; the token's key holds both. The bound is a row
 * value, so SQLite starts the page's range at both columns, not at the first alone: the rows tied
 * on the first (thousands unrated or unsold) are not walked past again for each page.
 */
function byPair(first: SQLWrapper, second: SQLWrapper, keyOf: (r: ResourceRow) => [number, number]): ListSort {
  const id = resources.id;
  return {
    order: { key: first, id, direction: 'desc' },
    orderBy: (reversed) => (reversed ? [asc(first), asc(second), asc(id)] : [desc(first), desc(second), desc(id)]),
    beyond: (cursor, reversed) => {
      // `fits` has checked the key.
      const [a, b] = pairOf(cursor.key) ?? [0, 0];
      return reversed ? sql`(${first}, ${second}, ${id}) > (${a}, ${b}, ${cursor.id})` : sql`(${first}, ${second}, ${id}) < (${a}, ${b}, ${cursor.id})`;
    },
    keyOf: (r) => pairKey(...keyOf(r)),
    fits: (key) => pairOf(key) !== null,
  };
}

const isDate = (key: string | number) => typeof key === 'string';
const isCents = (key: string | number) => typeof key === 'number' && Number.isSafeInteger(key);

/** Cheapest first and, among equal prices, the newest (the highest id) first: the key and the id run opposite ways. */
const cheapestFirst: ListSort = {
  order: { key: resources.priceCents, id: resources.id, direction: 'asc' },
  orderBy: (reversed) => (reversed ? [desc(resources.priceCents), asc(resources.id)] : [asc(resources.priceCents), desc(resources.id)]),
  beyond: ({ key: k, id: i }, reversed) =>
    reversed
      ? sql`${resources.priceCents} <= ${k} AND (${resources.priceCents} < ${k} OR ${resources.id} > ${i})`
      : sql`${resources.priceCents} >= ${k} AND (${resources.priceCents} > ${k} OR ${resources.id} < ${i})`,
  keyOf: (r) => r.priceCents,
  fits: isCents,
};

const LIST_SORTS: Record<ResourceSort | 'oldest', ListSort> = {
  newest: byKey(sql`coalesce(${resources.publishedAt}, ${resources.createdAt})`, 'desc', (r) => r.publishedAt ?? r.createdAt, isDate),
  rating: byPair(resources.ratingAverage, resources.ratingCount, (r) => [r.ratingAverage, r.ratingCount]),
  best_selling: byPair(resources.salesCount, resources.ratingAverage, (r) => [r.salesCount, r.ratingAverage]),
  price_asc: cheapestFirst,
  price_desc: byKey(resources.priceCents, 'desc', (r) => r.priceCents, isCents),
  // The review queue: the longest waiting first.
  oldest: byKey(sql`coalesce(${resources.submittedAt}, ${resources.createdAt})`, 'asc', (r) => r.submittedAt ?? r.createdAt, isDate),
};

/** ORDER BY of a sort. */
export function orderOf(sort: ResourceSort | 'oldest' | undefined): SQL[] {
  return LIST_SORTS[sort ?? 'newest'].orderBy(false);
}

/**
 * The running total (stat_totals, migration 0022) that counts the public store narrowed by
 * `query`, when one does: the whole store, or one facet value with no other filter. Otherwise
 * the list counts what it matches.
 */
function listedTotalMetric(query: Omit<ResourceListQuery, 'sort'>): string | undefined {
  if (query.q?.trim() || query.featured || query.seller !== undefined) return undefined;
  const facets = [
    query.style ? `store.style:${query.style}` : null,
    query.age_group ? `store.age:${query.age_group}` : null,
    query.level ? `store.level:${query.level}` : null,
    query.category !== undefined && query.category !== '' ? `store.category:${query.category}` : null,
    query.price ? `store.price:${query.price}` : null,
  ].filter((m) => m !== null);
  if (facets.length > 1) return undefined;
  return facets[0] ?? 'store.listed';
}

/**
 * A page by number of a store list. The total comes first (a running total where the list keeps
 * one); a page in the second half of the list is read from its other end, so the last pages skip
 * as few rows as the first ones; the page's ids are found in `resources` alone through the sort's
 * index, then those rows with their category and store (see `readSlice`).
 */
async function pageOf(db: Db, base: SQL[], query: Omit<ResourceListQuery, 'sort'> & { sort?: ResourceSort | 'oldest' }, totalMetric?: string) {
  const page = bounded(query.page, 1, 1_000_000);
  const pageSize = bounded(query.page_size, RESOURCE_PAGE_SIZE_DEFAULT, RESOURCE_PAGE_SIZE_MAX);
  const where = and(...base, ...filtersOf(query));
  const [counted] = totalMetric
    ? await db
        .select({ n: sql<number>`coalesce(max(0, sum(${statTotals.value})), 0)`.mapWith(Number) })
        .from(statTotals)
        .where(and(eq(statTotals.metric, totalMetric), eq(statTotals.day, '')))
    : await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(resources)
        .where(and(...base, ...filtersOf(query, true)));
  const total = counted?.n ?? 0;
  const start = (page - 1) * pageSize;
  if (start >= total) return { data: [], total, page, page_size: pageSize };
  const end = Math.min(start + pageSize, total);
  const fromEnd = start > total - end;
  const sort = LIST_SORTS[query.sort ?? 'newest'];
  const rows = await readSlice(db, {
    where,
    orderBy: sort.orderBy(fromEnd),
    limit: end - start,
    offset: fromEnd ? total - end : start,
  });
  if (fromEnd) rows.reverse();
  return { data: rows.map(toSummary), total, page, page_size: pageSize };
}

/** GET /api/resources (and /curriculum's views): a page of the published store, with the store's facets. */
export async function listPublicResources(db: Db, query: ResourceListQuery = {}): Promise<ResourceList> {
  // Each facet counts what the view's other filters keep (facets.ts); the seller's storefront alone keeps the store's.
  const narrowing = listedTotalMetric({ ...query, seller: undefined }) !== 'store.listed';
  const [list, facets] = await Promise.all([
    pageOf(db, [isPublicResource], query, listedTotalMetric(query)),
    narrowing ? facetsFor(db, query, filtersOf({ q: query.q }, true)[0]) : storeFacets(db),
  ]);
  return { ...list, facets };
}

/** The featured row: featured published resources, newest first. */
export async function listFeaturedResources(db: Db, limit = 8): Promise<ResourceSummary[]> {
  const rows = await selectSummaries(db)
    .where(and(isPublicResource, eq(resources.featured, true)))
    .orderBy(...orderOf('newest'))
    .limit(Math.max(1, Math.min(limit, RESOURCE_PAGE_SIZE_MAX)));
  return rows.map(toSummary);
}

/** The card of a resource's seller: the public storefront card, else (a seller no longer public, seen by an admin) one made from the profile. */
async function sellerCardOf(db: Db, sellerId: number): Promise<SellerCard> {
  const card = await getSellerCard(db, sellerId);
  if (card) return card;
  const [row] = await db
    .select({ user: sellerUserColumns, storeName: sellerProfiles.storeName, bio: sellerProfiles.bio, logoUrl: sellerProfiles.logoUrl })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .where(eq(users.id, sellerId))
    .limit(1);
  return {
    id: sellerId,
    store_name: row?.storeName ?? '',
    first_name: row?.user.firstName ?? '',
    last_name: row?.user.lastName ?? '',
    username: row?.user.username ?? '',
    logo_url: row?.logoUrl ?? null,
    profile_image_url: row?.user.profileImageUrl ?? null,
    bio: row?.bio ?? '',
    rating_average: 0,
    rating_count: 0,
    resource_count: 0,
  };
}

/** A resource in full, whatever its status (the caller decides who may see it), or null. */
export async function getResourceDetail(db: Db, id: number): Promise<ResourceDetail | null> {
  const [rows, files, preview] = await Promise.all([selectSummaries(db).where(eq(resources.id, id)).limit(1), listFileViews(db, id), resourcePreviewOf(db, id)]);
  const row = rows[0];
  if (!row) return null;
  const seller = await sellerCardOf(db, row.r.sellerId);
  return {
    ...toSummary(row),
    description: row.r.description,
    description_html: renderLessonMarkdown(row.r.description),
    preview_image_urls: previewUrlsOf(row.r.previewImageUrls),
    preview,
    files,
    seller,
    rejection_reason: row.r.rejectionReason,
  };
}

/** GET /api/resources/{id} for everybody and /curriculum/{id}: a public resource, else null. The rejection reason is never in it. */
export async function getPublicResource(db: Db, id: number): Promise<ResourceDetail | null> {
  const ref = await findResourceRef(db, id);
  if (!ref || !isPublicRef(ref)) return null;
  const detail = await getResourceDetail(db, id);
  return detail ? { ...detail, rejection_reason: null } : null;
}

/** GET /api/categories?kind=resource and the store's category facet: every resource category in its order. */
export async function listResourceCategories(db: Db): Promise<ResourceCategoryView[]> {
  const rows = await db.all<{ id: number; name: string; description: string; position: number; resource_count: number; published_count: number }>(sql`
    SELECT c.id, c.name, c.description, c.position,
      (SELECT count(*) FROM resources r WHERE r.category_id = c.id) AS resource_count,
      coalesce((SELECT max(0, value) FROM stat_totals WHERE metric = 'store.category:' || c.id AND day = ''), 0) AS published_count
    FROM resource_categories c ORDER BY c.position, c.name, c.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    description: r.description,
    position: Number(r.position),
    resource_count: Number(r.resource_count),
    published_count: Number(r.published_count),
  }));
}

// ---------------------------------------------------------------------------------------------
// The admin's list (GET /api/curriculum-all)

export type AdminResourceSort = ResourceSort | 'oldest';

export interface AdminResourceQuery extends Omit<ResourceListQuery, 'sort'> {
  status?: ResourceStatus;
  /** The review queue reads oldest first. */
  sort?: AdminResourceSort;
  /** The page after or before one already shown, named by that page's token (decision 0045). */
  after?: Cursor;
  before?: Cursor;
}

/** The admin list's filters and order, without its paging (the CSV export's). */
export type AdminResourceFilters = Omit<AdminResourceQuery, 'page' | 'page_size' | 'after' | 'before'>;

const adminWhere = (query: AdminResourceFilters, counting = false) =>
  and(...(query.status ? [eq(resources.status, query.status)] : []), ...filtersOf(query, counting));
const narrowed = (query: AdminResourceFilters) =>
  !!(query.q?.trim() || query.style || query.age_group || query.level || (query.category !== undefined && query.category !== '') || query.price || query.featured || query.seller !== undefined);

/** Resources per status, each counted over its range of an index led by the status (index entries, never the rows). */
async function statusCounts(db: Db): Promise<Record<ResourceStatus, number>> {
  const rows = await db
    .select({ status: resources.status, n: count() })
    .from(resources)
    .where(inArray(resources.status, [...RESOURCE_STATUSES]))
    .groupBy(resources.status);
  return Object.fromEntries(RESOURCE_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<ResourceStatus, number>;
}

/**
 * How many resources the filters select. With a status alone, or no filter, it is that status's
 * count or the sum of the counts; a seller, a category, the featured ones or a price are counted
 * through their index. Only a search, or a style, age group or level without those, reads the
 * rows it narrows to (no index holds the words or these facets).
 */
async function totalOf(db: Db, query: AdminResourceFilters, counts?: Promise<Record<ResourceStatus, number>>): Promise<number> {
  if (!narrowed(query)) {
    const c = await (counts ?? statusCounts(db));
    return query.status ? c[query.status] : RESOURCE_STATUSES.reduce((sum, s) => sum + c[s], 0);
  }
  const [row] = await db.select({ n: count() }).from(resources).where(adminWhere(query, true));
  return row?.n ?? 0;
}

/**
 * Rows of the admin list: their ids found in `resources` alone through the sort's index (a page
 * far from both ends skips its offset there, with no join for each row it skips), then those rows
 * with their category and store.
 */
async function readSlice(db: Db, slice: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }): Promise<SummaryRow[]> {
  const found = await db
    .select({ id: resources.id })
    .from(resources)
    .where(slice.where)
    .orderBy(...slice.orderBy)
    .limit(slice.limit)
    .offset(slice.offset);
  if (found.length === 0) return [];
  const at = new Map(found.map((r, i) => [r.id, i]));
  const rows = await selectSummaries(db).where(inArray(resources.id, [...at.keys()]));
  return rows.sort((a, b) => at.get(a.r.id)! - at.get(b.r.id)!);
}

/** The sort a query asks for; a token another sort wrote is refused as the other lists refuse a forged one. */
function sortOf(query: Pick<AdminResourceQuery, 'sort' | 'after' | 'before'>): ListSort {
  const sort = LIST_SORTS[query.sort ?? 'newest'];
  for (const side of ['after', 'before'] as const) {
    const cursor = query[side];
    if (cursor && !sort.fits(cursor.key)) throw badRequest(INVALID_CURSOR, { [side]: [INVALID_CURSOR] });
  }
  return sort;
}

/**
 * Every resource whatever its status, filtered by status, seller, search and the facets, in any of
 * the store's sorts or the review queue's: a page by number, or the page after or before one
 * shown, through the sort's index (decision 0045).
 */
export async function listAllResources(db: Db, query: AdminResourceQuery): Promise<AdminResourceList> {
  const sort = sortOf(query);
  const pageSize = bounded(query.page_size, RESOURCE_PAGE_SIZE_DEFAULT, RESOURCE_PAGE_SIZE_MAX);
  const where = adminWhere(query);
  const counting = statusCounts(db);
  const [page, counts] = await Promise.all([
    readKeysetPage(
      { page: bounded(query.page, 1, 1_000_000), pageSize, after: query.after, before: query.before },
      {
        order: sort.order,
        beyond: sort.beyond,
        read: ({ bound, reversed, limit, offset }) => readSlice(db, { where: and(where, bound), orderBy: sort.orderBy(reversed), limit, offset }),
        positionOf: (row) => [sort.keyOf(row.r), row.r.id],
        total: () => totalOf(db, query, counting),
      },
    ),
    counting,
  ]);
  return { data: page.rows.map(toSummary), total: page.total, page: page.page, page_size: pageSize, next: page.next, prev: page.prev, counts };
}

/** How many resources the admin list's filters select (the export checks it before reading any row). */
export function countAllResources(db: Db, query: AdminResourceFilters): Promise<number> {
  return totalOf(db, query);
}

/** A resource of the admin list and its position in the list's order (where the next page starts). */
export interface ListedResource {
  resource: ResourceSummary;
  position: Position;
}

/**
 * Up to `limit` resources the admin list's filters select after `position`, in the list's order:
 * a page of the CSV export, through the sort's index like the list's own pages.
 */
export async function allResourcesAfter(db: Db, query: AdminResourceFilters, position: Position | undefined, limit: number): Promise<ListedResource[]> {
  const sort = LIST_SORTS[query.sort ?? 'newest'];
  const bound = position ? sort.beyond({ key: position[0], id: position[1], page: 1 }, false) : undefined;
  const rows = await readSlice(db, { where: and(adminWhere(query), bound), orderBy: sort.orderBy(false), limit, offset: 0 });
  return rows.map((row) => ({ resource: toSummary(row), position: [sort.keyOf(row.r), row.r.id] }));
}
