import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderItems, orders, packagePurchases, sellerLedger } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking, givePackage } from '../../../tests/support/booking-factories.ts';
import { payTestSession } from '../../../tests/support/commerce-factories.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { OWN_PACKAGE, PACKAGE_NOT_FOUND } from '../services/bookings/packages.ts';
import type { PackagePurchaseView } from '../../../shared/bookings/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mine = async (token: string) => read<PackagePurchaseView[]>(await t.json('GET', '/api/packages/mine', undefined, token));

/** Starts the package's checkout through the API and pays it with the test card; answers the order. */
async function buyPackage(token: string, packageId: number) {
  const res = await t.json('POST', `/api/packages/${packageId}/checkout`, {}, token);
  expect(res.status).toBe(201);
  const { checkoutUrl } = await read<{ checkoutUrl: string }>(res);
  expect(checkoutUrl).toBeTruthy();
  const [line] = await t.db.select().from(orderItems).where(eq(orderItems.itemId, packageId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, line!.orderId));
  expect(order).toMatchObject({ status: 'pending', type: 'booking' });
  expect((await payTestSession(t, token, order!.providerSessionId!)).status).toBe(200);
  return { order: order!, line: line! };
}

describe('lesson packages', () => {
  it('bought through checkout and the webhook: credits to use; a refund marks it refunded', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db);
    const { package: pkg } = await givePackage(t.db, lessonTypes[0]!, { lessonsCount: 3, priceCents: 12000 });
    const { user: buyer, token } = await createSignedInUser(t.db);
    expect(await mine(token)).toEqual([]);
    const { order, line } = await buyPackage(token, pkg.id);
    const [purchase] = await mine(token);
    expect(purchase).toMatchObject({
      title: pkg.title,
      instructor: { id: instructor.id },
      lesson_type_id: lessonTypes[0]!.id,
      credits_total: 3,
      credits_used: 0,
      credits_left: 3,
      status: 'active',
      order_number: order.number,
    });
    const rows = await t.db.select().from(packagePurchases).where(eq(packagePurchases.orderItemId, line.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: buyer.id, pricePaidCents: 12000, orderId: order.id });
    // The instructor earned the sale (the platform fee of app_settings kept back), once.
    const sale = await t.db.select().from(sellerLedger).where(eq(sellerLedger.orderItemId, line.id));
    expect(sale).toHaveLength(1);
    expect(sale[0]).toMatchObject({ sellerId: instructor.id, type: 'sale', grossCents: 12000 });
    expect(sale[0]!.netCents).toBe(12000 - sale[0]!.feeCents);
    expect(sale[0]!.description).toContain(pkg.title);
    // The instructor hears of it in-app (package_sold), in the payment's batch, once.
    expect((await t.db.select().from(notifications).where(and(eq(notifications.userId, instructor.id), eq(notifications.kind, 'package_sold')))).filter((n) => n.body.includes(pkg.title))).toHaveLength(1);
    // A credit used by a booking.
    await giveBooking(t.db, buyer.id, lessonTypes[0]!, { packagePurchaseId: purchase!.id });
    expect((await mine(token))[0]).toMatchObject({ credits_used: 1, credits_left: 2 });
    // The admin refunds the order: the purchase ends.
    const admin = await createAdmin(t.db);
    const refund = await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 12000 }, await signIn(t.db, admin.id));
    expect(refund.status).toBe(201);
    expect((await mine(token))[0]).toMatchObject({ status: 'refunded', credits_left: 0 });
    // The refund takes the earning back: gross, fee and net negated.
    const ledger = await t.db.select().from(sellerLedger).where(eq(sellerLedger.orderItemId, line.id)).orderBy(asc(sellerLedger.id));
    expect(ledger.map((r) => [r.type, r.grossCents, r.netCents])).toEqual([
      ['sale', 12000, sale[0]!.netCents],
      ['refund', -12000, -sale[0]!.netCents],
    ]);
    expect(await t.db.select().from(packagePurchases).where(eq(packagePurchases.orderItemId, line.id))).toHaveLength(1);
  });

  it('refuses an unknown package (404), an inactive one and one\'s own (409)', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db);
    const { package: pkg } = await givePackage(t.db, lessonTypes[0]!);
    const { token } = await createSignedInUser(t.db);
    const unknown = await t.json('POST', '/api/packages/99999999/checkout', {}, token);
    expect(unknown.status).toBe(404);
    expect((await read<ErrorBody>(unknown)).message).toBe(PACKAGE_NOT_FOUND);
    const own = await t.json('POST', `/api/packages/${pkg.id}/checkout`, {}, await signIn(t.db, instructor.id));
    expect(own.status).toBe(409);
    expect((await read<ErrorBody>(own)).message).toBe(OWN_PACKAGE);
    const { package: hidden } = await givePackage(t.db, lessonTypes[0]!);
    await t.db.run(`UPDATE lesson_packages SET active = 0 WHERE id = ${hidden.id}`);
    expect((await t.json('POST', `/api/packages/${hidden.id}/checkout`, {}, token)).status).toBe(409);
    expect((await t.json('POST', '/api/packages/x/checkout', {}, token)).status).toBe(400);
    expect((await t.json('GET', '/api/packages/mine', undefined, '')).status).toBe(401);
  });
});
