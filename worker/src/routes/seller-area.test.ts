import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, resourceDownloads, resources, resourceViews, sellerLedger, sellerPayouts } from '../../../db/schema/index.ts';
import { createCourse } from '../../../tests/support/course-factories.ts';
import { createSignedInUser, createUser } from '../../../tests/support/factories.ts';
import { placeOrder } from '../../../tests/support/order-factories.ts';
import { addLedgerRow, createResource, createReview, createSeller } from '../../../tests/support/seller-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { recordResourceView } from '../services/store/seller-analytics.ts';
import { type OwnResource, type SellerAnalytics, type SellerDashboard } from '../../../shared/store/seller-analytics.ts';
import { NOTHING_TO_PAY, PAYOUT_IN_PROGRESS, PAYOUTS_NOT_ENABLED, PAYOUTS_PAUSED } from '../services/store/seller-money.ts';
import { type PayoutView, type SellerPayments } from '../../../shared/store/seller-money.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A paid order of `buyer` with one line (a course stands in for the resource line: the ledger row
 * names the resource), and the sale row the RESOURCE fulfiller would write for it.
 */
async function sale(sellerId: number, resourceId: number, grossCents: number, options: { buyerFirstName?: string; feePercent?: number; createdAt?: string; metadata?: string } = {}) {
  const buyer = await createUser(t.db, { firstName: options.buyerFirstName ?? 'Ana', lastName: 'Secretname' });
  const course = await createCourse(t.db, { priceCents: grossCents });
  const order = await placeOrder(t, buyer.id, [{ kind: 'COURSE', itemId: course.id, title: 'Line title', unitPriceCents: grossCents }]);
  if (options.metadata) await t.db.update(orders).set({ metadata: options.metadata }).where(eq(orders.id, order.id));
  const [item] = await t.db.all<{ id: number }>(sql`SELECT id FROM order_items WHERE order_id = ${order.id}`);
  const fee = Math.round((grossCents * (options.feePercent ?? 20)) / 100);
  const row = await addLedgerRow(t.db, {
    sellerId,
    type: 'sale',
    orderId: order.id,
    orderItemId: item!.id,
    resourceId,
    grossCents,
    feeCents: fee,
    netCents: grossCents - fee,
    description: 'Sale',
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  return { order, row, buyer, itemId: item!.id };
}

describe('guards', () => {
  const calls: [string, string][] = [
    ['GET', '/api/seller/dashboard'],
    ['GET', '/api/seller/resources'],
    ['GET', '/api/seller/analytics'],
    ['GET', '/api/seller/payments'],
    ['POST', '/api/seller/payouts'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a student', async (method, path) => {
    expect((await t.json(method, path)).status).toBe(401);
    const { token } = await createSignedInUser(t.db);
    const res = await t.json(method, path, undefined, token);
    expect(res.status).toBe(403);
    expect(await read<ErrorBody>(res)).toEqual({ message: PERMISSION_DENIED });
  });
});

describe('GET /api/seller/dashboard', () => {
  it("sums the seller's own sales, revenue, downloads, rating and resources, with recent orders naming buyers by first name only", async () => {
    const seller = await createSeller(t.db);
    const other = await createSeller(t.db);
    const a = await createResource(t.db, seller.user.id, { title: 'Tap basics' });
    const b = await createResource(t.db, seller.user.id, { title: 'Jazz warm-ups' });
    await createResource(t.db, seller.user.id, { status: 'draft' });
    await createResource(t.db, seller.user.id, { status: 'rejected', rejectionReason: 'Blurry scans' });
    const theirs = await createResource(t.db, other.user.id);
    await createReview(t.db, a.id, 5);
    await createReview(t.db, b.id, 2);
    await createReview(t.db, theirs.id, 1);
    const first = await sale(seller.user.id, a.id, 1000, { buyerFirstName: 'Bea' });
    await sale(seller.user.id, b.id, 2500, { buyerFirstName: 'Cai' });
    await sale(other.user.id, theirs.id, 9999);
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'refund', orderId: first.order.id, orderItemId: first.itemId, resourceId: a.id, grossCents: -1000, feeCents: -200, netCents: -800 });
    const downloader = await createUser(t.db);
    await t.db.insert(resourceDownloads).values([
      { resourceId: a.id, userId: downloader.id },
      { resourceId: b.id, userId: downloader.id },
      // The seller's own downloads are not counted.
      { resourceId: a.id, userId: seller.user.id },
      { resourceId: theirs.id, userId: downloader.id },
    ]);

    const res = await t.json('GET', '/api/seller/dashboard', undefined, seller.token);
    expect(res.status).toBe(200);
    const dash = await read<SellerDashboard>(res);
    expect(dash).toMatchObject({
      sales_count: 2,
      revenue_gross_cents: 2500,
      revenue_gross: 25,
      revenue_net_cents: 2000,
      revenue_net: 20,
      balance_cents: 2000,
      downloads: 2,
      rating_average: 3.5,
      rating_count: 2,
      resources_by_status: { draft: 1, submitted: 0, published: 2, rejected: 1, archived: 0 },
    });
    expect(dash.profile).toMatchObject({ user_id: seller.user.id, status: 'approved' });
    expect(dash.recent_orders).toHaveLength(2);
    expect(dash.recent_orders[0]).toMatchObject({ resource: { id: b.id, title: 'Jazz warm-ups' }, amount_cents: 2500, amount: 25, net_cents: 2000, buyer_first_name: 'Cai', refunded: false, quantity: 1 });
    expect(dash.recent_orders[1]).toMatchObject({ order_number: first.order.number, resource: { id: a.id }, buyer_first_name: 'Bea', refunded: true });
    expect(JSON.stringify(dash)).not.toContain('Secretname');
    expect(JSON.stringify(dash)).not.toContain(first.buyer.email!);
  });

  it('answers empty figures to a store.sell holder without a seller profile (a curriculum officer)', async () => {
    const { token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_OFFICER'] });
    const dash = await read<SellerDashboard>(await t.json('GET', '/api/seller/dashboard', undefined, token));
    expect(dash).toMatchObject({ profile: null, sales_count: 0, revenue_gross_cents: 0, downloads: 0, rating_average: 0, recent_orders: [] });
  });
});

describe('GET /api/seller/resources', () => {
  it("lists the seller's own resources in every status, with the rejection reason of a rejected one", async () => {
    const seller = await createSeller(t.db);
    const other = await createSeller(t.db);
    const rejected = await createResource(t.db, seller.user.id, { status: 'rejected', rejectionReason: 'Blurry scans' });
    const draft = await createResource(t.db, seller.user.id, { status: 'draft' });
    const published = await createResource(t.db, seller.user.id);
    const archived = await createResource(t.db, seller.user.id, { status: 'archived', rejectionReason: 'Old reason' });
    await createResource(t.db, other.user.id);
    const list = await read<{ data: OwnResource[] }>(await t.json('GET', '/api/seller/resources', undefined, seller.token));
    expect(list.data.map((r) => r.id).sort((x, y) => x - y)).toEqual([rejected.id, draft.id, published.id, archived.id].sort((x, y) => x - y));
    expect(list.data.find((r) => r.id === rejected.id)).toMatchObject({ status: 'rejected', rejection_reason: 'Blurry scans' });
    expect(list.data.find((r) => r.id === archived.id)!.rejection_reason).toBeNull();
    expect(list.data.find((r) => r.id === draft.id)).toMatchObject({ status: 'draft', seller: { id: seller.user.id, store_name: seller.profile.storeName } });
  });
});

describe('GET /api/seller/analytics', () => {
  it('answers one row per UTC day of the window with sales, revenue, views and downloads, and totals per resource', async () => {
    const seller = await createSeller(t.db);
    const a = await createResource(t.db, seller.user.id, { title: 'A plan' });
    const b = await createResource(t.db, seller.user.id, { title: 'B plan' });
    const today = new Date().toISOString().slice(0, 10);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await sale(seller.user.id, a.id, 1000);
    await sale(seller.user.id, a.id, 1000, { createdAt: tenDaysAgo });
    await sale(seller.user.id, b.id, 500, { createdAt: new Date(Date.now() - 60 * 86_400_000).toISOString() });
    await sale(seller.user.id, b.id, 700, { createdAt: new Date(Date.now() - 400 * 86_400_000).toISOString() });
    await recordResourceView(t.db, a.id);
    await recordResourceView(t.db, a.id);
    await recordResourceView(t.db, b.id);
    await t.db.insert(resourceViews).values({ resourceId: b.id, day: tenDaysAgo.slice(0, 10), views: 7 });
    const downloader = await createUser(t.db);
    await t.db.insert(resourceDownloads).values([
      { resourceId: a.id, userId: downloader.id },
      // The seller's own download of their file does not count.
      { resourceId: a.id, userId: seller.user.id },
    ]);
    // Copies sold all time, which orders the resources (the app keeps it with each fulfilled line).
    await t.db.update(resources).set({ salesCount: 2 }).where(eq(resources.id, a.id));
    await t.db.update(resources).set({ salesCount: 1 }).where(eq(resources.id, b.id));

    const res = await t.json('GET', '/api/seller/analytics?days=30', undefined, seller.token);
    expect(res.status).toBe(200);
    const month = await read<SellerAnalytics>(res);
    expect(month.days).toBe(30);
    expect(month.series).toHaveLength(30);
    expect(month.to).toBe(today);
    expect(month.series.at(-1)).toEqual({ day: today, sales: 1, revenue_cents: 1000, net_cents: 800, views: 3, downloads: 1 });
    expect(month.series.find((d) => d.day === tenDaysAgo.slice(0, 10))).toMatchObject({ sales: 1, views: 7 });
    expect(month.totals).toEqual({ sales: 2, revenue_cents: 2000, net_cents: 1600, views: 10, downloads: 1 });
    expect(month.resources).toEqual([
      { id: a.id, title: 'A plan', status: 'published', sales: 2, revenue_cents: 2000, net_cents: 1600, views: 2, downloads: 1 },
      { id: b.id, title: 'B plan', status: 'published', sales: 0, revenue_cents: 0, net_cents: 0, views: 8, downloads: 0 },
    ]);
    expect(month).toMatchObject({ resources_total: 2, resources_page: 1, resources_page_size: 20 });

    const quarter = await read<SellerAnalytics>(await t.json('GET', '/api/seller/analytics?days=90', undefined, seller.token));
    expect(quarter.series).toHaveLength(90);
    expect(quarter.totals.sales).toBe(3);
    const year = await read<SellerAnalytics>(await t.json('GET', '/api/seller/analytics?days=365', undefined, seller.token));
    expect(year.series).toHaveLength(365);
    expect(year.totals.sales).toBe(3);
    // The default window is 30 days.
    expect((await read<SellerAnalytics>(await t.json('GET', '/api/seller/analytics', undefined, seller.token))).days).toBe(30);
  });

  it('pages the resources, best sellers first, each page with its own figures in the window', async () => {
    const seller = await createSeller(t.db);
    const made = [];
    for (let i = 0; i < 23; i++) made.push(await createResource(t.db, seller.user.id, { title: `Plan ${String(i).padStart(2, '0')}` }));
    for (const [i, r] of made.entries()) await t.db.update(resources).set({ salesCount: i }).where(eq(resources.id, r.id));
    await sale(seller.user.id, made[0]!.id, 900);
    const first = await read<SellerAnalytics>(await t.json('GET', '/api/seller/analytics?days=30', undefined, seller.token));
    expect(first).toMatchObject({ resources_total: 23, resources_page: 1, resources_page_size: 20 });
    expect(first.resources.map((r) => r.title)).toEqual(made.slice(3).reverse().map((r) => r.title));
    const second = await read<SellerAnalytics>(await t.json('GET', '/api/seller/analytics?days=30&page=2', undefined, seller.token));
    expect(second.resources.map((r) => r.title)).toEqual(['Plan 02', 'Plan 01', 'Plan 00']);
    expect(second.resources.at(-1)).toMatchObject({ sales: 1, revenue_cents: 900 });
    // The days do not depend on the page.
    expect(second.totals).toEqual(first.totals);
    expect((await read<SellerAnalytics>(await t.json('GET', '/api/seller/analytics?page=3', undefined, seller.token))).resources).toEqual([]);
    expect((await t.json('GET', '/api/seller/analytics?page=0', undefined, seller.token)).status).toBe(400);
  });

  it.each(['7', '0', 'abc', '30.5', '-30'])('refuses ?days=%s with 400', async (days) => {
    const seller = await createSeller(t.db);
    expect((await t.json('GET', `/api/seller/analytics?days=${days}`, undefined, seller.token)).status).toBe(400);
  });

  it('counts views per resource and UTC day in one counter row, and ignores an unknown resource', async () => {
    const seller = await createSeller(t.db);
    const r = await createResource(t.db, seller.user.id);
    await Promise.all([1, 2, 3, 4, 5].map(() => recordResourceView(t.db, r.id)));
    const rows = await t.db.select().from(resourceViews).where(eq(resourceViews.resourceId, r.id));
    expect(rows).toEqual([{ resourceId: r.id, day: new Date().toISOString().slice(0, 10), views: 5 }]);
    await expect(recordResourceView(t.db, 999_999_999)).resolves.toBeUndefined();
  });
});

describe('GET /api/seller/payments', () => {
  it('answers the balance, totals net of fees and refunds, a page of the ledger and the payouts', async () => {
    const seller = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_money1' });
    const r = await createResource(t.db, seller.user.id, { title: 'Ballet barre' });
    const one = await sale(seller.user.id, r.id, 1000);
    await sale(seller.user.id, r.id, 2000);
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'refund', orderId: one.order.id, orderItemId: one.itemId, resourceId: r.id, grossCents: -1000, feeCents: -200, netCents: -800, description: 'Refund' });
    // A destination charge: Stripe paid the seller with the charge; it is not owed again.
    await sale(seller.user.id, r.id, 5000, { metadata: JSON.stringify({ connect_destination: 'acct_1', application_fee_cents: 1000 }) });

    const res = await t.json('GET', '/api/seller/payments?page_size=3', undefined, seller.token);
    expect(res.status).toBe(200);
    const pay = await read<SellerPayments>(res);
    expect(pay).toMatchObject({
      balance_cents: 1600,
      balance: 16,
      totals: { sales_cents: 8000, fees_cents: 1400, refunds_cents: -1000, earned_cents: 5600, paid_out_cents: 0, paid_directly_cents: 4000 },
      platform_fee_percent: 20,
      connect: { account_id: 'acct_test_money1', payouts_enabled: true, test_mode: true },
      payout_blocked_reason: null,
      test_mode: true,
      payouts: [],
    });
    expect(pay.ledger).toMatchObject({ total: 4, page: 1, page_size: 3 });
    expect(pay.ledger.data).toHaveLength(3);
    expect(pay.ledger.data[0]).toMatchObject({ type: 'sale', gross_cents: 5000, net_cents: 4000, paid_directly: true, resource: { id: r.id, title: 'Ballet barre' } });
    expect(pay.ledger.data[1]).toMatchObject({ type: 'refund', net_cents: -800, paid_directly: false, order_number: one.order.number });
    const second = await read<SellerPayments>(await t.json('GET', '/api/seller/payments?page_size=3&page=2', undefined, seller.token));
    expect(second.ledger.data.map((e) => e.order_number)).toEqual([one.order.number]);
  });

  it('says why a payout cannot be asked: no payout account, suspended store, nothing to pay', async () => {
    const noAccount = await createSeller(t.db);
    expect((await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, noAccount.token))).payout_blocked_reason).toBe(PAYOUTS_NOT_ENABLED);
    const suspended = await createSeller(t.db, { status: 'suspended', payoutsEnabled: true, connectAccountId: 'acct_test_s' });
    expect((await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, suspended.token))).payout_blocked_reason).toBe(PAYOUTS_PAUSED);
    const empty = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_e' });
    expect((await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, empty.token))).payout_blocked_reason).toBe(NOTHING_TO_PAY);
  });

  it.each(['page=0', 'page_size=101', 'page=x'])('refuses ?%s with 400', async (query) => {
    const seller = await createSeller(t.db);
    expect((await t.json('GET', `/api/seller/payments?${query}`, undefined, seller.token)).status).toBe(400);
  });
});

describe('POST /api/seller/payouts (test mode)', () => {
  it('pays the whole balance as a simulated transfer and writes the payout and its ledger row', async () => {
    const seller = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_pay1' });
    const r = await createResource(t.db, seller.user.id);
    await sale(seller.user.id, r.id, 1000);
    await sale(seller.user.id, r.id, 1500);
    const res = await t.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(res.status).toBe(201);
    const payout = await read<PayoutView>(res);
    expect(payout).toMatchObject({ amount_cents: 2000, amount: 20, status: 'paid', test_mode: true });
    expect(payout.provider_transfer_id).toMatch(/^tr_test_/);
    expect(payout.paid_at).toBeTruthy();
    const ledger = await t.db.select().from(sellerLedger).where(eq(sellerLedger.payoutId, payout.id));
    expect(ledger).toMatchObject([{ type: 'payout', netCents: -2000, sellerId: seller.user.id }]);
    const after = await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, seller.token));
    expect(after).toMatchObject({ balance_cents: 0, totals: { paid_out_cents: 2000 }, payout_blocked_reason: NOTHING_TO_PAY });
    expect(after.payouts.map((p) => p.id)).toEqual([payout.id]);

    const again = await t.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: NOTHING_TO_PAY });
  });

  it('pays once when two payout requests come at the same time', async () => {
    const seller = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_race' });
    const r = await createResource(t.db, seller.user.id);
    await sale(seller.user.id, r.id, 3000);
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.json('POST', '/api/seller/payouts', undefined, seller.token)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const payouts = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, seller.user.id));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amountCents: 2400, status: 'paid' });
    const [balance] = await t.db.all<{ n: number }>(sql`SELECT sum(net_cents) AS n FROM seller_ledger WHERE seller_id = ${seller.user.id}`);
    expect(Number(balance!.n)).toBe(0);
  });

  it('needs an onboarded payout account and an approved store; changes nothing when refused', async () => {
    const cases = [
      { options: {}, message: PAYOUTS_NOT_ENABLED },
      { options: { connectAccountId: 'acct_test_half' }, message: PAYOUTS_NOT_ENABLED },
      { options: { status: 'suspended' as const, payoutsEnabled: true, connectAccountId: 'acct_test_susp' }, message: PAYOUTS_PAUSED },
    ];
    for (const { options, message } of cases) {
      const seller = await createSeller(t.db, options);
      const r = await createResource(t.db, seller.user.id);
      await sale(seller.user.id, r.id, 1000);
      const res = await t.json('POST', '/api/seller/payouts', undefined, seller.token);
      expect(res.status, message).toBe(409);
      expect(await read<ErrorBody>(res)).toEqual({ message });
      expect(await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, seller.user.id))).toEqual([]);
    }
    // A store.sell holder without a seller profile.
    const { token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_OFFICER'] });
    expect((await t.json('POST', '/api/seller/payouts', undefined, token)).status).toBe(409);
  });

  it('refuses while another payout is pending, and pays nothing of a negative balance', async () => {
    const seller = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_pend' });
    const r = await createResource(t.db, seller.user.id);
    await sale(seller.user.id, r.id, 1000);
    await t.db.insert(sellerPayouts).values({ sellerId: seller.user.id, amountCents: 100, status: 'pending' });
    const res = await t.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: PAYOUT_IN_PROGRESS });

    const owing = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_neg' });
    await addLedgerRow(t.db, { sellerId: owing.user.id, type: 'refund', grossCents: -500, feeCents: -100, netCents: -400 });
    const refused = await t.json('POST', '/api/seller/payouts', undefined, owing.token);
    expect(refused.status).toBe(409);
    expect(await read<ErrorBody>(refused)).toEqual({ message: NOTHING_TO_PAY });
  });

  it('finishes a payout left pending by a request that stopped, instead of paying again', async () => {
    const seller = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_stale' });
    const r = await createResource(t.db, seller.user.id);
    await sale(seller.user.id, r.id, 1000);
    const [stale] = await t.db
      .insert(sellerPayouts)
      .values({ sellerId: seller.user.id, amountCents: 800, status: 'pending', createdAt: new Date(Date.now() - 60 * 60_000).toISOString() })
      .returning();
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'payout', payoutId: stale!.id, netCents: -800 });
    const res = await t.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(res.status).toBe(201);
    expect(await read<PayoutView>(res)).toMatchObject({ id: stale!.id, amount_cents: 800, status: 'paid' });
    expect(await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, seller.user.id))).toHaveLength(1);
    expect((await t.json('POST', '/api/seller/payouts', undefined, seller.token)).status).toBe(409);
  });

  it('does not pay out sales that Stripe already paid to the seller as destination charges', async () => {
    const seller = await createSeller(t.db, { payoutsEnabled: true, connectAccountId: 'acct_test_dest' });
    const r = await createResource(t.db, seller.user.id);
    await sale(seller.user.id, r.id, 5000, { metadata: JSON.stringify({ connect_destination: 'acct_x', application_fee_cents: 1000 }) });
    await sale(seller.user.id, r.id, 1000);
    const payout = await read<PayoutView>(await t.json('POST', '/api/seller/payouts', undefined, seller.token));
    expect(payout.amount_cents).toBe(800);
  });
});
