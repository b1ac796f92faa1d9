import { and, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { resourceDownloads, resources, RESOURCE_STATUSES, resourceViewVisitors, resourceViews, sellerLedger, statTotals } from '../../../../db/schema/index.ts';
import { dollars } from '../../domain/orders.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { loadSellerProfile } from './sellers.ts';
import { resourceSummaries } from './storefront.ts';
import type { ResourceStatus } from '../../../../shared/store/views.ts';
import type { AnalyticsDay, SellerDashboard, AnalyticsWindow, SellerAnalytics, OwnResource } from '../../../../shared/store/seller-analytics.ts';
const RECENT_ORDERS = 10;

/** The database's day (UTC) as resource_views keys it: `2026-12-02`. */
const todayUtc = sql<string>`strftime('%Y-%m-%d', 'now')`;

/** Counts one view of a resource's page today (UTC); called by the page route, never cached. */
export async function recordResourceView(db: Db, resourceId: number): Promise<void> {
  await db
    .insert(resourceViews)
    .select(
      db
        .select(insertSelection(resourceViews, { resourceId: resources.id, day: todayUtc, views: 1 }))
        .from(resources)
        .where(eq(resources.id, resourceId)),
    )
    .onConflictDoUpdate({ target: [resourceViews.resourceId, resourceViews.day], set: { views: sql`${resourceViews.views} + 1` } });
}

/**
 * Counts a visitor's view of a resource's page once per UTC day (decision 0058): the visitor's row
 * is the guard, and the counter moves only when that row was new (changes() of the statement just
 * before). The resource's visitor rows of earlier days go first, so the table holds one day.
 */
export async function recordVisitorView(db: Db, resourceId: number, visitor: string): Promise<void> {
  await db.batch([
    db.delete(resourceViewVisitors).where(and(eq(resourceViewVisitors.resourceId, resourceId), sql`${resourceViewVisitors.day} < ${todayUtc}`)),
    db
      .insert(resourceViewVisitors)
      .select(
        db
          .select(insertSelection(resourceViewVisitors, { resourceId: resources.id, day: todayUtc, visitor }))
          .from(resources)
          .where(eq(resources.id, resourceId)),
      )
      .onConflictDoNothing(),
    db
      .insert(resourceViews)
      .select(
        db
          .select(insertSelection(resourceViews, { resourceId: resources.id, day: todayUtc, views: 1 }))
          .from(resources)
          .where(and(eq(resources.id, resourceId), sql`changes() > 0`)),
      )
      .onConflictDoUpdate({ target: [resourceViews.resourceId, resourceViews.day], set: { views: sql`${resourceViews.views} + 1` } }),
  ]);
}

/** GET /api/seller/dashboard. */
export async function getSellerDashboard(db: Db, sellerId: number): Promise<SellerDashboard> {
  const [profile, [money], [others], byStatus, recent] = await Promise.all([
    loadSellerProfile(db, sellerId),
    // The seller's running totals (stat_totals, decision 0039): four rows, not the whole ledger.
    db
      .select({
        sales: sql<number>`coalesce(sum(CASE WHEN ${statTotals.metric} = ${`seller.sales:${sellerId}`} THEN ${statTotals.value} END), 0)`,
        gross: sql<number>`coalesce(sum(CASE WHEN ${statTotals.metric} = ${`seller.gross:${sellerId}`} THEN ${statTotals.value} END), 0)`,
        net: sql<number>`coalesce(sum(CASE WHEN ${statTotals.metric} = ${`seller.net:${sellerId}`} THEN ${statTotals.value} END), 0)`,
        balance: sql<number>`coalesce(sum(CASE WHEN ${statTotals.metric} = ${`seller.balance:${sellerId}`} THEN ${statTotals.value} END), 0)`,
      })
      .from(statTotals)
      .where(
        and(
          inArray(
            statTotals.metric,
            ['sales', 'gross', 'net', 'balance'].map((figure) => `seller.${figure}:${sellerId}`),
          ),
          eq(statTotals.day, ''),
        ),
      ),
    db.all<{ downloads: number; rating: number | null; ratings: number }>(sql`SELECT
        (SELECT count(*) FROM resource_downloads d JOIN resources r ON r.id = d.resource_id
          WHERE r.seller_id = ${sellerId} AND (d.user_id IS NULL OR d.user_id <> ${sellerId})) AS downloads,
        (SELECT avg(rr.rating) FROM resource_reviews rr JOIN resources r ON r.id = rr.resource_id WHERE r.seller_id = ${sellerId}) AS rating,
        (SELECT count(*) FROM resource_reviews rr JOIN resources r ON r.id = rr.resource_id WHERE r.seller_id = ${sellerId}) AS ratings`),
    db.select({ status: resources.status, n: sql<number>`count(*)`.mapWith(Number) }).from(resources).where(eq(resources.sellerId, sellerId)).groupBy(resources.status),
    db.all<{
      orderId: number | null;
      orderNumber: string | null;
      date: string;
      resourceId: number | null;
      title: string | null;
      quantity: number | null;
      gross: number;
      net: number;
      firstName: string | null;
      refunded: number;
    }>(sql`SELECT l.order_id AS orderId, o.number AS orderNumber, coalesce(o.paid_at, l.created_at) AS date,
        l.resource_id AS resourceId, coalesce(r.title, oi.title) AS title, oi.quantity AS quantity,
        l.gross_cents AS gross, l.net_cents AS net, u.first_name AS firstName,
        EXISTS (SELECT 1 FROM seller_ledger x WHERE x.type = 'refund' AND x.order_item_id = l.order_item_id AND x.seller_id = l.seller_id) AS refunded
      FROM seller_ledger l
      LEFT JOIN orders o ON o.id = l.order_id
      LEFT JOIN order_items oi ON oi.id = l.order_item_id
      LEFT JOIN resources r ON r.id = l.resource_id
      LEFT JOIN users u ON u.id = o.user_id
      WHERE l.seller_id = ${sellerId} AND l.type = 'sale'
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT ${RECENT_ORDERS}`),
  ]);
  const resourcesByStatus = Object.fromEntries(RESOURCE_STATUSES.map((s) => [s, 0])) as Record<ResourceStatus, number>;
  for (const row of byStatus) resourcesByStatus[row.status] = row.n;
  const gross = Number(money?.gross ?? 0);
  const net = Number(money?.net ?? 0);
  return {
    profile,
    sales_count: Number(money?.sales ?? 0),
    revenue_gross_cents: gross,
    revenue_gross: dollars(gross),
    revenue_net_cents: net,
    revenue_net: dollars(net),
    balance_cents: Number(money?.balance ?? 0),
    downloads: Number(others?.downloads ?? 0),
    rating_average: others?.rating === null || others?.rating === undefined ? 0 : Math.round(Number(others.rating) * 100) / 100,
    rating_count: Number(others?.ratings ?? 0),
    resources_by_status: resourcesByStatus,
    recent_orders: recent.map((r) => ({
      order_id: r.orderId === null ? null : Number(r.orderId),
      order_number: r.orderNumber,
      date: r.date,
      resource: r.resourceId !== null && r.title !== null ? { id: Number(r.resourceId), title: r.title } : null,
      quantity: Number(r.quantity ?? 1),
      amount_cents: Number(r.gross),
      amount: dollars(Number(r.gross)),
      net_cents: Number(r.net),
      buyer_first_name: r.firstName ?? '',
      refunded: Number(r.refunded) === 1,
    })),
  };
}

export const ANALYTICS_RESOURCES_PAGE_SIZE = 20;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The seller's running totals per day (migration 0027), each with the field of a day it fills. */
const DAY_FIGURES = { sales: 'sales', gross: 'revenue_cents', net: 'net_cents', views: 'views', downloads: 'downloads' } as const;

/**
 * GET /api/seller/analytics?days=30|90|365&page=: per UTC day and per resource, over the window
 * ending today (decision 0047). The days are the seller's running totals per day (five figures,
 * at most 365 rows each); the resources are a page of the seller's own, best sellers first, and
 * only that page's sales, views and downloads in the window are read, through each resource's
 * indexes.
 */
export async function getSellerAnalytics(db: Db, sellerId: number, days: AnalyticsWindow, page = 1): Promise<SellerAnalytics> {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const from = isoDay(today - (days - 1) * 86_400_000);
  const to = isoDay(today);
  // A range on the timestamps themselves, so the indexes on (resource, created_at) serve it.
  const since = `${from}T00:00:00.000Z`;
  const size = ANALYTICS_RESOURCES_PAGE_SIZE;
  const metricOf = Object.fromEntries(Object.entries(DAY_FIGURES).map(([figure, field]) => [`seller.day_${figure}:${sellerId}`, field])) as Record<string, keyof Omit<AnalyticsDay, 'day'>>;
  const [figures, own, [counted]] = await Promise.all([
    db
      .select({ metric: statTotals.metric, day: statTotals.day, value: statTotals.value })
      .from(statTotals)
      .where(and(inArray(statTotals.metric, Object.keys(metricOf)), gte(statTotals.day, from), lte(statTotals.day, to))),
    db
      .select({ id: resources.id, title: resources.title, status: resources.status })
      .from(resources)
      .where(eq(resources.sellerId, sellerId))
      .orderBy(desc(resources.salesCount), desc(resources.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(resources).where(eq(resources.sellerId, sellerId)),
  ]);

  const series = new Map<string, AnalyticsDay>();
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= today; ms += 86_400_000) {
    const day = isoDay(ms);
    series.set(day, { day, sales: 0, revenue_cents: 0, net_cents: 0, views: 0, downloads: 0 });
  }
  for (const row of figures) {
    const day = series.get(row.day);
    const field = metricOf[row.metric];
    if (day && field) day[field] += Number(row.value);
  }

  const ids = own.map((r) => r.id);
  const [money, views, downloads] = ids.length
    ? await Promise.all([
        db
          .select({
            resourceId: sellerLedger.resourceId,
            sales: sql<number>`sum(${sellerLedger.type} = 'sale')`.mapWith(Number),
            gross: sql<number>`sum(${sellerLedger.grossCents})`.mapWith(Number),
            net: sql<number>`sum(${sellerLedger.netCents})`.mapWith(Number),
          })
          .from(sellerLedger)
          .where(
            and(
              inArray(sellerLedger.resourceId, ids),
              gte(sellerLedger.createdAt, since),
              // The unary + keeps SQLite on the resources' index: the seller's own would read their whole window.
              sql`+${sellerLedger.sellerId} = ${sellerId}`,
              inArray(sellerLedger.type, ['sale', 'refund']),
            ),
          )
          .groupBy(sellerLedger.resourceId),
        db
          .select({ resourceId: resourceViews.resourceId, views: sql<number>`sum(${resourceViews.views})`.mapWith(Number) })
          .from(resourceViews)
          .where(and(inArray(resourceViews.resourceId, ids), gte(resourceViews.day, from)))
          .groupBy(resourceViews.resourceId),
        db
          .select({ resourceId: resourceDownloads.resourceId, downloads: count() })
          .from(resourceDownloads)
          .where(
            and(
              inArray(resourceDownloads.resourceId, ids),
              gte(resourceDownloads.createdAt, since),
              or(isNull(resourceDownloads.userId), ne(resourceDownloads.userId, sellerId)),
            ),
          )
          .groupBy(resourceDownloads.resourceId),
      ])
    : [[], [], []];
  const moneyOf = new Map(money.map((m) => [m.resourceId, m]));
  const viewsOf = new Map(views.map((v) => [v.resourceId, v.views]));
  const downloadsOf = new Map(downloads.map((d) => [d.resourceId, d.downloads]));

  const list = [...series.values()];
  const sum = (key: keyof Omit<AnalyticsDay, 'day'>) => list.reduce((n, d) => n + d[key], 0);
  return {
    days,
    from,
    to,
    series: list,
    resources: own.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      sales: moneyOf.get(r.id)?.sales ?? 0,
      revenue_cents: moneyOf.get(r.id)?.gross ?? 0,
      net_cents: moneyOf.get(r.id)?.net ?? 0,
      views: viewsOf.get(r.id) ?? 0,
      downloads: downloadsOf.get(r.id) ?? 0,
    })),
    resources_total: Number(counted?.n ?? 0),
    resources_page: page,
    resources_page_size: size,
    totals: { sales: sum('sales'), revenue_cents: sum('revenue_cents'), net_cents: sum('net_cents'), views: sum('views'), downloads: sum('downloads') },
  };
}

/** GET /api/seller/resources: every resource of the seller, every status, newest change first. */
export async function listOwnResources(db: Db, sellerId: number): Promise<{ data: OwnResource[] }> {
  const [summaries, extra] = await Promise.all([
    resourceSummaries(db, eq(resources.sellerId, sellerId), [desc(resources.updatedAt), desc(resources.id)]),
    db.select({ id: resources.id, rejectionReason: resources.rejectionReason, submittedAt: resources.submittedAt }).from(resources).where(eq(resources.sellerId, sellerId)),
  ]);
  const byId = new Map(extra.map((r) => [r.id, r]));
  return {
    data: summaries.map((s) => ({
      ...s,
      rejection_reason: s.status === 'rejected' ? (byId.get(s.id)?.rejectionReason ?? null) : null,
      submitted_at: byId.get(s.id)?.submittedAt ?? null,
    })),
  };
}
