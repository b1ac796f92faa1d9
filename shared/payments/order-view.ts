import type { ItemKind, OrderStatus, OrderType } from '../../worker/src/domain/orders.ts';
import type { NextAction } from './fulfilment.ts';

/**
 * What the API answers and the site reads of worker/src/services/payments/order-view.ts
 * (decision 0054): one shape of an order for every answer that shows one (buyer pages, admin,
 * checkout).
 */

export interface OrderItemView {
  id: number;
  kind: ItemKind;
  itemId: number;
  title: string;
  imageUrl: string | null;
  unitPriceCents: number;
  quantity: number;
  discountCents: number;
  totalCents: number;
  refundedCents: number;
  fulfilled: boolean;
  revoked: boolean;
  nextAction: NextAction | null;
}

export interface OrderSummary {
  id: number;
  number: string;
  type: OrderType;
  status: OrderStatus;
  description: string;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  refundedCents: number;
  couponCode: string | null;
  provider: 'stripe' | 'test';
  testMode: boolean;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  /** Only while the order waits for its payment. */
  checkoutUrl: string | null;
  items: OrderItemView[];
  receiptUrl: string;
}
