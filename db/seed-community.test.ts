import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, read, type TestApp } from '../tests/support/test-app.ts';
import { signIn } from '../tests/support/factories.ts';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import { recountCommunityTotals } from '../worker/src/services/community/recount.ts';
import type { CommunityLessonCounts, CommunityWaiting } from '../shared/community.ts';
import { communityMembers, communityPosts, communityReports, communityTotals, lessons, users } from './schema/index.ts';
import { DEMO_COMMUNITY_NEWCOMER, DEMO_COMMUNITY_PROMOTER, DEMO_RESOURCE_QUESTION, DEMO_VIDEO_QUESTION_AT_MS, seedDemoCommunity } from './seed-community.ts';
import { seedDemoData } from './seed.ts';

/** The community's demo (decision 0075), on a freshly seeded demo database. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
}, 120_000);
afterAll(() => t?.close());

const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username}`))[0]!.id;

describe('the community demo', () => {
  it('seeds a lesson thread with an accepted answer, a reply and votes, and a question at a moment of a video lesson', async () => {
    const [question] = await t.db.select().from(communityPosts).where(and(eq(communityPosts.targetKind, 'lesson'), eq(communityPosts.kind, 'question'), sql`${communityPosts.acceptedAnswerId} IS NOT NULL`));
    expect(question).toMatchObject({ status: 'visible', answerCount: 2, authorId: await idOf('student') });
    const [accepted] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, question!.acceptedAnswerId!));
    expect(accepted).toMatchObject({ authorId: await idOf('instructor_admin'), replyCount: 1, voteCount: 2 });
    const [moment] = await t.db.select().from(communityPosts).where(sql`${communityPosts.videoAtMs} IS NOT NULL`);
    expect(moment).toMatchObject({ videoAtMs: DEMO_VIDEO_QUESTION_AT_MS, answerCount: 0, status: 'visible' });
    const [lesson] = await t.db.select({ type: lessons.type }).from(lessons).where(eq(lessons.id, moment!.targetId));
    expect(lesson!.type).toBe('video');

    // The demo learner reads the counts on the course outline.
    const token = await signIn(t.db, await idOf('student'));
    const counts = await read<CommunityLessonCounts>(await t.json('GET', `/api/community/courses/${moment!.courseId}/counts`, undefined, token));
    expect(counts[moment!.targetId]).toEqual({ questions: 1, unanswered: 1 });
    expect(counts[question!.targetId]).toEqual({ questions: 1, unanswered: 0 });
    // The course's instructor sees the unanswered one waiting.
    const instructorToken = await signIn(t.db, await idOf('instructor_admin'));
    const waiting = await read<CommunityWaiting>(await t.json('GET', '/api/community/waiting?scope=teaching', undefined, instructorToken));
    expect(waiting.unanswered).toBeGreaterThanOrEqual(1);
  });

  it("seeds a resource's answered question and a newcomer's first question held for a moderator, and a reported spam answer on the instructor's profile", async () => {
    const resourceQuestions = await t.db.select().from(communityPosts).where(and(eq(communityPosts.targetKind, 'resource'), eq(communityPosts.kind, 'question')));
    expect(resourceQuestions.map((q) => q.status).sort()).toEqual(['pending', 'visible']);
    const held = resourceQuestions.find((q) => q.status === 'pending')!;
    expect(held.title).toBe(DEMO_RESOURCE_QUESTION);
    const newcomer = await idOf(DEMO_COMMUNITY_NEWCOMER);
    expect(held.authorId).toBe(newcomer);
    expect((await t.db.select().from(communityMembers).where(eq(communityMembers.userId, newcomer)))[0]!.approvedPosts).toBe(0);
    const [account] = await t.db.select({ hash: users.passwordHash, email: users.email }).from(users).where(eq(users.id, newcomer));
    expect(account).toEqual({ hash: NO_SIGN_IN_PASSWORD_HASH, email: null });

    const reports = await t.db.select().from(communityReports).where(eq(communityReports.status, 'open'));
    expect(reports).toHaveLength(1);
    const [spam] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, reports[0]!.postId));
    expect(spam).toMatchObject({ targetKind: 'instructor', kind: 'answer', authorId: await idOf(DEMO_COMMUNITY_PROMOTER), status: 'visible' });
  });

  it("the running totals equal a recount, and seeding again writes nothing", async () => {
    const maintained = await t.db.select().from(communityTotals);
    const recount = await t.db.all<{ scope_kind: string; scope_id: number; questions: number; unanswered: number }>(sql`SELECT * FROM (${recountCommunityTotals})`);
    const asMap = (rows: { kind: string; id: number; q: number; u: number }[]) => Object.fromEntries(rows.filter((r) => r.q !== 0 || r.u !== 0).map((r) => [`${r.kind}:${r.id}`, [r.q, r.u]]));
    expect(asMap(maintained.map((r) => ({ kind: r.scopeKind, id: r.scopeId, q: r.questions, u: r.unanswered })))).toEqual(
      asMap(recount.map((r) => ({ kind: r.scope_kind, id: Number(r.scope_id), q: Number(r.questions), u: Number(r.unanswered) }))),
    );
    expect(Object.keys(asMap(maintained.map((r) => ({ kind: r.scopeKind, id: r.scopeId, q: r.questions, u: r.unanswered })))).length).toBeGreaterThanOrEqual(6);
    const before = (await t.db.select({ n: sql<number>`count(*)` }).from(communityPosts))[0]!.n;
    expect(await seedDemoCommunity(t.db)).toEqual({ posts: 0 });
    expect((await t.db.select({ n: sql<number>`count(*)` }).from(communityPosts))[0]!.n).toBe(before);
  });
});
