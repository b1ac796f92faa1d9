import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { subscriptionInvoices, subscriptions, users, type SubscriptionRow } from '../../../../db/schema/index.ts';
import type { BillingInterval } from '../../../../db/schema/subscriptions.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { ProviderError } from '../payments/index.ts';
import { getBillingProvider } from './billing-provider.ts';
import { changeQuote } from './change-quote.ts';
import { LIVE_STATUSES } from './checkout.ts';
import { planByKey, planPriceCents, planRef, plansById } from './plans.ts';
import { subscriptionViews, toInvoiceView } from './serialize.ts';
import { settleDueTestSubscriptions } from './test-billing.ts';
import type { ChangePreview, InvoiceView, SubscriptionPlanRef, SubscriptionView } from '../../../../shared/subscriptions/views.ts';

/**
 * The signed-in user's subscription (decision 0031): cancel at the period end and resume, the
 * change of plan or interval (preview, at once or at the period end, undo a scheduled one), the
 * invoices; and the admin's cancel and refund (helper D's routes call these).
 */

export const NOTHING_TO_CANCEL = 'You have no active subscription to cancel.';
export const NOTHING_TO_RESUME = 'Your subscription is not set to cancel.';
export const NO_SUBSCRIPTION = 'You have no subscription to change.';
export const SAME_PLAN = 'You are already on this plan and billing interval.';
export const NO_SCHEDULED_CHANGE = 'There is no scheduled change to cancel.';
export const FREE_IS_CANCEL = 'To move to the Free plan, cancel your subscription.';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const INVOICE_NOT_FOUND = 'Invoice not found';
export const INVOICE_NOT_REFUNDABLE = 'This invoice has no payment left to refund.';
export const REFUND_TOO_LARGE = 'The refund is larger than what is left of the payment.';
export const ALREADY_ENDED = 'This subscription has already ended.';
export const PROVIDER_FAILED = 'The payment provider could not complete the change. Please try again.';

async function withProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ProviderError) {
      console.error('Billing provider call failed', err.message);
      throw new AppError(502, PROVIDER_FAILED);
    }
    throw err;
  }
}

async function rowById(platform: Platform, id: number): Promise<SubscriptionRow | null> {
  const [row] = await platform.db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

async function viewOf(platform: Platform, id: number): Promise<SubscriptionView> {
  const row = await rowById(platform, id);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return (await subscriptionViews(platform.db, [row]))[0]!;
}

/** The user's running subscription (not ended; trialing, active, past due …), newest first. */
export async function liveSubscription(platform: Platform, userId: number): Promise<SubscriptionRow | null> {
  await settleDueTestSubscriptions(platform, userId);
  const [row] = await platform.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.endedAt), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** POST /api/subscriptions/cancel: cancels at the period end (access stays until then). */
export async function cancelOwnSubscription(platform: Platform, userId: number): Promise<SubscriptionView> {
  const sub = await liveSubscription(platform, userId);
  if (!sub) throw notFound(NOTHING_TO_CANCEL);
  if (!sub.cancelAtPeriodEnd) await withProvider(() => getBillingProvider(platform).setCancelAtPeriodEnd(sub, true));
  return viewOf(platform, sub.id);
}

/** POST /api/subscriptions/resume: undoes a cancellation before the period end. */
export async function resumeOwnSubscription(platform: Platform, userId: number): Promise<SubscriptionView> {
  const sub = await liveSubscription(platform, userId);
  if (!sub) throw notFound(NOTHING_TO_CANCEL.replace('cancel', 'resume'));
  if (!sub.cancelAtPeriodEnd) throw conflict(NOTHING_TO_RESUME);
  await withProvider(() => getBillingProvider(platform).setCancelAtPeriodEnd(sub, false));
  return viewOf(platform, sub.id);
}

/**
 * What changing to `planKey`/`interval` would do: an upgrade, or monthly → yearly, at once and
 * prorated; a downgrade, or yearly → monthly, at the period end.
 */
export async function previewChange(platform: Platform, userId: number, planKey: string, interval: BillingInterval, now = Date.now()) {
  const sub = await liveSubscription(platform, userId);
  if (!sub) throw notFound(NO_SUBSCRIPTION);
  const plan = await planByKey(platform.db, planKey);
  if (!plan || !plan.active) throw badRequest('This plan is not available.', { plan: ['This plan is not available.'] });
  if (plan.level <= 0) throw badRequest(FREE_IS_CANCEL, { plan: [FREE_IS_CANCEL] });
  if (plan.id === sub.planId && interval === sub.interval) throw conflict(SAME_PLAN);
  const plans = await plansById(platform.db, [sub.planId]);
  const current = plans.get(sub.planId)!;
  const kind: ChangePreview['kind'] = plan.level > current.level ? 'upgrade' : plan.level < current.level ? 'downgrade' : 'interval';
  const atOnce = kind === 'upgrade' || (kind === 'interval' && interval === 'year');
  const quote = changeQuote(sub, plan, interval, now);
  const ref = (p: typeof plan): SubscriptionPlanRef => planRef(p);
  const preview: ChangePreview = {
    kind,
    effective: atOnce ? 'now' : 'period_end',
    effective_at: atOnce ? new Date(now).toISOString() : sub.currentPeriodEnd,
    from: { plan: ref(current), interval: sub.interval, price_cents: sub.priceCents },
    to: { plan: ref(plan), interval, price_cents: planPriceCents(plan, interval) },
    credit_cents: atOnce ? quote.creditCents : 0,
    charge_cents: atOnce ? quote.chargeCents : 0,
    due_cents: atOnce ? quote.dueCents : 0,
    trialing: quote.trialing,
  };
  return { sub, plan, preview };
}

/** POST /api/subscriptions/change: applies the change the preview describes. */
export async function changeOwnSubscription(platform: Platform, userId: number, planKey: string, interval: BillingInterval): Promise<{ subscription: SubscriptionView; change: ChangePreview }> {
  const { sub, plan, preview } = await previewChange(platform, userId, planKey, interval);
  const provider = getBillingProvider(platform);
  await withProvider(() => (preview.effective === 'now' ? provider.changeNow(sub, plan, interval) : provider.scheduleChange(sub, plan, interval)));
  return { subscription: await viewOf(platform, sub.id), change: preview };
}

/** POST /api/subscriptions/change/cancel-scheduled: keeps the current plan after the period end. */
export async function cancelScheduledChange(platform: Platform, userId: number): Promise<SubscriptionView> {
  const sub = await liveSubscription(platform, userId);
  if (!sub || !sub.scheduledPlanId) throw notFound(NO_SCHEDULED_CHANGE);
  await withProvider(() => getBillingProvider(platform).clearScheduledChange(sub));
  return viewOf(platform, sub.id);
}

/** POST /api/subscriptions/portal (Stripe only). */
export async function portalUrl(platform: Platform, userId: number, returnUrl: string): Promise<string> {
  const provider = getBillingProvider(platform);
  const sub = await liveSubscription(platform, userId);
  if (provider.name === 'test' || !sub) {
    // The test provider answers its own 409; without a subscription there is no customer.
    if (!sub && provider.name === 'stripe') throw notFound(NO_SUBSCRIPTION);
    return provider.portalUrl(sub!, returnUrl);
  }
  return withProvider(() => provider.portalUrl(sub, returnUrl));
}

/** An invoice with who paid it, for the printable receipt. */
export interface InvoiceDetailView extends InvoiceView {
  customer: { name: string; email: string | null };
  plan: SubscriptionPlanRef | null;
  interval: BillingInterval | null;
}

/** GET /api/subscriptions/invoices/:id: the owner's, or any for subscriptions.manage; others 404. */
export async function invoiceDetail(platform: Platform, invoiceId: number, viewer: { id: number; mayManage: boolean }): Promise<InvoiceDetailView> {
  const [row] = await platform.db
    .select({ invoice: subscriptionInvoices, sub: subscriptions, firstName: users.firstName, lastName: users.lastName, username: users.username, email: users.email })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionInvoices.subscriptionId))
    .innerJoin(users, eq(users.id, subscriptionInvoices.userId))
    .where(eq(subscriptionInvoices.id, invoiceId))
    .limit(1);
  if (!row || (row.invoice.userId !== viewer.id && !viewer.mayManage)) throw notFound(INVOICE_NOT_FOUND);
  const plan = (await plansById(platform.db, [row.sub.planId])).get(row.sub.planId);
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;
  return { ...toInvoiceView(row.invoice), customer: { name, email: row.email }, plan: plan ? planRef(plan) : null, interval: row.sub.interval };
}

/**
 * Cancels a subscription by id (admin, helper D): at the period end, or now. An ended one is 409.
 * Answers the subscription as it is afterwards.
 */
export async function cancelSubscription(platform: Platform, subscriptionId: number, options: { atPeriodEnd: boolean }): Promise<SubscriptionView> {
  const sub = await rowById(platform, subscriptionId);
  if (!sub) throw notFound(SUBSCRIPTION_NOT_FOUND);
  if (sub.endedAt) throw conflict(ALREADY_ENDED);
  const provider = getBillingProvider(platform);
  if (options.atPeriodEnd) {
    if (!sub.cancelAtPeriodEnd) await withProvider(() => provider.setCancelAtPeriodEnd(sub, true));
  } else {
    await withProvider(() => provider.cancelNow(sub));
  }
  return viewOf(platform, sub.id);
}

/**
 * Refunds a paid invoice (admin, helper D): the whole rest (`amountCents` null) or that amount.
 * The provider's charge.refunded event records it; answers the invoice as it is afterwards
 * (with Stripe the refund shows once its event arrives).
 */
export async function refundInvoice(platform: Platform, invoiceId: number, amountCents: number | null): Promise<InvoiceView> {
  const read = async () => {
    const [row] = await platform.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, invoiceId)).limit(1);
    return row ?? null;
  };
  const invoice = await read();
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  const left = invoice.amountPaidCents - invoice.refundedCents;
  if (invoice.status !== 'paid' || left <= 0) throw conflict(INVOICE_NOT_REFUNDABLE);
  const amount = amountCents ?? left;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('The refund amount must be a positive number of cents.', { amountCents: ['The refund amount must be a positive number of cents.'] });
  if (amount > left) throw badRequest(REFUND_TOO_LARGE, { amountCents: [REFUND_TOO_LARGE] });
  await withProvider(() => getBillingProvider(platform).refundInvoice(invoice, amount));
  return toInvoiceView((await read())!);
}
