import { DEFAULT_STORE_QUERY, FEATURED_COUNT, hasStoreFilters, STORE_PAGE_SIZE, type StoreQuery } from '../../../shared/store-query.ts';
import type { Db } from '../platform/db.ts';
import { buildStoreManifest, type StoreManifest } from './store-page-hashes.ts';
import type { SellerStorePage, StoreListPage, StoreResourcePage } from '../../../shared/store-page-types.ts';
import { getPublicResource, listFeaturedResources, listPublicResources, listResourceCategories } from './store/resource-reads.ts';
import { listResourceReviews } from './store/review-reads.ts';
import { getSellerStore } from './store/storefront.ts';
import { loadCommunityPreview, withOwnerBadge } from './community/preview.ts';

/**
 * The data of the store's public pages (decision 0029), read through the store's services (the same
 * reads as the API) and handed to the pages: by the build for the pre-rendered ones, by the site
 * router for those rendered on request. Astro's code never opens the database.
 */

/** A view of /curriculum: its page of resources (a page past the end shows the last one), the featured row on the front view's first page, the categories. */
export async function loadStoreListPage(db: Db, query: StoreQuery): Promise<StoreListPage> {
  const featuredShown = !hasStoreFilters(query) && query.page === 1;
  const [first, featured, categories] = await Promise.all([
    listPublicResources(db, { ...query, page_size: STORE_PAGE_SIZE }),
    featuredShown ? listFeaturedResources(db, FEATURED_COUNT) : Promise.resolve([]),
    listResourceCategories(db),
  ]);
  let list = first;
  const lastPage = Math.max(1, Math.ceil(list.total / STORE_PAGE_SIZE));
  if (list.data.length === 0 && query.page > lastPage && list.total > 0) list = await listPublicResources(db, { ...query, page: lastPage, page_size: STORE_PAGE_SIZE });
  return { query, list, featured, categories: categories.map((c) => ({ id: c.id, name: c.name })) };
}

/** /curriculum/{id}: a public resource, its reviews and its first questions, or null (not published, its seller not approved, unknown). */
export async function loadStoreResourcePage(db: Db, id: number): Promise<StoreResourcePage | null> {
  const [resource, reviews, questions] = await Promise.all([getPublicResource(db, id), listResourceReviews(db, id), loadCommunityPreview(db, 'resource', id)]);
  return resource ? { resource, reviews, questions: withOwnerBadge(questions, resource.seller.id) } : null;
}

/** /sellers/{id}: an approved seller's storefront, or null. */
export async function loadSellerStorePage(db: Db, sellerId: number): Promise<SellerStorePage | null> {
  const store = await getSellerStore(db, sellerId);
  return store ? { store } : null;
}

/** What the build pre-renders of the store, and the manifest of their hashes. */
export interface StoreBuild {
  list: StoreListPage;
  resources: StoreResourcePage[];
  manifest: StoreManifest;
}

/** Every published resource's id (all pages of the store). */
async function publicResourceIds(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const list = await listPublicResources(db, { page, page_size: 100 });
    ids.push(...list.data.map((r) => r.id));
    if (list.data.length === 0 || ids.length >= list.total) return ids;
  }
}

/** The store's front view and every published resource's page, as the build renders them. */
export async function loadStoreBuild(db: Db): Promise<StoreBuild> {
  const [list, ids] = await Promise.all([loadStoreListPage(db, DEFAULT_STORE_QUERY), publicResourceIds(db)]);
  const resources: StoreResourcePage[] = [];
  for (const id of ids) {
    const page = await loadStoreResourcePage(db, id);
    if (page) resources.push(page);
  }
  return { list, resources, manifest: await buildStoreManifest(list, resources) };
}
