import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, couponRedemptions, emailOutbox, enrollments, orderItems, orders } from '../../../db/schema/index.ts';
import { ORDER_NUMBER_PATTERN } from '../domain/orders.ts';
import {
  addCartLine,
  createCoupon,
  createPaidCourse,
  DECLINED_CARD,
  orderRow,
  PAYING_CARD,
  payTestSession,
  startCheckout,
} from '../../../tests/support/commerce-factories.ts';
import { createCourse } from '../../../tests/support/course-factories.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import type { OrderSummary } from '../../../shared/payments/order-view.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const buyer = () => createSignedInUser(t.db);

describe('GET /api/payments/mode', () => {
  it('answers the test provider without Stripe keys', async () => {
    const res = await t.request('/api/payments/mode');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ provider: 'test', testMode: true, currency: 'usd' });
  });
});

describe('POST /api/checkout/quote', () => {
  it('prices the server cart at current prices with a coupon', async () => {
    const { user, token } = await buyer();
    const course = await createPaidCourse(t.db, { priceCents: 5000 });
    await addCartLine(t.db, user.id, 'COURSE', course.id);
    const coupon = await createCoupon(t.db, { percentOff: 20 });
    const res = await t.json('POST', '/api/checkout/quote', { couponCode: coupon.code.toLowerCase() }, token);
    expect(res.status).toBe(200);
    const body = await read<{ subtotalCents: number; discountCents: number; totalCents: number; coupon: { code: string } | null; couponError: string | null; lines: { totalCents: number }[]; testMode: boolean }>(res);
    expect(body).toMatchObject({ subtotalCents: 5000, discountCents: 1000, totalCents: 4000, couponError: null, testMode: true });
    expect(body.coupon?.code).toBe(coupon.code);
    expect(body.lines[0]!.totalCents).toBe(4000);
  });

  it('gives the refusal of an unknown coupon as couponError', async () => {
    const { token } = await buyer();
    const course = await createPaidCourse(t.db);
    const res = await t.json('POST', '/api/checkout/quote', { couponCode: 'NOPE-NOT-HERE', items: [{ type: 'COURSE', itemId: course.id }] }, token);
    const body = await read<{ couponError: string; discountCents: number }>(res);
    expect(body.couponError).toBe('This coupon code is not valid.');
    expect(body.discountCents).toBe(0);
  });

  it('needs sign-in', async () => {
    expect((await t.json('POST', '/api/checkout/quote', {})).status).toBe(401);
  });
});

describe('POST /api/checkout and /api/simple-checkout', () => {
  it('creates a pending order with a snapshot and a test session', async () => {
    const { user, token } = await buyer();
    const course = await createPaidCourse(t.db, { priceCents: 2500 });
    await addCartLine(t.db, user.id, 'COURSE', course.id);
    const res = await t.json('POST', '/api/checkout', {}, token);
    expect(res.status).toBe(201);
    const body = await read<{ order: OrderSummary; checkoutUrl: string; sessionId: string }>(res);
    expect(body.sessionId).toMatch(/^cs_test_/);
    expect(body.checkoutUrl).toBe(`/checkout/stripe?session=${body.sessionId}`);
    expect(body.order).toMatchObject({ status: 'pending', type: 'course', totalCents: 2500, testMode: true, provider: 'test', checkoutUrl: body.checkoutUrl });
    expect(body.order.number).toMatch(ORDER_NUMBER_PATTERN);
    expect(body.order.items[0]).toMatchObject({ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 2500, fulfilled: false, nextAction: null });
    // Cart lines stay until the order is paid.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);
  });

  it('refuses an empty cart and unavailable items with 409', async () => {
    const { token } = await buyer();
    const empty = await t.json('POST', '/api/checkout', {}, token);
    expect(empty.status).toBe(409);
    expect((await read<ErrorBody>(empty)).message).toBe('Your cart is empty.');
    const draft = await createCourse(t.db, { status: 'draft', priceCents: 1000 });
    const res = await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: draft.id }, token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe('This item is not available.');
    const free = await createCourse(t.db, { priceCents: 0 });
    const freeRes = await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: free.id }, token);
    expect(freeRes.status).toBe(409);
  });

  it('refuses a course the buyer is enrolled in', async () => {
    const { user, token } = await buyer();
    const course = await createPaidCourse(t.db);
    await t.db.insert(enrollments).values({ userId: user.id, courseId: course.id, source: 'admin' });
    const res = await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: course.id }, token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe('You are already enrolled in this course.');
  });

  it('validates its input', async () => {
    const { token } = await buyer();
    const res = await t.json('POST', '/api/simple-checkout', { type: 'BOAT', itemId: -1 }, token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toHaveProperty('type');
  });

  it('answers 400 for a coupon that does not apply and 409 for one used up', async () => {
    const { token } = await buyer();
    const course = await createPaidCourse(t.db);
    const res = await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: course.id, couponCode: 'UNKNOWN-CODE' }, token);
    expect(res.status).toBe(400);
    expect(await read<ErrorBody>(res)).toMatchObject({ message: 'This coupon code is not valid.', validationErrors: { couponCode: ['This coupon code is not valid.'] } });
    const used = await createCoupon(t.db, { maxRedemptions: 1 });
    const other = await buyer();
    await startCheckout(t, other.token, { item: { type: 'COURSE', itemId: course.id }, couponCode: used.code });
    const second = await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: course.id, couponCode: used.code }, token);
    expect(second.status).toBe(409);
    expect((await read<ErrorBody>(second)).message).toBe('This coupon code is not valid.');
  });

  it('replaces an older pending order for the same item (one open checkout per item)', async () => {
    const { user, token } = await buyer();
    const course = await createPaidCourse(t.db);
    const coupon = await createCoupon(t.db, { maxRedemptions: 1 });
    const first = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id }, couponCode: coupon.code });
    // The same coupon can be used again: the replaced order's reservation is released first.
    const second = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id }, couponCode: coupon.code });
    expect((await orderRow(t.db, first.order.id)).status).toBe('cancelled');
    expect((await orderRow(t.db, second.order.id)).status).toBe('pending');
    const reservations = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, user.id));
    expect(reservations.map((r) => [r.orderId, r.status]).sort()).toEqual(
      [
        [first.order.id, 'released'],
        [second.order.id, 'reserved'],
      ].sort(),
    );
  });

  it("gives back the coupon use of another buyer's abandoned checkout once its session ran out", async () => {
    const course = await createPaidCourse(t.db);
    const coupon = await createCoupon(t.db, { maxRedemptions: 1 });
    const first = await buyer();
    const abandoned = await startCheckout(t, first.token, { item: { type: 'COURSE', itemId: course.id }, couponCode: coupon.code });
    const second = await buyer();
    const refused = await t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: course.id, couponCode: coupon.code }, second.token);
    expect(refused.status).toBe(409);
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(orders.id, abandoned.order.id));
    const started = await startCheckout(t, second.token, { item: { type: 'COURSE', itemId: course.id }, couponCode: coupon.code });
    expect(started.order.couponCode).toBe(coupon.code);
    expect((await orderRow(t.db, abandoned.order.id)).status).toBe('expired');
  });

  it('completes an order a coupon made free without a payment page', async () => {
    const { user, token } = await buyer();
    const course = await createPaidCourse(t.db, { priceCents: 1000 });
    const coupon = await createCoupon(t.db, { percentOff: 100 });
    const started = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id }, couponCode: coupon.code });
    expect(started.order.status).toBe('paid');
    expect(started.order.totalCents).toBe(0);
    expect(started.checkoutUrl).toMatch(/^\/payment-success\?session_id=cs_free_/);
    const [enrolment] = await t.db.select().from(enrollments).where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)));
    expect(enrolment?.source).toBe('purchase');
  });
});

describe('the test provider: paying, declining, confirming, cancelling', () => {
  it('pays with 4242, fulfils through the webhook, empties the cart line, sends the receipt once', async () => {
    const { user, token } = await buyer();
    const course = await createPaidCourse(t.db, { priceCents: 3000 });
    const coupon = await createCoupon(t.db, { percentOff: 10 });
    await addCartLine(t.db, user.id, 'COURSE', course.id);
    const started = await startCheckout(t, token, { couponCode: coupon.code });
    const page = await t.request(`/api/payments/test-checkout/${started.sessionId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      sessionId: started.sessionId,
      status: 'open',
      successUrl: `/payment-success?session_id=${started.sessionId}`,
      cancelUrl: `/cancel-payment?session_id=${started.sessionId}`,
    });
    const paid = await payTestSession(t, token, started.sessionId);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ status: 'paid', redirectUrl: `/payment-success?session_id=${started.sessionId}` });

    const confirm = await t.json('POST', '/api/checkout/confirm', { sessionId: started.sessionId }, token);
    const { order } = await read<{ order: OrderSummary }>(confirm);
    expect(order).toMatchObject({ status: 'paid', totalCents: 2700, discountCents: 300, couponCode: coupon.code, checkoutUrl: null });
    expect(order.items[0]).toMatchObject({ fulfilled: true, revoked: false, nextAction: { label: 'Start course', url: `/learn/courses/${course.id}` } });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
    expect(redemption?.status).toBe('redeemed');
    const receipts = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, `Your DRX receipt for order ${order.number}`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.kind).toBe('receipt');
    expect(receipts[0]!.textBody).toContain('$27.00');

    // Paying again is refused; the session is complete.
    const again = await payTestSession(t, token, started.sessionId);
    expect(again.status).toBe(409);
  });

  it('declines 4000…0002 with 402 and keeps the pending payment', async () => {
    const { token } = await buyer();
    const course = await createPaidCourse(t.db);
    const started = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id } });
    const res = await payTestSession(t, token, started.sessionId, DECLINED_CARD);
    expect(res.status).toBe(402);
    expect((await read<ErrorBody>(res)).message).toBe('Your card was declined.');
    expect((await orderRow(t.db, started.order.id)).status).toBe('pending');
    const pending = await read<{ pendingPayments: { id: number }[] }>(await t.request('/api/payments/pending', { headers: { authorization: `Bearer ${token}` } }));
    expect(pending.pendingPayments.map((p) => p.id)).toEqual([started.order.id]);
    // The buyer may retry with a good card.
    expect((await payTestSession(t, token, started.sessionId)).status).toBe(200);
  });

  it.each([
    [{ ...PAYING_CARD, cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Your card number is invalid.'],
    [{ ...PAYING_CARD, expiry: '01/20' }, 'expiry', "Your card's expiration year is in the past."],
    [{ ...PAYING_CARD, expiry: '13/40' }, 'expiry', "Your card's expiration date is incomplete."],
    [{ ...PAYING_CARD, cvc: '12' }, 'cvc', "Your card's security code is invalid."],
  ])('answers 400 for a bad card (%#)', async (card, field, message) => {
    const { token } = await buyer();
    const course = await createPaidCourse(t.db);
    const started = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id } });
    const res = await payTestSession(t, token, started.sessionId, card);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors?.[field]).toEqual([message]);
    expect((await orderRow(t.db, started.order.id)).status).toBe('pending');
  });

  it("pays with another Luhn-valid number; someone else's session is not found", async () => {
    const { token } = await buyer();
    const stranger = await buyer();
    const course = await createPaidCourse(t.db);
    const started = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id } });
    expect((await t.request(`/api/payments/test-checkout/${started.sessionId}`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
    expect((await payTestSession(t, stranger.token, started.sessionId)).status).toBe(404);
    expect((await t.json('POST', '/api/checkout/confirm', { sessionId: started.sessionId }, stranger.token)).status).toBe(404);
    expect((await payTestSession(t, token, started.sessionId, { ...PAYING_CARD, cardNumber: '5555 5555 5555 4444' })).status).toBe(200);
  });

  it('cancel ends the order and keeps the cart; a paid order cannot be cancelled', async () => {
    const { user, token } = await buyer();
    const course = await createPaidCourse(t.db);
    const coupon = await createCoupon(t.db);
    await addCartLine(t.db, user.id, 'COURSE', course.id);
    const started = await startCheckout(t, token, { couponCode: coupon.code });
    const res = await t.json('POST', '/api/checkout/cancel', { sessionId: started.sessionId }, token);
    expect(res.status).toBe(200);
    expect((await read<{ order: OrderSummary }>(res)).order.status).toBe('cancelled');
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, started.order.id));
    expect(redemption?.status).toBe('released');
    expect((await payTestSession(t, token, started.sessionId)).status).toBe(409);

    const next = await startCheckout(t, token, {});
    await payTestSession(t, token, next.sessionId);
    expect((await t.json('POST', '/api/checkout/cancel', { sessionId: next.sessionId }, token)).status).toBe(409);
  });
});

describe('pending payments', () => {
  it('lists, dismisses (the session ends) and expires lazily', async () => {
    const { token } = await buyer();
    const course = await createPaidCourse(t.db, { priceCents: 1999 });
    const other = await createPaidCourse(t.db);
    const a = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id } });
    const b = await startCheckout(t, token, { item: { type: 'COURSE', itemId: other.id } });
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const list = await read<{ pendingPayments: Record<string, unknown>[] }>(await t.request('/api/payments/pending', auth));
    expect(list.pendingPayments).toHaveLength(2);
    expect(list.pendingPayments[0]).toMatchObject({
      id: a.order.id,
      type: 'course',
      description: course.title,
      amount: 19.99,
      amountCents: 1999,
      expiresAt: a.order.expiresAt,
      checkoutUrl: a.checkoutUrl,
      metadata: { orderNumber: a.order.number, items: [{ kind: 'COURSE', itemId: course.id, title: course.title, quantity: 1 }] },
    });
    const dismissed = await t.request(`/api/payments/pending/${a.order.id}`, { method: 'DELETE', ...auth });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toEqual({ message: 'Pending payment dismissed' });
    expect((await orderRow(t.db, a.order.id)).status).toBe('cancelled');
    expect((await t.request(`/api/payments/pending/${a.order.id}`, { method: 'DELETE', ...auth })).status).toBe(404);

    // b's session runs out: the next read delivers its expiry.
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(orders.id, b.order.id));
    const after = await read<{ pendingPayments: unknown[] }>(await t.request('/api/payments/pending', auth));
    expect(after.pendingPayments).toEqual([]);
    expect((await orderRow(t.db, b.order.id)).status).toBe('expired');
    const page = await read<{ status: string }>(await t.request(`/api/payments/test-checkout/${b.sessionId}`, auth));
    expect(page.status).toBe('expired');
    expect((await payTestSession(t, token, b.sessionId)).status).toBe(409);
  });

  it("cannot dismiss someone else's pending payment", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const course = await createPaidCourse(t.db);
    const started = await startCheckout(t, owner.token, { item: { type: 'COURSE', itemId: course.id } });
    const res = await t.request(`/api/payments/pending/${started.order.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${stranger.token}` } });
    expect(res.status).toBe(404);
    expect((await orderRow(t.db, started.order.id)).status).toBe('pending');
  });
});

describe('order snapshots', () => {
  it('keep the title and price paid when the course changes later', async () => {
    const { token } = await buyer();
    const course = await createPaidCourse(t.db, { priceCents: 1200 });
    const started = await startCheckout(t, token, { item: { type: 'COURSE', itemId: course.id } });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, started.order.id));
    expect(item).toMatchObject({ title: course.title, unitPriceCents: 1200, totalCents: 1200 });
  });
});
