import { eq, sql } from 'drizzle-orm';
import { orders, type OrderRow } from '../../../../db/schema/index.ts';
import { isPaidStatus } from '../../domain/orders.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { returnUrls } from './checkout.ts';
import { getTestProvider } from './index.ts';
import { loadOrderSummary } from './order-view.ts';
import type { OrderSummary } from '../../../../shared/payments/order-view.ts';
import { expireOverdueSessions, ORDER_NOT_FOUND, ownOrderBySession } from './pending.ts';
import { SESSION_ID_PLACEHOLDER } from './provider.ts';
import { CARD_DECLINED, checkTestCard, type TestCard } from './test-cards.ts';
import { testEvents } from './test-provider.ts';
import { subscriptionReturnUrls, subscriptionTerms } from '../subscriptions/checkout.ts';
import { checkoutTermsOf, startTestSubscription } from '../subscriptions/test-billing.ts';

/** The test provider's hosted page (/checkout/stripe): its data, and paying with a test card. */

export const SESSION_EXPIRED = 'This checkout session has expired.';
export const SESSION_COMPLETE = 'This checkout session is already complete.';
export const PAYMENT_NOT_CONFIRMED = 'The payment could not be confirmed. Please try again.';

export interface TestCheckoutView {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  order: OrderSummary;
  expiresAt: string | null;
  successUrl: string;
  cancelUrl: string;
  /** A plan's checkout (decision 0031): what the subscription will charge ("14-day free trial, then $290.00 per year"). */
  subscription: { planKey: string; interval: 'month' | 'year'; priceCents: number; trialDays: number | null; terms: string } | null;
}

const place = (url: string, sessionId: string) => url.replace(SESSION_ID_PLACEHOLDER, encodeURIComponent(sessionId));

/** Site-relative return pages: the hosted page is on this site. */
function urlsFor(platform: Platform, sessionId: string, type: OrderRow['type']) {
  const urls = type === 'subscription' ? subscriptionReturnUrls(platform, '') : returnUrls(platform, '');
  const relative = (u: string) => {
    const parsed = new URL(u, 'http://site.invalid');
    return `${parsed.pathname}${parsed.search}`;
  };
  return { successUrl: place(relative(urls.successUrl), sessionId), cancelUrl: place(relative(urls.cancelUrl), sessionId) };
}

async function testSessionOrder(platform: Platform, userId: number, sessionId: string) {
  if (!getTestProvider(platform)) throw notFound(ORDER_NOT_FOUND);
  const order = await ownOrderBySession(platform, userId, sessionId);
  if (order.provider !== 'test') throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** GET /api/payments/test-checkout/:sessionId (the buyer's own session only). */
export async function testCheckoutView(platform: Platform, userId: number, sessionId: string): Promise<TestCheckoutView> {
  let order = await testSessionOrder(platform, userId, sessionId);
  if (order.status === 'pending') {
    await expireOverdueSessions(platform, userId);
    order = await testSessionOrder(platform, userId, sessionId);
  }
  const summary = (await loadOrderSummary(platform.db, order.id))!;
  const status = order.status === 'pending' ? 'open' : isPaidStatus(order.status) ? 'complete' : 'expired';
  const terms = order.type === 'subscription' ? checkoutTermsOf(order) : null;
  const subscription = terms ? { ...terms, terms: subscriptionTerms(terms.priceCents, terms.interval, terms.trialDays) } : null;
  return { sessionId, status, order: summary, expiresAt: order.expiresAt, ...urlsFor(platform, sessionId, order.type), subscription };
}

/**
 * POST /api/payments/test-checkout/:sessionId/pay. A valid card that pays sends
 * checkout.session.completed through the webhook handler (the order is paid and fulfilled there);
 * the declined card answers 402 and leaves the session open for another try.
 */
export async function payTestSession(platform: Platform, userId: number, sessionId: string, card: TestCard): Promise<{ status: 'paid'; redirectUrl: string }> {
  const provider = getTestProvider(platform);
  const view = await testCheckoutView(platform, userId, sessionId);
  if (view.status === 'complete') throw conflict(SESSION_COMPLETE);
  if (view.status === 'expired') throw conflict(SESSION_EXPIRED);
  const check = checkTestCard(card, new Date());
  if (!check.ok) {
    const first = Object.values(check.errors)[0]![0]!;
    throw badRequest(first, check.errors);
  }
  if (check.outcome === 'declined') {
    await platform.db
      .update(orders)
      .set({ failureReason: CARD_DECLINED })
      .where(sql`${orders.id} = ${view.order.id} AND ${orders.status} = 'pending'`);
    throw new AppError(402, CARD_DECLINED, { details: { code: 'card_declined', decline_code: 'generic_decline' } });
  }
  const [order] = await platform.db.select().from(orders).where(eq(orders.id, view.order.id)).limit(1);
  // A plan's checkout creates the subscription (its events), then completes the session.
  if (order!.type === 'subscription') await startTestSubscription(platform, order!, card.cardNumber.replace(/\D/g, '').slice(-4));
  else await provider!.deliver(testEvents.completed(order!));
  const [after] = await platform.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, view.order.id)).limit(1);
  if (!after?.paidAt) throw new AppError(409, PAYMENT_NOT_CONFIRMED);
  return { status: 'paid', redirectUrl: view.successUrl };
}
