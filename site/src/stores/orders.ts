import { atom } from 'nanostores';
import { ApiError, apiFetch } from '../lib/api.ts';

/**
 * The buyer's orders (commerce contract "Orders"): GET /api/orders and GET /api/orders/:id, read
 * by /my-purchases, the receipt page and the return pages. Shapes as the contract gives them.
 */

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded' | 'partially_refunded';
export type ItemKind = 'COURSE' | 'RESOURCE' | 'SUBSCRIPTION' | 'BOOKING';

export interface NextAction {
  label: 'Start course' | 'Go to course' | 'Download' | string;
  url: string;
}

export interface OrderItem {
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

export interface Order {
  id: number;
  number: string;
  type: string;
  status: OrderStatus;
  description: string;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  refundedCents: number;
  couponCode: string | null;
  provider: string;
  testMode: boolean;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  checkoutUrl?: string | null;
  items: OrderItem[];
  receiptUrl: string;
}

/** Words for an order's status, as the buyer reads them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

/** The badge colour of a status. */
export function orderStatusTone(status: string): 'success' | 'warning' | 'danger' | 'neutral' {
  if (status === 'paid') return 'success';
  if (status === 'pending' || status === 'partially_refunded') return 'warning';
  if (status === 'failed' || status === 'refunded') return 'danger';
  return 'neutral';
}

/** A date as the receipt and the list show it: "November 23, 2026". */
export function orderDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export type Load<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'not-found' } | { status: 'error'; message: string };

const LOAD_FAILED = 'Your purchases could not be loaded. Please try again.';

export const $myOrders = atom<Load<Order[]>>({ status: 'loading' });

/** GET /api/orders: my orders, newest first. */
export async function loadMyOrders(): Promise<void> {
  if ($myOrders.get().status !== 'ready') $myOrders.set({ status: 'loading' });
  try {
    const res = await apiFetch<{ data: Order[] } | Order[]>('/api/orders');
    $myOrders.set({ status: 'ready', data: Array.isArray(res) ? res : res.data });
  } catch {
    $myOrders.set({ status: 'error', message: LOAD_FAILED });
  }
}

export const $order = atom<Load<Order>>({ status: 'loading' });

/** GET /api/orders/:id (mine; anyone else's answers 404). */
export async function loadOrder(id: number | null): Promise<void> {
  if (id === null) {
    $order.set({ status: 'not-found' });
    return;
  }
  $order.set({ status: 'loading' });
  try {
    const res = await apiFetch<Order | { order: Order }>(`/api/orders/${id}`);
    $order.set({ status: 'ready', data: 'order' in res ? res.order : res });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 403)) $order.set({ status: 'not-found' });
    else $order.set({ status: 'error', message: 'This receipt could not be loaded. Please try again.' });
  }
}
