import { and, between, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { bookings } from '../../../../db/schema/bookings.ts';
import { ITEM_KINDS, refunds } from '../../../../db/schema/commerce.ts';
import { statTotals } from '../../../../db/schema/stat-totals.ts';
import { resources, sellerProfiles } from '../../../../db/schema/store.ts';
import { ROLE_NAMES } from '../../domain/roles.ts';
import type { Db } from '../../platform/db.ts';
import { subscriptionStats } from '../subscriptions/stats.ts';
import { recentActivity } from './activity.ts';
import { windowOf, type DashboardWindow } from '../../../../shared/dashboards/window.ts';
import type { AdminDashboard, RevenueDay, RevenueKind } from '../../../../shared/dashboards/admin.ts';

/**
 * /admin/dashboard's figures (GET /api/admin/dashboard?days=30|90|365, admin.stats), all read from
 * the database over a window of UTC days ending today.
 *
 * Revenue by kind counts money on the day it was taken, net of what has been refunded of it since:
 * - an order line (COURSE, RESOURCE, BOOKING, PACKAGE) of an order paid in the window, at its total
 *   (its share of the order's discount off), less its share of the order's refunded cents — the
 *   order's refunds split over its lines in proportion to their totals (largest remainder, so the
 *   shares add up to the order's refunded cents exactly; an order of one kind is exact per kind;
 *   the split is made where the totals are kept, services/stats/rebuild.ts);
 * - SUBSCRIPTION: each subscription invoice paid in the window (every charge: the first, renewals,
 *   prorations), its amount paid less its refunded cents. The subscription checkout's own order
 *   line is the same money as its first invoice, so it is not counted again.
 */

export const REVENUE_KINDS = ITEM_KINDS;

const emptyKinds = (): Record<RevenueKind, number> => Object.fromEntries(REVENUE_KINDS.map((k) => [k, 0])) as Record<RevenueKind, number>;

/** The per-day totals the dashboard sums over its window (stat_totals, decision 0039). */
const COUNTED_BY_DAY = ['users.new', 'orders.paid', 'refunds.cents', 'bookings.cancelled'] as const;
const REVENUE_METRICS = REVENUE_KINDS.map((kind) => `revenue.${kind}`);
/** Totals over all time. */
const ALL_TIME = ['users.total', 'users.active', 'orders.pending'] as const;

const DAY_MS = 86_400_000;

/**
 * GET /api/admin/dashboard. Every figure is read from the running totals the database keeps in
 * the same transaction as each write (stat_totals), or from an index over what is due today, so
 * the cost is the same with a hundred orders or a million: a window's days, never its rows.
 */
export async function adminDashboard(db: Db, days: DashboardWindow, now = new Date()): Promise<AdminDashboard> {
  const w = windowOf(days, now);
  const nowIso = now.toISOString();
  const today = w.to;
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const [byDay, [revenueJson], allTime, roleRows, [future], [live], [queues]] = await db.batch([
    db
      .select({ metric: statTotals.metric, value: sql<number>`coalesce(sum(${statTotals.value}), 0)` })
      .from(statTotals)
      .where(and(inArray(statTotals.metric, [...COUNTED_BY_DAY]), gte(statTotals.day, w.from)))
      .groupBy(statTotals.metric),
    // Up to a row per kind and day (1,825 for a year) as one JSON text: the client makes an
    // object of each row it returns, which cost more than the query itself.
    db
      .select({ rows: sql<string>`json_group_array(json_array(${statTotals.metric}, ${statTotals.day}, ${statTotals.value}))` })
      .from(statTotals)
      .where(and(inArray(statTotals.metric, REVENUE_METRICS), between(statTotals.day, w.from, w.to))),
    db
      .select({ metric: statTotals.metric, value: statTotals.value })
      .from(statTotals)
      .where(and(inArray(statTotals.metric, [...ALL_TIME]), eq(statTotals.day, ''))),
    db
      .select({ metric: statTotals.metric, value: statTotals.value })
      .from(statTotals)
      .where(and(gte(statTotals.metric, 'role.'), lt(statTotals.metric, 'role/'), eq(statTotals.day, ''))),
    // Sessions to come on later days, and those that ended on the window's earlier days.
    db
      .select({
        upcoming: sql<number>`coalesce(sum(CASE WHEN ${statTotals.metric} = 'bookings.confirmed_start' AND ${statTotals.day} > ${today} THEN ${statTotals.value} END), 0)`,
        completed: sql<number>`coalesce(sum(CASE WHEN ${statTotals.metric} = 'bookings.confirmed_end' AND ${statTotals.day} >= ${w.from} AND ${statTotals.day} < ${today} THEN ${statTotals.value} END), 0)`,
      })
      .from(statTotals)
      .where(inArray(statTotals.metric, ['bookings.confirmed_start', 'bookings.confirmed_end'])),
    // Today's part depends on the hour: read from the index over today's sessions only.
    db
      .select({
        upcoming: sql<number>`(SELECT count(*) FROM ${bookings} WHERE ${bookings.status} = 'confirmed' AND ${bookings.startsAt} > ${nowIso} AND ${bookings.startsAt} < ${tomorrow})`,
        completed: sql<number>`(SELECT count(*) FROM ${bookings} WHERE ${bookings.status} = 'confirmed' AND ${bookings.endsAt} >= ${today} AND ${bookings.endsAt} <= ${nowIso})`,
        // An order refunded twice in the window counts once: read from the index of refunds.
        refunded: sql<number>`(SELECT count(DISTINCT ${refunds.orderId}) FROM ${refunds} WHERE ${refunds.status} = 'succeeded' AND ${refunds.createdAt} >= ${w.from})`,
      })
      .from(sql`(SELECT 1)`),
    // The review queues: as long as what waits, through their status indexes.
    db
      .select({
        resources: sql<number>`(SELECT count(*) FROM ${resources} WHERE ${resources.status} = 'submitted')`,
        sellers: sql<number>`(SELECT count(*) FROM ${sellerProfiles} WHERE ${sellerProfiles.status} = 'pending')`,
      })
      .from(sql`(SELECT 1)`),
  ]);
  const [subscriptions, activity] = await Promise.all([subscriptionStats(db), recentActivity(db)]);

  const counted = new Map(byDay.map((r) => [r.metric, Number(r.value)]));
  const total = new Map(allTime.map((r) => [r.metric, Number(r.value)]));
  const byRole: Record<string, number> = Object.fromEntries(ROLE_NAMES.map((name) => [name, 0]));
  for (const row of roleRows) byRole[row.metric.slice('role.'.length)] = Number(row.value);

  const series = new Map<string, RevenueDay>(w.days_list.map((day) => [day, { day, ...emptyKinds() }]));
  for (const [metric, dayKey, value] of JSON.parse(revenueJson?.rows ?? '[]') as [string, string, number][]) {
    const day = series.get(dayKey);
    if (day) day[metric.slice('revenue.'.length) as RevenueKind] += Number(value);
  }
  const list = [...series.values()];
  const byKind = emptyKinds();
  for (const day of list) for (const kind of REVENUE_KINDS) byKind[kind] += day[kind];

  return {
    days: w.days,
    from: w.from,
    to: w.to,
    users: {
      total: total.get('users.total') ?? 0,
      active: total.get('users.active') ?? 0,
      new_in_period: counted.get('users.new') ?? 0,
      by_role: byRole,
    },
    revenue: { currency: 'usd', total_cents: REVENUE_KINDS.reduce((n, k) => n + byKind[k], 0), by_kind: byKind, series: list },
    orders: {
      paid: counted.get('orders.paid') ?? 0,
      pending: total.get('orders.pending') ?? 0,
      refunded: Number(live?.refunded ?? 0),
      refunded_cents: counted.get('refunds.cents') ?? 0,
    },
    subscriptions,
    bookings: {
      upcoming: Number(future?.upcoming ?? 0) + Number(live?.upcoming ?? 0),
      completed: Number(future?.completed ?? 0) + Number(live?.completed ?? 0),
      cancelled: counted.get('bookings.cancelled') ?? 0,
    },
    review: { resources_awaiting: Number(queues?.resources ?? 0), sellers_pending: Number(queues?.sellers ?? 0) },
    recent_activity: activity,
  };
}
