import { eq, sql, type SQL } from 'drizzle-orm';
import { orders, subscriptionInvoices, subscriptions, type SubscriptionPlanRow } from '../../../../db/schema/index.ts';
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES, type BillingInterval, type SubscriptionStatus } from '../../../../db/schema/subscriptions.ts';
import { AppError } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { BatchStatement } from '../payments/fulfilment.ts';
import type { ProviderEvent, ProviderName } from '../payments/provider.ts';
import { claimStatements, newClaim, recordIgnored, type HandledEvent } from '../payments/webhooks.ts';
import { allPlans, planPriceCents } from './plans.ts';

/**
 * The subscription side of the one webhook handler (decision 0031). A subscription's state is the
 * provider's subscription object as the newest verified event described it: the upsert applies an
 * object only when the event's `created` is not older than `provider_updated`, and never brings an
 * ended subscription back. Invoices are upserted by the provider's id (paid wins). Every event is
 * claimed in payment_events (decision 0024) and everything it changes — the user's subscription
 * columns included — is one db.batch.
 */

export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export const SUBSCRIPTION_NOT_KNOWN_YET = 'The subscription of this invoice is not known yet.';

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

type Loose = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});
const idOf = (v: unknown) => str(v) ?? str(obj(v).id);
const positiveInt = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
/** Stripe's seconds as our ISO timestamps. */
export const isoOf = (seconds: unknown) => {
  const s = num(seconds);
  return s === null ? null : new Date(s * 1000).toISOString();
};
const intervalOf = (v: unknown): BillingInterval | null => (BILLING_INTERVALS as readonly unknown[]).includes(v) ? (v as BillingInterval) : null;
const statusOf = (v: unknown): SubscriptionStatus | null => ((SUBSCRIPTION_STATUSES as readonly unknown[]).includes(v) ? (v as SubscriptionStatus) : null);

/**
 * The statement that recomputes a user's §3 subscription columns from their subscriptions
 * (decision 0031): the best current one (active or trialing, not ended, highest level), else the
 * newest. subscription_tier = the plan's key (kept after the end, with status canceled),
 * subscription_plan = `{key}_monthly` / `{key}_yearly`, subscription_status = the provider's
 * status, subscription_expires_at = the end when it will not renew (ended: ended_at; cancelled at
 * the period end: the period end), else null. A user without subscriptions keeps the columns.
 */
export function recomputeUserSubscriptionStatement(db: Db, userId: number | SQL): BatchStatement {
  return db.run(sql`WITH pick AS (
      SELECT p.key AS plan_key, s.interval AS interval, s.status AS status, s.cancel_at_period_end AS cancel_at_period_end,
        s.current_period_end AS current_period_end, s.ended_at AS ended_at
      FROM subscriptions s JOIN subscription_plans p ON p.id = s.plan_id
      WHERE s.user_id = ${userId}
      ORDER BY (s.status IN ('active', 'trialing') AND s.ended_at IS NULL) DESC,
        CASE WHEN s.status IN ('active', 'trialing') AND s.ended_at IS NULL THEN p.level ELSE 0 END DESC,
        s.created_at DESC, s.id DESC
      LIMIT 1)
    UPDATE users SET
      subscription_tier = (SELECT plan_key FROM pick),
      subscription_plan = (SELECT plan_key || CASE interval WHEN 'year' THEN '_yearly' ELSE '_monthly' END FROM pick),
      subscription_status = (SELECT status FROM pick),
      subscription_expires_at = (SELECT CASE WHEN ended_at IS NOT NULL THEN ended_at WHEN cancel_at_period_end THEN current_period_end END FROM pick),
      updated_at = ${NOW}
    WHERE id = ${userId} AND EXISTS (SELECT 1 FROM pick)
      AND (subscription_tier IS NOT (SELECT plan_key FROM pick)
        OR subscription_plan IS NOT (SELECT plan_key || CASE interval WHEN 'year' THEN '_yearly' ELSE '_monthly' END FROM pick)
        OR subscription_status IS NOT (SELECT status FROM pick)
        OR subscription_expires_at IS NOT (SELECT CASE WHEN ended_at IS NOT NULL THEN ended_at WHEN cancel_at_period_end THEN current_period_end END FROM pick))`);
}

/** What we keep of a provider's subscription object. */
export interface ParsedSubscription {
  providerSubscriptionId: string;
  customerId: string | null;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  trialStart: string | null;
  trialEnd: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  canceledAt: string | null;
  endedAt: string | null;
  planId: number;
  interval: BillingInterval;
  priceCents: number;
  currency: string;
  userId: number | null;
  orderId: number | null;
  scheduledPlanId: number | null;
  scheduledInterval: BillingInterval | null;
  cardLast4: string | null;
}

/**
 * Reads a Stripe subscription object (the test provider's are shaped the same). The plan is the
 * one whose Stripe price the item has, else the metadata's planKey; the period is the object's or
 * (newer API versions) its first item's. A scheduled change travels in the metadata
 * (scheduledPlanKey, scheduledInterval), which the provider side writes with the schedule.
 */
export function parseSubscriptionObject(object: Loose, plans: SubscriptionPlanRow[]): ParsedSubscription | null {
  const id = str(object.id);
  const status = statusOf(object.status);
  if (!id || !status) return null;
  const metadata = obj(object.metadata);
  const items = obj(object.items);
  const item = obj(Array.isArray(items.data) ? items.data[0] : null);
  const price = obj(item.price ?? object.plan);
  const priceId = str(price.id);
  const byPrice = priceId ? plans.find((p) => p.stripeMonthlyPriceId === priceId || p.stripeYearlyPriceId === priceId) : undefined;
  const plan = byPrice ?? plans.find((p) => p.key === str(metadata.planKey)) ?? plans.find((p) => p.key === str(obj(price.metadata).planKey));
  if (!plan) return null;
  const interval =
    (byPrice ? (byPrice.stripeYearlyPriceId === priceId ? 'year' : 'month') : null) ?? intervalOf(obj(price.recurring).interval) ?? intervalOf(price.interval) ?? intervalOf(metadata.interval);
  if (!interval) return null;
  const scheduledPlan = plans.find((p) => p.key === str(metadata.scheduledPlanKey)) ?? null;
  const scheduledInterval = intervalOf(metadata.scheduledInterval);
  const ended = status === 'canceled' || status === 'incomplete_expired';
  const endedAt = isoOf(object.ended_at) ?? (ended ? (isoOf(object.canceled_at) ?? new Date().toISOString()) : null);
  return {
    providerSubscriptionId: id,
    customerId: idOf(object.customer),
    status,
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
    trialStart: isoOf(object.trial_start),
    trialEnd: isoOf(object.trial_end),
    periodStart: isoOf(object.current_period_start) ?? isoOf(item.current_period_start),
    periodEnd: isoOf(object.current_period_end) ?? isoOf(item.current_period_end),
    canceledAt: isoOf(object.canceled_at),
    endedAt,
    planId: plan.id,
    interval,
    priceCents: num(price.unit_amount) ?? planPriceCents(plan, interval),
    currency: str(object.currency) ?? str(price.currency) ?? 'usd',
    userId: positiveInt(metadata.userId),
    orderId: positiveInt(metadata.orderId),
    scheduledPlanId: scheduledPlan && scheduledInterval ? scheduledPlan.id : null,
    scheduledInterval: scheduledPlan && scheduledInterval ? scheduledInterval : null,
    cardLast4: str(metadata.cardLast4),
  };
}

/**
 * The guarded upsert of a subscription object: inserted when new (for an existing user), else
 * applied only when `created` is not older than what was applied and the subscription has not
 * ended. `guard` adds a condition (the event's claim).
 */
function upsertStatement(db: Db, provider: ProviderName, s: ParsedSubscription, userId: number, created: number, guard: SQL): BatchStatement {
  return db.run(sql`INSERT INTO subscriptions (user_id, plan_id, interval, status, price_cents, currency, cancel_at_period_end, trial_start, trial_end,
      current_period_start, current_period_end, canceled_at, ended_at, scheduled_plan_id, scheduled_interval, provider, provider_subscription_id,
      provider_customer_id, order_id, provider_updated, test_card_last4)
    SELECT ${userId}, ${s.planId}, ${s.interval}, ${s.status}, ${s.priceCents}, ${s.currency}, ${s.cancelAtPeriodEnd ? 1 : 0}, ${s.trialStart}, ${s.trialEnd},
      ${s.periodStart}, ${s.periodEnd}, ${s.canceledAt}, ${s.endedAt}, ${s.scheduledPlanId}, ${s.scheduledInterval}, ${provider}, ${s.providerSubscriptionId},
      ${s.customerId}, (SELECT id FROM orders WHERE id = ${s.orderId} AND user_id = ${userId}), ${created}, ${s.cardLast4}
    WHERE EXISTS (SELECT 1 FROM users WHERE id = ${userId}) AND ${guard}
    ON CONFLICT (provider_subscription_id) DO UPDATE SET
      plan_id = excluded.plan_id, interval = excluded.interval, status = excluded.status, price_cents = excluded.price_cents,
      currency = excluded.currency, cancel_at_period_end = excluded.cancel_at_period_end,
      trial_start = excluded.trial_start, trial_end = excluded.trial_end,
      current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
      canceled_at = excluded.canceled_at, ended_at = excluded.ended_at,
      scheduled_plan_id = excluded.scheduled_plan_id, scheduled_interval = excluded.scheduled_interval,
      provider_customer_id = COALESCE(excluded.provider_customer_id, subscriptions.provider_customer_id),
      order_id = COALESCE(subscriptions.order_id, excluded.order_id),
      test_card_last4 = COALESCE(subscriptions.test_card_last4, excluded.test_card_last4),
      provider_updated = excluded.provider_updated, updated_at = ${NOW}
    WHERE subscriptions.ended_at IS NULL AND subscriptions.provider_updated <= excluded.provider_updated`);
}

async function existingOwner(db: Db, providerSubscriptionId: string): Promise<number | null> {
  const [row] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId)).limit(1);
  return row?.userId ?? null;
}

/**
 * Applies a subscription object the provider answered to one of our own calls (no event): the
 * same guarded upsert and recompute, with `created` = now (decision 0031: the page shows the
 * change at once; the event that follows changes nothing more).
 */
export async function applySubscriptionObject(platform: Platform, provider: ProviderName, object: unknown, created = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const { db } = platform;
  const parsed = parseSubscriptionObject(obj(object), await allPlans(db));
  if (!parsed) return false;
  const userId = (await existingOwner(db, parsed.providerSubscriptionId)) ?? parsed.userId;
  if (!userId) return false;
  await db.batch([upsertStatement(db, provider, parsed, userId, created, sql`1`), recomputeUserSubscriptionStatement(db, userId)]);
  return true;
}

async function handleSubscriptionObject(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const parsed = parseSubscriptionObject(obj(event.data.object), await allPlans(db));
  if (!parsed) return recordIgnored(db, provider, event, null, 'unknown-plan');
  const userId = (await existingOwner(db, parsed.providerSubscriptionId)) ?? parsed.userId;
  if (!userId) return recordIgnored(db, provider, event, null, 'unknown-user');
  const claim = newClaim();
  // The metadata's order may be unknown here: the event is logged without it (payment_events.order_id is a foreign key).
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, null, claim);
  const results = await db.batch([
    claimStatement,
    upsertStatement(db, provider, parsed, userId, event.created, claimed),
    // changes() is the upsert's: 0 when the guard kept an older or ended state.
    settle(sql`CASE WHEN changes() > 0 THEN 'subscription:' || ${parsed.status} ELSE 'ignored:stale' END`),
    recomputeUserSubscriptionStatement(db, userId),
  ]);
  const settled = results[2] as { outcome: string }[];
  return { eventId: event.id, type: event.type, orderId: parsed.orderId, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** The invoice's subscription id: `subscription` (older API versions) or `parent.subscription_details.subscription`. */
function invoiceSubscriptionId(invoice: Loose): string | null {
  return idOf(invoice.subscription) ?? idOf(obj(obj(invoice.parent).subscription_details).subscription);
}

function invoicePaymentIntent(invoice: Loose): string | null {
  const direct = idOf(invoice.payment_intent);
  if (direct) return direct;
  const payments = obj(invoice.payments);
  const first = obj(Array.isArray(payments.data) ? payments.data[0] : null);
  return idOf(obj(first.payment).payment_intent);
}

function invoiceLines(invoice: Loose): { description: string; amountCents: number }[] {
  const lines = obj(invoice.lines);
  const data = Array.isArray(lines.data) ? lines.data.map(obj) : [];
  return data.map((l) => ({ description: str(l.description) ?? 'Subscription', amountCents: num(l.amount) ?? 0 }));
}

async function handleInvoice(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const invoice = obj(event.data.object);
  const invoiceId = str(invoice.id);
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!invoiceId || !subscriptionId) return recordIgnored(db, provider, event, null, 'not-a-subscription-invoice');
  const [sub] = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
    .limit(1);
  // Before its subscription's first event: not claimed, so the provider delivers it again later.
  if (!sub) throw new AppError(409, SUBSCRIPTION_NOT_KNOWN_YET);
  const paid = event.type === 'invoice.paid';
  const lines = invoiceLines(invoice);
  const firstLine = obj(Array.isArray(obj(invoice.lines).data) ? (obj(invoice.lines).data as unknown[])[0] : null);
  const period = obj(firstLine.period);
  const status = paid ? 'paid' : str(invoice.status) === 'uncollectible' ? 'uncollectible' : 'open';
  const paidAt = paid ? (isoOf(obj(invoice.status_transitions).paid_at) ?? isoOf(event.created)) : null;
  const failure = paid ? null : (str(obj(invoice.last_finalization_error).message) ?? str(invoice.failure_reason) ?? 'The payment failed.');
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, null, claim);
  const results = await db.batch([
    claimStatement,
    db.run(sql`INSERT INTO subscription_invoices (subscription_id, user_id, provider_invoice_id, number, status, billing_reason, amount_due_cents,
        amount_paid_cents, currency, lines, period_start, period_end, provider_payment_intent_id, provider_charge_id, hosted_invoice_url, paid_at,
        failure_reason, provider_created)
      SELECT ${sub.id}, ${sub.userId}, ${invoiceId}, ${str(invoice.number)}, ${status}, ${str(invoice.billing_reason)}, ${num(invoice.amount_due) ?? 0},
        ${paid ? (num(invoice.amount_paid) ?? num(invoice.amount_due) ?? 0) : 0}, ${str(invoice.currency) ?? 'usd'}, ${JSON.stringify(lines)},
        ${isoOf(period.start) ?? isoOf(invoice.period_start)}, ${isoOf(period.end) ?? isoOf(invoice.period_end)}, ${invoicePaymentIntent(invoice)},
        ${idOf(invoice.charge)}, ${str(invoice.hosted_invoice_url)}, ${paidAt}, ${failure}, ${num(invoice.created) ?? event.created}
      WHERE ${claimed}
      ON CONFLICT (provider_invoice_id) DO UPDATE SET
        status = CASE WHEN subscription_invoices.status = 'paid' THEN 'paid' ELSE excluded.status END,
        amount_paid_cents = MAX(subscription_invoices.amount_paid_cents, excluded.amount_paid_cents),
        paid_at = COALESCE(subscription_invoices.paid_at, excluded.paid_at),
        failure_reason = CASE WHEN subscription_invoices.status = 'paid' OR excluded.status = 'paid' THEN NULL ELSE excluded.failure_reason END,
        number = COALESCE(subscription_invoices.number, excluded.number),
        provider_payment_intent_id = COALESCE(subscription_invoices.provider_payment_intent_id, excluded.provider_payment_intent_id),
        provider_charge_id = COALESCE(subscription_invoices.provider_charge_id, excluded.provider_charge_id),
        hosted_invoice_url = COALESCE(excluded.hosted_invoice_url, subscription_invoices.hosted_invoice_url),
        updated_at = ${NOW}`),
    settle(sql`${paid ? 'invoice:paid' : 'invoice:payment_failed'}`),
  ]);
  const settled = results[2] as { outcome: string }[];
  return { eventId: event.id, type: event.type, orderId: null, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** checkout.session.completed of mode subscription: the order is paid (its line fulfilled) and linked to the subscription. */
async function handleSubscriptionCheckout(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const session = obj(event.data.object);
  const sessionId = str(session.id);
  const orderId = positiveInt(obj(session.metadata).orderId);
  const [order] = await db
    .select()
    .from(orders)
    .where(orderId !== null ? eq(orders.id, orderId) : eq(orders.providerSessionId, sessionId ?? ''))
    .limit(1);
  if (!order || order.type !== 'subscription') return recordIgnored(db, provider, event, null, 'unknown-order');
  if (order.providerSessionId && sessionId && order.providerSessionId !== sessionId) return recordIgnored(db, provider, event, order.id, 'other-session');
  // A delayed payment method completes the session before the money arrives: not paid yet (the
  // subscription itself says incomplete meanwhile). With a trial nothing is due.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return recordIgnored(db, provider, event, order.id, 'not-paid');
  const amount = num(session.amount_total);
  if (amount !== null && amount !== order.totalCents) return recordIgnored(db, provider, event, order.id, 'amount-mismatch');
  const subscriptionId = idOf(session.subscription);
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);
  const results = await db.batch([
    claimStatement,
    db.run(sql`UPDATE orders SET status = 'paid', paid_at = ${NOW}, closed_at = NULL, failure_reason = NULL,
        provider_session_id = COALESCE(provider_session_id, ${sessionId}),
        metadata = json_set(CASE WHEN json_valid(metadata) THEN metadata ELSE '{}' END, '$.subscription', ${subscriptionId}),
        updated_at = ${NOW}
      WHERE id = ${order.id} AND paid_at IS NULL AND ${claimed}`),
    db.run(sql`UPDATE order_items SET fulfilled_at = ${NOW} WHERE order_id = ${order.id} AND kind = 'SUBSCRIPTION' AND fulfilled_at IS NULL
      AND EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND paid_at IS NOT NULL)`),
    db.run(sql`UPDATE subscriptions SET order_id = ${order.id} WHERE provider_subscription_id = ${subscriptionId} AND order_id IS NULL AND user_id = ${order.userId}`),
    settle(sql`'subscription:checkout-paid'`),
  ]);
  const settled = results[4] as { outcome: string }[];
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** charge.refunded of an invoice's charge: the invoice's refunded amount (the charge's running total; it only grows). */
async function handleInvoiceRefund(platform: Platform, provider: ProviderName, event: ProviderEvent, invoiceRowId: number): Promise<HandledEvent> {
  const { db } = platform;
  const charge = obj(event.data.object);
  const refunded = Math.max(0, num(charge.amount_refunded) ?? 0);
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, null, claim);
  const results = await db.batch([
    claimStatement,
    db.run(sql`UPDATE subscription_invoices SET refunded_cents = MIN(amount_paid_cents, MAX(refunded_cents, ${refunded})),
        provider_charge_id = COALESCE(provider_charge_id, ${str(charge.id)}), updated_at = ${NOW}
      WHERE id = ${invoiceRowId} AND ${claimed}`),
    settle(sql`'invoice:refunded'`),
  ]);
  const settled = results[2] as { outcome: string }[];
  return { eventId: event.id, type: event.type, orderId: null, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** The invoice a charge belongs to: by our metadata, the charge's invoice, its payment intent or its id. */
async function invoiceOfCharge(db: Db, charge: Loose): Promise<number | null> {
  const byId = positiveInt(obj(charge.metadata).invoiceId);
  const providerInvoice = idOf(charge.invoice) ?? str(obj(charge.metadata).providerInvoiceId);
  const paymentIntent = idOf(charge.payment_intent);
  const chargeId = str(charge.id);
  const conditions: SQL[] = [];
  if (byId !== null) conditions.push(sql`id = ${byId}`);
  if (providerInvoice) conditions.push(sql`provider_invoice_id = ${providerInvoice}`);
  if (paymentIntent) conditions.push(sql`provider_payment_intent_id = ${paymentIntent}`);
  if (chargeId) conditions.push(sql`provider_charge_id = ${chargeId}`);
  if (conditions.length === 0) return null;
  const [row] = await db
    .select({ id: subscriptionInvoices.id })
    .from(subscriptionInvoices)
    .where(sql.join(conditions, sql` OR `))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The subscription events of handlePaymentEvent: answers null when the event is not about a
 * subscription (a checkout of another mode, a refund of an order's charge), which the order
 * handlers then take.
 */
export async function handleSubscriptionEvent(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent | null> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return handleSubscriptionObject(platform, provider, event);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return handleInvoice(platform, provider, event);
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return obj(event.data.object).mode === 'subscription' ? handleSubscriptionCheckout(platform, provider, event) : null;
    case 'charge.refunded': {
      const invoiceRowId = await invoiceOfCharge(platform.db, obj(event.data.object));
      return invoiceRowId === null ? null : handleInvoiceRefund(platform, provider, event, invoiceRowId);
    }
    default:
      return null;
  }
}
