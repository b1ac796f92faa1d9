import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { availabilityOverrides, bookings, emailOutbox, notifications, orderItems, orders, sellerLedger } from '../../../db/schema/index.ts';
import { addDays, todayIn } from '../domain/booking-slots.ts';
import { BOOKING_NOT_FOUND, INSTRUCTOR_NOT_FOUND, LESSON_TYPE_NOT_FOUND, HOLDS_MAX_PER_USER, NO_CREDITS, OWN_BOOKING, SESSION_FULL, SLOT_TAKEN, SLOT_UNAVAILABLE, TIME_ZONE_INVALID, TOO_MANY_HOLDS } from '../domain/bookings.ts';
import { createInstructor, createLessonType, giveBooking, givePackage, type InstructorOptions } from '../../../tests/support/booking-factories.ts';
import { payTestSession } from '../../../tests/support/commerce-factories.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { newBookingNumber } from '../domain/bookings.ts';
import { ALREADY_BOOKED, PACKAGE_NOT_USABLE, seatInsertStatement, STARTS_AT_INVALID } from '../services/bookings/holds.ts';
import { sweepBookings } from '../services/bookings/sweep.ts';
import { getTestProvider, ProviderError } from '../services/payments/index.ts';
import { testEvents } from '../services/payments/test-provider.ts';
import type { BookingStarted, BookingView, SlotView } from '../../../shared/bookings/views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type SlotError = ErrorBody & { alternatives?: SlotView[] };

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
/** A UTC instructor open 09:00–17:00 every day, no notice, no buffer (unless told). */
const instructor = (options: InstructorOptions = {}) => createInstructor(t.db, { timeZone: 'UTC', weekly: everyDay, minNoticeMinutes: 0, ...options });
/** 'HH:MM' UTC, three days from now. */
const at = (time: string, day = 3) => `${addDays(todayIn('UTC', new Date()), day)}T${time}:00.000Z`;

const post = (body: Record<string, unknown>, token?: string) => t.json('POST', '/api/bookings', body, token);
const hold = (instructorId: number, lessonTypeId: number, startsAt: string, token: string, extra: Record<string, unknown> = {}) =>
  post({ instructorId, lessonTypeId, startsAt, timeZone: 'Europe/London', ...extra }, token);

const bookingRow = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const activeAt = async (instructorId: number, startsAt: string) =>
  t.db.select().from(bookings).where(and(eq(bookings.instructorId, instructorId), eq(bookings.startsAt, startsAt), sql`${bookings.status} IN ('held', 'offered', 'confirmed')`));

describe('POST /api/bookings: validation and refusals', () => {
  it('answers 401 signed out', async () => {
    expect((await post({})).status).toBe(401);
  });

  it.each([
    ['no instructor', { instructorId: undefined }, 'instructorId'],
    ['a text instructor', { instructorId: 'one' }, 'instructorId'],
    ['lesson type 0', { lessonTypeId: 0 }, 'lessonTypeId'],
    ['no start', { startsAt: undefined }, 'startsAt'],
    ['a start that is not an instant', { startsAt: 'tomorrow at ten' }, 'startsAt'],
    ['a date without time', { startsAt: '2026-03-03' }, 'startsAt'],
    ['an unknown zone', { timeZone: 'Moon/Base' }, 'timeZone'],
    ['a note too long', { note: 'x'.repeat(1001) }, 'note'],
    ['a package id of text', { packagePurchaseId: 'abc' }, 'packagePurchaseId'],
  ])('400s %s', async (_, change, field) => {
    const given = await instructor();
    const { token } = await createSignedInUser(t.db);
    const res = await post({ instructorId: given.user.id, lessonTypeId: given.lessonTypes[0]!.id, startsAt: at('10:00'), timeZone: 'Europe/London', ...change }, token);
    expect(res.status).toBe(400);
    expect(Object.keys((await read<ErrorBody>(res)).validationErrors ?? {})).toContain(field);
    expect(await activeAt(given.user.id, at('10:00'))).toHaveLength(0);
  });

  it('uses our messages for the start and the zone', async () => {
    const given = await instructor();
    const { token } = await createSignedInUser(t.db);
    const res = await post({ instructorId: given.user.id, lessonTypeId: given.lessonTypes[0]!.id, startsAt: 'x', timeZone: 'x' }, token);
    const body = await read<ErrorBody>(res);
    expect(body.validationErrors?.startsAt).toEqual([STARTS_AT_INVALID]);
    expect(body.validationErrors?.timeZone).toEqual([TIME_ZONE_INVALID]);
  });

  it('refuses booking oneself (400 OWN_BOOKING)', async () => {
    const given = await instructor();
    const res = await hold(given.user.id, given.lessonTypes[0]!.id, at('10:00'), await signIn(t.db, given.user.id));
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).message).toBe(OWN_BOOKING);
  });

  it('404s an unpublished instructor and a lesson type not theirs or inactive', async () => {
    const { token } = await createSignedInUser(t.db);
    const draft = await instructor({ status: 'draft' });
    const res = await hold(draft.user.id, draft.lessonTypes[0]!.id, at('10:00'), token);
    expect(res.status).toBe(404);
    expect((await read<ErrorBody>(res)).message).toBe(INSTRUCTOR_NOT_FOUND);
    const given = await instructor();
    const other = await instructor();
    const inactive = await createLessonType(t.db, given.user.id, { active: false });
    for (const id of [other.lessonTypes[0]!.id, inactive.id]) {
      const r = await hold(given.user.id, id, at('10:00'), token);
      expect(r.status).toBe(404);
      expect((await read<ErrorBody>(r)).message).toBe(LESSON_TYPE_NOT_FOUND);
    }
  });

  it.each([
    ['off the grid', '10:10'],
    ['outside the hours', '20:00'],
    ['ending after the hours', '16:30'],
  ])('409s a start %s (SLOT_UNAVAILABLE) with the open slots of the day', async (_, time) => {
    const given = await instructor();
    const { token } = await createSignedInUser(t.db);
    const res = await hold(given.user.id, given.lessonTypes[0]!.id, at(time), token);
    expect(res.status).toBe(409);
    const body = await read<SlotError>(res);
    expect(body.message).toBe(SLOT_UNAVAILABLE);
    expect(body.alternatives?.length).toBe(15);
  });

  it('409s a start before the notice or past the horizon', async () => {
    const given = await instructor({ minNoticeMinutes: 5 * 24 * 60 });
    const { token } = await createSignedInUser(t.db);
    expect((await hold(given.user.id, given.lessonTypes[0]!.id, at('10:00'), token)).status).toBe(409);
    const near = await instructor({ horizonDays: 1 });
    expect((await hold(near.user.id, near.lessonTypes[0]!.id, at('10:00'), token)).status).toBe(409);
  });
});

describe('paying for a held booking', () => {
  it('holds the seat, starts a checkout of one BOOKING line, and confirms once on the payment (twice delivered)', async () => {
    const given = await instructor({ firstName: 'Ina', lastName: 'Structor', timeZone: 'America/New_York' });
    const type = given.lessonTypes[0]!;
    const { user, token } = await createSignedInUser(t.db, { firstName: 'Bo', lastName: 'Oker' });
    const startsAt = `${addDays(todayIn('America/New_York', new Date()), 3)}T15:00:00.000Z`; // 10:00 or 11:00 local
    const res = await hold(given.user.id, type.id, startsAt, token, { note: ' First lesson ' });
    expect(res.status).toBe(201);
    const started = await read<BookingStarted>(res);
    expect(started.checkoutUrl).toMatch(/^\/checkout\/stripe\?session=cs_test_/);
    expect(started.booking).toMatchObject({
      status: 'held',
      starts_at: startsAt,
      price_cents: 5000,
      paid_with: 'card',
      note: 'First lesson',
      booker_time_zone: 'Europe/London',
      instructor_time_zone: 'America/New_York',
      can_cancel: true,
      join_url: null,
      checkout_url: started.checkoutUrl,
    });
    const row = await bookingRow(started.booking.id);
    expect(row.seat).toBe(1);
    expect(Date.parse(row.holdExpiresAt!) - Date.now()).toBeGreaterThan(30 * 60_000);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, row.orderId!));
    expect(order).toMatchObject({ status: 'pending', totalCents: 5000, type: 'booking', userId: user.id });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({ kind: 'BOOKING', itemId: row.id, totalCents: 5000 });
    // In the booker's time, the instructor's beside it.
    expect(line!.title).toMatch(/^Private ballet lesson with Ina Structor — \w{3}, \w{3} \d+, \d+:00 [AP]M \S+ \(\d+:00 AM in New York\)$/);
    expect(started.booking.order_number).toBe(order!.number);

    // Paying through the test checkout; then the same event delivered twice more, and a second event.
    const paid = await payTestSession(t, token, order!.providerSessionId!);
    expect(paid.status).toBe(200);
    const provider = getTestProvider(t.platform)!;
    const [paidOrder] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    const again = testEvents.completed(paidOrder!);
    await provider.deliver(again);
    await provider.deliver(again);
    await provider.deliver(testEvents.completed(paidOrder!));

    const confirmed = await bookingRow(row.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', holdExpiresAt: null, orderId: order!.id });
    expect(confirmed.confirmedAt).not.toBeNull();
    const notices = await t.db.select().from(notifications).where(eq(notifications.kind, 'booking_confirmed'));
    expect(notices.filter((n) => n.userId === user.id)).toHaveLength(1);
    expect(notices.filter((n) => n.userId === given.user.id)).toHaveLength(1);
    expect(notices.find((n) => n.userId === given.user.id)!.body).toContain('Bo Oker booked Private ballet lesson');
    // The confirmation emails with the ICS come from the sweep, once.
    await sweepBookings(t.platform);
    await sweepBookings(t.platform);
    const mails = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'booking_confirmed'), sql`${emailOutbox.subject} LIKE ${'%' + row.number + '%'}`));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([user.email, given.user.email].sort());
    expect(mails.every((m) => m.attachments?.includes(`${row.number}.ics`))).toBe(true);
    const ledger = await t.db.select().from(sellerLedger).where(eq(sellerLedger.sellerId, given.user.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ type: 'sale', grossCents: 5000, resourceId: null, orderId: order!.id });
    expect(ledger[0]!.feeCents + ledger[0]!.netCents).toBe(5000);
    expect(ledger[0]!.description).toContain('Booking: Private ballet lesson');

    // The booker's list and the detail: the booker, the instructor and an admin see it; nobody else.
    const mine = await read<{ data: BookingView[] }>(await t.json('GET', '/api/bookings?scope=upcoming', undefined, token));
    expect(mine.data.map((b) => b.id)).toEqual([row.id]);
    expect(mine.data[0]).toMatchObject({ status: 'confirmed', join_url: 'https://meet.example.test/ina', checkout_url: null, refund_if_cancelled_cents: 5000, can_reschedule: true, can_review: false });
    expect((await read<{ data: BookingView[] }>(await t.json('GET', '/api/bookings?scope=past', undefined, token))).data).toEqual([]);
    expect((await read<{ data: BookingView[] }>(await t.json('GET', '/api/bookings?scope=cancelled', undefined, token))).data).toEqual([]);
    for (const viewer of [token, await signIn(t.db, given.user.id), await signIn(t.db, (await createAdmin(t.db)).id)]) {
      const detail = await t.json('GET', `/api/bookings/${row.id}`, undefined, viewer);
      expect(detail.status).toBe(200);
      expect((await read<BookingView>(detail)).number).toBe(row.number);
    }
    const stranger = await createSignedInUser(t.db);
    const hidden = await t.json('GET', `/api/bookings/${row.id}`, undefined, stranger.token);
    expect(hidden.status).toBe(404);
    expect((await read<ErrorBody>(hidden)).message).toBe(BOOKING_NOT_FOUND);
    expect((await t.json('GET', '/api/bookings/999999', undefined, token)).status).toBe(404);
    expect((await t.json('GET', '/api/bookings?scope=soon', undefined, token)).status).toBe(400);
    expect((await t.json('GET', '/api/bookings')).status).toBe(401);
  });

  it('a full refund of the order cancels the confirmed booking and writes the ledger refund', async () => {
    const given = await instructor();
    const { token } = await createSignedInUser(t.db);
    const started = await read<BookingStarted>(await hold(given.user.id, given.lessonTypes[0]!.id, at('11:00'), token));
    const row = await bookingRow(started.booking.id);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, row.orderId!));
    await payTestSession(t, token, order!.providerSessionId!);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    await getTestProvider(t.platform)!.deliver(testEvents.refunded(paid!, 5000, { id: 're_test_booking', amount: 5000 }));
    expect(await bookingRow(row.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'admin' });
    const ledger = await t.db.select().from(sellerLedger).where(eq(sellerLedger.sellerId, given.user.id));
    expect(ledger.map((l) => [l.type, l.grossCents])).toEqual([
      ['sale', 5000],
      ['refund', -5000],
    ]);
    // The seat is free again.
    const other = await createSignedInUser(t.db);
    expect((await hold(given.user.id, given.lessonTypes[0]!.id, at('11:00'), other.token)).status).toBe(201);
  });

  it('a cancelled checkout releases its held booking at once', async () => {
    const given = await instructor();
    const { token } = await createSignedInUser(t.db);
    const started = await read<BookingStarted>(await hold(given.user.id, given.lessonTypes[0]!.id, at('12:00'), token));
    const row = await bookingRow(started.booking.id);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, row.orderId!));
    const cancelled = await t.json('POST', '/api/checkout/cancel', { sessionId: order!.providerSessionId }, token);
    expect(cancelled.status).toBe(200);
    expect((await bookingRow(row.id)).status).toBe('expired');
    const other = await createSignedInUser(t.db);
    expect((await hold(given.user.id, given.lessonTypes[0]!.id, at('12:00'), other.token)).status).toBe(201);
  });

  it('an expired checkout session releases its held booking', async () => {
    const given = await instructor();
    const { token } = await createSignedInUser(t.db);
    const started = await read<BookingStarted>(await hold(given.user.id, given.lessonTypes[0]!.id, at('13:00'), token));
    const row = await bookingRow(started.booking.id);
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(orders.id, row.orderId!));
    // Reading the pending payments delivers the overdue session's expiry.
    await t.json('GET', '/api/payments/pending', undefined, token);
    expect((await t.db.select().from(orders).where(eq(orders.id, row.orderId!)))[0]!.status).toBe('expired');
    expect((await bookingRow(row.id)).status).toBe('expired');
  });

  it('a provider failure fails the order and expires the hold (502), the slot opens again', async () => {
    const given = await instructor();
    const { user, token } = await createSignedInUser(t.db);
    const provider = getTestProvider(t.platform)!;
    const spy = vi.spyOn(provider, 'createCheckoutSession').mockRejectedValueOnce(new ProviderError('down'));
    const res = await hold(given.user.id, given.lessonTypes[0]!.id, at('16:00'), token);
    spy.mockRestore();
    expect(res.status).toBe(502);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(row!.status).toBe('expired');
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order!.status).toBe('failed');
    expect((await hold(given.user.id, given.lessonTypes[0]!.id, at('16:00'), token)).status).toBe(201);
  });

  it('a hold past its expiry frees the slot for the next person', async () => {
    const given = await instructor();
    const type = given.lessonTypes[0]!;
    const first = await createSignedInUser(t.db);
    const started = await read<BookingStarted>(await hold(given.user.id, type.id, at('14:00'), first.token));
    const second = await createSignedInUser(t.db);
    const taken = await hold(given.user.id, type.id, at('14:00'), second.token);
    expect(taken.status).toBe(409);
    expect((await read<ErrorBody>(taken)).message).toBe(SLOT_TAKEN);
    await t.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(bookings.id, started.booking.id));
    const res = await hold(given.user.id, type.id, at('14:00'), second.token);
    expect(res.status).toBe(201);
    expect((await bookingRow(started.booking.id)).status).toBe('expired');
    expect(await activeAt(given.user.id, at('14:00'))).toHaveLength(1);
  });

  it('a payment that arrives after the hold expired still confirms while the seat is free', async () => {
    const given = await instructor();
    const { token } = await createSignedInUser(t.db);
    const started = await read<BookingStarted>(await hold(given.user.id, given.lessonTypes[0]!.id, at('15:00'), token));
    await t.db.update(bookings).set({ status: 'expired', holdExpiresAt: null }).where(eq(bookings.id, started.booking.id));
    const row = await bookingRow(started.booking.id);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, row.orderId!));
    await getTestProvider(t.platform)!.deliver(testEvents.completed(order!));
    expect((await bookingRow(row.id)).status).toBe('confirmed');
  });
});

describe('one slot, many people', () => {
  it('50 concurrent attempts at one private slot: one wins, 49 get SLOT_TAKEN with alternatives', async () => {
    const given = await instructor();
    const type = given.lessonTypes[0]!;
    const people = await Promise.all(Array.from({ length: 50 }, () => createSignedInUser(t.db)));
    const answers = await Promise.all(people.map((p) => hold(given.user.id, type.id, at('10:00', 4), p.token)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const bodies = await Promise.all(answers.filter((r) => r.status === 409).map((r) => read<SlotError>(r)));
    for (const body of bodies) {
      expect(body.message).toBe(SLOT_TAKEN);
      expect(body.alternatives?.length).toBeGreaterThan(0);
      expect(body.alternatives!.some((s) => s.starts_at === at('10:00', 4))).toBe(false);
    }
    expect(await activeAt(given.user.id, at('10:00', 4))).toHaveLength(1);
  });

  it("offers the next open day's times when the taken time was its day's last", async () => {
    // One lesson a day, 16:00–17:00 UTC; the fourth day from now is a day off.
    const given = await instructor({ weekly: everyDay.map((d) => ({ ...d, start: '16:00' })) });
    await t.db.insert(availabilityOverrides).values({ instructorId: given.user.id, date: at('00:00', 4).slice(0, 10), startTime: null, endTime: null });
    const type = given.lessonTypes[0]!;
    const [first, second] = await Promise.all([createSignedInUser(t.db), createSignedInUser(t.db)]);
    expect((await hold(given.user.id, type.id, at('16:00'), first.token)).status).toBe(201);
    const res = await hold(given.user.id, type.id, at('16:00'), second.token);
    expect(res.status).toBe(409);
    const body = await read<SlotError>(res);
    expect(body.message).toBe(SLOT_TAKEN);
    expect(body.alternatives?.map((s) => s.starts_at)).toEqual([at('16:00', 5)]);
    // The day after that is taken too: the one after it is offered.
    expect((await hold(given.user.id, type.id, at('16:00', 5), first.token)).status).toBe(201);
    const later = await hold(given.user.id, type.id, at('16:00', 5), second.token);
    expect((await read<SlotError>(later)).alternatives?.map((s) => s.starts_at)).toEqual([at('16:00', 6)]);
  });

  it(`keeps a person to ${HOLDS_MAX_PER_USER} unpaid holds at once; a credit or an expired hold does not count`, async () => {
    const given = await instructor();
    const type = given.lessonTypes[0]!;
    const { token, user } = await createSignedInUser(t.db);
    for (let i = 0; i < HOLDS_MAX_PER_USER; i++) expect((await hold(given.user.id, type.id, at(`${10 + i}:00`, 5), token)).status).toBe(201);
    const refused = await hold(given.user.id, type.id, at('15:00', 5), token);
    expect(refused.status).toBe(409);
    expect((await read<ErrorBody>(refused)).message).toBe(TOO_MANY_HOLDS);
    expect(await activeAt(given.user.id, at('15:00', 5))).toHaveLength(0);
    // One hold runs out: a new one may be taken.
    await t.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 60_000).toISOString() }).where(and(eq(bookings.userId, user.id), eq(bookings.startsAt, at('10:00', 5))));
    expect((await hold(given.user.id, type.id, at('15:00', 5), token)).status).toBe(201);
  });

  it('a group class of 3 with 10 concurrent attempts: 3 win with seats 1..3', async () => {
    const given = await instructor({ lessonTypes: [{ kind: 'group', capacity: 3, priceCents: 2000 }] });
    const type = given.lessonTypes[0]!;
    const people = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser(t.db)));
    const answers = await Promise.all(people.map((p) => hold(given.user.id, type.id, at('11:00', 4), p.token)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    // A winner cannot take a second seat of the session.
    const winner = people[answers.findIndex((r) => r.status === 201)]!;
    const twice = await hold(given.user.id, type.id, at('11:00', 4), winner.token);
    expect(twice.status).toBe(409);
    expect((await read<ErrorBody>(twice)).message).toBe(ALREADY_BOOKED);
    const losers = answers.filter((r) => r.status === 409);
    expect(losers).toHaveLength(7);
    for (const body of await Promise.all(losers.map((r) => read<SlotError>(r)))) expect(body.message).toBe(SESSION_FULL);
    const seats = (await activeAt(given.user.id, at('11:00', 4))).map((b) => b.seat).sort();
    expect(seats).toEqual([1, 2, 3]);
  });

  it('the seat statement inserts nothing over another lesson type (same start or overlapping ± buffer)', async () => {
    const given = await instructor({ lessonTypes: [{}, { kind: 'group', capacity: 5, title: 'Group' }] });
    const [privateType, groupType] = given.lessonTypes as [(typeof given.lessonTypes)[number], (typeof given.lessonTypes)[number]];
    const booker = await createSignedInUser(t.db);
    await giveBooking(t.db, booker.user.id, groupType, { startsAt: at('10:00', 5) });
    const second = await createSignedInUser(t.db);
    const tryInsert = async (startsAt: string, type = privateType, bufferMinutes = 0, userId = booker.user.id) => {
      const endsAt = new Date(Date.parse(startsAt) + 60 * 60_000).toISOString();
      const result = await seatInsertStatement(t.db, {
        number: newBookingNumber(),
        userId,
        instructorId: given.user.id,
        lessonType: type,
        startsAt,
        endsAt,
        bufferMinutes,
        instructorTimeZone: 'UTC',
        bookerTimeZone: 'UTC',
        status: 'held',
        priceCents: type.priceCents,
        note: '',
        holdExpiresAt: new Date(Date.now() + 60_000).toISOString(),
        confirmedAt: null,
      });
      return result.rowsAffected;
    };
    expect(await tryInsert(at('10:00', 5))).toBe(0); // same start, another type
    expect(await tryInsert(at('10:30', 5))).toBe(0); // overlapping
    expect(await tryInsert(at('11:00', 5), privateType, 15)).toBe(0); // within the buffer
    expect(await tryInsert(at('11:00', 5))).toBe(1); // touching, no buffer
    expect(await tryInsert(at('10:00', 5), groupType)).toBe(0); // the same person again
    expect(await tryInsert(at('10:00', 5), groupType, 0, second.user.id)).toBe(1); // joins the group session, seat 2
    expect((await activeAt(given.user.id, at('10:00', 5))).map((b) => b.seat).sort()).toEqual([1, 2]);
    // Through the API the overlapping slot is not open either.
    const res = await hold(given.user.id, privateType.id, at('10:30', 5), booker.token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe(SLOT_TAKEN);
  });
});

describe('confirmed at once', () => {
  it('a free lesson type is confirmed without a checkout, with notices', async () => {
    const given = await instructor({ lessonTypes: [{ priceCents: 0, title: 'Free trial' }] });
    const { user, token } = await createSignedInUser(t.db);
    const res = await hold(given.user.id, given.lessonTypes[0]!.id, at('10:00', 6), token);
    expect(res.status).toBe(201);
    const started = await read<BookingStarted>(res);
    expect(started.checkoutUrl).toBeNull();
    expect(started.booking).toMatchObject({ status: 'confirmed', paid_with: 'free', price_cents: 0, order_number: null });
    const notices = await t.db.select().from(notifications).where(and(eq(notifications.kind, 'booking_confirmed'), eq(notifications.userId, user.id)));
    expect(notices).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    // The confirmation email carries the booking's calendar file.
    const [mail] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'booking_confirmed'), eq(emailOutbox.toAddress, user.email!)));
    expect(mail?.attachments).toContain(`${started.booking.number}.ics`);
  });

  it('a package credit confirms at once; without credits left NO_CREDITS; someone else\'s package is refused', async () => {
    const given = await instructor();
    const type = given.lessonTypes[0]!;
    const { user, token } = await createSignedInUser(t.db);
    const { purchase } = await givePackage(t.db, type, { lessonsCount: 2, buyerId: user.id });
    for (const time of ['09:00', '11:00']) {
      const res = await hold(given.user.id, type.id, at(time, 6), token, { packagePurchaseId: purchase!.id });
      expect(res.status).toBe(201);
      const started = await read<BookingStarted>(res);
      expect(started.checkoutUrl).toBeNull();
      expect(started.booking).toMatchObject({ status: 'confirmed', paid_with: 'package', price_cents: 0, package_purchase_id: purchase!.id, credit_returns_if_cancelled: true });
    }
    const none = await hold(given.user.id, type.id, at('13:00', 6), token, { packagePurchaseId: purchase!.id });
    expect(none.status).toBe(409);
    expect((await read<ErrorBody>(none)).message).toBe(NO_CREDITS);
    // A late-cancelled (forfeited) credit stays used; a timely cancellation gives it back.
    const [first] = await t.db.select().from(bookings).where(eq(bookings.packagePurchaseId, purchase!.id));
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, first!.id));
    expect((await hold(given.user.id, type.id, at('13:00', 6), token, { packagePurchaseId: purchase!.id })).status).toBe(201);

    const stranger = await createSignedInUser(t.db);
    const refused = await hold(given.user.id, type.id, at('15:00', 6), stranger.token, { packagePurchaseId: purchase!.id });
    expect(refused.status).toBe(400);
    expect((await read<ErrorBody>(refused)).validationErrors?.packagePurchaseId).toEqual([PACKAGE_NOT_USABLE]);
    // A package of another lesson type of the instructor is refused too.
    const otherType = await createLessonType(t.db, given.user.id, { title: 'Long lesson', durationMinutes: 90 });
    const wrongType = await hold(given.user.id, otherType.id, at('15:00', 6), token, { packagePurchaseId: purchase!.id });
    expect(wrongType.status).toBe(400);
  });
});
