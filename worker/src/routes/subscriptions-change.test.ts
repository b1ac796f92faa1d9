import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { advance, FAILING_RENEWAL_CARD, subscribe, subscriptionRow, userColumns } from '../../../tests/support/subscription-flow.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { INVOICE_NOT_FOUND, NO_SCHEDULED_CHANGE, NO_SUBSCRIPTION, SAME_PLAN } from '../services/subscriptions/manage.ts';
import type { InvoiceDetailView } from '../services/subscriptions/manage.ts';
import type { ChangePreview, InvoiceView, SubscriptionView } from '../../../shared/subscriptions/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** An active (trial over) subscription whose current period is [now − pastDays, now + aheadDays]. */
async function activeSubscription(plan: string, interval: 'month' | 'year', pastDays: number, aheadDays: number) {
  const { user, token } = await createSignedInUser(t.db);
  const sub = await subscribe(t, token, plan, interval);
  await advance(t, token, { days: 14.01 });
  // Whole seconds, as the provider's objects carry them.
  const now = Math.floor(Date.now() / 1000) * 1000;
  await t.db
    .update(subscriptions)
    .set({ currentPeriodStart: new Date(now - pastDays * DAY).toISOString(), currentPeriodEnd: new Date(now + aheadDays * DAY).toISOString() })
    .where(eq(subscriptions.id, sub.id));
  return { user, token, sub };
}

const preview = (token: string, plan: string, interval: string) => t.request(`/api/subscriptions/change/preview?plan=${plan}&interval=${interval}`, { headers: { authorization: `Bearer ${token}` } });
const change = (token: string, plan: string, interval: string) => t.json('POST', '/api/subscriptions/change', { plan, interval }, token);
const invoices = async (token: string) => read<InvoiceView[]>(await t.json('GET', '/api/subscriptions/invoices', undefined, token));

describe('changing plan', () => {
  it('an upgrade is prorated by time and invoiced at once (10 of 30 days used: 2/3 left)', async () => {
    const { user, token, sub } = await activeSubscription('educator', 'month', 10, 20);
    const p = await read<ChangePreview>(await preview(token, 'premium', 'month'));
    expect(p).toMatchObject({
      kind: 'upgrade',
      effective: 'now',
      from: { plan: { tier: 'educator' }, interval: 'month', price_cents: 2900 },
      to: { plan: { tier: 'premium' }, interval: 'month', price_cents: 7900 },
      credit_cents: 1933,
      charge_cents: 5267,
      due_cents: 3334,
      trialing: false,
    });
    const before = await subscriptionRow(t, sub.id);
    const res = await change(token, 'premium', 'month');
    expect(res.status).toBe(200);
    const body = await read<{ subscription: SubscriptionView; change: ChangePreview }>(res);
    expect(body.subscription).toMatchObject({ plan: { tier: 'premium' }, price_cents: 7900, status: 'active', scheduled_change: null });
    expect(body.subscription.current_period_end).toBe(before.currentPeriodEnd);
    const [latest] = await invoices(token);
    expect(latest).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid_cents: 3334 });
    expect(latest!.lines.map((l) => l.amount_cents)).toEqual([-1933, 5267]);
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'premium', plan: 'premium_monthly', status: 'active' });
  });

  it('upgrading a past-due subscription whose card fails fails the upgrade invoice and leaves it past due, with no access (as Stripe does)', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const sub = await subscribe(t, token, 'educator', 'month', FAILING_RENEWAL_CARD);
    // The trial ends and its first charge fails: past due.
    await advance(t, token, { days: 14.01 });
    expect((await subscriptionRow(t, sub.id)).status).toBe('past_due');
    const before = await userColumns(t, user.id);
    const res = await change(token, 'premium', 'month');
    expect(res.status).toBe(200);
    expect((await subscriptionRow(t, sub.id)).status).toBe('past_due');
    const [latest] = await invoices(token);
    expect(latest).toMatchObject({ billing_reason: 'subscription_update', amount_paid_cents: 0 });
    expect(latest!.status).not.toBe('paid');
    expect(await userColumns(t, user.id)).toMatchObject({ status: before.status });
    expect((await userColumns(t, user.id)).status).not.toBe('active');
  });

  it('monthly → yearly starts a yearly period now, crediting the unused month', async () => {
    const { token } = await activeSubscription('educator', 'month', 15, 15);
    const p = await read<ChangePreview>(await preview(token, 'educator', 'year'));
    expect(p).toMatchObject({ kind: 'interval', effective: 'now', credit_cents: 1450, charge_cents: 29000, due_cents: 27550 });
    const body = await read<{ subscription: SubscriptionView }>(await change(token, 'educator', 'year'));
    expect(body.subscription).toMatchObject({ interval: 'year', price_cents: 29000 });
    const end = Date.parse(body.subscription.current_period_end!);
    expect(end - Date.now()).toBeGreaterThan(364 * DAY);
    expect((await invoices(token))[0]!.amount_paid_cents).toBe(27550);
  });

  it('inside the trial an upgrade charges nothing and the trial goes on', async () => {
    const { token } = await createSignedInUser(t.db);
    const sub = await subscribe(t, token, 'educator', 'month');
    const p = await read<ChangePreview>(await preview(token, 'royalty', 'month'));
    expect(p).toMatchObject({ kind: 'upgrade', effective: 'now', due_cents: 0, trialing: true });
    const body = await read<{ subscription: SubscriptionView }>(await change(token, 'royalty', 'month'));
    expect(body.subscription).toMatchObject({ status: 'trialing', plan: { tier: 'royalty' }, trial_end: sub.trial_end });
    expect((await invoices(token)).filter((i) => i.billing_reason === 'subscription_update')).toHaveLength(0);
  });

  it('a downgrade is scheduled for the period end, can be undone, and applies at the period end', async () => {
    const { user, token, sub } = await activeSubscription('premium', 'month', 5, 25);
    const p = await read<ChangePreview>(await preview(token, 'educator', 'month'));
    expect(p).toMatchObject({ kind: 'downgrade', effective: 'period_end', due_cents: 0 });
    const row = await subscriptionRow(t, sub.id);
    expect(p.effective_at).toBe(row.currentPeriodEnd);

    const scheduled = await read<{ subscription: SubscriptionView }>(await change(token, 'educator', 'month'));
    expect(scheduled.subscription).toMatchObject({ plan: { tier: 'premium' }, scheduled_change: { plan: { tier: 'educator' }, interval: 'month', effective_at: row.currentPeriodEnd } });
    expect((await userColumns(t, user.id)).tier).toBe('premium');

    const undone = await read<SubscriptionView>(await t.json('POST', '/api/subscriptions/change/cancel-scheduled', undefined, token));
    expect(undone.scheduled_change).toBeNull();
    const none = await t.json('POST', '/api/subscriptions/change/cancel-scheduled', undefined, token);
    expect(none.status).toBe(404);
    expect((await read<ErrorBody>(none)).message).toBe(NO_SCHEDULED_CHANGE);

    await change(token, 'educator', 'month');
    const after = await read<SubscriptionView>(await advance(t, token, { days: 26 }));
    expect(after).toMatchObject({ plan: { tier: 'educator' }, price_cents: 2900, status: 'active', scheduled_change: null });
    expect((await invoices(token))[0]).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid_cents: 2900 });
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'educator', plan: 'educator_monthly' });
  });

  it('yearly → monthly waits for the period end; the same plan and interval is 409; no subscription is 404', async () => {
    const { token } = await activeSubscription('educator', 'year', 30, 335);
    const p = await read<ChangePreview>(await preview(token, 'educator', 'month'));
    expect(p).toMatchObject({ kind: 'interval', effective: 'period_end' });
    const same = await change(token, 'educator', 'year');
    expect(same.status).toBe(409);
    expect((await read<ErrorBody>(same)).message).toBe(SAME_PLAN);
    const bad = await change(token, 'gold', 'year');
    expect(bad.status).toBe(400);
    const { token: other } = await createSignedInUser(t.db);
    const none = await preview(other, 'premium', 'month');
    expect(none.status).toBe(404);
    expect((await read<ErrorBody>(none)).message).toBe(NO_SUBSCRIPTION);
  });
});

describe('time passing without the test clock', () => {
  it('a period end passed in real time renews, or ends a cancelled subscription, when the subscriptions are next read', async () => {
    const { user, token, sub } = await activeSubscription('educator', 'month', 31, -1);
    const [renewed] = await read<SubscriptionView[]>(await t.json('GET', '/api/subscriptions/user', undefined, token));
    expect(renewed).toMatchObject({ id: sub.id, status: 'active' });
    expect(Date.parse(renewed!.current_period_end!)).toBeGreaterThan(Date.now() + 25 * DAY);
    expect((await invoices(token))[0]).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid_cents: 2900 });

    await t.json('POST', '/api/subscriptions/cancel', undefined, token);
    await t.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000).toISOString() }).where(eq(subscriptions.id, sub.id));
    const [ended] = await read<SubscriptionView[]>(await t.json('GET', '/api/subscriptions/user', undefined, token));
    expect(ended).toMatchObject({ status: 'canceled', is_active: false });
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'educator', status: 'canceled' });
  });
});

describe('invoices', () => {
  it('the owner and a subscriptions.manage admin read an invoice with the buyer; anyone else gets 404', async () => {
    const { user, token } = await createSignedInUser(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
    await subscribe(t, token, 'educator', 'month');
    const [invoice] = await invoices(token);
    const own = await read<InvoiceDetailView>(await t.json('GET', `/api/subscriptions/invoices/${invoice!.id}`, undefined, token));
    expect(own).toMatchObject({ id: invoice!.id, customer: { name: 'Ada Lovelace', email: user.email }, plan: { tier: 'educator' }, interval: 'month', receipt_url: `/profile/manage/invoices/${invoice!.id}` });
    const { token: stranger } = await createSignedInUser(t.db);
    const res = await t.json('GET', `/api/subscriptions/invoices/${invoice!.id}`, undefined, stranger);
    expect(res.status).toBe(404);
    expect((await read<ErrorBody>(res)).message).toBe(INVOICE_NOT_FOUND);
    expect(await invoices(stranger)).toEqual([]);
    const admin = await createAdmin(t.db);
    const asAdmin = await t.json('GET', `/api/subscriptions/invoices/${invoice!.id}`, undefined, await signIn(t.db, admin.id));
    expect(asAdmin.status).toBe(200);
    expect((await t.json('GET', '/api/subscriptions/invoices/abc', undefined, token)).status).toBe(400);
  });
});

describe('signed-in routes', () => {
  it('answer 401 without a session', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/subscriptions/user'],
      ['POST', '/api/subscriptions/cancel'],
      ['POST', '/api/subscriptions/resume'],
      ['GET', '/api/subscriptions/change/preview?plan=premium&interval=month'],
      ['POST', '/api/subscriptions/change'],
      ['POST', '/api/subscriptions/change/cancel-scheduled'],
      ['GET', '/api/subscriptions/invoices'],
      ['GET', '/api/subscriptions/invoices/1'],
      ['POST', '/api/subscriptions/portal'],
      ['POST', '/api/subscriptions/test-clock'],
    ];
    for (const [method, path] of calls) {
      const res = await t.json(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('the portal is Stripe only; the test clock moves only one own subscription forward', async () => {
    const { token } = await createSignedInUser(t.db);
    const sub = await subscribe(t, token, 'educator', 'month');
    const portal = await t.json('POST', '/api/subscriptions/portal', undefined, token);
    expect(portal.status).toBe(409);
    expect((await read<ErrorBody>(portal)).message).toMatch(/only available with Stripe/);
    const { token: other } = await createSignedInUser(t.db);
    expect((await advance(t, other, { subscriptionId: sub.id, days: 1 })).status).toBe(404);
    expect((await advance(t, token, { days: 1, to: new Date().toISOString() })).status).toBe(400);
    expect((await advance(t, token, { to: new Date(Date.now() - DAY).toISOString() })).status).toBe(400);
    const admin = await createAdmin(t.db);
    const moved = await advance(t, await signIn(t.db, admin.id), { subscriptionId: sub.id, to: new Date(Date.now() + 2 * DAY).toISOString() });
    expect(moved.status).toBe(200);
    expect(Date.parse((await read<SubscriptionView>(moved)).trial_end!)).toBeLessThan(Date.parse(sub.trial_end!) - 1.9 * DAY);
  });
});
