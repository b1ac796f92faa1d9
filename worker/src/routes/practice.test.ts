import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseFeedbackSettings, feedbackCreditGrants, feedbackRequests, lessonPracticeRules, practiceTakes, uploads } from '../../../db/schema/index.ts';
import { createCourse, createEnrollment, createLesson, createModule } from '../../../tests/support/course-factories.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import * as sample from '../../../tests/support/file-samples.ts';
import { root } from '../../../tests/support/paths.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import {
  PRACTICE_NEEDS_ENROLMENT,
  PRACTICE_NEEDS_VIDEO,
  TAKE_NOT_FOUND,
  TAKE_QUOTA_FULL,
  TAKE_TOO_LARGE,
  TAKE_TOO_LONG,
  TAKE_WRONG_TYPE,
  type PracticeLessonView,
  type TakeView,
} from '../../../shared/practice.ts';
import { ONLY_LEARNER_OR_ADMIN_DELETES, TAKE_QUOTA_BYTES } from '../services/practice/takes.ts';

/** The practice room's takes (decision 0070): the lesson's room, storing a take, reading, lining up and deleting it. */

const CLIP = new Uint8Array(readFileSync(resolve(root, 'db/demo-media/practice-clip.webm')));
const REFERENCE = '/uploads/lessons/0b6f7c52-1111-4222-8333-944455556666.webm';

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

let t: TestApp;
let instructor: Person;
let otherInstructor: Person;
let admin: Person;
let learner: Person;
let stranger: Person;
let courseId: number;
let lessonId: number;
let textLessonId: number;
let youtubeLessonId: number;

const fieldsOf = (over: Record<string, string | undefined> = {}) => ({
  source: 'recorded',
  duration_ms: '9000',
  ref_start_ms: '2000',
  ref_end_ms: '11000',
  speed: '0.75',
  offset_ms: '300',
  ...over,
});

function uploadTake(token: string, options: { lesson?: number; bytes?: Uint8Array; name?: string; fields?: Record<string, string | undefined>; headers?: Record<string, string> } = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fieldsOf(options.fields))) if (value !== undefined) body.append(key, value);
  body.append('file', new File([new Uint8Array(options.bytes ?? CLIP)], options.name ?? 'take.webm'));
  return t.request(`/api/practice/lessons/${options.lesson ?? lessonId}/takes`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...options.headers } });
}

async function newTake(who: Person = learner): Promise<TakeView> {
  const res = await uploadTake(who.token);
  expect(res.status, await res.clone().text()).toBe(201);
  return read<TakeView>(res);
}

const keyOf = (url: string) => new URL(url, 'http://x').pathname.slice('/uploads/'.length);

beforeAll(async () => {
  t = await createTestApp();
  [instructor, otherInstructor, admin, learner, stranger] = await Promise.all([
    createSignedInUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' }),
    createSignedInUser(t.db, { roles: ['INSTRUCTOR'] }),
    createSignedInUser(t.db, { roles: ['ADMIN'] }),
    createSignedInUser(t.db, { firstName: 'Maya', lastName: 'Thompson' }),
    createSignedInUser(t.db),
  ]);
  const course = await createCourse(t.db, { instructorId: instructor.user.id });
  courseId = course.id;
  const module = await createModule(t.db, course.id);
  lessonId = (await createLesson(t.db, module.id, { type: 'video', content: REFERENCE })).id;
  textLessonId = (await createLesson(t.db, module.id)).id;
  youtubeLessonId = (await createLesson(t.db, module.id, { type: 'video', content: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).id;
  await createEnrollment(t.db, learner.user.id, course.id);
});
afterAll(() => t.close());

describe('GET /api/practice/lessons/{lessonId}', () => {
  it('gives an enrolled learner the signed reference, their takes, the offer and the limits', async () => {
    const res = await t.json('GET', `/api/practice/lessons/${lessonId}`, undefined, learner.token);
    expect(res.status).toBe(200);
    const view = await read<PracticeLessonView>(res);
    expect(view.lesson).toMatchObject({ id: lessonId, course_id: courseId, module_id: expect.any(Number) });
    expect(view.reference.url).toMatch(/^\/uploads\/lessons\/[0-9a-f-]{36}\.webm\?exp=\d+&sig=/);
    expect(view.offer).toEqual({ mode: 'none', response_days: 3, included_reviews: 0, included_left: 0, credits_left: 0, pack: null });
    expect(view.limits).toEqual({ max_seconds: 180, max_bytes: 250 * 1024 * 1024, quota_bytes: 1024 * 1024 * 1024, used_bytes: expect.any(Number) });
    expect(view.requires_approved_take).toBe(false);
    expect(view.approved).toBe(false);
  });

  it('reads the learner’s takes, quota and offer through indexes', async () => {
    await newTake();
    const statements = await statementsOf(t.client, async () => {
      expect((await t.json('GET', `/api/practice/lessons/${lessonId}`, undefined, learner.token)).status).toBe(200);
    });
    const report = await planReport(t.client, statements);
    expect(report.flatMap((r) => r.problems.map((p) => `${p} in ${r.sql}`))).toEqual([]);
    const takesRead = report.find((r) => /from "practice_takes"/i.test(r.sql) && /order by/i.test(r.sql));
    expect(takesRead?.plan.join('\n')).toMatch(/practice_takes USING INDEX practice_takes_user_lesson_idx/);
    const quotaRead = report.find((r) => /sum\("size_bytes"\) *\)?.* from "practice_takes"/i.test(r.sql));
    expect(quotaRead?.plan.join('\n')).toMatch(/practice_takes_user_size_idx/);
  });

  it("opens for the course's instructor and admins (preview), not for anyone else", async () => {
    expect((await t.json('GET', `/api/practice/lessons/${lessonId}`, undefined, instructor.token)).status).toBe(200);
    expect((await t.json('GET', `/api/practice/lessons/${lessonId}`, undefined, admin.token)).status).toBe(200);
    for (const who of [stranger, otherInstructor]) {
      const res = await t.json('GET', `/api/practice/lessons/${lessonId}`, undefined, who.token);
      expect(res.status).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: PRACTICE_NEEDS_ENROLMENT });
    }
    expect((await t.json('GET', `/api/practice/lessons/${lessonId}`)).status).toBe(401);
  });

  it('is only for video lessons with an uploaded clip: 400 otherwise, 404 for no lesson, 400 for a bad id', async () => {
    for (const id of [textLessonId, youtubeLessonId]) {
      const res = await t.json('GET', `/api/practice/lessons/${id}`, undefined, learner.token);
      expect(res.status).toBe(400);
      expect(await read<ErrorBody>(res)).toEqual({ message: PRACTICE_NEEDS_VIDEO });
    }
    expect((await t.json('GET', '/api/practice/lessons/999999999', undefined, learner.token)).status).toBe(404);
    expect((await t.json('GET', '/api/practice/lessons/abc', undefined, learner.token)).status).toBe(400);
  });

  it("shows the offer left to this learner and whether the lesson needs an approved take they have", async () => {
    const course = await createCourse(t.db, { instructorId: instructor.user.id });
    const module = await createModule(t.db, course.id);
    const lesson = await createLesson(t.db, module.id, { type: 'video', content: REFERENCE });
    await createEnrollment(t.db, learner.user.id, course.id);
    await t.db.insert(courseFeedbackSettings).values({ courseId: course.id, mode: 'included', includedReviews: 3, responseDays: 2 });
    await t.db.insert(lessonPracticeRules).values({ lessonId: lesson.id, requiresApprovedTake: true });
    const take = await read<TakeView>(await uploadTake(learner.token, { lesson: lesson.id }));
    await t.db.insert(feedbackRequests).values({
      takeId: take.id, userId: learner.user.id, courseId: course.id, lessonId: lesson.id, question: 'Turnout?', paidBy: 'included',
      dueAt: new Date().toISOString(), status: 'answered', verdict: 'approved',
    });
    await t.db.insert(feedbackCreditGrants).values({ userId: learner.user.id, courseId: course.id, credits: 5, used: 2, refunded: 1 });
    const view = await read<PracticeLessonView>(await t.json('GET', `/api/practice/lessons/${lesson.id}`, undefined, learner.token));
    expect(view.offer).toEqual({ mode: 'included', response_days: 2, included_reviews: 3, included_left: 2, credits_left: 2, pack: null });
    expect(view.requires_approved_take).toBe(true);
    expect(view.approved).toBe(true);
    expect(view.takes.map((x) => [x.id, x.feedback])).toEqual([[take.id, { id: expect.any(Number), status: 'answered', verdict: 'approved' }]]);

    await t.db.update(courseFeedbackSettings).set({ mode: 'credits', creditPackCents: 1500, creditsPerPack: 3 }).where(eq(courseFeedbackSettings.courseId, course.id));
    const credits = await read<PracticeLessonView>(await t.json('GET', `/api/practice/lessons/${lesson.id}`, undefined, learner.token));
    expect(credits.offer).toEqual({ mode: 'credits', response_days: 2, included_reviews: 0, included_left: 0, credits_left: 2, pack: { price_cents: 1500, credits: 3 } });
  });
});

describe('POST /api/practice/lessons/{lessonId}/takes', () => {
  it('stores a take as a private upload and answers its view with a signed link that works', async () => {
    const res = await uploadTake(learner.token);
    expect(res.status, await res.clone().text()).toBe(201);
    const take = await read<TakeView>(res);
    expect(take).toMatchObject({
      course_id: courseId, lesson_id: lessonId, learner: { id: learner.user.id, name: 'Maya Thompson' }, source: 'recorded',
      duration_ms: 9000, size_bytes: CLIP.length, ref_start_ms: 2000, ref_end_ms: 11000, speed: 0.75, offset_ms: 300, feedback: null,
    });
    expect(take.video_url).toMatch(/^\/uploads\/takes\/[0-9a-f-]{36}\.webm\?exp=\d+&sig=/);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.key, keyOf(take.video_url!)));
    expect(row).toMatchObject({ access: 'take', courseId, userId: learner.user.id, size: CLIP.length });

    const signed = await t.request(take.video_url!);
    expect(signed.status).toBe(200);
    expect(new Uint8Array(await signed.arrayBuffer())).toEqual(CLIP);
    // Without the signature nobody gets it, not even the learner with their token.
    const bare = `/uploads/${keyOf(take.video_url!)}`;
    expect((await t.request(bare)).status).toBe(403);
    expect((await t.request(bare, { headers: { authorization: `Bearer ${learner.token}` } })).status).toBe(403);
    expect((await t.request(`${bare}?exp=${Math.floor(Date.now() / 1000) - 10}&sig=AAAA`)).status).toBe(403);

    // Takes have their own quota: the account's upload quota is untouched.
    const usage = await read<{ usedBytes: number }>(await t.json('GET', '/api/upload/usage', undefined, learner.token));
    expect(usage.usedBytes).toBe(0);
  });

  it('takes MP4 and uploaded files, and the defaults of the optional fields', async () => {
    const res = await uploadTake(learner.token, { bytes: sample.mp4, name: 'phone.mp4', fields: { source: 'uploaded', ref_end_ms: '', speed: undefined, offset_ms: undefined, ref_start_ms: undefined } });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await read<TakeView>(res)).toMatchObject({ source: 'uploaded', ref_start_ms: 0, ref_end_ms: null, speed: 1, offset_ms: 0 });
  });

  it('refuses what is not a video by its bytes with 415, whatever its name, storing nothing', async () => {
    const before = await t.db.$count(uploads);
    for (const [bytes, name] of [
      [sample.png, 'take.webm'],
      [sample.mp3, 'take.mp4'],
      [sample.pdf, 'take.mov'],
    ] as const) {
      const res = await uploadTake(learner.token, { bytes, name });
      expect(res.status, name).toBe(415);
      expect(await read<ErrorBody>(res)).toEqual({ message: TAKE_WRONG_TYPE });
    }
    expect(await t.db.$count(uploads)).toBe(before);
  });

  it('refuses a take longer than 3 minutes, and fields that do not make sense, with 400 and the field', async () => {
    const long = await uploadTake(learner.token, { fields: { duration_ms: '180001' } });
    expect(long.status).toBe(400);
    expect(await read<ErrorBody>(long)).toEqual({ message: TAKE_TOO_LONG, validationErrors: { duration_ms: [TAKE_TOO_LONG] } });
    const cases: [Record<string, string>, string][] = [
      [{ source: 'filmed' }, 'source'],
      [{ duration_ms: '0' }, 'duration_ms'],
      [{ duration_ms: 'soon' }, 'duration_ms'],
      [{ speed: '2' }, 'speed'],
      [{ offset_ms: '61000' }, 'offset_ms'],
      [{ ref_start_ms: '-5' }, 'ref_start_ms'],
      [{ ref_start_ms: '5000', ref_end_ms: '4000' }, 'ref_end_ms'],
    ];
    for (const [fields, field] of cases) {
      const res = await uploadTake(learner.token, { fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = await read<ErrorBody>(res);
      expect(Object.keys(body.validationErrors ?? {}), JSON.stringify(fields)).toEqual([field]);
    }
    const none = new FormData();
    for (const [key, value] of Object.entries(fieldsOf())) none.append(key, value);
    const missing = await t.request(`/api/practice/lessons/${lessonId}/takes`, { method: 'POST', body: none, headers: { authorization: `Bearer ${learner.token}` } });
    expect(missing.status).toBe(400);
  });

  it('refuses a body declared larger than a take with 413 before reading it', async () => {
    const res = await uploadTake(learner.token, { headers: { 'content-length': String(300 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(await read<ErrorBody>(res)).toEqual({ message: TAKE_TOO_LARGE });
  });

  it('refuses a take past the learner’s 1 GB of kept takes with 413, by declared length and by the stored total', async () => {
    const someone = await createSignedInUser(t.db);
    await createEnrollment(t.db, someone.user.id, courseId);
    const [upload] = await t.db.insert(uploads).values({ key: `takes/${crypto.randomUUID()}.webm`, originalName: 'old.webm', mimetype: 'video/webm', size: 1, userId: someone.user.id, access: 'take' }).returning();
    const [big] = await t.db
      .insert(practiceTakes)
      .values({ userId: someone.user.id, courseId, lessonId, uploadId: upload!.id, source: 'recorded', durationMs: 1000, sizeBytes: TAKE_QUOTA_BYTES })
      .returning();
    const full = await uploadTake(someone.token);
    expect(full.status).toBe(413);
    expect(await read<ErrorBody>(full)).toEqual({ message: TAKE_QUOTA_FULL });
    // Room for the multipart overhead but not for the file: the stored total refuses it.
    await t.db.update(practiceTakes).set({ sizeBytes: TAKE_QUOTA_BYTES - 100_000 }).where(eq(practiceTakes.id, big!.id));
    const almost = await uploadTake(someone.token);
    expect(almost.status).toBe(413);
    expect(await read<ErrorBody>(almost)).toEqual({ message: TAKE_QUOTA_FULL });
    expect(await t.db.$count(practiceTakes, eq(practiceTakes.userId, someone.user.id))).toBe(1);
    // A deleted file no longer counts.
    await t.db.update(practiceTakes).set({ uploadId: null }).where(eq(practiceTakes.id, big!.id));
    expect((await uploadTake(someone.token)).status).toBe(201);
  });

  it('needs an enrolment, even for the course’s instructor, refused before the body is read', async () => {
    for (const who of [stranger, instructor]) {
      const res = await uploadTake(who.token);
      expect(res.status).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: PRACTICE_NEEDS_ENROLMENT });
    }
    const text = await uploadTake(learner.token, { lesson: textLessonId });
    expect(text.status).toBe(400);
    expect(await read<ErrorBody>(text)).toEqual({ message: PRACTICE_NEEDS_VIDEO });
  });
});

describe('GET, PATCH and DELETE /api/practice/takes/{id}', () => {
  it("shows a take to its learner, the course's instructor and admins; 404 to anyone else", async () => {
    const take = await newTake();
    for (const who of [learner, instructor, admin]) {
      const res = await t.json('GET', `/api/practice/takes/${take.id}`, undefined, who.token);
      expect(res.status).toBe(200);
      const view = await read<TakeView>(res);
      expect(view.id).toBe(take.id);
      expect(view.video_url).toMatch(/\?exp=\d+&sig=/);
    }
    for (const who of [stranger, otherInstructor]) {
      const res = await t.json('GET', `/api/practice/takes/${take.id}`, undefined, who.token);
      expect(res.status).toBe(404);
      expect(await read<ErrorBody>(res)).toEqual({ message: TAKE_NOT_FOUND });
    }
  });

  it("lines a take up again (its learner, the course's instructor), within ±60 s", async () => {
    const take = await newTake();
    const mine = await t.json('PATCH', `/api/practice/takes/${take.id}`, { offset_ms: -1250 }, learner.token);
    expect(mine.status).toBe(200);
    expect((await read<TakeView>(mine)).offset_ms).toBe(-1250);
    const theirs = await t.json('PATCH', `/api/practice/takes/${take.id}`, { offset_ms: 800 }, instructor.token);
    expect((await read<TakeView>(theirs)).offset_ms).toBe(800);
    expect((await t.json('PATCH', `/api/practice/takes/${take.id}`, { offset_ms: 5 }, stranger.token)).status).toBe(404);
    for (const body of [{ offset_ms: 60_001 }, { offset_ms: 1.5 }, { offset_ms: '10' }, {}]) {
      const res = await t.json('PATCH', `/api/practice/takes/${take.id}`, body, learner.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors).toHaveProperty('offset_ms');
    }
    const [row] = await t.db.select({ offset: practiceTakes.offsetMs }).from(practiceTakes).where(eq(practiceTakes.id, take.id));
    expect(row!.offset).toBe(800);
  });

  it('deletes a take and its file for its learner; others are refused', async () => {
    const take = await newTake();
    const key = keyOf(take.video_url!);
    expect((await t.json('DELETE', `/api/practice/takes/${take.id}`, undefined, stranger.token)).status).toBe(404);
    const instructorTry = await t.json('DELETE', `/api/practice/takes/${take.id}`, undefined, instructor.token);
    expect(instructorTry.status).toBe(403);
    expect(await read<ErrorBody>(instructorTry)).toEqual({ message: ONLY_LEARNER_OR_ADMIN_DELETES });

    expect((await t.json('DELETE', `/api/practice/takes/${take.id}`, undefined, learner.token)).status).toBe(204);
    expect(await t.platform.storage.head(key)).toBeNull();
    expect(await t.db.$count(uploads, eq(uploads.key, key))).toBe(0);
    expect(await t.db.$count(practiceTakes, eq(practiceTakes.id, take.id))).toBe(0);
    expect((await t.json('GET', `/api/practice/takes/${take.id}`, undefined, learner.token)).status).toBe(404);
  });

  it('keeps a take sent for feedback, file-less, with its request; an admin’s deletion is audited', async () => {
    const take = await newTake();
    const key = keyOf(take.video_url!);
    await t.db.insert(feedbackRequests).values({ takeId: take.id, userId: learner.user.id, courseId, lessonId, question: 'Arms?', paidBy: 'included', dueAt: new Date().toISOString() });
    expect((await t.json('DELETE', `/api/practice/takes/${take.id}`, undefined, admin.token)).status).toBe(204);
    expect(await t.platform.storage.head(key)).toBeNull();
    const view = await read<TakeView>(await t.json('GET', `/api/practice/takes/${take.id}`, undefined, learner.token));
    expect(view.video_url).toBeNull();
    expect(view.feedback).toMatchObject({ status: 'waiting' });
    const [row] = await t.db.select().from(practiceTakes).where(eq(practiceTakes.id, take.id));
    expect(row).toMatchObject({ uploadId: null, fileDeletedAt: expect.any(String) });
    expect(await t.db.$count(feedbackRequests, eq(feedbackRequests.takeId, take.id))).toBe(1);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'practice_take.delete'), eq(auditLog.entityId, String(take.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.user.id });
  });

  it('refuses ids that are not ids with 400 and missing takes with 404', async () => {
    expect((await t.json('GET', '/api/practice/takes/0', undefined, learner.token)).status).toBe(400);
    expect((await t.json('GET', '/api/practice/takes/999999999', undefined, learner.token)).status).toBe(404);
    expect((await t.json('DELETE', '/api/practice/takes/999999999', undefined, admin.token)).status).toBe(404);
  });
});

describe('signed links to takes', () => {
  it('are never made for a take’s key written into a lesson: only the practice routes sign one', async () => {
    const take = await newTake();
    const key = keyOf(take.video_url!);
    const module = await createModule(t.db, courseId);
    const lesson = await createLesson(t.db, module.id, { content: `Look at this: /uploads/${key}` });
    const res = await t.json('GET', `/api/learn/lessons/${lesson.id}`, undefined, learner.token);
    expect(res.status).toBe(200);
    const body = await read<{ content: string }>(res);
    expect(body.content).toBe(`Look at this: /uploads/${key}`);
  });

  it('refuses a key under takes/ without a signature even when no row names it', async () => {
    const key = `takes/${crypto.randomUUID()}.webm`;
    await t.platform.storage.put(key, CLIP, 'video/webm');
    expect((await t.request(`/uploads/${key}`)).status).toBe(403);
  });
});
