import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseFeedbackSettings, feedbackCreditGrants, orderItems, orders, sellerLedger } from '../../db/schema/index.ts';
import { getTestProvider } from '../../worker/src/services/payments/index.ts';
import { testEvents } from '../../worker/src/services/payments/test-provider.ts';
import { CREDITS_ALL_USED, CREDITS_NOT_ENROLLED, OWN_COURSE_CREDITS } from '../../worker/src/services/practice/credit-sales.ts';
import { describePurchasable } from '../../worker/src/services/purchasables.ts';
import { feedbackCreditsTitle } from '../../shared/course-feedback-settings.ts';
import { FEEDBACK_NOT_OFFERED } from '../../shared/practice.ts';
import type { Cart } from '../../shared/cart.ts';
import type { OrderSummary } from '../../shared/payments/order-view.ts';
import { payTestSession, startCheckout } from '../support/commerce-factories.ts';
import { createCourse, createEnrollment } from '../support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../support/factories.ts';
import { placeOrder } from '../support/order-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * FEEDBACK_CREDITS on the money path (decisions 0050, 0070): sold to a course's enrolled learners
 * while its feedback is sold in packs, granted once per paid line however often the payment's
 * event arrives, the instructor's share in the ledger, and a refund that takes back only the
 * credits still unused (refused when every credit of the line is used).
 */

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
});
afterAll(() => t.close());

/** A published course of a new instructor selling packs of 5 credits for $25, and an enrolled learner. */
async function creditsCourse(pack = { cents: 2500, credits: 5 }) {
  const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
  const course = await createCourse(t.db, { instructorId: instructor.id });
  await t.db.insert(courseFeedbackSettings).values({ courseId: course.id, mode: 'credits', creditPackCents: pack.cents, creditsPerPack: pack.credits });
  const learner = await createSignedInUser(t.db);
  await createEnrollment(t.db, learner.user.id, course.id);
  return { instructor, course, learner };
}

const grantsOf = (userId: number, courseId: number) =>
  t.db.select().from(feedbackCreditGrants).where(and(eq(feedbackCreditGrants.userId, userId), eq(feedbackCreditGrants.courseId, courseId))).orderBy(asc(feedbackCreditGrants.id));
const ledgerOf = (orderItemId: number) => t.db.select().from(sellerLedger).where(eq(sellerLedger.orderItemId, orderItemId)).orderBy(asc(sellerLedger.id));
const ref = (courseId: number) => ({ kind: 'FEEDBACK_CREDITS' as const, itemId: courseId });
const line = (course: { id: number; title: string }, quantity = 1, cents = 2500, credits = 5) => ({
  kind: 'FEEDBACK_CREDITS' as const,
  itemId: course.id,
  title: feedbackCreditsTitle(credits, course.title),
  unitPriceCents: cents,
  quantity,
});

describe('the FEEDBACK_CREDITS describer', () => {
  it('sells the pack to enrolled learners of a course whose feedback is sold in packs, and to nobody else', async () => {
    const { instructor, course, learner } = await creditsCourse();
    expect(await describePurchasable(t.db, learner.user.id, ref(course.id))).toMatchObject({
      available: true,
      title: `Feedback credits ×5 — ${course.title}`,
      priceCents: 2500,
      url: `/learn/courses/${course.id}`,
      maxQuantity: 5,
    });
    const stranger = await createUser(t.db);
    expect(await describePurchasable(t.db, stranger.id, ref(course.id))).toMatchObject({ available: false, reason: 'not_enrolled', reasonMessage: CREDITS_NOT_ENROLLED });
    expect(await describePurchasable(t.db, null, ref(course.id))).toMatchObject({ available: false, reason: 'not_enrolled' });
    expect(await describePurchasable(t.db, instructor.id, ref(course.id))).toMatchObject({ available: false, reason: 'own_item', reasonMessage: OWN_COURSE_CREDITS });
    await t.db.update(courseFeedbackSettings).set({ mode: 'included', includedReviews: 2 }).where(eq(courseFeedbackSettings.courseId, course.id));
    expect(await describePurchasable(t.db, learner.user.id, ref(course.id))).toMatchObject({ available: false, reason: 'unpublished', reasonMessage: FEEDBACK_NOT_OFFERED });
    const plain = await createCourse(t.db);
    await createEnrollment(t.db, learner.user.id, plain.id);
    expect(await describePurchasable(t.db, learner.user.id, ref(plain.id))).toMatchObject({ available: false, reason: 'unpublished', reasonMessage: FEEDBACK_NOT_OFFERED });
    expect(await describePurchasable(t.db, learner.user.id, ref(999_999_999))).toMatchObject({ available: false, reason: 'not_found' });
  });
});

describe('buying feedback credits', () => {
  it('goes through the cart and the checkout; the paid line grants its credits once, whatever the events replayed', async () => {
    const { instructor, course, learner } = await creditsCourse();
    const stranger = await createSignedInUser(t.db);
    const refused = await t.json('POST', '/api/cart', { type: 'FEEDBACK_CREDITS', itemId: course.id }, stranger.token);
    expect(refused.status).toBe(409);
    expect((await read<ErrorBody>(refused)).message).toBe(CREDITS_NOT_ENROLLED);

    const added = await t.json('POST', '/api/cart', { type: 'FEEDBACK_CREDITS', itemId: course.id, quantity: 2 }, learner.token);
    expect(added.status).toBe(200);
    const cart = await read<Cart>(added);
    expect(cart.items).toEqual([expect.objectContaining({ type: 'FEEDBACK_CREDITS', itemId: course.id, quantity: 2, priceCents: 2500, available: true })]);
    // Not the course itself: the course page must not think the course is in the cart.
    expect(cart.items[0]).not.toHaveProperty('course_id');
    expect(cart.subtotalCents).toBe(5000);

    const started = await startCheckout(t, learner.token);
    expect((await payTestSession(t, learner.token, started.sessionId)).status).toBe(200);
    const [orderLine] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, started.order.id));
    expect(orderLine).toMatchObject({ kind: 'FEEDBACK_CREDITS', itemId: course.id, quantity: 2, totalCents: 5000 });

    // The same event again, twice: still one grant, one sale row.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, started.order.id));
    const provider = getTestProvider(t.platform)!;
    await provider.deliver(testEvents.completed(row!));
    await provider.deliver(testEvents.completed(row!));

    const grants = await grantsOf(learner.user.id, course.id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ orderItemId: orderLine!.id, credits: 10, used: 0, refunded: 0 });
    const ledger = await ledgerOf(orderLine!.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ sellerId: instructor.id, type: 'sale', grossCents: 5000 });
    expect(ledger[0]!.netCents).toBe(5000 - ledger[0]!.feeCents);
    expect(ledger[0]!.description).toContain(`Feedback credits ×5 — ${course.title}`);

    const view = await read<OrderSummary>(await t.json('GET', `/api/orders/${started.order.id}`, undefined, learner.token));
    expect(view.items[0]!.nextAction).toEqual({ label: 'Go to course', url: `/learn/courses/${course.id}` });
  });
});

describe('the number of credits a line sold', () => {
  it('is fixed at checkout: a pack resized before the payment is verified grants what was bought, on every delivery', async () => {
    const { course, learner } = await creditsCourse();
    expect((await t.json('POST', '/api/cart', { type: 'FEEDBACK_CREDITS', itemId: course.id, quantity: 2 }, learner.token)).status).toBe(200);
    const started = await startCheckout(t, learner.token);
    const [orderLine] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, started.order.id));
    expect(orderLine).toMatchObject({ title: feedbackCreditsTitle(5, course.title), quantity: 2, metadata: JSON.stringify({ credits_per_pack: 5 }) });

    // The instructor makes the pack 8 credits while the learner is on the payment page.
    await t.db.update(courseFeedbackSettings).set({ creditsPerPack: 8 }).where(eq(courseFeedbackSettings.courseId, course.id));
    expect((await payTestSession(t, learner.token, started.sessionId)).status).toBe(200);
    expect(await grantsOf(learner.user.id, course.id)).toEqual([expect.objectContaining({ orderItemId: orderLine!.id, credits: 2 * 5, used: 0, refunded: 0 })]);

    // Resized again, and the payment's event delivered again: still the one grant of what was bought.
    await t.db.update(courseFeedbackSettings).set({ creditsPerPack: 1 }).where(eq(courseFeedbackSettings.courseId, course.id));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, started.order.id));
    await getTestProvider(t.platform)!.deliver(testEvents.completed(row!));
    expect(await grantsOf(learner.user.id, course.id)).toEqual([expect.objectContaining({ orderItemId: orderLine!.id, credits: 10 })]);

    // The next checkout sells the pack as it is now, and says so in its title.
    expect((await t.json('POST', '/api/cart', { type: 'FEEDBACK_CREDITS', itemId: course.id }, learner.token)).status).toBe(200);
    const next = await startCheckout(t, learner.token);
    const [nextLine] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, next.order.id));
    expect(nextLine).toMatchObject({ title: feedbackCreditsTitle(1, course.title), metadata: JSON.stringify({ credits_per_pack: 1 }) });
  });

  it('answers nothing of the snapshot in the quote the buyer reads', async () => {
    const { course, learner } = await creditsCourse();
    const res = await t.json('POST', '/api/checkout/quote', { items: [{ type: 'FEEDBACK_CREDITS', itemId: course.id }] }, learner.token);
    expect(res.status).toBe(200);
    expect(Object.keys(await read<Record<string, unknown>>(res))).not.toContain('lineMetadata');
  });
});

describe('refunding feedback credits', () => {
  it('takes back only the unused credits, and the instructor’s share of what was refunded', async () => {
    const { instructor, course, learner } = await creditsCourse();
    const order = await placeOrder(t, learner.user.id, [line(course)]);
    const [orderLine] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // Two reviews asked for with the grant's credits.
    await t.db.update(feedbackCreditGrants).set({ used: 2 }).where(eq(feedbackCreditGrants.orderItemId, orderLine!.id));

    const res = await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 1500, orderItemIds: [orderLine!.id] }, adminToken);
    expect(res.status).toBe(201);
    const [grant] = await grantsOf(learner.user.id, course.id);
    expect(grant).toMatchObject({ credits: 5, used: 2, refunded: 3 });
    const ledger = await ledgerOf(orderLine!.id);
    expect(ledger.map((l) => [l.sellerId, l.type, l.grossCents])).toEqual([
      [instructor.id, 'sale', 2500],
      [instructor.id, 'refund', -1500],
    ]);

    // A redelivered payment event changes nothing more.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    await getTestProvider(t.platform)!.deliver(testEvents.completed(row!));
    expect((await grantsOf(learner.user.id, course.id))[0]).toMatchObject({ used: 2, refunded: 3 });
    expect(await ledgerOf(orderLine!.id)).toHaveLength(2);
  });

  it('refuses to end a line whose every credit is used; an amount alone is still possible', async () => {
    const { course, learner } = await creditsCourse();
    const order = await placeOrder(t, learner.user.id, [line(course)]);
    const [orderLine] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await t.db.update(feedbackCreditGrants).set({ used: 5 }).where(eq(feedbackCreditGrants.orderItemId, orderLine!.id));

    for (const body of [{ amountCents: 2500, orderItemIds: [orderLine!.id] }, { amountCents: 2500 }]) {
      const res = await t.json('POST', `/api/admin/orders/${order.id}/refunds`, body, adminToken);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect((await read<ErrorBody>(res)).message).toBe(CREDITS_ALL_USED(orderLine!.title));
    }
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'paid', refundedCents: 0 });

    const goodwill = await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 500 }, adminToken);
    expect(goodwill.status).toBe(201);
    expect((await grantsOf(learner.user.id, course.id))[0]).toMatchObject({ used: 5, refunded: 0 });
  });
});
