import type { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS, RESOURCE_STATUSES, SELLER_ROLES, SELLER_STATUSES, SellerProfileRow } from '../../db/schema/store.ts';
import type { UserRow } from '../../db/schema/users.ts';

/**
 * The curriculum store's answers (decision 0029): one shape per answer, read by the API routes,
 * the server-rendered pages (handed over in `locals`) and the islands. snake_case like the course
 * reads; money as `price` (dollars) beside `price_cents`.
 */

export type DanceStyle = (typeof DANCE_STYLES)[number];
export type AgeGroup = (typeof AGE_GROUPS)[number];
export type ResourceLevel = (typeof RESOURCE_LEVELS)[number];
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
export type SellerStatus = (typeof SELLER_STATUSES)[number];
export type SellerRole = (typeof SELLER_ROLES)[number];

export const RESOURCE_SORTS = ['newest', 'rating', 'best_selling', 'price_asc', 'price_desc'] as const;
export type ResourceSort = (typeof RESOURCE_SORTS)[number];

/** The columns of the seller's profile and account a card shows, typed as the schema has them. */
export interface SellerCardColumns {
  /** The seller's user id: /sellers/{id}. */
  id: SellerProfileRow['userId'];
  store_name: SellerProfileRow['storeName'];
  first_name: UserRow['firstName'];
  last_name: UserRow['lastName'];
  username: UserRow['username'];
  logo_url: SellerProfileRow['logoUrl'];
  profile_image_url: UserRow['profileImageUrl'];
  bio: SellerProfileRow['bio'];
}

/** The seller as a resource shows them (the storefront card). */
export interface SellerCard extends SellerCardColumns {
  /** Over every review of the seller's published resources, to two decimals; 0 without reviews. */
  rating_average: number;
  rating_count: number;
  resource_count: number;
}

export interface ResourceCategoryRef {
  id: number;
  name: string;
}

/** A resource in a list (store grid, storefront, seller's own list). */
export interface ResourceSummary {
  id: number;
  title: string;
  /** Plain text from the start of the markdown description (at most ~200 characters). */
  summary: string;
  dance_style: DanceStyle;
  age_group: AgeGroup;
  level: ResourceLevel;
  category: ResourceCategoryRef | null;
  /** Dollars. */
  price: number;
  price_cents: number;
  is_free: boolean;
  /** Public image URL, or null (the page shows the store's default resource image). */
  cover_image_url: string | null;
  status: ResourceStatus;
  featured: boolean;
  sales_count: number;
  download_count: number;
  rating_average: number;
  rating_count: number;
  file_count: number;
  seller: { id: number; store_name: string };
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

/** A file as anyone may see it: never its storage key. */
export interface ResourceFileView {
  id: number;
  name: string;
  mimetype: string;
  /** A short label of the type: PDF, Word, Excel, PowerPoint, Audio, Video, Image, Text, CSV, ZIP, RAR. */
  type_label: string;
  size: number;
  /** Pages of a PDF, else null. */
  page_count: number | null;
}

/** A resource's preview PDF: its public address and how many pages it shows. */
export interface ResourcePreview {
  url: string;
  pages: number;
}

export interface ResourceDetail extends ResourceSummary {
  /** Markdown as written. */
  description: string;
  /** The description rendered and sanitised. */
  description_html: string;
  preview_image_urls: string[];
  /** The stamped first pages of its first PDF, shown before buying (null: none). */
  preview: ResourcePreview | null;
  files: ResourceFileView[];
  seller: SellerCard;
  /** Shown to the seller and admins only (null for everybody else). */
  rejection_reason: string | null;
}

/** What the caller may do with a resource (GET /api/resources/{id}/access; never cached). */
export interface ResourceAccess {
  resource_id: number;
  /** Bought, took for free, or granted. */
  owned: boolean;
  /** Owner, its seller or an admin. */
  can_download: boolean;
  /** Owned and not the seller. */
  can_review: boolean;
  /** The caller's own review, if any. */
  my_review: ReviewView | null;
  is_seller: boolean;
  in_cart: boolean;
}

export interface ReviewView {
  id: number;
  resource_id: number;
  rating: number;
  body: string;
  author: { id: number; first_name: string; last_name: string; username: string; profile_image_url: string | null };
  seller_reply: string | null;
  replied_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReviewList {
  data: ReviewView[];
  rating_average: number;
  rating_count: number;
  /** Reviews per star, index 0 = 1 star. */
  distribution: [number, number, number, number, number];
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface ResourceFacets {
  dance_style: FacetCount[];
  age_group: FacetCount[];
  level: FacetCount[];
  category: (FacetCount & { id: number })[];
  price: { free: number; paid: number };
  /**
   * Present when the counts are narrowed by the view's other filters: they stop at this figure, so
   * a count that reaches it means at least as many ("1,000+").
   */
  count_cap?: number;
}

export interface ResourceList {
  data: ResourceSummary[];
  total: number;
  page: number;
  page_size: number;
  /** Counts over the published store (not narrowed by the current filters). */
  facets: ResourceFacets;
}

export interface DownloadLink {
  url: string;
  expires_at: string;
  file: ResourceFileView;
}

/** A seller's profile as its owner and the curriculum admins see it. */
export interface SellerProfileView {
  user_id: number;
  store_name: string;
  bio: string;
  logo_url: string | null;
  sample_url: string | null;
  application_note: string;
  requested_role: SellerRole;
  status: SellerStatus;
  status_reason: string | null;
  decided_at: string | null;
  payouts_enabled: boolean;
  created_at: string;
  user: { id: number; username: string; first_name: string; last_name: string; email: string | null };
}

/** A storefront: /sellers/{id}. */
export interface SellerStore {
  seller: SellerCard;
  resources: ResourceSummary[];
}

export interface OwnedResource {
  resource: ResourceSummary;
  files: ResourceFileView[];
  source: 'purchase' | 'free' | 'grant';
  order_id: number | null;
  order_number: string | null;
  acquired_at: string;
}
