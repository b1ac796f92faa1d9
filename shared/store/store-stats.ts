/** What the API answers and the site reads of worker/src/services/store/store-stats.ts (decision 0054). */

export interface TopResource {
  id: number;
  title: string;
  seller: { id: number; store_name: string };
  status: string;
  sales_count: number;
  /** Gross of its sales net of refunds, all time. */
  revenue_cents: number;
  revenue: number;
}

export interface StoreStats {
  /** Resources waiting for review (the queue of /admin/curriculum-officer). */
  submitted_count: number;
  /** Resources the store lists: published, of an approved seller whose account is active. */
  published_count: number;
  sellers_pending: number;
  sellers_approved: number;
  window_days: number;
  /** Sales (paid resource lines) of the window, and their gross net of the window's refunds. */
  sales_count: number;
  revenue_cents: number;
  revenue: number;
  /** The platform's fees of the window, and of all time (net of refunded fees). */
  platform_fees_cents: number;
  platform_fees: number;
  platform_fees_all_time_cents: number;
  top_resources: TopResource[];
}
