import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, subscriptionPlans } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { advance, checkout, subscribe, subscriptionRow, userColumns } from '../../../tests/support/subscription-flow.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { ALREADY_SUBSCRIBED, PLAN_NOT_AVAILABLE, PRICE_CHANGED } from '../services/subscriptions/checkout.ts';
import { NOTHING_TO_CANCEL, NOTHING_TO_RESUME } from '../services/subscriptions/manage.ts';
import type { PlanView, SubscriptionView } from '../../../shared/subscriptions/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('GET /api/subscriptions/plans', () => {
  it('answers the active plans in order, public and cached under the plans version', async () => {
    const res = await t.request('/api/subscriptions/plans');
    expect(res.status).toBe(200);
    const plans = await read<PlanView[]>(res);
    expect(plans.map((p) => p.key)).toEqual(['free', 'educator', 'premium', 'royalty']);
    expect(plans[1]).toMatchObject({ name: 'Educator', level: 10, monthlyPrice: 29, yearlyPrice: 290, monthly_price_cents: 2900, yearly_price_cents: 29000, yearly_saving_percent: 17 });
    expect(plans[1]!.features.length).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('follows a plan change at once (the plans content version moves)', async () => {
    const first = await read<PlanView[]>(await t.request('/api/subscriptions/plans'));
    expect(first.find((p) => p.key === 'royalty')!.monthly_price_cents).toBe(19900);
    await t.db.update(subscriptionPlans).set({ monthlyPriceCents: 20900 }).where(eq(subscriptionPlans.key, 'royalty'));
    await new Promise((r) => setTimeout(r, 300));
    const after = await read<PlanView[]>(await t.request('/api/subscriptions/plans'));
    expect(after.find((p) => p.key === 'royalty')!.monthly_price_cents).toBe(20900);
    await t.db.update(subscriptionPlans).set({ monthlyPriceCents: 19900, active: false }).where(eq(subscriptionPlans.key, 'royalty'));
    await new Promise((r) => setTimeout(r, 300));
    expect((await read<PlanView[]>(await t.request('/api/subscriptions/plans'))).map((p) => p.key)).toEqual(['free', 'educator', 'premium']);
    const { token } = await createSignedInUser(t.db);
    const inactive = await checkout(t, token, 'royalty', 'month');
    expect(inactive.status).toBe(400);
    expect((await read<ErrorBody>(inactive)).message).toBe(PLAN_NOT_AVAILABLE);
    await t.db.update(subscriptionPlans).set({ active: true }).where(eq(subscriptionPlans.key, 'royalty'));
  });
});

describe('GET /api/subscriptions/checkout', () => {
  it('sends a navigation without a token to /subscription with the choice kept', async () => {
    const res = await t.request('/api/subscriptions/checkout?plan=premium&interval=year&price=790');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/subscription?tier=premium&interval=year&checkout=1');
  });

  it('refuses a bad token with 401', async () => {
    const res = await t.request('/api/subscriptions/checkout?plan=premium&interval=year', { headers: { authorization: 'Bearer nope', accept: 'application/json' } });
    expect(res.status).toBe(401);
  });

  it('validates the plan, the interval and the price', async () => {
    const { token } = await createSignedInUser(t.db);
    const bad = await checkout(t, token, 'gold', 'month');
    expect(bad.status).toBe(400);
    expect((await read<ErrorBody>(bad)).validationErrors?.plan).toBeDefined();
    const interval = await checkout(t, token, 'educator', 'week');
    expect(interval.status).toBe(400);
    expect((await read<ErrorBody>(interval)).message).toBe('Interval must be month or year');
    const free = await checkout(t, token, 'free', 'month');
    expect(free.status).toBe(400);
    expect((await read<ErrorBody>(free)).message).toBe(PLAN_NOT_AVAILABLE);
    const price = await checkout(t, token, 'educator', 'year', '250');
    expect(price.status).toBe(409);
    expect((await read<ErrorBody>(price)).message).toBe(PRICE_CHANGED);
    expect((await checkout(t, token, 'educator', 'year', 'cheap')).status).toBe(400);
    const ok = await checkout(t, token, 'educator', 'year', '290');
    expect(ok.status).toBe(200);
    // With the token but asking for a page, it leaves for the provider's page at once.
    const page = await t.request('/api/subscriptions/checkout?plan=educator&interval=month', { headers: { authorization: `Bearer ${token}`, accept: 'text/html' } });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(/^\/checkout\/stripe\?session=cs_test_/);
  });

  it('is a pending payment of type subscription with a 14-day trial and nothing due', async () => {
    const { token } = await createSignedInUser(t.db);
    const res = await checkout(t, token, 'educator', 'year', '290.00');
    const started = await read<{ checkoutUrl: string; sessionId: string; trialDays: number; terms: string }>(res);
    expect(started.checkoutUrl).toMatch(/^\/checkout\/stripe\?session=cs_test_/);
    expect(started).toMatchObject({ trialDays: 14, terms: '14-day free trial, then $290.00 per year' });
    const pending = await read<{ pendingPayments: { type: string; amountCents: number; description: string }[] }>(await t.json('GET', '/api/payments/pending', undefined, token));
    expect(pending.pendingPayments).toHaveLength(1);
    expect(pending.pendingPayments[0]).toMatchObject({ type: 'subscription', amountCents: 0 });
    expect(pending.pendingPayments[0]!.description).toContain('Educator');
    const hosted = await read<{ subscription: { terms: string }; successUrl: string; cancelUrl: string }>(await t.json('GET', `/api/payments/test-checkout/${started.sessionId}`, undefined, token));
    expect(hosted.subscription.terms).toBe('14-day free trial, then $290.00 per year');
    expect(hosted.successUrl).toBe(`/subscription/success?session_id=${started.sessionId}`);
    expect(hosted.cancelUrl).toBe(`/cancel-payment?session_id=${started.sessionId}`);

    // A new checkout replaces it; an unfinished one expires like any checkout.
    const second = await read<{ sessionId: string; orderId: number }>(await checkout(t, token, 'premium', 'month'));
    const [replaced] = await t.db.select().from(orders).where(eq(orders.providerSessionId, started.sessionId));
    expect(replaced!.status).toBe('cancelled');
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(orders.id, second.orderId));
    const after = await read<{ pendingPayments: unknown[] }>(await t.json('GET', '/api/payments/pending', undefined, token));
    expect(after.pendingPayments).toEqual([]);
    const [expired] = await t.db.select().from(orders).where(eq(orders.id, second.orderId));
    expect(expired!.status).toBe('expired');
    const pay = await t.json('POST', `/api/payments/test-checkout/${second.sessionId}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }, token);
    expect(pay.status).toBe(409);
    expect(await read<SubscriptionView[]>(await t.json('GET', '/api/subscriptions/user', undefined, token))).toEqual([]);
  });

  it('a declined card leaves the checkout open and creates nothing', async () => {
    const { token } = await createSignedInUser(t.db);
    const started = await read<{ sessionId: string }>(await checkout(t, token, 'educator', 'month'));
    const res = await t.json('POST', `/api/payments/test-checkout/${started.sessionId}/pay`, { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' }, token);
    expect(res.status).toBe(402);
    expect(await read<SubscriptionView[]>(await t.json('GET', '/api/subscriptions/user', undefined, token))).toEqual([]);
  });
});

describe('a subscription from checkout to its end', () => {
  it('starts trialing, keeps access after a cancel until the period end, then ends by the test clock', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const sub = await subscribe(t, token, 'educator', 'month');
    expect(sub).toMatchObject({ status: 'trialing', is_active: true, plan: { name: 'Educator', tier: 'educator' }, interval: 'month', cancel_at_period_end: false });
    const trialEnd = Date.parse(sub.trial_end!);
    expect(Math.abs(trialEnd - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect(sub.current_period_end).toBe(sub.trial_end);
    expect(await userColumns(t, user.id)).toEqual({ tier: 'educator', plan: 'educator_monthly', status: 'trialing', expiresAt: null });
    const me = await read<{ subscription_tier: string; subscription_status: string }>(await t.json('GET', '/api/me', undefined, token));
    expect(me).toMatchObject({ subscription_tier: 'educator', subscription_status: 'trialing' });

    // A second checkout is sent to the change flow.
    const again = await checkout(t, token, 'premium', 'month');
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(ALREADY_SUBSCRIBED);

    const canceled = await read<SubscriptionView>(await t.json('POST', '/api/subscriptions/cancel', undefined, token));
    expect(canceled).toMatchObject({ cancel_at_period_end: true, is_active: true, status: 'trialing' });
    expect(await userColumns(t, user.id)).toMatchObject({ status: 'trialing', expiresAt: sub.current_period_end });

    const resumed = await read<SubscriptionView>(await t.json('POST', '/api/subscriptions/resume', undefined, token));
    expect(resumed.cancel_at_period_end).toBe(false);
    expect((await userColumns(t, user.id)).expiresAt).toBeNull();
    const notCanceled = await t.json('POST', '/api/subscriptions/resume', undefined, token);
    expect(notCanceled.status).toBe(409);
    expect((await read<ErrorBody>(notCanceled)).message).toBe(NOTHING_TO_RESUME);

    await t.json('POST', '/api/subscriptions/cancel', undefined, token);
    const ended = await read<SubscriptionView>(await advance(t, token, { days: 15 }));
    expect(ended).toMatchObject({ status: 'canceled', is_active: false });
    expect(ended.ended_at).not.toBeNull();
    const cols = await userColumns(t, user.id);
    expect(cols).toMatchObject({ tier: 'educator', status: 'canceled' });
    expect(cols.expiresAt).toBe(ended.ended_at);
    const meAfter = await read<{ subscription_tier: string; subscription_status: string; subscription_expires_at: string }>(await t.json('GET', '/api/me', undefined, token));
    expect(meAfter).toMatchObject({ subscription_tier: 'educator', subscription_status: 'canceled', subscription_expires_at: ended.ended_at });
    const nothing = await t.json('POST', '/api/subscriptions/cancel', undefined, token);
    expect(nothing.status).toBe(404);
    expect((await read<ErrorBody>(nothing)).message).toBe(NOTHING_TO_CANCEL);

    // One trial per account: the next checkout charges at once.
    const next = await read<{ trialDays: number | null; terms: string }>(await checkout(t, token, 'educator', 'month'));
    expect(next).toMatchObject({ trialDays: null, terms: '$29.00 per month' });
    const row = await subscriptionRow(t, sub.id);
    expect(row.orderId).not.toBeNull();
  });

  it('trial end charges the first invoice and renewals roll the period', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const sub = await subscribe(t, token, 'premium', 'month');
    const after = await read<SubscriptionView>(await advance(t, token, { days: 14.01 }));
    expect(after.status).toBe('active');
    const invoices = await read<{ amount_paid_cents: number; billing_reason: string; status: string }[]>(await t.json('GET', '/api/subscriptions/invoices', undefined, token));
    expect(invoices.map((i) => [i.billing_reason, i.status, i.amount_paid_cents])).toEqual([
      ['subscription_cycle', 'paid', 7900],
      ['subscription_create', 'paid', 0],
    ]);
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'premium', status: 'active', expiresAt: null });
    void sub;
  });

  it('the card 4000 0000 0000 0341 pays at checkout and fails the renewal: past due', async () => {
    const { user, token } = await createSignedInUser(t.db);
    await subscribe(t, token, 'educator', 'month', { cardNumber: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' });
    const after = await read<SubscriptionView>(await advance(t, token, { days: 15 }));
    expect(after).toMatchObject({ status: 'past_due', is_active: false });
    const invoices = await read<{ status: string; failure_reason: string | null }[]>(await t.json('GET', '/api/subscriptions/invoices', undefined, token));
    expect(invoices[0]).toMatchObject({ status: 'open', failure_reason: 'Your card was declined.' });
    expect(await userColumns(t, user.id)).toMatchObject({ status: 'past_due' });
  });
});
