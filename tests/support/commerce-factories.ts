import { eq } from 'drizzle-orm';
import { cartItems, coupons, orders, type CouponRow, type OrderRow } from '../../db/schema/index.ts';
import type { OrderSummary } from '../../shared/payments/order-view.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { createCourse, type CourseOptions } from './course-factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * Commerce data for tests: paid courses, coupons, cart lines, and the buyer's journey through the
 * real API (checkout, the test provider's pay call). Shared by the payments, cart, orders and
 * admin tests.
 */

export const PAYING_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Test Buyer' };
export const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123', name: 'Test Buyer' };

/** A published course with a price (cents; $49.00 by default). */
export function createPaidCourse(db: Db, options: CourseOptions & { priceCents?: number } = {}) {
  return createCourse(db, { priceCents: 4900, ...options });
}

let couponCounter = 0;

/** A coupon (20% off, unlimited, active by default) with a unique code. */
export async function createCoupon(db: Db, options: Partial<typeof coupons.$inferInsert> = {}): Promise<CouponRow> {
  couponCounter += 1;
  const code = options.code ?? `TEST${couponCounter}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const [row] = await db
    .insert(coupons)
    .values({ discountType: 'percent', percentOff: 20, description: '', ...options, code: code.toUpperCase() })
    .returning();
  return row!;
}

/** Puts an item straight into a user's server cart. */
export async function addCartLine(db: Db, userId: number, kind: 'COURSE' | 'RESOURCE', itemId: number, quantity = 1) {
  const [row] = await db.insert(cartItems).values({ userId, kind, itemId, quantity }).returning();
  return row!;
}

export interface StartedCheckout {
  order: OrderSummary;
  checkoutUrl: string;
  sessionId: string;
}

/**
 * Starts a checkout through the API: Buy now of one item (`item`), else the server cart.
 * Fails the test unless it answers 201.
 */
export async function startCheckout(
  t: TestApp,
  token: string,
  options: { item?: { type: 'COURSE' | 'RESOURCE'; itemId: number; quantity?: number }; couponCode?: string } = {},
): Promise<StartedCheckout> {
  const res = options.item
    ? await t.json('POST', '/api/simple-checkout', { ...options.item, couponCode: options.couponCode }, token)
    : await t.json('POST', '/api/checkout', { couponCode: options.couponCode }, token);
  if (res.status !== 201) throw new Error(`Checkout answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as StartedCheckout;
}

/** Pays a test-provider session with a card (4242… by default) through the hosted page's API. */
export async function payTestSession(t: TestApp, token: string, sessionId: string, card = PAYING_CARD): Promise<Response> {
  return t.json('POST', `/api/payments/test-checkout/${encodeURIComponent(sessionId)}/pay`, card, token);
}

/** Buys a course end to end (checkout + 4242 payment); answers the paid order's row. */
export async function buyCourse(t: TestApp, token: string, courseId: number, couponCode?: string): Promise<OrderRow> {
  const started = await startCheckout(t, token, { item: { type: 'COURSE', itemId: courseId }, couponCode });
  if (started.order.status !== 'paid') {
    const paid = await payTestSession(t, token, started.sessionId);
    if (paid.status !== 200) throw new Error(`Paying answered ${paid.status}: ${await paid.text()}`);
  }
  const [row] = await t.db.select().from(orders).where(eq(orders.id, started.order.id));
  return row!;
}

/** An order's row as it is now. */
export async function orderRow(db: Db, orderId: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}
