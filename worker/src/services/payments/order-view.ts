import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { orderItems, orders, type OrderItemRow, type OrderRow } from '../../../../db/schema/commerce.ts';
import type { Db } from '../../platform/db.ts';
import { preparedOnce } from '../prepared-batch.ts';
import { fulfillerOf } from './fulfilment.ts';
import type { OrderItemView, OrderSummary } from '../../../../shared/payments/order-view.ts';

/** Orders read into the one shape every answer that shows one uses (buyer pages, admin, checkout; shared/payments/order-view.ts). */

export function toOrderItemView(item: OrderItemRow): OrderItemView {
  const fulfilled = item.fulfilledAt !== null;
  const revoked = item.revokedAt !== null;
  return {
    id: item.id,
    kind: item.kind,
    itemId: item.itemId,
    title: item.title,
    imageUrl: item.imageUrl,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity,
    discountCents: item.discountCents,
    totalCents: item.totalCents,
    refundedCents: item.refundedCents,
    fulfilled,
    revoked,
    nextAction: fulfilled && !revoked ? (fulfillerOf(item.kind)?.nextAction(item) ?? null) : null,
  };
}

export function toOrderSummary(order: OrderRow, items: readonly OrderItemRow[]): OrderSummary {
  return {
    id: order.id,
    number: order.number,
    type: order.type,
    status: order.status,
    description: order.description,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    couponCode: order.couponCode,
    provider: order.provider,
    testMode: order.provider === 'test',
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    expiresAt: order.expiresAt,
    checkoutUrl: order.status === 'pending' ? order.checkoutUrl : null,
    items: [...items].sort((a, b) => a.id - b.id).map(toOrderItemView),
    receiptUrl: `/my-purchases/${order.id}/receipt`,
  };
}

/** The summaries of these orders (rows already read), with their items in one query. */
export async function summariesOf(db: Db, rows: readonly OrderRow[]): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    let list = byOrder.get(item.orderId);
    if (!list) byOrder.set(item.orderId, (list = []));
    list.push(item);
  }
  return rows.map((row) => toOrderSummary(row, byOrder.get(row.id) ?? []));
}

const orderById = preparedOnce((db) => db.select().from(orders).where(eq(orders.id, sql.placeholder('orderId'))).limit(1).prepare());
const itemsOfOrder = preparedOnce((db) => db.select().from(orderItems).where(eq(orderItems.orderId, sql.placeholder('orderId'))).orderBy(asc(orderItems.id)).prepare());

/** One order's summary, or null. Whose it is is the caller's check. */
export async function loadOrderSummary(db: Db, orderId: number): Promise<OrderSummary | null> {
  const [row] = await orderById(db).execute({ orderId });
  if (!row) return null;
  return toOrderSummary(row, await itemsOfOrder(db).execute({ orderId }));
}

/** A buyer's orders, newest first. */
export async function listUserOrders(db: Db, userId: number): Promise<OrderSummary[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return summariesOf(db, rows);
}
