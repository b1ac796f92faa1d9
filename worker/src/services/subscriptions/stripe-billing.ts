import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { subscriptionPlans, type BillingInterval, type SubscriptionPlanRow, type SubscriptionRow } from '../../../../db/schema/subscriptions.ts';
import type { Platform } from '../../platform/context.ts';
import { ProviderError } from '../payments/provider.ts';
import { createStripeClient } from '../payments/stripe-provider.ts';
import type { BillingProvider, SubscriptionCheckoutInput } from './billing-provider.ts';
import { applySubscriptionObject } from './events.ts';
import { planPriceCents } from './plans.ts';

/**
 * Stripe Billing (decision 0031): Checkout in subscription mode with the plan's Stripe price
 * (product and prices made on demand: prices are immutable, so a changed price gets a new one),
 * subscriptions.update for cancel at the period end, resume and upgrades (prorated and invoiced at
 * once), a subscription schedule for changes at the period end, subscriptions.cancel, refunds of
 * an invoice's payment and the billing portal. The object Stripe answers is applied through the
 * webhook handler's guarded upsert; its events follow and change nothing more.
 */

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new ProviderError(`Stripe ${what} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

const priceColumn = (interval: BillingInterval): 'stripeYearlyPriceId' | 'stripeMonthlyPriceId' => (interval === 'year' ? 'stripeYearlyPriceId' : 'stripeMonthlyPriceId');

/**
 * Makes sure the plan has a Stripe product and a price for each paid interval at the plan's
 * current amounts: a missing price, or one whose amount differs, gets a new price (prices are
 * immutable at Stripe), and the plan row keeps the ids. Answers the plan as stored afterwards.
 * Admin price changes call it (helper D); checkout calls it for the plan bought.
 */
export async function syncPlanPrices(platform: Platform, planRow: SubscriptionPlanRow): Promise<SubscriptionPlanRow> {
  const stripe = createStripeClient(platform.env);
  let plan = planRow;
  const updates: Partial<Pick<SubscriptionPlanRow, 'stripeProductId' | 'stripeMonthlyPriceId' | 'stripeYearlyPriceId'>> = {};
  let productId = plan.stripeProductId;
  if (!productId) {
    const product = await call('product', () =>
      stripe.products.create({ name: `DRX ${plan.name}`, metadata: { planKey: plan.key } }, { idempotencyKey: `plan-product-${plan.key}-${plan.id}` }),
    );
    productId = product.id;
    updates.stripeProductId = productId;
  }
  for (const interval of ['month', 'year'] as const) {
    const amount = planPriceCents(plan, interval);
    if (amount <= 0) continue;
    const current = plan[priceColumn(interval)];
    if (current) {
      const existing = await call('price lookup', () => stripe.prices.retrieve(current));
      if (existing.unit_amount === amount && existing.active !== false) continue;
    }
    const price = await call('price', () =>
      stripe.prices.create(
        { product: productId, currency: 'usd', unit_amount: amount, recurring: { interval }, metadata: { planKey: plan.key, interval } },
        { idempotencyKey: `plan-price-${plan.key}-${interval}-${amount}-${productId}` },
      ),
    );
    updates[priceColumn(interval)] = price.id;
  }
  if (Object.keys(updates).length > 0) {
    const [stored] = await platform.db.update(subscriptionPlans).set(updates).where(eq(subscriptionPlans.id, plan.id)).returning();
    if (stored) plan = stored;
  }
  return plan;
}

export function createStripeBilling(platform: Platform): BillingProvider {
  const stripe = createStripeClient(platform.env);
  const apply = (object: unknown) => applySubscriptionObject(platform, 'stripe', object);

  async function priceIdFor(planRow: SubscriptionPlanRow, interval: BillingInterval): Promise<string> {
    const plan = await syncPlanPrices(platform, planRow);
    const id = plan[priceColumn(interval)];
    if (!id) throw new ProviderError('This plan has no Stripe price for the interval.');
    return id;
  }

  async function retrieve(sub: SubscriptionRow): Promise<Stripe.Subscription> {
    return call('subscription lookup', () => stripe.subscriptions.retrieve(sub.providerSubscriptionId));
  }

  /** Ends the schedule that holds a change for the period end (the subscription stays as it is). */
  async function releaseSchedule(subscription: Stripe.Subscription): Promise<void> {
    const schedule = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
    if (schedule) await call('schedule release', () => stripe.subscriptionSchedules.release(schedule));
  }

  return {
    name: 'stripe',

    async createCheckout(input: SubscriptionCheckoutInput) {
      const price = await priceIdFor(input.plan, input.interval);
      const metadata = { orderId: String(input.order.id), orderNumber: input.order.number };
      const session = await call('checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price, quantity: 1 }],
            subscription_data: {
              ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
              metadata: { userId: String(input.userId), planKey: input.plan.key, interval: input.interval, orderId: String(input.order.id) },
            },
            metadata,
            client_reference_id: String(input.order.id),
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: `subscription-checkout-${input.order.number}` },
        ),
      );
      if (!session.url) throw new ProviderError('Stripe answered a checkout session without a URL');
      return { sessionId: session.id, checkoutUrl: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async setCancelAtPeriodEnd(sub, cancel) {
      const updated = await call('subscription update', () => stripe.subscriptions.update(sub.providerSubscriptionId, { cancel_at_period_end: cancel }));
      await apply(updated);
    },

    async cancelNow(sub) {
      const canceled = await call('subscription cancel', () => stripe.subscriptions.cancel(sub.providerSubscriptionId));
      await apply(canceled);
    },

    async changeNow(sub, plan, interval) {
      const price = await priceIdFor(plan, interval);
      const current = await retrieve(sub);
      await releaseSchedule(current);
      const item = current.items.data[0];
      if (!item) throw new ProviderError('The subscription has no item to change.');
      const updated = await call('subscription update', () =>
        stripe.subscriptions.update(sub.providerSubscriptionId, {
          items: [{ id: item.id, price }],
          proration_behavior: 'always_invoice',
          metadata: { planKey: plan.key, interval, scheduledPlanKey: '', scheduledInterval: '' },
        }),
      );
      await apply(updated);
    },

    async scheduleChange(sub, plan, interval) {
      const price = await priceIdFor(plan, interval);
      const current = await retrieve(sub);
      const item = current.items.data[0];
      if (!item) throw new ProviderError('The subscription has no item to change.');
      const existing = typeof current.schedule === 'string' ? current.schedule : current.schedule?.id;
      const schedule = existing
        ? await call('schedule lookup', () => stripe.subscriptionSchedules.retrieve(existing))
        : await call('schedule', () => stripe.subscriptionSchedules.create({ from_subscription: sub.providerSubscriptionId }));
      const phase = schedule.phases[0];
      const periodEnd = sub.currentPeriodEnd ? Math.floor(Date.parse(sub.currentPeriodEnd) / 1000) : (phase?.end_date ?? undefined);
      await call('schedule update', () =>
        stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: [{ price: item.price.id, quantity: 1 }], start_date: phase?.start_date ?? 'now', end_date: periodEnd },
            { items: [{ price, quantity: 1 }], metadata: { planKey: plan.key, interval, scheduledPlanKey: '', scheduledInterval: '' } },
          ],
        }),
      );
      const updated = await call('subscription update', () =>
        stripe.subscriptions.update(sub.providerSubscriptionId, { metadata: { scheduledPlanKey: plan.key, scheduledInterval: interval } }),
      );
      await apply(updated);
    },

    async clearScheduledChange(sub) {
      await releaseSchedule(await retrieve(sub));
      const updated = await call('subscription update', () =>
        stripe.subscriptions.update(sub.providerSubscriptionId, { metadata: { scheduledPlanKey: '', scheduledInterval: '' } }),
      );
      await apply(updated);
    },

    async refundInvoice(invoice, amountCents) {
      let paymentIntent = invoice.providerPaymentIntentId;
      if (!paymentIntent) {
        const found = await call('invoice lookup', () => stripe.invoices.retrieve(invoice.providerInvoiceId, { expand: ['payments'] }));
        const payment = found.payments?.data[0]?.payment;
        paymentIntent = typeof payment?.payment_intent === 'string' ? payment.payment_intent : (payment?.payment_intent?.id ?? null);
      }
      if (!paymentIntent) throw new ProviderError('This invoice has no payment at Stripe to refund.');
      const intent = paymentIntent;
      await call('refund', () =>
        stripe.refunds.create(
          { payment_intent: intent, amount: amountCents, metadata: { invoiceId: String(invoice.id), providerInvoiceId: invoice.providerInvoiceId } },
          { idempotencyKey: `invoice-refund-${invoice.id}-${invoice.refundedCents}-${amountCents}` },
        ),
      );
    },

    async portalUrl(sub, returnUrl) {
      const customer = sub.providerCustomerId;
      if (!customer) throw new ProviderError('The subscription has no Stripe customer.');
      const session = await call('billing portal', () => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
      return session.url;
    },
  };
}
