import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds, resources } from '../../db/schema/index.ts';
import { getPaymentProvider } from '../../worker/src/services/payments/index.ts';
import { describePurchasables, registerPurchasableKind, unregisterPurchasableKind, type KindDescriber } from '../../worker/src/services/purchasables.ts';
import { createPaidCourse, orderRow } from '../support/commerce-factories.ts';
import { createSignedInUser } from '../support/factories.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { startStripeFake, type StripeFake } from '../support/stripe-fake.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Destination charges (decision 0029) against the fake Stripe: a checkout of one onboarded
 * seller's resources sends payment_intent_data.transfer_data.destination and the application fee;
 * anything else is charged to the platform. Its refund reverses the transfer and the fee.
 */

let t: TestApp;
let fake: StripeFake;
let standIn = false;

/** Resources as the cart sells them, while the store's own describer (helper A) is not registered. */
const describeResources: KindDescriber = async (db, _userId, itemIds) => {
  const out = new Map();
  for (const id of itemIds) {
    const [r] = await db.select().from(resources).where(eq(resources.id, id));
    if (r) {
      out.set(id, { kind: 'RESOURCE', itemId: id, title: r.title, priceCents: r.priceCents, imageUrl: null, url: `/curriculum/${id}`, available: r.status === 'published', reason: r.status === 'published' ? null : 'unpublished', reasonMessage: null, maxQuantity: 10 });
    }
  }
  return out;
};

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake_destination_01', STRIPE_WEBHOOK_SECRET: 'whsec_fake_destination_01', STRIPE_API_BASE: fake.url, PUBLIC_URL: 'https://drx.example' });
  const probeSeller = await createSeller(t.db);
  const probe = await createResource(t.db, probeSeller.user.id);
  const described = await describePurchasables(t.db, null, [{ kind: 'RESOURCE', itemId: probe.id }]);
  if (described.get(`RESOURCE:${probe.id}`)?.reason === 'not_found') {
    registerPurchasableKind('RESOURCE', describeResources);
    standIn = true;
  }
});
afterAll(async () => {
  if (standIn) unregisterPurchasableKind('RESOURCE');
  t.close();
  await fake.close();
});

async function onboardedSeller(accountId = `acct_dest${Math.random().toString(36).slice(2, 10)}`) {
  return createSeller(t.db, { payoutsEnabled: true, connectAccountId: accountId });
}

async function checkout(items: { type: 'COURSE' | 'RESOURCE'; itemId: number; quantity?: number }[]) {
  const { token } = await createSignedInUser(t.db);
  for (const item of items) {
    const res = await t.json('POST', '/api/cart', item, token);
    if (res.status !== 200 && res.status !== 201) throw new Error(`Cart answered ${res.status}: ${await res.text()}`);
  }
  const res = await t.json('POST', '/api/checkout', {}, token);
  if (res.status !== 201) throw new Error(`Checkout answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { order: { id: number; number: string } };
  const call = fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.form['metadata[orderId]'] === String(body.order.id)).at(-1)!;
  return { order: body.order, form: call.form };
}

describe('destination charges', () => {
  it("charges one onboarded seller's resources to their account with the platform's fee", async () => {
    const seller = await onboardedSeller('acct_destonly1');
    const a = await createResource(t.db, seller.user.id, { priceCents: 1999 });
    const b = await createResource(t.db, seller.user.id, { priceCents: 1000 });
    const { order, form } = await checkout([
      { type: 'RESOURCE', itemId: a.id },
      { type: 'RESOURCE', itemId: b.id, quantity: 2 },
    ]);
    // Fees per line at 20%: round(1999 × 0.2) = 400, round(2000 × 0.2) = 400.
    expect(form).toMatchObject({
      'payment_intent_data[transfer_data][destination]': 'acct_destonly1',
      'payment_intent_data[application_fee_amount]': '800',
      'payment_intent_data[metadata][orderId]': String(order.id),
    });
    const row = await orderRow(t.db, order.id);
    expect(JSON.parse(row.metadata!)).toEqual({ connect_destination: 'acct_destonly1', application_fee_cents: 800 });
  });

  it('takes the fee percent of the moment', async () => {
    await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: 10 }, (await createSignedInUser(t.db, { roles: ['ADMIN'] })).token);
    const seller = await onboardedSeller();
    const r = await createResource(t.db, seller.user.id, { priceCents: 2500 });
    const { form } = await checkout([{ type: 'RESOURCE', itemId: r.id }]);
    expect(form['payment_intent_data[application_fee_amount]']).toBe('250');
    await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: 20 }, (await createSignedInUser(t.db, { roles: ['ADMIN'] })).token);
  });

  it.each([
    ['a seller not onboarded', async () => [{ type: 'RESOURCE' as const, itemId: (await createResource(t.db, (await createSeller(t.db, { connectAccountId: 'acct_half' })).user.id)).id }]],
    ['a simulated (test-mode) account', async () => [{ type: 'RESOURCE' as const, itemId: (await createResource(t.db, (await onboardedSeller('acct_test_sim')).user.id)).id }]],
    [
      'two sellers',
      async () => [
        { type: 'RESOURCE' as const, itemId: (await createResource(t.db, (await onboardedSeller()).user.id)).id },
        { type: 'RESOURCE' as const, itemId: (await createResource(t.db, (await onboardedSeller()).user.id)).id },
      ],
    ],
    [
      'a course beside the resource',
      async () => [
        { type: 'RESOURCE' as const, itemId: (await createResource(t.db, (await onboardedSeller()).user.id)).id },
        { type: 'COURSE' as const, itemId: (await createPaidCourse(t.db)).id },
      ],
    ],
  ])('charges the platform for %s', async (_, items) => {
    const { order, form } = await checkout(await items());
    expect(form['payment_intent_data[transfer_data][destination]']).toBeUndefined();
    expect(form['payment_intent_data[application_fee_amount]']).toBeUndefined();
    expect((await orderRow(t.db, order.id)).metadata).toBeNull();
  });

  it("refunds a destination charge by reversing the seller's transfer and the fee; a platform charge's refund does not", async () => {
    const seller = await onboardedSeller('acct_destrefund');
    const r = await createResource(t.db, seller.user.id, { priceCents: 3000 });
    const { order } = await checkout([{ type: 'RESOURCE', itemId: r.id }]);
    await t.db.update(orders).set({ status: 'paid', paidAt: new Date().toISOString(), providerPaymentIntentId: 'pi_dest_1' }).where(eq(orders.id, order.id));
    const [refundRow] = await t.db.insert(refunds).values({ orderId: order.id, amountCents: 3000, reason: 'Asked' }).returning();
    await getPaymentProvider(t.platform).refund({ order: await orderRow(t.db, order.id), amountCents: 3000, refundId: refundRow!.id, orderItemIds: null });
    const call = fake.requests.filter((x) => x.path === '/v1/refunds').at(-1)!;
    expect(call.form).toMatchObject({ payment_intent: 'pi_dest_1', amount: '3000', reverse_transfer: 'true', refund_application_fee: 'true' });

    const course = await createPaidCourse(t.db);
    const platform = await checkout([{ type: 'COURSE', itemId: course.id }]);
    await t.db.update(orders).set({ status: 'paid', paidAt: new Date().toISOString(), providerPaymentIntentId: 'pi_plat_1' }).where(eq(orders.id, platform.order.id));
    const [platformRefund] = await t.db.insert(refunds).values({ orderId: platform.order.id, amountCents: 100, reason: 'Asked' }).returning();
    await getPaymentProvider(t.platform).refund({ order: await orderRow(t.db, platform.order.id), amountCents: 100, refundId: platformRefund!.id, orderItemIds: null });
    const plain = fake.requests.filter((x) => x.path === '/v1/refunds').at(-1)!;
    expect(plain.form.payment_intent).toBe('pi_plat_1');
    expect(plain.form.reverse_transfer).toBeUndefined();
    expect(plain.form.refund_application_fee).toBeUndefined();
  });
});
