import { and, eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, enrollments, lessonProgress, lessons, statTotals, users } from '../../../db/schema/index.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { answersFor, buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { InstructorStats } from '../../../shared/dashboards/instructor-stats.ts';
import { rebuildStatTotals, recountInstructorTotals } from '../services/stats/rebuild.ts';

/**
 * GET /api/instructor/stats (decision 0077): the instructor dashboard's figures from running
 * totals kept by triggers — right after every kind of write, equal to a recount, only the courses
 * the person teaches — and its newest enrolments and completions.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function stats(token: string): Promise<InstructorStats> {
  const res = await t.json('GET', '/api/instructor/stats', undefined, token);
  expect(res.status).toBe(200);
  return (await res.json()) as InstructorStats;
}

async function post(path: string, body: unknown, token: string) {
  const res = await t.json('POST', path, body, token);
  expect(res.status, path).toBeLessThan(300);
}

/** A learner completes the course's lessons through the API (the quiz lesson by passing its quiz). */
async function learn(course: BuiltCourse, token: string, lessonCount = course.lessons.length) {
  for (const lesson of course.lessons.slice(0, lessonCount)) {
    if (lesson.type === 'quiz') for (const quiz of lesson.quizzes) await post(`/api/learn/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz) }, token);
    else await post(`/api/learn/lessons/${lesson.id}/complete`, {}, token);
  }
}

type Figure = { metric: string; value: number };
const MINE = or(like(statTotals.metric, 'instructor.learners:%'), like(statTotals.metric, 'course.completions:%'), like(statTotals.metric, 'course.lessons_done:%'));

/** The kept figures equal their recount from the enrolments and the lessons completed (zeros left out). */
async function expectRecounted() {
  const kept = await t.db.select({ metric: statTotals.metric, value: statTotals.value }).from(statTotals).where(and(MINE, sql`${statTotals.value} <> 0`));
  const recounted = await t.db.all<Figure>(sql`SELECT metric, value FROM (${recountInstructorTotals}) WHERE value <> 0`);
  const asMap = (rows: Figure[]) => Object.fromEntries(rows.map((r) => [r.metric, Number(r.value)]));
  expect(asMap(kept)).toEqual(asMap(recounted));
  const copies = await t.db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM enrollments e WHERE e.instructor_id IS NOT (SELECT c.instructor_id FROM courses c WHERE c.id = e.course_id)`,
  );
  expect(Number(copies[0]!.n)).toBe(0);
}

describe('who may read', () => {
  it('answers 401 without a session and 403 to someone who teaches no course', async () => {
    expect((await t.json('GET', '/api/instructor/stats')).status).toBe(401);
    const student = await createSignedInUser(t.db);
    const res = await t.json('GET', '/api/instructor/stats', undefined, student.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Only instructors and admins can manage courses' });
  });

  it("gives an admin the figures of the courses they teach themselves, none of other instructors'", async () => {
    const teacher = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    const course = await buildCourse(t.db, { instructorId: teacher.id });
    await createEnrollment(t.db, (await createUser(t.db)).id, course.id);
    const admin = await createAdmin(t.db);
    const body = await stats(await signIn(t.db, admin.id));
    expect(body).toMatchObject({ courses: 0, enrollments: 0, learners: 0, completions: 0, average_progress: 0, per_course: [], recent_enrollments: [] });
  });
});

describe('the figures follow every write', () => {
  let instructor: FactoryUser;
  let token: string;
  let first: BuiltCourse;
  let second: BuiltCourse;
  let draft: BuiltCourse;

  beforeAll(async () => {
    instructor = await createUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Ines', lastName: 'Teach' });
    token = await signIn(t.db, instructor.id);
    // Two lessons each: a text lesson and a quiz lesson.
    first = await buildCourse(t.db, { instructorId: instructor.id, title: 'First steps' });
    second = await buildCourse(t.db, { instructorId: instructor.id, title: 'Second steps' });
    draft = await buildCourse(t.db, { instructorId: instructor.id, status: 'draft', modules: [{ lessons: [] }] });
  });

  it('starts at zero, counting the courses by status', async () => {
    expect(await stats(token)).toEqual({
      courses: 3,
      published: 2,
      drafts: 1,
      enrollments: 0,
      learners: 0,
      completions: 0,
      average_progress: 0,
      per_course: [first, second, draft].map((c) => ({ id: c.id, enrollments: 0, completions: 0 })),
      recent_enrollments: [],
      recent_completions: [],
    });
  });

  it('counts enrolments, each learner once, progress and completions as learners enrol and learn', async () => {
    const ana = await createSignedInUser(t.db, { firstName: 'Ana', lastName: 'Lima' });
    const ben = await createSignedInUser(t.db, { username: 'ben_dancer' });
    await post('/api/enrollments', { courseId: first.id }, ana.token);
    await post('/api/enrollments', { courseId: second.id }, ana.token);
    await post('/api/enrollments', { courseId: first.id }, ben.token);
    let body = await stats(token);
    expect(body).toMatchObject({ enrollments: 3, learners: 2, completions: 0, average_progress: 0 });
    expect(body.recent_enrollments.map((e) => [e.user.username, e.course.title, e.progress_percent])).toEqual([
      [ben.user.username, 'First steps', 0],
      [ana.user.username, 'Second steps', 0],
      [ana.user.username, 'First steps', 0],
    ]);

    // Ana does half of the first course (1 of 2 lessons), Ben all of it (his completion is stamped).
    await learn(first, ana.token, 1);
    await learn(first, ben.token);
    body = await stats(token);
    // (50 + 0 + 100) / 3 enrolments
    expect(body).toMatchObject({ enrollments: 3, learners: 2, completions: 1, average_progress: 50 });
    expect(body.per_course).toEqual([
      { id: first.id, enrollments: 2, completions: 1 },
      { id: second.id, enrollments: 1, completions: 0 },
      { id: draft.id, enrollments: 0, completions: 0 },
    ]);
    expect(body.recent_enrollments.find((e) => e.user.id === ana.user.id && e.course.id === first.id)?.progress_percent).toBe(50);
    expect(body.recent_completions).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: ben.user.id }), course: { id: first.id, title: 'First steps' } })]);
    await expectRecounted();

    // A lesson added to the first course: everyone's share of it shrinks (ana 1/3, ben 2/3).
    await t.db.insert(lessons).values({ moduleId: first.modules[0]!.id, title: 'Third lesson', description: 'One more lesson to learn.', content: 'More', position: 9 });
    expect((await stats(token)).average_progress).toBe(Math.round((100 / 3 + 200 / 3 + 0) / 3));

    // Ana leaves the first course (the instructor removes her): her enrolment and progress there go.
    const [anaFirst] = await t.db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.userId, ana.user.id), eq(enrollments.courseId, first.id)));
    expect((await t.json('DELETE', `/api/enrollments/${anaFirst!.id}`, undefined, token)).status).toBe(200);
    body = await stats(token);
    expect(body).toMatchObject({ enrollments: 2, learners: 2, completions: 1, average_progress: Math.round((200 / 3 + 0) / 2) });
    await expectRecounted();

    // Enrolling again resumes: her kept progress counts again.
    await post('/api/enrollments', { courseId: first.id }, ana.token);
    expect((await stats(token)).average_progress).toBe(Math.round((100 / 3 + 200 / 3 + 0) / 3));
    await expectRecounted();
  });

  it("leaves another instructor's courses out, and follows a course given to someone else", async () => {
    const other = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    const otherToken = await signIn(t.db, other.id);
    const theirs = await buildCourse(t.db, { instructorId: other.id, title: 'Their course' });
    const cleo = await createSignedInUser(t.db);
    await post('/api/enrollments', { courseId: theirs.id }, cleo.token);
    await learn(theirs, cleo.token);
    const before = await stats(token);
    expect(before.recent_enrollments.some((e) => e.course.id === theirs.id)).toBe(false);
    expect(await stats(otherToken)).toMatchObject({ courses: 1, enrollments: 1, learners: 1, completions: 1, average_progress: 100 });

    // The first course moves to the other instructor: its enrolments, learners and completions with it.
    await t.db.update(courses).set({ instructorId: other.id }).where(eq(courses.id, first.id));
    const mine = await stats(token);
    expect(mine).toMatchObject({ courses: 2, enrollments: 1, learners: 1, completions: 0 });
    expect(mine.recent_enrollments.map((e) => e.course.id)).toEqual([second.id]);
    expect(mine.recent_completions).toEqual([]);
    expect(await stats(otherToken)).toMatchObject({ courses: 2, enrollments: 3, learners: 3, completions: 2 });
    await expectRecounted();
    await t.db.update(courses).set({ instructorId: instructor.id }).where(eq(courses.id, first.id));
    await expectRecounted();
  });

  it('takes a deleted course and a deleted learner out, with their progress', async () => {
    const dora = await createSignedInUser(t.db);
    await post('/api/enrollments', { courseId: second.id }, dora.token);
    await learn(second, dora.token);
    const before = await stats(token);
    await t.db.delete(courses).where(eq(courses.id, draft.id));
    expect(await stats(token)).toMatchObject({ courses: 2, drafts: 0, enrollments: before.enrollments, completions: before.completions });

    // A learner's account deleted (their enrolments and progress cascade).
    await t.db.delete(users).where(eq(users.id, dora.user.id));
    const after = await stats(token);
    expect(after).toMatchObject({ enrollments: before.enrollments - 1, learners: before.learners - 1, completions: before.completions - 1 });
    await expectRecounted();

    // A course with learners deleted outright (the cascade of its enrolments and progress).
    await t.db.delete(courses).where(eq(courses.id, second.id));
    expect(await stats(token)).toMatchObject({ courses: 1 });
    await expectRecounted();
    expect(await t.db.select().from(lessonProgress).where(eq(lessonProgress.courseId, second.id))).toEqual([]);
  });

  it('lists the newest eight enrolments only, newest first', async () => {
    const course = await buildCourse(t.db, { instructorId: instructor.id });
    const learners = [];
    for (let i = 0; i < 10; i++) learners.push(await createUser(t.db));
    for (const [i, learner] of learners.entries()) {
      await t.db.insert(enrollments).values({ userId: learner.id, courseId: course.id, source: 'admin', createdAt: `2030-01-01T00:00:${String(i).padStart(2, '0')}.000Z` });
    }
    const body = await stats(token);
    expect(body.recent_enrollments.map((e) => e.user.id)).toEqual(learners.slice(2).reverse().map((l) => l.id));
    await expectRecounted();
  });

  it('is put right by db:rebuild-derived after data written around the triggers', async () => {
    const right = await stats(token);
    await t.db.update(statTotals).set({ value: 999 }).where(MINE);
    expect((await stats(token)).learners).toBe(999);
    // An enrolment's instructor copy written with its trigger set aside (as a bulk import would).
    const [trigger] = await t.db.all<{ sql: string }>(sql`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'enrollments_instructor_update'`);
    await t.db.run(sql`DROP TRIGGER enrollments_instructor_update`);
    await t.db.update(enrollments).set({ instructorId: null }).where(eq(enrollments.courseId, first.id));
    await t.db.run(sql.raw(trigger!.sql));
    await rebuildStatTotals(t.db);
    expect(await stats(token)).toEqual(right);
    await expectRecounted();
  });
});
