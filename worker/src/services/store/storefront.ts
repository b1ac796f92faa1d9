import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { resources } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { selectSummaries, toSummary } from './resource-views.ts';
import type { ResourceSummary, SellerCard, SellerCardColumns, SellerStore } from '../../../../shared/store/views.ts';

/**
 * The public side of the sellers (decision 0029): the list of approved sellers and a storefront
 * (/sellers/{id}). Only sellers whose profile is `approved` and whose account is active are
 * public; only their `published` resources count and show. Plain functions of the database, read
 * by the API (/api/sellers, /api/sellers/{id}) and by the server-rendered pages alike.
 */

// Kept here for the store's readers that import it from this module.
export { plainSummary } from './plain-summary.ts';

export const SELLER_NOT_FOUND = 'Seller not found';

/** A card as the query reads it: the schema's columns, and the seller's figures (no reviews: a NULL average). */
interface CardRow extends SellerCardColumns {
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

/** Resources in the list shape (the store's own summary read), where `where` holds, in `orderBy`'s order. */
export async function resourceSummaries(db: Db, where: SQL, orderBy: SQL[]): Promise<ResourceSummary[]> {
  const rows = await selectSummaries(db).where(where).orderBy(...orderBy);
  return rows.map(toSummary);
}
