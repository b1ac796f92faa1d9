import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructorProfiles, sellerLedger, sellerProfiles } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking } from '../../../tests/support/booking-factories.ts';
import { placeOrder } from '../../../tests/support/order-factories.ts';
import { createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { addLedgerRow, createSeller } from '../../../tests/support/seller-factories.ts';
import { useStripeFakeApp } from '../../../tests/support/stripe-app.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { TEST_ONBOARDING_PATH } from '../services/store/connect.ts';
import { type ConnectStatus, type TestOnboardingView } from '../../../shared/store/connect.ts';
import { INSTRUCTOR_NOT_PUBLISHED, INSTRUCTOR_SUSPENDED } from '../services/store/payees.ts';
import { NOTHING_TO_PAY, PAYOUTS_NOT_ENABLED, PAYOUTS_PAUSED_INSTRUCTOR } from '../services/store/seller-money.ts';
import { type PayoutView, type SellerPayments } from '../../../shared/store/seller-money.ts';

/**
 * Payouts of a Connect & Book instructor who is not a store seller (decision 0032's addendum): the
 * same Connect onboarding, payments page and payout as a seller's, the account kept on the
 * instructor's profile, no store approval and no seller profile made for them.
 */

const instructorRow = async (t: TestApp, userId: number) => (await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, userId)))[0]!;
const sellerRows = async (t: TestApp, userId: number) => t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId));

describe('an instructor without a store (test mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets up payouts, sees a paid booking’s earning and is paid it (simulated transfer)', async () => {
    const instructor = await createInstructor(t.db);
    const token = await signIn(t.db, instructor.user.id);
    const student = await createSignedInUser(t.db);
    // A held booking paid through the test provider: the booking fulfiller confirms it and writes the earning.
    const held = await giveBooking(t.db, student.user.id, instructor.lessonTypes[0]!, { status: 'held' });
    const order = await placeOrder(t, student.user.id, [{ kind: 'BOOKING', itemId: held.id, title: held.title, unitPriceCents: held.priceCents }]);

    const before = await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, token));
    expect(before.connect).toEqual({ account_id: null, charges_enabled: false, payouts_enabled: false, details_submitted: false, test_mode: true });
    expect(before.payout_blocked_reason).toBe(PAYOUTS_NOT_ENABLED);
    const sale = before.ledger.data.find((e) => e.order_id === order.id)!;
    expect(sale).toMatchObject({ type: 'sale', gross_cents: 5000, resource: null, paid_directly: false });
    expect(sale.description).toContain(`Booking: ${held.title}`);
    expect(before.balance_cents).toBe(sale.net_cents);
    expect(sale.net_cents).toBe(5000 - sale.fee_cents);

    const started = await t.json('POST', '/api/stripe-connect', undefined, token);
    expect(started.status).toBe(200);
    const link = await read<{ url: string; account_id: string; test_mode: boolean }>(started);
    expect(link).toMatchObject({ url: TEST_ONBOARDING_PATH, test_mode: true });
    expect(link.account_id).toMatch(/^acct_test_/);
    expect((await instructorRow(t, instructor.user.id)).connectAccountId).toBe(link.account_id);
    // No seller profile is made: the instructor appears nowhere in the store.
    expect(await sellerRows(t, instructor.user.id)).toEqual([]);

    const view = await read<TestOnboardingView>(await t.json('GET', '/api/stripe-connect/test-onboarding', undefined, token));
    expect(view).toMatchObject({ account_id: link.account_id, store_name: 'Ina Structor', payouts_enabled: false });
    const done = await t.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, token);
    expect(done.status).toBe(200);
    expect(await read<ConnectStatus>(done)).toMatchObject({ account_id: link.account_id, payouts_enabled: true });
    expect((await instructorRow(t, instructor.user.id)).payoutsEnabled).toBe(true);

    const ready = await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, token));
    expect(ready.payout_blocked_reason).toBeNull();
    const paid = await t.json('POST', '/api/seller/payouts', undefined, token);
    expect(paid.status).toBe(201);
    const payout = await read<PayoutView>(paid);
    expect(payout).toMatchObject({ amount_cents: sale.net_cents, status: 'paid', test_mode: true });
    expect(payout.provider_transfer_id).toMatch(/^tr_test_/);

    const after = await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, token));
    expect(after.balance_cents).toBe(0);
    expect(after.totals.paid_out_cents).toBe(sale.net_cents);
    expect(after.payout_blocked_reason).toBe(NOTHING_TO_PAY);
    const again = await t.json('POST', '/api/seller/payouts', undefined, token);
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: NOTHING_TO_PAY });
  });

  it('refuses a plain student (403) and changes nothing', async () => {
    const student = await createSignedInUser(t.db);
    for (const [method, path] of [
      ['POST', '/api/stripe-connect'],
      ['GET', '/api/stripe-connect/account-status'],
      ['GET', '/api/seller/payments'],
      ['POST', '/api/seller/payouts'],
    ] as const) {
      const res = await t.json(method, path, undefined, student.token);
      expect(res.status, path).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: PERMISSION_DENIED });
    }
    // A booking professional may still not sell in the store.
    const instructor = await createInstructor(t.db);
    const res = await t.json('GET', '/api/seller/dashboard', undefined, await signIn(t.db, instructor.user.id));
    expect(res.status).toBe(403);
  });

  it('needs a published profile to set up payouts, and pauses them while the profile is suspended', async () => {
    const draft = await createInstructor(t.db, { status: 'draft' });
    const refused = await t.json('POST', '/api/stripe-connect', undefined, await signIn(t.db, draft.user.id));
    expect(refused.status).toBe(403);
    expect(await read<ErrorBody>(refused)).toEqual({ message: INSTRUCTOR_NOT_PUBLISHED });
    expect((await instructorRow(t, draft.user.id)).connectAccountId).toBeNull();

    const instructor = await createInstructor(t.db);
    const token = await signIn(t.db, instructor.user.id);
    await t.json('POST', '/api/stripe-connect', undefined, token);
    await t.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, token);
    await addLedgerRow(t.db, { sellerId: instructor.user.id, type: 'sale', grossCents: 3000, feeCents: 600, netCents: 2400 });
    await t.db.update(instructorProfiles).set({ status: 'suspended', suspendedReason: 'Checked' }).where(eq(instructorProfiles.userId, instructor.user.id));

    const payments = await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, token));
    expect(payments.payout_blocked_reason).toBe(PAYOUTS_PAUSED_INSTRUCTOR);
    const paused = await t.json('POST', '/api/seller/payouts', undefined, token);
    expect(paused.status).toBe(409);
    expect(await read<ErrorBody>(paused)).toEqual({ message: PAYOUTS_PAUSED_INSTRUCTOR });
    const onboarding = await t.json('POST', '/api/stripe-connect', undefined, token);
    expect(onboarding.status).toBe(403);
    expect(await read<ErrorBody>(onboarding)).toEqual({ message: INSTRUCTOR_SUSPENDED });
    const ledger = await t.db.select().from(sellerLedger).where(eq(sellerLedger.sellerId, instructor.user.id));
    expect(ledger.filter((l) => l.type === 'payout')).toEqual([]);
  });

  it('keeps an approved seller’s account on the store profile', async () => {
    const seller = await createSeller(t.db, { roles: ['SELLER', 'BOOKING_PROFESSIONAL'] });
    await t.db.insert(instructorProfiles).values({ userId: seller.user.id, status: 'published', calendarToken: `walk-${seller.user.id}` });
    const link = await read<{ account_id: string }>(await t.json('POST', '/api/stripe-connect', undefined, seller.token));
    expect((await sellerRows(t, seller.user.id))[0]!.connectAccountId).toBe(link.account_id);
    expect((await instructorRow(t, seller.user.id)).connectAccountId).toBeNull();
  });

  it('keeps the account an instructor set up once their store is approved', async () => {
    const instructor = await createInstructor(t.db);
    const token = await signIn(t.db, instructor.user.id);
    const link = await read<{ account_id: string }>(await t.json('POST', '/api/stripe-connect', undefined, token));
    await t.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, token);
    await t.db.insert(sellerProfiles).values({ userId: instructor.user.id, storeName: `Store ${instructor.user.id}`, status: 'approved' });
    const status = await read<ConnectStatus>(await t.json('GET', '/api/stripe-connect/account-status', undefined, token));
    expect(status).toMatchObject({ account_id: link.account_id, payouts_enabled: true });
  });
});

describe('an instructor without a store (Stripe keys)', () => {
  const stripe = useStripeFakeApp({ secretKey: 'sk_test_fake_instructor_payouts', webhookSecret: 'whsec_fake_instructor_payouts' });

  it('gets an Express account for lessons and is paid by a Stripe transfer', async () => {
    const instructor = await createInstructor(stripe.app.db);
    const token = await signIn(stripe.app.db, instructor.user.id);
    const link = await read<{ account_id: string; test_mode: boolean }>(await stripe.app.json('POST', '/api/stripe-connect', undefined, token));
    expect(link.test_mode).toBe(false);
    const created = stripe.fake.requests.filter((r) => r.path === '/v1/accounts' && r.form['metadata[userId]'] === String(instructor.user.id));
    expect(created).toHaveLength(1);
    expect(created[0]!.form).toMatchObject({
      type: 'express',
      'business_profile[name]': 'Ina Structor',
      'business_profile[product_description]': 'Dance lessons',
      'business_profile[url]': `https://drx.example/instructors/${instructor.user.id}`,
    });
    expect(created[0]!.headers['idempotency-key']).toContain(`connect-account-instructor-${instructor.user.id}-`);

    stripe.fake.accounts.get(link.account_id)!.payouts_enabled = true;
    await stripe.app.json('GET', '/api/stripe-connect/account-status', undefined, token);
    expect((await instructorRow(stripe.app, instructor.user.id)).payoutsEnabled).toBe(true);
    await addLedgerRow(stripe.app.db, { sellerId: instructor.user.id, type: 'sale', grossCents: 5000, feeCents: 1000, netCents: 4000 });
    const res = await stripe.app.json('POST', '/api/seller/payouts', undefined, token);
    expect(res.status).toBe(201);
    expect(await read<PayoutView>(res)).toMatchObject({ amount_cents: 4000, status: 'paid', test_mode: false });
    expect(stripe.fake.requests.find((r) => r.path === '/v1/transfers' && r.form.destination === link.account_id)!.form).toMatchObject({ amount: '4000' });
  });
});
