import type { CouponItemRef, CouponRule } from '../worker/src/domain/coupons.ts';

/** What the API answers and the site reads of worker/src/services/coupons.ts (decision 0054). */

/** Where a coupon stands now, for the list. */
export type CouponState = 'active' | 'scheduled' | 'expired' | 'used_up' | 'inactive';

export interface CouponItemView extends CouponItemRef {
  title: string | null;
}

/** A coupon as the admin list shows it: what was written, with item titles, its state and its uses. */
export interface CouponView extends Omit<CouponInput, 'appliesToItems'> {
  id: number;
  /** What the buyer reads: "20% off courses". */
  summary: string;
  appliesToItems: CouponItemView[] | null;
  state: CouponState;
  /** Uses held by pending orders, and uses by paid orders (counted once, on payment). */
  reservedCount: number;
  redeemedCount: number;
  createdAt: string;
  updatedAt: string;
}

/** What an admin writes: the rule checkout applies, and a description for the list. */
export interface CouponInput extends CouponRule {
  description: string;
}

export interface CouponPage {
  data: CouponView[];
  total: number;
  page: number;
  pageSize: number;
}
