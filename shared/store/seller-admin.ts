import type { SellerProfileView, SellerStatus } from './views.ts';

/** What the API answers and the site reads of worker/src/services/store/seller-admin.ts (decision 0054). */

export interface AdminSellerList {
  data: SellerProfileView[];
  total: number;
  page: number;
  page_size: number;
  /** How many profiles are in each state (the tabs of /admin/sellers), whatever the filters. */
  counts: Record<SellerStatus, number>;
}
