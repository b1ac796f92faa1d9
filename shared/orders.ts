import type { OrderSummary } from './payments/order-view.ts';

/** What the API answers and the site reads of worker/src/services/orders.ts (decision 0054). */

export interface Buyer {
  id: number;
  username: string;
  name: string;
  email: string | null;
}

export type AdminOrder = OrderSummary & { buyer: Buyer };

export interface AdminOrderPage {
  data: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
  /** Tokens of the pages after and before this one (decision 0045). */
  next: string | null;
  prev: string | null;
}

export interface RefundView {
  id: number;
  amountCents: number;
  reason: string;
  orderItemIds: number[] | null;
  status: 'pending' | 'succeeded' | 'failed';
  providerRefundId: string | null;
  createdAt: string;
  createdBy: { id: number; username: string } | null;
}

export interface PaymentEventView {
  id: string;
  type: string;
  outcome: string | null;
  providerCreated: number | null;
  receivedAt: string;
}

export type AdminOrderDetail = AdminOrder & {
  refunds: RefundView[];
  events: PaymentEventView[];
  /** What may still be refunded: total − refunded − refunds still pending at the provider. */
  refundableCents: number;
};
