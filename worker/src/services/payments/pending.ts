import { and, asc, eq, gt, lte, or, isNull, sql } from 'drizzle-orm';
import { orderItems, orders, type OrderRow } from '../../../../db/schema/index.ts';
import { dollars, type OrderType } from '../../domain/orders.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { preparedOnce } from '../prepared-batch.ts';
import { getPaymentProvider, getTestProvider } from './index.ts';
import { testEvents } from './test-provider.ts';
import { loadOrderSummary } from './order-view.ts';
import type { OrderSummary } from '../../../../shared/payments/order-view.ts';
import { releaseStatements } from './fulfilment.ts';
import { releaseCouponStatement } from './webhooks.ts';

/**
 * Pending payments: orders started and not paid, while their session is open. The test
 * provider's sessions expire lazily: whenever a buyer's pending payments or a session are read (and
 * before each checkout) the overdue ones get their checkout.session.expired event, so no timer is
 * needed on Workers. Stripe sends its own expiry events; an overdue session is left out meanwhile.
 */

export const PENDING_NOT_FOUND = 'Pending payment not found';
export const ORDER_NOT_FOUND = 'Order not found';
export const PENDING_DISMISSED = 'Pending payment dismissed';
export const NOT_CANCELLABLE = 'This order can no longer be cancelled.';

export interface PendingPayment {
  id: number;
  type: OrderType;
  description: string;
  amount: number;
  amountCents: number;
  expiresAt: string | null;
  metadata: { orderNumber: string; items: { kind: string; itemId: number; title: string; quantity: number }[] };
  checkoutUrl: string | null;
}

const nowIso = () => new Date().toISOString();

/** The test provider's overdue pending orders, of every buyer or of one (`userId`). */
const overdueOrders = (db: Db, ofBuyer: boolean) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        // Through the partial index of pending orders by provider and expiry, not every pending order.
        eq(orders.status, 'pending'),
        eq(orders.provider, 'test'),
        lte(orders.expiresAt, sql.placeholder('now')),
        ofBuyer ? eq(orders.userId, sql.placeholder('userId')) : undefined,
      ),
    )
    .limit(50)
    .prepare();
const overdueOfAll = preparedOnce((db) => overdueOrders(db, false));
const overdueOfBuyer = preparedOnce((db) => overdueOrders(db, true));

/** Sends the expiry event of the test provider's overdue sessions (of one buyer, or all). */
export async function expireOverdueSessions(platform: Platform, userId?: number): Promise<void> {
  const test = getTestProvider(platform);
  if (!test) return;
  const overdue = await (userId === undefined ? overdueOfAll : overdueOfBuyer)(platform.db).execute({ now: nowIso(), userId });
  for (const order of overdue) {
    if (order.providerSessionId) await test.deliver(testEvents.expired(order));
    else await platform.db.batch([
      platform.db
        .update(orders)
        .set({ status: 'expired', closedAt: nowIso() })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'))),
      releaseCouponStatement(platform.db, order.id),
      ...releaseStatements(platform.db, order.id),
    ]);
  }
}

/** Ends the provider sessions of orders that were closed here (cancelled, replaced); failures are logged. */
export async function endPendingOrders(platform: Platform, closed: readonly { id: number; providerSessionId: string | null }[]): Promise<void> {
  const provider = getPaymentProvider(platform);
  for (const order of closed) {
    if (!order.providerSessionId) continue;
    try {
      await provider.expireSession(order.providerSessionId);
    } catch (err) {
      console.error(`The session of order ${order.id} could not be ended`, err instanceof Error ? err.message : err);
    }
  }
}

/** GET /api/payments/pending: the buyer's open checkouts, oldest first. */
export async function listPendingPayments(platform: Platform, userId: number): Promise<PendingPayment[]> {
  const { db } = platform;
  await expireOverdueSessions(platform, userId);
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        or(isNull(orders.expiresAt), gt(orders.expiresAt, nowIso())),
        sql`${orders.providerSessionId} IS NOT NULL`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(sql`${orderItems.orderId} IN (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})`)
    .orderBy(asc(orderItems.id));
  return rows.map((order) => ({
    id: order.id,
    type: order.type,
    description: order.description,
    amount: dollars(order.totalCents),
    amountCents: order.totalCents,
    expiresAt: order.expiresAt,
    metadata: {
      orderNumber: order.number,
      items: items.filter((i) => i.orderId === order.id).map((i) => ({ kind: i.kind, itemId: i.itemId, title: i.title, quantity: i.quantity })),
    },
    checkoutUrl: order.checkoutUrl,
  }));
}

/** Cancels a pending order of this buyer (its coupon use goes back), then ends its session at the provider. */
async function cancelOrder(platform: Platform, order: OrderRow): Promise<void> {
  const { db } = platform;
  await db.batch([
    db
      .update(orders)
      .set({ status: 'cancelled', closedAt: nowIso(), updatedAt: nowIso() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), isNull(orders.paidAt))),
    releaseCouponStatement(db, order.id),
    ...releaseStatements(db, order.id),
  ]);
  await endPendingOrders(platform, [order]);
}

/** DELETE /api/payments/pending/:id: dismisses one (cancels the order and its session). */
export async function dismissPendingPayment(platform: Platform, userId: number, orderId: number): Promise<void> {
  const [order] = await platform.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order || order.status !== 'pending') throw notFound(PENDING_NOT_FOUND);
  await cancelOrder(platform, order);
}

/** The buyer's order of a session, or 404 (someone else's session is not found either). */
export async function ownOrderBySession(platform: Platform, userId: number, sessionId: string): Promise<OrderRow> {
  const [order] = await platform.db
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** POST /api/checkout/confirm: the order's state as it is now (the webhook fulfils; this never does). */
export async function confirmCheckout(platform: Platform, userId: number, sessionId: string): Promise<OrderSummary> {
  const order = await ownOrderBySession(platform, userId, sessionId);
  if (order.status === 'pending') await expireOverdueSessions(platform, userId);
  return (await loadOrderSummary(platform.db, order.id))!;
}

/** POST /api/checkout/cancel: the buyer left the provider's page; the order ends, the cart stays. */
export async function cancelCheckout(platform: Platform, userId: number, sessionId: string): Promise<OrderSummary> {
  const order = await ownOrderBySession(platform, userId, sessionId);
  if (order.status === 'pending') await cancelOrder(platform, order);
  const now = (await loadOrderSummary(platform.db, order.id))!;
  if (now.status !== 'cancelled' && now.status !== 'expired') throw conflict(NOT_CANCELLABLE);
  return now;
}
