import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, emailOutbox, notifications, orders, resourceOwnerships, sellerLedger } from '../../db/schema/index.ts';
import { getTestProvider } from '../../worker/src/services/payments/index.ts';
import { testEvents } from '../../worker/src/services/payments/test-provider.ts';
import { fulfillerOf } from '../../worker/src/services/payments/fulfilment.ts';
import { describePurchasable, OWN_RESOURCE, RESOURCE_OWNED } from '../../worker/src/services/purchasables.ts';
import type { AdminOrderDetail } from '../../shared/orders.ts';
import type { OrderSummary } from '../../shared/payments/order-view.ts';
import type { RefundResult } from '../../shared/refunds.ts';
import { createAdmin, signIn } from '../support/factories.ts';
import { placeOrder } from '../support/order-factories.ts';
import { makeBuyer, makeOwnership, makeResource, makeSeller, resourceCounters } from '../support/store-factories.ts';
import { createTestApp, read, type TestApp } from '../support/test-app.ts';

/**
 * RESOURCE on the money path (decisions 0024, 0026, 0029): the describer the cart and checkout
 * read, and the fulfiller the verified payment event runs — ownership, sales count, the seller's
 * ledger sale row and notice, exactly once however often the event comes; a refund ends the
 * ownership and writes the negative refund row.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
});
afterAll(() => t.close());

const owns = async (userId: number, resourceId: number) =>
  (await t.db.select().from(resourceOwnerships).where(and(eq(resourceOwnerships.userId, userId), eq(resourceOwnerships.resourceId, resourceId)))).length === 1;
const ledgerOf = (sellerId: number) => t.db.select().from(sellerLedger).where(eq(sellerLedger.sellerId, sellerId)).orderBy(sellerLedger.id);
const line = (r: { id: number; title: string; priceCents: number }, quantity = 1) => ({ kind: 'RESOURCE' as const, itemId: r.id, title: r.title, unitPriceCents: r.priceCents, quantity });

describe('the RESOURCE describer', () => {
  it('is available while published by an approved seller, owned once owned, never to its seller', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 1500, coverImageUrl: '/uploads/covers/x.png' });
    const { user } = await makeBuyer(t.db);
    const ref = { kind: 'RESOURCE' as const, itemId: r.id };
    expect(await describePurchasable(t.db, user.id, ref)).toMatchObject({
      available: true,
      title: r.title,
      priceCents: 1500,
      url: `/curriculum/${r.id}`,
      imageUrl: '/uploads/covers/x.png',
      maxQuantity: 10,
    });
    expect(await describePurchasable(t.db, null, ref)).toMatchObject({ available: true });
    expect(await describePurchasable(t.db, seller.user.id, ref)).toMatchObject({ available: false, reason: 'own_item', reasonMessage: OWN_RESOURCE });
    await makeOwnership(t.db, user.id, r.id, 'free');
    expect(await describePurchasable(t.db, user.id, ref)).toMatchObject({ available: false, reason: 'owned', reasonMessage: RESOURCE_OWNED });
    const draft = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    expect(await describePurchasable(t.db, user.id, { kind: 'RESOURCE', itemId: draft.id })).toMatchObject({ available: false, reason: 'unpublished' });
    const suspended = await makeSeller(t.db, { status: 'suspended' });
    const gone = await makeResource(t.db, { sellerId: suspended.user.id });
    expect(await describePurchasable(t.db, user.id, { kind: 'RESOURCE', itemId: gone.id })).toMatchObject({ available: false, reason: 'unpublished' });
    expect(await describePurchasable(t.db, user.id, { kind: 'RESOURCE', itemId: 999_999_999 })).toMatchObject({ available: false, reason: 'not_found' });
  });
});

describe('the RESOURCE fulfiller', () => {
  it('grants once under a duplicated event: ownership, sales, one ledger sale row with the fee, one notice', async () => {
    await t.db.update(appSettings).set({ value: '15' }).where(eq(appSettings.key, 'platform_fee_percent'));
    const seller = await makeSeller(t.db);
    const a = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 1999 });
    const b = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 500 });
    const { user } = await makeBuyer(t.db);
    const order = await placeOrder(t, user.id, [line(a), line(b, 3)]);
    expect(await owns(user.id, a.id)).toBe(true);
    expect(await owns(user.id, b.id)).toBe(true);
    const [ownership] = await t.db.select().from(resourceOwnerships).where(and(eq(resourceOwnerships.userId, user.id), eq(resourceOwnerships.resourceId, a.id)));
    expect(ownership).toMatchObject({ source: 'purchase', orderId: order.id });

    // The same event again, and a second event id for the same payment: nothing more.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    const provider = getTestProvider(t.platform)!;
    await provider.deliver(testEvents.completed(row!));
    await provider.deliver(testEvents.completed(row!));

    expect((await resourceCounters(t.db, a.id)).sales_count).toBe(1);
    expect((await resourceCounters(t.db, b.id)).sales_count).toBe(3);
    const ledger = await ledgerOf(seller.user.id);
    expect(ledger.map((l) => ({ type: l.type, resourceId: l.resourceId, gross: l.grossCents, fee: l.feeCents, net: l.netCents }))).toEqual([
      { type: 'sale', resourceId: a.id, gross: 1999, fee: 300, net: 1699 },
      { type: 'sale', resourceId: b.id, gross: 1500, fee: 225, net: 1275 },
    ]);
    expect(ledger[0]!.orderId).toBe(order.id);
    expect(ledger[0]!.description).toContain(order.number);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(notices.map((n) => n.kind)).toEqual(['resource_sold', 'resource_sold']);
    expect(notices[0]!.body).toContain(order.number);
    // And one email to the seller for the order, naming both resources, however often the event came.
    const mails = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'resource_sold'), eq(emailOutbox.subject, `You made a sale on DRX — order ${order.number}`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(seller.user.email);
    expect(mails[0]!.textBody).toContain(`- ${a.title}`);
    expect(mails[0]!.textBody).toContain(`- ${b.title} × 3`);

    const view = await read<OrderSummary>(await t.json('GET', `/api/orders/${order.id}`, undefined, await signIn(t.db, user.id)));
    expect(view.items.map((i) => i.nextAction)).toEqual([
      { label: 'Download', url: '/my-resources' },
      { label: 'Download', url: '/my-resources' },
    ]);
    await t.db.update(appSettings).set({ value: '20' }).where(eq(appSettings.key, 'platform_fee_percent'));
  });

  it('a full refund ends the ownership and writes the refund rows', async () => {
    const seller = await makeSeller(t.db);
    const a = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 1000 });
    const b = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 2500 });
    const { user } = await makeBuyer(t.db);
    const order = await placeOrder(t, user.id, [line(a), line(b)]);
    const res = await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 3500 }, adminToken);
    expect(res.status).toBe(201);
    const { refund } = await read<RefundResult>(res);
    expect(await owns(user.id, a.id)).toBe(false);
    expect(await owns(user.id, b.id)).toBe(false);
    const ledger = await ledgerOf(seller.user.id);
    const refunds = ledger.filter((l) => l.type === 'refund');
    expect(refunds.map((l) => ({ resourceId: l.resourceId, gross: l.grossCents, fee: l.feeCents, net: l.netCents, refundId: l.refundId }))).toEqual([
      { resourceId: a.id, gross: -1000, fee: -200, net: -800, refundId: refund.id },
      { resourceId: b.id, gross: -2500, fee: -500, net: -2000, refundId: refund.id },
    ]);
    expect(ledger.reduce((n, l) => n + l.netCents, 0)).toBe(0);
  });

  it('a refund of one line ends only that line, for its share; a second delivery writes nothing more', async () => {
    const seller = await makeSeller(t.db);
    const a = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 1000 });
    const b = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 3000 });
    const { user } = await makeBuyer(t.db);
    const order = await placeOrder(t, user.id, [line(a), line(b)]);
    const detail = await read<AdminOrderDetail>(await t.json('GET', `/api/admin/orders/${order.id}`, undefined, adminToken));
    const lineB = detail.items.find((i) => i.itemId === b.id)!;
    // A partial refund of that line (the buyer keeps nothing of it: the line ends).
    const res = await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 1200, orderItemIds: [lineB.id] }, adminToken);
    expect(res.status).toBe(201);
    expect(await owns(user.id, a.id)).toBe(true);
    expect(await owns(user.id, b.id)).toBe(false);
    const refunds = (await ledgerOf(seller.user.id)).filter((l) => l.type === 'refund');
    expect(refunds.map((l) => ({ resourceId: l.resourceId, gross: l.grossCents, fee: l.feeCents, net: l.netCents }))).toEqual([{ resourceId: b.id, gross: -1200, fee: -240, net: -960 }]);
    // The same statements again (a redelivered refund event) change nothing.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    await getTestProvider(t.platform)!.deliver(testEvents.completed(row!));
    expect((await ledgerOf(seller.user.id)).filter((l) => l.type === 'refund')).toHaveLength(1);
  });

  it('is registered for the seed and the webhook', () => {
    expect(fulfillerOf('RESOURCE')?.nextAction({ itemId: 1 })).toEqual({ label: 'Download', url: '/my-resources' });
  });

  it('keeps one sale row per line even when its statements run twice', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 800 });
    const { user } = await makeBuyer(t.db);
    const order = await placeOrder(t, user.id, [line(r)]);
    // Run the grant again with a condition that ignores the line's state: the unique index holds.
    const again = fulfillerOf('RESOURCE')!.grant(t.db, order.id, sql`1`);
    await t.db.batch([again[0]!, ...again.slice(2, 3)] as [typeof again[0]]);
    expect((await ledgerOf(seller.user.id)).filter((l) => l.type === 'sale')).toHaveLength(1);
  });
});
