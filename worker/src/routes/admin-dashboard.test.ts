import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, sellerProfiles } from '../../../db/schema/index.ts';
import { expectAdminOnly } from '../../../tests/support/admin-test-app.ts';
import { createInstructor, giveBooking } from '../../../tests/support/booking-factories.ts';
import { daysAgo, seedOrder } from '../../../tests/support/dashboard-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { createResource } from '../../../tests/support/seller-factories.ts';
import { insertInvoice, insertSubscription } from '../../../tests/support/subscription-rows.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { eq } from 'drizzle-orm';
import type { AdminDashboard } from '../../../shared/dashboards/admin.ts';

/**
 * GET /api/admin/dashboard: every figure against rows seeded on a database of its own, so each is
 * exact (the dashboard's figures are checked against seeded data, not merely present).
 */

let t: TestApp;
let adminToken: string;
let studentToken: string;
let seeded: { buyer: number; auditSummary: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.db, { createdAt: daysAgo(100) });
  adminToken = await signIn(t.db, admin.id);
  const student = await createSignedInUser(t.db, { createdAt: daysAgo(45) });
  studentToken = student.token;
  const buyer = await createUser(t.db, { roles: ['STUDENT', 'SELLER'] });
  await createUser(t.db, { isActive: false, createdAt: daysAgo(3) });

  // Revenue: courses, resources, bookings and packages from paid orders, net of refunds.
  await seedOrder(t.db, buyer.id, [{ kind: 'COURSE', totalCents: 5000 }], { paidAt: daysAgo(2), refunds: [{ amountCents: 1000 }] });
  // A mixed order refunded 400: split 1000:3000 → 100 of the resource, 300 of the course.
  await seedOrder(t.db, buyer.id, [{ kind: 'RESOURCE', totalCents: 1000 }, { kind: 'COURSE', totalCents: 3000 }], { paidAt: daysAgo(0), refunds: [{ amountCents: 400 }, { amountCents: 700, status: 'failed' }] });
  await seedOrder(t.db, buyer.id, [{ kind: 'BOOKING', totalCents: 2500 }], { paidAt: daysAgo(10) });
  await seedOrder(t.db, buyer.id, [{ kind: 'PACKAGE', totalCents: 9000 }], { paidAt: daysAgo(40) });
  await seedOrder(t.db, buyer.id, [{ kind: 'COURSE', totalCents: 7777 }], { paidAt: daysAgo(400) });
  await seedOrder(t.db, buyer.id, [{ kind: 'COURSE', totalCents: 4200 }], { paidAt: null });
  // The subscription checkout's order is its first invoice: counted once, from the invoice.
  await seedOrder(t.db, buyer.id, [{ kind: 'SUBSCRIPTION', totalCents: 1500 }], { paidAt: daysAgo(1) });

  // Subscriptions: MRR = monthly as is, yearly / 12 rounded half up; trials and ended ones apart.
  const monthly = await insertSubscription(t.db, buyer.id, { plan: 'educator', interval: 'month', priceCents: 1500 });
  await insertInvoice(t.db, monthly, { paidAt: daysAgo(1), amountPaidCents: 1500 });
  const yearly = await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'premium', interval: 'year', priceCents: 12000 });
  await insertInvoice(t.db, yearly, { paidAt: daysAgo(5), amountPaidCents: 12000, refundedCents: 2000 });
  await insertInvoice(t.db, yearly, { paidAt: daysAgo(6), amountPaidCents: 999, status: 'open' });
  await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'premium', interval: 'year', priceCents: 1000 });
  await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'royalty', status: 'trialing', priceCents: 19900 });
  await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'royalty', status: 'canceled', priceCents: 19900 });

  // Bookings: two to come, one taught 3 days ago, one cancelled today, one cancelled 40 days ago.
  const instructor = await createInstructor(t.db);
  const lesson = instructor.lessonTypes[0]!;
  await giveBooking(t.db, buyer.id, lesson);
  await giveBooking(t.db, buyer.id, lesson, { startsAt: new Date(Math.ceil((Date.now() + 5 * 86_400_000) / 3_600_000) * 3_600_000).toISOString() });
  await giveBooking(t.db, buyer.id, lesson, { startsAt: daysAgo(3) });
  const cancelled = await giveBooking(t.db, buyer.id, lesson, { status: 'cancelled', startsAt: daysAgo(-9) });
  await t.db.update(bookings).set({ cancelledAt: new Date().toISOString() }).where(eq(bookings.id, cancelled.id));
  const old = await giveBooking(t.db, buyer.id, lesson, { status: 'cancelled', startsAt: daysAgo(41) });
  await t.db.update(bookings).set({ cancelledAt: daysAgo(40) }).where(eq(bookings.id, old.id));

  // The review queue: two submitted resources and a pending seller application.
  await createResource(t.db, buyer.id, { status: 'submitted' });
  await createResource(t.db, buyer.id, { status: 'submitted' });
  await createResource(t.db, buyer.id, { status: 'published' });
  const applicant = await createUser(t.db);
  await t.db.insert(sellerProfiles).values({ userId: applicant.id, storeName: 'Applicant store', requestedRole: 'SELLER', status: 'pending' });

  // The audit log of the contract, written later than everything else.
  const auditSummary = 'Changed the coupon SPRING from 10% to 15%';
  await t.db.insert(auditLog).values({ actorId: admin.id, actorName: admin.username, actorRoles: 'ADMIN', action: 'coupon.update', entity: 'coupons', entityId: '1', summary: auditSummary, createdAt: new Date(Date.now() + 60_000).toISOString() });
  seeded = { buyer: buyer.id, auditSummary };
});
afterAll(() => t.close());

async function dashboard(query = ''): Promise<AdminDashboard> {
  const res = await t.json('GET', `/api/admin/dashboard${query}`, undefined, adminToken);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminDashboard;
}

describe('GET /api/admin/dashboard', () => {
  it('is the admin’s alone, and refuses a window it does not offer', async () => {
    // Tokens of other roles on a database of their own, so the user counts below stay exact.
    const own = await createTestApp();
    const others = await Promise.all(
      (['SELLER', 'CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'INSTRUCTOR'] as const).map(async (role) => (await createSignedInUser(own.db, { roles: [role] })).token),
    );
    await expectAdminOnly(own, 'GET', '/api/admin/dashboard', undefined, (await createSignedInUser(own.db)).token, others);
    own.close();
    expect((await t.json('GET', '/api/admin/dashboard', undefined, studentToken)).status).toBe(403);
    for (const days of ['7', 'abc', '-30', '30.5']) {
      const res = await t.json('GET', `/api/admin/dashboard?days=${days}`, undefined, adminToken);
      expect(res.status, days).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });

  it('counts users: all, active, new in the window, per role', async () => {
    const body = await dashboard();
    expect(body.days).toBe(30);
    // The admin, the student, the buyer, the inactive one, 4 subscribers, the instructor, the applicant.
    const { users } = body;
    expect(users).toMatchObject({ total: 10, active: 9 });
    // Made in the window: everyone but the admin (100 days ago) and the student (45 days ago).
    expect(users.new_in_period).toBe(8);
    expect(users.by_role).toMatchObject({ ADMIN: 1, SELLER: 1, BOOKING_PROFESSIONAL: 1, STUDENT: 9 });
    expect(users.by_role.CURRICULUM_ADMIN).toBe(0);
    expect((await dashboard('?days=90')).users.new_in_period).toBe(9);
  });

  it('sums revenue by kind, net of refunds, from paid orders and subscription invoices', async () => {
    const body = await dashboard();
    expect(body.revenue.by_kind).toEqual({ COURSE: 4000 + 2700, RESOURCE: 900, BOOKING: 2500, PACKAGE: 0, FEEDBACK_CREDITS: 0, SUBSCRIPTION: 1500 + 10000 });
    expect(body.revenue.total_cents).toBe(6700 + 900 + 2500 + 11500);
    expect(body.revenue.series).toHaveLength(30);
    expect(body.revenue.series[29]!.day).toBe(body.to);
    expect(body.revenue.series[29]).toMatchObject({ COURSE: 2700, RESOURCE: 900 });
    expect(body.revenue.series[27]).toMatchObject({ COURSE: 4000 });
    expect(body.revenue.series[19]).toMatchObject({ BOOKING: 2500 });
    expect(body.revenue.series[24]).toMatchObject({ SUBSCRIPTION: 10000 });
    expect(body.revenue.series[28]).toMatchObject({ SUBSCRIPTION: 1500 });
    const perDay = body.revenue.series.reduce((n, d) => n + d.COURSE + d.RESOURCE + d.BOOKING + d.PACKAGE + d.SUBSCRIPTION, 0);
    expect(perDay).toBe(body.revenue.total_cents);

    const quarter = await dashboard('?days=90');
    expect(quarter.revenue.series).toHaveLength(90);
    expect(quarter.revenue.by_kind.PACKAGE).toBe(9000);
    expect((await dashboard('?days=365')).revenue.by_kind.COURSE).toBe(6700);
  });

  it('counts orders paid in the window, pending now, and refunds that went through', async () => {
    const { orders } = await dashboard();
    expect(orders).toEqual({ paid: 4, pending: 1, refunded: 2, refunded_cents: 1400 });
  });

  it('answers MRR (yearly / 12) and the subscriptions per plan', async () => {
    const { subscriptions } = await dashboard();
    // 1500 + 12000/12 + round(1000/12 = 83.33) = 1500 + 1000 + 83
    expect(subscriptions.mrr_cents).toBe(2583);
    expect(subscriptions.paying).toBe(3);
    expect(subscriptions.trialing).toBe(1);
    const plan = (key: string) => subscriptions.plans.find((p) => p.key === key)!;
    expect(plan('educator')).toMatchObject({ paying: 1, mrr_cents: 1500 });
    expect(plan('premium')).toMatchObject({ paying: 2, mrr_cents: 1083 });
    expect(plan('royalty')).toMatchObject({ paying: 0, trialing: 1, mrr_cents: 0 });
    expect(plan('royalty').by_status.canceled).toBe(1);
  });

  it('counts bookings to come, taught and cancelled in the window', async () => {
    expect((await dashboard()).bookings).toEqual({ upcoming: 2, completed: 1, cancelled: 1 });
    expect((await dashboard('?days=90')).bookings).toEqual({ upcoming: 2, completed: 1, cancelled: 2 });
  });

  it('counts resources and seller applications waiting for review', async () => {
    expect((await dashboard()).review).toEqual({ resources_awaiting: 2, sellers_pending: 1 });
  });

  it('lists recent activity newest first across sign-ups, paid orders, bookings and the audit log', async () => {
    const { recent_activity: activity } = await dashboard();
    expect(activity.length).toBeGreaterThan(4);
    expect(activity.length).toBeLessThanOrEqual(12);
    expect(activity[0]).toMatchObject({ kind: 'audit', text: seeded.auditSummary, href: '/admin/audit-log' });
    const times = activity.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    const kinds = new Set(activity.map((a) => a.kind));
    for (const kind of ['signup', 'order', 'booking', 'audit']) expect(kinds.has(kind as never), kind).toBe(true);
    const order = activity.find((a) => a.kind === 'order')!;
    expect(order.href).toMatch(/^\/admin\/orders\/\d+$/);
    expect(order.amount_cents).toBeGreaterThan(0);
  });

  it('answers zeros and empty lists on a database with nothing yet', async () => {
    const own = await createTestApp();
    const token = await signIn(own.db, (await createAdmin(own.db)).id);
    const res = await own.json('GET', '/api/admin/dashboard?days=365', undefined, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminDashboard;
    expect(body.revenue.total_cents).toBe(0);
    expect(body.revenue.series).toHaveLength(365);
    expect(body.orders).toEqual({ paid: 0, pending: 0, refunded: 0, refunded_cents: 0 });
    expect(body.subscriptions.mrr_cents).toBe(0);
    expect(body.bookings).toEqual({ upcoming: 0, completed: 0, cancelled: 0 });
    expect(body.review).toEqual({ resources_awaiting: 0, sellers_pending: 0 });
    expect(body.users).toMatchObject({ total: 1, active: 1, new_in_period: 1 });
    expect(body.recent_activity).toEqual([expect.objectContaining({ kind: 'signup' })]);
    own.close();
  });
});
