import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../../../db/schema/bookings.ts';
import { orders } from '../../../../db/schema/commerce.ts';
import { resourceDownloads, resources, resourceViews, sellerProfiles } from '../../../../db/schema/store.ts';
import { statTotals } from '../../../../db/schema/stat-totals.ts';
import { subscriptionInvoices, subscriptions } from '../../../../db/schema/subscriptions.ts';
import { users } from '../../../../db/schema/users.ts';
import { createInstructor, giveBooking } from '../../../../tests/support/booking-factories.ts';
import { buyCourse, createPaidCourse, payTestSession, startCheckout } from '../../../../tests/support/commerce-factories.ts';
import { addLedgerRow, createResource, createSeller } from '../../../../tests/support/seller-factories.ts';
import { daysAgo, seedOrder } from '../../../../tests/support/dashboard-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../../tests/support/factories.ts';
import { insertInvoice, insertSubscription } from '../../../../tests/support/subscription-rows.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { personMatches, usersSearch } from '../people-search.ts';
import { auditSearch, summaryQuery } from '../audit-log.ts';
import { auditLog } from '../../../../db/schema/audit.ts';
import { recordResourceView } from '../store/seller-analytics.ts';
import { rebuildStatTotals, recountResourceCounters, recountResourceRevenue, recountStatTotals, recountStore } from './rebuild.ts';

/**
 * The running totals of stat_totals (decision 0039): what the triggers keep through every kind of
 * write equals a recount from the source tables, and `db:rebuild-derived` puts a drifted table
 * right.
 */

let t: TestApp;
afterAll(() => t.close());

type Figure = { metric: string; day: string; value: number };
const key = (f: Figure) => `${f.metric}@${f.day}`;

/** The maintained figures, zeros left out (a figure that came and went stays as a 0 row). */
async function maintained(db: Db): Promise<Record<string, number>> {
  const rows = await db.select().from(statTotals);
  return Object.fromEntries(rows.filter((r) => r.value !== 0).map((r) => [key(r), r.value]));
}

async function recounted(db: Db): Promise<Record<string, number>> {
  const rows = await db.all<Figure>(sql`SELECT metric, day, value FROM (${recountStatTotals}) WHERE value <> 0`);
  return Object.fromEntries(rows.map((r) => [key(r), Number(r.value)]));
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.db);
  const adminToken = await signIn(t.db, admin.id);

  // Orders through the API: bought with the test card, then refunded in part and in full.
  const buyer = await createSignedInUser(t.db);
  const first = await buyCourse(t, buyer.token, (await createPaidCourse(t.db, { priceCents: 4900 })).id);
  const second = await buyCourse(t, buyer.token, (await createPaidCourse(t.db, { priceCents: 2500 })).id);
  expect((await t.json('POST', `/api/admin/orders/${first.id}/refunds`, { amountCents: 900 }, adminToken)).status).toBe(201);
  expect((await t.json('POST', `/api/admin/orders/${second.id}/refunds`, { amountCents: 2500 }, adminToken)).status).toBe(201);

  // A resource bought through the API (the seller's sale row), refunded in part (a refund row).
  const seller = await createSeller(t.db);
  const resource = await createResource(t.db, seller.user.id, { status: 'published', priceCents: 1800 });
  const started = await startCheckout(t, buyer.token, { item: { type: 'RESOURCE', itemId: resource.id } });
  expect((await payTestSession(t, buyer.token, started.sessionId)).status).toBe(200);
  expect((await t.json('POST', `/api/resources/${resource.id}/reviews`, { rating: 4, body: 'Clear plans my classes followed from the first week.' }, buyer.token)).status).toBe(201);
  expect((await t.json('POST', `/api/admin/orders/${started.order.id}/refunds`, { amountCents: 600 }, adminToken)).status).toBe(201);
  await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'payout', payoutId: 991, grossCents: 0, feeCents: 0, netCents: -500 });

  // Page views and downloads (the seller's own do not count; a deleted downloader's do); a
  // resource deleted with its views and downloads.
  await recordResourceView(t.db, resource.id);
  await recordResourceView(t.db, resource.id);
  await t.db.insert(resourceViews).values({ resourceId: resource.id, day: daysAgo(9).slice(0, 10), views: 7 });
  const downloader = await createUser(t.db);
  await t.db.insert(resourceDownloads).values([
    { resourceId: resource.id, userId: buyer.user.id },
    { resourceId: resource.id, userId: seller.user.id },
    { resourceId: resource.id, userId: downloader.id, createdAt: daysAgo(2) },
  ]);
  // The resource's own counter moves with its downloads in the same batch where the app writes them.
  await t.db.update(resources).set({ downloadCount: sql`${resources.downloadCount} + 3` }).where(eq(resources.id, resource.id));
  const fleeting = await createResource(t.db, seller.user.id, { status: 'published', priceCents: 0 });
  await recordResourceView(t.db, fleeting.id);
  await t.db.insert(resourceDownloads).values({ resourceId: fleeting.id, userId: buyer.user.id });
  await t.db.delete(resources).where(eq(resources.id, fleeting.id));
  await t.db.delete(users).where(eq(users.id, downloader.id));

  // Orders as rows: mixed kinds with a refund, one pending that goes, one paid later.
  await seedOrder(t.db, buyer.user.id, [{ kind: 'RESOURCE', totalCents: 1000 }, { kind: 'COURSE', totalCents: 3000 }, { kind: 'BOOKING', totalCents: 333 }], {
    paidAt: daysAgo(3),
    refunds: [{ amountCents: 401 }],
  });
  const gone = await seedOrder(t.db, buyer.user.id, [{ kind: 'COURSE', totalCents: 700 }], { paidAt: null });
  await t.db.delete(orders).where(eq(orders.id, gone.id));
  const later = await seedOrder(t.db, buyer.user.id, [{ kind: 'PACKAGE', totalCents: 9000 }], { paidAt: null });
  await t.db.update(orders).set({ status: 'paid', paidAt: daysAgo(1) }).where(eq(orders.id, later.id));

  // Users: one deactivated, one deleted with its roles.
  const sleeper = await createUser(t.db, { createdAt: daysAgo(20) });
  await t.db.update(users).set({ isActive: false }).where(eq(users.id, sleeper.id));
  const leaver = await createUser(t.db, { roles: ['STUDENT', 'SELLER'] });
  await t.db.delete(users).where(eq(users.id, leaver.id));

  // Subscriptions that change plan, status, price and cancellation; an invoice refunded later.
  const sub = await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'educator', interval: 'year', priceCents: 12000 });
  const invoice = await insertInvoice(t.db, sub, { paidAt: daysAgo(2), amountPaidCents: 12000 });
  await t.db.update(subscriptionInvoices).set({ refundedCents: 3000 }).where(eq(subscriptionInvoices.id, invoice.id));
  await t.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id));
  const moving = await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'premium', status: 'trialing' });
  await t.db.update(subscriptions).set({ status: 'active', priceCents: 2900 }).where(eq(subscriptions.id, moving.id));
  await t.db.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, moving.id));

  // Bookings: confirmed, cancelled and moved.
  const instructor = await createInstructor(t.db);
  const lesson = instructor.lessonTypes[0]!;
  await giveBooking(t.db, buyer.user.id, lesson);
  const cancelled = await giveBooking(t.db, buyer.user.id, lesson, { startsAt: daysAgo(-4) });
  await t.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date().toISOString() }).where(eq(bookings.id, cancelled.id));
  const moved = await giveBooking(t.db, buyer.user.id, lesson, { startsAt: daysAgo(-6) });
  await t.db
    .update(bookings)
    .set({ startsAt: daysAgo(-8), endsAt: new Date(Date.parse(daysAgo(-8)) + 3_600_000).toISOString() })
    .where(eq(bookings.id, moved.id));
});

describe('stat_totals', () => {
  it('keeps, through every kind of write, exactly what a recount of the source tables gives', async () => {
    const kept = await maintained(t.db);
    expect(Object.keys(kept).length).toBeGreaterThan(20);
    expect(Object.keys(kept).filter((k) => k.startsWith('seller.') || k.startsWith('ledger.')).length).toBeGreaterThanOrEqual(7);
    for (const figure of ['sales', 'gross', 'net', 'views', 'downloads']) expect(Object.keys(kept).some((k) => k.startsWith(`seller.day_${figure}:`)), figure).toBe(true);
    expect(kept).toEqual(await recounted(t.db));
    const revenue = await t.db.all(sql`SELECT resource_id, revenue_cents FROM resource_revenue ORDER BY resource_id`);
    expect(revenue.length).toBeGreaterThan(0);
    expect(revenue).toEqual(await t.db.all(sql`SELECT * FROM (${recountResourceRevenue}) ORDER BY resource_id`));
  });

  it('splits a refund over an order’s lines in proportion, the cents left by rounding to the largest remainders', async () => {
    const own = await createTestApp();
    const buyer = await createUser(own.db);
    const paidAt = daysAgo(5);
    // 2 cents over three 1-cent lines: each share is 2/3, the tie goes to the earlier lines.
    await seedOrder(own.db, buyer.id, [{ kind: 'COURSE', totalCents: 1 }, { kind: 'RESOURCE', totalCents: 1 }, { kind: 'BOOKING', totalCents: 1 }], { paidAt, refunds: [{ amountCents: 2 }] });
    // 400 over 1000 and 3000: 100 and 300.
    await seedOrder(own.db, buyer.id, [{ kind: 'PACKAGE', totalCents: 1000 }, { kind: 'COURSE', totalCents: 3000 }], { paidAt, refunds: [{ amountCents: 400 }] });
    const day = paidAt.slice(0, 10);
    const revenue = async (kind: string) =>
      (await own.db.select().from(statTotals).where(and(eq(statTotals.metric, `revenue.${kind}`), eq(statTotals.day, day))))[0]?.value ?? 0;
    expect(await revenue('COURSE')).toBe(0 + 2700);
    expect(await revenue('RESOURCE')).toBe(0);
    expect(await revenue('BOOKING')).toBe(1);
    expect(await revenue('PACKAGE')).toBe(900);
    own.close();
  });

  it('keeps the store’s listed resources per facet through publishing, edits, a seller’s approval and suspension, and an account’s deactivation', async () => {
    const own = await createTestApp();
    const store = async () => {
      const rows = await own.db.select().from(statTotals).where(and(gte(statTotals.metric, 'store.'), lt(statTotals.metric, 'store/')));
      return Object.fromEntries(rows.filter((r) => r.value !== 0).map((r) => [r.metric, r.value]));
    };
    const recount = async () => {
      const rows = await own.db.all<Figure>(sql`SELECT metric, value FROM (${recountStore}) WHERE value <> 0`);
      return Object.fromEntries(rows.map((r) => [r.metric, Number(r.value)]));
    };
    const [ana, ben, cleo] = [await createSeller(own.db), await createSeller(own.db), await createSeller(own.db, { status: 'pending' })];
    const jazz = await createResource(own.db, ana.user.id, { danceStyle: 'Jazz', priceCents: 0 });
    await createResource(own.db, ana.user.id, { danceStyle: 'Ballet' });
    await createResource(own.db, ana.user.id, { status: 'draft' });
    const hip = await createResource(own.db, ben.user.id, { danceStyle: 'Hip Hop' });
    await createResource(own.db, cleo.user.id, { danceStyle: 'Tap' });
    expect((await store())['store.listed']).toBe(3);
    expect(await store()).toEqual(await recount());

    await own.db.update(resources).set({ danceStyle: 'Tap', priceCents: 500, level: 'Advanced' }).where(eq(resources.id, jazz.id));
    await own.db.update(resources).set({ status: 'archived' }).where(eq(resources.id, hip.id));
    expect(await store()).toEqual(await recount());
    await own.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, ana.user.id));
    await own.db.update(sellerProfiles).set({ status: 'approved' }).where(eq(sellerProfiles.userId, cleo.user.id));
    expect(await store()).toEqual(await recount());
    expect((await store())['store.listed']).toBe(1);
    await own.db.update(sellerProfiles).set({ status: 'approved' }).where(eq(sellerProfiles.userId, ana.user.id));
    await own.db.update(users).set({ isActive: false }).where(eq(users.id, cleo.user.id));
    await own.db.update(resources).set({ status: 'published' }).where(eq(resources.id, hip.id));
    await own.db.delete(resources).where(eq(resources.sellerId, ben.user.id));
    expect(await store()).toEqual(await recount());
    expect((await store())['store.listed']).toBe(2);
    own.close();
  });

  it('keeps each resource’s sales, downloads and rating equal to a recount of sales, downloads and reviews', async () => {
    const counters = { salesCount: resources.salesCount, downloadCount: resources.downloadCount, ratingCount: resources.ratingCount, ratingAverage: resources.ratingAverage };
    const kept = await t.db.select({ id: resources.id, ...counters }).from(resources).orderBy(resources.id);
    expect(kept.some((r) => r.salesCount > 0 && r.ratingCount > 0)).toBe(true);
    expect(kept).toEqual(await t.db.select({ id: resources.id, ...recountResourceCounters }).from(resources).orderBy(resources.id));
  });

  it('puts drifted resource counters right', async () => {
    const read = () =>
      t.db
        .select({ id: resources.id, sold: resources.salesCount, downloads: resources.downloadCount, ratings: resources.ratingCount, average: resources.ratingAverage })
        .from(resources)
        .orderBy(resources.id);
    const before = await read();
    await t.db.update(resources).set({ salesCount: 77, downloadCount: 5, ratingCount: 9, ratingAverage: 1.5 });
    await rebuildStatTotals(t.db);
    expect(await read()).toEqual(before);
  });

  it('is put right by the rebuild when it has drifted', async () => {
    const before = await maintained(t.db);
    await t.db.update(statTotals).set({ value: 999_999 }).where(eq(statTotals.metric, 'users.total'));
    await t.db.insert(statTotals).values({ metric: 'orders.paid', day: '1999-01-01', value: 5 });
    expect(await rebuildStatTotals(t.db)).toBe(Object.keys(before).length);
    expect(await maintained(t.db)).toEqual(before);
  });

  it('fills the people search’s index again from the accounts', async () => {
    const person = await createUser(t.db, { firstName: 'Refilled', lastName: 'Zebediah' });
    const found = async (term: string) =>
      (await t.db.select({ id: users.id }).from(users).where(personMatches(users.id, term))).map((r) => r.id);
    expect(await found('lled Zebed')).toEqual([person.id]);
    await t.db.insert(usersSearch).values({ command: 'delete-all' });
    expect(await found('lled Zebed')).toEqual([]);
    await rebuildStatTotals(t.db);
    expect(await found('lled Zebed')).toEqual([person.id]);
    expect(await found(person.username)).toEqual([person.id]);
  });

  it('fills the audit log’s word index again from the entries', async () => {
    const [entry] = await t.db
      .insert(auditLog)
      .values({ actorId: null, actorName: 'system', actorRoles: '', action: 'test.refill', entity: 'tests', entityId: '1', summary: 'Quizzically refilled entry' })
      .returning({ id: auditLog.id });
    const found = async (words: string) =>
      (await t.db.select({ id: auditSearch.rowid }).from(auditSearch).where(sql`${auditSearch.command} MATCH ${summaryQuery(words)}`)).map((r) => r.id);
    expect(await found('quizzically refill')).toEqual([entry!.id]);
    await t.db.insert(auditSearch).values({ command: 'delete-all' });
    expect(await found('quizzical')).toEqual([]);
    await rebuildStatTotals(t.db);
    expect(await found('quizzically refill')).toEqual([entry!.id]);
  });
});
