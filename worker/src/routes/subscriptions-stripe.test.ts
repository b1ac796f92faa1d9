import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, subscriptionInvoices, subscriptionPlans } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { postWebhook, signedEvent, stripeEvent, useStripeFakeApp } from '../../../tests/support/stripe-app.ts';
import { checkout, userColumns } from '../../../tests/support/subscription-flow.ts';
import { read } from '../../../tests/support/test-app.ts';
import { refundInvoice } from '../services/subscriptions/manage.ts';
import { syncPlanPrices } from '../services/subscriptions/stripe-billing.ts';
import type { SubscriptionView } from '../../../shared/subscriptions/views.ts';

/** The Stripe Billing path through the real SDK against the local fake of Stripe's API. */

const SECRET_KEY = 'sk_test_fake_billing_0123456789';
const WEBHOOK_SECRET = 'whsec_fake_billing_0123456789abcdef';

const stripe = useStripeFakeApp({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

async function deliver(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
  const { payload, header } = signedEvent(stripeEvent(type, object, { idPrefix: 'evt_billing', created }), WEBHOOK_SECRET);
  const res = await postWebhook(stripe.app, payload, header);
  return { status: res.status, outcome: ((await res.json()) as { outcome?: string }).outcome };
}

const requestsTo = (method: string, path: string | RegExp) => stripe.fake.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));

describe('Stripe Billing', () => {
  it('checkout, the subscription from its events, cancel and resume, upgrade, scheduled downgrade, portal and an invoice refund', async () => {
    const { user, token } = await createSignedInUser(stripe.app.db);
    const res = await checkout(stripe.app, token, 'educator', 'year', '290');
    expect(res.status).toBe(200);
    const started = await read<{ checkoutUrl: string; sessionId: string; orderId: number; trialDays: number }>(res);
    expect(started.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(started.trialDays).toBe(14);

    // The plan's product and prices were made on demand and kept on the plan.
    const [educator] = await stripe.app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, 'educator'));
    expect(educator!.stripeProductId).toMatch(/^prod_/);
    expect(educator!.stripeYearlyPriceId).toMatch(/^price_/);
    expect(stripe.fake.prices.get(educator!.stripeYearlyPriceId!)).toMatchObject({ unit_amount: 29000, recurring: { interval: 'year' } });
    const [session] = requestsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(session!.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': educator!.stripeYearlyPriceId!,
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][userId]': String(user.id),
      'subscription_data[metadata][planKey]': 'educator',
      'subscription_data[metadata][interval]': 'year',
      'subscription_data[metadata][orderId]': String(started.orderId),
      success_url: 'https://drx.example/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://drx.example/cancel-payment?session_id={CHECKOUT_SESSION_ID}',
    });

    // The customer pays at Stripe: its events create the subscription and complete the order.
    const paid = stripe.fake.completeSubscriptionSession(started.sessionId);
    expect((await deliver('customer.subscription.created', paid.subscription)).outcome).toBe('subscription:trialing');
    expect((await deliver('checkout.session.completed', paid.session)).outcome).toBe('subscription:checkout-paid');
    const [order] = await stripe.app.db.select().from(orders).where(eq(orders.id, started.orderId));
    expect(order).toMatchObject({ type: 'subscription', status: 'paid', totalCents: 0 });
    expect(await userColumns(stripe.app, user.id)).toEqual({ tier: 'educator', plan: 'educator_yearly', status: 'trialing', expiresAt: null });
    const [sub] = await read<SubscriptionView[]>(await stripe.app.json('GET', '/api/subscriptions/user', undefined, token));
    expect(sub).toMatchObject({ provider: 'stripe', status: 'trialing', interval: 'year', plan: { tier: 'educator' } });

    // Cancel at the period end and resume: subscriptions.update, shown at once.
    const canceled = await read<SubscriptionView>(await stripe.app.json('POST', '/api/subscriptions/cancel', undefined, token));
    expect(canceled.cancel_at_period_end).toBe(true);
    expect(requestsTo('POST', `/v1/subscriptions/${paid.subscription.id}`).slice(-1)[0]!.form).toEqual({ cancel_at_period_end: 'true' });
    expect((await userColumns(stripe.app, user.id)).expiresAt).toBe(sub!.current_period_end);
    const resumed = await read<SubscriptionView>(await stripe.app.json('POST', '/api/subscriptions/resume', undefined, token));
    expect(resumed.cancel_at_period_end).toBe(false);

    // Upgrade: the item's price changes with proration invoiced at once.
    const upgraded = await read<{ subscription: SubscriptionView }>(await stripe.app.json('POST', '/api/subscriptions/change', { plan: 'premium', interval: 'year' }, token));
    expect(upgraded.subscription).toMatchObject({ plan: { tier: 'premium' }, price_cents: 79000 });
    const [premium] = await stripe.app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, 'premium'));
    const update = requestsTo('POST', `/v1/subscriptions/${paid.subscription.id}`).slice(-1)[0]!.form;
    expect(update).toMatchObject({ 'items[0][price]': premium!.stripeYearlyPriceId!, proration_behavior: 'always_invoice', 'metadata[planKey]': 'premium' });
    expect((await userColumns(stripe.app, user.id)).tier).toBe('premium');

    // Downgrade: a schedule from the subscription with the new price in its second phase.
    const scheduled = await read<{ subscription: SubscriptionView }>(await stripe.app.json('POST', '/api/subscriptions/change', { plan: 'educator', interval: 'year' }, token));
    expect(scheduled.subscription.scheduled_change).toMatchObject({ plan: { tier: 'educator' }, interval: 'year' });
    expect(requestsTo('POST', '/v1/subscription_schedules')).toHaveLength(1);
    const phases = requestsTo('POST', /^\/v1\/subscription_schedules\/[^/]+$/).slice(-1)[0]!.form;
    expect(phases).toMatchObject({ 'phases[0][items][0][price]': premium!.stripeYearlyPriceId!, 'phases[1][items][0][price]': educator!.stripeYearlyPriceId!, end_behavior: 'release' });
    const undone = await read<SubscriptionView>(await stripe.app.json('POST', '/api/subscriptions/change/cancel-scheduled', undefined, token));
    expect(undone.scheduled_change).toBeNull();
    expect(requestsTo('POST', /\/release$/)).toHaveLength(1);

    // The billing portal for the customer.
    const portal = await read<{ url: string }>(await stripe.app.json('POST', '/api/subscriptions/portal', undefined, token));
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(requestsTo('POST', '/v1/billing_portal/sessions')[0]!.form).toMatchObject({ customer: paid.subscription.customer, return_url: 'https://drx.example/profile/manage' });

    // An invoice in the current API's shape, then a refund of part of it.
    const invoice = {
      id: `in_fake_${Date.now()}`,
      object: 'invoice',
      number: 'ABCD-0001',
      status: 'paid',
      billing_reason: 'subscription_update',
      amount_due: 51000,
      amount_paid: 51000,
      currency: 'usd',
      created: Math.floor(Date.now() / 1000),
      parent: { type: 'subscription_details', subscription_details: { subscription: paid.subscription.id } },
      payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_fake_upgrade' } }] },
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      hosted_invoice_url: 'https://invoice.stripe.test/i/1',
      lines: { object: 'list', data: [{ description: 'Remaining time on Premium', amount: 51000, period: { start: 1, end: 2 } }] },
    };
    expect((await deliver('invoice.paid', invoice)).outcome).toBe('invoice:paid');
    const [row] = await stripe.app.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, invoice.id));
    expect(row).toMatchObject({ status: 'paid', amountPaidCents: 51000, providerPaymentIntentId: 'pi_fake_upgrade', userId: user.id });
    await refundInvoice(stripe.app.platform, row!.id, 1000);
    expect(requestsTo('POST', '/v1/refunds').slice(-1)[0]!.form).toMatchObject({ payment_intent: 'pi_fake_upgrade', amount: '1000', 'metadata[invoiceId]': String(row!.id) });
    const charge = { id: 'ch_fake_upgrade', object: 'charge', amount: 51000, amount_refunded: 1000, payment_intent: 'pi_fake_upgrade', metadata: {}, refunds: { object: 'list', data: [] } };
    expect((await deliver('charge.refunded', charge)).outcome).toBe('invoice:refunded');
    const [refunded] = await stripe.app.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, row!.id));
    expect(refunded!.refundedCents).toBe(1000);

    // The test clock is the test provider's only.
    expect((await stripe.app.json('POST', '/api/subscriptions/test-clock', { days: 1 }, token)).status).toBe(404);
  });

  it('answers 502 and changes nothing when Stripe fails', async () => {
    const { user, token } = await createSignedInUser(stripe.app.db);
    stripe.fake.failNext(500, 4);
    const failed = await checkout(stripe.app, token, 'premium', 'month');
    expect(failed.status).toBe(502);
    const [order] = await stripe.app.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ type: 'subscription', status: 'failed' });
    stripe.fake.failNext(500, 0);

    const started = await read<{ sessionId: string }>(await checkout(stripe.app, token, 'premium', 'month'));
    const paid = stripe.fake.completeSubscriptionSession(started.sessionId);
    await deliver('customer.subscription.created', paid.subscription);
    stripe.fake.failNext(500, 4);
    const cancel = await stripe.app.json('POST', '/api/subscriptions/cancel', undefined, token);
    expect(cancel.status).toBe(502);
    stripe.fake.failNext(500, 0);
    const [sub] = await read<SubscriptionView[]>(await stripe.app.json('GET', '/api/subscriptions/user', undefined, token));
    expect(sub!.cancel_at_period_end).toBe(false);
    expect((await userColumns(stripe.app, user.id)).expiresAt).toBeNull();
  });

  it('a changed plan price gets a new Stripe price; an unchanged one keeps its price', async () => {
    const [before] = await stripe.app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.key, 'royalty'));
    const first = await syncPlanPrices(stripe.app.platform, before!);
    expect(first.stripeMonthlyPriceId).toMatch(/^price_/);
    const again = await syncPlanPrices(stripe.app.platform, first);
    expect(again.stripeMonthlyPriceId).toBe(first.stripeMonthlyPriceId);
    const [changed] = await stripe.app.db.update(subscriptionPlans).set({ monthlyPriceCents: 20900 }).where(eq(subscriptionPlans.id, first.id)).returning();
    const synced = await syncPlanPrices(stripe.app.platform, changed!);
    expect(synced.stripeMonthlyPriceId).not.toBe(first.stripeMonthlyPriceId);
    expect(synced.stripeYearlyPriceId).toBe(first.stripeYearlyPriceId);
    expect(stripe.fake.prices.get(synced.stripeMonthlyPriceId!)!.unit_amount).toBe(20900);
  });
});
