import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, communityVotes } from '../../db/schema/community.ts';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, type CommunityPostView, type CommunityQuestionPage, type CommunityQuestionView, type CommunityThreadView } from '../../shared/community.ts';
import { createCommunityCast, postRow, type CommunityCast } from '../support/community-factories.ts';
import { createLesson } from '../support/course-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Reading the community and its votes (decision 0075): a page's questions by each sort with keyset
 * pages, who may read a lesson's, a thread's order (accepted, then votes, then oldest), votes
 * counted once, accepting, and a course's search.
 */

let t: TestApp;
let cast: CommunityCast;
afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCommunityCast(t.db);
});

type Post = typeof communityPosts.$inferInsert;
const insert = async (values: Omit<Post, 'targetKind' | 'targetId'> & Partial<Post>) =>
  (await t.db.insert(communityPosts).values({ targetKind: 'lesson', targetId: cast.lesson.id, courseId: cast.course.id, ...values }).returning())[0]!;
const question = (title: string, extra: Partial<Post> = {}) => insert({ kind: 'question', authorId: cast.learner.user.id, title, body: `${title} body`, ...extra });
const answer = (questionId: number, extra: Partial<Post> = {}) => insert({ kind: 'answer', questionId, authorId: cast.otherLearner.user.id, body: 'An answer', ...extra });
async function get<T = unknown>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await t.json('GET', path, undefined, token);
  return { status: res.status, body: await read<T>(res) };
}

describe('a page’s questions', () => {
  let lessonId: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    lessonId = (await createLesson(t.db, cast.module.id, { title: 'Sorting lesson' })).id;
    for (const [name, votes, answers] of [['a', 3, 1], ['b', 0, 0], ['c', 5, 2], ['d', 3, 0], ['e', 1, 0]] as const) {
      const q = await question(`Question ${name} about the lesson`, { targetId: lessonId });
      ids[name] = q.id;
      for (let i = 0; i < answers; i++) await answer(q.id, { targetId: lessonId });
      await t.db.update(communityPosts).set({ voteCount: votes }).where(eq(communityPosts.id, q.id));
    }
    ids.hidden = (await question('A hidden question here', { targetId: lessonId, status: 'hidden', authorId: cast.otherLearner.user.id })).id;
  });
  const list = (sort: string, cursor?: string, token = cast.learner.token) =>
    get<CommunityQuestionPage>(`/api/community/questions?target_kind=lesson&target_id=${lessonId}&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`, token);

  it('sorts by newest, most helpful and unanswered, with the running totals', async () => {
    const newest = await list('newest');
    expect(newest.status).toBe(200);
    expect(newest.body.data.map((q) => q.id)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
    expect(newest.body.counts).toEqual({ questions: 5, unanswered: 3 });
    expect(newest.body).toMatchObject({ can_ask: true, ask_refusal: null, next: null });
    expect((await list('helpful')).body.data.map((q) => q.id)).toEqual([ids.c, ids.d, ids.a, ids.e, ids.b]);
    expect((await list('unanswered')).body.data.map((q) => q.id)).toEqual([ids.e, ids.d, ids.b]);
    // Its author (and the page's owner) sees the hidden question first; others never do.
    expect((await list('newest', undefined, cast.otherLearner.token)).body.data.map((q) => [q.id, q.status])[0]).toEqual([ids.hidden, 'hidden']);
    expect((await list('newest', undefined, cast.instructor.token)).body.data[0]).toMatchObject({ id: ids.hidden, title: 'A hidden question here', can: { hide: true } });
  });

  it('reads deep pages by keyset without losing or repeating a question', async () => {
    const many = await createLesson(t.db, cast.module.id, { title: 'A busy lesson' });
    const made: number[] = [];
    for (let i = 0; i < COMMUNITY_LIMITS.pageSize * 2 + 3; i++) made.push((await question(`Busy question ${i}`, { targetId: many.id, voteCount: i % 4 })).id);
    for (const sort of ['newest', 'helpful']) {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await get<CommunityQuestionPage>(`/api/community/questions?target_kind=lesson&target_id=${many.id}&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`, cast.learner.token);
        seen.push(...page.body.data.map((q) => q.id));
        cursor = page.body.next ?? undefined;
      } while (cursor);
      expect(seen.toSorted((x, y) => x - y), sort).toEqual(made);
    }
    expect((await get<ErrorBody>(`/api/community/questions?target_kind=lesson&target_id=${many.id}&cursor=not-a-cursor!`, cast.learner.token)).status).toBe(400);
    expect((await get<ErrorBody>(`/api/community/questions?target_kind=lesson&target_id=${many.id}&sort=loudest`, cast.learner.token)).status).toBe(400);
  });

  it('shows a lesson’s questions only to its readers, and a public page’s to visitors', async () => {
    expect((await list('newest', undefined, cast.instructor.token)).status).toBe(200);
    expect((await list('newest', undefined, cast.moderator.token)).status).toBe(200);
    const outsider = await list('newest', undefined, cast.member.token);
    expect(outsider.status).toBe(403);
    expect((outsider.body as unknown as ErrorBody).message).toBe(COMMUNITY_MESSAGES.LESSON_NEEDS_ENROLMENT);
    expect((await get(`/api/community/questions?target_kind=lesson&target_id=${lessonId}`)).status).toBe(403);

    const visitor = await get<CommunityQuestionPage>(`/api/community/questions?target_kind=resource&target_id=${cast.resource.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ can_ask: false, ask_refusal: COMMUNITY_MESSAGES.SIGN_IN_TO_POST });
    expect((await get(`/api/community/questions?target_kind=resource&target_id=999999`)).status).toBe(404);
  });
});

describe('a thread', () => {
  it('orders the answers: the accepted one, then by votes, older first among equals, and pages the rest', async () => {
    const q = await question('Which shoes for turns?');
    const [old, popular, accepted, later] = [await answer(q.id), await answer(q.id, { voteCount: 4 }), await answer(q.id), await answer(q.id)];
    await t.db.update(communityPosts).set({ acceptedAnswerId: accepted.id }).where(eq(communityPosts.id, q.id));
    const thread = await get<CommunityThreadView>(`/api/community/questions/${q.id}`, cast.learner.token);
    expect(thread.status).toBe(200);
    expect(thread.body.answers.map((a) => [a.id, a.accepted])).toEqual([
      [accepted.id, true],
      [popular.id, false],
      [old.id, false],
      [later.id, false],
    ]);
    expect(thread.body.target).toMatchObject({ kind: 'lesson', id: cast.lesson.id, title: 'Pliés in first position', url: `/courses/${cast.course.id}/modules/${cast.module.id}/lessons/${cast.lesson.id}` });
    expect(thread.body.can_answer).toBe(true);
    expect(thread.body.question.can_accept).toBe(true);

    const deep = await question('A very popular question');
    for (let i = 0; i < COMMUNITY_LIMITS.pageSize + 5; i++) await answer(deep.id, { voteCount: i % 3 });
    const first = await get<CommunityThreadView>(`/api/community/questions/${deep.id}`, cast.learner.token);
    const second = await get<CommunityThreadView>(`/api/community/questions/${deep.id}?cursor=${first.body.next}`, cast.learner.token);
    const all = [...first.body.answers, ...second.body.answers];
    expect(new Set(all.map((a) => a.id)).size).toBe(COMMUNITY_LIMITS.pageSize + 5);
    expect(all.map((a) => a.vote_count)).toEqual(all.map((a) => a.vote_count).toSorted((x, y) => y - x));
    expect(second.body.next).toBeNull();
  });

  it('carries the first replies under each answer and reads the rest by keyset', async () => {
    const q = await question('Long discussion here');
    const a = await answer(q.id);
    for (let i = 0; i < 8; i++) await insert({ kind: 'reply', questionId: q.id, parentId: a.id, authorId: cast.learner.user.id, body: `Reply ${i}` });
    const thread = await get<CommunityThreadView>(`/api/community/questions/${q.id}`, cast.learner.token);
    expect(thread.body.answers[0]!.reply_count).toBe(8);
    expect(thread.body.answers[0]!.replies.map((r) => r.body)).toEqual(['Reply 0', 'Reply 1', 'Reply 2', 'Reply 3', 'Reply 4']);
    const replies = await get<{ data: CommunityPostView[]; next: string | null }>(`/api/community/posts/${a.id}/replies`, cast.learner.token);
    expect(replies.body.data).toHaveLength(8);
    expect((await get(`/api/community/posts/${a.id}/replies`, cast.member.token)).status).toBe(404);
  });

  it('shows a hidden reply in the thread to the page’s owner (who may restore it), not to other readers', async () => {
    const q = await question('A thread with a hidden reply');
    const a = await answer(q.id);
    const hidden = await insert({ kind: 'reply', questionId: q.id, parentId: a.id, authorId: cast.otherLearner.user.id, body: 'Hidden reply', status: 'hidden' });
    const ownerView = await get<CommunityThreadView>(`/api/community/questions/${q.id}`, cast.instructor.token);
    expect(ownerView.body.answers[0]!.replies).toEqual([expect.objectContaining({ id: hidden.id, status: 'hidden', can: expect.objectContaining({ hide: true }) })]);
    const readerView = await get<CommunityThreadView>(`/api/community/questions/${q.id}`, cast.learner.token);
    expect(readerView.body.answers[0]!.replies).toEqual([]);
  });

  it('is not found for a held question of another member, or one past its page’s readers', async () => {
    const held = await question('A held question', { status: 'pending' });
    expect((await get(`/api/community/questions/${held.id}`, cast.otherLearner.token)).status).toBe(404);
    expect((await get(`/api/community/questions/${held.id}`, cast.learner.token)).status).toBe(200);
    expect((await get(`/api/community/questions/${held.id}`, cast.moderator.token)).status).toBe(200);
    const open = await question('An open question');
    expect((await get(`/api/community/questions/${open.id}`, cast.member.token)).status).toBe(404);
    expect((await get(`/api/community/questions/abc`)).status).toBe(400);
  });
});

describe('votes and the accepted answer', () => {
  it('counts a vote once however often (or at once) it is given, refuses one’s own post, and takes it back', async () => {
    const q = await question('Vote on this question');
    const votes = await Promise.all(Array.from({ length: 4 }, () => t.json('PUT', `/api/community/posts/${q.id}/vote`, undefined, cast.otherLearner.token)));
    expect(votes.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await read(votes[0]!)).toEqual({ voted: true, vote_count: 1 });
    expect((await postRow(t.db, q.id)).voteCount).toBe(1);
    expect(await t.db.$count(communityVotes, eq(communityVotes.postId, q.id))).toBe(1);

    const own = await t.json('PUT', `/api/community/posts/${q.id}/vote`, undefined, cast.learner.token);
    expect(own.status).toBe(400);
    expect((await read<ErrorBody>(own)).message).toBe(COMMUNITY_MESSAGES.CANNOT_VOTE_OWN);
    expect((await t.json('PUT', `/api/community/posts/${q.id}/vote`, undefined, cast.member.token)).status).toBe(404);
    expect((await t.json('PUT', `/api/community/posts/${q.id}/vote`)).status).toBe(401);

    const list = await get<CommunityQuestionPage>(`/api/community/questions?target_kind=lesson&target_id=${cast.lesson.id}`, cast.otherLearner.token);
    expect(list.body.data.find((x) => x.id === q.id)).toMatchObject({ voted: true, vote_count: 1 });

    for (let i = 0; i < 2; i++) expect(await read(await t.json('DELETE', `/api/community/posts/${q.id}/vote`, undefined, cast.otherLearner.token))).toEqual({ voted: false, vote_count: 0 });
    expect((await postRow(t.db, q.id)).voteCount).toBe(0);
  });

  it('lets the asker or the page’s owner accept an answer of this question, and null takes it back', async () => {
    const q = await question('Accept an answer please');
    const a = await answer(q.id);
    const elsewhere = await answer((await question('Another question here')).id);
    const accept = (answerId: number | null, token: string) => t.json('PUT', `/api/community/questions/${q.id}/accepted`, { answer_id: answerId }, token);

    const stranger = await accept(a.id, cast.otherLearner.token);
    expect(stranger.status).toBe(403);
    expect((await read<ErrorBody>(stranger)).message).toBe(COMMUNITY_MESSAGES.ACCEPT_NOT_ALLOWED);
    const wrong = await accept(elsewhere.id, cast.learner.token);
    expect(wrong.status).toBe(400);
    expect((await read<ErrorBody>(wrong)).message).toBe(COMMUNITY_MESSAGES.ACCEPT_WRONG_ANSWER);
    expect((await t.json('PUT', `/api/community/questions/${q.id}/accepted`, { answer_id: 'x' }, cast.learner.token)).status).toBe(400);

    expect(await read<CommunityQuestionView>(await accept(a.id, cast.learner.token))).toMatchObject({ accepted_answer_id: a.id });
    expect((await accept(null, cast.instructor.token)).status).toBe(200);
    expect((await postRow(t.db, q.id)).acceptedAnswerId).toBeNull();
    expect((await accept(a.id, cast.instructor.token)).status).toBe(200);
  });

  it('never leaves an accepted answer that was deleted, whichever of accepting and deleting runs first', async () => {
    for (let round = 0; round < 5; round++) {
      const q = await question(`Race question ${round}`);
      const a = await answer(q.id);
      const [accepted, deleted] = await Promise.all([
        t.json('PUT', `/api/community/questions/${q.id}/accepted`, { answer_id: a.id }, cast.learner.token),
        t.json('DELETE', `/api/community/posts/${a.id}`, undefined, cast.otherLearner.token),
      ]);
      expect(deleted.status).toBe(204);
      expect([200, 400, 404]).toContain(accepted.status);
      expect((await postRow(t.db, q.id)).acceptedAnswerId).toBeNull();
    }
  });
});

describe('a course’s questions', () => {
  it('lists them over its lessons with each one’s lesson, and finds them by their words', async () => {
    const other = await createLesson(t.db, cast.module.id, { title: 'Jumps' });
    const jump = await question('Sauté landing: 100% silent?', { targetId: other.id, body: 'Land through the foot' });
    const turn = await question('Spotting during pirouettes', { body: 'Where to look' });
    const search = (q: string, token = cast.learner.token) => get<CommunityQuestionPage>(`/api/community/courses/${cast.course.id}/questions?q=${encodeURIComponent(q)}`, token);

    const found = await search('landing');
    expect(found.status).toBe(200);
    expect(found.body.data.map((q) => q.id)).toEqual([jump.id]);
    expect(found.body.data[0]!.place).toEqual({ title: 'Jumps', url: `/courses/${cast.course.id}/modules/${cast.module.id}/lessons/${other.id}?question=${jump.id}#questions` });
    expect((await search('LOOK pirouettes')).body.data.map((q) => q.id)).toEqual([turn.id]);
    // LIKE's wildcards are searched as text.
    expect((await search('100%')).body.data.map((q) => q.id)).toEqual([jump.id]);
    expect((await search('%_')).body.data).toEqual([]);

    const all = await get<CommunityQuestionPage>(`/api/community/courses/${cast.course.id}/questions`, cast.instructor.token);
    expect(all.body.data[0]!.id).toBe(turn.id);
    expect((await search('landing', cast.member.token)).status).toBe(403);
    expect((await search('x')).status).toBe(400);
    expect((await get(`/api/community/courses/${cast.course.id}/questions?sort=helpful`, cast.learner.token)).status).toBe(400);
    expect((await get(`/api/community/courses/999999/questions`, cast.learner.token)).status).toBe(404);
  });
});
