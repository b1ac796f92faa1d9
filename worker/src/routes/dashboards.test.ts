import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, lessonProgress, orderItems } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking } from '../../../tests/support/booking-factories.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { daysAgo, seedOrder } from '../../../tests/support/dashboard-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { addLedgerRow, createResource } from '../../../tests/support/seller-factories.ts';
import { makeOwnership } from '../../../tests/support/store-factories.ts';
import { insertSubscription } from '../../../tests/support/subscription-rows.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { eq } from 'drizzle-orm';
import type { AreaSummary } from '../../../shared/dashboards/areas.ts';
import type { InstructorDashboard } from '../../../shared/dashboards/instructor.ts';
import type { LearnerDashboard } from '../../../shared/dashboards/learner.ts';

/** The signed-in person's own dashboards: /api/me/dashboard, /api/me/areas, /api/instructor/dashboard, against seeded rows. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const inDays = (n: number) => new Date(Math.ceil((Date.now() + n * 86_400_000) / HOUR) * HOUR).toISOString();

async function read<T>(path: string, token: string): Promise<T> {
  const res = await t.json('GET', path, undefined, token);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('signed-in only', () => {
  it('answers 401 without a session', async () => {
    for (const path of ['/api/me/dashboard', '/api/me/areas', '/api/instructor/dashboard']) {
      const res = await t.json('GET', path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ message: 'Authentication required' });
    }
  });
});

describe('GET /api/me/dashboard (the learner)', () => {
  it('counts courses in progress with their progress, completed ones, certificates, purchases, bookings and the plan', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const halfway = await buildCourse(t.db, { title: 'Halfway there', modules: [{ lessons: [{ type: 'text' }, { type: 'text' }] }] });
    const done = await buildCourse(t.db, { title: 'All done', modules: [{ lessons: [{ type: 'text' }] }] });
    const fresh = await buildCourse(t.db, { title: 'Not started', modules: [{ lessons: [{ type: 'text' }] }] });
    for (const course of [halfway, done, fresh]) await createEnrollment(t.db, user.id, course.id);
    await t.db.insert(lessonProgress).values([
      { userId: user.id, courseId: halfway.id, lessonId: halfway.lessons[0]!.id },
      { userId: user.id, courseId: done.id, lessonId: done.lessons[0]!.id },
    ]);
    await t.db.insert(certificates).values([
      { code: `DASH-${user.id}-A`, userId: user.id, courseId: done.id },
      { code: `DASH-${user.id}-B`, userId: user.id, courseId: fresh.id, revokedAt: new Date().toISOString() },
    ]);
    const seller = await createUser(t.db, { roles: ['SELLER'] });
    const resource = await createResource(t.db, seller.id, { status: 'published' });
    await makeOwnership(t.db, user.id, resource.id);
    await seedOrder(t.db, user.id, [{ kind: 'COURSE', totalCents: 3000 }], { paidAt: daysAgo(3), refunds: [{ amountCents: 1000 }] });
    const latest = await seedOrder(t.db, user.id, [{ kind: 'RESOURCE', totalCents: 1200 }], { paidAt: daysAgo(1) });
    await seedOrder(t.db, user.id, [{ kind: 'COURSE', totalCents: 999 }], { paidAt: null });
    const instructor = await createInstructor(t.db, { firstName: 'Ina', lastName: 'Structor' });
    const lesson = instructor.lessonTypes[0]!;
    const soon = await giveBooking(t.db, user.id, lesson, { startsAt: inDays(2) });
    await giveBooking(t.db, user.id, lesson, { startsAt: inDays(4) });
    await giveBooking(t.db, user.id, lesson, { startsAt: daysAgo(5) });
    await giveBooking(t.db, user.id, lesson, { startsAt: inDays(6), status: 'cancelled' });
    await insertSubscription(t.db, user.id, { plan: 'premium', interval: 'year', priceCents: 79000 });

    const body = await read<LearnerDashboard>('/api/me/dashboard', token);
    expect(body.courses).toMatchObject({ enrolled: 3, in_progress: 2, completed: 1 });
    const byTitle = new Map(body.courses.continue.map((c) => [c.course.title, c]));
    expect(byTitle.get('Halfway there')).toMatchObject({ progress_percent: 50, completed_lessons: 1, total_lessons: 2 });
    expect(byTitle.get('Not started')).toMatchObject({ progress_percent: 0 });
    expect(byTitle.has('All done')).toBe(false);
    expect(body.certificates.count).toBe(1);
    expect(body.certificates.latest).toEqual([expect.objectContaining({ code: `DASH-${user.id}-A`, course_title: 'All done' })]);
    expect(body.purchases).toMatchObject({ orders: 2, resources: 1, spent_cents: 2000 + 1200 });
    expect(body.purchases.latest.map((o) => o.number)[0]).toBe(latest.number);
    expect(body.bookings.upcoming).toBe(2);
    expect(body.bookings.next[0]).toMatchObject({ id: soon.id, instructor: 'Ina Structor' });
    expect(body.plan).toEqual({ key: 'premium', name: 'Premium', status: 'active', interval: 'year', current_period_end: expect.any(String), cancel_at_period_end: false });
  });

  it('answers zeros, empty lists and no plan for a new learner', async () => {
    const { token } = await createSignedInUser(t.db);
    expect(await read<LearnerDashboard>('/api/me/dashboard', token)).toEqual({
      courses: { enrolled: 0, in_progress: 0, completed: 0, continue: [] },
      certificates: { count: 0, latest: [] },
      purchases: { orders: 0, resources: 0, spent_cents: 0, latest: [] },
      bookings: { upcoming: 0, next: [] },
      plan: null,
    });
  });
});

describe('GET /api/instructor/dashboard', () => {
  it("counts one's own sessions and this month's earnings from bookings and packages, net of refunds", async () => {
    const instructor = await createInstructor(t.db);
    const token = await signIn(t.db, instructor.user.id);
    const lesson = instructor.lessonTypes[0]!;
    const learner = await createUser(t.db, { firstName: 'Lea', lastName: 'Rner' });
    const first = await giveBooking(t.db, learner.id, lesson, { startsAt: inDays(1) });
    await giveBooking(t.db, learner.id, lesson, { startsAt: inDays(3) });
    await giveBooking(t.db, learner.id, lesson, { startsAt: inDays(5), status: 'cancelled' });
    // A session taught earlier this month (when this month has had three hours yet).
    const now = Date.now();
    const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    const taughtStart = Math.max(monthStart, now - 3 * HOUR);
    await giveBooking(t.db, learner.id, lesson, { startsAt: new Date(taughtStart).toISOString() });
    const taught = taughtStart + lesson.durationMinutes * 60_000 <= now ? 1 : 0;

    const itemOf = async (orderId: number) => (await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.id;
    const booking = await seedOrder(t.db, learner.id, [{ kind: 'BOOKING', totalCents: 5000 }]);
    const pack = await seedOrder(t.db, learner.id, [{ kind: 'PACKAGE', totalCents: 9000 }]);
    const resource = await seedOrder(t.db, learner.id, [{ kind: 'RESOURCE', totalCents: 700 }]);
    const older = await seedOrder(t.db, learner.id, [{ kind: 'BOOKING', totalCents: 4000 }], { paidAt: daysAgo(70) });
    const seller = instructor.user.id;
    await addLedgerRow(t.db, { sellerId: seller, type: 'sale', orderId: booking.id, orderItemId: await itemOf(booking.id), grossCents: 5000, feeCents: 500, netCents: 4500 });
    await addLedgerRow(t.db, { sellerId: seller, type: 'refund', orderId: booking.id, orderItemId: await itemOf(booking.id), grossCents: -1000, feeCents: -100, netCents: -900 });
    await addLedgerRow(t.db, { sellerId: seller, type: 'sale', orderId: pack.id, orderItemId: await itemOf(pack.id), grossCents: 9000, feeCents: 900, netCents: 8100 });
    await addLedgerRow(t.db, { sellerId: seller, type: 'sale', orderId: resource.id, orderItemId: await itemOf(resource.id), grossCents: 700, feeCents: 70, netCents: 630 });
    await addLedgerRow(t.db, { sellerId: seller, type: 'sale', orderId: older.id, orderItemId: await itemOf(older.id), grossCents: 4000, feeCents: 400, netCents: 3600, createdAt: daysAgo(70) });

    const body = await read<InstructorDashboard>('/api/instructor/dashboard', token);
    expect(body.month).toBe(new Date().toISOString().slice(0, 7));
    expect(body.bookings).toMatchObject({ upcoming: 2, taught_this_month: taught });
    expect(body.bookings.next.map((b) => b.id)[0]).toBe(first.id);
    expect(body.bookings.next[0]!.learner).toBe('Lea Rner');
    expect(body.earnings).toEqual({ month_gross_cents: 5000 - 1000 + 9000, month_net_cents: 4500 - 900 + 8100, packages_sold: 1 });

    // Someone else's figures are their own: nothing of this instructor's.
    const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    expect(await read<InstructorDashboard>('/api/instructor/dashboard', other.token)).toMatchObject({
      bookings: { upcoming: 0, taught_this_month: 0, next: [] },
      earnings: { month_gross_cents: 0, month_net_cents: 0, packages_sold: 0 },
    });
  });
});

describe("the instructor dashboard's month earnings", () => {
  it("count the feedback credits sold in one's courses, net of refunds, beside sessions", async () => {
    const instructor = await createInstructor(t.db);
    const token = await signIn(t.db, instructor.user.id);
    const learner = await createUser(t.db);
    const itemOf = async (orderId: number) => (await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.id;
    const booking = await seedOrder(t.db, learner.id, [{ kind: 'BOOKING', totalCents: 5000 }]);
    const credits = await seedOrder(t.db, learner.id, [{ kind: 'FEEDBACK_CREDITS', totalCents: 2500 }]);
    const seller = instructor.user.id;
    await addLedgerRow(t.db, { sellerId: seller, type: 'sale', orderId: booking.id, orderItemId: await itemOf(booking.id), grossCents: 5000, feeCents: 500, netCents: 4500 });
    await addLedgerRow(t.db, { sellerId: seller, type: 'sale', orderId: credits.id, orderItemId: await itemOf(credits.id), grossCents: 2500, feeCents: 250, netCents: 2250 });
    await addLedgerRow(t.db, { sellerId: seller, type: 'refund', orderId: credits.id, orderItemId: await itemOf(credits.id), grossCents: -500, feeCents: -50, netCents: -450 });

    const body = await read<InstructorDashboard>('/api/instructor/dashboard', token);
    expect(body.earnings).toEqual({ month_gross_cents: 5000 + 2500 - 500, month_net_cents: 4500 + 2250 - 450, packages_sold: 0 });
  });
});

describe('GET /api/me/areas (the multi-dashboard)', () => {
  it('answers a card per area of the roles, each with live figures', async () => {
    const { user, token } = await createSignedInUser(t.db, { roles: ['STUDENT', 'SELLER', 'INSTRUCTOR'] });
    const course = await buildCourse(t.db, { instructorId: user.id });
    const learning = await buildCourse(t.db);
    await createEnrollment(t.db, user.id, learning.id);
    const student = await createUser(t.db);
    await createEnrollment(t.db, student.id, course.id);
    await createResource(t.db, user.id, { status: 'published' });
    await createResource(t.db, user.id, { status: 'draft' });
    await addLedgerRow(t.db, { sellerId: user.id, type: 'sale', grossCents: 2000, feeCents: 200, netCents: 1800 });

    const { areas } = await read<{ areas: AreaSummary[] }>('/api/me/areas', token);
    expect(areas.map((a) => a.key)).toEqual(['learner', 'instructor', 'seller']);
    const figures = Object.fromEntries(areas.map((a) => [a.key, Object.fromEntries(a.figures.map((f) => [f.label, f.value]))]));
    expect(figures.learner).toEqual({ 'Courses in progress': 1, 'Upcoming bookings': 0 });
    expect(figures.instructor).toEqual({ Courses: 1, Enrolments: 1 });
    expect(figures.seller).toEqual({ 'Published resources': 1, Balance: 1800 });
  });

  it('gives a Connect & Book instructor their sessions, a curriculum admin the review queue, an admin the platform', async () => {
    const instructor = await createInstructor(t.db);
    await giveBooking(t.db, (await createUser(t.db)).id, instructor.lessonTypes[0]!, { startsAt: inDays(2) });
    const bookingAreas = (await read<{ areas: AreaSummary[] }>('/api/me/areas', await signIn(t.db, instructor.user.id))).areas;
    expect(bookingAreas.map((a) => a.key)).toEqual(['learner', 'bookings']);
    expect(bookingAreas[1]!.figures[0]).toEqual({ label: 'Upcoming sessions', value: 1, unit: 'count' });

    const curator = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const curatorAreas = (await read<{ areas: AreaSummary[] }>('/api/me/areas', curator.token)).areas;
    expect(curatorAreas.map((a) => a.key)).toEqual(['learner', 'curriculum']);
    expect(curatorAreas[1]!.figures[0]!.label).toBe('Resources awaiting review');

    const adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
    const admin = (await read<{ areas: AreaSummary[] }>('/api/me/areas', adminToken)).areas;
    expect(admin.map((a) => a.key)).toEqual(['learner', 'admin']);
    expect(admin.find((a) => a.key === 'admin')!.figures[0]!.label).toBe('Users');
  });
});
