import { atom } from 'nanostores';
import { ApiError } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import type { Loadable } from './query.ts';

/**
 * The buyer's orders (commerce contract "Orders"): GET /api/orders and GET /api/orders/:id, read
 * by /my-purchases, the receipt page and the return pages. Shapes as the contract gives them.
 */

/** The server's one shape of an order (shared/payments/order-view.ts). */
export type { ItemKind, OrderStatus } from '../../../worker/src/domain/orders.ts';
export type { NextAction } from '../../../shared/payments/fulfilment.ts';
export type { OrderItemView as OrderItem, OrderSummary as Order } from '../../../shared/payments/order-view.ts';
import type { OrderStatus } from '../../../worker/src/domain/orders.ts';
import type { OrderSummary as Order } from '../../../shared/payments/order-view.ts';

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

const LOAD_FAILED = 'Your purchases could not be loaded. Please try again.';

export const $myOrders = atom<Loadable<Order[]>>({ status: 'loading' });

/** GET /api/orders: my orders, newest first. */
export async function loadMyOrders(): Promise<void> {
  if ($myOrders.get().status !== 'ready') $myOrders.set({ status: 'loading' });
  try {
    $myOrders.set({ status: 'ready', data: (await call(api.orders.$get())).data });
  } catch {
    $myOrders.set({ status: 'error', message: LOAD_FAILED });
  }
}

export const $order = atom<Loadable<Order>>({ status: 'loading' });

/** No such order of mine (or no id in the address). */
const NOT_FOUND = { status: 'error', message: 'Receipt not found', notFound: true } as const;

/** GET /api/orders/:id (mine; anyone else's answers 404). */
export async function loadOrder(id: number | null): Promise<void> {
  if (id === null) {
    $order.set(NOT_FOUND);
    return;
  }
  $order.set({ status: 'loading' });
  try {
    $order.set({ status: 'ready', data: await call(api.orders[':id'].$get({ param: { id: String(id) } })) });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400 || err.status === 403)) $order.set(NOT_FOUND);
    else $order.set({ status: 'error', message: 'This receipt could not be loaded. Please try again.' });
  }
}
