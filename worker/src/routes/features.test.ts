import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../db/schema/index.ts';
import { createCourse, createCourseTree, createEnrollment, createModule } from '../../../tests/support/course-factories.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { makeResource, makeSeller } from '../../../tests/support/store-factories.ts';
import { givePlan, setTierColumns } from '../../../tests/support/subscription-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { FEATURES } from '../domain/features.ts';
import type { RoleName } from '../domain/roles.ts';
import type { PlanKey } from '../domain/subscriptions.ts';
import type { FeatureCheckView } from '../../../shared/subscriptions/views.ts';
import type { FeatureView } from './features.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;
const check = async (feature: string, token?: string) => {
  const res = await t.json('GET', `/api/features/check/${feature}`, undefined, token);
  return { status: res.status, body: await read<FeatureCheckView & ErrorBody>(res) };
};
const accessOf = async (token: string) => {
  const out: Record<string, boolean> = {};
  for (const key of Object.keys(FEATURES)) out[key] = (await check(key, token)).body.hasAccess;
  return out;
};

/** A signed-in user with the roles, holding the plan (none: free). */
async function withPlan(plan: PlanKey | null, roles: RoleName[] = ['STUDENT'], options: Parameters<typeof givePlan>[3] = {}) {
  const u = await createSignedInUser(t.db, { roles });
  if (plan) await givePlan(t.db, u.user.id, plan, options);
  return u;
}

/** Which features each level opens (free 0, educator 10, premium 20, royalty 30). */
const expected = (level: number) => Object.fromEntries(Object.entries(FEATURES).map(([k, f]) => [k, level >= f.level]));

describe('GET /api/features', () => {
  it('lists the gate table with each feature’s level, description and the plan that unlocks it', async () => {
    const res = await t.json('GET', '/api/features');
    expect(res.status).toBe(200);
    const { data } = await read<{ data: FeatureView[] }>(res);
    expect(data.map((f) => [f.feature, f.level, f.required_plan.key])).toEqual([
      ['course_administration', 10, 'educator'],
      ['store_selling', 10, 'educator'],
      ['premium_courses', 20, 'premium'],
      ['premium_directory_listing', 20, 'premium'],
      ['royalty_masterclasses', 30, 'royalty'],
    ]);
    expect(data[0]).toEqual({
      feature: 'course_administration',
      name: 'Course Administration',
      description: 'Upgrade to Educator or higher to access course administration features.',
      level: 10,
      required_plan: { key: 'educator', name: 'Educator' },
    });
  });
});

describe('GET /api/features/check/{feature}', () => {
  it('answers the gate’s texts with hasAccess false to a visitor and to a bad token', async () => {
    const visitor = await check('course_administration');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({
      feature: 'course_administration',
      hasAccess: false,
      name: 'Course Administration',
      description: 'Upgrade to Educator or higher to access course administration features.',
      level: 10,
      required_plan: { key: 'educator', name: 'Educator' },
    });
    expect((await check('course_administration', 'not-a-token')).body.hasAccess).toBe(false);
  });

  it('answers 404 in the error shape for an unknown feature', async () => {
    const res = await check('teleportation');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Feature not found' });
    expect((await check('__proto__')).status).toBe(404);
    expect((await check('x'.repeat(65))).status).toBe(400);
  });

  it.each([
    ['free', 0],
    ['educator', 10],
    ['premium', 20],
    ['royalty', 30],
  ] as const)('a %s subscriber passes exactly the gates up to level %i', async (plan, level) => {
    const u = await withPlan(plan === 'free' ? null : plan);
    expect(await accessOf(u.token)).toEqual(expected(level));
  });

  it.each([
    ['NOBILITY', 10],
    ['IMPERIAL', 20],
    ['ROYAL', 30],
    ['basic_seller', 10],
    ['premium_seller', 10],
    ['basic_directory', 0],
    ['premium_directory', 20],
    ['annual_access', 20],
    ['quarterly_access', 20],
    ['monthly_access', 20],
    ['something_else', 0],
  ])('maps the tier %s to level %i while active', async (tier, level) => {
    const u = await createSignedInUser(t.db);
    await setTierColumns(t.db, u.user.id, { tier, status: 'active' });
    expect(await accessOf(u.token)).toEqual(expected(level));
  });

  it('counts trialing and a cancellation until the period end; not past due, ended, past its end, or a tier without status', async () => {
    const trialing = await withPlan('educator', ['STUDENT'], { status: 'trialing' });
    expect((await check('course_administration', trialing.token)).body.hasAccess).toBe(true);

    const cancelling = await withPlan('premium', ['STUDENT'], { cancelAtPeriodEnd: true, periodEnd: new Date(Date.now() + 3 * DAY).toISOString() });
    expect((await check('premium_courses', cancelling.token)).body.hasAccess).toBe(true);

    const pastItsEnd = await createSignedInUser(t.db);
    await setTierColumns(t.db, pastItsEnd.user.id, { tier: 'premium', status: 'active', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await check('premium_courses', pastItsEnd.token)).body.hasAccess).toBe(false);

    const ended = await withPlan('royalty', ['STUDENT'], { status: 'canceled', periodEnd: new Date(Date.now() - DAY).toISOString() });
    expect(await accessOf(ended.token)).toEqual(expected(0));

    const pastDue = await withPlan('educator', ['STUDENT'], { status: 'past_due' });
    expect((await check('course_administration', pastDue.token)).body.hasAccess).toBe(false);

    const imported = await createSignedInUser(t.db);
    await setTierColumns(t.db, imported.user.id, { tier: 'ROYAL', status: null });
    expect((await check('royalty_masterclasses', imported.token)).body.hasAccess).toBe(false);
  });

  it.each(['ADMIN', 'INSTRUCTOR_ADMIN', 'CURRICULUM_ADMIN', 'COURSE_CREATOR_ADMIN'] as const)('lets %s on the free plan pass every gate', async (role) => {
    const admin = await withPlan(null, [role]);
    expect(await accessOf(admin.token)).toEqual(expected(1000));
  });
});

describe('Course Administration (level 10) on course writes', () => {
  const courseBody = { title: 'Gated course', description: 'A course that a free instructor may not create.' };

  it('refuses a free non-admin instructor with 403, the feature’s description and the plan it needs', async () => {
    const free = await withPlan(null, ['INSTRUCTOR']);
    const res = await t.json('POST', '/api/courses', courseBody, free.token);
    expect(res.status).toBe(403);
    expect(await read(res)).toEqual({
      message: FEATURES.course_administration.description,
      feature: 'course_administration',
      featureName: 'Course Administration',
      requiredLevel: 10,
      requiredPlan: 'educator',
      requiredPlanName: 'Educator',
    });
  });

  it('refuses every course, module, lesson, quiz and question write of a free instructor on their own course, and changes nothing', async () => {
    const free = await withPlan(null, ['COURSE_CREATOR']);
    const tree = await createCourseTree(t.db, { instructorId: free.user.id });
    const writes: [string, string, unknown][] = [
      ['PATCH', `/api/courses/${tree.course.id}`, { title: 'Changed title' }],
      ['PUT', `/api/courses/${tree.course.id}`, { title: 'Changed title', short_name: 'CT', description: 'A description of twenty characters or more.' }],
      ['DELETE', `/api/courses/${tree.course.id}`, undefined],
      ['POST', '/api/modules', { courseId: tree.course.id, title: 'Module', description: 'A module description.' }],
      ['PATCH', `/api/modules/${tree.module.id}`, { title: 'Changed' }],
      ['DELETE', `/api/modules/${tree.module.id}`, undefined],
      ['POST', '/api/lessons', { moduleId: tree.module.id, title: 'Lesson', content: 'Text', type: 'text' }],
      ['PATCH', `/api/lessons/${tree.lesson.id}`, { title: 'Changed' }],
      ['DELETE', `/api/lessons/${tree.lesson.id}`, undefined],
      ['POST', '/api/quizzes', { lessonId: tree.lesson.id, title: 'Quiz', passScore: 70 }],
      ['PATCH', `/api/quizzes/${tree.quiz.id}`, { title: 'Changed' }],
      ['DELETE', `/api/quizzes/${tree.quiz.id}`, undefined],
      ['POST', '/api/quiz-questions', { quizId: tree.quiz.id, question: 'Which?', options: ['a', 'b'], correctOption: 0 }],
      ['PATCH', `/api/quiz-questions/${tree.question.id}`, { question: 'Changed?' }],
      ['DELETE', `/api/quiz-questions/${tree.question.id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const res = await t.json(method, path, body, free.token);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await read<ErrorBody & { feature: string }>(res)).feature, `${method} ${path}`).toBe('course_administration');
    }
    const detail = await read<{ title: string; modules: { lessons: unknown[] }[] }>(await t.json('GET', `/api/courses/${tree.course.id}`));
    expect(detail.title).toBe(tree.course.title);
    expect(detail.modules).toHaveLength(1);
    expect(detail.modules[0]!.lessons).toHaveLength(2);
  });

  it('lets an Educator (or trialing) instructor write, and an admin-flag role on the free plan; a lapsed plan is refused again', async () => {
    const educator = await withPlan('educator', ['INSTRUCTOR']);
    expect((await t.json('POST', '/api/courses', courseBody, educator.token)).status).toBe(201);
    const trialing = await withPlan('educator', ['INSTRUCTOR'], { status: 'trialing' });
    expect((await t.json('POST', '/api/courses', courseBody, trialing.token)).status).toBe(201);
    const instructorAdmin = await withPlan(null, ['INSTRUCTOR_ADMIN']);
    expect((await t.json('POST', '/api/courses', courseBody, instructorAdmin.token)).status).toBe(201);
    const admin = await withPlan(null, ['ADMIN']);
    expect((await t.json('POST', '/api/courses', courseBody, admin.token)).status).toBe(201);
    const lapsed = await withPlan('educator', ['INSTRUCTOR'], { status: 'canceled', periodEnd: new Date(Date.now() - DAY).toISOString() });
    expect((await t.json('POST', '/api/courses', courseBody, lapsed.token)).status).toBe(403);
  });

  it('still answers 401 and the permission 403 before the gate', async () => {
    expect((await t.json('POST', '/api/courses', courseBody)).status).toBe(401);
    const student = await withPlan('royalty');
    const res = await t.json('POST', '/api/courses', courseBody, student.token);
    expect(res.status).toBe(403);
    expect((await read<ErrorBody>(res)).message).toBe('Only instructors and admins can manage courses');
  });
});

describe('Selling in the store (level 10) on a seller’s own resources', () => {
  const draft = { title: 'Tap for tiny feet', description: 'Eight weeks of tap basics for toddlers, with music cues and games.', dance_style: 'Tap', age_group: 'Toddler (2-4)', level: 'Beginner', price: '7.50' };

  it('refuses an approved seller on the free plan: create, edit, submit and files are 403 with the gate; nothing changes', async () => {
    const seller = await makeSeller(t.db, { plan: 'free' });
    const created = await t.json('POST', '/api/resources', draft, seller.token);
    expect(created.status).toBe(403);
    expect(await read(created)).toMatchObject({ message: FEATURES.store_selling.description, feature: 'store_selling', requiredPlan: 'educator' });
    const mine = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    const edit = await t.json('PATCH', `/api/resources/${mine.id}`, { title: 'Changed title here' }, seller.token);
    expect(edit.status).toBe(403);
    expect((await read<{ feature: string }>(edit)).feature).toBe('store_selling');
    expect((await t.json('POST', `/api/resources/${mine.id}/submit`, undefined, seller.token)).status).toBe(403);
    const form = new FormData();
    form.append('files', new File([new Uint8Array([37, 80, 68, 70])], 'plan.pdf', { type: 'application/pdf' }));
    const files = await t.request(`/api/resources/${mine.id}/files`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}` }, body: form });
    expect(files.status).toBe(403);
    const [row] = await t.db.select().from(resources).where(eq(resources.id, mine.id));
    expect(row).toMatchObject({ title: mine.title, status: 'draft' });
    // Somebody else's draft stays a 404 for them, as before the gate.
    const other = await makeResource(t.db, { sellerId: (await makeSeller(t.db)).user.id, status: 'draft' });
    expect((await t.json('PATCH', `/api/resources/${other.id}`, { title: 'Changed title here' }, seller.token)).status).toBe(404);
  });

  it('lets an Educator seller (and a trialing one) create and edit; a cancelled plan past its end stops it', async () => {
    const seller = await makeSeller(t.db);
    const created = await t.json('POST', '/api/resources', draft, seller.token);
    expect(created.status).toBe(201);
    const { id } = await read<{ id: number }>(created);
    expect((await t.json('PATCH', `/api/resources/${id}`, { title: 'Tap for little feet' }, seller.token)).status).toBe(200);
    const trialing = await makeSeller(t.db, { plan: 'free' });
    await givePlan(t.db, trialing.user.id, 'educator', { status: 'trialing' });
    expect((await t.json('POST', '/api/resources', draft, trialing.token)).status).toBe(201);
    await setTierColumns(t.db, seller.user.id, { tier: 'educator', status: 'canceled', expiresAt: new Date(Date.now() - DAY).toISOString() });
    expect((await t.json('PATCH', `/api/resources/${id}`, { title: 'Tap for small feet' }, seller.token)).status).toBe(403);
  });

  it('a curriculum admin edits a seller’s resource without a plan', async () => {
    const seller = await makeSeller(t.db, { plan: 'free' });
    const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    const admin = await withPlan(null, ['CURRICULUM_ADMIN']);
    expect((await t.json('PATCH', `/api/resources/${r.id}`, { title: 'Fixed by the admin' }, admin.token)).status).toBe(200);
  });
});

describe('required_level on courses', () => {
  const base = { title: 'Premium partnering', description: 'Lifts and turns for advanced couples.' };

  it('is set by the course forms (0, 20 or 30 only) and shown in the catalog and the course', async () => {
    const admin = await withPlan(null, ['ADMIN']);
    const created = await t.json('POST', '/api/courses', { ...base, status: 'published', required_level: 20 }, admin.token);
    expect(created.status).toBe(201);
    const course = await read<{ id: number; required_level: number }>(created);
    expect(course.required_level).toBe(20);
    const patched = await t.json('PATCH', `/api/courses/${course.id}`, { required_level: '30' }, admin.token);
    expect((await read<{ required_level: number }>(patched)).required_level).toBe(30);
    const put = await t.json(
      'PUT',
      `/api/courses/${course.id}`,
      { title: 'Premium partnering', short_name: 'PP', description: 'Lifts and turns for advanced couples, step by step.', visible: true, required_level: 0 },
      admin.token,
    );
    expect((await read<{ required_level: number }>(put)).required_level).toBe(0);
    await t.json('PATCH', `/api/courses/${course.id}`, { required_level: 20 }, admin.token);
    const detail = await read<{ required_level: number }>(await t.json('GET', `/api/courses/${course.id}`));
    expect(detail.required_level).toBe(20);
    const list = await read<{ data: { id: number; required_level: number }[] }>(await t.json('GET', `/api/courses?search=${encodeURIComponent('Premium partnering')}`));
    expect(list.data.find((c) => c.id === course.id)?.required_level).toBe(20);
    for (const bad of [10, 25, -1, 'premium', 20.5, null]) {
      const res = await t.json('PATCH', `/api/courses/${course.id}`, { required_level: bad }, admin.token);
      expect(res.status, String(bad)).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors?.required_level).toEqual(['Required plan must be Everyone (0), Premium (20) or Royalty (30)']);
    }
    expect((await read<{ required_level: number }>(await t.json('GET', `/api/courses/${course.id}`))).required_level).toBe(20);
  });

  it('a free premium course: refused to a free user (403, nothing written), open to Premium, Royalty and admins', async () => {
    const course = await createCourse(t.db, { requiredLevel: 20 });
    const free = await withPlan(null);
    const refused = await t.json('POST', '/api/enrollments', { courseId: course.id }, free.token);
    expect(refused.status).toBe(403);
    expect(await read(refused)).toMatchObject({ message: FEATURES.premium_courses.description, feature: 'premium_courses', requiredPlan: 'premium' });
    const mine = await read<unknown[]>(await t.json('GET', '/api/enrollments', undefined, free.token));
    expect(mine).toHaveLength(0);
    const educator = await withPlan('educator');
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, educator.token)).status).toBe(403);
    for (const u of [await withPlan('premium'), await withPlan('royalty'), await withPlan(null, ['ADMIN'])]) {
      expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, u.token)).status).toBe(201);
      expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, u.token)).status).toBe(200);
    }
  });

  it('a Royalty masterclass needs Royalty', async () => {
    const course = await createCourse(t.db, { requiredLevel: 30 });
    const premium = await withPlan('premium');
    const res = await t.json('POST', '/api/enrollments', { courseId: course.id }, premium.token);
    expect(res.status).toBe(403);
    expect(await read(res)).toMatchObject({ feature: 'royalty_masterclasses', requiredPlan: 'royalty', message: FEATURES.royalty_masterclasses.description });
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, (await withPlan('royalty')).token)).status).toBe(201);
  });

  // A plan includes the courses of its level (decision 0063): below it a paid premium course is bought.
  it('a paid premium course: bought below the level (402, then the cart), included at it (enrolled, refused by the cart)', async () => {
    const course = await createCourse(t.db, { requiredLevel: 20, priceCents: 4900 });
    const free = await withPlan(null);
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, free.token)).status).toBe(402);
    expect((await t.json('POST', '/api/cart', { type: 'COURSE', itemId: course.id }, free.token)).status).toBe(200);
    const premium = await withPlan('premium');
    const cart = await t.json('POST', '/api/cart', { type: 'COURSE', itemId: course.id }, premium.token);
    expect(cart.status).toBe(409);
    expect((await read<ErrorBody & { reason: string }>(cart)).reason).toBe('included');
    expect((await t.json('POST', '/api/enrollments', { courseId: course.id }, premium.token)).status).toBe(201);
  });

  it('a guest cannot enrol in a premium course (a new account is free): 403 and no account', async () => {
    const course = await createCourse(t.db, { requiredLevel: 20 });
    const email = `guest.${Date.now()}@test.drx.example`;
    const res = await t.json('POST', '/api/enrollments/guest', { courseId: course.id, first_name: 'Gu', last_name: 'Est', email, password: 'guest-password-1' });
    expect(res.status).toBe(403);
    const again = await t.json('POST', '/api/enrollments/guest', { courseId: (await createCourse(t.db)).id, first_name: 'Gu', last_name: 'Est', email, password: 'guest-password-1' });
    expect(again.status).toBe(201);
  });

  it('learning a premium course needs the plan while learning: enrolled learners lose it when the plan ends; the instructor previews', async () => {
    const instructor = await withPlan('educator', ['INSTRUCTOR']);
    const tree = await createCourseTree(t.db, { requiredLevel: 20, instructorId: instructor.user.id });
    await createModule(t.db, tree.course.id);
    const learner = await withPlan('premium');
    await createEnrollment(t.db, learner.user.id, tree.course.id);
    expect((await t.json('GET', `/api/learn/courses/${tree.course.id}`, undefined, learner.token)).status).toBe(200);
    expect((await t.json('GET', `/api/learn/lessons/${tree.lesson.id}`, undefined, learner.token)).status).toBe(200);
    await setTierColumns(t.db, learner.user.id, { tier: 'premium', status: 'canceled', expiresAt: new Date(Date.now() - DAY).toISOString() });
    for (const path of [`/api/learn/courses/${tree.course.id}`, `/api/learn/lessons/${tree.lesson.id}`, `/api/learn/quizzes/${tree.quiz.id}`]) {
      const res = await t.json('GET', path, undefined, learner.token);
      expect(res.status, path).toBe(403);
    }
    const complete = await t.json('POST', `/api/learn/lessons/${tree.lesson.id}/complete`, undefined, learner.token);
    expect(complete.status).toBe(403);
    expect((await read<{ feature: string }>(complete)).feature).toBe('premium_courses');
    expect((await t.json('GET', `/api/learn/courses/${tree.course.id}`, undefined, instructor.token)).status).toBe(200);
    const notEnrolled = await withPlan('royalty');
    expect((await read<ErrorBody>(await t.json('GET', `/api/learn/courses/${tree.course.id}`, undefined, notEnrolled.token))).message).not.toBe(
      FEATURES.premium_courses.description,
    );
  });
});

describe('an invitation to a premium course', () => {
  it('is accepted only once the learner’s plan reaches the course; until then it stays pending', async () => {
    const instructor = await withPlan('educator', ['INSTRUCTOR']);
    const course = await createCourse(t.db, { requiredLevel: 20, instructorId: instructor.user.id });
    const learner = await withPlan(null);
    const invited = await t.json('POST', `/api/courses/${course.id}/invitations`, { email: learner.user.email }, instructor.token);
    expect(invited.status, await invited.clone().text()).toBe(201);
    const { id } = await read<{ id: number }>(invited);
    const refused = await t.json('POST', `/api/me/invitations/${id}/accept`, undefined, learner.token);
    expect(refused.status).toBe(403);
    expect((await read<{ feature: string }>(refused)).feature).toBe('premium_courses');
    // Still among the learner's pending invitations.
    const pending = await read<{ data: { id: number }[] }>(await t.json('GET', '/api/me/invitations', undefined, learner.token));
    expect(pending.data.map((i) => i.id)).toContain(id);
    await givePlan(t.db, learner.user.id, 'premium');
    expect((await t.json('POST', `/api/me/invitations/${id}/accept`, undefined, learner.token)).status).toBe(200);
  });
});

describe('features not gated by a course are unaffected', () => {
  it('an everyone course is enrolled and learnt on the free plan', async () => {
    const tree = await createCourseTree(t.db);
    const free = await withPlan(null);
    expect((await t.json('POST', '/api/enrollments', { courseId: tree.course.id }, free.token)).status).toBe(201);
    expect((await t.json('GET', `/api/learn/courses/${tree.course.id}`, undefined, free.token)).status).toBe(200);
  });
});

