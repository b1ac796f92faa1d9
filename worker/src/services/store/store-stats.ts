import { sql } from 'drizzle-orm';
import { dollars } from '../../domain/orders.ts';
import type { Db } from '../../platform/db.ts';
import type { StoreStats } from '../../../../shared/store/store-stats.ts';

/**
 * The store's figures for the curriculum officers and admins (resources.review): the review
 * queue, what is published, applications waiting, and the money of the last 30 days from the
 * sellers' ledger (sales net of refunds, the platform's fee). Ledger amounts are signed: refund
 * rows are negative, so sums are net of refunds.
 */

export const STATS_WINDOW_DAYS = 30;

/** GET /api/admin/store-stats. */
export async function getStoreStats(db: Db): Promise<StoreStats> {
  const since = new Date(Date.now() - STATS_WINDOW_DAYS * 86_400_000).toISOString();
  const sinceDay = since.slice(0, 10);
  const nextDay = new Date(Date.parse(`${sinceDay}T00:00:00Z`) + 86_400_000).toISOString();
  const [[counts], [money], top] = await Promise.all([
    db.all<{ submitted: number; published: number; pending: number; approved: number }>(sql`SELECT
        (SELECT count(*) FROM resources WHERE status = 'submitted') AS submitted,
        -- What the store lists (published, of an approved and active seller): a running total
        -- (migration 0022, decision 0042).
        (SELECT coalesce(max(0, sum(value)), 0) FROM stat_totals WHERE metric = 'store.listed' AND day = '') AS published,
        (SELECT count(*) FROM seller_profiles WHERE status = 'pending') AS pending,
        (SELECT count(*) FROM seller_profiles WHERE status = 'approved') AS approved`),
    // The window's whole days from the ledger's running totals per day (stat_totals, decision
    // 0039); the part of its first day after \`since\`, from that day's ledger rows.
    db.all<{ sales: number; revenue: number | null; fees: number | null; feesAll: number | null }>(sql`SELECT
        coalesce((SELECT sum(value) FROM stat_totals WHERE metric = 'ledger.sales' AND day > ${sinceDay}), 0)
          + (SELECT count(*) FROM seller_ledger WHERE created_at >= ${since} AND created_at < ${nextDay} AND type = 'sale') AS sales,
        coalesce((SELECT sum(value) FROM stat_totals WHERE metric = 'ledger.gross' AND day > ${sinceDay}), 0)
          + (SELECT coalesce(sum(gross_cents), 0) FROM seller_ledger WHERE created_at >= ${since} AND created_at < ${nextDay} AND type IN ('sale', 'refund')) AS revenue,
        coalesce((SELECT sum(value) FROM stat_totals WHERE metric = 'ledger.fees' AND day > ${sinceDay}), 0)
          + (SELECT coalesce(sum(fee_cents), 0) FROM seller_ledger WHERE created_at >= ${since} AND created_at < ${nextDay} AND type IN ('sale', 'refund')) AS fees,
        (SELECT sum(value) FROM stat_totals WHERE metric = 'ledger.fees') AS feesAll`),
    // Each resource's revenue is a running total (resource_revenue, decision 0039) whose index
    // gives the order (ties: the newer resource first): the top five are read, not every sale
    // summed. CROSS JOIN keeps SQLite walking that index rather than every resource.
    db.all<{ id: number; title: string; sellerId: number; storeName: string | null; status: string; salesCount: number; revenue: number }>(sql`SELECT
        r.id, r.title, r.seller_id AS sellerId, sp.store_name AS storeName, r.status, r.sales_count AS salesCount,
        rv.revenue_cents AS revenue
      FROM resource_revenue rv
      CROSS JOIN resources r ON r.id = rv.resource_id
      LEFT JOIN seller_profiles sp ON sp.user_id = r.seller_id
      ORDER BY rv.revenue_cents DESC, rv.resource_id DESC
      LIMIT 5`),
  ]);
  const revenue = Number(money?.revenue ?? 0);
  const fees = Number(money?.fees ?? 0);
  return {
    submitted_count: Number(counts?.submitted ?? 0),
    published_count: Number(counts?.published ?? 0),
    sellers_pending: Number(counts?.pending ?? 0),
    sellers_approved: Number(counts?.approved ?? 0),
    window_days: STATS_WINDOW_DAYS,
    sales_count: Number(money?.sales ?? 0),
    revenue_cents: revenue,
    revenue: dollars(revenue),
    platform_fees_cents: fees,
    platform_fees: dollars(fees),
    platform_fees_all_time_cents: Number(money?.feesAll ?? 0),
    top_resources: top.map((r) => ({
      id: Number(r.id),
      title: r.title,
      seller: { id: Number(r.sellerId), store_name: r.storeName ?? '' },
      status: r.status,
      sales_count: Number(r.salesCount),
      revenue_cents: Number(r.revenue),
      revenue: dollars(Number(r.revenue)),
    })),
  };
}
