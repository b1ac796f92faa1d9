import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModerationWorld, type ModerationWorld, type Person } from '../support/community-moderation-world.ts';
import { read, type ErrorBody } from '../support/test-app.ts';
import { communityMembers, communityPostEdits, communityPosts, notifications } from '../../db/schema/index.ts';
import { NAME_THE_MEMBER, SUSPENSION_DAYS, WRITE_A_SUSPENSION_REASON } from '../../worker/src/schemas/community-moderation.ts';
import { HIDE_PENDING, RESTORE_NOT_ALLOWED } from '../../worker/src/services/community/moderation.ts';
import { MEMBER_NOT_FOUND, NOT_SUSPENDED } from '../../worker/src/services/community/suspensions.ts';
import { createSeller } from '../support/seller-factories.ts';
import { createSignedInUser } from '../support/factories.ts';
import { createEnrollment } from '../support/course-factories.ts';
import { COMMUNITY_MESSAGES, suspendedMessage, type CommunityEditView, type CommunityPendingPage, type CommunityPostView, type CommunitySuspensionView } from '../../shared/community.ts';

/**
 * The community's moderation where the posts are and in the moderators' hands (decision 0075):
 * hide / restore by a page's owner or a moderator, held posts approved or rejected, a post's edit
 * history, and suspensions — who may, what each refusal answers, and that each is audited once.
 */

let t: ModerationWorld['t'];
let instructor: Person, learner: Person, otherLearner: Person, stranger: Person, admin: Person, moderator: Person, seller: Person;
let courseId: number, lessonId: number;
let question: ModerationWorld['question'], answer: ModerationWorld['answer'], resourceQuestion: ModerationWorld['resourceQuestion'], postRow: ModerationWorld['postRow'];
let lastAuditId: ModerationWorld['lastAuditId'], auditSince: ModerationWorld['auditSince'];

beforeAll(async () => {
  ({ t, instructor, learner, otherLearner, stranger, admin, moderator, seller, courseId, lessonId, question, answer, resourceQuestion, postRow, lastAuditId, auditSince } = await createModerationWorld());
});
afterAll(() => t.close());

describe('hide and restore where the posts are', () => {
  const hide = (who: Person, id: number) => t.json('POST', `/api/community/posts/${id}/hide`, undefined, who.token);
  const restore = (who: Person, id: number) => t.json('POST', `/api/community/posts/${id}/restore`, undefined, who.token);

  it('lets the course’s instructor hide and restore on their lesson, audited; other learners get 403, strangers 404', async () => {
    const q = await question(learner.user.id);
    const a = await answer(q, otherLearner.user.id);
    const refused = await hide(learner, a.id);
    expect(refused.status).toBe(403);
    expect(await read<ErrorBody>(refused)).toEqual({ message: COMMUNITY_MESSAGES.HIDE_NOT_ALLOWED });
    expect((await hide(stranger, a.id)).status).toBe(404);
    const since = await lastAuditId();
    const res = await hide(instructor, a.id);
    expect(res.status).toBe(200);
    expect(await read<CommunityPostView>(res)).toMatchObject({ id: a.id, status: 'hidden', body: 'Breathe out as you lift them.', can: { hide: true } });
    expect(await postRow(q.id)).toMatchObject({ answerCount: 0 });
    // Hiding what is hidden changes nothing.
    expect((await hide(instructor, a.id)).status).toBe(200);
    const back = await restore(instructor, a.id);
    expect(back.status).toBe(200);
    expect((await read<CommunityPostView>(back)).status).toBe('visible');
    expect(await postRow(a.id)).toMatchObject({ status: 'visible', hiddenBy: null, hiddenAt: null });
    expect(await postRow(q.id)).toMatchObject({ answerCount: 1 });
    expect((await auditSince(since)).map((e) => [e.action, e.actorId, e.entityId])).toEqual([
      ['community_post.hide', instructor.user.id, String(a.id)],
      ['community_post.restore', instructor.user.id, String(a.id)],
    ]);
  });

  it('lets a seller hide on their own resource only', async () => {
    const q = await resourceQuestion(learner.user.id);
    const other = await createSeller(t.db);
    const otherToken = other.token ?? '';
    if (otherToken) expect((await t.json('POST', `/api/community/posts/${q.id}/hide`, undefined, otherToken)).status).toBe(403);
    expect((await hide(seller, q.id)).status).toBe(200);
    expect((await postRow(q.id)).status).toBe('hidden');
  });

  it('lets an instructor hide on their own profile', async () => {
    const q = await question(learner.user.id, { targetKind: 'instructor', targetId: instructor.user.id, courseId: null });
    expect((await hide(instructor, q.id)).status).toBe(200);
    expect((await hide(stranger, (await question(learner.user.id, { targetKind: 'instructor', targetId: instructor.user.id, courseId: null })).id)).status).toBe(403);
  });

  it('keeps an owner from restoring what a moderator hid', async () => {
    const q = await question(learner.user.id);
    expect((await hide(moderator, q.id)).status).toBe(200);
    const refused = await restore(instructor, q.id);
    expect(refused.status).toBe(403);
    expect(await read<ErrorBody>(refused)).toEqual({ message: RESTORE_NOT_ALLOWED });
    expect((await postRow(q.id)).status).toBe('hidden');
    expect((await restore(admin, q.id)).status).toBe(200);
    expect((await postRow(q.id)).status).toBe('visible');
  });

  it('sends a held post to approval, and answers 404 for a deleted or missing one', async () => {
    const held = await question(learner.user.id, { status: 'pending' });
    const toModerator = await hide(moderator, held.id);
    expect(toModerator.status).toBe(409);
    expect(await read<ErrorBody>(toModerator)).toEqual({ message: HIDE_PENDING });
    expect((await hide(instructor, held.id)).status).toBe(404);
    expect((await hide(moderator, (await question(learner.user.id, { status: 'deleted', body: '', title: '' })).id)).status).toBe(404);
    expect((await hide(moderator, 999_999)).status).toBe(404);
    expect((await t.json('POST', `/api/community/posts/${held.id}/hide`)).status).toBe(401);
    expect((await postRow(held.id)).status).toBe('pending');
  });
});

describe('held posts', () => {
  const pending = (who: Person, query = '') => t.json('GET', `/api/admin/community/pending${query}`, undefined, who.token);
  const approve = (who: Person, id: number) => t.json('POST', `/api/admin/community/posts/${id}/approve`, undefined, who.token);
  const reject = (who: Person, id: number) => t.json('POST', `/api/admin/community/posts/${id}/reject`, undefined, who.token);
  const approvedPosts = async (userId: number) => (await t.db.select().from(communityMembers).where(eq(communityMembers.userId, userId)))[0]?.approvedPosts ?? 0;

  it('lists held posts oldest first in context, for moderators only', async () => {
    await t.db.update(communityPosts).set({ status: 'deleted' }).where(eq(communityPosts.status, 'pending'));
    const newcomer = await createSignedInUser(t.db);
    const first = await question(newcomer.user.id, { status: 'pending', title: 'My very first question' });
    const second = await answer(await question(learner.user.id), newcomer.user.id, { status: 'pending' });
    expect((await pending(instructor)).status).toBe(403);
    const page = await read<CommunityPendingPage>(await pending(moderator));
    expect(page.data.map((d) => d.post.id)).toEqual([first.id, second.id]);
    expect(page.data[0]).toMatchObject({ question: { id: first.id, title: 'My very first question' }, target: { kind: 'lesson', id: lessonId }, post: { status: 'pending', title: 'My very first question' } });
    expect(page.next).toBeNull();
  });

  it('approves: the post is shown, its author is no longer held, audited; twice is 409', async () => {
    const newcomer = await createSignedInUser(t.db);
    const q = await question(newcomer.user.id, { status: 'pending' });
    const since = await lastAuditId();
    const res = await approve(moderator, q.id);
    expect(res.status).toBe(200);
    expect((await read<CommunityPostView>(res)).status).toBe('visible');
    expect((await postRow(q.id)).status).toBe('visible');
    expect(await approvedPosts(newcomer.user.id)).toBe(1);
    expect((await auditSince(since)).map((e) => e.action)).toEqual(['community_post.approve']);
    // The page's owner hears of the question once it is shown, once.
    const told = () => t.db.select().from(notifications).where(and(eq(notifications.userId, instructor.user.id), eq(notifications.kind, 'community_question'), like(notifications.url, `%question=${q.id}%`)));
    expect(await told()).toHaveLength(1);
    const again = await approve(moderator, q.id);
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: COMMUNITY_MESSAGES.NOT_PENDING });
    expect(await approvedPosts(newcomer.user.id)).toBe(1);
    // Hidden and restored by the owner: nobody is told again.
    await t.json('POST', `/api/community/posts/${q.id}/hide`, undefined, instructor.token);
    await t.json('POST', `/api/community/posts/${q.id}/restore`, undefined, instructor.token);
    expect(await told()).toHaveLength(1);
  });

  it('counts an approval once when two moderators approve at once', async () => {
    const newcomer = await createSignedInUser(t.db);
    const q = await question(newcomer.user.id, { status: 'pending' });
    const since = await lastAuditId();
    const answers = await Promise.all([approve(moderator, q.id), approve(admin, q.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await approvedPosts(newcomer.user.id)).toBe(1);
    expect(await auditSince(since)).toHaveLength(1);
  });

  it('rejects: the held post is deleted, never shown; 404 for none, 403 for non-moderators', async () => {
    const newcomer = await createSignedInUser(t.db);
    const q = await question(newcomer.user.id, { status: 'pending', body: 'Visit my shop' });
    expect((await reject(instructor, q.id)).status).toBe(403);
    expect((await reject(moderator, q.id)).status).toBe(200);
    expect(await postRow(q.id)).toMatchObject({ status: 'deleted', body: '' });
    expect(await approvedPosts(newcomer.user.id)).toBe(0);
    expect((await reject(moderator, q.id)).status).toBe(409);
    expect((await approve(moderator, q.id)).status).toBe(409);
    expect((await approve(moderator, 999_999)).status).toBe(404);
  });
});

describe('a post’s edit history', () => {
  it('shows the earlier versions newest first, to moderators only', async () => {
    const q = await question(learner.user.id, { title: 'Third title, now', editedAt: new Date().toISOString() });
    await t.db.insert(communityPostEdits).values([
      { postId: q.id, editorId: learner.user.id, title: 'First title here', body: 'First body' },
      { postId: q.id, editorId: learner.user.id, title: 'Second title here', body: 'Second body' },
    ]);
    expect((await t.json('GET', `/api/admin/community/posts/${q.id}/history`, undefined, instructor.token)).status).toBe(403);
    const res = await t.json('GET', `/api/admin/community/posts/${q.id}/history`, undefined, moderator.token);
    expect(res.status).toBe(200);
    const history = await read<CommunityEditView[]>(res);
    expect(history.map((h) => h.title)).toEqual(['Second title here', 'First title here']);
    expect(history[0]!.editor).toEqual({ id: learner.user.id, name: expect.any(String) });
    expect((await t.json('GET', '/api/admin/community/posts/999999/history', undefined, moderator.token)).status).toBe(404);
  });
});

describe('suspensions', () => {
  const suspend = (who: Person, body: unknown) => t.json('POST', '/api/admin/community/suspensions', body, who.token);
  const ask = (who: Person) => t.json('POST', '/api/community/questions', { target_kind: 'lesson', target_id: lessonId, title: 'A question while suspended?', body: 'Does this go through?' }, who.token);

  it('blocks posting until the end, lists the suspension, and is audited; lifting ends it', async () => {
    const member = await createSignedInUser(t.db);
    await createEnrollment(t.db, member.user.id, courseId);
    const since = await lastAuditId();
    const res = await suspend(moderator, { username: member.user.username.toUpperCase(), days: 3, reason: 'Spam links in three threads.' });
    expect(res.status).toBe(201);
    const view = await read<CommunitySuspensionView>(res);
    expect(view).toMatchObject({ user: { id: member.user.id, username: member.user.username }, reason: 'Spam links in three threads.', by: { id: moderator.user.id } });
    const days = (Date.parse(view.until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    const refused = await ask(member);
    expect(refused.status).toBe(403);
    expect(await read<ErrorBody>(refused)).toEqual({ message: suspendedMessage(view.until) });
    const list = await read<{ data: CommunitySuspensionView[]; next: string | null }>(await t.json('GET', '/api/admin/community/suspensions', undefined, moderator.token));
    expect(list.data.map((s) => s.user.id)).toContain(member.user.id);
    expect((await auditSince(since)).map((e) => [e.action, e.entityId])).toEqual([['community_member.suspend', String(member.user.id)]]);
    // Once its end has passed, the member posts again (and the list no longer shows them).
    await t.db.update(communityMembers).set({ suspendedUntil: new Date(Date.now() - 1000).toISOString() }).where(eq(communityMembers.userId, member.user.id));
    expect((await ask(member)).status).toBe(201);
    const later = await read<{ data: CommunitySuspensionView[] }>(await t.json('GET', '/api/admin/community/suspensions', undefined, moderator.token));
    expect(later.data.map((s) => s.user.id)).not.toContain(member.user.id);
  });

  it('lifts a running suspension (204, audited); 404 when none runs', async () => {
    const member = await createSignedInUser(t.db);
    expect((await suspend(admin, { user_id: member.user.id, days: 30, reason: 'Abuse.' })).status).toBe(201);
    const since = await lastAuditId();
    expect((await t.json('DELETE', `/api/admin/community/suspensions/${member.user.id}`, undefined, moderator.token)).status).toBe(204);
    expect((await t.db.select().from(communityMembers).where(eq(communityMembers.userId, member.user.id)))[0]!.suspendedUntil).toBeNull();
    expect((await auditSince(since)).map((e) => e.action)).toEqual(['community_member.lift']);
    const again = await t.json('DELETE', `/api/admin/community/suspensions/${member.user.id}`, undefined, moderator.token);
    expect(again.status).toBe(404);
    expect(await read<ErrorBody>(again)).toEqual({ message: NOT_SUSPENDED });
  });

  it('refuses staff, unknown members, bad lengths and no reason, changing nothing', async () => {
    const since = await lastAuditId();
    for (const staff of [admin, moderator]) {
      const res = await suspend(admin, { user_id: staff.user.id, days: 3, reason: 'No.' });
      expect(res.status).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: COMMUNITY_MESSAGES.CANNOT_SUSPEND_STAFF });
    }
    const unknown = await suspend(moderator, { username: 'nobody-at-all-here', days: 3, reason: 'Spam.' });
    expect(unknown.status).toBe(404);
    expect(await read<ErrorBody>(unknown)).toEqual({ message: MEMBER_NOT_FOUND });
    for (const [body, field, message] of [
      [{ user_id: learner.user.id, days: 0, reason: 'Spam.' }, 'days', SUSPENSION_DAYS],
      [{ user_id: learner.user.id, days: 366, reason: 'Spam.' }, 'days', SUSPENSION_DAYS],
      [{ user_id: learner.user.id, days: 1.5, reason: 'Spam.' }, 'days', SUSPENSION_DAYS],
      [{ user_id: learner.user.id, days: 3, reason: '  ' }, 'reason', WRITE_A_SUSPENSION_REASON],
      [{ days: 3, reason: 'Spam.' }, 'username', NAME_THE_MEMBER],
    ] as const) {
      const res = await suspend(moderator, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors?.[field]).toEqual([message]);
    }
    expect((await suspend(instructor, { user_id: learner.user.id, days: 3, reason: 'Spam.' })).status).toBe(403);
    expect(await auditSince(since)).toEqual([]);
    expect((await t.db.select().from(communityMembers).where(eq(communityMembers.userId, learner.user.id)))[0]?.suspendedUntil ?? null).toBeNull();
  });
});

