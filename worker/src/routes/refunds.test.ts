import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../../db/schema/commerce.ts';
import { enrollments } from '../../../db/schema/index.ts';
import { createCourse } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { buyCourse, createCoupon, createPaidCourse } from '../../../tests/support/commerce-factories.ts';
import { placeOrder } from '../../../tests/support/order-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import type { AdminOrderDetail } from '../../../shared/orders.ts';
import { REFUND_FOREIGN_LINE, REFUND_NOT_REFUNDABLE, REFUND_PROVIDER_FAILED, REFUND_PROVIDER_MISMATCH, REFUND_TOO_MUCH } from '../services/refunds.ts';
import type { RefundResult } from '../../../shared/refunds.ts';

let t: TestApp;
let admin: FactoryUser;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  adminToken = await signIn(t.db, admin.id);
});
afterAll(() => t.close());

/** A learner who bought two courses in one paid order (enrolled in both). */
async function paidTwoCourseOrder() {
  const learner = await createUser(t.db);
  const a = await createCourse(t.db, { priceCents: 3000 });
  const b = await createCourse(t.db, { priceCents: 2000 });
  const order = await placeOrder(t, learner.id, [
    { kind: 'COURSE', itemId: a.id, title: a.title, unitPriceCents: 3000 },
    { kind: 'COURSE', itemId: b.id, title: b.title, unitPriceCents: 2000 },
  ]);
  const detail = await read<AdminOrderDetail>(await t.json('GET', `/api/admin/orders/${order.id}`, undefined, adminToken));
  return { learner, courses: [a, b], order: detail };
}

const enrolled = async (userId: number, courseId: number) =>
  (await t.db.select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))).length === 1;

const refund = (orderId: number, body: unknown, token = adminToken) => t.json('POST', `/api/admin/orders/${orderId}/refunds`, body, token);

describe('POST /api/admin/orders/:id/refunds', () => {
  it('is guarded by orders.refund', async () => {
    const { order } = await paidTwoCourseOrder();
    expect((await refund(order.id, { amountCents: 100 }, '')).status).toBe(401);
    const { token } = await createSignedInUser(t.db);
    const res = await refund(order.id, { amountCents: 100 }, token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
  });

  it('refunds the whole order: refunded, every enrolment ends', async () => {
    const { learner, courses, order } = await paidTwoCourseOrder();
    expect(await enrolled(learner.id, courses[0]!.id)).toBe(true);
    const res = await refund(order.id, { amountCents: 5000, reason: 'Asked by the buyer' });
    expect(res.status).toBe(201);
    const body = await read<RefundResult>(res);
    expect(body.refund).toMatchObject({ amountCents: 5000, reason: 'Asked by the buyer', status: 'succeeded', orderItemIds: null, createdBy: { id: admin.id } });
    expect(body.refund.providerRefundId).toMatch(/^re_test_/);
    expect(body.order).toMatchObject({ status: 'refunded', refundedCents: 5000, refundableCents: 0 });
    expect(body.order.items.every((i) => i.revoked)).toBe(true);
    expect(body.order.events.map((e) => e.type)).toContain('charge.refunded');
    expect(await enrolled(learner.id, courses[0]!.id)).toBe(false);
    expect(await enrolled(learner.id, courses[1]!.id)).toBe(false);
    // Nothing is left: another refund is refused.
    const again = await refund(order.id, { amountCents: 1 });
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(REFUND_NOT_REFUNDABLE);
  });

  it('refunds chosen lines: only their enrolments end', async () => {
    const { learner, courses, order } = await paidTwoCourseOrder();
    const line = order.items.find((i) => i.itemId === courses[1]!.id)!;
    const body = await read<RefundResult>(await refund(order.id, { amountCents: line.totalCents, orderItemIds: [line.id] }));
    expect(body.refund).toMatchObject({ amountCents: 2000, orderItemIds: [line.id], status: 'succeeded' });
    expect(body.order).toMatchObject({ status: 'partially_refunded', refundedCents: 2000, refundableCents: 3000 });
    expect(await enrolled(learner.id, courses[0]!.id)).toBe(true);
    expect(await enrolled(learner.id, courses[1]!.id)).toBe(false);
    expect(body.order.items.find((i) => i.id === line.id)!.revoked).toBe(true);
    // The rest, in a second refund, ends everything.
    const rest = await read<RefundResult>(await refund(order.id, { amountCents: 3000 }));
    expect(rest.order).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    expect(await enrolled(learner.id, courses[0]!.id)).toBe(false);
  });

  it('refunds an amount without lines: no enrolment ends', async () => {
    const { learner, courses, order } = await paidTwoCourseOrder();
    const body = await read<RefundResult>(await refund(order.id, { amountCents: 750 }));
    expect(body.order).toMatchObject({ status: 'partially_refunded', refundedCents: 750, refundableCents: 4250 });
    expect(await enrolled(learner.id, courses[0]!.id)).toBe(true);
    expect(await enrolled(learner.id, courses[1]!.id)).toBe(true);
  });

  it('refuses more than what is left, saying how much is', async () => {
    const { order } = await paidTwoCourseOrder();
    await refund(order.id, { amountCents: 4000 });
    const res = await refund(order.id, { amountCents: 1001 });
    expect(res.status).toBe(409);
    const err = await read<ErrorBody & { refundableCents: number }>(res);
    expect(err.message).toBe(REFUND_TOO_MUCH);
    expect(err.refundableCents).toBe(1000);
    expect(err.validationErrors?.amountCents).toEqual(['At most $10.00 can be refunded.']);
    expect((await refund(order.id, { amountCents: 1000 })).status).toBe(201);
  });

  it('refuses an unpaid order, an unknown order, lines of another order and bad amounts', async () => {
    const learner = await createUser(t.db);
    const course = await createCourse(t.db, { priceCents: 1000 });
    const pending = await placeOrder(t, learner.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 1000 }], { paid: false });
    const unpaid = await refund(pending.id, { amountCents: 100 });
    expect(unpaid.status).toBe(409);
    expect((await read<ErrorBody>(unpaid)).message).toBe(REFUND_NOT_REFUNDABLE);
    expect((await refund(99999999, { amountCents: 100 })).status).toBe(404);

    const { order } = await paidTwoCourseOrder();
    const { order: other } = await paidTwoCourseOrder();
    const foreign = await refund(order.id, { amountCents: 100, orderItemIds: [other.items[0]!.id] });
    expect(foreign.status).toBe(400);
    expect((await read<ErrorBody>(foreign)).message).toBe(REFUND_FOREIGN_LINE);
    for (const body of [{ amountCents: 0 }, { amountCents: -5 }, { amountCents: 10.5 }, {}, { amountCents: 100, orderItemIds: ['x'] }, { amountCents: 100, reason: 'x'.repeat(501) }]) {
      expect((await refund(order.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    // None of the refused requests left a refund behind.
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, pending.id))).toEqual([]);
  });

  it('never refunds more than was paid, however many requests race', async () => {
    const { order } = await paidTwoCourseOrder();
    // Eight requests of $15.00 at once on a $50.00 order: at most three fit.
    const results = await Promise.all(Array.from({ length: 8 }, () => refund(order.id, { amountCents: 1500 })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const given = rows.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);
    expect(given).toBe(4500);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    // The order's refunded amount follows the provider's running totals (the webhook): what went back.
    expect(row!.refundedCents).toBe(4500);
    expect(row!.status).toBe('partially_refunded');
  });

  it('refunds what was paid after a coupon, for an order bought through checkout', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const course = await createPaidCourse(t.db, { priceCents: 4999 });
    const coupon = await createCoupon(t.db, { percentOff: 20 });
    const row = await buyCourse(t, token, course.id, coupon.code);
    expect(row).toMatchObject({ status: 'paid', discountCents: 1000, totalCents: 3999 });
    expect(await enrolled(user.id, course.id)).toBe(true);
    const tooMuch = await refund(row.id, { amountCents: 4999 });
    expect(tooMuch.status).toBe(409);
    const body = await read<RefundResult>(await refund(row.id, { amountCents: 3999 }));
    expect(body.order).toMatchObject({ status: 'refunded', refundedCents: 3999, couponCode: coupon.code });
    expect(await enrolled(user.id, course.id)).toBe(false);
  });

  it('refuses an order paid through another provider than the one in use', async () => {
    const learner = await createUser(t.db);
    const [row] = await t.db
      .insert(orders)
      .values({ number: `DRX-STRPE-${Date.now().toString(36).slice(-5).toUpperCase()}`, userId: learner.id, type: 'course', status: 'paid', description: 'x', subtotalCents: 1000, totalCents: 1000, provider: 'stripe', paidAt: new Date().toISOString() })
      .returning();
    const res = await refund(row!.id, { amountCents: 100 });
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe(REFUND_PROVIDER_MISMATCH);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, row!.id))).toEqual([]);
  });

  it('gives the reserved amount back when the provider refuses (502, the refund marked failed)', async () => {
    const learner = await createUser(t.db);
    // Paid by its status but without a payment the test provider knows: it refuses the refund.
    const [row] = await t.db
      .insert(orders)
      .values({ number: `DRX-NOPAY-${Date.now().toString(36).slice(-5).toUpperCase()}`, userId: learner.id, type: 'course', status: 'paid', description: 'x', subtotalCents: 1000, totalCents: 1000, provider: 'test' })
      .returning();
    const res = await refund(row!.id, { amountCents: 1000 });
    expect(res.status).toBe(502);
    expect((await read<ErrorBody>(res)).message).toBe(REFUND_PROVIDER_FAILED);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, row!.id));
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    const detail = await read<AdminOrderDetail>(await t.json('GET', `/api/admin/orders/${row!.id}`, undefined, adminToken));
    expect(detail.refundableCents).toBe(1000);
  });
});
