import type { ITEM_KINDS } from '../../db/schema/commerce.ts';
import type { SubscriptionStats } from '../subscriptions/stats.ts';
import type { ActivityItem } from './activity.ts';
import type { Window } from './window.ts';

/** What the API answers and the site reads of worker/src/services/dashboards/admin.ts (decision 0054). */

/** The kinds of item sold (db/schema/commerce.ts), by which revenue is counted. */
export type RevenueKind = (typeof ITEM_KINDS)[number];

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
  /** Monthly recurring revenue and the subscriptions per plan (shared/subscriptions/stats.ts). */
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
