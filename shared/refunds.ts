import type { AdminOrderDetail, RefundView } from './orders.ts';

/** What the API answers of worker/src/services/refunds.ts (decision 0054). */

/** The refund asked for, and the order as it stands after the request. */
export interface RefundResult {
  refund: RefundView;
  order: AdminOrderDetail;
}
