import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments } from '../../../db/schema/index.ts';
import { buyCourse } from '../../../tests/support/commerce-factories.ts';
import { createCourse, createCourseTree } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { givePlan, setTierColumns } from '../../../tests/support/subscription-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { FEATURES } from '../domain/features.ts';
import type { PlanKey } from '../domain/subscriptions.ts';
import { INCLUDED_IN_PLAN_MESSAGE, PLAN_ENDED_MESSAGE } from '../../../shared/course-plan-access.ts';
import type { Cart } from '../../../shared/cart.ts';
import type { EnrollmentView } from '../../../shared/learning-views.ts';

/** A plan includes the courses of its level (decision 0063). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

async function withPlan(plan: PlanKey | null) {
  const u = await createSignedInUser(t.db, { roles: ['STUDENT'] });
  if (plan) await givePlan(t.db, u.user.id, plan);
  return u;
}

const enrol = (courseId: number, token: string) => t.json('POST', '/api/enrollments', { courseId }, token);
const lapse = (userId: number) => setTierColumns(t.db, userId, { tier: 'premium', status: 'canceled', expiresAt: new Date(Date.now() - DAY).toISOString() });
const renew = (userId: number) => setTierColumns(t.db, userId, { tier: 'premium', status: 'active', expiresAt: null });

describe('enrolling through a plan', () => {
  it('a paid Premium course: a Premium subscriber enrols without paying, the enrolment marked as coming from the plan', async () => {
    const course = await createCourse(t.db, { requiredLevel: 20, priceCents: 7900 });
    const premium = await withPlan('premium');
    const res = await enrol(course.id, premium.token);
    expect(res.status).toBe(201);
    expect(await read<EnrollmentView>(res)).toMatchObject({ course_id: course.id, user_id: premium.user.id, source: 'plan' });
    expect((await enrol(course.id, premium.token)).status).toBe(200);
    // A higher plan includes it too.
    const royalty = await withPlan('royalty');
    expect(await read<EnrollmentView>(await enrol(course.id, royalty.token))).toMatchObject({ source: 'plan' });
  });

  it('below the level: a free course answers the gate’s 403 and writes nothing; a paid one may still be bought (402 naming the plan)', async () => {
    const freeCourse = await createCourse(t.db, { requiredLevel: 20 });
    const paidCourse = await createCourse(t.db, { requiredLevel: 20, priceCents: 7900 });
    for (const plan of [null, 'educator'] as const) {
      const u = await withPlan(plan);
      const refused = await enrol(freeCourse.id, u.token);
      expect(refused.status).toBe(403);
      expect(await read(refused)).toMatchObject({ message: FEATURES.premium_courses.description, feature: 'premium_courses', requiredPlan: 'premium' });
      const pay = await enrol(paidCourse.id, u.token);
      expect(pay.status).toBe(402);
      expect(await read(pay)).toMatchObject({ cart: { type: 'COURSE', itemId: paidCourse.id }, includedIn: { plan: 'premium', name: 'Premium' } });
      expect(await read<unknown[]>(await t.json('GET', '/api/enrollments', undefined, u.token))).toHaveLength(0);
    }
  });

  it('the lessons close the moment the plan ends and reopen on renewal; progress is kept', async () => {
    const tree = await createCourseTree(t.db, { requiredLevel: 20, priceCents: 7900 });
    const learner = await withPlan('premium');
    expect((await enrol(tree.course.id, learner.token)).status).toBe(201);
    expect((await t.json('POST', `/api/learn/lessons/${tree.lesson.id}/complete`, undefined, learner.token)).status).toBe(200);
    await lapse(learner.user.id);
    for (const path of [`/api/learn/courses/${tree.course.id}`, `/api/learn/lessons/${tree.lesson.id}`]) {
      const closed = await t.json('GET', path, undefined, learner.token);
      expect(closed.status, path).toBe(403);
      expect(await read(closed), path).toMatchObject({ message: PLAN_ENDED_MESSAGE, planEnded: true, feature: 'premium_courses', requiredPlan: 'premium' });
    }
    // Still enrolled (with its progress) while closed; enrolling again changes nothing.
    const mine = await read<{ course_id: number; source: string; completed_lessons: number }[]>(await t.json('GET', '/api/enrollments', undefined, learner.token));
    expect(mine.find((e) => e.course_id === tree.course.id)).toMatchObject({ source: 'plan', completed_lessons: 1 });
    expect((await enrol(tree.course.id, learner.token)).status).toBe(200);
    await renew(learner.user.id);
    expect((await t.json('GET', `/api/learn/courses/${tree.course.id}`, undefined, learner.token)).status).toBe(200);
    expect((await t.json('GET', `/api/learn/lessons/${tree.lesson.id}`, undefined, learner.token)).status).toBe(200);
  });

  it('a buyer keeps the course whatever the plan', async () => {
    const tree = await createCourseTree(t.db, { requiredLevel: 20, priceCents: 7900 });
    const buyer = await withPlan(null);
    await t.db.insert(enrollments).values({ userId: buyer.user.id, courseId: tree.course.id, source: 'purchase' });
    expect((await t.json('GET', `/api/learn/lessons/${tree.lesson.id}`, undefined, buyer.token)).status).toBe(200);
    await givePlan(t.db, buyer.user.id, 'premium');
    await lapse(buyer.user.id);
    expect((await t.json('GET', `/api/learn/courses/${tree.course.id}`, undefined, buyer.token)).status).toBe(200);
  });
});

describe('the cart and an included course', () => {
  it('refuses a course the buyer’s plan includes, saying so and pointing to enrolment', async () => {
    const course = await createCourse(t.db, { requiredLevel: 20, priceCents: 7900 });
    const premium = await withPlan('premium');
    const res = await t.json('POST', '/api/cart', { type: 'COURSE', itemId: course.id }, premium.token);
    expect(res.status).toBe(409);
    expect(await read<ErrorBody & { reason: string }>(res)).toMatchObject({ message: INCLUDED_IN_PLAN_MESSAGE, reason: 'included' });
    const quote = await t.json('POST', '/api/checkout/quote', { items: [{ type: 'COURSE', itemId: course.id }] }, premium.token);
    expect(JSON.stringify(await read(quote))).toContain(INCLUDED_IN_PLAN_MESSAGE);
  });

  it('sells it below the level, and flags a line already in the cart once a plan includes it', async () => {
    const course = await createCourse(t.db, { requiredLevel: 20, priceCents: 7900 });
    const free = await withPlan(null);
    expect((await t.json('POST', '/api/cart', { type: 'COURSE', itemId: course.id }, free.token)).status).toBe(200);
    await givePlan(t.db, free.user.id, 'premium');
    const cart = await read<Cart>(await t.json('GET', '/api/cart', undefined, free.token));
    expect(cart.items[0]).toMatchObject({ itemId: course.id, available: false, reason: 'included', reasonMessage: INCLUDED_IN_PLAN_MESSAGE });
    expect(cart.items[0]!.itemDetails.url).toBe(`/courses/${course.id}/enroll`);
    expect(cart.subtotalCents).toBe(0);
  });

  it('a free course that requires a plan is not sold below the level (only the plan opens it)', async () => {
    const course = await createCourse(t.db, { requiredLevel: 30 });
    const premium = await withPlan('premium');
    const res = await t.json('POST', '/api/cart', { type: 'COURSE', itemId: course.id }, premium.token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe(FEATURES.royalty_masterclasses.description);
  });
});

describe('buying a course after the plan ended', () => {
  const enrolmentOf = async (userId: number, courseId: number) =>
    (await t.db.select().from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId))))[0] ?? null;
  const lessonStatus = async (lessonId: number, token: string) => (await t.json('GET', `/api/learn/lessons/${lessonId}`, undefined, token)).status;
  const refundWhole = async (orderId: number, amountCents: number) => {
    const admin = await createAdmin(t.db);
    const res = await t.json('POST', `/api/admin/orders/${orderId}/refunds`, { amountCents }, await signIn(t.db, admin.id));
    expect(res.status, await res.clone().text()).toBe(201);
  };

  /** A Premium subscriber enrolled through the plan, a lesson done and the course finished, whose plan then ended. */
  async function lapsedLearner() {
    const tree = await createCourseTree(t.db, { requiredLevel: 20, priceCents: 7900 });
    const learner = await withPlan('premium');
    expect((await enrol(tree.course.id, learner.token)).status).toBe(201);
    expect((await t.json('POST', `/api/learn/lessons/${tree.lesson.id}/complete`, undefined, learner.token)).status).toBe(200);
    await t.db.update(enrollments).set({ completedAt: '2026-11-30T10:00:00.000Z' }).where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, tree.course.id)));
    await lapse(learner.user.id);
    return { tree, learner, before: (await enrolmentOf(learner.user.id, tree.course.id))! };
  }

  it('sells the course to a learner whose plan ended; the paid order turns the enrolment into the purchase, which opens the lessons for good', async () => {
    const { tree, learner, before } = await lapsedLearner();
    expect(before.source).toBe('plan');
    expect(await lessonStatus(tree.lesson.id, learner.token)).toBe(403);
    // Not "owned": the cart takes it.
    expect((await t.json('POST', '/api/cart', { type: 'COURSE', itemId: tree.course.id }, learner.token)).status).toBe(200);

    const order = await buyCourse(t, learner.token, tree.course.id);
    expect(order.status).toBe('paid');
    const after = await enrolmentOf(learner.user.id, tree.course.id);
    // The same enrolment (its progress and completion kept), now a purchase that remembers the plan.
    expect(after).toMatchObject({ id: before.id, source: 'purchase', sourceBeforePurchase: 'plan', completedAt: before.completedAt });
    expect(await lessonStatus(tree.lesson.id, learner.token)).toBe(200);
    const mine = await read<{ course_id: number; source: string; completed_lessons: number }[]>(await t.json('GET', '/api/enrollments', undefined, learner.token));
    expect(mine.find((e) => e.course_id === tree.course.id)).toMatchObject({ source: 'purchase', completed_lessons: 1 });
    // Bought: the cart refuses it again.
    const again = await t.json('POST', '/api/cart', { type: 'COURSE', itemId: tree.course.id }, learner.token);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody & { reason: string }>(again)).reason).toBe('owned');
  });

  it('a refund of that purchase puts the plan’s enrolment back (closed while no plan reaches it, open on renewal), progress kept', async () => {
    const { tree, learner, before } = await lapsedLearner();
    const order = await buyCourse(t, learner.token, tree.course.id);
    await refundWhole(order.id, order.totalCents);
    const after = await enrolmentOf(learner.user.id, tree.course.id);
    expect(after).toMatchObject({ id: before.id, source: 'plan', sourceBeforePurchase: null, completedAt: before.completedAt });
    const closed = await t.json('GET', `/api/learn/lessons/${tree.lesson.id}`, undefined, learner.token);
    expect(closed.status).toBe(403);
    expect(await read(closed)).toMatchObject({ planEnded: true });
    await renew(learner.user.id);
    expect(await lessonStatus(tree.lesson.id, learner.token)).toBe(200);
  });

  it('a refund of a purchase that made the enrolment still removes it; a subscriber whose plan reaches the course is not sold it', async () => {
    const tree = await createCourseTree(t.db, { requiredLevel: 20, priceCents: 7900 });
    const buyer = await withPlan(null);
    const order = await buyCourse(t, buyer.token, tree.course.id);
    expect(await enrolmentOf(buyer.user.id, tree.course.id)).toMatchObject({ source: 'purchase', sourceBeforePurchase: null });
    await refundWhole(order.id, order.totalCents);
    expect(await enrolmentOf(buyer.user.id, tree.course.id)).toBeNull();

    const subscriber = await withPlan('premium');
    expect((await enrol(tree.course.id, subscriber.token)).status).toBe(201);
    const refused = await t.json('POST', '/api/cart', { type: 'COURSE', itemId: tree.course.id }, subscriber.token);
    expect(refused.status).toBe(409);
    expect((await read<ErrorBody & { reason: string }>(refused)).reason).toBe('owned');
  });
});
