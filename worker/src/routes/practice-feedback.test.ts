import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, enrollments, feedbackCreditGrants, feedbackRequests, notifications, practiceTakes } from '../../../db/schema/index.ts';
import {
  ALREADY_SUBMITTED,
  FEEDBACK_NOT_FOUND,
  FEEDBACK_NOT_OFFERED,
  NO_CREDITS_LEFT,
  NO_REVIEWS_LEFT,
  PRACTICE_NEEDS_ENROLMENT,
  TAKE_NOT_FOUND,
  WRITE_A_QUESTION,
  type FeedbackDetail,
} from '../../../shared/practice.ts';
import { createFeedbackRequest, createTake, giveCredits, giveFeedbackSettings, practiceWorld } from '../../../tests/support/feedback-factories.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { QUESTION_TOO_LONG } from '../schemas/practice-feedback.ts';
import { TAKE_FILE_GONE } from '../services/practice/feedback.ts';

/**
 * Asking for feedback on a take (decision 0070): the take's learner spends an included review,
 * else their oldest credit, guard and spend in one batch; every refusal writes nothing. And the
 * request as its learner, the course's instructor and admins read it (404 for anyone else).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (takeId: number, token: string, body: unknown = { question: 'Is my turn on the count of 5?' }) => t.json('POST', `/api/practice/takes/${takeId}/feedback`, body, token);
const requestsOf = (takeId: number) => t.db.select().from(feedbackRequests).where(eq(feedbackRequests.takeId, takeId));
const grantOf = async (id: number) => (await t.db.select().from(feedbackCreditGrants).where(eq(feedbackCreditGrants.id, id)))[0]!;

describe('POST /api/practice/takes/{id}/feedback', () => {
  it("spends an included review: 201 with the request, due after the course's response days; the instructor hears of it", async () => {
    const w = await practiceWorld(t.db, { settings: { mode: 'included', includedReviews: 2, responseDays: 5 } });
    const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    const res = await ask(take.id, w.learnerToken, { question: '  Are my arms in time?  ' });
    expect(res.status).toBe(201);
    const body = await read<FeedbackDetail>(res);
    expect(body).toMatchObject({ status: 'waiting', verdict: null, question: 'Are my arms in time?', can_answer: false, can_reply: true, notes: [], overdue: false });
    expect(body.take).toMatchObject({ id: take.id, feedback: { id: body.id, status: 'waiting', verdict: null } });
    expect(body.take.video_url).toMatch(/^\/uploads\/takes\/[0-9a-f-]{36}\.webm\?exp=\d+&sig=/);
    const days = (Date.parse(body.due_at) - Date.parse(body.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(5, 3);
    const [row] = await requestsOf(take.id);
    expect(row).toMatchObject({ paidBy: 'included', creditGrantId: null, userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    const notices = await t.db.select().from(notifications).where(and(eq(notifications.userId, w.instructor.id), eq(notifications.kind, 'feedback_requested')));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.url).toBe(`/practice/feedback/${body.id}`);
    expect(await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, w.instructor.email!), eq(emailOutbox.kind, 'feedback_requested')))).toHaveLength(1);
  });

  it('answers 409 for a take already sent, and 402 once the included reviews are used; nothing is written', async () => {
    const w = await practiceWorld(t.db, { settings: { mode: 'included', includedReviews: 1 } });
    const first = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    const second = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    expect((await ask(first.id, w.learnerToken)).status).toBe(201);
    const again = await ask(first.id, w.learnerToken);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(ALREADY_SUBMITTED);
    const none = await ask(second.id, w.learnerToken);
    expect(none.status).toBe(402);
    expect((await read<ErrorBody>(none)).message).toBe(NO_REVIEWS_LEFT);
    expect(await requestsOf(second.id)).toHaveLength(0);
    expect(await requestsOf(first.id)).toHaveLength(1);
  });

  it('spends the oldest grant with a credit left, once per request; 402 with none left', async () => {
    const w = await practiceWorld(t.db, { settings: { mode: 'credits', creditPackCents: 1500, creditsPerPack: 1 } });
    const spent = await giveCredits(t.db, w.learner.id, w.course.id, 1, 1);
    const older = await giveCredits(t.db, w.learner.id, w.course.id, 1);
    const newer = await giveCredits(t.db, w.learner.id, w.course.id, 1);
    const takes = await Promise.all([1, 2, 3].map(() => createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId })));
    expect((await ask(takes[0]!.id, w.learnerToken)).status).toBe(201);
    expect((await requestsOf(takes[0]!.id))[0]).toMatchObject({ paidBy: 'credit', creditGrantId: older.id });
    expect((await grantOf(older.id)).used).toBe(1);
    expect((await grantOf(newer.id)).used).toBe(0);
    expect((await grantOf(spent.id)).used).toBe(1);
    expect((await ask(takes[1]!.id, w.learnerToken)).status).toBe(201);
    expect((await grantOf(newer.id)).used).toBe(1);
    const none = await ask(takes[2]!.id, w.learnerToken);
    expect(none.status).toBe(402);
    expect((await read<ErrorBody>(none)).message).toBe(NO_CREDITS_LEFT);
    expect(await requestsOf(takes[2]!.id)).toHaveLength(0);
  });

  it('two requests at once with one credit left: one is made, the other refused, the credit spent once', async () => {
    const w = await practiceWorld(t.db, { settings: { mode: 'credits', creditPackCents: 900 } });
    const grant = await giveCredits(t.db, w.learner.id, w.course.id, 1);
    const [a, b] = await Promise.all([1, 2].map(() => createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId })));
    const statuses = (await Promise.all([ask(a!.id, w.learnerToken), ask(b!.id, w.learnerToken)])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 402]);
    expect((await grantOf(grant.id)).used).toBe(1);
    // And the same take sent twice at once: one request, one review spent.
    const c = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    await giveCredits(t.db, w.learner.id, w.course.id, 2);
    const twice = (await Promise.all([ask(c.id, w.learnerToken), ask(c.id, w.learnerToken)])).map((r) => r.status).sort();
    expect(twice).toEqual([201, 409]);
    const grants = await t.db.select().from(feedbackCreditGrants).where(and(eq(feedbackCreditGrants.userId, w.learner.id)));
    expect(grants.reduce((sum, g) => sum + g.used, 0)).toBe(2);
  });

  it('refuses a bad question with 400 and its field message, writing nothing', async () => {
    const w = await practiceWorld(t.db);
    const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    for (const [body, message] of [
      [{}, WRITE_A_QUESTION],
      [{ question: '   ' }, WRITE_A_QUESTION],
      [{ question: 42 }, WRITE_A_QUESTION],
      [{ question: 'x'.repeat(1001) }, QUESTION_TOO_LONG],
      [{ question: 'a\u0000b' }, 'Must not contain control characters'],
    ] as const) {
      const res = await ask(take.id, w.learnerToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await read<ErrorBody>(res);
      expect(error.message).toBe(message);
      expect(error.validationErrors?.question).toContain(message);
    }
    expect((await t.request(`/api/practice/takes/${take.id}/feedback`, { method: 'POST', headers: { authorization: `Bearer ${w.learnerToken}`, 'content-type': 'application/json' }, body: '{' })).status).toBe(400);
    expect((await t.json('POST', '/api/practice/takes/abc/feedback', { question: 'Hi' }, w.learnerToken)).status).toBe(400);
    expect(await requestsOf(take.id)).toHaveLength(0);
  });

  it("answers 404 for someone else's take, 403 where the course offers no feedback or the learner left it, 409 for a deleted file", async () => {
    const w = await practiceWorld(t.db);
    const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    const stranger = await createSignedInUser(t.db);
    for (const token of [stranger.token, w.instructorToken]) {
      const res = await ask(take.id, token);
      expect(res.status).toBe(404);
      expect((await read<ErrorBody>(res)).message).toBe(TAKE_NOT_FOUND);
    }
    expect((await ask(99_999_999, w.learnerToken)).status).toBe(404);
    expect((await ask(take.id, '')).status).toBe(401);

    await giveFeedbackSettings(t.db, w.course.id, { mode: 'none' });
    const none = await ask(take.id, w.learnerToken);
    expect(none.status).toBe(403);
    expect((await read<ErrorBody>(none)).message).toBe(FEEDBACK_NOT_OFFERED);
    const bare = await practiceWorld(t.db, { settings: null });
    const bareTake = await createTake(t.db, { userId: bare.learner.id, courseId: bare.course.id, lessonId: bare.lessonId });
    expect((await ask(bareTake.id, bare.learnerToken)).status).toBe(403);

    await giveFeedbackSettings(t.db, w.course.id, { mode: 'included' });
    await t.db.delete(enrollments).where(and(eq(enrollments.userId, w.learner.id), eq(enrollments.courseId, w.course.id)));
    const left = await ask(take.id, w.learnerToken);
    expect(left.status).toBe(403);
    expect((await read<ErrorBody>(left)).message).toBe(PRACTICE_NEEDS_ENROLMENT);

    await t.db.insert(enrollments).values({ userId: w.learner.id, courseId: w.course.id, source: 'free' });
    await t.db.update(practiceTakes).set({ uploadId: null, fileDeletedAt: new Date().toISOString() }).where(eq(practiceTakes.id, take.id));
    const gone = await ask(take.id, w.learnerToken);
    expect(gone.status).toBe(409);
    expect((await read<ErrorBody>(gone)).message).toBe(TAKE_FILE_GONE);
    expect(await requestsOf(take.id)).toHaveLength(0);
  });
});

describe('GET /api/practice/feedback/{id}', () => {
  it("shows the request to its learner, the course's instructor and admins; 404 to anyone else", async () => {
    const w = await practiceWorld(t.db);
    const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    const request = await createFeedbackRequest(t.db, take);
    const admin = await signIn(t.db, (await createAdmin(t.db)).id);
    const path = `/api/practice/feedback/${request.id}`;

    const mine = await read<FeedbackDetail>(await t.json('GET', path, undefined, w.learnerToken));
    expect(mine).toMatchObject({ id: request.id, can_answer: false, can_reply: true, learner: { id: w.learner.id, name: 'Lea Learner' }, course: { id: w.course.id }, lesson: { id: w.lessonId } });
    expect(mine.reference.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.mp4\?exp=\d+&sig=/);
    for (const token of [w.instructorToken, admin]) {
      const staff = await read<FeedbackDetail>(await t.json('GET', path, undefined, token));
      expect(staff).toMatchObject({ id: request.id, can_answer: true, can_reply: true });
    }
    const otherInstructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const stranger = await createSignedInUser(t.db);
    for (const token of [otherInstructor.token, stranger.token]) {
      const res = await t.json('GET', path, undefined, token);
      expect(res.status).toBe(404);
      expect((await read<ErrorBody>(res)).message).toBe(FEEDBACK_NOT_FOUND);
    }
    expect((await t.json('GET', '/api/practice/feedback/0', undefined, w.learnerToken)).status).toBe(400);
    expect((await t.json('GET', path)).status).toBe(401);
  });

  it('marks an answered request seen when its learner opens it, not when staff do', async () => {
    const w = await practiceWorld(t.db);
    const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    const waiting = await createFeedbackRequest(t.db, take);
    const seen = async () => (await t.db.select({ seenAt: feedbackRequests.seenAt }).from(feedbackRequests).where(eq(feedbackRequests.id, waiting.id)))[0]!.seenAt;
    await t.json('GET', `/api/practice/feedback/${waiting.id}`, undefined, w.learnerToken);
    expect(await seen()).toBeNull();
    await t.db.update(feedbackRequests).set({ status: 'answered', verdict: 'try_again', answeredAt: new Date().toISOString() }).where(eq(feedbackRequests.id, waiting.id));
    await t.json('GET', `/api/practice/feedback/${waiting.id}`, undefined, w.instructorToken);
    expect(await seen()).toBeNull();
    await t.json('GET', `/api/practice/feedback/${waiting.id}`, undefined, w.learnerToken);
    expect(await seen()).not.toBeNull();
  });

  it('a take whose file is deleted keeps its request, with no video link', async () => {
    const w = await practiceWorld(t.db);
    const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId });
    const request = await createFeedbackRequest(t.db, take);
    await t.db.update(practiceTakes).set({ uploadId: null, fileDeletedAt: new Date().toISOString() }).where(eq(practiceTakes.id, take.id));
    const body = await read<FeedbackDetail>(await t.json('GET', `/api/practice/feedback/${request.id}`, undefined, w.learnerToken));
    expect(body.take.video_url).toBeNull();
  });
});
