import type { ItemKind } from '../../worker/src/domain/orders.ts';
import type { OrderSummary } from './order-view.ts';

/** What the API answers and the site reads of worker/src/services/payments/checkout.ts (decision 0054). */

export interface QuoteLine {
  type: ItemKind;
  itemId: number;
  title: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  totalCents: number;
  available: boolean;
  reasonMessage: string | null;
}

export interface Quote {
  lines: QuoteLine[];
  subtotalCents: number;
  subtotal: number;
  discountCents: number;
  totalCents: number;
  total: number;
  coupon: { code: string; description: string } | null;
  couponError: string | null;
  testMode: boolean;
}

/** An order and where to pay (POST /api/checkout). */
export interface StartedCheckout {
  order: OrderSummary;
  checkoutUrl: string;
  sessionId: string;
}
