import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscriptionInvoices, subscriptions, subscriptionPlans, type SubscriptionPlanRow } from '../../../db/schema/index.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { userColumns } from '../../../tests/support/subscription-flow.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { getTestProvider } from '../services/payments/index.ts';
import { invoiceObject, subscriptionObject, type SimSubscription } from '../services/subscriptions/test-billing.ts';

let t: TestApp;
let plans: SubscriptionPlanRow[];
beforeAll(async () => {
  t = await createTestApp();
  plans = await t.db.select().from(subscriptionPlans);
});
afterAll(() => t.close());

const DAY = 86_400_000;
let seq = 0;

/** A signed delivery to POST /api/payments/webhook, as the provider would make it. */
async function post(type: string, object: unknown, created: number, id = `evt_case_${(seq += 1)}_${Date.now()}`) {
  const payload = JSON.stringify({ id, object: 'event', type, created, livemode: false, api_version: '2026-10-28.endive', data: { object } });
  const signature = await getTestProvider(t.platform)!.sign(payload);
  const res = await t.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  return { status: res.status, outcome: ((await res.json()) as { outcome: string }).outcome };
}

function sim(userId: number, id: string, overrides: Partial<SimSubscription> = {}, at: number = Date.now()): SimSubscription {
  const now = Math.floor(at / 1000) * 1000;
  return {
    id,
    customer: `cus_case_${userId}`,
    userId,
    orderId: null,
    plan: plans.find((p) => p.key === 'premium')!,
    interval: 'month',
    priceCents: 7900,
    currency: 'usd',
    status: 'trialing',
    cancelAtPeriodEnd: false,
    trialStart: now,
    trialEnd: now + 14 * DAY,
    periodStart: now,
    periodEnd: now + 14 * DAY,
    canceledAt: null,
    endedAt: null,
    scheduled: null,
    cardLast4: null,
    ...overrides,
  };
}

/**
 * The three events of a subscription's life: created (t0), cancelled at the period end (t0+10),
 * ended (t0+20). `at` is the subscription's start: two lives compared with each other share it.
 */
function lifeOf(userId: number, id: string, at: number) {
  const base = sim(userId, id, {}, at);
  const now = Math.floor(at / 1000) * 1000;
  return [
    { type: 'customer.subscription.created', object: subscriptionObject(base), created: 1_000 },
    { type: 'customer.subscription.updated', object: subscriptionObject({ ...base, cancelAtPeriodEnd: true, canceledAt: now }), created: 1_010 },
    { type: 'customer.subscription.deleted', object: subscriptionObject({ ...base, cancelAtPeriodEnd: true, canceledAt: now, status: 'canceled', endedAt: now }), created: 1_020 },
  ];
}

async function stateOf(providerId: string) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId));
  const { status, cancelAtPeriodEnd, endedAt, canceledAt, planId, interval, priceCents, currentPeriodEnd, providerUpdated } = row!;
  return { status, cancelAtPeriodEnd, endedAt, canceledAt, planId, interval, priceCents, currentPeriodEnd, providerUpdated };
}

describe('subscription webhooks', () => {
  it('in order, reversed and duplicated, the events end in the same state (an ended subscription never comes back)', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const start = Date.now();
    const inOrder = lifeOf(a.id, `sub_case_a_${start}`, start);
    for (const e of inOrder) expect((await post(e.type, e.object, e.created)).status).toBe(200);

    const shuffled = lifeOf(b.id, `sub_case_b_${start}`, start);
    const [created, updated, deleted] = shuffled;
    const ids = shuffled.map((_, i) => `evt_case_b_${i}_${Date.now()}`);
    expect((await post(deleted!.type, deleted!.object, deleted!.created, ids[2])).outcome).toBe('subscription:canceled');
    expect((await post(created!.type, created!.object, created!.created, ids[0])).outcome).toBe('ignored:stale');
    expect((await post(updated!.type, updated!.object, updated!.created, ids[1])).outcome).toBe('ignored:stale');
    expect((await post(deleted!.type, deleted!.object, deleted!.created, ids[2])).outcome).toBe('duplicate');
    // A later "update" cannot bring the ended subscription back.
    expect((await post(created!.type, created!.object, 2_000)).outcome).toBe('ignored:stale');

    const stateA = await stateOf(inOrder[0]!.object.id);
    const stateB = await stateOf(shuffled[0]!.object.id);
    expect(stateB).toEqual(stateA);
    expect(stateA).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true, providerUpdated: 1_020 });
    expect(await userColumns(t, b.id)).toEqual(await userColumns(t, a.id));
    expect(await userColumns(t, b.id)).toMatchObject({ tier: 'premium', status: 'canceled', expiresAt: stateB.endedAt });
  });

  it('handles a delivery exactly once under concurrent duplicates', async () => {
    const user = await createUser(t.db);
    const s = sim(user.id, `sub_case_c_${Date.now()}`, { status: 'active', trialStart: null, trialEnd: null });
    const created = subscriptionObject(s);
    const eventId = `evt_case_conc_${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => post('customer.subscription.created', created, 5_000, eventId)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.outcome === 'subscription:active')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(5);

    const invoice = invoiceObject(s, { reason: 'subscription_create', lines: [{ description: 'Premium', amountCents: 7900 }], periodStart: s.periodStart, periodEnd: s.periodEnd, paid: true });
    const invoiceEvent = `evt_case_inv_${Date.now()}`;
    const paid = await Promise.all(Array.from({ length: 6 }, () => post('invoice.paid', invoice, 5_001, invoiceEvent)));
    expect(paid.filter((r) => r.outcome === 'invoice:paid')).toHaveLength(1);
    const rows = await t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amountPaidCents: 7900, userId: user.id });
    const claimed = await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, invoiceEvent));
    expect(claimed).toHaveLength(1);

    // A failure reported after the payment does not undo it (paid wins).
    const failed = { ...invoice, status: 'open', amount_paid: 0, last_finalization_error: { message: 'Your card was declined.' } };
    expect((await post('invoice.payment_failed', failed, 5_002)).outcome).toBe('invoice:payment_failed');
    const [after] = await t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, invoice.id));
    expect(after).toMatchObject({ status: 'paid', amountPaidCents: 7900, failureReason: null });
  });

  it('invoice.payment_failed with the subscription past due: the user loses access; an unknown subscription is retried', async () => {
    const user = await createUser(t.db);
    const s = sim(user.id, `sub_case_d_${Date.now()}`, { status: 'active', trialStart: null, trialEnd: null });
    const invoice = invoiceObject(s, { reason: 'subscription_cycle', lines: [{ description: 'Premium', amountCents: 7900 }], periodStart: s.periodStart, periodEnd: s.periodEnd, paid: false, failureReason: 'Your card was declined.' });
    // Before the subscription is known the provider is told to deliver again (nothing is claimed).
    const early = await post('invoice.payment_failed', invoice, 6_000, `evt_case_early_${Date.now()}`);
    expect(early.status).toBe(409);
    await post('customer.subscription.created', subscriptionObject(s), 6_000);
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'premium', status: 'active' });
    expect((await post('invoice.payment_failed', invoice, 6_001)).outcome).toBe('invoice:payment_failed');
    await post('customer.subscription.updated', subscriptionObject({ ...s, status: 'past_due' }), 6_001);
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'premium', status: 'past_due', expiresAt: null });
    const [row] = await t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.providerInvoiceId, invoice.id));
    expect(row).toMatchObject({ status: 'open', failureReason: 'Your card was declined.' });
  });

  it('refuses a bad signature and ignores an event for an unknown user', async () => {
    const res = await t.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' }, body: '{}' });
    expect(res.status).toBe(400);
    const orphan = subscriptionObject(sim(999_999, `sub_case_orphan_${Date.now()}`));
    orphan.metadata.userId = '';
    expect((await post('customer.subscription.created', orphan, 7_000)).outcome).toBe('ignored:unknown-user');
    // An order id that names no order is not a failure: the subscription is kept without it.
    const user = await createUser(t.db);
    const stray = subscriptionObject(sim(user.id, `sub_case_stray_${Date.now()}`));
    stray.metadata.orderId = '987654321';
    expect(await post('customer.subscription.created', stray, 7_001)).toEqual({ status: 200, outcome: 'subscription:trialing' });
    // An unknown plan is recorded and changes nothing.
    const unknownPlan = JSON.parse(JSON.stringify(subscriptionObject(sim(user.id, `sub_case_plan_${Date.now()}`))).replaceAll('premium', 'gold')) as unknown;
    expect((await post('customer.subscription.created', unknownPlan, 7_002)).outcome).toBe('ignored:unknown-plan');
  });

  it('the best current subscription sets the columns: a higher live plan wins over a newer lower one', async () => {
    const user = await createUser(t.db);
    const royalty = sim(user.id, `sub_case_r_${Date.now()}`, { plan: plans.find((p) => p.key === 'royalty')!, status: 'active', trialStart: null, trialEnd: null });
    const educator = sim(user.id, `sub_case_e_${Date.now()}`, { plan: plans.find((p) => p.key === 'educator')!, status: 'active', trialStart: null, trialEnd: null, interval: 'year' });
    await post('customer.subscription.created', subscriptionObject(royalty), 8_000);
    await post('customer.subscription.created', subscriptionObject(educator), 8_001);
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'royalty', plan: 'royalty_monthly', status: 'active' });
    await post('customer.subscription.deleted', subscriptionObject({ ...royalty, status: 'canceled', endedAt: Date.now(), canceledAt: Date.now() }), 8_002);
    expect(await userColumns(t, user.id)).toMatchObject({ tier: 'educator', plan: 'educator_yearly', status: 'active', expiresAt: null });
  });
});
