import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerLedger, sellerPayouts, sellerProfiles } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { addLedgerRow, createSeller } from '../../../tests/support/seller-factories.ts';
import { useStripeFakeApp } from '../../../tests/support/stripe-app.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { CONNECT_RETURN_PATH, CONNECT_UNAVAILABLE, NO_TEST_ACCOUNT, NOT_TEST_MODE, TEST_ONBOARDING_PATH } from '../services/store/connect.ts';
import { type ConnectStatus, type TestOnboardingView } from '../../../shared/store/connect.ts';
import { PAYOUT_FAILED, PAYOUTS_NOT_ENABLED } from '../services/store/seller-money.ts';
import { type PayoutView } from '../../../shared/store/seller-money.ts';
import { APPLICATION_PENDING, NOT_A_SELLER, SELLER_SUSPENDED } from '../services/store/sellers.ts';

const profileOf = async (t: TestApp, userId: number) => (await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)))[0]!;

describe('test mode (no Stripe keys): simulated onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses without store.sell (403) and signed out (401)', async () => {
    const { token } = await createSignedInUser(t.db);
    for (const [method, path] of [
      ['POST', '/api/stripe-connect'],
      ['GET', '/api/stripe-connect/account-status'],
      ['GET', '/api/stripe-connect/test-onboarding'],
      ['POST', '/api/stripe-connect/test-onboarding/complete'],
    ] as const) {
      expect((await t.json(method, path)).status, path).toBe(401);
      const res = await t.json(method, path, undefined, token);
      expect(res.status, path).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: PERMISSION_DENIED });
    }
  });

  it('needs an approved seller to start onboarding, saying why not', async () => {
    const officer = await createSignedInUser(t.db, { roles: ['CURRICULUM_OFFICER'] });
    const noProfile = await t.json('POST', '/api/stripe-connect', undefined, officer.token);
    expect(noProfile.status).toBe(403);
    expect(await read<ErrorBody>(noProfile)).toEqual({ message: NOT_A_SELLER });
    for (const [status, message] of [
      ['pending', APPLICATION_PENDING],
      ['suspended', SELLER_SUSPENDED],
    ] as const) {
      const seller = await createSeller(t.db, { status, roles: ['SELLER'] });
      const res = await t.json('POST', '/api/stripe-connect', undefined, seller.token);
      expect(res.status, status).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message });
      expect((await profileOf(t, seller.user.id)).connectAccountId).toBeNull();
    }
  });

  it('creates one simulated account, sends the seller to the test onboarding page, and enables payouts when it is completed', async () => {
    const seller = await createSeller(t.db);
    const before = await read<ConnectStatus>(await t.json('GET', '/api/stripe-connect/account-status', undefined, seller.token));
    expect(before).toEqual({ account_id: null, charges_enabled: false, payouts_enabled: false, details_submitted: false, test_mode: true });
    const noAccount = await t.json('GET', '/api/stripe-connect/test-onboarding', undefined, seller.token);
    expect(noAccount.status).toBe(404);
    expect(await read<ErrorBody>(noAccount)).toEqual({ message: NO_TEST_ACCOUNT });

    const started = await t.json('POST', '/api/stripe-connect', undefined, seller.token);
    expect(started.status).toBe(200);
    const link = await read<{ url: string; account_id: string; test_mode: boolean }>(started);
    expect(link).toMatchObject({ url: TEST_ONBOARDING_PATH, test_mode: true });
    expect(link.account_id).toMatch(/^acct_test_/);
    // Once: a second start keeps the same account.
    expect((await read<{ account_id: string }>(await t.json('POST', '/api/stripe-connect', undefined, seller.token))).account_id).toBe(link.account_id);

    const view = await read<TestOnboardingView>(await t.json('GET', '/api/stripe-connect/test-onboarding', undefined, seller.token));
    expect(view).toEqual({ account_id: link.account_id, store_name: seller.profile.storeName, email: seller.user.email, payouts_enabled: false, return_url: CONNECT_RETURN_PATH });
    const pending = await read<ConnectStatus>(await t.json('GET', '/api/stripe-connect/account-status', undefined, seller.token));
    expect(pending).toMatchObject({ account_id: link.account_id, payouts_enabled: false, test_mode: true });

    const done = await t.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, seller.token);
    expect(done.status).toBe(200);
    expect(await read<ConnectStatus & { redirect_url: string }>(done)).toEqual({
      account_id: link.account_id,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      test_mode: true,
      redirect_url: CONNECT_RETURN_PATH,
    });
    expect((await profileOf(t, seller.user.id)).payoutsEnabled).toBe(true);
  });

  it('answers two simultaneous starts with the same account', async () => {
    const seller = await createSeller(t.db);
    const answers = await Promise.all([1, 2].map(async () => read<{ account_id: string }>(await t.json('POST', '/api/stripe-connect', undefined, seller.token))));
    expect(answers[0]!.account_id).toBe(answers[1]!.account_id);
    expect((await profileOf(t, seller.user.id)).connectAccountId).toBe(answers[0]!.account_id);
  });

  it('does not complete onboarding for a seller without a simulated account', async () => {
    const seller = await createSeller(t.db);
    const res = await t.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, seller.token);
    expect(res.status).toBe(404);
    expect((await profileOf(t, seller.user.id)).payoutsEnabled).toBe(false);
  });
});

describe('with Stripe keys: Express accounts, onboarding links and transfers through the SDK', () => {
  const stripe = useStripeFakeApp({ secretKey: 'sk_test_fake_connect_0123', webhookSecret: 'whsec_fake_connect_0123' });

  const requestsTo = (path: string) => stripe.fake.requests.filter((r) => r.path === path);

  it('creates the Express account once and answers Stripe’s onboarding link', async () => {
    const seller = await createSeller(stripe.app.db);
    const res = await stripe.app.json('POST', '/api/stripe-connect', undefined, seller.token);
    expect(res.status).toBe(200);
    const link = await read<{ url: string; account_id: string; test_mode: boolean }>(res);
    expect(link.test_mode).toBe(false);
    expect(link.account_id).toMatch(/^acct_fake/);
    expect(link.url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${link.account_id}/`));
    expect((await profileOf(stripe.app, seller.user.id)).connectAccountId).toBe(link.account_id);

    const created = requestsTo('/v1/accounts').filter((r) => r.form['metadata[userId]'] === String(seller.user.id));
    expect(created).toHaveLength(1);
    expect(created[0]!.form).toMatchObject({
      type: 'express',
      email: seller.user.email!,
      'capabilities[transfers][requested]': 'true',
      'business_profile[name]': seller.profile.storeName,
      'business_profile[url]': `https://drx.example/sellers/${seller.user.id}`,
    });
    expect(created[0]!.headers['idempotency-key']).toContain(`connect-account-${seller.user.id}-`);
    const links = requestsTo('/v1/account_links').filter((r) => r.form.account === link.account_id);
    expect(links[0]!.form).toMatchObject({
      type: 'account_onboarding',
      return_url: 'https://drx.example/seller/payments?connect=return',
      refresh_url: 'https://drx.example/seller/payments?connect=refresh',
    });

    // Again: a new link for the same account, no second account.
    const again = await read<{ account_id: string }>(await stripe.app.json('POST', '/api/stripe-connect', undefined, seller.token));
    expect(again.account_id).toBe(link.account_id);
    expect(requestsTo('/v1/accounts').filter((r) => r.form['metadata[userId]'] === String(seller.user.id))).toHaveLength(1);
    expect(requestsTo('/v1/account_links').filter((r) => r.form.account === link.account_id)).toHaveLength(2);
  });

  it('keeps the onboarding return addresses on the site, whatever host the request names', async () => {
    const seller = await createSeller(stripe.app.db);
    const res = await stripe.app.request('http://other.host/api/stripe-connect', { method: 'POST', headers: { authorization: `Bearer ${seller.token}` } });
    expect(res.status).toBe(200);
    const { account_id } = await read<{ account_id: string }>(res);
    const links = requestsTo('/v1/account_links').filter((r) => r.form.account === account_id);
    expect(links).toHaveLength(1);
    for (const field of ['return_url', 'refresh_url'] as const) expect(new URL(links[0]!.form[field]!).origin).toBe('https://drx.example');
  });

  it('reads the account’s state from Stripe and keeps payouts_enabled in step', async () => {
    const seller = await createSeller(stripe.app.db);
    const { account_id } = await read<{ account_id: string }>(await stripe.app.json('POST', '/api/stripe-connect', undefined, seller.token));
    const first = await read<ConnectStatus>(await stripe.app.json('GET', '/api/stripe-connect/account-status', undefined, seller.token));
    expect(first).toEqual({ account_id, charges_enabled: false, payouts_enabled: false, details_submitted: false, test_mode: false });

    Object.assign(stripe.fake.accounts.get(account_id)!, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    const done = await read<ConnectStatus>(await stripe.app.json('GET', '/api/stripe-connect/account-status', undefined, seller.token));
    expect(done).toEqual({ account_id, charges_enabled: true, payouts_enabled: true, details_submitted: true, test_mode: false });
    expect((await profileOf(stripe.app, seller.user.id)).payoutsEnabled).toBe(true);

    // Stripe turns payouts off (e.g. missing documents): the profile follows.
    stripe.fake.accounts.get(account_id)!.payouts_enabled = false;
    await stripe.app.json('GET', '/api/stripe-connect/account-status', undefined, seller.token);
    expect((await profileOf(stripe.app, seller.user.id)).payoutsEnabled).toBe(false);
  });

  it('has no simulated onboarding with Stripe keys', async () => {
    const seller = await createSeller(stripe.app.db);
    const res = await stripe.app.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, seller.token);
    expect(res.status).toBe(404);
    expect(await read<ErrorBody>(res)).toEqual({ message: NOT_TEST_MODE });
  });

  it('answers 502 and stores nothing when Stripe fails', async () => {
    const seller = await createSeller(stripe.app.db);
    stripe.fake.failNext(500, 2);
    const res = await stripe.app.json('POST', '/api/stripe-connect', undefined, seller.token);
    expect(res.status).toBe(502);
    expect(await read<ErrorBody>(res)).toEqual({ message: CONNECT_UNAVAILABLE });
    expect((await profileOf(stripe.app, seller.user.id)).connectAccountId).toBeNull();
  });

  it('pays the balance with a Stripe transfer to the connected account (idempotency key of the payout)', async () => {
    const seller = await createSeller(stripe.app.db);
    const { account_id } = await read<{ account_id: string }>(await stripe.app.json('POST', '/api/stripe-connect', undefined, seller.token));
    await addLedgerRow(stripe.app.db, { sellerId: seller.user.id, type: 'sale', grossCents: 5000, feeCents: 1000, netCents: 4000 });

    // Not onboarded yet: refused without a call to Stripe.
    const early = await stripe.app.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(early.status).toBe(409);
    expect(await read<ErrorBody>(early)).toEqual({ message: PAYOUTS_NOT_ENABLED });

    stripe.fake.accounts.get(account_id)!.payouts_enabled = true;
    await stripe.app.json('GET', '/api/stripe-connect/account-status', undefined, seller.token);
    const res = await stripe.app.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(res.status).toBe(201);
    const payout = await read<PayoutView>(res);
    expect(payout).toMatchObject({ amount_cents: 4000, status: 'paid', test_mode: false });
    const transfer = requestsTo('/v1/transfers').find((r) => r.form.destination === account_id)!;
    expect(transfer.form).toMatchObject({ amount: '4000', currency: 'usd', destination: account_id, 'metadata[payoutId]': String(payout.id) });
    expect(transfer.headers['idempotency-key']).toBe(`payout-${payout.id}`);
    expect(payout.provider_transfer_id).toBe([...stripe.fake.transfers.values()].find((x) => x.destination === account_id)!.id);
  });

  it('marks a refused transfer failed and gives the amount back to the balance', async () => {
    const seller = await createSeller(stripe.app.db);
    const { account_id } = await read<{ account_id: string }>(await stripe.app.json('POST', '/api/stripe-connect', undefined, seller.token));
    stripe.fake.accounts.get(account_id)!.payouts_enabled = true;
    await stripe.app.json('GET', '/api/stripe-connect/account-status', undefined, seller.token);
    await addLedgerRow(stripe.app.db, { sellerId: seller.user.id, type: 'sale', grossCents: 1000, feeCents: 200, netCents: 800 });
    // Stripe says yes to the status, then refuses the transfer.
    stripe.fake.accounts.get(account_id)!.payouts_enabled = false;
    const res = await stripe.app.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(res.status).toBe(502);
    expect(await read<ErrorBody>(res)).toEqual({ message: PAYOUT_FAILED });
    const payouts = await stripe.app.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, seller.user.id));
    expect(payouts).toMatchObject([{ status: 'failed', amountCents: 800 }]);
    expect(await stripe.app.db.select().from(sellerLedger).where(eq(sellerLedger.payoutId, payouts[0]!.id))).toEqual([]);
    const [balance] = await stripe.app.db.all<{ n: number }>(sql`SELECT sum(net_cents) AS n FROM seller_ledger WHERE seller_id = ${seller.user.id}`);
    expect(Number(balance!.n)).toBe(800);

    // Once Stripe accepts again, the same balance is paid (a new payout).
    stripe.fake.accounts.get(account_id)!.payouts_enabled = true;
    const retry = await stripe.app.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(retry.status).toBe(201);
    expect((await read<PayoutView>(retry)).amount_cents).toBe(800);
  });
});
