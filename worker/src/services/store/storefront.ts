import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { resourceCategories, resources, sellerProfiles } from '../../../../db/schema/index.ts';
import { dollars } from '../../domain/orders.ts';
import type { Db } from '../../platform/db.ts';
import type { ResourceSummary, SellerCard, SellerStore } from './views.ts';

/**
 * The public side of the sellers (decision 0029): the list of approved sellers and a storefront
 * (/sellers/{id}). Only sellers whose profile is `approved` and whose account is active are
 * public; only their `published` resources count and show. Plain functions of the database, read
 * by the API (/api/sellers, /api/sellers/{id}) and by the server-rendered pages alike.
 */

export const SELLER_NOT_FOUND = 'Seller not found';

interface CardRow {
  id: number;
  store_name: string;
  first_name: string;
  last_name: string;
  username: string;
  logo_url: string | null;
  profile_image_url: string | null;
  bio: string;
  rating_average: number | null;
  rating_count: number;
  resource_count: number;
}

/** An average to two decimals (0 when there is nothing to average). */
const average = (value: number | null) => (value === null ? 0 : Math.round(Number(value) * 100) / 100);

/**
 * The cards of approved, active sellers: rating over every review of their published resources,
 * and how many resources they have published.
 */
function cardsQuery(db: Db, where: SQL) {
  return db.all<CardRow>(sql`SELECT sp.user_id AS id, sp.store_name, u.first_name, u.last_name, u.username, sp.logo_url,
      u.profile_image_url, sp.bio,
      (SELECT avg(rr.rating) FROM resource_reviews rr JOIN resources r ON r.id = rr.resource_id
        WHERE r.seller_id = sp.user_id AND r.status = 'published') AS rating_average,
      (SELECT count(*) FROM resource_reviews rr JOIN resources r ON r.id = rr.resource_id
        WHERE r.seller_id = sp.user_id AND r.status = 'published') AS rating_count,
      (SELECT count(*) FROM resources r WHERE r.seller_id = sp.user_id AND r.status = 'published') AS resource_count
    FROM seller_profiles sp JOIN users u ON u.id = sp.user_id
    WHERE sp.status = 'approved' AND u.is_active = 1 AND ${where}
    ORDER BY lower(sp.store_name), sp.user_id`);
}

function toCard(row: CardRow): SellerCard {
  return {
    id: Number(row.id),
    store_name: row.store_name,
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    logo_url: row.logo_url,
    profile_image_url: row.profile_image_url,
    bio: row.bio,
    rating_average: average(row.rating_average),
    rating_count: Number(row.rating_count),
    resource_count: Number(row.resource_count),
  };
}

/** The card of one approved seller, or null (unknown, not approved, or inactive). */
export async function getSellerCard(db: Db, sellerId: number): Promise<SellerCard | null> {
  const [row] = await cardsQuery(db, sql`sp.user_id = ${sellerId}`);
  return row ? toCard(row) : null;
}

export interface SellerList {
  data: SellerCard[];
  total: number;
}

/** GET /api/sellers and the sellers' page: every approved seller, by store name. */
export async function listSellers(db: Db): Promise<SellerList> {
  const rows = await cardsQuery(db, sql`1`);
  const data = rows.map(toCard);
  return { data, total: data.length };
}

/** GET /api/sellers/{id} and /sellers/{id}: the storefront, or null unless the seller is approved. */
export async function getSellerStore(db: Db, sellerId: number): Promise<SellerStore | null> {
  const [seller, list] = await Promise.all([
    getSellerCard(db, sellerId),
    resourceSummaries(db, and(eq(resources.sellerId, sellerId), eq(resources.status, 'published'))!, [
      desc(resources.featured),
      desc(resources.publishedAt),
      desc(resources.id),
    ]),
  ]);
  if (!seller) return null;
  return { seller, resources: list };
}

/** Plain text from the start of a markdown description, at most `max` characters, cut at a word. */
export function plainSummary(markdown: string, max = 200): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * Resources in the list shape. The store's own list (helper A's resource services) and this one
 * should become one function; this one serves the storefront and the seller's own list.
 */
export async function resourceSummaries(db: Db, where: SQL, orderBy: SQL[]): Promise<ResourceSummary[]> {
  const rows = await db
    .select({
      r: resources,
      categoryName: resourceCategories.name,
      storeName: sellerProfiles.storeName,
      fileCount: sql<number>`(SELECT count(*) FROM resource_files f WHERE f.resource_id = ${resources.id})`.mapWith(Number),
    })
    .from(resources)
    .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, resources.sellerId))
    .where(where)
    .orderBy(...orderBy);
  return rows.map(({ r, categoryName, storeName, fileCount }) => ({
    id: r.id,
    title: r.title,
    summary: plainSummary(r.description),
    dance_style: r.danceStyle,
    age_group: r.ageGroup,
    level: r.level,
    category: r.categoryId !== null && categoryName !== null ? { id: r.categoryId, name: categoryName } : null,
    price: dollars(r.priceCents),
    price_cents: r.priceCents,
    is_free: r.priceCents === 0,
    cover_image_url: r.coverImageUrl,
    status: r.status,
    featured: r.featured,
    sales_count: r.salesCount,
    download_count: r.downloadCount,
    rating_average: r.ratingAverage,
    rating_count: r.ratingCount,
    file_count: fileCount,
    seller: { id: r.sellerId, store_name: storeName ?? '' },
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    published_at: r.publishedAt,
  }));
}
