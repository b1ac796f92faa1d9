import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type Stripe from 'stripe';
import { orderItems, orders, subscriptionInvoices, subscriptionPlans, subscriptions, users, type SubscriptionPlanRow } from '../../../../db/schema/index.ts';
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES, type BillingInterval, type SubscriptionStatus } from '../../../../db/schema/subscriptions.ts';
import { AppError } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { claimStatements, newClaim, recordIgnored, type HandledEvent } from '../payments/claims.ts';
import { count, dataObject, listOf, metadataValue, nonEmptyIdOf, nonEmptyText, objectOf, positiveInt } from '../payments/event-reading.ts';
import type { BatchStatement } from '../payments/fulfilment.ts';
import type { ProviderEvent, ProviderName } from '../payments/provider.ts';
import { allPlans, planPriceCents } from './plans.ts';

/**
 * The subscription side of the one webhook handler (decision 0031). A subscription's state is the
 * provider's subscription object as the newest verified event described it: the upsert applies an
 * object only when the event's `created` is not older than `provider_updated`, and never brings an
 * ended subscription back. Invoices are upserted by the provider's id (paid wins). Every event is
 * claimed in payment_events (claims.ts, decision 0024) and everything it changes — the user's subscription
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

/*
 * The provider objects as the SDK types them, with the fields of older API versions the handlers
 * still read (a subscription's own period and plan, an invoice's subscription, payment intent and
 * charge, a charge's invoice).
 */
type SubscriptionObject = Stripe.Subscription & { current_period_start: number; current_period_end: number; plan: Stripe.Plan };
type PriceObject = Stripe.Price & Pick<Stripe.Plan, 'interval'>;
type InvoiceObject = Stripe.Invoice & {
  subscription: string | Stripe.Subscription | null;
  payment_intent: string | Stripe.PaymentIntent | null;
  charge: string | Stripe.Charge | null;
  failure_reason: string | null;
};
type ChargeObject = Stripe.Charge & { invoice: string | Stripe.Invoice | null };

const str = nonEmptyText;
const idOf = nonEmptyIdOf;
/** Stripe's seconds as our ISO timestamps. */
export const isoOf = (seconds: unknown) => {
  const s = count(seconds);
  return s === null ? null : new Date(s * 1000).toISOString();
};
const intervalOf = (v: unknown): BillingInterval | null => (BILLING_INTERVALS as readonly unknown[]).includes(v) ? (v as BillingInterval) : null;
const statusOf = (v: unknown): SubscriptionStatus | null => ((SUBSCRIPTION_STATUSES as readonly unknown[]).includes(v) ? (v as SubscriptionStatus) : null);

/**
 * The statement that recomputes a user's subscription columns from their subscriptions
 * (decision 0031): the best current one (active or trialing, not ended, highest level), else the
 * newest. subscription_tier = the plan's key (kept after the end, with status canceled),
 * subscription_plan = `{key}_monthly` / `{key}_yearly`, subscription_status = the provider's
 * status, subscription_expires_at = the end when it will not renew (ended: ended_at; cancelled at
 * the period end: the period end), else null. A user without subscriptions keeps the columns.
 */
export function recomputeUserSubscriptionStatement(db: Db, userId: number | SQL): BatchStatement {
  const s = alias(subscriptions, 's');
  const p = alias(subscriptionPlans, 'p');
  const current = sql`(${s.status} IN ('active', 'trialing') AND ${s.endedAt} IS NULL)`;
  const pick = db.$with('pick').as(
    db
      .select({
        planKey: sql<string>`${p.key}`.as('plan_key'),
        interval: sql<string>`${s.interval}`.as('interval'),
        status: sql<string>`${s.status}`.as('status'),
        cancelAtPeriodEnd: sql<number>`${s.cancelAtPeriodEnd}`.as('cancel_at_period_end'),
        currentPeriodEnd: sql<string | null>`${s.currentPeriodEnd}`.as('current_period_end'),
        endedAt: sql<string | null>`${s.endedAt}`.as('ended_at'),
      })
      .from(s)
      .innerJoin(p, eq(p.id, s.planId))
      .where(eq(s.userId, userId))
      .orderBy(sql`${current} DESC`, sql`CASE WHEN ${current} THEN ${p.level} ELSE 0 END DESC`, desc(s.createdAt), desc(s.id))
      .limit(1),
  );
  const tier = sql`(SELECT plan_key FROM pick)`;
  const plan = sql`(SELECT plan_key || CASE interval WHEN 'year' THEN '_yearly' ELSE '_monthly' END FROM pick)`;
  const status = sql`(SELECT status FROM pick)`;
  const expiresAt = sql`(SELECT CASE WHEN ended_at IS NOT NULL THEN ended_at WHEN cancel_at_period_end THEN current_period_end END FROM pick)`;
  return db
    .with(pick)
    .update(users)
    .set({ subscriptionTier: tier, subscriptionPlan: plan, subscriptionStatus: status, subscriptionExpiresAt: expiresAt, updatedAt: sqlNow })
    .where(
      and(
        eq(users.id, userId),
        sql`EXISTS (SELECT 1 FROM pick)`,
        sql`(${users.subscriptionTier} IS NOT ${tier} OR ${users.subscriptionPlan} IS NOT ${plan}
          OR ${users.subscriptionStatus} IS NOT ${status} OR ${users.subscriptionExpiresAt} IS NOT ${expiresAt})`,
      ),
    );
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
export function parseSubscriptionObject(object: Partial<SubscriptionObject>, plans: SubscriptionPlanRow[]): ParsedSubscription | null {
  const id = str(object.id);
  const status = statusOf(object.status);
  if (!id || !status) return null;
  const metadata = object.metadata;
  const item = listOf<Stripe.SubscriptionItem>(object.items)[0] ?? {};
  const price = objectOf<PriceObject>(item.price ?? object.plan);
  const priceId = str(price.id);
  const byPrice = priceId ? plans.find((p) => p.stripeMonthlyPriceId === priceId || p.stripeYearlyPriceId === priceId) : undefined;
  const plan =
    byPrice ??
    plans.find((p) => p.key === str(metadataValue(metadata, 'planKey'))) ??
    plans.find((p) => p.key === str(metadataValue(price.metadata, 'planKey')));
  if (!plan) return null;
  const interval =
    (byPrice ? (byPrice.stripeYearlyPriceId === priceId ? 'year' : 'month') : null) ??
    intervalOf(objectOf<Stripe.Price.Recurring>(price.recurring).interval) ??
    intervalOf(price.interval) ??
    intervalOf(metadataValue(metadata, 'interval'));
  if (!interval) return null;
  const scheduledPlan = plans.find((p) => p.key === str(metadataValue(metadata, 'scheduledPlanKey'))) ?? null;
  const scheduledInterval = intervalOf(metadataValue(metadata, 'scheduledInterval'));
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
    priceCents: count(price.unit_amount) ?? planPriceCents(plan, interval),
    currency: str(object.currency) ?? str(price.currency) ?? 'usd',
    userId: positiveInt(metadataValue(metadata, 'userId')),
    orderId: positiveInt(metadataValue(metadata, 'orderId')),
    scheduledPlanId: scheduledPlan && scheduledInterval ? scheduledPlan.id : null,
    scheduledInterval: scheduledPlan && scheduledInterval ? scheduledInterval : null,
    cardLast4: str(metadataValue(metadata, 'cardLast4')),
  };
}

/** A table of one row, for an INSERT … SELECT of values only. */
const oneRow = sql`(SELECT 1)`;

/**
 * The guarded upsert of a subscription object: inserted when new (for an existing user), else
 * applied only when `created` is not older than what was applied and the subscription has not
 * ended. `guard` adds a condition (the event's claim).
 */
function upsertStatement(db: Db, provider: ProviderName, s: ParsedSubscription, userId: number, created: number, guard: SQL): BatchStatement {
  return db
    .insert(subscriptions)
    .select(
      db
        .select(
          insertSelection(subscriptions, {
            userId,
            planId: s.planId,
            interval: s.interval,
            status: s.status,
            priceCents: s.priceCents,
            currency: s.currency,
            cancelAtPeriodEnd: s.cancelAtPeriodEnd,
            trialStart: s.trialStart,
            trialEnd: s.trialEnd,
            currentPeriodStart: s.periodStart,
            currentPeriodEnd: s.periodEnd,
            canceledAt: s.canceledAt,
            endedAt: s.endedAt,
            scheduledPlanId: s.scheduledPlanId,
            scheduledInterval: s.scheduledInterval,
            provider,
            providerSubscriptionId: s.providerSubscriptionId,
            providerCustomerId: s.customerId,
            orderId: sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.id} = ${s.orderId} AND ${orders.userId} = ${userId})`,
            providerUpdated: created,
            testCardLast4: s.cardLast4,
          }),
        )
        .from(oneRow)
        .where(and(sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})`, guard)),
    )
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: {
        planId: sql`excluded.plan_id`,
        interval: sql`excluded.interval`,
        status: sql`excluded.status`,
        priceCents: sql`excluded.price_cents`,
        currency: sql`excluded.currency`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        trialStart: sql`excluded.trial_start`,
        trialEnd: sql`excluded.trial_end`,
        currentPeriodStart: sql`excluded.current_period_start`,
        currentPeriodEnd: sql`excluded.current_period_end`,
        canceledAt: sql`excluded.canceled_at`,
        endedAt: sql`excluded.ended_at`,
        scheduledPlanId: sql`excluded.scheduled_plan_id`,
        scheduledInterval: sql`excluded.scheduled_interval`,
        providerCustomerId: sql`COALESCE(excluded.provider_customer_id, ${subscriptions.providerCustomerId})`,
        orderId: sql`COALESCE(${subscriptions.orderId}, excluded.order_id)`,
        testCardLast4: sql`COALESCE(${subscriptions.testCardLast4}, excluded.test_card_last4)`,
        providerUpdated: sql`excluded.provider_updated`,
        updatedAt: sqlNow,
      },
      setWhere: sql`${subscriptions.endedAt} IS NULL AND ${subscriptions.providerUpdated} <= excluded.provider_updated`,
    });
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
  const parsed = parseSubscriptionObject(objectOf<SubscriptionObject>(object), await allPlans(db));
  if (!parsed) return false;
  const userId = (await existingOwner(db, parsed.providerSubscriptionId)) ?? parsed.userId;
  if (!userId) return false;
  await db.batch([upsertStatement(db, provider, parsed, userId, created, sql`1`), recomputeUserSubscriptionStatement(db, userId)]);
  return true;
}

async function handleSubscriptionObject(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const parsed = parseSubscriptionObject(dataObject<SubscriptionObject>(event), await allPlans(db));
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
  const settled = results[2] as { outcome: string | null }[];
  return { eventId: event.id, type: event.type, orderId: parsed.orderId, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** The invoice's subscription id: `subscription` (older API versions) or `parent.subscription_details.subscription`. */
function invoiceSubscriptionId(invoice: Partial<InvoiceObject>): string | null {
  return idOf(invoice.subscription) ?? idOf(objectOf<Stripe.Invoice.Parent.SubscriptionDetails>(objectOf<Stripe.Invoice.Parent>(invoice.parent).subscription_details).subscription);
}

function invoicePaymentIntent(invoice: Partial<InvoiceObject>): string | null {
  const direct = idOf(invoice.payment_intent);
  if (direct) return direct;
  const first = listOf<Stripe.InvoicePayment>(invoice.payments)[0] ?? {};
  return idOf(objectOf<Stripe.InvoicePayment.Payment>(first.payment).payment_intent);
}

function invoiceLines(invoice: Partial<InvoiceObject>): { description: string; amountCents: number }[] {
  return listOf<Stripe.InvoiceLineItem>(invoice.lines).map((l) => ({ description: str(l.description) ?? 'Subscription', amountCents: count(l.amount) ?? 0 }));
}

async function handleInvoice(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const invoice = dataObject<InvoiceObject>(event);
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
  const period = objectOf<Stripe.InvoiceLineItem.Period>((listOf<Stripe.InvoiceLineItem>(invoice.lines)[0] ?? {}).period);
  const status = paid ? 'paid' : str(invoice.status) === 'uncollectible' ? 'uncollectible' : 'open';
  const paidAt = paid ? (isoOf(objectOf<Stripe.Invoice.StatusTransitions>(invoice.status_transitions).paid_at) ?? isoOf(event.created)) : null;
  const failure = paid ? null : (str(objectOf<Stripe.Invoice.LastFinalizationError>(invoice.last_finalization_error).message) ?? str(invoice.failure_reason) ?? 'The payment failed.');
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, null, claim);
  const results = await db.batch([
    claimStatement,
    db
      .insert(subscriptionInvoices)
      .select(
        db
          .select(
            insertSelection(subscriptionInvoices, {
              subscriptionId: sub.id,
              userId: sub.userId,
              providerInvoiceId: invoiceId,
              number: str(invoice.number),
              status,
              billingReason: str(invoice.billing_reason),
              amountDueCents: count(invoice.amount_due) ?? 0,
              amountPaidCents: paid ? (count(invoice.amount_paid) ?? count(invoice.amount_due) ?? 0) : 0,
              currency: str(invoice.currency) ?? 'usd',
              lines: JSON.stringify(lines),
              periodStart: isoOf(period.start) ?? isoOf(invoice.period_start),
              periodEnd: isoOf(period.end) ?? isoOf(invoice.period_end),
              providerPaymentIntentId: invoicePaymentIntent(invoice),
              providerChargeId: idOf(invoice.charge),
              hostedInvoiceUrl: str(invoice.hosted_invoice_url),
              paidAt,
              failureReason: failure,
              providerCreated: count(invoice.created) ?? event.created,
            }),
          )
          .from(oneRow)
          .where(claimed),
      )
      .onConflictDoUpdate({
        target: subscriptionInvoices.providerInvoiceId,
        set: {
          status: sql`CASE WHEN ${subscriptionInvoices.status} = 'paid' THEN 'paid' ELSE excluded.status END`,
          amountPaidCents: sql`MAX(${subscriptionInvoices.amountPaidCents}, excluded.amount_paid_cents)`,
          paidAt: sql`COALESCE(${subscriptionInvoices.paidAt}, excluded.paid_at)`,
          failureReason: sql`CASE WHEN ${subscriptionInvoices.status} = 'paid' OR excluded.status = 'paid' THEN NULL ELSE excluded.failure_reason END`,
          number: sql`COALESCE(${subscriptionInvoices.number}, excluded.number)`,
          providerPaymentIntentId: sql`COALESCE(${subscriptionInvoices.providerPaymentIntentId}, excluded.provider_payment_intent_id)`,
          providerChargeId: sql`COALESCE(${subscriptionInvoices.providerChargeId}, excluded.provider_charge_id)`,
          hostedInvoiceUrl: sql`COALESCE(excluded.hosted_invoice_url, ${subscriptionInvoices.hostedInvoiceUrl})`,
          updatedAt: sqlNow,
        },
      }),
    settle(sql`${paid ? 'invoice:paid' : 'invoice:payment_failed'}`),
  ]);
  const settled = results[2] as { outcome: string | null }[];
  return { eventId: event.id, type: event.type, orderId: null, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** checkout.session.completed of mode subscription: the order is paid (its line fulfilled) and linked to the subscription. */
async function handleSubscriptionCheckout(platform: Platform, provider: ProviderName, event: ProviderEvent): Promise<HandledEvent> {
  const { db } = platform;
  const session = dataObject<Stripe.Checkout.Session>(event);
  const sessionId = str(session.id);
  const orderId = positiveInt(metadataValue(session.metadata, 'orderId'));
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
  const amount = count(session.amount_total);
  if (amount !== null && amount !== order.totalCents) return recordIgnored(db, provider, event, order.id, 'amount-mismatch');
  const subscriptionId = idOf(session.subscription);
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, order.id, claim);
  const results = await db.batch([
    claimStatement,
    db
      .update(orders)
      .set({
        status: 'paid',
        paidAt: sqlNow,
        closedAt: null,
        failureReason: null,
        providerSessionId: sql`COALESCE(${orders.providerSessionId}, ${sessionId})`,
        metadata: sql`json_set(CASE WHEN json_valid(${orders.metadata}) THEN ${orders.metadata} ELSE '{}' END, '$.subscription', ${subscriptionId})`,
        updatedAt: sqlNow,
      })
      .where(and(eq(orders.id, order.id), isNull(orders.paidAt), claimed)),
    db
      .update(orderItems)
      .set({ fulfilledAt: sqlNow })
      .where(
        and(
          eq(orderItems.orderId, order.id),
          eq(orderItems.kind, 'SUBSCRIPTION'),
          isNull(orderItems.fulfilledAt),
          sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${order.id} AND ${orders.paidAt} IS NOT NULL)`,
        ),
      ),
    db
      .update(subscriptions)
      .set({ orderId: order.id })
      .where(and(sql`${subscriptions.providerSubscriptionId} = ${subscriptionId}`, isNull(subscriptions.orderId), eq(subscriptions.userId, order.userId))),
    settle(sql`'subscription:checkout-paid'`),
  ]);
  const settled = results[4] as { outcome: string | null }[];
  return { eventId: event.id, type: event.type, orderId: order.id, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** charge.refunded of an invoice's charge: the invoice's refunded amount (the charge's running total; it only grows). */
async function handleInvoiceRefund(platform: Platform, provider: ProviderName, event: ProviderEvent, invoiceRowId: number): Promise<HandledEvent> {
  const { db } = platform;
  const charge = dataObject<ChargeObject>(event);
  const refunded = Math.max(0, count(charge.amount_refunded) ?? 0);
  const claim = newClaim();
  const { claimed, claim: claimStatement, settle } = claimStatements(db, provider, event, null, claim);
  const results = await db.batch([
    claimStatement,
    db
      .update(subscriptionInvoices)
      .set({
        refundedCents: sql`MIN(${subscriptionInvoices.amountPaidCents}, MAX(${subscriptionInvoices.refundedCents}, ${refunded}))`,
        providerChargeId: sql`COALESCE(${subscriptionInvoices.providerChargeId}, ${str(charge.id)})`,
        updatedAt: sqlNow,
      })
      .where(and(eq(subscriptionInvoices.id, invoiceRowId), claimed)),
    settle(sql`'invoice:refunded'`),
  ]);
  const settled = results[2] as { outcome: string | null }[];
  return { eventId: event.id, type: event.type, orderId: null, outcome: settled[0]?.outcome ?? 'duplicate' };
}

/** The invoice a charge belongs to: by our metadata, the charge's invoice, its payment intent or its id. */
async function invoiceOfCharge(db: Db, charge: Partial<ChargeObject>): Promise<number | null> {
  const byId = positiveInt(metadataValue(charge.metadata, 'invoiceId'));
  const providerInvoice = idOf(charge.invoice) ?? str(metadataValue(charge.metadata, 'providerInvoiceId'));
  const paymentIntent = idOf(charge.payment_intent);
  const chargeId = str(charge.id);
  const conditions: SQL[] = [];
  if (byId !== null) conditions.push(eq(subscriptionInvoices.id, byId));
  if (providerInvoice) conditions.push(eq(subscriptionInvoices.providerInvoiceId, providerInvoice));
  if (paymentIntent) conditions.push(eq(subscriptionInvoices.providerPaymentIntentId, paymentIntent));
  if (chargeId) conditions.push(eq(subscriptionInvoices.providerChargeId, chargeId));
  if (conditions.length === 0) return null;
  const [row] = await db
    .select({ id: subscriptionInvoices.id })
    .from(subscriptionInvoices)
    .where(or(...conditions))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The subscription handler of the dispatcher (payments/dispatch.ts): answers null when the event
 * is not about a subscription (a checkout of another mode, a refund of an order's charge), which
 * the order handler then takes.
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
      return dataObject<Stripe.Checkout.Session>(event).mode === 'subscription' ? handleSubscriptionCheckout(platform, provider, event) : null;
    case 'charge.refunded': {
      const invoiceRowId = await invoiceOfCharge(platform.db, dataObject<ChargeObject>(event));
      return invoiceRowId === null ? null : handleInvoiceRefund(platform, provider, event, invoiceRowId);
    }
    default:
      return null;
  }
}
