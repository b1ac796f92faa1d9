import { and, eq, isNull, sql } from 'drizzle-orm';
import { orderItems, orders, users } from '../../../../db/schema/index.ts';
import type { BillingInterval } from '../../../../db/schema/subscriptions.ts';
import { CHECKOUT_SESSION_MINUTES, formatUsd, newOrderNumber } from '../../domain/orders.ts';
import { TRIAL_DAYS } from '../../domain/subscriptions.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { uniqueViolation } from '../db-errors.ts';
import { PROVIDER_UNAVAILABLE, returnUrls } from '../payments/checkout.ts';
import { ProviderError } from '../payments/index.ts';
import { endPendingOrders, expireOverdueSessions } from '../payments/pending.ts';
import { SESSION_ID_PLACEHOLDER } from '../payments/provider.ts';
import { getBillingProvider } from './billing-provider.ts';
import { planByKey, planPriceCents } from './plans.ts';

/**
 * Checkout of a plan (decision 0031): an order of type `subscription` with one SUBSCRIPTION
 * line (the plan), so an unfinished one is a pending payment of type subscription and expires like
 * any checkout. A first subscription gets the 14-day trial (the line is discounted to 0: nothing is
 * due today, the card is kept for the first charge); an account that ever had a trial gets none.
 */

export const PLAN_NOT_AVAILABLE = 'This plan is not available.';
export const PRICE_CHANGED = 'The price of this plan has changed. Please review the plans and try again.';
export const ALREADY_SUBSCRIBED = 'You already have a subscription. To change your plan, go to /subscription/upgrade.';

/** Statuses of a subscription that is still running (a new checkout would make a second one). */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'paused'] as const;

const intervalWord = (interval: BillingInterval) => (interval === 'year' ? 'year' : 'month');

/** "14-day free trial, then $290.00 per year" or "$29.00 per month". */
export function subscriptionTerms(priceCents: number, interval: BillingInterval, trialDays: number | null): string {
  const price = `${formatUsd(priceCents)} per ${intervalWord(interval)}`;
  return trialDays ? `${trialDays}-day free trial, then ${price}` : price;
}

/**
 * Where the provider sends the subscriber back: /subscription/success (the new plan, read again
 * until its event has arrived); a cancelled checkout goes to the common /cancel-payment, which
 * ends the order.
 */
export function subscriptionReturnUrls(platform: Platform, requestOrigin: string) {
  const urls = returnUrls(platform, requestOrigin);
  const origin = platform.env.PUBLIC_URL ? new URL(platform.env.PUBLIC_URL).origin : requestOrigin;
  return { successUrl: `${origin}/subscription/success?session_id=${SESSION_ID_PLACEHOLDER}`, cancelUrl: urls.cancelUrl };
}

/** Whether the account may start a trial: it never had a subscription with one. */
export async function trialAvailable(platform: Platform, userId: number): Promise<boolean> {
  const [row] = await platform.db.all<{ had: number }>(sql`SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ${userId} AND trial_start IS NOT NULL) AS had`);
  return !row || Number(row.had) === 0;
}

export async function liveSubscriptionExists(platform: Platform, userId: number): Promise<boolean> {
  const statuses = sql.join(
    LIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const [row] = await platform.db.all<{ live: number }>(sql`SELECT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ${userId} AND ended_at IS NULL AND status IN (${statuses})) AS live`);
  return Number(row?.live ?? 0) === 1;
}

export interface SubscriptionCheckoutRequest {
  plan: string;
  interval: BillingInterval;
  /** The price the page showed, in dollars: it must still be the plan's. */
  price?: number;
}

export interface StartedSubscriptionCheckout {
  checkoutUrl: string;
  sessionId: string;
  orderId: number;
  trialDays: number | null;
  terms: string;
}

/** GET /api/subscriptions/checkout for a signed-in user. */
export async function startSubscriptionCheckout(platform: Platform, userId: number, input: SubscriptionCheckoutRequest, requestOrigin: string): Promise<StartedSubscriptionCheckout> {
  const { db } = platform;
  const plan = await planByKey(db, input.plan);
  if (!plan || !plan.active || plan.level <= 0) throw badRequest(PLAN_NOT_AVAILABLE, { plan: [PLAN_NOT_AVAILABLE] });
  const priceCents = planPriceCents(plan, input.interval);
  if (priceCents <= 0) throw badRequest(PLAN_NOT_AVAILABLE, { interval: [PLAN_NOT_AVAILABLE] });
  if (input.price !== undefined && Math.round(input.price * 100) !== priceCents) throw conflict(PRICE_CHANGED);
  if (await liveSubscriptionExists(platform, userId)) throw conflict(ALREADY_SUBSCRIBED);

  await expireOverdueSessions(platform, userId);
  const trialDays = (await trialAvailable(platform, userId)) ? TRIAL_DAYS : null;
  const discountCents = trialDays ? priceCents : 0;
  const totalCents = priceCents - discountCents;
  const title = `${plan.name} plan (${input.interval === 'year' ? 'yearly' : 'monthly'})`;
  const terms = subscriptionTerms(priceCents, input.interval, trialDays);
  const description = `${title}: ${terms}`;
  const metadata = JSON.stringify({ planKey: plan.key, planId: plan.id, interval: input.interval, priceCents, trialDays });
  const provider = getBillingProvider(platform);
  const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_MINUTES * 60_000);
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);

  let created: { id: number; number: string } | null = null;
  let replaced: { id: number; providerSessionId: string | null }[] = [];
  for (let attempt = 0; attempt < 3 && !created; attempt++) {
    const number = newOrderNumber();
    try {
      const results = await db.batch([
        // One open subscription checkout per account: the older ones end.
        db
          .update(orders)
          .set({ status: 'cancelled', closedAt: sqlNow, failureReason: `Replaced by order ${number}`, updatedAt: sqlNow })
          .where(and(eq(orders.userId, userId), eq(orders.type, 'subscription'), eq(orders.status, 'pending'), isNull(orders.paidAt)))
          .returning({ id: orders.id, providerSessionId: orders.providerSessionId }),
        db
          .insert(orders)
          .values({
            number,
            userId,
            type: 'subscription',
            status: 'pending',
            description,
            subtotalCents: priceCents,
            discountCents,
            totalCents,
            provider: provider.name,
            expiresAt: expiresAt.toISOString(),
            metadata,
          })
          .returning({ id: orders.id, number: orders.number }),
        db.insert(orderItems).values({
          orderId: sql<number>`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.number} = ${number})`,
          kind: 'SUBSCRIPTION',
          itemId: plan.id,
          title,
          imageUrl: null,
          unitPriceCents: priceCents,
          quantity: 1,
          discountCents,
          totalCents,
        }),
      ]);
      replaced = results[0];
      created = results[1][0] ?? null;
    } catch (err) {
      if (uniqueViolation(err) === 'orders_number_unique') continue;
      throw err;
    }
  }
  if (!created) throw new AppError(409, 'Could not create the order. Please try again.');
  await endPendingOrders(platform, replaced);

  const urls = subscriptionReturnUrls(platform, requestOrigin);
  let session;
  try {
    session = await provider.createCheckout({
      order: { id: created.id, number: created.number, totalCents, currency: 'usd' },
      plan,
      interval: input.interval,
      priceCents,
      trialDays,
      userId,
      customerEmail: buyer?.email ?? null,
      expiresAt: provider.name === 'stripe' ? new Date(expiresAt.getTime() + 60_000) : expiresAt,
      successUrl: urls.successUrl,
      cancelUrl: urls.cancelUrl,
    });
  } catch (err) {
    console.error('Subscription checkout failed', err instanceof Error ? err.message : err);
    await db
      .update(orders)
      .set({ status: 'failed', closedAt: sqlNow, failureReason: PROVIDER_UNAVAILABLE })
      .where(and(eq(orders.id, created.id), eq(orders.status, 'pending')));
    if (err instanceof ProviderError) throw new AppError(502, PROVIDER_UNAVAILABLE);
    throw err;
  }
  await db.update(orders).set({ providerSessionId: session.sessionId, checkoutUrl: session.checkoutUrl }).where(eq(orders.id, created.id));
  return { checkoutUrl: session.checkoutUrl, sessionId: session.sessionId, orderId: created.id, trialDays, terms };
}
