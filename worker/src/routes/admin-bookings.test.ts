import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, orders, refunds } from '../../../db/schema/index.ts';
import { createAdminTestApp, expectAdminOnly } from '../../../tests/support/admin-test-app.ts';
import { createInstructor, giveBooking, givePackage } from '../../../tests/support/booking-factories.ts';
import { createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { givePaidBooking } from '../../../tests/support/booking-orders.ts';
import { read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { BOOKING_NOT_FOUND, CANCEL_NOT_ALLOWED } from '../domain/bookings.ts';
import type { AdminBookingPage } from '../services/bookings/admin-bookings.ts';
import type { BookingView } from '../../../shared/bookings/views.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => ({ t, adminToken, studentToken } = await createAdminTestApp()));
afterAll(() => t.close());

const list = async (query: string) => read<AdminBookingPage>(await t.json('GET', `/api/admin/bookings${query}`, undefined, adminToken));
const cancel = (id: number, body: unknown, token = adminToken) => t.json('POST', `/api/admin/bookings/${id}/cancel`, body, token);
const bookingOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const at = (hours: number) => new Date(Math.ceil((Date.now() + hours * 3_600_000) / 3_600_000) * 3_600_000).toISOString();

async function paidBooking(lessonType: Parameters<typeof giveBooking>[2], startsAt: string, bookerOptions: Parameters<typeof createUser>[1] = {}) {
  const booker = await createUser(t.db, bookerOptions);
  return { booker, ...(await givePaidBooking(t, booker.id, lessonType, { startsAt })) };
}

describe('guard (bookings.manage: ADMIN only)', () => {
  it.each([
    ['GET', '/api/admin/bookings', undefined],
    ['POST', '/api/admin/bookings/1/cancel', { reason: 'x' }],
  ] as const)('%s %s: 401 signed out, 403 for a student, an instructor and CURRICULUM_ADMIN', async (method, path, body) => {
    const pro = await createInstructor(t.db);
    const { token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    await expectAdminOnly(t, method, path, body, studentToken, [await signIn(t.db, pro.user.id), token]);
  });

  it("the booking's own instructor cannot cancel it through the admin route", async () => {
    const pro = await createInstructor(t.db);
    const b = await giveBooking(t.db, (await createUser(t.db)).id, pro.lessonTypes[0]!, { startsAt: at(48) });
    expect((await cancel(b.id, { reason: 'x' }, await signIn(t.db, pro.user.id))).status).toBe(403);
    expect((await bookingOf(b.id)).status).toBe('confirmed');
  });
});

describe('GET /api/admin/bookings', () => {
  it('lists every booking newest start first with the booker email, filtered and paged', async () => {
    const tag = `Qx${Date.now().toString(36)}`;
    const pro = await createInstructor(t.db, { lastName: `${tag}Teacher` });
    const other = await createInstructor(t.db);
    const type = pro.lessonTypes[0]!;
    const booker = await createUser(t.db, { lastName: `${tag}Booker` });
    const day = (d: number, hour = 15) => {
      const x = new Date(Date.UTC(2031, 2, d, hour));
      return x.toISOString();
    };
    const b1 = await giveBooking(t.db, booker.id, type, { startsAt: day(3) });
    const b2 = await giveBooking(t.db, booker.id, type, { startsAt: day(5), status: 'cancelled' });
    const b3 = await giveBooking(t.db, booker.id, type, { startsAt: day(7, 1) });
    const b4 = await giveBooking(t.db, booker.id, other.lessonTypes[0]!, { startsAt: day(4) });

    const all = await list(`?q=${tag}Booker`);
    expect(all.data.map((b) => b.id)).toEqual([b3.id, b2.id, b4.id, b1.id]);
    expect(all.pagination).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
    expect(all.data[0]!.booker).toMatchObject({ id: booker.id, email: booker.email });
    expect(all.data[0]!.instructor.id).toBe(pro.user.id);

    expect((await list(`?q=${tag}Booker&instructorId=${pro.user.id}`)).data.map((b) => b.id)).toEqual([b3.id, b2.id, b1.id]);
    expect((await list(`?q=${tag}Teacher`)).data.map((b) => b.id)).toEqual([b3.id, b2.id, b1.id]);
    expect((await list(`?q=${b2.number}`)).data.map((b) => b.id)).toEqual([b2.id]);
    expect((await list(`?q=${tag}Booker&status=cancelled`)).data.map((b) => b.id)).toEqual([b2.id]);
    expect((await list(`?q=${tag}Booker&status=upcoming`)).data.map((b) => b.id)).toEqual([b3.id, b4.id, b1.id]);
    // The range takes whole UTC days, both ends included.
    expect((await list(`?q=${tag}Booker&from=2031-03-04&to=2031-03-05`)).data.map((b) => b.id)).toEqual([b2.id, b4.id]);
    expect((await list(`?q=${tag}Booker&from=2031-03-07`)).data.map((b) => b.id)).toEqual([b3.id]);
    expect((await list(`?q=${tag}Booker&to=2031-03-03`)).data.map((b) => b.id)).toEqual([b1.id]);

    const page2 = await list(`?q=${tag}Booker&pageSize=3&page=2`);
    expect(page2.data.map((b) => b.id)).toEqual([b1.id]);
    expect(page2.pagination).toEqual({ page: 2, pageSize: 3, total: 4, totalPages: 2 });
    const first = await list(`?q=${tag}Booker&pageSize=3`);
    const next = await list(`?q=${tag}Booker&pageSize=3&after=${first.next}`);
    expect(next.data.map((b) => b.id)).toEqual([b1.id]);
    expect(next).toMatchObject({ next: null, pagination: { page: 2 } });
    const back = await list(`?q=${tag}Booker&pageSize=3&before=${next.prev}`);
    expect(back.data.map((b) => b.id)).toEqual([b3.id, b2.id, b4.id]);
    expect(back).toMatchObject({ prev: null, pagination: { page: 1 } });
  });

  it('tells completed lessons from confirmed ones to come', async () => {
    const pro = await createInstructor(t.db);
    const booker = await createUser(t.db);
    const done = await giveBooking(t.db, booker.id, pro.lessonTypes[0]!, { startsAt: new Date(Date.now() - 5 * 86_400_000).toISOString() });
    const coming = await giveBooking(t.db, booker.id, pro.lessonTypes[0]!, { startsAt: at(30) });
    const completed = await list(`?instructorId=${pro.user.id}&status=completed`);
    expect(completed.data.map((b) => b.id)).toEqual([done.id]);
    expect(completed.data[0]!.completed).toBe(true);
    expect((await list(`?instructorId=${pro.user.id}&status=confirmed`)).data.map((b) => b.id)).toEqual([coming.id]);
  });

  it('answers 400 for bad filters', async () => {
    for (const query of ['?status=lost', '?from=2031-13-01', '?to=yesterday', '?from=2031-03-05&to=2031-03-01', '?instructorId=abc', '?page=0', '?pageSize=101', '?before=forged']) {
      const res = await t.json('GET', `/api/admin/bookings${query}`, undefined, adminToken);
      expect(res.status, query).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors, query).toBeDefined();
    }
  });
});

describe('POST /api/admin/bookings/{id}/cancel', () => {
  it('cancels a paid booking and refunds it in full through the provider, even inside the cancellation window', async () => {
    const pro = await createInstructor(t.db, { cancellationHours: 48 });
    const { booking, order } = await paidBooking(pro.lessonTypes[0]!, at(5));
    const res = await cancel(booking.id, { reason: 'The studio is closed' });
    expect(res.status).toBe(200);
    const view = await read<BookingView>(res);
    expect(view).toMatchObject({ id: booking.id, status: 'cancelled', cancelled_by: 'admin', cancel_reason: 'The studio is closed', refund_cents: booking.priceCents });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amountCents: booking.priceCents, status: 'succeeded' });
    expect(refund!.providerRefundId).toMatch(/^re_test_/);
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('refunded');

    const again = await cancel(booking.id, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: CANCEL_NOT_ALLOWED });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });

  it('gives a package credit back', async () => {
    const pro = await createInstructor(t.db);
    const booker = await createUser(t.db);
    const { purchase } = await givePackage(t.db, pro.lessonTypes[0]!, { buyerId: booker.id });
    const b = await giveBooking(t.db, booker.id, pro.lessonTypes[0]!, { startsAt: at(6), packagePurchaseId: purchase!.id });
    const view = await read<BookingView>(await cancel(b.id, { reason: 'Instructor ill' }));
    expect(view.status).toBe('cancelled');
    expect((await bookingOf(b.id)).creditForfeited).toBe(false);
  });

  it('refuses a lesson that has started (409), an unknown booking (404) and a missing reason (400)', async () => {
    const pro = await createInstructor(t.db);
    const past = await giveBooking(t.db, (await createUser(t.db)).id, pro.lessonTypes[0]!, { startsAt: new Date(Date.now() - 3_600_000).toISOString() });
    const res = await cancel(past.id, { reason: 'Late' });
    expect(res.status).toBe(409);
    expect((await bookingOf(past.id)).status).toBe('confirmed');

    const missing = await cancel(999_999, { reason: 'x' });
    expect(missing.status).toBe(404);
    expect(await read<ErrorBody>(missing)).toEqual({ message: BOOKING_NOT_FOUND });

    const future = await giveBooking(t.db, (await createUser(t.db)).id, pro.lessonTypes[0]!, { startsAt: at(20) });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'r'.repeat(501) }, { reason: 5 }]) {
      expect((await cancel(future.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await bookingOf(future.id)).status).toBe('confirmed');
  });
});
