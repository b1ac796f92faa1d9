import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingWaitlist, notifications, orders } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking, givePackage } from '../../../tests/support/booking-factories.ts';
import { payTestSession } from '../../../tests/support/commerce-factories.ts';
import { createSignedInUser, createUser } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { NO_CREDITS, OFFER_EXPIRED, WAITLIST_EXISTS, WAITLIST_NOT_NEEDED, WAITLIST_OFFER_MINUTES } from '../domain/bookings.ts';
import { sweepBookings } from '../services/bookings/sweep.ts';
import type { WaitlistView } from '../../../shared/bookings/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR).toISOString();
/** An hour of the day `days` from today (UTC): a session then stays inside that day's opening hours whatever the hour the test runs at. */
const dayAt = (days: number, hour: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour)).toISOString();
};
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));

async function bookingRow(id: number) {
  return (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
}
async function waitRow(id: number) {
  return (await t.db.select().from(bookingWaitlist).where(eq(bookingWaitlist.id, id)))[0]!;
}

/** A group class of `capacity` seats at `startsAt`, every seat taken by someone. */
async function fullGroup(capacity = 2, startsAt = hoursFromNow(72)) {
  const given = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY, lessonTypes: [{ kind: 'group', capacity, priceCents: 2000 }] });
  const type = given.lessonTypes[0]!;
  const seated = [];
  for (let seat = 1; seat <= capacity; seat++) {
    const { user, token } = await createSignedInUser(t.db);
    seated.push({ user, token, booking: await giveBooking(t.db, user.id, type, { startsAt, seat }) });
  }
  return { ...given, type, startsAt, seated };
}

const join = (token: string, body: unknown) => t.json('POST', '/api/waitlist', body, token);

describe('the waitlist of a full session', () => {
  it('join → a cancellation offers the first waiter → the offer runs out → the next is offered → accepting pays', async () => {
    const group = await fullGroup(2);
    const first = await createSignedInUser(t.db);
    const second = await createSignedInUser(t.db);
    const body = { instructorId: group.user.id, lessonTypeId: group.type.id, startsAt: group.startsAt, timeZone: 'Europe/Paris' };
    const joined = await join(first.token, body);
    expect(joined.status).toBe(201);
    const firstWait = await read<WaitlistView>(joined);
    expect(firstWait).toMatchObject({ status: 'waiting', position: 1, starts_at: group.startsAt, booker_time_zone: 'Europe/Paris' });
    // The instructor's zone beside the booker's, for the time shown in both (decision 0068).
    expect(firstWait.instructor_time_zone).toBe('UTC');
    const secondWait = await read<WaitlistView>(await join(second.token, body));
    expect(secondWait.position).toBe(2);
    // Twice: refused by the unique index.
    const again = await join(first.token, body);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(WAITLIST_EXISTS);

    // A seated person cancels: the first waiter is offered seat 1.
    const cancelled = await t.json('POST', `/api/bookings/${group.seated[0]!.booking.id}/cancel`, {}, group.seated[0]!.token);
    expect(cancelled.status).toBe(200);
    const [offer] = await read<WaitlistView[]>(await t.json('GET', '/api/waitlist', undefined, first.token));
    expect(offer).toMatchObject({ id: firstWait.id, status: 'offered', booker_time_zone: 'Europe/Paris', instructor_time_zone: 'UTC' });
    const offered = await bookingRow(offer!.offered_booking_id!);
    expect(offered).toMatchObject({ status: 'offered', userId: first.user.id, seat: 1, startsAt: group.startsAt, bookerTimeZone: 'Europe/Paris' });
    const expiresIn = Date.parse(offered.holdExpiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan((WAITLIST_OFFER_MINUTES - 1) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(WAITLIST_OFFER_MINUTES * 60_000);
    const notices = await t.db.select().from(notifications).where(and(eq(notifications.userId, first.user.id), eq(notifications.kind, 'waitlist_offer')));
    expect(notices.map((n) => n.title)).toEqual(['A place opened up']);
    // The second waiter keeps waiting (one seat freed).
    expect((await waitRow(secondWait.id)).status).toBe('waiting');

    // The offer runs out: the sweep expires it and offers the seat to the second waiter.
    const later = new Date(Date.parse(offered.holdExpiresAt!) + 1000);
    const swept = await sweepBookings(t.platform, later);
    expect(swept).toMatchObject({ expired: 1, offered: 1 });
    expect((await bookingRow(offered.id)).status).toBe('expired');
    expect((await waitRow(firstWait.id)).status).toBe('expired');
    const accept = await t.json('POST', `/api/waitlist/${firstWait.id}/accept`, {}, first.token);
    expect(accept.status).toBe(409);
    expect((await read<ErrorBody>(accept)).message).toBe(OFFER_EXPIRED);
    const secondNow = await waitRow(secondWait.id);
    expect(secondNow.status).toBe('offered');

    // The second accepts: a checkout of the held booking, paid → confirmed.
    const accepted = await t.request(`/api/waitlist/${secondWait.id}/accept`, { method: 'POST', headers: { authorization: `Bearer ${second.token}` } });
    expect(accepted.status).toBe(200);
    const { checkoutUrl } = await read<{ checkoutUrl: string | null }>(accepted);
    expect(checkoutUrl).toBeTruthy();
    const held = await bookingRow(secondNow.offeredBookingId!);
    expect(held.status).toBe('held');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, held.orderId!));
    expect(order!.status).toBe('pending');
    const paid = await payTestSession(t, second.token, order!.providerSessionId!);
    expect(paid.status).toBe(200);
    expect(await bookingRow(held.id)).toMatchObject({ status: 'confirmed', orderId: order!.id, seat: 1 });
    expect((await waitRow(secondWait.id)).status).toBe('booked');
  });

  it('accepting with a package credit confirms at once; without a credit left it is refused', async () => {
    const group = await fullGroup(1);
    const waiter = await createSignedInUser(t.db);
    const { purchase } = await givePackage(t.db, group.type, { lessonsCount: 2, buyerId: waiter.user.id });
    const { purchase: empty } = await givePackage(t.db, group.type, { lessonsCount: 2, buyerId: waiter.user.id });
    for (const startsAt of [hoursFromNow(100), hoursFromNow(110)]) await giveBooking(t.db, waiter.user.id, group.type, { startsAt, packagePurchaseId: empty!.id });
    const wait = await read<WaitlistView>(await join(waiter.token, { instructorId: group.user.id, lessonTypeId: group.type.id, startsAt: group.startsAt, timeZone: 'UTC' }));
    await t.json('POST', `/api/bookings/${group.seated[0]!.booking.id}/cancel`, {}, group.seated[0]!.token);
    const offeredId = (await waitRow(wait.id)).offeredBookingId!;
    const noCredit = await t.json('POST', `/api/waitlist/${wait.id}/accept`, { packagePurchaseId: empty!.id }, waiter.token);
    expect(noCredit.status).toBe(409);
    expect((await read<ErrorBody>(noCredit)).message).toBe(NO_CREDITS);
    expect((await bookingRow(offeredId)).status).toBe('offered');
    const ok = await t.json('POST', `/api/waitlist/${wait.id}/accept`, { packagePurchaseId: purchase!.id }, waiter.token);
    expect(ok.status).toBe(200);
    expect(await read<{ checkoutUrl: string | null }>(ok)).toMatchObject({ checkoutUrl: null });
    expect(await bookingRow(offeredId)).toMatchObject({ status: 'confirmed', packagePurchaseId: purchase!.id });
    expect((await waitRow(wait.id)).status).toBe('booked');
    const confirmed = await t.db.select().from(notifications).where(and(eq(notifications.userId, waiter.user.id), eq(notifications.kind, 'booking_confirmed')));
    expect(confirmed).toHaveLength(1);
  });

  it('an open slot needs no waitlist; a taken private slot may be waited for; bad input, others and leaving', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY });
    const { user, token } = await createSignedInUser(t.db);
    const open = await join(token, { instructorId: instructor.id, lessonTypeId: lessonTypes[0]!.id, startsAt: hoursFromNow(50), timeZone: 'UTC' });
    expect(open.status).toBe(409);
    expect((await read<ErrorBody>(open)).message).toBe(WAITLIST_NOT_NEEDED);
    const someone = await createUser(t.db);
    const taken = await giveBooking(t.db, someone.id, lessonTypes[0]!, { startsAt: hoursFromNow(54) });
    const res = await join(token, { instructorId: instructor.id, lessonTypeId: lessonTypes[0]!.id, startsAt: taken.startsAt, timeZone: 'UTC' });
    expect(res.status).toBe(201);
    const wait = await read<WaitlistView>(res);
    expect((await join(token, { instructorId: instructor.id, lessonTypeId: lessonTypes[0]!.id, startsAt: taken.startsAt, timeZone: 'Mars/Base' })).status).toBe(400);
    expect((await join(token, { instructorId: instructor.id, lessonTypeId: 99999999, startsAt: taken.startsAt, timeZone: 'UTC' })).status).toBe(404);
    expect((await join(token, { instructorId: instructor.id, lessonTypeId: lessonTypes[0]!.id, startsAt: 'soon', timeZone: 'UTC' })).status).toBe(400);
    expect((await join('', { instructorId: instructor.id })).status).toBe(401);
    const other = await createSignedInUser(t.db);
    expect((await t.json('DELETE', `/api/waitlist/${wait.id}`, undefined, other.token)).status).toBe(404);
    expect((await t.json('POST', `/api/waitlist/${wait.id}/accept`, {}, other.token)).status).toBe(404);
    expect(await read<WaitlistView[]>(await t.json('GET', '/api/waitlist', undefined, other.token))).toEqual([]);
    expect((await t.json('DELETE', `/api/waitlist/${wait.id}`, undefined, token)).status).toBe(204);
    expect((await waitRow(wait.id)).status).toBe('left');
    expect(await read<WaitlistView[]>(await t.json('GET', '/api/waitlist', undefined, token))).toEqual([]);
    expect((await t.json('DELETE', `/api/waitlist/${wait.id}`, undefined, token)).status).toBe(404);
    void user;
  });

  it('a waiter of a slot another session overlapped is offered it when that booking is cancelled', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY });
    const holder = await createSignedInUser(t.db);
    const blocking = await giveBooking(t.db, holder.user.id, lessonTypes[0]!, { startsAt: dayAt(3, 10) });
    const wanted = new Date(Date.parse(blocking.startsAt) + 30 * 60_000).toISOString();
    const waiter = await createSignedInUser(t.db);
    const res = await join(waiter.token, { instructorId: instructor.id, lessonTypeId: lessonTypes[0]!.id, startsAt: wanted, timeZone: 'UTC' });
    expect(res.status).toBe(201);
    const wait = await read<WaitlistView>(res);
    await t.json('POST', `/api/bookings/${blocking.id}/cancel`, {}, holder.token);
    const now = await waitRow(wait.id);
    expect(now.status).toBe('offered');
    expect(await bookingRow(now.offeredBookingId!)).toMatchObject({ status: 'offered', startsAt: wanted, userId: waiter.user.id });
  });

  it('the sweep offers a seat freed without an offer (a checkout that ended unpaid)', async () => {
    const group = await fullGroup(1);
    const waiter = await createSignedInUser(t.db);
    const wait = await read<WaitlistView>(await join(waiter.token, { instructorId: group.user.id, lessonTypeId: group.type.id, startsAt: group.startsAt, timeZone: 'UTC' }));
    // The seat frees the way an unpaid order's release frees it: no offer is made then.
    await t.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, group.seated[0]!.booking.id));
    expect((await waitRow(wait.id)).status).toBe('waiting');
    await sweepBookings(t.platform);
    expect((await waitRow(wait.id)).status).toBe('offered');
  });

  it('an offer never runs past the start less the minimum notice', async () => {
    const { user: instructor, lessonTypes } = await createInstructor(t.db, { timeZone: 'UTC', weekly: ALL_DAY, minNoticeMinutes: 60 });
    const startsAt = hoursFromNow(2);
    const holder = await createSignedInUser(t.db);
    const taken = await giveBooking(t.db, holder.user.id, lessonTypes[0]!, { startsAt });
    const waiter = await createUser(t.db);
    const [wait] = await t.db
      .insert(bookingWaitlist)
      .values({ userId: waiter.id, instructorId: instructor.id, lessonTypeId: lessonTypes[0]!.id, startsAt, bookerTimeZone: 'UTC' })
      .returning();
    await t.json('POST', `/api/bookings/${taken.id}/cancel`, {}, holder.token);
    const offered = await bookingRow((await waitRow(wait!.id)).offeredBookingId!);
    expect(offered.holdExpiresAt).toBe(new Date(Date.parse(startsAt) - 60 * 60_000).toISOString());
  });
});
