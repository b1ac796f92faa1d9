import type { CartType } from '../worker/src/domain/cart.ts';
import type { UnavailableReason } from './purchasables.ts';

/** What the API answers and the site reads of worker/src/services/cart.ts (decision 0054). */

export interface CartLine {
  id: number;
  type: CartType;
  itemId: number;
  course_id?: number;
  resource_id?: number;
  quantity: number;
  maxQuantity: number;
  title: string;
  /** Dollars, the current price of one. */
  price: number;
  priceCents: number;
  itemDetails: { title: string; price: number; image_url: string | null; url: string };
  available: boolean;
  reason: UnavailableReason | null;
  reasonMessage: string | null;
}

export interface Cart {
  items: CartLine[];
  /** Sum of the quantities of every line (the badge). */
  count: number;
  /** Sum over the available lines only: what checkout would charge before coupons. */
  subtotalCents: number;
  subtotal: number;
  testMode: boolean;
}

export interface RejectedItem {
  type: CartType;
  itemId: number;
  quantity: number;
  title: string;
  reason: UnavailableReason | 'free';
  reasonMessage: string;
}

export type MergedCart = Cart & { rejected: RejectedItem[] };
