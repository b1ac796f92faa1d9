import { sql } from 'drizzle-orm';
import { ITEM_KINDS } from '../../../../db/schema/commerce.ts';
import { ROLE_NAMES } from '../../domain/roles.ts';
import type { Db } from '../../platform/db.ts';
import { subscriptionStats, type SubscriptionStats } from '../subscriptions/stats.ts';
import { recentActivity, type ActivityItem } from './activity.ts';
import { windowOf, type DashboardWindow, type Window } from './window.ts';

type DaysWindow = ReturnType<typeof windowOf>;

/**
 * /admin/dashboard's figures (GET /api/admin/dashboard?days=30|90|365, admin.stats), all read from
 * the database over a window of UTC days ending today.
 *
 * Revenue by kind counts money on the day it was taken, net of what has been refunded of it since:
 * - an order line (COURSE, RESOURCE, BOOKING, PACKAGE) of an order paid in the window, at its total
 *   (its share of the order's discount off), less its share of the order's refunded cents — the
 *   order's refunds split over its lines in proportion to their totals (largest remainder, so the
 *   shares add up to the order's refunded cents exactly; an order of one kind is exact per kind);
 * - SUBSCRIPTION: each subscription invoice paid in the window (every charge: the first, renewals,
 *   prorations), its amount paid less its refunded cents. The subscription checkout's own order
 *   line is the same money as its first invoice, so it is not counted again.
 */

export type RevenueKind = (typeof ITEM_KINDS)[number];
export const REVENUE_KINDS = ITEM_KINDS;

export type RevenueDay = { day: string } & Record<RevenueKind, number>;

export interface AdminDashboard extends Window {
  users: {
    total: number;
    active: number;
    /** Accounts created in the window. */
    new_in_period: number;
    /** Holders per role; every role appears, 0 when nobody holds it. */
    by_role: Record<string, number>;
  };
  revenue: {
    currency: 'usd';
    total_cents: number;
    by_kind: Record<RevenueKind, number>;
    /** One entry per UTC day of the window, oldest first. */
    series: RevenueDay[];
  };
  orders: {
    /** Orders paid in the window (whatever happened to them since). */
    paid: number;
    /** Orders waiting for their payment now. */
    pending: number;
    /** Orders with a refund that went through in the window, and those refunds' sum. */
    refunded: number;
    refunded_cents: number;
  };
  /** Monthly recurring revenue and the subscriptions per plan (services/subscriptions/stats.ts). */
  subscriptions: SubscriptionStats;
  bookings: {
    /** Confirmed sessions still to come. */
    upcoming: number;
    /** Confirmed sessions that ended in the window. */
    completed: number;
    /** Bookings cancelled in the window (by anyone). */
    cancelled: number;
  };
  review: {
    /** Resources submitted and waiting for a curriculum officer. */
    resources_awaiting: number;
    /** Seller applications waiting. */
    sellers_pending: number;
  };
  recent_activity: ActivityItem[];
}

const emptyKinds = (): Record<RevenueKind, number> => Object.fromEntries(REVENUE_KINDS.map((k) => [k, 0])) as Record<RevenueKind, number>;

interface LineRow {
  orderId: number;
  day: string;
  orderTotal: number;
  orderRefunded: number;
  kind: RevenueKind;
  lineTotal: number;
}

/** Each line's net: its total less its share of the order's refunded cents (largest remainder). */
export function netOfRefunds(lines: readonly { lineTotal: number }[], orderTotal: number, orderRefunded: number): number[] {
  const refunded = Math.max(0, Math.min(orderRefunded, orderTotal));
  const base = lines.reduce((n, l) => n + Math.max(0, l.lineTotal), 0);
  if (refunded === 0 || base === 0) return lines.map((l) => l.lineTotal);
  const exact = lines.map((l) => (refunded * Math.max(0, l.lineTotal)) / base);
  const shares = exact.map(Math.floor);
  let left = refunded - shares.reduce((n, s) => n + s, 0);
  const order = exact.map((v, i) => ({ i, frac: v - Math.floor(v) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return lines.map((l, i) => l.lineTotal - shares[i]!);
}

async function revenue(db: Db, w: DaysWindow): Promise<AdminDashboard['revenue']> {
  const [lineRows, invoiceRows] = await db.batch([
    db.all<LineRow>(sql`SELECT o.id AS orderId, substr(o.paid_at, 1, 10) AS day, o.total_cents AS orderTotal,
        o.refunded_cents AS orderRefunded, oi.kind AS kind, oi.total_cents AS lineTotal
      FROM orders o JOIN order_items oi ON oi.order_id = o.id
      WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'partially_refunded', 'refunded')
        AND substr(o.paid_at, 1, 10) BETWEEN ${w.from} AND ${w.to}
      ORDER BY o.id, oi.id`),
    db.all<{ day: string; cents: number }>(sql`SELECT substr(paid_at, 1, 10) AS day, sum(amount_paid_cents - refunded_cents) AS cents
      FROM subscription_invoices
      WHERE status = 'paid' AND paid_at IS NOT NULL AND substr(paid_at, 1, 10) BETWEEN ${w.from} AND ${w.to}
      GROUP BY day`),
  ]);
  const series = new Map<string, RevenueDay>(w.days_list.map((day) => [day, { day, ...emptyKinds() }]));
  const byOrder = new Map<number, LineRow[]>();
  for (const row of lineRows) {
    const list = byOrder.get(Number(row.orderId)) ?? [];
    list.push({ ...row, orderTotal: Number(row.orderTotal), orderRefunded: Number(row.orderRefunded), lineTotal: Number(row.lineTotal) });
    byOrder.set(Number(row.orderId), list);
  }
  for (const lines of byOrder.values()) {
    const first = lines[0]!;
    const nets = netOfRefunds(lines, first.orderTotal, first.orderRefunded);
    const day = series.get(first.day);
    if (!day) continue;
    lines.forEach((line, i) => {
      // The subscription checkout's line is its first invoice, counted below.
      if (line.kind === 'SUBSCRIPTION') return;
      day[line.kind] += nets[i]!;
    });
  }
  for (const row of invoiceRows) {
    const day = series.get(row.day);
    if (day) day.SUBSCRIPTION += Number(row.cents);
  }
  const list = [...series.values()];
  const byKind = emptyKinds();
  for (const day of list) for (const kind of REVENUE_KINDS) byKind[kind] += day[kind];
  return {
    currency: 'usd',
    total_cents: REVENUE_KINDS.reduce((n, k) => n + byKind[k], 0),
    by_kind: byKind,
    series: list,
  };
}

/** GET /api/admin/dashboard. */
export async function adminDashboard(db: Db, days: DashboardWindow, now = new Date()): Promise<AdminDashboard> {
  const w = windowOf(days, now);
  const nowIso = now.toISOString();
  const [[counts], roleRows] = await db.batch([
    db.all<Record<string, number>>(sql`SELECT
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM users WHERE is_active = 1) AS active_users,
      (SELECT count(*) FROM users WHERE substr(created_at, 1, 10) >= ${w.from}) AS new_users,
      (SELECT count(*) FROM orders WHERE paid_at IS NOT NULL AND substr(paid_at, 1, 10) >= ${w.from}) AS orders_paid,
      (SELECT count(*) FROM orders WHERE status = 'pending') AS orders_pending,
      (SELECT count(DISTINCT order_id) FROM refunds WHERE status = 'succeeded' AND substr(created_at, 1, 10) >= ${w.from}) AS orders_refunded,
      (SELECT coalesce(sum(amount_cents), 0) FROM refunds WHERE status = 'succeeded' AND substr(created_at, 1, 10) >= ${w.from}) AS refunded_cents,
      (SELECT count(*) FROM bookings WHERE status = 'confirmed' AND starts_at > ${nowIso}) AS bookings_upcoming,
      (SELECT count(*) FROM bookings WHERE status = 'confirmed' AND ends_at <= ${nowIso} AND substr(ends_at, 1, 10) >= ${w.from}) AS bookings_completed,
      (SELECT count(*) FROM bookings WHERE status = 'cancelled' AND cancelled_at IS NOT NULL AND substr(cancelled_at, 1, 10) >= ${w.from}) AS bookings_cancelled,
      (SELECT count(*) FROM resources WHERE status = 'submitted') AS resources_awaiting,
      (SELECT count(*) FROM seller_profiles WHERE status = 'pending') AS sellers_pending`),
    db.all<{ name: string; n: number }>(sql`SELECT r.name AS name, count(ur.id) AS n
      FROM roles r LEFT JOIN user_roles ur ON ur.role_id = r.id GROUP BY r.id ORDER BY r.id`),
  ]);
  const [money, subscriptions, activity] = await Promise.all([revenue(db, w), subscriptionStats(db), recentActivity(db)]);
  const c = counts ?? {};
  const n = (key: string) => Number(c[key] ?? 0);
  const byRole: Record<string, number> = Object.fromEntries(ROLE_NAMES.map((name) => [name, 0]));
  for (const row of roleRows) byRole[row.name] = Number(row.n);
  return {
    days: w.days,
    from: w.from,
    to: w.to,
    users: { total: n('users'), active: n('active_users'), new_in_period: n('new_users'), by_role: byRole },
    revenue: money,
    orders: { paid: n('orders_paid'), pending: n('orders_pending'), refunded: n('orders_refunded'), refunded_cents: n('refunded_cents') },
    subscriptions,
    bookings: { upcoming: n('bookings_upcoming'), completed: n('bookings_completed'), cancelled: n('bookings_cancelled') },
    review: { resources_awaiting: n('resources_awaiting'), sellers_pending: n('sellers_pending') },
    recent_activity: activity,
  };
}
