import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { resourceCategories, resourceFiles, resources, sellerProfiles, users, type ResourceFileRow, type ResourceRow } from '../../../../db/schema/index.ts';
import { dollars } from '../../domain/orders.ts';
import { fileTypeLabel } from '../../domain/store.ts';
import type { Db } from '../../platform/db.ts';
import { plainSummary } from './plain-summary.ts';
import type { ResourceFileView, ResourcePreview, ResourceSummary } from '../../../../shared/store/views.ts';
import { PREVIEW_PAGES, previewKeyOf } from './pdf-preview.ts';

/**
 * Rows of the store's tables turned into the answers' shapes (views.ts), and the SQL conditions
 * every read shares: what "public" means, and the columns a summary needs.
 */

/** The seller may sell in public: approved profile, active account (a suspended seller's resources leave the store). */
export const sellerIsPublic = (sellerId: SQLWrapper = resources.sellerId) =>
  sql`EXISTS (SELECT 1 FROM seller_profiles sp JOIN users su ON su.id = sp.user_id
    WHERE sp.user_id = ${sellerId} AND sp.status = 'approved' AND su.is_active = 1)`;

/** A resource anybody may see: published, of a public seller. */
export const isPublicResource = sql`(${resources.status} = 'published' AND ${sellerIsPublic()})`;

export const summaryColumns = {
  r: resources,
  categoryName: resourceCategories.name,
  storeName: sellerProfiles.storeName,
  fileCount: sql<number>`(SELECT count(*) FROM resource_files f WHERE f.resource_id = ${resources.id})`.mapWith(Number),
};

export interface SummaryRow {
  r: ResourceRow;
  categoryName: string | null;
  storeName: string | null;
  fileCount: number;
}

/** resources with their category and store name, for summaries. */
export function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(resources)
    .leftJoin(resourceCategories, eq(resourceCategories.id, resources.categoryId))
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, resources.sellerId));
}

export function toSummary({ r, categoryName, storeName, fileCount }: SummaryRow): ResourceSummary {
  return {
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
    rating_average: Math.round(r.ratingAverage * 100) / 100,
    rating_count: r.ratingCount,
    file_count: fileCount,
    seller: { id: r.sellerId, store_name: storeName ?? '' },
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    published_at: r.publishedAt,
  };
}

export function toFileView(f: Pick<ResourceFileRow, 'id' | 'originalName' | 'mimetype' | 'size' | 'pageCount'>): ResourceFileView {
  return { id: f.id, name: f.originalName, mimetype: f.mimetype, type_label: fileTypeLabel(f.mimetype), size: f.size, page_count: f.pageCount };
}

/** A resource's files in their order, as anyone may see them (never the storage key). */
export async function listFileViews(db: Db, resourceId: number): Promise<ResourceFileView[]> {
  const rows = await db
    .select({ id: resourceFiles.id, originalName: resourceFiles.originalName, mimetype: resourceFiles.mimetype, size: resourceFiles.size, pageCount: resourceFiles.pageCount })
    .from(resourceFiles)
    .where(eq(resourceFiles.resourceId, resourceId))
    .orderBy(resourceFiles.position, resourceFiles.id);
  return rows.map(toFileView);
}

/**
 * A resource's preview PDF (decision 0064), public under its own address, with the pages it
 * shows (at most three of its source PDF's), or null when it has none.
 */
export async function resourcePreviewOf(db: Db, resourceId: number): Promise<ResourcePreview | null> {
  const [row] = await db.select({ key: resources.previewKey }).from(resources).where(eq(resources.id, resourceId)).limit(1);
  if (!row?.key) return null;
  const files = await db
    .select({ key: resourceFiles.storageKey, pages: resourceFiles.pageCount })
    .from(resourceFiles)
    .where(eq(resourceFiles.resourceId, resourceId));
  const source = files.find((f) => previewKeyOf(f.key) === row.key);
  if (!source) return null;
  return { url: `/api/resources/${resourceId}/preview`, pages: Math.min(PREVIEW_PAGES, source.pages ?? PREVIEW_PAGES) };
}

/** The preview images column (JSON) as a list of URLs; anything unreadable is no previews. */
export function previewUrlsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The facts of one resource its access rules need. */
export interface ResourceRef {
  id: number;
  sellerId: number;
  status: ResourceRow['status'];
  title: string;
  priceCents: number;
  /** The seller's profile is approved and the account active. */
  sellerPublic: boolean;
  salesCount: number;
}

export async function findResourceRef(db: Db, id: number): Promise<ResourceRef | null> {
  const [row] = await db
    .select({
      id: resources.id,
      sellerId: resources.sellerId,
      status: resources.status,
      title: resources.title,
      priceCents: resources.priceCents,
      salesCount: resources.salesCount,
      sellerPublic: sql<number>`${sellerIsPublic()}`.mapWith(Number),
    })
    .from(resources)
    .where(eq(resources.id, id))
    .limit(1);
  return row ? { ...row, sellerPublic: row.sellerPublic === 1 } : null;
}

export const isPublicRef = (ref: ResourceRef) => ref.status === 'published' && ref.sellerPublic;

/** The seller's name fields, for cards of sellers who are not public (an admin looking at a suspended store). */
export const sellerUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};
