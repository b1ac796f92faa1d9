import { and, eq, sql, type SQL } from 'drizzle-orm';
import { couponRedemptions, orders, users } from '../../../../db/schema/index.ts';
import { COUPON_MESSAGES } from '../../domain/coupons.ts';
import { CHECKOUT_SESSION_MINUTES, newOrderNumber, orderDescription, orderTypeOf } from '../../domain/orders.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { uniqueViolation } from '../db-errors.ts';
import { priceQuote, type RequestedItem } from './checkout-quote.ts';
import { purchasableKey } from '../purchasables.ts';
import { connectDestinationFor } from '../store/connect.ts';
import { expireOverdueSessions, endPendingOrders } from './pending.ts';
import { releaseStatements, type BatchStatement } from './fulfilment.ts';
import { orderBatch } from './checkout-statements.ts';
import { preparedOnce, runBatch } from '../prepared-batch.ts';
import { getPaymentProvider, ProviderError } from './index.ts';
import { loadOrderSummary } from './order-view.ts';
import type { StartedCheckout } from '../../../../shared/payments/checkout.ts';
import { SESSION_ID_PLACEHOLDER } from './provider.ts';
import { handlePaymentEvent } from './dispatch.ts';

/**
 * Checkout (decision 0024): prices come from the database (describePurchasables), never from the
 * client; a coupon is checked with the pure rule and reserved in the order's creation batch;
 * the order (with its items as a snapshot) is created before the provider's session, whose id
 * and URL are then written to it. Nothing here grants anything: that is the webhook's job.
 */

export const CART_EMPTY = 'Your cart is empty.';
export const ITEM_UNAVAILABLE = 'Some items in your cart are not available. Please review your cart.';
export const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again.';
export const COUPON_USAGE_LIMIT = COUPON_MESSAGES.usageLimit;
export { FREE_ITEM, quoteCheckout, type RequestedItem } from './checkout-quote.ts';

const buyerEmail = preparedOnce((db) => db.select({ email: users.email }).from(users).where(eq(users.id, sql.placeholder('userId'))).limit(1).prepare());
/** The provider's session, on the order. */
const setSession = preparedOnce((db) =>
  db
    .update(orders)
    .set({ providerSessionId: sql<string>`${sql.placeholder('sessionId')}`, checkoutUrl: sql<string>`${sql.placeholder('checkoutUrl')}` })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare(),
);

/** A coupon refusal at checkout: a limit reached is a conflict, anything else a bad code. */
function couponRefusal(reason: string, limitReached: boolean): AppError {
  if (limitReached) return conflict(reason);
  return badRequest(reason, { couponCode: [reason] });
}

/** Where the provider sends the buyer back: PUBLIC_URL, else the origin the request came to. */
export function returnUrls(platform: Platform, requestOrigin: string) {
  const origin = platform.env.PUBLIC_URL ? new URL(platform.env.PUBLIC_URL).origin : requestOrigin;
  return {
    successUrl: `${origin}/payment-success?session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${origin}/cancel-payment?session_id=${SESSION_ID_PLACEHOLDER}`,
  };
}

/**
 * A buyer whose account is created with the order (guest checkout, decision 0065): the statements
 * that write it come first in the order's batch, and the order names it by `id` (a subquery).
 */
export interface NewBuyer {
  statements: BatchStatement[];
  id: SQL<number>;
  email: string;
}

/**
 * POST /api/checkout and /api/simple-checkout. Refuses an empty cart or an unavailable line (409).
 * The order, its items, the coupon's reservation and the cancellation of the buyer's older
 * pending orders for the same items are one batch; the reservation is a conditional INSERT …
 * SELECT counted against the coupon's limits, and when it inserts nothing the same batch removes
 * the order again and the buyer gets 409.
 */
export async function startCheckout(
  platform: Platform,
  userId: number,
  input: { couponCode?: string; items?: RequestedItem[] },
  requestOrigin: string,
  newBuyer?: NewBuyer,
): Promise<StartedCheckout> {
  const { db } = platform;
  const provider = getPaymentProvider(platform);
  // Sessions run out without a timer: the overdue ones of every buyer end here (their coupon
  // reservations go back before this checkout counts the coupon's uses).
  await expireOverdueSessions(platform);
  const quote = await priceQuote(platform, userId, input);
  if (quote.lines.length === 0) throw conflict(CART_EMPTY);
  const unavailable = quote.lines.find((l) => !l.available);
  if (unavailable) throw conflict(input.items && quote.lines.length === 1 ? (unavailable.reasonMessage ?? ITEM_UNAVAILABLE) : ITEM_UNAVAILABLE);
  if (quote.couponError) throw couponRefusal(quote.couponError, quote.couponLimitReached);

  const [buyer] = newBuyer ? [{ email: newBuyer.email }] : await buyerEmail(db).execute({ userId });
  // The batch's answer to the cancellation of replaced orders follows the new buyer's statements.
  const accountStatements = newBuyer?.statements.length ?? 0;
  const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_MINUTES * 60_000);
  const coupon = quote.couponRow;
  const lines = quote.lines;

  let created: { id: number; number: string } | null = null;
  let replaced: { id: number; providerSessionId: string | null }[] = [];
  for (let attempt = 0; attempt < 3 && !created; attempt++) {
    const number = newOrderNumber();
    try {
      const results = await runBatch(
        db,
        orderBatch(db, {
          number,
          userId,
          order: {
            type: orderTypeOf(lines.map((l) => l.type)),
            description: orderDescription(lines),
            subtotalCents: quote.subtotalCents,
            discountCents: quote.discountCents,
            totalCents: quote.totalCents,
            couponId: coupon?.id ?? null,
            couponCode: coupon?.code ?? null,
            provider: provider.name,
            expiresAt: expiresAt.toISOString(),
          },
          // What each line fixes beside its title and price (feedback credits: the pack's size).
          lines: lines.map((l) => ({ ...l, metadata: quote.lineMetadata.get(purchasableKey({ kind: l.type, itemId: l.itemId })) ?? null })),
          newBuyer,
        }),
      );
      const readBack = results[results.length - 1] as { id: number; number: string }[];
      replaced = results[accountStatements] as { id: number; providerSessionId: string | null }[];
      if (!readBack[0]) throw conflict(COUPON_USAGE_LIMIT);
      created = readBack[0];
    } catch (err) {
      if (uniqueViolation(err) === 'orders_number_unique') continue;
      throw err;
    }
  }
  if (!created) throw new AppError(409, 'Could not create the order. Please try again.');
  const orderId = created.id;
  // What the replaced orders held is freed (unless this order has it), and their sessions end too
  // (best effort: an order stays cancelled either way).
  const released = replaced.flatMap((r) => releaseStatements(db, r.id));
  if (released.length) await db.batch(released as [BatchStatement, ...BatchStatement[]]);
  await endPendingOrders(platform, replaced);

  if (quote.totalCents === 0) return completeFreeOrder(platform, orderId, created.number);

  const urls = returnUrls(platform, requestOrigin);
  // One onboarded seller's resources are charged to that seller's account (decision 0029); the
  // order remembers it before the session exists, so the payment's ledger and refunds know.
  const destination = provider.name === 'stripe' ? await connectDestinationFor(db, lines) : null;
  if (destination) {
    await db
      .update(orders)
      .set({
        metadata: sql`json_set(CASE WHEN json_valid(${orders.metadata}) THEN ${orders.metadata} ELSE '{}' END,
          '$.connect_destination', ${destination.accountId}, '$.application_fee_cents', ${destination.applicationFeeCents})`,
      })
      .where(eq(orders.id, orderId));
  }
  let session;
  try {
    session = await provider.createCheckoutSession({
      destination,
      order: { id: orderId, number: created.number, totalCents: quote.totalCents, currency: 'usd' },
      lines: lines.map((l) =>
        // A discounted line that does not divide evenly is charged as one line of its total.
        l.discountCents === 0 || l.totalCents % l.quantity === 0
          ? { name: l.title, unitAmountCents: l.totalCents / l.quantity, quantity: l.quantity }
          : { name: `${l.title} × ${l.quantity}`, unitAmountCents: l.totalCents, quantity: 1 },
      ),
      customerEmail: buyer?.email ?? null,
      expiresAt: provider.name === 'stripe' ? new Date(expiresAt.getTime() + 60_000) : expiresAt,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
    });
  } catch (err) {
    console.error('Checkout session failed', err instanceof Error ? err.message : err);
    await db.batch([
      db
        .update(orders)
        .set({ status: 'failed', closedAt: sqlNow, failureReason: PROVIDER_UNAVAILABLE })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'))),
      db
        .update(couponRedemptions)
        .set({ status: 'released' })
        .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, 'reserved'))),
      ...releaseStatements(db, orderId),
    ]);
    if (err instanceof ProviderError) throw new AppError(502, PROVIDER_UNAVAILABLE);
    throw err;
  }
  await setSession(db).execute({ orderId, sessionId: session.sessionId, checkoutUrl: session.checkoutUrl });
  const order = await loadOrderSummary(db, orderId);
  return { order: order!, checkoutUrl: session.checkoutUrl, sessionId: session.sessionId };
}

/**
 * An order the coupon made free has nothing to charge: it is completed at once by the same
 * handler as a paid session (one path for fulfilment), with a session of its own.
 */
async function completeFreeOrder(platform: Platform, orderId: number, number: string): Promise<StartedCheckout> {
  const { db } = platform;
  const sessionId = `cs_free_${crypto.randomUUID().replace(/-/g, '')}`;
  await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
  await handlePaymentEvent(platform, getPaymentProvider(platform).name, {
    id: `evt_free_${number}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: 'checkout.session', amount_total: 0, metadata: { orderId: String(orderId), orderNumber: number }, payment_status: 'no_payment_required' } },
  } as never);
  const order = await loadOrderSummary(db, orderId);
  const checkoutUrl = `/payment-success?session_id=${encodeURIComponent(sessionId)}`;
  return { order: order!, checkoutUrl, sessionId };
}
