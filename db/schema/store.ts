import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orderItems, orders, refunds } from './commerce.ts';
import { users } from './users.ts';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The curriculum store (downloadable lesson plans and curricula sold by sellers). Decision
 * 0029 records the model. A seller is a user: every `seller_id` below is the seller's users.id,
 * which is also the `{sellerId}` of /sellers/{sellerId} and /api/sellers/{id}.
 */

/** Dance class categories, as a resource's dance style. */
export const DANCE_STYLES = ['Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other'] as const;
/** The age groups a resource is for. */
export const AGE_GROUPS = ['All Ages', 'Toddler (2-4)', 'Children (5-8)', 'Pre-Teen (9-12)', 'Teen (13-17)', 'Adult (18+)', 'Senior (55+)'] as const;
/** The levels a resource is for. */
export const RESOURCE_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels'] as const;
/** draft → submitted → published | rejected; any of them → archived (decision 0029). */
export const RESOURCE_STATUSES = ['draft', 'submitted', 'published', 'rejected', 'archived'] as const;
/** A seller application and account: pending → approved | rejected; approved ⇄ suspended. */
export const SELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
/** The role an approved application grants. */
export const SELLER_ROLES = ['SELLER', 'CURRICULUM_SELLER'] as const;
export const OWNERSHIP_SOURCES = ['purchase', 'free', 'grant'] as const;
export const LEDGER_TYPES = ['sale', 'refund', 'payout'] as const;
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;

/** Resource categories (lesson plans, syllabi, music lists, class outlines ...), admin-managed. */
export const resourceCategories = sqliteTable(
  'resource_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('resource_categories_name_unique').on(sql`lower(${t.name})`)],
);

/** A seller's application and store profile; one per user (primary key = the user). */
export const sellerProfiles = sqliteTable(
  'seller_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeName: text('store_name').notNull(),
    bio: text('bio').notNull().default(''),
    logoUrl: text('logo_url'),
    /** The application's sample: a link or an uploaded file's URL. */
    sampleUrl: text('sample_url'),
    /** What the applicant says about the sample / their teaching. */
    applicationNote: text('application_note').notNull().default(''),
    requestedRole: text('requested_role', { enum: SELLER_ROLES }).notNull().default('SELLER'),
    status: text('status', { enum: SELLER_STATUSES }).notNull().default('pending'),
    /** Why an application was rejected or a seller suspended (shown to the seller). */
    statusReason: text('status_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: text('decided_at'),
    /** Stripe Connect Express account (acct_…), or the test provider's simulated one. */
    connectAccountId: text('connect_account_id'),
    payoutsEnabled: integer('payouts_enabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('seller_profiles_status_idx').on(t.status), uniqueIndex('seller_profiles_store_name_unique').on(sql`lower(${t.storeName})`)],
);

export const resources = sqliteTable(
  'resources',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** Markdown, rendered sanitised. */
    description: text('description').notNull(),
    danceStyle: text('dance_style', { enum: DANCE_STYLES }).notNull(),
    ageGroup: text('age_group', { enum: AGE_GROUPS }).notNull(),
    level: text('level', { enum: RESOURCE_LEVELS }).notNull(),
    categoryId: integer('category_id').references(() => resourceCategories.id, { onDelete: 'set null' }),
    /** 0 = free. */
    priceCents: integer('price_cents').notNull().default(0),
    /** Public image URL (an /uploads/ path); null = the store's default resource image. */
    coverImageUrl: text('cover_image_url'),
    /** JSON array of public image URLs. */
    previewImageUrls: text('preview_image_urls').notNull().default('[]'),
    /** The private object key of the stamped first pages of its first PDF (pdf-preview.ts); null = no preview. */
    previewKey: text('preview_key'),
    status: text('status', { enum: RESOURCE_STATUSES }).notNull().default('draft'),
    /** Why a curriculum admin rejected it (the seller sees it). */
    rejectionReason: text('rejection_reason'),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    salesCount: integer('sales_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    ratingAverage: real('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    submittedAt: text('submitted_at'),
    publishedAt: text('published_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => {
    // The orders of the lists: newest, the oldest submission first (the review queue), top rated,
    // best selling, by price (both ways) and cheapest first, among equal prices the newest first.
    const newest = [sql`coalesce(${t.publishedAt}, ${t.createdAt})`, t.id] as const;
    const submitted = [sql`coalesce(${t.submittedAt}, ${t.createdAt})`, t.id] as const;
    const rating = [t.ratingAverage, t.ratingCount, t.id] as const;
    const bestSelling = [t.salesCount, t.ratingAverage, t.id] as const;
    const price = [t.priceCents, t.id] as const;
    const cheapest = [t.priceCents, sql`${t.id} desc`] as const;
    return [
      index('resources_status_featured_idx').on(t.status, t.featured),
      // The store's orders (newest, top rated, best selling), each within a status.
      index('resources_status_newest_idx').on(t.status, ...newest),
      index('resources_status_rating_idx').on(t.status, ...rating),
      index('resources_status_sales_idx').on(t.status, ...bestSelling),
      index('resources_seller_idx').on(t.sellerId, t.status),
      // A seller's analytics per resource, best sellers first, a page at a time.
      index('resources_seller_sales_idx').on(t.sellerId, t.salesCount, t.id),
      index('resources_category_idx').on(t.categoryId),
      // The admin's list of every resource pages by keyset in each of its orders: over every
      // status, and behind each filter that can narrow it to a few rows (a status, a seller, a
      // category; the featured ones, few, newest first). The store's facets keep a large share
      // each: a page walks its order's index past the others.
      index('resources_newest_idx').on(...newest),
      index('resources_submitted_idx').on(...submitted),
      index('resources_rating_idx').on(...rating),
      index('resources_best_selling_idx').on(...bestSelling),
      index('resources_price_idx').on(...price),
      index('resources_cheapest_idx').on(...cheapest),
      index('resources_status_submitted_idx').on(t.status, ...submitted),
      index('resources_status_price_idx').on(t.status, ...price),
      index('resources_status_cheapest_idx').on(t.status, ...cheapest),
      index('resources_seller_newest_idx').on(t.sellerId, ...newest),
      index('resources_seller_submitted_idx').on(t.sellerId, ...submitted),
      index('resources_seller_rating_idx').on(t.sellerId, ...rating),
      index('resources_seller_best_selling_idx').on(t.sellerId, ...bestSelling),
      index('resources_seller_price_idx').on(t.sellerId, ...price),
      index('resources_seller_cheapest_idx').on(t.sellerId, ...cheapest),
      index('resources_category_newest_idx').on(t.categoryId, ...newest),
      index('resources_category_submitted_idx').on(t.categoryId, ...submitted),
      index('resources_category_rating_idx').on(t.categoryId, ...rating),
      index('resources_category_best_selling_idx').on(t.categoryId, ...bestSelling),
      index('resources_category_price_idx').on(t.categoryId, ...price),
      index('resources_category_cheapest_idx').on(t.categoryId, ...cheapest),
      index('resources_featured_newest_idx').on(t.featured, ...newest),
      // The store's narrowed facet counts (decision 0064): every facet column and the seller, so a
      // count reads index entries only, never the rows.
      index('resources_status_facets_idx').on(t.status, t.danceStyle, t.ageGroup, t.level, t.categoryId, t.priceCents, t.sellerId),
      check('resources_price_range', sql`${t.priceCents} BETWEEN 0 AND 10000000`),
      check('resources_rating_range', sql`${t.ratingAverage} BETWEEN 0 AND 5`),
    ];
  },
);

/** A resource's downloadable files (one to five), kept in the object store outside the public uploads prefix. */
export const resourceFiles = sqliteTable(
  'resource_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    /** Object-store key under `private/resources/` (random; never served as a public path). */
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    /** Pages of a PDF (null for other types). */
    pageCount: integer('page_count'),
    position: integer('position').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('resource_files_key_unique').on(t.storageKey), index('resource_files_resource_idx').on(t.resourceId, t.position)],
);

/**
 * Who may download a resource besides its seller and admins: a buyer (granted by the RESOURCE
 * fulfiller when the order is paid, removed by a refund of that line) or a user who took a free one.
 */
export const resourceOwnerships = sqliteTable(
  'resource_ownerships',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    source: text('source', { enum: OWNERSHIP_SOURCES }).notNull(),
    /** The paid order that granted it (source 'purchase'); its number is stamped into PDFs. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('resource_ownerships_user_resource_unique').on(t.userId, t.resourceId), index('resource_ownerships_resource_idx').on(t.resourceId)],
);

/** One review per buyer and resource; the seller may reply once. */
export const resourceReviews = sqliteTable(
  'resource_reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    sellerReply: text('seller_reply'),
    repliedAt: text('replied_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('resource_reviews_user_resource_unique').on(t.resourceId, t.userId),
    check('resource_reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** Every download handed out (analytics, the download count, abuse review). */
export const resourceDownloads = sqliteTable(
  'resource_downloads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => resourceFiles.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('resource_downloads_resource_idx').on(t.resourceId, t.createdAt)],
);

/** Page views per resource and UTC day (seller analytics); one counter row per day. */
export const resourceViews = sqliteTable(
  'resource_views',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.day] })],
);

/**
 * Who has been counted in resource_views today: one view per visitor (`user:{id}` for an account,
 * `addr:{address}` for an anonymous visitor), resource and UTC day. The primary key makes the
 * second view of the day a no-op; a resource's earlier days are dropped as the next one is counted.
 */
export const resourceViewVisitors = sqliteTable(
  'resource_view_visitors',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.day, t.visitor] })],
);

/**
 * The sellers' money (decision 0029): a sale row per paid RESOURCE line (gross, platform fee,
 * net), a refund row per refund and line (negative), a payout row per payout (negative net).
 * The balance is the sum of net_cents. Rows are written in the payment's own batch, exactly once
 * (the unique indexes).
 */
export const sellerLedger = sqliteTable(
  'seller_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    payoutId: integer('payout_id'),
    resourceId: integer('resource_id'),
    grossCents: integer('gross_cents').notNull().default(0),
    feeCents: integer('fee_cents').notNull().default(0),
    /** Signed: + for a sale, − for a refund or a payout. */
    netCents: integer('net_cents').notNull(),
    description: text('description').notNull().default(''),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('seller_ledger_seller_idx').on(t.sellerId, t.createdAt),
    // Whether a sale's line was refunded (the seller's recent orders).
    index('seller_ledger_item_idx').on(t.orderItemId, t.type),
    // The rows of a day, with what the store's figures sum of them: the part of a window's first
    // day (GET /api/admin/store-stats) is read from this index alone, without a row lookup each.
    index('seller_ledger_created_idx').on(t.createdAt, t.type, t.grossCents, t.feeCents),
    // A resource's sales and refunds over a window (the seller's analytics per resource).
    index('seller_ledger_resource_idx').on(t.resourceId, t.createdAt),
    uniqueIndex('seller_ledger_sale_unique').on(t.orderItemId).where(sql`${t.type} = 'sale'`),
    uniqueIndex('seller_ledger_refund_unique').on(t.refundId, t.orderItemId).where(sql`${t.type} = 'refund'`),
    uniqueIndex('seller_ledger_payout_unique').on(t.payoutId).where(sql`${t.type} = 'payout'`),
  ],
);

/** Money sent to a seller's connected account (or simulated in test mode). */
export const sellerPayouts = sqliteTable(
  'seller_payouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    providerTransferId: text('provider_transfer_id'),
    createdAt: text('created_at').notNull().default(now),
    paidAt: text('paid_at'),
  },
  (t) => [index('seller_payouts_seller_idx').on(t.sellerId), check('seller_payouts_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * Platform settings an admin changes at run time (key → JSON value), e.g. `platform_fee_percent`.
 * The migration inserts the defaults.
 */
export const appSettings = sqliteTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: text('updated_at').notNull().default(now),
});

/** In-app notices (resource approved, rejected, sold, reviewed, seller approved ...); email goes through the outbox. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where the notice leads (a path of the site). */
    url: text('url'),
    readAt: text('read_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt),
    // A member's notices newest first, read or not (the first index sorts by read state first).
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceFileRow = typeof resourceFiles.$inferSelect;
export type SellerProfileRow = typeof sellerProfiles.$inferSelect;
export type ResourceReviewRow = typeof resourceReviews.$inferSelect;

/**
 * What the store's public answers show (decision 0029). A resource's sales, downloads and rating
 * are counters that move no version (decision 0040).
 */
export const storeVersionTriggers = versionTriggers(
  {
    table: resources,
    scopes: ['store'],
    events: ALL_WRITES,
    update: { except: [resources.salesCount, resources.downloadCount, resources.ratingAverage, resources.ratingCount] },
  },
  { table: resourceFiles, scopes: ['store'], events: ALL_WRITES },
  { table: resourceReviews, scopes: ['store'], events: ALL_WRITES },
  { table: resourceCategories, scopes: ['store'], events: ALL_WRITES },
  { table: sellerProfiles, scopes: ['store'], events: ALL_WRITES },
);
