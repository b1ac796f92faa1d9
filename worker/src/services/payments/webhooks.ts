import { and, eq, exists, inArray, isNotNull, isNull, ne, notExists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type Stripe from 'stripe';
import { cartItems, couponRedemptions, orderItems, orders, refunds, users, type OrderItemRow, type OrderRow } from '../../../../db/schema/index.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { publicLink } from '../../platform/public-url.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { deliverOutboxRows, emailsFromSelect, notificationStatement, type OutboxRow } from '../notifications.ts';
import { claimStatements, newClaim, recordIgnored, type HandledEvent } from './claims.ts';
import { count, dataObject, idOf, listOf, metadataValue, positiveInt, text } from './event-reading.ts';
import { o, oi, registeredFulfillers, releaseStatements, type BatchStatement } from './fulfilment.ts';
import type { ProviderEvent, ProviderName } from './provider.ts';
import { RECEIPT_KIND, receiptEmail } from './receipt.ts';

/**
 * The order handler of the webhook (decision 0024): the events of an order's checkout and refunds,
 * verified by the SDK, change the order exactly once whatever the delivery. Each event is one
 * db.batch:
 *   1. the event is claimed (claims.ts); the steps that must happen once per event are guarded by
 *      that claim;
 *   2. the state change is a conditional UPDATE (`paid_at IS NULL`, `status = 'pending'`), and
 *      the refunded amount only grows (max), so reordered events end in the same state;
 *   3. fulfilment grants and revocations come from the registry, guarded by each line's state.
 * The facts are: paid (once, forever), closed unpaid (only while not paid), refunded amount.
 * The status follows from them: a completed payment wins over an expiry that came after it, and a
 * refund that arrives before its payment is recorded and applied when the payment arrives.
 * dispatch.ts hands each event here or to the subscription handler.
 */

export const WEBHOOK_EVENTS = ['checkout.session.completed', 'checkout.session.expired', 'charge.refunded'] as const;

interface OrderContext {
  order: OrderRow;
  items: OrderItemRow[];
  email: string | null;
  name: string;
}

async function loadOrderContext(db: Db, where: SQL | undefined): Promise<OrderContext | null> {
  const [row] = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, username: users.username })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id));
  return { order: row.order, items, email: row.email, name: row.firstName || row.username };
}

/** The order an event is about: by our metadata, else by the session or payment intent it names. */
function findOrder(db: Db, refs: { orderId: number | null; sessionId: string | null; paymentIntentId: string | null }) {
  const conditions: SQL[] = [];
  if (refs.orderId !== null) conditions.push(eq(orders.id, refs.orderId));
  if (refs.sessionId) conditions.push(eq(orders.providerSessionId, refs.sessionId));
  if (refs.paymentIntentId) conditions.push(eq(orders.providerPaymentIntentId, refs.paymentIntentId));
  if (conditions.length === 0) return Promise.resolve(null);
  return loadOrderContext(db, or(...conditions));
}

/**
 * Whether a refund ends the line `lineId` (over `o`): all lines after a full refund, else those
 * the succeeded refunds name.
 */
const revocationDueOf = (lineId: SQLWrapper) => sql`((o.refunded_cents > 0 AND o.refunded_cents >= o.total_cents)
  OR ${lineId} IN (SELECT CAST(j.value AS INTEGER) FROM refunds r, json_each(r.order_item_ids) j
    WHERE r.order_id = o.id AND r.status = 'succeeded' AND json_valid(r.order_item_ids)))`;

/** Grants and revocations for the order in its current state, each guarded by the line's own state. */
function fulfilmentStatements(db: Db, orderId: number): BatchStatement[] {
  const fulfillers = registeredFulfillers();
  const kinds = fulfillers.map(([kind]) => kind);
  const revocationDue = revocationDueOf(oi.id);
  const grantable = sql`o.paid_at IS NOT NULL AND oi.fulfilled_at IS NULL AND oi.revoked_at IS NULL AND NOT ${revocationDue}`;
  const revocable = sql`o.paid_at IS NOT NULL AND oi.fulfilled_at IS NOT NULL AND oi.revoked_at IS NULL AND ${revocationDue}`;
  return [
    ...fulfillers.flatMap(([, f]) => f.grant(db, orderId, grantable)),
    db
      .update(orderItems)
      .set({ fulfilledAt: sqlNow })
      .where(
        inArray(
          orderItems.id,
          db
            .select({ id: oi.id })
            .from(oi)
            .innerJoin(o, eq(o.id, oi.orderId))
            .where(and(eq(oi.orderId, orderId), inArray(oi.kind, kinds), grantable)),
        ),
      ),
    ...fulfillers.flatMap(([, f]) => f.revoke(db, orderId, revocable)),
    // Lines never granted (refunded before the payment arrived) are marked ended as well.
    db
      .update(orderItems)
      .set({ revokedAt: sqlNow, refundedCents: sql`MIN(${orderItems.totalCents}, ${o.refundedCents})` })
      .from(o)
      .where(
        and(eq(o.id, orderItems.orderId), eq(orderItems.orderId, orderId), isNotNull(o.paidAt), isNull(orderItems.revokedAt), revocationDueOf(orderItems.id)),
      ),
  ];
}

/** Whether the order has been paid (by this delivery or an earlier one). */
const orderPaid = (db: Db, orderId: number) => exists(db.select({ one: sql`1` }).from(orders).where(and(eq(orders.id, orderId), isNotNull(orders.paidAt))));

async function handleCompleted(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const session = dataObject<Stripe.Checkout.Session>(event);
  const sessionId = text(session.id);
  const paymentIntentId = idOf(session.payment_intent);
  const ctx = await findOrder(db, { orderId: positiveInt(metadataValue(session.metadata, 'orderId')), sessionId, paymentIntentId: null });
  if (!ctx) return recordIgnored(db, provider, event, null, 'unknown-order');
  const { order } = ctx;
  if (order.providerSessionId && sessionId && order.providerSessionId !== sessionId) return recordIgnored(db, provider, event, order.id, 'other-session');
  // Delayed payment methods complete the session before the money arrives: not paid yet.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return recordIgnored(db, provider, event, order.id, 'not-paid');
  const amount = count(session.amount_total);
  if (amount !== null && amount !== order.totalCents) return recordIgnored(db, provider, event, order.id, 'amount-mismatch');

  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);
  const paidAt = new Date().toISOString();
  const paidNow = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND paid_at = ${paidAt})`;
  // Only the delivery that made the paid transition sends the receipt and empties the cart.
  const paidHere = sql`${claimed} AND ${paidNow}`;
  const receipt = receiptEmail(ctx, publicLink(platform.env, `/my-purchases/${order.id}/receipt`));
  const otherEmails = registeredFulfillers().flatMap(([, f]) => (f.paidEmails ? [f.paidEmails(platform, order.id, paidHere)] : []));
  const results = await db.batch([
    claimStatement,
    db
      .update(orders)
      .set({
        status: sql`CASE WHEN ${orders.refundedCents} > 0 AND ${orders.refundedCents} >= ${orders.totalCents} THEN 'refunded'
                      WHEN ${orders.refundedCents} > 0 THEN 'partially_refunded' ELSE 'paid' END`,
        paidAt,
        closedAt: null,
        failureReason: null,
        providerPaymentIntentId: sql`COALESCE(${paymentIntentId}, ${orders.providerPaymentIntentId})`,
        providerSessionId: sql`COALESCE(${orders.providerSessionId}, ${sessionId})`,
        updatedAt: sqlNow,
      })
      .where(and(eq(orders.id, order.id), isNull(orders.paidAt), claimed))
      .returning({ id: orders.id }),
    ...fulfilmentStatements(db, order.id),
    db.run(sql`DELETE FROM cart_items WHERE user_id = ${order.userId} AND ${paidHere} AND EXISTS (
        SELECT 1 FROM order_items oi WHERE oi.order_id = ${order.id} AND oi.kind = ${cartItems.kind} AND oi.item_id = ${cartItems.itemId})`),
    // A use of the coupon counts once the order is paid (also when an expiry had released it first).
    db
      .update(couponRedemptions)
      .set({ status: 'redeemed', redeemedAt: sqlNow })
      .where(and(eq(couponRedemptions.orderId, order.id), ne(couponRedemptions.status, 'redeemed'), orderPaid(db, order.id))),
    // The receipt (decision 0033): in-app, leading to the receipt page, and by email, each as the buyer chose.
    notificationStatement(
      db,
      { userId: order.userId, kind: RECEIPT_KIND, title: receipt.subject, body: `Thank you for your purchase. Order ${order.number} is paid.`, url: `/my-purchases/${order.id}/receipt` },
      paidHere,
    ),
    emailsFromSelect(platform, RECEIPT_KIND, { userId: sql`${order.userId}`, to: sql`${ctx.email}`, subject: sql`${receipt.subject}`, text: sql`${receipt.text}` }, sql`WHERE ${paidHere}`, {
      once: true,
    }),
    ...otherEmails,
    settle(sql`CASE WHEN ${paidNow} THEN 'paid' ELSE 'ignored:already-paid' END`),
  ]);
  // The receipt and the fulfillers' emails: the rows this batch wrote, delivered now.
  const mails = results.slice(results.length - 2 - otherEmails.length, results.length - 1).flat() as OutboxRow[];
  const settled = results[results.length - 1] as { outcome: string | null }[];
  deliverOutboxRows(platform, mails);
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: settled[0]?.outcome ?? 'duplicate' };
}

async function handleExpired(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const session = dataObject<Stripe.Checkout.Session>(event);
  const sessionId = text(session.id);
  const ctx = await findOrder(db, { orderId: positiveInt(metadataValue(session.metadata, 'orderId')), sessionId, paymentIntentId: null });
  if (!ctx) return recordIgnored(db, provider, event, null, 'unknown-order');
  const { order } = ctx;
  if (order.providerSessionId && sessionId && order.providerSessionId !== sessionId) return recordIgnored(db, provider, event, order.id, 'other-session');
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);
  const results = await db.batch([
    claimStatement,
    db
      .update(orders)
      .set({ status: 'expired', closedAt: sqlNow, updatedAt: sqlNow })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), isNull(orders.paidAt), claimed))
      .returning({ id: orders.id }),
    releaseCouponStatement(db, order.id),
    settle(sql`CASE WHEN (SELECT status FROM orders WHERE id = ${order.id}) = 'expired' THEN 'expired' ELSE 'ignored:not-pending' END`),
    // What the order held (a booking's seat) frees with it.
    ...releaseStatements(db, order.id),
  ]);
  const settled = results[3] as { outcome: string | null }[];
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** A reserved use of the coupon goes back once the order ended unpaid. */
export function releaseCouponStatement(db: Db, orderId: number): BatchStatement {
  return db
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(
      and(
        eq(couponRedemptions.orderId, orderId),
        eq(couponRedemptions.status, 'reserved'),
        sql`(SELECT status FROM orders WHERE id = ${orderId}) IN ('expired', 'cancelled', 'failed')`,
      ),
    );
}

/** The order lines a provider refund names in its metadata (`orderItemIds`, a JSON array), as JSON, or null. */
function namedLines(metadata: unknown): string | null {
  try {
    const ids = JSON.parse(text(metadataValue(metadata, 'orderItemIds')) ?? 'null') as unknown;
    return Array.isArray(ids) && ids.length > 0 ? JSON.stringify(ids.map(Number).filter(Number.isSafeInteger)) : null;
  } catch {
    return null;
  }
}

async function handleRefunded(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const charge = dataObject<Stripe.Charge>(event);
  const chargeRefunds = listOf<Stripe.Refund>(charge.refunds);
  const orderIdFromMetadata =
    positiveInt(metadataValue(charge.metadata, 'orderId')) ?? chargeRefunds.map((r) => positiveInt(metadataValue(r.metadata, 'orderId'))).find((id) => id !== null) ?? null;
  const ctx = await findOrder(db, { orderId: orderIdFromMetadata, sessionId: null, paymentIntentId: idOf(charge.payment_intent) });
  if (!ctx) return recordIgnored(db, provider, event, null, 'unknown-order');
  const { order } = ctx;
  const amountRefunded = Math.max(0, Math.min(count(charge.amount_refunded) ?? 0, order.totalCents));
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);

  const other = alias(refunds, 'x');
  const refundStatements = chargeRefunds
    .filter((r) => r.status === 'succeeded' && text(r.id) && (count(r.amount) ?? 0) > 0)
    .flatMap((r) => {
      const providerRefundId = text(r.id)!;
      const refundId = positiveInt(metadataValue(r.metadata, 'refundId')) ?? 0;
      return [
        db
          .update(refunds)
          .set({ status: 'succeeded', providerRefundId })
          .where(
            and(
              eq(refunds.orderId, order.id),
              or(eq(refunds.id, refundId), eq(refunds.providerRefundId, providerRefundId)),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(other)
                  .where(and(eq(other.providerRefundId, providerRefundId), ne(other.id, refunds.id))),
              ),
            ),
          ),
        // A refund made at the provider itself (Stripe's dashboard) is recorded as well.
        db.insert(refunds).select(
          db
            .select(
              insertSelection(refunds, {
                orderId: order.id,
                amountCents: count(r.amount)!,
                reason: 'Refunded at the payment provider',
                orderItemIds: namedLines(r.metadata),
                status: 'succeeded',
                providerRefundId,
              }),
            )
            .from(oneRow)
            .where(
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(refunds)
                  .where(or(eq(refunds.providerRefundId, providerRefundId), and(eq(refunds.id, refundId), eq(refunds.orderId, order.id)))),
              ),
            ),
        ),
      ];
    });

  // Refunded cents only grow (Stripe's amount_refunded is the charge's running total), so an
  // older event arriving late changes nothing; the status moves only once the order is paid.
  const refunded = sql`MAX(${orders.refundedCents}, ${amountRefunded})`;
  const results = await db.batch([
    claimStatement,
    ...refundStatements,
    db
      .update(orders)
      .set({
        refundedCents: refunded,
        status: sql`CASE WHEN ${orders.paidAt} IS NULL THEN ${orders.status}
                      WHEN ${refunded} >= ${orders.totalCents} AND ${refunded} > 0 THEN 'refunded'
                      WHEN ${refunded} > 0 THEN 'partially_refunded' ELSE ${orders.status} END`,
        updatedAt: sqlNow,
      })
      .where(and(eq(orders.id, order.id), claimed)),
    ...fulfilmentStatements(db, order.id),
    settle(sql`CASE WHEN (SELECT paid_at FROM orders WHERE id = ${order.id}) IS NULL THEN 'recorded:awaiting-payment' ELSE 'refunded' END`),
  ]);
  const settled = results[results.length - 1] as { outcome: string | null }[];
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** A table of one row, for an INSERT … SELECT of values only. */
const oneRow = sql`(SELECT 1)`;

/**
 * The order events of the dispatcher (dispatch.ts): a checkout of an order completed or expired,
 * a refund of an order's charge. Any other type is recorded and answered 200, as Stripe expects.
 */
export async function handleOrderEvent(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return handleCompleted(platform, provider, event);
    case 'checkout.session.expired':
      return handleExpired(platform, provider, event);
    case 'charge.refunded':
      return handleRefunded(platform, provider, event);
    default:
      return recordIgnored(platform.db, provider, event, null, 'type');
  }
}
