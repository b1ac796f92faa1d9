import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts } from '../../db/schema/index.ts';
import { createCourse, createEnrollment, createLesson, createModule } from '../support/course-factories.ts';
import { createSignedInUser, signIn } from '../support/factories.ts';
import { planReport, statementsOf } from '../support/query-plans.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { createTestApp, read, type TestApp } from '../support/test-app.ts';
import type { CommunityLessonCounts, CommunityWaiting } from '../../shared/community.ts';

/**
 * The community's totals as the outline and the dashboards read them (decision 0075): a course's
 * counts per lesson for its readers only, and "N questions wait for an answer" over the reader's
 * own pages — both from community_totals, never the posts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Post = typeof communityPosts.$inferInsert;
const insert = async (values: Post) => (await t.db.insert(communityPosts).values(values).returning())[0]!;

async function taughtCourse() {
  const instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
  const course = await createCourse(t.db, { instructorId: instructor.user.id });
  const module = await createModule(t.db, course.id);
  const first = await createLesson(t.db, module.id);
  const second = await createLesson(t.db, module.id);
  const learner = await createSignedInUser(t.db);
  await createEnrollment(t.db, learner.user.id, course.id);
  const ask = (lessonId: number, title = 'A question about this lesson') =>
    insert({ kind: 'question', targetKind: 'lesson', targetId: lessonId, courseId: course.id, authorId: learner.user.id, title, body: 'Why?' });
  return { instructor, course, module, first, second, learner, ask };
}

describe('GET /api/community/courses/{id}/counts', () => {
  it("answers each lesson's visible questions and unanswered ones to its learners and its instructor", async () => {
    const { instructor, course, first, second, learner, ask } = await taughtCourse();
    const q1 = await ask(first.id);
    await ask(first.id);
    await ask(second.id);
    await insert({ kind: 'question', targetKind: 'lesson', targetId: second.id, courseId: course.id, authorId: learner.user.id, title: 'Held for a moderator', body: 'x', status: 'pending' });
    await insert({ kind: 'answer', targetKind: 'lesson', targetId: first.id, courseId: course.id, questionId: q1.id, authorId: instructor.user.id, body: 'Because.' });
    for (const token of [learner.token, instructor.token]) {
      const counts = await read<CommunityLessonCounts>(await t.json('GET', `/api/community/courses/${course.id}/counts`, undefined, token));
      expect(counts).toEqual({ [first.id]: { questions: 2, unanswered: 1 }, [second.id]: { questions: 1, unanswered: 1 } });
    }
  });

  it('a lesson without questions counts zero; a moderator reads any course', async () => {
    const { course, first, second } = await taughtCourse();
    const moderator = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const counts = await read<CommunityLessonCounts>(await t.json('GET', `/api/community/courses/${course.id}/counts`, undefined, moderator.token));
    expect(counts).toEqual({ [first.id]: { questions: 0, unanswered: 0 }, [second.id]: { questions: 0, unanswered: 0 } });
  });

  it('signed out 401, a member who may not open the lessons 403, an unknown course 404, a malformed id 400', async () => {
    const { course } = await taughtCourse();
    const stranger = await createSignedInUser(t.db);
    expect((await t.json('GET', `/api/community/courses/${course.id}/counts`)).status).toBe(401);
    const refused = await t.json('GET', `/api/community/courses/${course.id}/counts`, undefined, stranger.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message.length).toBeGreaterThan(0);
    expect((await t.json('GET', '/api/community/courses/99999999/counts', undefined, stranger.token)).status).toBe(404);
    for (const id of ['abc', '-1', '0', '1e99', '99999999999999999999']) {
      const bad = await t.json('GET', `/api/community/courses/${id}/counts`, undefined, stranger.token);
      expect(bad.status, id).toBe(400);
    }
  });
});

describe('GET /api/community/waiting', () => {
  it("sums the unanswered questions of the courses one teaches and of one's profile, and links to the page with the most", async () => {
    const { instructor, course, first, second, ask } = await taughtCourse();
    const answered = await ask(first.id);
    await ask(first.id);
    await ask(second.id);
    await insert({ kind: 'answer', targetKind: 'lesson', targetId: first.id, courseId: course.id, questionId: answered.id, authorId: instructor.user.id, body: 'Done.' });
    await insert({ kind: 'question', targetKind: 'instructor', targetId: instructor.user.id, title: 'Do you teach adults?', body: '?', authorId: null });
    const waiting = await read<CommunityWaiting>(await t.json('GET', '/api/community/waiting?scope=teaching', undefined, instructor.token));
    expect(waiting).toEqual({ unanswered: 3, url: `/learn/courses/${course.id}/questions?sort=unanswered` });
    // Their store has nothing waiting.
    expect(await read<CommunityWaiting>(await t.json('GET', '/api/community/waiting?scope=selling', undefined, instructor.token))).toMatchObject({ unanswered: 0 });
  });

  it("a seller's line sums their resources and links to the resource with the most; all is both", async () => {
    const seller = await createSeller(t.db);
    const quiet = await createResource(t.db, seller.user.id, { status: 'published' });
    const busy = await createResource(t.db, seller.user.id, { status: 'published' });
    const asker = await createSignedInUser(t.db);
    const ask = (resourceId: number) => insert({ kind: 'question', targetKind: 'resource', targetId: resourceId, authorId: asker.user.id, title: 'Does it come with music?', body: '?' });
    await ask(quiet.id);
    await ask(busy.id);
    await ask(busy.id);
    const token = await signIn(t.db, seller.user.id);
    expect(await read<CommunityWaiting>(await t.json('GET', '/api/community/waiting?scope=selling', undefined, token))).toEqual({ unanswered: 3, url: `/curriculum/${busy.id}#questions` });
    expect(await read<CommunityWaiting>(await t.json('GET', '/api/community/waiting', undefined, token))).toMatchObject({ unanswered: 3 });
    // A hidden question stops waiting.
    const [hidden] = await t.db.select().from(communityPosts).where(and(eq(communityPosts.targetKind, 'resource'), eq(communityPosts.targetId, quiet.id)));
    await t.db.update(communityPosts).set({ status: 'hidden' }).where(eq(communityPosts.id, hidden!.id));
    expect(await read<CommunityWaiting>(await t.json('GET', '/api/community/waiting?scope=selling', undefined, token))).toMatchObject({ unanswered: 2 });
  });

  it('a member with no pages has nothing waiting; signed out 401; an unknown scope 400 with the field', async () => {
    const member = await createSignedInUser(t.db);
    expect(await read<CommunityWaiting>(await t.json('GET', '/api/community/waiting', undefined, member.token))).toEqual({ unanswered: 0, url: '/instructor/dashboard' });
    expect((await t.json('GET', '/api/community/waiting')).status).toBe(401);
    const bad = await t.json('GET', '/api/community/waiting?scope=everything', undefined, member.token);
    expect(bad.status).toBe(400);
    const error = (await bad.json()) as { message: string; validationErrors?: Record<string, string[]> };
    expect(error.validationErrors?.scope).toEqual(['Choose teaching, selling or all.']);
  });
});

describe('query plans', () => {
  async function planned(path: string, token: string) {
    let status = 0;
    const statements = await statementsOf(t.client, async () => {
      status = (await t.json('GET', path, undefined, token)).status;
    });
    expect(status, path).toBe(200);
    return { statements, report: await planReport(t.client, statements) };
  }

  it('the counts and the waiting line read by index and key only, a fixed number of statements', async () => {
    const { instructor, course, first, ask } = await taughtCourse();
    await ask(first.id);
    const seller = await createSeller(t.db);
    await createResource(t.db, seller.user.id, { status: 'published' });
    for (const [path, token] of [
      [`/api/community/courses/${course.id}/counts`, instructor.token],
      ['/api/community/waiting', instructor.token],
      ['/api/community/waiting?scope=selling', seller.token],
    ] as const) {
      const { statements, report } = await planned(path, token);
      expect(report.filter((r) => r.problems.length > 0), path).toEqual([]);
      expect(statements.length, path).toBeLessThanOrEqual(8);
    }
  });
});
