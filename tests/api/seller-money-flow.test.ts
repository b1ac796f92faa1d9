import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema/index.ts';
import type { SellerAnalytics, SellerDashboard } from '../../shared/store/seller-analytics.ts';
import { NOTHING_TO_PAY } from '../../worker/src/services/store/seller-money.ts';
import { type PayoutView, type SellerPayments } from '../../shared/store/seller-money.ts';
import type { StoreStats } from '../../shared/store/store-stats.ts';
import { startCheckout, payTestSession } from '../support/commerce-factories.ts';
import { createAdmin, createSignedInUser, signIn } from '../support/factories.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * The sellers' money end to end in test mode (decision 0029): a buyer pays for two of a seller's
 * resources through the test provider, the RESOURCE fulfiller writes the ledger, and the seller's
 * dashboard, analytics and payments read it; the seller onboards (simulated) and is paid out;
 * an admin refunds one line, which the balance then owes back.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
});
afterAll(() => t.close());

describe('sale → ledger → payout → refund', () => {
  it('shows a paid sale net of the platform fee, pays it out once, and owes a later refund back', async () => {
    await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: 25 }, adminToken);
    const seller = await createSeller(t.db);
    const plan = await createResource(t.db, seller.user.id, { title: 'Hip hop grooves', priceCents: 2000 });
    const outline = await createResource(t.db, seller.user.id, { title: 'Class outline', priceCents: 1000 });
    const buyer = await createSignedInUser(t.db, { firstName: 'Maya', lastName: 'Hidden' });
    for (const r of [plan, outline]) expect((await t.json('POST', '/api/cart', { type: 'RESOURCE', itemId: r.id }, buyer.token)).status).toBeLessThan(300);
    const started = await startCheckout(t, buyer.token);
    expect((await payTestSession(t, buyer.token, started.sessionId)).status).toBe(200);

    const dash = await read<SellerDashboard>(await t.json('GET', '/api/seller/dashboard', undefined, seller.token));
    expect(dash).toMatchObject({ sales_count: 2, revenue_gross_cents: 3000, revenue_net_cents: 2250, balance_cents: 2250 });
    expect(dash.recent_orders.map((o) => o.buyer_first_name)).toEqual(['Maya', 'Maya']);
    expect(dash.recent_orders.every((o) => o.order_number === started.order.number)).toBe(true);
    expect(JSON.stringify(dash)).not.toContain('Hidden');

    const analytics = await read<SellerAnalytics>(await t.json('GET', '/api/seller/analytics?days=30', undefined, seller.token));
    expect(analytics.totals).toMatchObject({ sales: 2, revenue_cents: 3000, net_cents: 2250 });
    expect(analytics.resources.find((r) => r.id === plan.id)).toMatchObject({ sales: 1, revenue_cents: 2000, net_cents: 1500 });

    let payments = await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, seller.token));
    expect(payments).toMatchObject({ balance_cents: 2250, platform_fee_percent: 25, totals: { sales_cents: 3000, fees_cents: 750, earned_cents: 2250 } });
    expect(payments.ledger.data.map((e) => [e.type, e.resource?.title, e.gross_cents, e.fee_cents, e.net_cents]).sort()).toEqual(
      [
        ['sale', 'Class outline', 1000, 250, 750],
        ['sale', 'Hip hop grooves', 2000, 500, 1500],
      ].sort(),
    );

    // Payouts need the (simulated) onboarding first.
    expect((await t.json('POST', '/api/seller/payouts', undefined, seller.token)).status).toBe(409);
    expect((await t.json('POST', '/api/stripe-connect', undefined, seller.token)).status).toBe(200);
    expect((await t.json('POST', '/api/stripe-connect/test-onboarding/complete', undefined, seller.token)).status).toBe(200);
    const paid = await t.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(paid.status).toBe(201);
    expect(await read<PayoutView>(paid)).toMatchObject({ amount_cents: 2250, status: 'paid', test_mode: true });
    const nothing = await t.json('POST', '/api/seller/payouts', undefined, seller.token);
    expect(await read<ErrorBody>(nothing)).toEqual({ message: NOTHING_TO_PAY });

    // The admin refunds the outline's line in full: the seller owes its net back.
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.itemId, outline.id));
    const refund = await t.json('POST', `/api/admin/orders/${started.order.id}/refunds`, { amountCents: 1000, orderItemIds: [line!.id], reason: 'Wrong level' }, adminToken);
    expect(refund.status).toBeLessThan(300);
    payments = await read<SellerPayments>(await t.json('GET', '/api/seller/payments', undefined, seller.token));
    expect(payments).toMatchObject({ balance_cents: -750, totals: { refunds_cents: -1000, fees_cents: 500, earned_cents: 1500, paid_out_cents: 2250 }, payout_blocked_reason: NOTHING_TO_PAY });
    expect(payments.ledger.data[0]).toMatchObject({ type: 'refund', gross_cents: -1000, fee_cents: -250, net_cents: -750, order_number: started.order.number });

    const stats = await read<StoreStats>(await t.json('GET', '/api/admin/store-stats', undefined, adminToken));
    expect(stats.top_resources.find((r) => r.id === plan.id)).toMatchObject({ revenue_cents: 2000 });
    expect(stats.top_resources.find((r) => r.id === outline.id)?.revenue_cents ?? 0).toBe(0);
    await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: 20 }, adminToken);
  });
});
