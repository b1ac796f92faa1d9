import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, instructorReviews, notifications, orders, refunds } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking, givePackage } from '../../../tests/support/booking-factories.ts';
import { givePaidBooking } from '../../../tests/support/booking-orders.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { BOOKING_NOT_FOUND, CANCEL_NOT_ALLOWED, RESCHEDULE_NOT_ALLOWED, REVIEW_EXISTS, REVIEW_NOT_ALLOWED, SLOT_TAKEN, SLOT_UNAVAILABLE } from '../domain/bookings.ts';
import { cancelBooking, cancelFutureBookingsOf } from '../services/bookings/cancel.ts';
import type { BookingView, ReviewView } from '../../../shared/bookings/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
/** A whole hour `hours` from now (UTC). */
const hoursFromNow = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR).toISOString();

async function row(id: number) {
  const [b] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return b!;
}
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const orderOf = async (orderId: number) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const noticesOf = (userId: number, kind: string) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** Every day 00:00–24:00 in UTC, so any whole hour is a slot. */
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));

describe('POST /api/bookings/:id/cancel (the booker)', () => {
  it('a timely cancellation refunds the line in full through the provider, frees the seat and tells both', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { cancellationHours: 24, email: `ina-${Date.now()}@example.test` });
    const { user: booker, token } = await createSignedInUser(t.db, { email: `lee-${Date.now()}@example.test` });
    const { booking, order } = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(48) });
    const res = await t.json('POST', `/api/bookings/${booking.id}/cancel`, { reason: 'Sick' }, token);
    expect(res.status).toBe(200);
    const view = await read<BookingView>(res);
    expect(view).toMatchObject({ id: booking.id, status: 'cancelled', cancelled_by: 'booker', cancel_reason: 'Sick', refund_cents: 5000 });
    const after = await row(booking.id);
    expect(after).toMatchObject({ status: 'cancelled', cancelledBy: 'booker', refundCents: 5000, creditForfeited: false });
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ amountCents: 5000, status: 'succeeded', createdBy: booker.id });
    expect(JSON.parse(refund!.orderItemIds!)).toHaveLength(1);
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    // The refund's webhook changed nothing more on the booking.
    expect((await row(booking.id)).cancelledBy).toBe('booker');
    expect(await noticesOf(booker.id, 'booking_cancelled')).toHaveLength(1);
    expect(await noticesOf(instructor.id, 'booking_cancelled')).toHaveLength(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'booking_cancelled'));
    const mine = mails.filter((m) => m.subject.includes(booking.number));
    expect(mine.map((m) => m.toAddress).sort()).toEqual([booker.email, instructor.email].sort());
    const attachment = JSON.parse(mine[0]!.attachments!) as { filename: string; contentType: string; content: string }[];
    expect(attachment[0]!.filename).toBe(`${booking.number}.ics`);
    const event = new ICAL.Component(ICAL.parse(attachment[0]!.content)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.getFirstPropertyValue('sequence')).toBe(1);
    // Again: nothing left to cancel.
    const again = await t.json('POST', `/api/bookings/${booking.id}/cancel`, {}, token);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(CANCEL_NOT_ALLOWED);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('refunds what is left of an order an admin already refunded in part', async () => {
    const { lessonTypes } = await createInstructor(t.db, { cancellationHours: 24 });
    const { user: booker, token } = await createSignedInUser(t.db);
    const { booking, order } = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(48) });
    const admin = await createAdmin(t.db);
    expect((await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 2000 }, await signIn(t.db, admin.id))).status).toBe(201);
    const view = await read<BookingView>(await t.json('POST', `/api/bookings/${booking.id}/cancel`, {}, token));
    expect(view).toMatchObject({ status: 'cancelled', refund_cents: 3000 });
    expect((await refundsOf(order.id)).map((r) => [r.amountCents, r.status])).toEqual([
      [2000, 'succeeded'],
      [3000, 'succeeded'],
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', refundedCents: 5000 });
  });

  it('a late cancellation refunds nothing', async () => {
    const { lessonTypes } = await createInstructor(t.db, { cancellationHours: 24 });
    const { user: booker, token } = await createSignedInUser(t.db);
    const { booking, order } = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(5) });
    const res = await t.json('POST', `/api/bookings/${booking.id}/cancel`, {}, token);
    expect(res.status).toBe(200);
    expect(await row(booking.id)).toMatchObject({ status: 'cancelled', refundCents: 0 });
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await orderOf(order.id)).status).toBe('paid');
  });

  it('package credits: a timely cancellation gives the credit back, a late one uses it up', async () => {
    const { lessonTypes } = await createInstructor(t.db, { cancellationHours: 24 });
    const { user: booker, token } = await createSignedInUser(t.db);
    const { purchase } = await givePackage(t.db, lessonTypes[0]!, { lessonsCount: 2, buyerId: booker.id });
    const timely = await giveBooking(t.db, booker.id, lessonTypes[0]!, { packagePurchaseId: purchase!.id, startsAt: hoursFromNow(72) });
    const late = await giveBooking(t.db, booker.id, lessonTypes[0]!, { packagePurchaseId: purchase!.id, startsAt: hoursFromNow(3) });
    const credits = async () => (await read<{ id: number; credits_left: number; credits_used: number }[]>(await t.json('GET', '/api/packages/mine', undefined, token))).find((p) => p.id === purchase!.id)!;
    expect(await credits()).toMatchObject({ credits_left: 0, credits_used: 2 });
    const first = await read<BookingView>(await t.json('POST', `/api/bookings/${timely.id}/cancel`, {}, token));
    expect(first).toMatchObject({ status: 'cancelled', refund_cents: 0 });
    expect(await row(timely.id)).toMatchObject({ creditForfeited: false });
    expect(await credits()).toMatchObject({ credits_left: 1, credits_used: 1 });
    await t.json('POST', `/api/bookings/${late.id}/cancel`, {}, token);
    expect(await row(late.id)).toMatchObject({ status: 'cancelled', creditForfeited: true });
    expect(await credits()).toMatchObject({ credits_left: 1, credits_used: 1 });
  });

  it('a held booking cancelled expires, and its open checkout order is cancelled', async () => {
    const { lessonTypes } = await createInstructor(t.db);
    const { user: booker, token } = await createSignedInUser(t.db);
    const held = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'held', startsAt: hoursFromNow(30) });
    const [order] = await t.db
      .insert(orders)
      .values({ number: `ORD-H2-${held.id}`, userId: booker.id, type: 'booking', status: 'pending', description: held.title, subtotalCents: 5000, totalCents: 5000, provider: 'test' })
      .returning();
    await t.db.run(
      sql`INSERT INTO order_items (order_id, kind, item_id, title, unit_price_cents, quantity, discount_cents, total_cents)
        VALUES (${order!.id}, 'BOOKING', ${held.id}, ${held.title}, 5000, 1, 0, 5000)`,
    );
    const res = await t.json('POST', `/api/bookings/${held.id}/cancel`, {}, token);
    expect(res.status).toBe(200);
    expect(await row(held.id)).toMatchObject({ status: 'expired', cancelledBy: 'booker' });
    expect((await orderOf(order!.id)).status).toBe('cancelled');
  });

  it('refuses others (404), started, ended and already-declined bookings (409), and bad input (400)', async () => {
    const { lessonTypes } = await createInstructor(t.db);
    const { user: booker, token } = await createSignedInUser(t.db);
    const { token: otherToken } = await createSignedInUser(t.db);
    const booking = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(50) });
    const other = await t.json('POST', `/api/bookings/${booking.id}/cancel`, {}, otherToken);
    expect(other.status).toBe(404);
    expect((await read<ErrorBody>(other)).message).toBe(BOOKING_NOT_FOUND);
    expect((await t.json('POST', `/api/bookings/99999999/cancel`, {}, token)).status).toBe(404);
    expect((await t.json('POST', `/api/bookings/${booking.id}/cancel`, { reason: 'x'.repeat(501) }, token)).status).toBe(400);
    expect((await t.json('POST', `/api/bookings/abc/cancel`, {}, token)).status).toBe(400);
    expect((await t.json('POST', `/api/bookings/${booking.id}/cancel`, {}, '')).status).toBe(401);
    const past = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: new Date(Date.now() - 3 * HOUR).toISOString() });
    expect((await t.json('POST', `/api/bookings/${past.id}/cancel`, {}, token)).status).toBe(409);
    const declined = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'declined', startsAt: hoursFromNow(60) });
    expect((await t.json('POST', `/api/bookings/${declined.id}/cancel`, {}, token)).status).toBe(409);
    expect((await row(booking.id)).status).toBe('confirmed');
  });
});

describe('the instructor declines or cancels; an admin; a suspension', () => {
  it('a decline refunds in full even when late, only the instructor may, and the booker hears of it', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { cancellationHours: 48 });
    const token = await signIn(t.db, instructor.id);
    const booker = await createUser(t.db);
    const { booking, order } = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(4) });
    const { token: strangerToken } = await createSignedInUser(t.db);
    expect((await t.json('POST', `/api/instructor/bookings/${booking.id}/decline`, { reason: 'Ill' }, strangerToken)).status).toBe(404);
    const res = await t.json('POST', `/api/instructor/bookings/${booking.id}/decline`, { reason: 'Ill' }, token);
    expect(res.status).toBe(200);
    expect(await read<BookingView>(res)).toMatchObject({ status: 'declined', cancelled_by: 'instructor', refund_cents: 5000 });
    expect((await refundsOf(order.id))[0]).toMatchObject({ amountCents: 5000, status: 'succeeded' });
    expect(await noticesOf(booker.id, 'booking_declined')).toHaveLength(1);
    expect((await t.json('POST', `/api/instructor/bookings/${booking.id}/cancel`, {}, token)).status).toBe(409);
  });

  it('lists the instructor\'s own bookings by scope and status', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db);
    const token = await signIn(t.db, instructor.id);
    const booker = await createUser(t.db, { email: `b-${Date.now()}@example.test` });
    const upcoming = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(30) });
    const done = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: new Date(Date.now() - 5 * HOUR).toISOString() });
    const { lessonTypes: othersTypes } = await createInstructor(t.db);
    await giveBooking(t.db, booker.id, othersTypes[0]!, { startsAt: hoursFromNow(31) });
    const list = async (q: string) => (await read<{ data: BookingView[] }>(await t.json('GET', `/api/instructor/bookings${q}`, undefined, token))).data.map((b) => b.id);
    expect(await list('')).toEqual([upcoming.id]);
    expect(await list('?scope=past')).toEqual([done.id]);
    expect(await list('?scope=all&status=completed')).toEqual([done.id]);
    // Cancelled and declined bookings have their own scope, not past, wherever they were in time.
    const cancelled = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'cancelled', startsAt: hoursFromNow(50) });
    const declined = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'declined', startsAt: hoursFromNow(70) });
    expect(await list('?scope=cancelled')).toEqual([declined.id, cancelled.id]);
    expect(await list('?scope=past')).toEqual([done.id]);
    expect(await list('')).toEqual([upcoming.id]);
    const [first] = (await read<{ data: BookingView[] }>(await t.json('GET', '/api/instructor/bookings', undefined, token))).data;
    expect(first!.booker.email).toBe(booker.email);
    expect((await t.json('GET', '/api/instructor/bookings?scope=soon', undefined, token)).status).toBe(400);
  });

  it('an instructor cancellation refunds in full; an admin cancellation through cancelBooking too', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { cancellationHours: 24 });
    const booker = await createUser(t.db);
    const a = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(2) });
    const res = await t.json('POST', `/api/instructor/bookings/${a.booking.id}/cancel`, { reason: 'Studio closed' }, await signIn(t.db, instructor.id));
    expect(await read<BookingView>(res)).toMatchObject({ status: 'cancelled', cancelled_by: 'instructor', refund_cents: 5000 });
    const admin = await createAdmin(t.db);
    const b = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(3) });
    const result = await cancelBooking(t.platform, admin, b.booking.id, { by: 'admin', reason: 'Dispute' });
    expect(result).toMatchObject({ refundCents: 5000 });
    expect((await refundsOf(b.order.id))[0]).toMatchObject({ amountCents: 5000, status: 'succeeded', createdBy: admin.id });
    // Without bookings.manage an "admin" cancellation is refused.
    const c = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(4) });
    await expect(cancelBooking(t.platform, booker, c.booking.id, { by: 'admin' })).rejects.toMatchObject({ status: 403 });
  });

  it('a suspension cancels every future active booking with full refunds, leaving past ones', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { cancellationHours: 24 });
    const booker = await createUser(t.db);
    const a = await givePaidBooking(t, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(2) });
    const b = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(80) });
    const past = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: new Date(Date.now() - 10 * HOUR).toISOString() });
    expect(await cancelFutureBookingsOf(t.platform, instructor.id, 'Suspended')).toBe(2);
    expect(await row(a.booking.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'system', refundCents: 5000, cancelReason: 'Suspended' });
    expect((await row(b.id)).status).toBe('cancelled');
    expect((await row(past.id)).status).toBe('confirmed');
    expect((await refundsOf(a.order.id))[0]).toMatchObject({ amountCents: 5000, status: 'succeeded', createdBy: null });
  });
});

describe('POST /api/bookings/:id/reschedule', () => {
  it('moves a confirmed booking to an open slot: seat, SEQUENCE, notices; at most three times', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY, cancellationHours: 24 });
    const { user: booker, token } = await createSignedInUser(t.db);
    const booking = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(72) });
    const targets = [96, 100, 104, 108].map(hoursFromNow);
    const res = await t.json('POST', `/api/bookings/${booking.id}/reschedule`, { startsAt: targets[0] }, token);
    expect(res.status).toBe(200);
    expect(await read<BookingView>(res)).toMatchObject({ starts_at: targets[0], status: 'confirmed' });
    expect(await row(booking.id)).toMatchObject({ startsAt: targets[0], rescheduleCount: 1, seat: 1, reminderSentAt: null });
    expect(await noticesOf(booker.id, 'booking_rescheduled')).toHaveLength(1);
    expect(await noticesOf(instructor.id, 'booking_rescheduled')).toHaveLength(1);
    const ics = await t.json('GET', `/api/bookings/${booking.id}/ics`, undefined, token);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent('vevent')!);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(targets[0]);
    await t.json('POST', `/api/bookings/${booking.id}/reschedule`, { startsAt: targets[1] }, token);
    await t.json('POST', `/api/bookings/${booking.id}/reschedule`, { startsAt: targets[2] }, token);
    const fourth = await t.json('POST', `/api/bookings/${booking.id}/reschedule`, { startsAt: targets[3] }, token);
    expect(fourth.status).toBe(409);
    expect((await read<ErrorBody>(fourth)).message).toBe(RESCHEDULE_NOT_ALLOWED);
  });

  it('two bookers moving to the same private slot at once: one wins, the other gets 409 with alternatives', async () => {
    const { lessonTypes } = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY, cancellationHours: 24 });
    const a = await createSignedInUser(t.db);
    const b = await createSignedInUser(t.db);
    const ba = await giveBooking(t.db, a.user.id, lessonTypes[0]!, { startsAt: hoursFromNow(72) });
    const bb = await giveBooking(t.db, b.user.id, lessonTypes[0]!, { startsAt: hoursFromNow(76) });
    const target = hoursFromNow(90);
    const answers = await Promise.all([
      t.json('POST', `/api/bookings/${ba.id}/reschedule`, { startsAt: target }, a.token),
      t.json('POST', `/api/bookings/${bb.id}/reschedule`, { startsAt: target }, b.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = await read<ErrorBody & { alternatives: unknown[] }>(answers.find((r) => r.status === 409)!);
    expect([SLOT_TAKEN, SLOT_UNAVAILABLE]).toContain(lost.message);
    const rows = await Promise.all([row(ba.id), row(bb.id)]);
    expect(rows.filter((r) => r.startsAt === target)).toHaveLength(1);
  });

  it('a taken slot answers SLOT_TAKEN or SLOT_UNAVAILABLE with alternatives; late, others and bad input refused', async () => {
    const { lessonTypes } = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY, cancellationHours: 24 });
    const { user: booker, token } = await createSignedInUser(t.db);
    const someone = await createUser(t.db);
    const booking = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(72) });
    const taken = await giveBooking(t.db, someone.id, lessonTypes[0]!, { startsAt: hoursFromNow(80) });
    const res = await t.json('POST', `/api/bookings/${booking.id}/reschedule`, { startsAt: taken.startsAt }, token);
    expect(res.status).toBe(409);
    const body = await read<ErrorBody & { alternatives: { starts_at: string }[] }>(res);
    expect([SLOT_TAKEN, SLOT_UNAVAILABLE]).toContain(body.message);
    expect(body.alternatives.length).toBeGreaterThan(0);
    expect(body.alternatives.map((s) => s.starts_at)).not.toContain(taken.startsAt);
    expect((await row(booking.id)).startsAt).toBe(booking.startsAt);
    const { token: otherToken } = await createSignedInUser(t.db);
    expect((await t.json('POST', `/api/bookings/${booking.id}/reschedule`, { startsAt: hoursFromNow(90) }, otherToken)).status).toBe(404);
    expect((await t.json('POST', `/api/bookings/${booking.id}/reschedule`, { startsAt: 'tomorrow' }, token)).status).toBe(400);
    const late = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(5) });
    const lateRes = await t.json('POST', `/api/bookings/${late.id}/reschedule`, { startsAt: hoursFromNow(90) }, token);
    expect(lateRes.status).toBe(409);
    expect((await read<ErrorBody>(lateRes)).message).toBe(RESCHEDULE_NOT_ALLOWED);
  });
});

describe('POST /api/bookings/:id/review', () => {
  it('the booker of a completed booking reviews once; the instructor hears of it', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db);
    const { user: booker, token } = await createSignedInUser(t.db);
    const done = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: new Date(Date.now() - 3 * HOUR).toISOString() });
    const res = await t.json('POST', `/api/bookings/${done.id}/review`, { rating: 5, comment: '  Wonderful  ' }, token);
    expect(res.status).toBe(201);
    expect(await read<ReviewView>(res)).toMatchObject({ rating: 5, comment: 'Wonderful', lesson_title: done.title });
    expect(await noticesOf(instructor.id, 'review_received')).toHaveLength(1);
    const again = await t.json('POST', `/api/bookings/${done.id}/review`, { rating: 1, comment: '' }, token);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(REVIEW_EXISTS);
    expect(await t.db.select().from(instructorReviews).where(eq(instructorReviews.bookingId, done.id))).toHaveLength(1);
  });

  it('refuses upcoming or cancelled bookings, others, and bad ratings', async () => {
    const { lessonTypes } = await createInstructor(t.db);
    const { user: booker, token } = await createSignedInUser(t.db);
    const upcoming = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(30) });
    const early = await t.json('POST', `/api/bookings/${upcoming.id}/review`, { rating: 4, comment: '' }, token);
    expect(early.status).toBe(409);
    expect((await read<ErrorBody>(early)).message).toBe(REVIEW_NOT_ALLOWED);
    const cancelled = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'cancelled', startsAt: new Date(Date.now() - 5 * HOUR).toISOString() });
    expect((await t.json('POST', `/api/bookings/${cancelled.id}/review`, { rating: 4, comment: '' }, token)).status).toBe(409);
    const done = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: new Date(Date.now() - 5 * HOUR).toISOString() });
    const { token: otherToken } = await createSignedInUser(t.db);
    expect((await t.json('POST', `/api/bookings/${done.id}/review`, { rating: 4, comment: '' }, otherToken)).status).toBe(404);
    for (const rating of [0, 6, 3.5, '5']) expect((await t.json('POST', `/api/bookings/${done.id}/review`, { rating, comment: '' }, token)).status).toBe(400);
    expect((await t.json('POST', `/api/bookings/${done.id}/review`, { rating: 4, comment: 'x'.repeat(2001) }, token)).status).toBe(400);
    expect(await t.db.select().from(instructorReviews).where(eq(instructorReviews.bookingId, done.id))).toHaveLength(0);
  });
});

describe('GET /api/bookings/:id/ics', () => {
  it('the booker and the instructor get the event; anyone else 404', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { meetingUrl: 'https://meet.example.test/room' });
    const { user: booker, token } = await createSignedInUser(t.db);
    const booking = await giveBooking(t.db, booker.id, lessonTypes[0]!, { startsAt: hoursFromNow(30) });
    const res = await t.json('GET', `/api/bookings/${booking.id}/ics`, undefined, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toContain(`${booking.number}.ics`);
    const text = await res.text();
    expect(text).toContain('\r\n');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`booking-${booking.number}@drx`);
    expect(event.summary).toBe(`${booking.title} with Ina Structor`);
    expect(event.startDate.toJSDate().toISOString()).toBe(booking.startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(booking.endsAt);
    expect(event.component.getFirstPropertyValue('url')).toBe('https://meet.example.test/room');
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect((await t.json('GET', `/api/bookings/${booking.id}/ics`, undefined, await signIn(t.db, instructor.id))).status).toBe(200);
    const { token: otherToken } = await createSignedInUser(t.db);
    expect((await t.json('GET', `/api/bookings/${booking.id}/ics`, undefined, otherToken)).status).toBe(404);
    // A held booking is tentative and carries no join link yet.
    const held = await giveBooking(t.db, booker.id, lessonTypes[0]!, { status: 'held', startsAt: hoursFromNow(40) });
    const heldEvent = new ICAL.Component(ICAL.parse(await (await t.json('GET', `/api/bookings/${held.id}/ics`, undefined, token)).text())).getFirstSubcomponent('vevent')!;
    expect(heldEvent.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(heldEvent.getFirstPropertyValue('url')).toBeNull();
  });
});
