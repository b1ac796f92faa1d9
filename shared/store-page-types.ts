import type { CommunityPreview } from './community.ts';
import type { StoreQuery } from './store-query.ts';
import type { ResourceCategoryRef, ResourceDetail, ResourceList, ResourceSummary, ReviewList, SellerStore } from './store/views.ts';

/**
 * What the store's public pages are given (decision 0029): the build pre-renders them from it and
 * the site router hands the same shapes to the server-rendered pages in `locals` (decision 0020).
 * The answers' own shapes are store/views.ts.
 */

/** /curriculum and every view of it (?q=&style=&age_group=&level=&category=&price=&sort=&page=). */
export interface StoreListPage {
  /** The view, as parsed from the address. */
  query: StoreQuery;
  /** Its page of resources, the total and the facets' counts. */
  list: ResourceList;
  /** The featured row (empty on filtered views and later pages). */
  featured: ResourceSummary[];
  /** Every resource category, for the category facet. */
  categories: ResourceCategoryRef[];
}

/** /curriculum/{id}: a published resource, its reviews and its first questions (decision 0075). */
export interface StoreResourcePage {
  resource: ResourceDetail;
  reviews: ReviewList;
  questions: CommunityPreview;
}

/** /sellers/{id} and /seller-store/{id}: the storefront, at either address. */
export interface SellerStorePage {
  store: SellerStore;
}
