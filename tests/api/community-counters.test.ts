import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, communityTotals, communityVotes } from '../../db/schema/community.ts';
import { courses } from '../../db/schema/index.ts';
import { rebuildCommunityCounters, recountCommunityTotals, recountPostCounters } from '../../worker/src/services/community/recount.ts';
import { createCourse, createLesson, createModule } from '../support/course-factories.ts';
import { createUser } from '../support/factories.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The community's counters (migration 0043): whatever writes the posts and votes — inserts,
 * status changes, deletes, a cascade — the answer, reply and vote counts, a question's last
 * activity and community_totals equal a recount from the rows, and the rebuild puts drift right.
 */

let t: TestApp;
afterAll(() => t.close());

type Post = typeof communityPosts.$inferInsert;
const insert = async (values: Post) => (await t.db.insert(communityPosts).values(values).returning())[0]!;
const setStatus = (id: number, status: 'visible' | 'pending' | 'hidden' | 'deleted') =>
  t.db.update(communityPosts).set({ status }).where(eq(communityPosts.id, id));

async function maintainedTotals() {
  const rows = await t.db.select().from(communityTotals);
  return Object.fromEntries(rows.filter((r) => r.questions !== 0 || r.unanswered !== 0).map((r) => [`${r.scopeKind}:${r.scopeId}`, [r.questions, r.unanswered]]));
}
async function recountedTotals() {
  const rows = await t.db.all<{ scope_kind: string; scope_id: number; questions: number; unanswered: number }>(sql`SELECT * FROM (${recountCommunityTotals})`);
  return Object.fromEntries(rows.map((r) => [`${r.scope_kind}:${r.scope_id}`, [Number(r.questions), Number(r.unanswered)]]));
}
async function driftedPosts() {
  const { answerCount, replyCount, voteCount } = recountPostCounters;
  return t.db
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(sql`${communityPosts.answerCount} <> ${answerCount} OR ${communityPosts.replyCount} <> ${replyCount} OR ${communityPosts.voteCount} <> ${voteCount}`);
}
const total = async (kind: 'lesson' | 'course' | 'resource' | 'seller' | 'instructor', id: number) => {
  const [row] = await t.db.select().from(communityTotals).where(and(eq(communityTotals.scopeKind, kind), eq(communityTotals.scopeId, id)));
  return row ? [row.questions, row.unanswered] : [0, 0];
};

let lessonA: number, lessonB: number, courseId: number, resourceId: number, sellerId: number, instructorId: number;
let asker: number, helper: number, voter: number;

beforeAll(async () => {
  t = await createTestApp();
  const course = await createCourse(t.db, { status: 'published' });
  const module = await createModule(t.db, course.id);
  courseId = course.id;
  lessonA = (await createLesson(t.db, module.id)).id;
  lessonB = (await createLesson(t.db, module.id)).id;
  const seller = await createSeller(t.db);
  sellerId = seller.user.id;
  resourceId = (await createResource(t.db, sellerId, { status: 'published' })).id;
  [asker, helper, voter, instructorId] = (await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db, { roles: ['INSTRUCTOR'] })])).map((u) => u.id);
});

describe('community counters', () => {
  it('counts a visible question on each of its scopes, and its first visible answer takes it off unanswered', async () => {
    const q = await insert({ kind: 'question', targetKind: 'lesson', targetId: lessonA, courseId, authorId: asker, title: 'How do I turn?', body: 'Help' });
    expect(await total('lesson', lessonA)).toEqual([1, 1]);
    expect(await total('course', courseId)).toEqual([1, 1]);

    const a = await insert({ kind: 'answer', targetKind: 'lesson', targetId: lessonA, courseId, questionId: q.id, authorId: helper, body: 'Spot.', createdAt: '2030-01-01T00:00:00.000Z' });
    const [after] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, q.id));
    expect(after!.answerCount).toBe(1);
    expect(after!.lastActivityAt).toBe('2030-01-01T00:00:00.000Z');
    expect(await total('lesson', lessonA)).toEqual([1, 0]);
    expect(await total('course', courseId)).toEqual([1, 0]);

    // Hiding the only answer puts the question back among the unanswered; restoring it takes it off.
    await setStatus(a.id, 'hidden');
    expect(await total('course', courseId)).toEqual([1, 1]);
    await setStatus(a.id, 'visible');
    expect(await total('course', courseId)).toEqual([1, 0]);
    // Hiding the question takes it off every count.
    await setStatus(q.id, 'hidden');
    expect(await total('lesson', lessonA)).toEqual([0, 0]);
    await setStatus(q.id, 'visible');
    expect(await total('lesson', lessonA)).toEqual([1, 0]);
  });

  it('counts a pending question only once it is approved, and a resource question on its seller too', async () => {
    const q = await insert({ kind: 'question', targetKind: 'resource', targetId: resourceId, authorId: asker, title: 'Which ages?', body: 'For 4-year-olds?', status: 'pending' });
    expect(await total('resource', resourceId)).toEqual([0, 0]);
    await setStatus(q.id, 'visible');
    expect(await total('resource', resourceId)).toEqual([1, 1]);
    expect(await total('seller', sellerId)).toEqual([1, 1]);
    await t.db.delete(communityPosts).where(eq(communityPosts.id, q.id));
    expect(await total('seller', sellerId)).toEqual([0, 0]);
  });

  it('keeps replies, votes and every total equal to a recount through a mixed history, and the rebuild mends drift', async () => {
    const q = await insert({ kind: 'question', targetKind: 'instructor', targetId: instructorId, authorId: asker, title: 'Private lessons?', body: 'Do you teach online?' });
    const a1 = await insert({ kind: 'answer', targetKind: 'instructor', targetId: instructorId, questionId: q.id, authorId: instructorId, body: 'Yes.' });
    const a2 = await insert({ kind: 'answer', targetKind: 'instructor', targetId: instructorId, questionId: q.id, authorId: helper, body: 'Pending', status: 'pending' });
    const r1 = await insert({ kind: 'reply', targetKind: 'instructor', targetId: instructorId, questionId: q.id, parentId: a1.id, authorId: asker, body: 'Thanks' });
    await insert({ kind: 'reply', targetKind: 'instructor', targetId: instructorId, questionId: q.id, parentId: a1.id, authorId: helper, body: 'Held', status: 'pending' });
    await t.db.insert(communityVotes).values([
      { postId: a1.id, userId: asker },
      { postId: a1.id, userId: voter },
      { postId: q.id, userId: voter },
    ]);
    await t.db.delete(communityVotes).where(and(eq(communityVotes.postId, a1.id), eq(communityVotes.userId, asker)));
    await setStatus(r1.id, 'deleted');
    await setStatus(a2.id, 'visible');
    const q2 = await insert({ kind: 'question', targetKind: 'lesson', targetId: lessonB, courseId, authorId: helper, title: 'Music?', body: 'Which track?' });
    await insert({ kind: 'answer', targetKind: 'lesson', targetId: lessonB, courseId, questionId: q2.id, authorId: asker, body: 'Deleted', status: 'deleted' });

    const [a1Row] = await t.db.select().from(communityPosts).where(eq(communityPosts.id, a1.id));
    expect(a1Row!.voteCount).toBe(1);
    expect(a1Row!.replyCount).toBe(0);
    expect(await driftedPosts()).toEqual([]);
    expect(await maintainedTotals()).toEqual(await recountedTotals());
    expect(await total('instructor', instructorId)).toEqual([1, 0]);

    // A course deleted takes its lessons' questions with it, and its totals come off.
    const doomed = await createCourse(t.db);
    const doomedLesson = await createLesson(t.db, (await createModule(t.db, doomed.id)).id);
    await insert({ kind: 'question', targetKind: 'lesson', targetId: doomedLesson.id, courseId: doomed.id, authorId: asker, title: 'Gone soon', body: 'x' });
    expect(await total('course', doomed.id)).toEqual([1, 1]);
    await t.db.delete(courses).where(eq(courses.id, doomed.id));
    expect(await total('course', doomed.id)).toEqual([0, 0]);
    expect(await maintainedTotals()).toEqual(await recountedTotals());

    // Drift written around the triggers is mended by the rebuild.
    await t.db.update(communityTotals).set({ questions: 99 }).where(eq(communityTotals.scopeKind, 'course'));
    await t.db.run(sql`UPDATE community_posts SET vote_count = 7 WHERE id = ${q.id}`);
    await rebuildCommunityCounters(t.db);
    expect(await driftedPosts()).toEqual([]);
    expect(await maintainedTotals()).toEqual(await recountedTotals());
  });
});
