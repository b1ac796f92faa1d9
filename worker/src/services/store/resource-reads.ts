import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { resourceCategories, resources, sellerProfiles, statTotals, users } from '../../../../db/schema/index.ts';
import { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS, RESOURCE_STATUSES } from '../../../../db/schema/store.ts';
import { likePattern, RESOURCE_PAGE_SIZE_DEFAULT, RESOURCE_PAGE_SIZE_MAX } from '../../domain/store.ts';
import type { Db } from '../../platform/db.ts';
import { renderLessonMarkdown } from '../learning.ts';
import { findResourceRef, isPublicRef, isPublicResource, listFileViews, previewUrlsOf, selectSummaries, sellerUserColumns, toSummary } from './resource-views.ts';
import { getSellerCard } from './storefront.ts';
import type {
  AgeGroup,
  DanceStyle,
  FacetCount,
  ResourceCategoryRef,
  ResourceDetail,
  ResourceFacets,
  ResourceLevel,
  ResourceList,
  ResourceSort,
  ResourceStatus,
  ResourceSummary,
  SellerCard,
} from './views.ts';

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

/** The conditions of a query's filters, over `resources` (joined with its seller's profile for the search). */
function filtersOf(query: Omit<ResourceListQuery, 'sort'>): SQL[] {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    where.push(sql`(${resources.title} LIKE ${pattern} ESCAPE '\\' OR ${resources.description} LIKE ${pattern} ESCAPE '\\'
      OR ${sellerProfiles.storeName} LIKE ${pattern} ESCAPE '\\')`);
  }
  if (query.style) where.push(eq(resources.danceStyle, query.style));
  if (query.age_group) where.push(eq(resources.ageGroup, query.age_group));
  if (query.level) where.push(eq(resources.level, query.level));
  if (query.category !== undefined && query.category !== '') where.push(eq(resources.categoryId, query.category));
  if (query.price === 'free') where.push(eq(resources.priceCents, 0));
  if (query.price === 'paid') where.push(sql`${resources.priceCents} > 0`);
  if (query.featured) where.push(eq(resources.featured, true));
  if (query.seller !== undefined) where.push(eq(resources.sellerId, query.seller));
  return where;
}

/** ORDER BY of a sort; the id breaks ties so pages never overlap. */
export function orderOf(sort: ResourceSort | 'oldest' | undefined): SQL[] {
  const newest = sql`coalesce(${resources.publishedAt}, ${resources.createdAt})`;
  switch (sort) {
    case 'rating':
      return [desc(resources.ratingAverage), desc(resources.ratingCount), desc(resources.id)];
    case 'best_selling':
      return [desc(resources.salesCount), desc(resources.ratingAverage), desc(resources.id)];
    case 'price_asc':
      return [asc(resources.priceCents), desc(resources.id)];
    case 'price_desc':
      return [desc(resources.priceCents), desc(resources.id)];
    case 'oldest':
      return [asc(sql`coalesce(${resources.submittedAt}, ${resources.createdAt})`), asc(resources.id)];
    default:
      return [desc(newest), desc(resources.id)];
  }
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

async function pageOf(db: Db, base: SQL[], query: Omit<ResourceListQuery, 'sort'> & { sort?: ResourceSort | 'oldest' }, totalMetric?: string) {
  const page = bounded(query.page, 1, 1_000_000);
  const pageSize = bounded(query.page_size, RESOURCE_PAGE_SIZE_DEFAULT, RESOURCE_PAGE_SIZE_MAX);
  const where = and(...base, ...filtersOf(query));
  const [rows, [counted]] = await db.batch([
    selectSummaries(db)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    totalMetric
      ? db
          .select({ n: sql<number>`coalesce(max(0, sum(${statTotals.value})), 0)`.mapWith(Number) })
          .from(statTotals)
          .where(and(eq(statTotals.metric, totalMetric), eq(statTotals.day, '')))
      : db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(resources)
          .leftJoin(sellerProfiles, eq(sellerProfiles.userId, resources.sellerId))
          .where(where),
  ]);
  return { data: rows.map(toSummary), total: counted?.n ?? 0, page, page_size: pageSize };
}

/** GET /api/resources (and /curriculum's views): a page of the published store, with the store's facets. */
export async function listPublicResources(db: Db, query: ResourceListQuery = {}): Promise<ResourceList> {
  const [list, facets] = await Promise.all([pageOf(db, [isPublicResource], query, listedTotalMetric(query)), storeFacets(db)]);
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

/**
 * The facet counts of the whole public store (not narrowed by the visitor's filters, so every
 * option shows its full count), as the filter panel shows them: running totals the database keeps
 * per facet value (`store.*` in stat_totals, migration 0022), a few dozen rows whatever the
 * store's size.
 */
export async function storeFacets(db: Db): Promise<ResourceFacets> {
  const [rows, categories] = await Promise.all([
    db
      .select({ metric: statTotals.metric, value: statTotals.value })
      .from(statTotals)
      .where(and(gte(statTotals.metric, 'store.'), lt(statTotals.metric, 'store/'), eq(statTotals.day, ''))),
    db
      .select({ id: resourceCategories.id, name: resourceCategories.name })
      .from(resourceCategories)
      .orderBy(asc(resourceCategories.position), asc(resourceCategories.name), asc(resourceCategories.id)),
  ]);
  const counts = new Map(rows.map((r) => [r.metric, r.value]));
  const count = (metric: string) => Math.max(0, counts.get(metric) ?? 0);
  const enumFacet = (prefix: string, values: readonly string[]): FacetCount[] => values.map((value) => ({ value, count: count(`store.${prefix}:${value}`) }));
  return {
    dance_style: enumFacet('style', DANCE_STYLES),
    age_group: enumFacet('age', AGE_GROUPS),
    level: enumFacet('level', RESOURCE_LEVELS),
    category: categories.map((c) => ({ id: c.id, value: c.name, count: count(`store.category:${c.id}`) })),
    price: { free: count('store.price:free'), paid: count('store.price:paid') },
  };
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
  const [rows, files] = await Promise.all([selectSummaries(db).where(eq(resources.id, id)).limit(1), listFileViews(db, id)]);
  const row = rows[0];
  if (!row) return null;
  const seller = await sellerCardOf(db, row.r.sellerId);
  return {
    ...toSummary(row),
    description: row.r.description,
    description_html: renderLessonMarkdown(row.r.description),
    preview_image_urls: previewUrlsOf(row.r.previewImageUrls),
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

/** A resource category with how many resources use it. */
export interface ResourceCategoryView extends ResourceCategoryRef {
  description: string;
  position: number;
  /** Resources filed under it, whatever their status. */
  resource_count: number;
  /** Public ones. */
  published_count: number;
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

export interface AdminResourceQuery extends Omit<ResourceListQuery, 'sort'> {
  status?: ResourceStatus;
  /** The review queue reads oldest first. */
  sort?: ResourceSort | 'oldest';
}

export interface AdminResourceList {
  data: ResourceSummary[];
  total: number;
  page: number;
  page_size: number;
  /** Resources per status over the whole store, whatever the filters. */
  counts: Record<ResourceStatus, number>;
}

/** Every resource whatever its status, filtered by status, seller, search and the facets. */
export async function listAllResources(db: Db, query: AdminResourceQuery): Promise<AdminResourceList> {
  const base = query.status ? [eq(resources.status, query.status)] : [];
  const [list, countRows] = await Promise.all([
    pageOf(db, base, query),
    db.select({ status: resources.status, n: sql<number>`count(*)`.mapWith(Number) }).from(resources).groupBy(resources.status),
  ]);
  const counts = Object.fromEntries(RESOURCE_STATUSES.map((s) => [s, countRows.find((r) => r.status === s)?.n ?? 0])) as Record<ResourceStatus, number>;
  return { ...list, counts };
}

/** How many resources the admin list's filters select (the export checks it before reading any row). */
export async function countAllResources(db: Db, query: Omit<AdminResourceQuery, 'page' | 'page_size'>): Promise<number> {
  const base = query.status ? [eq(resources.status, query.status)] : [];
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(resources)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, resources.sellerId))
    .where(and(...base, ...filtersOf(query)));
  return row?.n ?? 0;
}

/**
 * `limit` resources the admin list's filters select, in the list's order, after the first
 * `offset`: a page of the CSV export. The list sorts by rating, sales or price as well as by date,
 * and the store's resources are counted in tens of thousands, so these pages skip by offset.
 */
export async function allResourcesFrom(db: Db, query: Omit<AdminResourceQuery, 'page' | 'page_size'>, offset: number, limit: number): Promise<ResourceSummary[]> {
  const base = query.status ? [eq(resources.status, query.status)] : [];
  const rows = await selectSummaries(db)
    .where(and(...base, ...filtersOf(query)))
    .orderBy(...orderOf(query.sort))
    .limit(limit)
    .offset(offset);
  return rows.map(toSummary);
}
