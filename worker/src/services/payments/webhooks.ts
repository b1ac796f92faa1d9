import { eq, or, sql, type SQL } from 'drizzle-orm';
import { orderItems, orders, users, type OrderItemRow, type OrderRow } from '../../../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { publicLink } from '../../platform/public-url.ts';
import { deliverOutboxRows, emailsFromSelect, notificationStatement, type OutboxRow } from '../notifications.ts';
import { registeredFulfillers, releaseStatements, type BatchStatement } from './fulfilment.ts';
import type { PaymentProvider, ProviderEvent, ProviderName } from './provider.ts';
import { RECEIPT_KIND, receiptEmail } from './receipt.ts';
import { handleSubscriptionEvent } from '../subscriptions/events.ts';

/**
 * The one webhook handler (decision 0024): Stripe's events and the test provider's, verified by
 * the SDK, change an order exactly once whatever the delivery. Each event is one db.batch:
 *   1. the event id is claimed in payment_events (ON CONFLICT DO NOTHING) with a token of this
 *      delivery; the steps that must happen once per event are guarded by that claim;
 *   2. the state change is a conditional UPDATE (`paid_at IS NULL`, `status = 'pending'`), and
 *      the refunded amount only grows (max), so reordered events end in the same state;
 *   3. fulfilment grants and revocations come from the registry, guarded by each line's state.
 * The facts are: paid (once, forever), closed unpaid (only while not paid), refunded amount.
 * The status follows from them: a completed payment wins over an expiry that came after it, and a
 * refund that arrives before its payment is recorded and applied when the payment arrives.
 */

export const INVALID_SIGNATURE = 'Invalid webhook signature';
export const WEBHOOK_EVENTS = ['checkout.session.completed', 'checkout.session.expired', 'charge.refunded'] as const;

export interface HandledEvent {
  eventId: string;
  type: string;
  orderId: number | null;
  /** What the handling did: paid, expired, refunded, duplicate, ignored:<why>. */
  outcome: string;
}

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

type Loose = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});
const idOf = (v: unknown) => str(v) ?? str(obj(v).id);
const positiveInt = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Verifies and handles a delivery to POST /api/payments/webhook (both providers). */
export async function receiveWebhook(platform: Platform, provider: PaymentProvider, payload: string, signature: string | null): Promise<HandledEvent> {
  let event: ProviderEvent;
  try {
    event = await provider.verifyAndParseEvent(payload, signature);
  } catch {
    throw badRequest(INVALID_SIGNATURE);
  }
  return handlePaymentEvent(platform, provider.name, event);
}

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

/** Records an event that changes nothing (unknown order, other type) so a redelivery is recognised. */
export async function recordIgnored(db: Db, provider: ProviderName, event: ProviderEvent, orderId: number | null, why: string): Promise<HandledEvent> {
  const inserted = await db.all<{ id: string }>(sql`INSERT INTO payment_events (id, provider, type, order_id, provider_created, outcome, payload)
    VALUES (${event.id}, ${provider}, ${event.type}, ${orderId}, ${event.created ?? null}, ${`ignored:${why}`}, ${JSON.stringify(event)})
    ON CONFLICT (id) DO NOTHING RETURNING id`);
  return { eventId: event.id, type: event.type, orderId, outcome: inserted.length > 0 ? `ignored:${why}` : 'duplicate' };
}

/** Lines whose entitlement a refund ends: all of them after a full refund, else those the refunds name. */
const revocationDue = sql`((o.refunded_cents > 0 AND o.refunded_cents >= o.total_cents)
  OR oi.id IN (SELECT CAST(j.value AS INTEGER) FROM refunds r, json_each(r.order_item_ids) j
    WHERE r.order_id = o.id AND r.status = 'succeeded' AND json_valid(r.order_item_ids)))`;

/** Grants and revocations for the order in its current state, each guarded by the line's own state. */
function fulfilmentStatements(db: Db, orderId: number): BatchStatement[] {
  const fulfillers = registeredFulfillers();
  const kinds = fulfillers.map(([kind]) => kind);
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const grantable = sql`o.paid_at IS NOT NULL AND oi.fulfilled_at IS NULL AND oi.revoked_at IS NULL AND NOT ${revocationDue}`;
  const revocable = sql`o.paid_at IS NOT NULL AND oi.fulfilled_at IS NOT NULL AND oi.revoked_at IS NULL AND ${revocationDue}`;
  return [
    ...fulfillers.flatMap(([, f]) => f.grant(db, orderId, grantable)),
    db.run(sql`UPDATE order_items AS oi SET fulfilled_at = ${NOW}
      FROM orders o WHERE o.id = oi.order_id AND oi.order_id = ${orderId} AND oi.kind IN (${kindList}) AND ${grantable}`),
    ...fulfillers.flatMap(([, f]) => f.revoke(db, orderId, revocable)),
    // Lines never granted (refunded before the payment arrived) are marked ended as well.
    db.run(sql`UPDATE order_items AS oi SET revoked_at = ${NOW}, refunded_cents = MIN(oi.total_cents, o.refunded_cents)
      FROM orders o WHERE o.id = oi.order_id AND oi.order_id = ${orderId} AND o.paid_at IS NOT NULL AND oi.revoked_at IS NULL AND ${revocationDue}`),
  ];
}

/** The exactly-once claim of an event (decision 0024): the steps guarded by `claimed` run for one delivery only. */
export function claimStatements(db: Db, provider: ProviderName, event: ProviderEvent, orderId: number | null, claim: string) {
  const claimed = sql`EXISTS (SELECT 1 FROM payment_events WHERE id = ${event.id} AND outcome = ${claim})`;
  return {
    claimed,
    claim: db.run(sql`INSERT INTO payment_events (id, provider, type, order_id, provider_created, outcome, payload)
      VALUES (${event.id}, ${provider}, ${event.type}, ${orderId}, ${event.created ?? null}, ${claim}, ${JSON.stringify(event)})
      ON CONFLICT (id) DO NOTHING`),
    settle: (outcome: SQL) => db.all<{ outcome: string }>(sql`UPDATE payment_events SET outcome = ${outcome} WHERE id = ${event.id} AND outcome = ${claim} RETURNING outcome`),
  };
}

export const newClaim = () => `claimed:${crypto.randomUUID()}`;

async function handleCompleted(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const session = obj(event.data.object);
  const metadata = obj(session.metadata);
  const sessionId = str(session.id);
  const paymentIntentId = idOf(session.payment_intent);
  const ctx = await findOrder(db, { orderId: positiveInt(metadata.orderId), sessionId, paymentIntentId: null });
  if (!ctx) return recordIgnored(db, provider, event, null, 'unknown-order');
  const { order } = ctx;
  if (order.providerSessionId && sessionId && order.providerSessionId !== sessionId) return recordIgnored(db, provider, event, order.id, 'other-session');
  // Delayed payment methods complete the session before the money arrives: not paid yet.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return recordIgnored(db, provider, event, order.id, 'not-paid');
  const amount = num(session.amount_total);
  if (amount !== null && amount !== order.totalCents) return recordIgnored(db, provider, event, order.id, 'amount-mismatch');

  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);
  const paidAt = new Date().toISOString();
  // Only the delivery that made the paid transition sends the receipt and empties the cart.
  const paidHere = sql`${claimed} AND EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND paid_at = ${paidAt})`;
  const receipt = receiptEmail(ctx, publicLink(platform.env, `/my-purchases/${order.id}/receipt`));
  const otherEmails = registeredFulfillers().flatMap(([, f]) => (f.paidEmails ? [f.paidEmails(platform, order.id, paidHere)] : []));
  const results = await db.batch([
    claimStatement,
    db.all<{ id: number }>(sql`UPDATE orders SET
        status = CASE WHEN refunded_cents > 0 AND refunded_cents >= total_cents THEN 'refunded'
                      WHEN refunded_cents > 0 THEN 'partially_refunded' ELSE 'paid' END,
        paid_at = ${paidAt}, closed_at = NULL, failure_reason = NULL,
        provider_payment_intent_id = COALESCE(${paymentIntentId}, provider_payment_intent_id),
        provider_session_id = COALESCE(provider_session_id, ${sessionId}),
        updated_at = ${NOW}
      WHERE id = ${order.id} AND paid_at IS NULL AND ${claimed} RETURNING id`),
    ...fulfilmentStatements(db, order.id),
    db.run(sql`DELETE FROM cart_items WHERE user_id = ${order.userId} AND ${paidHere} AND EXISTS (
        SELECT 1 FROM order_items oi WHERE oi.order_id = ${order.id} AND oi.kind = cart_items.kind AND oi.item_id = cart_items.item_id)`),
    // A use of the coupon counts once the order is paid (also when an expiry had released it first).
    db.run(sql`UPDATE coupon_redemptions SET status = 'redeemed', redeemed_at = ${NOW}
      WHERE order_id = ${order.id} AND status <> 'redeemed' AND EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND paid_at IS NOT NULL)`),
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
    settle(sql`CASE WHEN EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND paid_at = ${paidAt}) THEN 'paid' ELSE 'ignored:already-paid' END`),
  ]);
  // The receipt and the fulfillers' emails: the rows this batch wrote, delivered now.
  const mails = results.slice(results.length - 2 - otherEmails.length, results.length - 1).flat() as OutboxRow[];
  const settled = results[results.length - 1] as { outcome: string }[];
  deliverOutboxRows(platform, mails);
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: settled[0]?.outcome ?? 'duplicate' };
}

async function handleExpired(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const session = obj(event.data.object);
  const sessionId = str(session.id);
  const ctx = await findOrder(db, { orderId: positiveInt(obj(session.metadata).orderId), sessionId, paymentIntentId: null });
  if (!ctx) return recordIgnored(db, provider, event, null, 'unknown-order');
  const { order } = ctx;
  if (order.providerSessionId && sessionId && order.providerSessionId !== sessionId) return recordIgnored(db, provider, event, order.id, 'other-session');
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);
  const results = await db.batch([
    claimStatement,
    db.all<{ id: number }>(sql`UPDATE orders SET status = 'expired', closed_at = ${NOW}, updated_at = ${NOW}
      WHERE id = ${order.id} AND status = 'pending' AND paid_at IS NULL AND ${claimed} RETURNING id`),
    releaseCouponStatement(db, order.id),
    settle(sql`CASE WHEN (SELECT status FROM orders WHERE id = ${order.id}) = 'expired' THEN 'expired' ELSE 'ignored:not-pending' END`),
    // What the order held (a booking's seat) frees with it.
    ...releaseStatements(db, order.id),
  ] as const);
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: results[3][0]?.outcome ?? 'duplicate' };
}

/** A reserved use of the coupon goes back once the order ended unpaid. */
export function releaseCouponStatement(db: Db, orderId: number): BatchStatement {
  return db.run(sql`UPDATE coupon_redemptions SET status = 'released'
    WHERE order_id = ${orderId} AND status = 'reserved'
      AND (SELECT status FROM orders WHERE id = ${orderId}) IN ('expired', 'cancelled', 'failed')`);
}

async function handleRefunded(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const charge = obj(event.data.object);
  const refunds = (Array.isArray(obj(charge.refunds).data) ? (obj(charge.refunds).data as unknown[]) : []).map(obj);
  const orderIdFromMetadata = positiveInt(obj(charge.metadata).orderId) ?? refunds.map((r) => positiveInt(obj(r.metadata).orderId)).find((id) => id !== null) ?? null;
  const ctx = await findOrder(db, { orderId: orderIdFromMetadata, sessionId: null, paymentIntentId: idOf(charge.payment_intent) });
  if (!ctx) return recordIgnored(db, provider, event, null, 'unknown-order');
  const { order } = ctx;
  const amountRefunded = Math.max(0, Math.min(num(charge.amount_refunded) ?? 0, order.totalCents));
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);

  const refundStatements = refunds
    .filter((r) => r.status === 'succeeded' && str(r.id) && (num(r.amount) ?? 0) > 0)
    .flatMap((r) => {
      const providerRefundId = str(r.id)!;
      const meta = obj(r.metadata);
      const refundId = positiveInt(meta.refundId) ?? 0;
      const named = (() => {
        try {
          const ids = JSON.parse(str(meta.orderItemIds) ?? 'null') as unknown;
          return Array.isArray(ids) && ids.length > 0 ? JSON.stringify(ids.map(Number).filter(Number.isSafeInteger)) : null;
        } catch {
          return null;
        }
      })();
      return [
        db.run(sql`UPDATE refunds SET status = 'succeeded', provider_refund_id = ${providerRefundId}
          WHERE order_id = ${order.id} AND (id = ${refundId} OR provider_refund_id = ${providerRefundId})
            AND NOT EXISTS (SELECT 1 FROM refunds x WHERE x.provider_refund_id = ${providerRefundId} AND x.id <> refunds.id)`),
        // A refund made at the provider itself (Stripe's dashboard) is recorded as well.
        db.run(sql`INSERT INTO refunds (order_id, amount_cents, reason, order_item_ids, status, provider_refund_id)
          SELECT ${order.id}, ${num(r.amount)}, 'Refunded at the payment provider', ${named}, 'succeeded', ${providerRefundId}
          WHERE NOT EXISTS (SELECT 1 FROM refunds WHERE provider_refund_id = ${providerRefundId} OR (id = ${refundId} AND order_id = ${order.id}))`),
      ];
    });

  const results = await db.batch([
    claimStatement,
    ...refundStatements,
    // Refunded cents only grow (Stripe's amount_refunded is the charge's running total), so an
    // older event arriving late changes nothing; the status moves only once the order is paid.
    db.run(sql`UPDATE orders SET
        refunded_cents = MAX(refunded_cents, ${amountRefunded}),
        status = CASE WHEN paid_at IS NULL THEN status
                      WHEN MAX(refunded_cents, ${amountRefunded}) >= total_cents AND MAX(refunded_cents, ${amountRefunded}) > 0 THEN 'refunded'
                      WHEN MAX(refunded_cents, ${amountRefunded}) > 0 THEN 'partially_refunded' ELSE status END,
        updated_at = ${NOW}
      WHERE id = ${order.id} AND ${claimed}`),
    ...fulfilmentStatements(db, order.id),
    settle(sql`CASE WHEN (SELECT paid_at FROM orders WHERE id = ${order.id}) IS NULL THEN 'recorded:awaiting-payment' ELSE 'refunded' END`),
  ]);
  const settled = results[results.length - 1] as { outcome: string }[];
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** Handles a verified event. Unknown types are recorded and answered 200, as Stripe expects. */
export async function handlePaymentEvent(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  // Subscriptions, their invoices, checkouts of mode subscription and invoice refunds (decision 0031).
  const subscription = await handleSubscriptionEvent(platform, provider, event);
  if (subscription) return subscription;
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
