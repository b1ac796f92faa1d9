import type { ResourceStatus, ResourceSummary, SellerProfileView } from './views.ts';

/** What the API answers and the site reads of worker/src/services/store/seller-analytics.ts (decision 0054). */

/**
 * The seller area's figures (store.sell, decision 0029): the dashboard, the analytics over a
 * window of days, and the seller's own resources in every state. Money comes from the ledger
 * (signed: refunds negative), views from resource_views (one counter per resource and UTC day),
 * downloads from resource_downloads (the seller's own downloads of their files do not count).
 */

export const ANALYTICS_WINDOWS = [30, 90, 365] as const;

export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];

export interface RecentOrder {
  order_id: number | null;
  order_number: string | null;
  date: string;
  resource: { id: number; title: string } | null;
  quantity: number;
  amount_cents: number;
  amount: number;
  net_cents: number;
  /** The buyer's first name only. */
  buyer_first_name: string;
  refunded: boolean;
}

export interface SellerDashboard {
  profile: SellerProfileView | null;
  sales_count: number;
  /** Gross of sales net of refunds, and what the seller keeps of it. */
  revenue_gross_cents: number;
  revenue_gross: number;
  revenue_net_cents: number;
  revenue_net: number;
  balance_cents: number;
  downloads: number;
  rating_average: number;
  rating_count: number;
  resources_by_status: Record<ResourceStatus, number>;
  recent_orders: RecentOrder[];
}

export interface AnalyticsDay {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  sales: number;
  /** Gross of the day's sales net of the day's refunds. */
  revenue_cents: number;
  net_cents: number;
  views: number;
  downloads: number;
}

export interface ResourceAnalytics {
  id: number;
  title: string;
  status: ResourceStatus;
  sales: number;
  revenue_cents: number;
  net_cents: number;
  views: number;
  downloads: number;
}

export interface SellerAnalytics {
  days: AnalyticsWindow;
  from: string;
  to: string;
  series: AnalyticsDay[];
  /** One page of the seller's resources, best sellers (all time) first, with the window's figures. */
  resources: ResourceAnalytics[];
  resources_total: number;
  resources_page: number;
  resources_page_size: number;
  totals: Omit<AnalyticsDay, 'day'>;
}

export interface OwnResource extends ResourceSummary {
  /** Why a reviewer rejected it (null unless rejected). */
  rejection_reason: string | null;
  submitted_at: string | null;
}
