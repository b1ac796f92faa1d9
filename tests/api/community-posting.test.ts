import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityMembers, communityPostEdits, communityPosts } from '../../db/schema/community.ts';
import { auditLog, notifications } from '../../db/schema/index.ts';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, suspendedMessage, type CommunityPostView, type CommunityQuestionView, type CommunityThreadView } from '../../shared/community.ts';
import { approveMembers, createCommunityCast, postRow, type CommunityCast } from '../support/community-factories.ts';
import { createSignedInUser } from '../support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Writing in the community (decision 0075): who may ask, answer and reply on each kind of page,
 * the validation and its field messages, the first-post hold, suspensions, the rate limit, an
 * author's edit with its history, and deletes.
 */

let t: TestApp;
let cast: CommunityCast;
afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCommunityCast(t.db);
});

const ask = (token: string | undefined, body: Record<string, unknown>) => t.json('POST', '/api/community/questions', body, token);
const lessonQuestion = (extra: Record<string, unknown> = {}) => ({ target_kind: 'lesson', target_id: cast.lesson.id, title: 'How deep is a demi-plié?', body: 'My knees hurt.', ...extra });
async function asked(token: string, body: Record<string, unknown> = lessonQuestion()) {
  const res = await ask(token, body);
  expect(res.status).toBe(201);
  return read<CommunityQuestionView>(res);
}
async function answered(token: string, questionId: number, body = 'Keep your heels down.') {
  const res = await t.json('POST', `/api/community/questions/${questionId}/answers`, { body }, token);
  expect(res.status).toBe(201);
  return read<CommunityPostView>(res);
}

describe('asking', () => {
  it('lets a lesson’s learner and its instructor ask, and refuses a visitor, an outsider and an unknown page', async () => {
    const q = await asked(cast.learner.token);
    expect(q).toMatchObject({ kind: 'question', status: 'visible', target_kind: 'lesson', target_id: cast.lesson.id, course_id: cast.course.id, answer_count: 0 });
    expect(q.author).toMatchObject({ id: cast.learner.user.id, name: 'Maya Learner', badge: null });
    expect(q.can).toMatchObject({ edit: true, delete: true, vote: false, report: false });

    const byInstructor = await asked(cast.instructor.token, lessonQuestion({ title: 'Who has tried the slow version?' }));
    expect(byInstructor.author?.badge).toBe('Instructor');

    expect((await ask(undefined, lessonQuestion())).status).toBe(401);
    const outsider = await ask(cast.member.token, lessonQuestion());
    expect(outsider.status).toBe(404);
    expect((await read<ErrorBody>(outsider)).message).toBe(COMMUNITY_MESSAGES.TARGET_NOT_FOUND);
    expect((await ask(cast.learner.token, lessonQuestion({ target_id: 999_999 }))).status).toBe(404);
  });

  it('answers 400 with the field messages for a bad title, body, target or moment, and writes nothing', async () => {
    const before = await t.db.$count(communityPosts);
    const cases: [Record<string, unknown>, string, string][] = [
      [lessonQuestion({ title: 'Short' }), 'title', COMMUNITY_MESSAGES.TITLE_TOO_SHORT],
      [lessonQuestion({ title: 'x'.repeat(COMMUNITY_LIMITS.titleMax + 1) }), 'title', COMMUNITY_MESSAGES.TITLE_TOO_LONG],
      [lessonQuestion({ title: 'Two\nlines of title' }), 'title', 'Must not contain line breaks or control characters'],
      [lessonQuestion({ body: '   ' }), 'body', COMMUNITY_MESSAGES.BODY_EMPTY],
      [lessonQuestion({ body: 'x'.repeat(COMMUNITY_LIMITS.bodyMax + 1) }), 'body', COMMUNITY_MESSAGES.BODY_TOO_LONG],
      [lessonQuestion({ target_kind: 'forum' }), 'target_kind', 'Target must be lesson, resource, instructor'],
      [lessonQuestion({ target_id: 'abc' }), 'target_id', 'Invalid id'],
      [lessonQuestion({ video_at_ms: -5 }), 'video_at_ms', 'The moment cannot be negative'],
      [lessonQuestion({ video_at_ms: 1.5 }), 'video_at_ms', 'The moment must be a whole number of milliseconds'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ask(cast.learner.token, body);
      expect(res.status, field).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors?.[field]).toContain(message);
    }
    // A moment only on a video lesson.
    const notVideo = await ask(cast.learner.token, lessonQuestion({ video_at_ms: 83_000 }));
    expect(notVideo.status).toBe(400);
    expect(await read<ErrorBody>(notVideo)).toEqual({ message: COMMUNITY_MESSAGES.VIDEO_AT_NOT_VIDEO, validationErrors: { video_at_ms: [COMMUNITY_MESSAGES.VIDEO_AT_NOT_VIDEO] } });
    expect(await t.db.$count(communityPosts)).toBe(before);

    const onVideo = await asked(cast.learner.token, lessonQuestion({ target_id: cast.videoLesson.id, video_at_ms: 83_000 }));
    expect(onVideo.video_at_ms).toBe(83_000);
  });

  it('keeps a title as text and renders a body’s markdown without its HTML', async () => {
    const q = await asked(cast.learner.token, lessonQuestion({ title: '<img src=x onerror=alert(1)> arms?', body: '**Arms** <script>alert(1)</script> [x](javascript:alert(1))' }));
    expect(q.title).toBe('<img src=x onerror=alert(1)> arms?');
    expect(q.body_html).toContain('<strong>Arms</strong>');
    expect(q.body_html).not.toContain('<script>');
    expect(q.body_html).toContain('&lt;script&gt;');
    expect(q.body_html).not.toMatch(/href="javascript:/i);
  });

  it('lets anyone signed in ask on a public resource and on an instructor’s profile, answering only buyers and the seller on a resource', async () => {
    const onResource = await asked(cast.member.token, { target_kind: 'resource', target_id: cast.resource.id, title: 'Which ages is it for?', body: 'Four-year-olds?' });
    const stranger = await t.json('POST', `/api/community/questions/${onResource.id}/answers`, { body: 'I think so.' }, cast.member.token);
    expect(stranger.status).toBe(403);
    expect((await read<ErrorBody>(stranger)).message).toBe(COMMUNITY_MESSAGES.RESOURCE_NEEDS_PURCHASE);
    expect((await answered(cast.buyer.token, onResource.id)).author?.badge).toBeNull();
    expect((await answered(cast.seller.token, onResource.id)).author?.badge).toBe('Seller');

    const onProfile = await asked(cast.member.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'Do you teach online?', body: 'From Lisbon.' });
    expect((await answered(cast.learner.token, onProfile.id)).status).toBe('visible');
    expect((await answered(cast.instructor.token, onProfile.id)).author?.badge).toBe('Instructor');
    // Someone who is not a public instructor has no profile to ask on.
    expect((await ask(cast.member.token, { target_kind: 'instructor', target_id: cast.learner.user.id, title: 'Anyone there?', body: 'Hello' })).status).toBe(404);
  });
});

describe('notices', () => {
  it('announces a visible post once to those it concerns, and a held one not until it is approved', async () => {
    const ofKind = (userId: number, kind: string) => t.db.$count(notifications, and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
    const before = await ofKind(cast.instructor.user.id, 'community_question');
    const q = await asked(cast.learner.token, lessonQuestion({ title: 'Announced to the instructor?' }));
    expect(await ofKind(cast.instructor.user.id, 'community_question')).toBe(before + 1);
    const answersBefore = await ofKind(cast.learner.user.id, 'community_answer');
    await answered(cast.otherLearner.token, q.id);
    expect(await ofKind(cast.learner.user.id, 'community_answer')).toBe(answersBefore + 1);

    const newcomer = await createSignedInUser(t.db);
    await t.db.insert(communityMembers).values({ userId: newcomer.user.id, approvedPosts: 0 });
    const ownerBefore = await ofKind(cast.instructor.user.id, 'community_question');
    expect((await asked(newcomer.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'Held, so not announced', body: 'x' })).status).toBe('pending');
    expect(await ofKind(cast.instructor.user.id, 'community_question')).toBe(ownerBefore);
  });
});

describe('answers and replies', () => {
  it('puts a reply under an answer only, and refuses writing under a question that is not visible', async () => {
    const q = await asked(cast.learner.token);
    const a = await answered(cast.otherLearner.token, q.id);
    const reply = await t.json('POST', `/api/community/posts/${a.id}/replies`, { body: 'Thanks!' }, cast.learner.token);
    expect(reply.status).toBe(201);
    const replyView = await read<CommunityPostView>(reply);
    expect(replyView).toMatchObject({ kind: 'reply', parent_id: a.id, question_id: q.id });
    expect((await postRow(t.db, a.id)).replyCount).toBe(1);

    const underQuestion = await t.json('POST', `/api/community/posts/${q.id}/replies`, { body: 'Hi' }, cast.learner.token);
    expect(underQuestion.status).toBe(400);
    expect((await read<ErrorBody>(underQuestion)).message).toBe(COMMUNITY_MESSAGES.REPLY_TO_ANSWER);
    expect((await t.json('POST', `/api/community/posts/${replyView.id}/replies`, { body: 'Hi' }, cast.learner.token)).status).toBe(400);

    await t.db.update(communityPosts).set({ status: 'hidden' }).where(eq(communityPosts.id, q.id));
    expect((await t.json('POST', `/api/community/questions/${q.id}/answers`, { body: 'Late' }, cast.otherLearner.token)).status).toBe(404);
    expect((await t.json('POST', `/api/community/questions/${q.id}/answers`, { body: '' }, cast.otherLearner.token)).status).toBe(400);
  });
});

describe('the first-post hold, suspensions and the rate limit', () => {
  it('holds a new member’s posts until one is approved, never an owner’s, and shows the held post to its author only', async () => {
    const newcomer = await createSignedInUser(t.db);
    await t.db.insert(communityMembers).values({ userId: cast.instructor.user.id, approvedPosts: 0 }).onConflictDoNothing();
    const held = await asked(newcomer.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'A first question here', body: 'Hello!' });
    expect(held.status).toBe('pending');
    const again = await asked(newcomer.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'A second question here', body: 'Hello?' });
    expect(again.status).toBe('pending');

    const list = (token?: string) => t.json('GET', `/api/community/questions?target_kind=instructor&target_id=${cast.instructor.user.id}`, undefined, token);
    expect((await read<{ data: CommunityQuestionView[] }>(await list(newcomer.token))).data.map((q) => q.id)).toEqual(expect.arrayContaining([held.id, again.id]));
    expect((await read<{ data: CommunityQuestionView[] }>(await list())).data.map((q) => q.id)).not.toContain(held.id);
    expect((await t.json('GET', `/api/community/questions/${held.id}`)).status).toBe(404);

    // The page's owner is never held, and their visible post counts as approved.
    const ownerAnswer = await answered(cast.instructor.token, (await asked(cast.member.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'Owner answers unheld?', body: 'x' })).id);
    expect(ownerAnswer.status).toBe('visible');
    const [owner] = await t.db.select().from(communityMembers).where(eq(communityMembers.userId, cast.instructor.user.id));
    expect(owner!.approvedPosts).toBeGreaterThan(0);

    // Once one is approved, the member's next posts are published.
    await approveMembers(t.db, [newcomer.user.id]);
    expect((await asked(newcomer.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'A third question here', body: 'Now?' })).status).toBe('visible');
  });

  it('refuses a suspended member with the date their suspension ends', async () => {
    const suspended = await createSignedInUser(t.db);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await t.db.insert(communityMembers).values({ userId: suspended.user.id, approvedPosts: 1, suspendedUntil: until, suspendedReason: 'Spam' });
    const res = await ask(suspended.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'Am I allowed now?', body: 'x' });
    expect(res.status).toBe(403);
    expect((await read<ErrorBody>(res)).message).toBe(suspendedMessage(until));
    // A suspension that ended no longer refuses.
    await t.db.update(communityMembers).set({ suspendedUntil: new Date(Date.now() - 1000).toISOString() }).where(eq(communityMembers.userId, suspended.user.id));
    expect((await ask(suspended.token, { target_kind: 'instructor', target_id: cast.instructor.user.id, title: 'Am I allowed now?', body: 'x' })).status).toBe(201);
  });

  it('answers 429 past the posts of ten minutes and of a day, writing nothing, even when the posts come at once', async () => {
    const fast = await createSignedInUser(t.db);
    await approveMembers(t.db, [fast.user.id]);
    const body = (i: number) => ({ target_kind: 'instructor', target_id: cast.instructor.user.id, title: `Rapid question number ${i}`, body: 'x' });
    const results = await Promise.all(Array.from({ length: COMMUNITY_LIMITS.postsPerTenMinutes + 3 }, (_, i) => ask(fast.token, body(i))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(COMMUNITY_LIMITS.postsPerTenMinutes);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect((await read<ErrorBody>(refused[0]!)).message).toBe(COMMUNITY_MESSAGES.TOO_FAST);
    expect(await t.db.$count(communityPosts, eq(communityPosts.authorId, fast.user.id))).toBe(COMMUNITY_LIMITS.postsPerTenMinutes);
    // Only the posts written were counted on the member's row (1 from the cast's approval).
    const [member] = await t.db.select().from(communityMembers).where(eq(communityMembers.userId, fast.user.id));
    expect(member!.approvedPosts).toBe(1 + COMMUNITY_LIMITS.postsPerTenMinutes);

    // A day's posts spread over the day.
    const steady = await createSignedInUser(t.db);
    await approveMembers(t.db, [steady.user.id]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await t.db.insert(communityPosts).values(
      Array.from({ length: COMMUNITY_LIMITS.postsPerDay }, (_, i) => ({
        kind: 'question' as const,
        targetKind: 'instructor' as const,
        targetId: cast.instructor.user.id,
        authorId: steady.user.id,
        title: `Earlier question ${i}`,
        body: 'x',
        createdAt: hourAgo,
      })),
    );
    expect((await ask(steady.token, body(99))).status).toBe(429);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit, keeping the earlier version, and refuses anyone else', async () => {
    const q = await asked(cast.learner.token);
    const res = await t.json('PATCH', `/api/community/posts/${q.id}`, { title: 'How deep is a demi-plié, really?', body: 'Knees still hurt.' }, cast.learner.token);
    expect(res.status).toBe(200);
    expect(await read<CommunityPostView>(res)).toMatchObject({ title: 'How deep is a demi-plié, really?', body: 'Knees still hurt.', edited: true });
    const history = await t.db.select().from(communityPostEdits).where(eq(communityPostEdits.postId, q.id));
    expect(history).toMatchObject([{ title: 'How deep is a demi-plié?', body: 'My knees hurt.', editorId: cast.learner.user.id }]);

    const other = await t.json('PATCH', `/api/community/posts/${q.id}`, { body: 'Mine now' }, cast.instructor.token);
    expect(other.status).toBe(403);
    expect((await read<ErrorBody>(other)).message).toBe(COMMUNITY_MESSAGES.EDIT_NOT_ALLOWED);
    const a = await answered(cast.otherLearner.token, q.id);
    expect((await t.json('PATCH', `/api/community/posts/${a.id}`, { title: 'An answer has no title', body: 'x' }, cast.otherLearner.token)).status).toBe(400);
    expect((await t.json('PATCH', `/api/community/posts/${q.id}`, { body: '' }, cast.learner.token)).status).toBe(400);
    expect(await t.db.$count(communityPostEdits, eq(communityPostEdits.postId, q.id))).toBe(1);
  });

  it('lets the author or a moderator delete (the moderator’s audited), clearing the text, and keeps a deleted answer with replies as a placeholder', async () => {
    const q = await asked(cast.learner.token);
    const a = await answered(cast.otherLearner.token, q.id);
    await t.json('POST', `/api/community/posts/${a.id}/replies`, { body: 'Thanks' }, cast.learner.token);

    const refused = await t.json('DELETE', `/api/community/posts/${a.id}`, undefined, cast.instructor.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(COMMUNITY_MESSAGES.DELETE_NOT_ALLOWED);

    expect((await t.json('DELETE', `/api/community/posts/${a.id}`, undefined, cast.moderator.token)).status).toBe(204);
    expect(await postRow(t.db, a.id)).toMatchObject({ status: 'deleted', body: '' });
    expect(await t.db.$count(auditLog, and(eq(auditLog.action, 'community_post.delete'), eq(auditLog.entityId, String(a.id))))).toBe(1);
    expect((await postRow(t.db, q.id)).answerCount).toBe(0);

    const thread = await read<CommunityThreadView>(await t.json('GET', `/api/community/questions/${q.id}`, undefined, cast.learner.token));
    expect(thread.answers).toHaveLength(1);
    expect(thread.answers[0]).toMatchObject({ id: a.id, status: 'deleted', body: '', body_html: '', author: null });
    expect(thread.answers[0]!.replies).toHaveLength(1);

    expect((await t.json('DELETE', `/api/community/posts/${q.id}`, undefined, cast.learner.token)).status).toBe(204);
    expect(await postRow(t.db, q.id)).toMatchObject({ status: 'deleted', title: '', body: '' });
    expect((await t.json('DELETE', `/api/community/posts/${q.id}`, undefined, cast.learner.token)).status).toBe(404);
    expect(await t.db.$count(auditLog, and(eq(auditLog.action, 'community_post.delete'), eq(auditLog.entityId, String(q.id))))).toBe(0);
  });
});
