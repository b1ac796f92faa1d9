import { eq } from 'drizzle-orm';
import { bookings, type lessonTypes } from '../../db/schema/index.ts';
import { giveBooking, type BookingOptions } from './booking-factories.ts';
import { placeOrder } from './order-factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * A confirmed booking paid through the test provider: the booking row, then a paid order with its
 * BOOKING line (the real checkout.session.completed handler), the booking pointing at the order.
 */
export async function givePaidBooking(t: TestApp, userId: number, lessonType: typeof lessonTypes.$inferSelect, options: BookingOptions & { paidCents?: number } = {}) {
  const booking = await giveBooking(t.db, userId, lessonType, { ...options, status: 'confirmed' });
  const cents = options.paidCents ?? booking.priceCents;
  const order = await placeOrder(t, userId, [{ kind: 'BOOKING', itemId: booking.id, title: booking.title, unitPriceCents: cents }]);
  const [row] = await t.db.update(bookings).set({ orderId: order.id, status: 'confirmed' }).where(eq(bookings.id, booking.id)).returning();
  return { booking: row!, order };
}
