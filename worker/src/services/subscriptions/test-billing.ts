import { and, eq, isNull, lte } from 'drizzle-orm';
import { subscriptions, type OrderRow } from '../../../../db/schema/index.ts';
import type { BillingInterval, SubscriptionInvoiceRow, SubscriptionPlanRow, SubscriptionRow, SubscriptionStatus } from '../../../../db/schema/subscriptions.ts';
import { formatUsd } from '../../domain/orders.ts';
import { TRIAL_DAYS } from '../../domain/subscriptions.ts';
import { conflict } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { getTestProvider } from '../payments/index.ts';
import { ProviderError, type ProviderEvent } from '../payments/provider.ts';
import { newTestSessionId, stripeShapedEvent } from '../payments/test-provider.ts';
import type { BillingProvider, SubscriptionCheckoutInput } from './billing-provider.ts';
import { addInterval, changeQuote, DAY_MS } from './change-quote.ts';
import { allPlans, planPriceCents } from './plans.ts';

/**
 * The test provider's billing (decision 0031): it simulates Stripe Billing on our own rows. A
 * subscription is `sub_test_…`, an invoice `in_test_…`; whatever it decides is sent as
 * Stripe-shaped, signed events through the same webhook handler as Stripe's (the test payments
 * provider's `deliver`), so nothing after it differs between the two modes.
 */

/** Stripe's test card that pays once and then fails every later charge. */
export const FAILING_RENEWAL_LAST4 = '0341';
export const RENEWAL_DECLINED = 'Your card was declined.';
export const PORTAL_TEST_MODE = 'The billing portal is only available with Stripe. In test mode, manage your subscription on the subscription page.';

const sec = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
const msOf = (iso: string | null) => (iso ? Date.parse(iso) : null);

function randomToken(length = 20): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

/** A simulated subscription: the row's state with times in ms. */
export interface SimSubscription {
  id: string;
  customer: string;
  userId: number;
  orderId: number | null;
  plan: SubscriptionPlanRow;
  interval: BillingInterval;
  priceCents: number;
  currency: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  trialStart: number | null;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  canceledAt: number | null;
  endedAt: number | null;
  scheduled: { plan: SubscriptionPlanRow; interval: BillingInterval } | null;
  cardLast4: string | null;
}

export async function simOf(platform: Platform, row: SubscriptionRow): Promise<SimSubscription> {
  const plans = await allPlans(platform.db);
  const plan = plans.find((p) => p.id === row.planId);
  if (!plan) throw new ProviderError('The subscription has no plan.');
  const scheduledPlan = row.scheduledPlanId ? plans.find((p) => p.id === row.scheduledPlanId) : undefined;
  const now = Date.now();
  return {
    id: row.providerSubscriptionId,
    customer: row.providerCustomerId ?? `cus_test_${row.userId}`,
    userId: row.userId,
    orderId: row.orderId,
    plan,
    interval: row.interval,
    priceCents: row.priceCents,
    currency: row.currency,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    trialStart: msOf(row.trialStart),
    trialEnd: msOf(row.trialEnd),
    periodStart: msOf(row.currentPeriodStart) ?? now,
    periodEnd: msOf(row.currentPeriodEnd) ?? addInterval(now, row.interval),
    canceledAt: msOf(row.canceledAt),
    endedAt: msOf(row.endedAt),
    scheduled: scheduledPlan && row.scheduledInterval ? { plan: scheduledPlan, interval: row.scheduledInterval } : null,
    cardLast4: row.testCardLast4,
  };
}

/** The Stripe-shaped subscription object of a simulated subscription. */
export function subscriptionObject(s: SimSubscription) {
  const price = { id: `price_test_${s.plan.key}_${s.interval}`, object: 'price', unit_amount: s.priceCents, currency: s.currency, recurring: { interval: s.interval }, metadata: { planKey: s.plan.key } };
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    currency: s.currency,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    trial_start: sec(s.trialStart),
    trial_end: sec(s.trialEnd),
    current_period_start: sec(s.periodStart),
    current_period_end: sec(s.periodEnd),
    canceled_at: sec(s.canceledAt),
    ended_at: sec(s.endedAt),
    livemode: false,
    metadata: {
      userId: String(s.userId),
      planKey: s.plan.key,
      interval: s.interval,
      orderId: s.orderId ? String(s.orderId) : '',
      scheduledPlanKey: s.scheduled?.plan.key ?? '',
      scheduledInterval: s.scheduled?.interval ?? '',
      cardLast4: s.cardLast4 ?? '',
    },
    items: { object: 'list', data: [{ id: `si_${s.id.slice(4)}`, object: 'subscription_item', price, quantity: 1, current_period_start: sec(s.periodStart), current_period_end: sec(s.periodEnd) }] },
  };
}

export interface SimInvoice {
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  lines: { description: string; amountCents: number }[];
  periodStart: number;
  periodEnd: number;
  paid: boolean;
  failureReason?: string;
}

/** The Stripe-shaped invoice of a charge of the simulated subscription. */
export function invoiceObject(s: SimSubscription, inv: SimInvoice) {
  const token = randomToken(16);
  const amountDue = Math.max(0, inv.lines.reduce((sum, l) => sum + l.amountCents, 0));
  const charged = amountDue > 0;
  const now = Math.floor(Date.now() / 1000);
  return {
    id: `in_test_${token}`,
    object: 'invoice',
    number: `DRX-INV-${token.slice(0, 8)}`,
    status: inv.paid ? 'paid' : 'open',
    billing_reason: inv.reason,
    customer: s.customer,
    subscription: s.id,
    parent: { type: 'subscription_details', subscription_details: { subscription: s.id } },
    amount_due: amountDue,
    amount_paid: inv.paid ? amountDue : 0,
    currency: s.currency,
    created: now,
    payment_intent: charged ? `pi_test_${token}` : null,
    charge: charged && inv.paid ? `ch_test_${token}` : null,
    status_transitions: { paid_at: inv.paid ? now : null },
    last_finalization_error: inv.failureReason ? { message: inv.failureReason } : null,
    lines: {
      object: 'list',
      data: inv.lines.map((l) => ({ description: l.description, amount: l.amountCents, period: { start: sec(inv.periodStart), end: sec(inv.periodEnd) } })),
    },
  };
}

const intervalWord = (interval: BillingInterval) => (interval === 'year' ? 'year' : 'month');
const cycleLine = (s: SimSubscription) => `1 × ${s.plan.name} (at ${formatUsd(s.priceCents)} / ${intervalWord(s.interval)})`;
const dateWord = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function deliver(platform: Platform, evt: ProviderEvent): Promise<void> {
  const test = getTestProvider(platform);
  if (!test) throw new ProviderError('The test provider is not in use.');
  await test.deliver(evt);
}

const subscriptionEvent = (type: 'created' | 'updated' | 'deleted', s: SimSubscription) => stripeShapedEvent(`customer.subscription.${type}`, subscriptionObject(s));

async function chargeInvoice(platform: Platform, s: SimSubscription, inv: Omit<SimInvoice, 'paid'>, canFail: boolean): Promise<boolean> {
  const fails = canFail && s.cardLast4 === FAILING_RENEWAL_LAST4 && inv.lines.reduce((sum, l) => sum + l.amountCents, 0) > 0;
  const invoice = invoiceObject(s, { ...inv, paid: !fails, ...(fails ? { failureReason: RENEWAL_DECLINED } : {}) });
  await deliver(platform, stripeShapedEvent(fails ? 'invoice.payment_failed' : 'invoice.paid', invoice));
  return !fails;
}

/** The order's subscription terms, as the checkout wrote them into its metadata. */
export interface CheckoutTerms {
  planKey: string;
  interval: BillingInterval;
  priceCents: number;
  trialDays: number | null;
}

export function checkoutTermsOf(order: Pick<OrderRow, 'metadata'>): CheckoutTerms | null {
  try {
    const m = JSON.parse(order.metadata ?? 'null') as Partial<CheckoutTerms> | null;
    if (!m || typeof m.planKey !== 'string' || (m.interval !== 'month' && m.interval !== 'year') || typeof m.priceCents !== 'number') return null;
    return { planKey: m.planKey, interval: m.interval, priceCents: m.priceCents, trialDays: typeof m.trialDays === 'number' && m.trialDays > 0 ? m.trialDays : null };
  } catch {
    return null;
  }
}

/**
 * The hosted page's payment of a subscription checkout (test provider): the subscription is
 * created (trialing with a 14-day trial, else active and its first invoice paid), then the
 * session completes. `cardLast4` is kept: 0341 fails every later charge.
 */
export async function startTestSubscription(platform: Platform, order: OrderRow, cardLast4: string): Promise<void> {
  const terms = checkoutTermsOf(order);
  const plan = terms ? (await allPlans(platform.db)).find((p) => p.key === terms.planKey) : undefined;
  if (!terms || !plan) throw conflict('This checkout has no plan.');
  const now = Date.now();
  const trialEnd = terms.trialDays ? now + terms.trialDays * DAY_MS : null;
  const s: SimSubscription = {
    id: `sub_test_${randomToken(20)}`,
    customer: `cus_test_${order.userId}`,
    userId: order.userId,
    orderId: order.id,
    plan,
    interval: terms.interval,
    priceCents: terms.priceCents,
    currency: order.currency,
    status: trialEnd ? 'trialing' : 'active',
    cancelAtPeriodEnd: false,
    trialStart: trialEnd ? now : null,
    trialEnd,
    periodStart: now,
    periodEnd: trialEnd ?? addInterval(now, terms.interval),
    canceledAt: null,
    endedAt: null,
    scheduled: null,
    cardLast4,
  };
  await deliver(platform, subscriptionEvent('created', s));
  const lines = trialEnd ? [{ description: `Free trial of ${plan.name} (${TRIAL_DAYS} days)`, amountCents: 0 }] : [{ description: cycleLine(s), amountCents: s.priceCents }];
  await chargeInvoice(platform, s, { reason: 'subscription_create', lines, periodStart: s.periodStart, periodEnd: s.periodEnd }, false);
  await deliver(
    platform,
    stripeShapedEvent('checkout.session.completed', {
      id: order.providerSessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      amount_total: order.totalCents,
      currency: order.currency,
      client_reference_id: String(order.id),
      metadata: { orderId: String(order.id), orderNumber: order.number },
      payment_status: order.totalCents > 0 ? 'paid' : 'no_payment_required',
      subscription: s.id,
      customer: s.customer,
      livemode: false,
    }),
  );
}

/**
 * Moves a simulated subscription's time forward by `ms`: its dates move back by that much, then
 * whatever fell due happens in order — at a period end a subscription cancelled at the period end
 * ends; else a scheduled change applies, an invoice for the next period is charged (the card
 * 0341 fails: past due) and the period rolls on.
 */
export async function advanceTestSubscription(platform: Platform, row: SubscriptionRow, ms: number): Promise<void> {
  const s = await simOf(platform, row);
  if (s.endedAt !== null) throw conflict('This subscription has ended.');
  const shift = (v: number | null) => (v === null ? null : v - ms);
  s.trialStart = shift(s.trialStart);
  s.trialEnd = shift(s.trialEnd);
  s.periodStart -= ms;
  s.periodEnd -= ms;
  s.canceledAt = shift(s.canceledAt);
  if (ms > 0) await deliver(platform, subscriptionEvent('updated', s));
  for (let i = 0; i < 100 && s.periodEnd <= Date.now(); i++) {
    if (s.cancelAtPeriodEnd || s.status === 'canceled') {
      s.status = 'canceled';
      s.endedAt = s.periodEnd;
      s.canceledAt ??= s.periodEnd;
      await deliver(platform, subscriptionEvent('deleted', s));
      return;
    }
    if (s.scheduled) {
      s.plan = s.scheduled.plan;
      s.interval = s.scheduled.interval;
      s.priceCents = planPriceCents(s.plan, s.interval);
      s.scheduled = null;
    }
    const start = s.periodEnd;
    const end = addInterval(start, s.interval);
    const paid = await chargeInvoice(platform, { ...s, periodStart: start, periodEnd: end }, { reason: 'subscription_cycle', lines: [{ description: cycleLine(s), amountCents: s.priceCents }], periodStart: start, periodEnd: end }, true);
    s.status = paid ? 'active' : 'past_due';
    s.periodStart = start;
    s.periodEnd = end;
    await deliver(platform, subscriptionEvent('updated', s));
  }
}

/**
 * The test provider's subscriptions of a user whose period end has passed in real time get what
 * falls due then (renewal, end, scheduled change), as Stripe would have done on its own; read
 * lazily before the user's subscriptions are shown or changed, so no timer is needed.
 */
export async function settleDueTestSubscriptions(platform: Platform, userId: number): Promise<void> {
  if (!getTestProvider(platform)) return;
  const due = await platform.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'test'), isNull(subscriptions.endedAt), lte(subscriptions.currentPeriodEnd, new Date().toISOString())));
  for (const row of due) await advanceTestSubscription(platform, row, 0);
}

export function createTestBilling(platform: Platform): BillingProvider {
  const { db } = platform;
  const reload = async (sub: SubscriptionRow) => {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).limit(1);
    if (!row) throw new ProviderError('No such subscription.');
    return simOf(platform, row);
  };
  return {
    name: 'test',

    async createCheckout(input: SubscriptionCheckoutInput) {
      const sessionId = newTestSessionId();
      return { sessionId, checkoutUrl: `/checkout/stripe?session=${encodeURIComponent(sessionId)}`, expiresAt: input.expiresAt };
    },

    async setCancelAtPeriodEnd(sub, cancel) {
      const s = await reload(sub);
      s.cancelAtPeriodEnd = cancel;
      s.canceledAt = cancel ? Date.now() : null;
      await deliver(platform, subscriptionEvent('updated', s));
    },

    async cancelNow(sub) {
      const s = await reload(sub);
      const now = Date.now();
      s.status = 'canceled';
      s.canceledAt ??= now;
      s.endedAt = now;
      s.scheduled = null;
      await deliver(platform, subscriptionEvent('deleted', s));
    },

    async changeNow(sub, plan, interval) {
      const s = await reload(sub);
      const now = Date.now();
      const quote = changeQuote(sub, plan, interval, now);
      const from = s.plan;
      // As Stripe: the upgrade invoice of a past-due subscription is charged to its card, and a
      // failing card (0341) fails it and leaves the subscription past due.
      const overdue = s.status === 'past_due' || s.status === 'unpaid';
      let paid = true;
      if (!quote.trialing) {
        const after = dateWord(now);
        const lines = [
          ...(quote.creditCents > 0 ? [{ description: `Unused time on ${from.name} after ${after}`, amountCents: -quote.creditCents }] : []),
          {
            description: interval === s.interval ? `Remaining time on ${plan.name} after ${after}` : `1 × ${plan.name} (at ${formatUsd(quote.newPriceCents)} / ${intervalWord(interval)})`,
            amountCents: quote.chargeCents,
          },
        ];
        paid = await chargeInvoice(platform, { ...s, plan, interval }, { reason: 'subscription_update', lines, periodStart: quote.periodStart, periodEnd: quote.periodEnd }, overdue);
      }
      s.plan = plan;
      s.interval = interval;
      s.priceCents = quote.newPriceCents;
      s.periodStart = quote.periodStart;
      s.periodEnd = quote.periodEnd;
      s.scheduled = null;
      if (overdue && paid) s.status = 'active';
      await deliver(platform, subscriptionEvent('updated', s));
    },

    async scheduleChange(sub, plan, interval) {
      const s = await reload(sub);
      s.scheduled = { plan, interval };
      await deliver(platform, subscriptionEvent('updated', s));
    },

    async clearScheduledChange(sub) {
      const s = await reload(sub);
      s.scheduled = null;
      await deliver(platform, subscriptionEvent('updated', s));
    },

    async refundInvoice(invoice: SubscriptionInvoiceRow, amountCents: number) {
      if (!invoice.paidAt || invoice.amountPaidCents <= 0) throw new ProviderError('This invoice has no payment to refund.');
      const total = Math.min(invoice.amountPaidCents, invoice.refundedCents + amountCents);
      await deliver(
        platform,
        stripeShapedEvent('charge.refunded', {
          id: invoice.providerChargeId ?? `ch_test_${invoice.providerInvoiceId.slice(8)}`,
          object: 'charge',
          amount: invoice.amountPaidCents,
          amount_captured: invoice.amountPaidCents,
          amount_refunded: total,
          currency: invoice.currency,
          invoice: invoice.providerInvoiceId,
          payment_intent: invoice.providerPaymentIntentId,
          metadata: { invoiceId: String(invoice.id) },
          paid: true,
          refunded: total >= invoice.amountPaidCents,
          refunds: { object: 'list', data: [{ id: `re_test_${randomToken(20)}`, object: 'refund', amount: amountCents, currency: invoice.currency, status: 'succeeded' }] },
        }),
      );
    },

    async portalUrl() {
      throw conflict(PORTAL_TEST_MODE);
    },
  };
}
