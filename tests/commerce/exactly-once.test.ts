import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, emailOutbox, enrollments, orderItems, orders, paymentEvents, refunds } from '../../db/schema/index.ts';
import { paidStatusFor, type OrderStatus } from '../../worker/src/domain/orders.ts';
import { startCheckout as startCheckoutService } from '../../worker/src/services/payments/checkout.ts';
import { getTestProvider } from '../../worker/src/services/payments/index.ts';
import { receiptSubject } from '../../worker/src/services/payments/receipt.ts';
import { testEvents, type TestProvider } from '../../worker/src/services/payments/test-provider.ts';
import type { ProviderEvent } from '../../worker/src/services/payments/provider.ts';
import { createCoupon, createPaidCourse, orderRow } from '../support/commerce-factories.ts';
import { createSignedInUser, createUser } from '../support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Exactly once under any delivery (decision 0024): random schedules of the signed
 * events of one order — duplicated, reordered, delivered concurrently — against the real handler
 * and database must pay the order once, enrol once, count the coupon once, and end in the state
 * of the last meaningful event.
 */

let t: TestApp;
let provider: TestProvider;

beforeAll(async () => {
  t = await createTestApp();
  provider = getTestProvider(t.platform)!;
});
afterAll(() => t.close());

const COURSE_PRICE = 5000;
/** 20% off: the order's total. */
const TOTAL = 4000;
const PARTIAL = 1000;

type Letter = 'C' | 'E' | 'R1' | 'R2';

async function newOrder() {
  const user = await createUser(t.db);
  const course = await createPaidCourse(t.db, { priceCents: COURSE_PRICE });
  const coupon = await createCoupon(t.db, { percentOff: 20, maxRedemptions: 1 });
  const started = await startCheckoutService(t.platform, user.id, { couponCode: coupon.code, items: [{ type: 'COURSE', itemId: course.id }] }, 'http://localhost');
  const order = await orderRow(t.db, started.order.id);
  const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { user, course, coupon, order, lineId: line!.id };
}

/** What the handler must end with: paid once completed (less refunds), else expired or pending. */
function expected(delivered: Set<Letter>, named: boolean) {
  const paid = delivered.has('C');
  const refunded = delivered.has('R2') ? TOTAL : delivered.has('R1') ? PARTIAL : 0;
  const status: OrderStatus = paid ? paidStatusFor(TOTAL, refunded) : delivered.has('E') ? 'expired' : 'pending';
  const revoked = paid && (delivered.has('R2') || (delivered.has('R1') && named));
  return { paid, refunded, status, enrolled: paid && !revoked, coupon: paid ? 'redeemed' : delivered.has('E') ? 'released' : 'reserved' };
}

describe('webhook deliveries in any schedule', () => {
  it('change the order exactly once and end in the state of the last meaningful event (200 schedules)', async () => {
    const delivery = fc.record({ event: fc.constantFrom<Letter>('C', 'E', 'R1', 'R2'), withPrevious: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(delivery, { minLength: 1, maxLength: 10 }), fc.boolean(), async (schedule, named) => {
        const { user, course, order, lineId } = await newOrder();
        const events: Record<Letter, ProviderEvent> = {
          C: testEvents.completed(order),
          E: testEvents.expired(order),
          R1: testEvents.refunded(order, PARTIAL, { id: `re_p_${order.id}`, amount: PARTIAL, orderItemIds: named ? [lineId] : null }),
          R2: testEvents.refunded(order, TOTAL, { id: `re_f_${order.id}`, amount: TOTAL - PARTIAL, orderItemIds: null }),
        };
        // Consecutive deliveries marked withPrevious go out together (Promise.all).
        const waves: Letter[][] = [];
        for (const d of schedule) {
          if (d.withPrevious && waves.length > 0) waves.at(-1)!.push(d.event);
          else waves.push([d.event]);
        }
        const outcomes: string[] = [];
        for (const wave of waves) {
          const handled = await Promise.all(wave.map((letter) => provider.deliver(events[letter])));
          outcomes.push(...handled.map((h) => h.outcome));
        }
        const delivered = new Set(schedule.map((d) => d.event));
        const want = expected(delivered, named);

        const row = await orderRow(t.db, order.id);
        expect(row.status).toBe(want.status);
        expect(row.refundedCents).toBe(want.refunded);
        expect(outcomes.filter((o) => o === 'paid')).toHaveLength(want.paid ? 1 : 0);
        expect(outcomes.filter((o) => o !== 'duplicate')).toHaveLength(delivered.size);
        const enrolled = await t.db.select().from(enrollments).where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)));
        expect(enrolled).toHaveLength(want.enrolled ? 1 : 0);
        const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
        expect(redemptions.map((r) => r.status)).toEqual([want.coupon]);
        const receipts = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, receiptSubject(order.number)));
        expect(receipts).toHaveLength(want.paid ? 1 : 0);
        const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
        expect(recorded).toHaveLength(delivered.size);
        const [line] = await t.db.select().from(orderItems).where(eq(orderItems.id, lineId));
        expect(line!.revokedAt !== null).toBe(want.paid && !want.enrolled);
      }),
      { numRuns: 200 },
    );
  }, 240_000);

  it('keeps a paid order paid when its expiry arrives late', async () => {
    const { order } = await newOrder();
    await provider.deliver(testEvents.completed(order));
    expect((await provider.deliver(testEvents.expired(order))).outcome).toBe('ignored:not-pending');
    expect((await orderRow(t.db, order.id)).status).toBe('paid');
  });

  it('applies a refund that arrived before the payment once the payment arrives', async () => {
    const { user, course, order } = await newOrder();
    const early = await provider.deliver(testEvents.refunded(order, TOTAL, { id: `re_early_${order.id}`, amount: TOTAL }));
    expect(early.outcome).toBe('recorded:awaiting-payment');
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'pending', refundedCents: TOTAL });
    await provider.deliver(testEvents.completed(order));
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'refunded', refundedCents: TOTAL });
    expect(await t.db.select().from(enrollments).where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, course.id)))).toEqual([]);
  });
});

describe('test provider refunds', () => {
  it('carry the running total of the refunds asked for, so concurrent ones add up', async () => {
    const { order } = await newOrder();
    await provider.deliver(testEvents.completed(order));
    const paid = await orderRow(t.db, order.id);
    const rows = await t.db.insert(refunds).values([{ orderId: order.id, amountCents: 300 }, { orderId: order.id, amountCents: 400 }]).returning();
    const results = await Promise.all(rows.map((r) => provider.refund({ order: paid, amountCents: r.amountCents, refundId: r.id, orderItemIds: null })));
    expect(new Set(results.map((r) => r.providerRefundId)).size).toBe(2);
    expect(await orderRow(t.db, order.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 700 });
    const stored = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(stored.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });
});

describe('concurrent checkouts', () => {
  it('of the last use of a coupon: exactly one wins, the others get 409 and leave no order', async () => {
    const coupon = await createCoupon(t.db, { percentOff: 50, maxRedemptions: 3 });
    // Two uses are taken already.
    for (let i = 0; i < 2; i++) {
      const course = await createPaidCourse(t.db);
      const user = await createUser(t.db);
      await startCheckoutService(t.platform, user.id, { couponCode: coupon.code, items: [{ type: 'COURSE', itemId: course.id }] }, 'http://localhost');
    }
    const course = await createPaidCourse(t.db);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(t.db)));
    const answers = await Promise.all(
      buyers.map(({ token }) => t.json('POST', '/api/simple-checkout', { type: 'COURSE', itemId: course.id, couponCode: coupon.code }, token)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect((await read<ErrorBody>(a)).message).toBe('This coupon code is not valid.');
    const held = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(held).toHaveLength(3);
    const couponOrders = await t.db.select().from(orders).where(eq(orders.couponId, coupon.id));
    expect(couponOrders).toHaveLength(3);
  });
});
