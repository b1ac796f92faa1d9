import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, instructorProfiles, orders, refunds } from '../../../db/schema/index.ts';
import { createAdminTestApp, expectAdminOnly } from '../../../tests/support/admin-test-app.ts';
import { createInstructor, giveBooking } from '../../../tests/support/booking-factories.ts';
import { createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { givePaidBooking } from '../../../tests/support/booking-orders.ts';
import { read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { INSTRUCTOR_NOT_FOUND } from '../domain/bookings.ts';
import { ALREADY_SUSPENDED, NOT_SUSPENDED, type AdminInstructorPage } from '../services/bookings/admin-instructors.ts';
import type { AdminInstructorView } from '../../../shared/bookings/views.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => ({ t, adminToken, studentToken } = await createAdminTestApp()));
afterAll(() => t.close());

const list = async (query = '') => read<AdminInstructorPage>(await t.json('GET', `/api/admin/instructors${query}`, undefined, adminToken));
const patch = (id: number, body: unknown, token = adminToken) => t.json('PATCH', `/api/admin/instructors/${id}`, body, token);
const profileOf = async (id: number) => (await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, id)))[0]!;
const bookingOf = async (id: number) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const inFuture = (hours: number) => new Date(Math.ceil((Date.now() + hours * 3_600_000) / 3_600_000) * 3_600_000).toISOString();

/** A confirmed booking paid by card through the test provider (an order with its BOOKING line). */
async function paidBooking(lessonType: Parameters<typeof giveBooking>[2], startsAt: string) {
  const booker = await createUser(t.db);
  return { booker, ...(await givePaidBooking(t, booker.id, lessonType, { startsAt })) };
}

describe('guard (instructors.manage: ADMIN only)', () => {
  it.each([
    ['GET', '/api/admin/instructors', undefined],
    ['PATCH', '/api/admin/instructors/1', { verified: true }],
  ] as const)('%s %s: 401 signed out, 403 for a student, a booking professional and INSTRUCTOR_ADMIN', async (method, path, body) => {
    const pro = await createInstructor(t.db);
    const { token } = await createSignedInUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] });
    await expectAdminOnly(t, method, path, body, studentToken, [await signIn(t.db, pro.user.id), token]);
  });

  it('a refused change changes nothing', async () => {
    const pro = await createInstructor(t.db);
    expect((await patch(pro.user.id, { suspended: true, reason: 'x' }, studentToken)).status).toBe(403);
    expect((await profileOf(pro.user.id)).status).toBe('published');
  });
});

describe('GET /api/admin/instructors', () => {
  it('lists profiles of every status with their counts, filtered by status and search, paged', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const pub = await createInstructor(t.db, { lastName: `${tag}Pub`, styles: ['Ballet', 'Jazz'], lessonTypes: [{}, { kind: 'group' }] });
    const draft = await createInstructor(t.db, { lastName: `${tag}Draft`, status: 'draft' });
    await createInstructor(t.db, { lastName: `${tag}Gone`, status: 'suspended' });
    await giveBooking(t.db, (await createUser(t.db)).id, pub.lessonTypes[0]!, { startsAt: inFuture(30) });
    await giveBooking(t.db, (await createUser(t.db)).id, pub.lessonTypes[0]!, { startsAt: inFuture(40), status: 'cancelled' });

    const all = await list(`?q=${tag}`);
    expect(all.pagination).toEqual({ page: 1, pageSize: 20, total: 3, totalPages: 1 });
    const row = all.data.find((r) => r.id === pub.user.id)!;
    expect(row).toMatchObject({
      status: 'published',
      verified: false,
      premium: false,
      styles: ['Ballet', 'Jazz'],
      lesson_type_count: 2,
      upcoming_bookings: 1,
      rating: null,
      review_count: 0,
      email: pub.user.email,
    });
    expect(row.name).toContain(`${tag}Pub`);

    const drafts = await list(`?q=${tag}&status=draft`);
    expect(drafts.data.map((r) => r.id)).toEqual([draft.user.id]);
    const suspended = await list(`?q=${tag}&status=suspended`);
    expect(suspended.data).toHaveLength(1);

    const paged = await list(`?q=${tag}&pageSize=2&page=2`);
    expect(paged.pagination).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(paged.data).toHaveLength(1);

    expect((await list(`?q=${tag}%25_nothing`)).data).toEqual([]);
  });

  it('answers 400 for a bad filter', async () => {
    for (const query of ['?status=gone', '?page=0', '?pageSize=500', `?q=${'x'.repeat(101)}`]) {
      const res = await t.json('GET', `/api/admin/instructors${query}`, undefined, adminToken);
      expect(res.status, query).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors).toBeDefined();
    }
  });
});

describe('PATCH /api/admin/instructors/{id}: verify', () => {
  it('sets and clears the verified badge', async () => {
    const pro = await createInstructor(t.db);
    const on = await read<AdminInstructorView>(await patch(pro.user.id, { verified: true }));
    expect(on).toMatchObject({ id: pro.user.id, verified: true, status: 'published' });
    expect((await profileOf(pro.user.id)).verified).toBe(true);
    const off = await read<AdminInstructorView>(await patch(pro.user.id, { verified: false }));
    expect(off.verified).toBe(false);
  });

  it('answers 404 for a user without a profile, 400 for an empty or bad body', async () => {
    const plain = await createUser(t.db);
    const res = await patch(plain.id, { verified: true });
    expect(res.status).toBe(404);
    expect(await read<ErrorBody>(res)).toEqual({ message: INSTRUCTOR_NOT_FOUND });
    const pro = await createInstructor(t.db);
    for (const body of [{}, { verified: 'yes' }, { suspended: true }, { suspended: true, reason: '   ' }, { suspended: true, reason: 'r'.repeat(501) }]) {
      expect((await patch(pro.user.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await profileOf(pro.user.id)).status).toBe('published');
  });
});

describe('PATCH /api/admin/instructors/{id}: suspend', () => {
  it('suspends with the reason, leaves the directory, and cancels and refunds future bookings only', async () => {
    const pro = await createInstructor(t.db, { cancellationHours: 24 });
    const type = pro.lessonTypes[0]!;
    const future = await paidBooking(type, inFuture(72));
    const soon = await paidBooking(type, inFuture(3)); // inside the cancellation window: still refunded in full
    const past = await giveBooking(t.db, (await createUser(t.db)).id, type, { startsAt: new Date(Date.now() - 48 * 3_600_000).toISOString() });
    const held = await giveBooking(t.db, (await createUser(t.db)).id, type, { status: 'held', startsAt: inFuture(96) });
    const otherPro = await createInstructor(t.db);
    const others = await paidBooking(otherPro.lessonTypes[0]!, inFuture(72));

    const res = await patch(pro.user.id, { suspended: true, reason: 'Complaints from several students' });
    expect(res.status).toBe(200);
    expect(await read<AdminInstructorView>(res)).toMatchObject({ status: 'suspended', suspended_reason: 'Complaints from several students', upcoming_bookings: 0 });

    for (const { booking, order } of [future, soon]) {
      const after = await bookingOf(booking.id);
      expect(after).toMatchObject({ status: 'cancelled', cancelledBy: 'system', cancelReason: 'Complaints from several students', refundCents: booking.priceCents });
      const paid = (await t.db.select().from(refunds).where(eq(refunds.orderId, order.id)))[0];
      expect(paid).toMatchObject({ amountCents: booking.priceCents, status: 'succeeded' });
      expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('refunded');
    }
    expect((await bookingOf(held.id)).status).toBe('cancelled');
    expect((await bookingOf(past.id)).status).toBe('confirmed');
    expect((await bookingOf(others.booking.id)).status).toBe('confirmed');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, others.order.id))).toEqual([]);

    // The directory lists published profiles only: the suspended one is not among them.
    const listed = await t.db.all<{ id: number }>(sql`SELECT user_id AS id FROM instructor_profiles WHERE status = 'published'`);
    expect(listed.map((r) => r.id)).not.toContain(pro.user.id);
    expect(listed.map((r) => r.id)).toContain(otherPro.user.id);
  });

  it('a second suspension answers 409 and cancels nothing more', async () => {
    const pro = await createInstructor(t.db);
    expect((await patch(pro.user.id, { suspended: true, reason: 'First' })).status).toBe(200);
    const later = await giveBooking(t.db, (await createUser(t.db)).id, pro.lessonTypes[0]!, { startsAt: inFuture(50) });
    const res = await patch(pro.user.id, { suspended: true, reason: 'Again' });
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: ALREADY_SUSPENDED });
    expect((await profileOf(pro.user.id)).suspendedReason).toBe('First');
    expect((await bookingOf(later.id)).status).toBe('confirmed');
  });

  it('lifting a suspension leaves a draft without the reason; lifting a live profile answers 409', async () => {
    const pro = await createInstructor(t.db);
    const live = await patch(pro.user.id, { suspended: false });
    expect(live.status).toBe(409);
    expect(await read<ErrorBody>(live)).toEqual({ message: NOT_SUSPENDED });
    await patch(pro.user.id, { suspended: true, reason: 'Checking documents' });
    const res = await patch(pro.user.id, { suspended: false, verified: true });
    expect(res.status).toBe(200);
    expect(await read<AdminInstructorView>(res)).toMatchObject({ status: 'draft', suspended_reason: null, verified: true, published_at: null });
  });
});
