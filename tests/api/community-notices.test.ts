import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityDigestItems, communityMembers, communityPosts, emailOutbox, notifications } from '../../db/schema/index.ts';
import type { NotificationKind } from '../../worker/src/domain/notification-kinds.ts';
import { sendCommunityDigests } from '../../worker/src/services/community/digest.ts';
import { announceCommunityPost } from '../../worker/src/services/community/notices.ts';
import { createCourse, createLesson, createModule } from '../support/course-factories.ts';
import { createSignedInUser, createUser, type FactoryUser } from '../support/factories.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The community's notices (decision 0075): a question to its page's owner, an answer to the
 * asker, a reply to the thread's participants — never the author, each exactly once whatever
 * replays or races; the person's channel choices hold; a digest member's emails wait for one
 * daily email, which the sweep sends once and then empties.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Post = typeof communityPosts.$inferInsert;
const insert = async (values: Post) => (await t.db.insert(communityPosts).values(values).returning())[0]!;
const noticesOf = (userId: number, kind?: NotificationKind) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kind ? eq(notifications.kind, kind) : undefined));
const mailsTo = (user: FactoryUser, kind?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, user.email!), kind ? eq(emailOutbox.kind, kind) : undefined));
const choose = async (token: string, kind: NotificationKind, choice: { in_app?: boolean; email?: boolean }) =>
  expect((await t.json('PUT', '/api/notifications/preferences', { preferences: [{ kind, ...choice }] }, token)).status).toBe(200);

async function lessonThread() {
  const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Ines', lastName: 'Teacher' });
  const course = await createCourse(t.db, { instructorId: instructor.id });
  const module = await createModule(t.db, course.id);
  const lesson = await createLesson(t.db, module.id, { title: 'Pliés in first position' });
  const asker = await createSignedInUser(t.db, { firstName: 'Ada', lastName: 'Asker' });
  const question = await insert({ kind: 'question', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, authorId: asker.user.id, title: 'How deep is a demi-plié?', body: 'I go **too deep**, I think.' });
  return { instructor, course, module, lesson, asker, question };
}

describe('announceCommunityPost', () => {
  it("a lesson's question: the course's instructor hears of it in-app and by email, linked to the thread; a replay writes nothing", async () => {
    const { instructor, course, module, lesson, asker, question } = await lessonThread();
    await announceCommunityPost(t.platform, question.id);
    const [notice, ...more] = await noticesOf(instructor.id, 'community_question');
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({
      title: 'New question on “Pliés in first position”',
      url: `/courses/${course.id}/modules/${module.id}/lessons/${lesson.id}?question=${question.id}#questions`,
    });
    expect(notice!.body).toContain('Ada Asker asked “How deep is a demi-plié?”');
    const mails = await mailsTo(instructor, 'community_question');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`?question=${question.id}#questions`);
    // The asker is not told of their own question.
    expect(await noticesOf(asker.user.id)).toHaveLength(0);
    // Replayed (a retried request, the approval path after the posting path): nothing more.
    await announceCommunityPost(t.platform, question.id);
    await announceCommunityPost(t.platform, question.id);
    expect(await noticesOf(instructor.id, 'community_question')).toHaveLength(1);
    expect(await mailsTo(instructor, 'community_question')).toHaveLength(1);
  });

  it('two announcements of one post at once write its notices once', async () => {
    const { instructor, question } = await lessonThread();
    await Promise.all([announceCommunityPost(t.platform, question.id), announceCommunityPost(t.platform, question.id), announceCommunityPost(t.platform, question.id)]);
    expect(await noticesOf(instructor.id, 'community_question')).toHaveLength(1);
    expect(await mailsTo(instructor, 'community_question')).toHaveLength(1);
  });

  it("a question by the page's own owner tells nobody", async () => {
    const { instructor, course, lesson } = await lessonThread();
    const own = await insert({ kind: 'question', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, authorId: instructor.id, title: 'A question to my learners', body: 'Who practised?' });
    await announceCommunityPost(t.platform, own.id);
    expect(await noticesOf(instructor.id)).toHaveLength(0);
  });

  it('an answer tells the asker (not its author, not the owner); a reply tells the answer\'s author, the asker and earlier repliers, once each, never its author', async () => {
    const { instructor, course, lesson, asker, question } = await lessonThread();
    const answer = await insert({ kind: 'answer', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, questionId: question.id, authorId: instructor.id, body: 'Until your heels want to lift.' });
    await announceCommunityPost(t.platform, answer.id);
    const answered = await noticesOf(asker.user.id, 'community_answer');
    expect(answered).toHaveLength(1);
    expect(answered[0]!.title).toBe('Ines Teacher answered your question');
    expect(await noticesOf(instructor.id)).toHaveLength(0);

    const peer = await createUser(t.db, { firstName: 'Pia' });
    const third = await createUser(t.db, { firstName: 'Tom' });
    const reply = (authorId: number) => insert({ kind: 'reply', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, questionId: question.id, parentId: answer.id, authorId, body: 'Thanks, that helps.' });
    const first = await reply(peer.id);
    await announceCommunityPost(t.platform, first.id);
    // The peer's reply: the answer's author and the asker.
    expect(await noticesOf(instructor.id, 'community_reply')).toHaveLength(1);
    expect(await noticesOf(asker.user.id, 'community_reply')).toHaveLength(1);
    expect(await noticesOf(peer.id)).toHaveLength(0);
    // The asker's own reply: the answer's author and the earlier replier, not the asker.
    const second = await reply(asker.user.id);
    await announceCommunityPost(t.platform, second.id);
    expect(await noticesOf(instructor.id, 'community_reply')).toHaveLength(2);
    expect(await noticesOf(peer.id, 'community_reply')).toHaveLength(1);
    expect(await noticesOf(asker.user.id, 'community_reply')).toHaveLength(1);
    // A third member's reply: each participant once, though the asker replied too.
    const last = await reply(third.id);
    await announceCommunityPost(t.platform, last.id);
    expect(await noticesOf(asker.user.id, 'community_reply')).toHaveLength(2);
    expect(await noticesOf(peer.id, 'community_reply')).toHaveLength(2);
    expect(await noticesOf(instructor.id, 'community_reply')).toHaveLength(3);
    expect(await noticesOf(third.id)).toHaveLength(0);
    const titles = (await noticesOf(peer.id, 'community_reply')).map((n) => n.title);
    expect(titles).toContain('Tom User replied on “How deep is a demi-plié?”');
  });

  it("a resource's question tells its seller, a profile's the instructor; links lead to those pages", async () => {
    const seller = await createSeller(t.db);
    const resource = await createResource(t.db, seller.user.id, { status: 'published', title: 'Tap for tiny feet' });
    const member = await createUser(t.db);
    const onResource = await insert({ kind: 'question', targetKind: 'resource', targetId: resource.id, authorId: member.id, title: 'Which ages does it suit?', body: 'Is it for 4-year-olds?' });
    await announceCommunityPost(t.platform, onResource.id);
    const [sold] = await noticesOf(seller.user.id, 'community_question');
    expect(sold).toMatchObject({ title: 'New question on “Tap for tiny feet”', url: `/curriculum/${resource.id}?question=${onResource.id}#questions` });

    const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    const onProfile = await insert({ kind: 'question', targetKind: 'instructor', targetId: instructor.id, authorId: member.id, title: 'Do you teach online lessons?', body: 'From abroad.' });
    await announceCommunityPost(t.platform, onProfile.id);
    const [asked] = await noticesOf(instructor.id, 'community_question');
    expect(asked).toMatchObject({ title: 'New question on your profile', url: `/instructors/${instructor.id}?question=${onProfile.id}#questions` });
  });

  it('a held post tells nobody until it is visible (its approval), then once', async () => {
    const { instructor, course, lesson } = await lessonThread();
    const member = await createUser(t.db);
    const held = await insert({ kind: 'question', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, authorId: member.id, title: 'My first question here', body: 'Hello!', status: 'pending' });
    await announceCommunityPost(t.platform, held.id);
    expect(await noticesOf(instructor.id)).toHaveLength(0);
    await t.db.update(communityPosts).set({ status: 'visible' }).where(eq(communityPosts.id, held.id));
    await announceCommunityPost(t.platform, held.id);
    await announceCommunityPost(t.platform, held.id);
    expect(await noticesOf(instructor.id, 'community_question')).toHaveLength(1);
  });

  it("an answer in a hidden question's thread tells nobody; an unknown post is nothing", async () => {
    const { asker, course, lesson, question } = await lessonThread();
    await t.db.update(communityPosts).set({ status: 'hidden' }).where(eq(communityPosts.id, question.id));
    const helper = await createUser(t.db);
    const answer = await insert({ kind: 'answer', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, questionId: question.id, authorId: helper.id, body: 'Try this.' });
    await announceCommunityPost(t.platform, answer.id);
    expect(await noticesOf(asker.user.id)).toHaveLength(0);
    await expect(announceCommunityPost(t.platform, 987_654_321)).resolves.toBeUndefined();
  });

  it("the person's channel choices hold: in-app off writes no notice, email off sends no email", async () => {
    const { instructor, course, lesson, asker, question } = await lessonThread();
    await choose(asker.token, 'community_answer', { in_app: false });
    const answer = await insert({ kind: 'answer', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, questionId: question.id, authorId: instructor.id, body: 'Like this.' });
    await announceCommunityPost(t.platform, answer.id);
    expect(await noticesOf(asker.user.id, 'community_answer')).toHaveLength(0);
    expect(await mailsTo(asker.user, 'community_answer')).toHaveLength(1);

    const other = await lessonThread();
    await choose(other.asker.token, 'community_answer', { email: false });
    const answer2 = await insert({ kind: 'answer', targetKind: 'lesson', targetId: other.lesson.id, courseId: other.course.id, questionId: other.question.id, authorId: other.instructor.id, body: 'Like that.' });
    await announceCommunityPost(t.platform, answer2.id);
    expect(await noticesOf(other.asker.user.id, 'community_answer')).toHaveLength(1);
    expect(await mailsTo(other.asker.user, 'community_answer')).toHaveLength(0);
  });
});

describe('the daily digest', () => {
  it('a digest member gets the in-app notices at once and the emails gathered: one digest email a day listing them, sent once, then emptied', async () => {
    const { instructor, course, lesson, asker, question } = await lessonThread();
    const put = await t.json('PUT', '/api/community/digest', { email_digest: true }, asker.token);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ email_digest: true });
    const answer = (body: string) => insert({ kind: 'answer', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, questionId: question.id, authorId: instructor.id, body });
    const a1 = await answer('First answer.');
    const a2 = await answer('Second answer.');
    await announceCommunityPost(t.platform, a1.id);
    await announceCommunityPost(t.platform, a2.id);
    expect(await noticesOf(asker.user.id, 'community_answer')).toHaveLength(2);
    expect(await mailsTo(asker.user, 'community_answer')).toHaveLength(0);
    const waiting = await t.db.select().from(communityDigestItems).where(eq(communityDigestItems.userId, asker.user.id));
    expect(waiting.map((i) => i.kind)).toEqual(['community_answer', 'community_answer']);

    // Chosen just now: the day of the first digest has not come.
    expect(await sendCommunityDigests(t.platform)).toBe(0);
    expect(await mailsTo(asker.user, 'community_digest')).toHaveLength(0);

    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    const [sent, again] = await Promise.all([sendCommunityDigests(t.platform, tomorrow), sendCommunityDigests(t.platform, tomorrow)]);
    expect(sent + again).toBeGreaterThanOrEqual(1);
    const digests = await mailsTo(asker.user, 'community_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('Your community digest: 2 new notices');
    expect(digests[0]!.textBody).toContain('Ines Teacher answered your question');
    expect(digests[0]!.textBody).toContain(`?question=${question.id}#questions`);
    expect(await t.db.select().from(communityDigestItems).where(eq(communityDigestItems.userId, asker.user.id))).toHaveLength(0);
    // Nothing waits: another sweep sends nothing.
    await sendCommunityDigests(t.platform, tomorrow);
    expect(await mailsTo(asker.user, 'community_digest')).toHaveLength(1);

    // A new item the same day waits for the next day.
    const a3 = await answer('Third answer.');
    await announceCommunityPost(t.platform, a3.id);
    await sendCommunityDigests(t.platform, new Date(tomorrow.getTime() + 3_600_000));
    expect(await mailsTo(asker.user, 'community_digest')).toHaveLength(1);
    await sendCommunityDigests(t.platform, new Date(tomorrow.getTime() + 25 * 3_600_000));
    const later = await mailsTo(asker.user, 'community_digest');
    expect(later).toHaveLength(2);
    expect(later[1]!.subject).toBe('Your community digest: 1 new notice');
  });

  it("a digest member whose email of the kind is off gathers nothing; the digest's own email off sends none and empties the items", async () => {
    const { instructor, course, lesson, asker, question } = await lessonThread();
    await t.json('PUT', '/api/community/digest', { email_digest: true }, asker.token);
    await choose(asker.token, 'community_answer', { email: false });
    const a1 = await insert({ kind: 'answer', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, questionId: question.id, authorId: instructor.id, body: 'One.' });
    await announceCommunityPost(t.platform, a1.id);
    expect(await t.db.select().from(communityDigestItems).where(eq(communityDigestItems.userId, asker.user.id))).toHaveLength(0);

    await choose(asker.token, 'community_answer', { email: true });
    await choose(asker.token, 'community_digest', { email: false });
    const a2 = await insert({ kind: 'answer', targetKind: 'lesson', targetId: lesson.id, courseId: course.id, questionId: question.id, authorId: instructor.id, body: 'Two.' });
    await announceCommunityPost(t.platform, a2.id);
    expect(await t.db.select().from(communityDigestItems).where(eq(communityDigestItems.userId, asker.user.id))).toHaveLength(1);
    await sendCommunityDigests(t.platform, new Date(Date.now() + 25 * 3_600_000));
    expect(await mailsTo(asker.user, 'community_digest')).toHaveLength(0);
    expect(await t.db.select().from(communityDigestItems).where(eq(communityDigestItems.userId, asker.user.id))).toHaveLength(0);
  });

  it('GET/PUT /api/community/digest: the member\'s own choice; signed out 401; a bad body 400 with a field message and nothing changes', async () => {
    const member = await createSignedInUser(t.db);
    expect((await t.json('GET', '/api/community/digest')).status).toBe(401);
    expect((await t.json('PUT', '/api/community/digest', { email_digest: true })).status).toBe(401);
    expect(await (await t.json('GET', '/api/community/digest', undefined, member.token)).json()).toEqual({ email_digest: false });
    for (const body of [{ email_digest: 'yes' }, {}, { email_digest: true, other: 1 }]) {
      const bad = await t.json('PUT', '/api/community/digest', body, member.token);
      expect(bad.status).toBe(400);
      const error = (await bad.json()) as { message: string; validationErrors?: Record<string, string[]> };
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(await t.db.select().from(communityMembers).where(inArray(communityMembers.userId, [member.user.id]))).toHaveLength(0);
    expect(await (await t.json('PUT', '/api/community/digest', { email_digest: true }, member.token)).json()).toEqual({ email_digest: true });
    expect(await (await t.json('PUT', '/api/community/digest', { email_digest: false }, member.token)).json()).toEqual({ email_digest: false });
    expect(await (await t.json('GET', '/api/community/digest', undefined, member.token)).json()).toEqual({ email_digest: false });
  });
});
