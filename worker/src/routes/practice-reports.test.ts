import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feedbackNotes, feedbackReplies, feedbackRequests, practiceReports, practiceTakes, uploads } from '../../../db/schema/index.ts';
import { createCourse, createEnrollment, createLesson, createModule } from '../../../tests/support/course-factories.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { ALREADY_REPORTED, TAKE_NOT_FOUND, WRITE_A_REASON, type PracticeReportView, type TakeView } from '../../../shared/practice.ts';
import { PERMISSION_DENIED } from '../domain/permissions.ts';
import { NOTE_NOT_FOUND, PRACTICE_REPORTS_PAGE_SIZE, REPORT_ALREADY_RESOLVED } from '../services/practice/reports.ts';

/** Reports of the practice room and the moderators' queue (decision 0070). */

type Person = Awaited<ReturnType<typeof createSignedInUser>>;
type Page = { data: PracticeReportView[]; next: string | null };

let t: TestApp;
let instructor: Person;
let learner: Person;
let stranger: Person;
let admin: Person;
let moderator: Person;
let courseId: number;
let lessonId: number;

/** A take of the learner's with a file, a feedback request, a note and a reply, written directly. */
async function answeredTake() {
  const [upload] = await t.db
    .insert(uploads)
    .values({ key: `takes/${crypto.randomUUID()}.webm`, originalName: 't.webm', mimetype: 'video/webm', size: 10, userId: learner.user.id, access: 'take', courseId })
    .returning();
  const [take] = await t.db.insert(practiceTakes).values({ userId: learner.user.id, courseId, lessonId, uploadId: upload!.id, source: 'recorded', durationMs: 5000, sizeBytes: 10 }).returning();
  const [request] = await t.db
    .insert(feedbackRequests)
    .values({ takeId: take!.id, userId: learner.user.id, courseId, lessonId, question: 'Arms?', paidBy: 'included', dueAt: new Date().toISOString() })
    .returning();
  const [note] = await t.db.insert(feedbackNotes).values({ requestId: request!.id, authorId: instructor.user.id, atMs: 1200, body: 'Shoulders down.' }).returning();
  const [reply] = await t.db.insert(feedbackReplies).values({ noteId: note!.id, authorId: learner.user.id, body: 'Thanks, will do.' }).returning();
  return { take: take!, request: request!, note: note!, reply: reply! };
}

const report = (who: Person, body: unknown) => t.json('POST', '/api/practice/reports', body, who.token);

beforeAll(async () => {
  t = await createTestApp();
  [instructor, learner, stranger, admin, moderator] = await Promise.all([
    createSignedInUser(t.db, { roles: ['INSTRUCTOR'] }),
    createSignedInUser(t.db),
    createSignedInUser(t.db),
    createSignedInUser(t.db, { roles: ['ADMIN'] }),
    createSignedInUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] }),
  ]);
  const course = await createCourse(t.db, { instructorId: instructor.user.id });
  courseId = course.id;
  const module = await createModule(t.db, course.id);
  lessonId = (await createLesson(t.db, module.id, { type: 'video', content: '/uploads/lessons/0b6f7c52-1111-4222-8333-944455556666.webm' })).id;
  await createEnrollment(t.db, learner.user.id, course.id);
});
afterAll(() => t.close());

describe('POST /api/practice/reports', () => {
  it('takes one open report per member and item from someone who can see it', async () => {
    const { take, note, reply } = await answeredTake();
    for (const [who, body] of [
      [instructor, { target_kind: 'take', target_id: take.id, reason: 'Not a dance take.' }],
      [learner, { target_kind: 'note', target_id: note.id, reason: 'Rude.' }],
      [instructor, { target_kind: 'reply', target_id: reply.id, reason: 'Spam link.' }],
    ] as const) {
      const res = await report(who, body);
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(await res.json()).toEqual({ id: expect.any(Number), status: 'open' });
    }
    const again = await report(instructor, { target_kind: 'take', target_id: take.id, reason: 'Still not.' });
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: ALREADY_REPORTED });
  });

  it('answers 404 for what the reporter cannot see, and 400 for a report without a reason', async () => {
    const { take, note } = await answeredTake();
    const takeRes = await report(stranger, { target_kind: 'take', target_id: take.id, reason: 'x' });
    expect(takeRes.status).toBe(404);
    expect(await read<ErrorBody>(takeRes)).toEqual({ message: TAKE_NOT_FOUND });
    const noteRes = await report(stranger, { target_kind: 'note', target_id: note.id, reason: 'x' });
    expect(noteRes.status).toBe(404);
    expect(await read<ErrorBody>(noteRes)).toEqual({ message: NOTE_NOT_FOUND });
    const empty = await report(learner, { target_kind: 'note', target_id: note.id, reason: '   ' });
    expect(empty.status).toBe(400);
    expect(await read<ErrorBody>(empty)).toEqual({ message: WRITE_A_REASON, validationErrors: { reason: [WRITE_A_REASON] } });
    for (const body of [{ target_kind: 'course', target_id: 1, reason: 'x' }, { target_kind: 'take', target_id: -1, reason: 'x' }, { target_kind: 'take', target_id: take.id, reason: 'x'.repeat(501) }]) {
      expect((await report(learner, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.$count(practiceReports, eq(practiceReports.reporterId, stranger.user.id))).toBe(0);
  });
});

describe('the moderators’ queue', () => {
  it('is for the holders of practice.moderate only', async () => {
    for (const who of [learner, instructor]) {
      const res = await t.json('GET', '/api/admin/practice-reports', undefined, who.token);
      expect(res.status).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: PERMISSION_DENIED });
      expect((await t.json('POST', '/api/admin/practice-reports/1', { action: 'dismiss' }, who.token)).status).toBe(403);
    }
    expect((await t.json('GET', '/api/admin/practice-reports', undefined, moderator.token)).status).toBe(200);
    expect((await t.json('GET', '/api/admin/practice-reports?status=closed', undefined, admin.token)).status).toBe(400);
  });

  it('lists open reports newest first with what was reported, and hides a note: audited, every open report of it decided', async () => {
    const { note, request, take } = await answeredTake();
    await report(learner, { target_kind: 'note', target_id: note.id, reason: 'Unkind words.' });
    await report(instructor, { target_kind: 'take', target_id: take.id, reason: 'Someone else is in it.' });
    const page = await read<Page>(await t.json('GET', '/api/admin/practice-reports?status=open', undefined, moderator.token));
    const [first, second] = page.data;
    expect(first).toMatchObject({ target_kind: 'take', target_id: take.id, excerpt: expect.stringContaining('A take danced to'), take_id: take.id, feedback_id: request.id, course: { id: courseId } });
    expect(second).toMatchObject({ target_kind: 'note', target_id: note.id, reason: 'Unkind words.', excerpt: 'Shoulders down.', feedback_id: request.id, take_id: take.id, reporter: { id: learner.user.id } });

    // The moderator sees the reported take to judge it.
    const seen = await t.json('GET', `/api/practice/takes/${take.id}`, undefined, moderator.token);
    expect(seen.status).toBe(200);

    // A second member's report of the same note is decided with the first.
    const other = await report(instructor, { target_kind: 'note', target_id: note.id, reason: 'Off topic.' });
    const otherId = (await read<{ id: number }>(other)).id;
    const hidden = await t.json('POST', `/api/admin/practice-reports/${second!.id}`, { action: 'hide' }, moderator.token);
    expect(hidden.status).toBe(200);
    expect(await read<PracticeReportView>(hidden)).toMatchObject({ id: second!.id, status: 'actioned' });
    const [noteRow] = await t.db.select({ hiddenAt: feedbackNotes.hiddenAt }).from(feedbackNotes).where(eq(feedbackNotes.id, note.id));
    expect(noteRow!.hiddenAt).not.toBeNull();
    const [otherRow] = await t.db.select().from(practiceReports).where(eq(practiceReports.id, otherId));
    expect(otherRow).toMatchObject({ status: 'actioned', resolvedBy: moderator.user.id });
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'practice_report.hide'), eq(auditLog.entityId, String(second!.id))));
    expect(entries).toHaveLength(1);

    const twice = await t.json('POST', `/api/admin/practice-reports/${second!.id}`, { action: 'dismiss' }, moderator.token);
    expect(twice.status).toBe(409);
    expect(await read<ErrorBody>(twice)).toEqual({ message: REPORT_ALREADY_RESOLVED });
    const actioned = await read<Page>(await t.json('GET', '/api/admin/practice-reports?status=actioned', undefined, admin.token));
    expect(actioned.data.map((r) => r.id)).toEqual(expect.arrayContaining([second!.id, otherId]));
  });

  it('hides a take: its file is then shown to moderators only; a dismissal changes nothing', async () => {
    const { take } = await answeredTake();
    const dismissed = await read<{ id: number }>(await report(instructor, { target_kind: 'take', target_id: take.id, reason: 'Blurry.' }));
    const res = await t.json('POST', `/api/admin/practice-reports/${dismissed.id}`, { action: 'dismiss' }, admin.token);
    expect(await read<PracticeReportView>(res)).toMatchObject({ status: 'dismissed' });
    expect((await read<TakeView>(await t.json('GET', `/api/practice/takes/${take.id}`, undefined, learner.token))).video_url).not.toBeNull();

    const hide = await read<{ id: number }>(await report(instructor, { target_kind: 'take', target_id: take.id, reason: 'Not a dance take.' }));
    expect((await t.json('POST', `/api/admin/practice-reports/${hide.id}`, { action: 'hide' }, admin.token)).status).toBe(200);
    expect((await read<TakeView>(await t.json('GET', `/api/practice/takes/${take.id}`, undefined, learner.token))).video_url).toBeNull();
    expect((await read<TakeView>(await t.json('GET', `/api/practice/takes/${take.id}`, undefined, instructor.token))).video_url).toBeNull();
    expect((await read<TakeView>(await t.json('GET', `/api/practice/takes/${take.id}`, undefined, admin.token))).video_url).not.toBeNull();
    expect((await t.json('POST', '/api/admin/practice-reports/999999999', { action: 'hide' }, admin.token)).status).toBe(404);
    expect((await t.json('POST', `/api/admin/practice-reports/${hide.id}`, { action: 'delete' }, admin.token)).status).toBe(400);
  });

  it('pages by keyset: every open report once, newest first, through an index', async () => {
    const { take } = await answeredTake();
    const stamp = (i: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, i)).toISOString();
    await t.db.insert(practiceReports).values(Array.from({ length: PRACTICE_REPORTS_PAGE_SIZE + 5 }, (_, i) => ({ targetKind: 'take' as const, targetId: take.id, reporterId: null, reason: `r${i}`, createdAt: stamp(i) })));
    const seen: number[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/admin/practice-reports?status=open${next ? `&cursor=${next}` : ''}`;
      const statements = await statementsOf(t.client, async () => {
        const page = await read<Page>(await t.json('GET', path, undefined, admin.token));
        seen.push(...page.data.map((r) => r.id));
        next = page.next;
      });
      const problems = (await planReport(t.client, statements)).flatMap((r) => r.problems.map((p) => `${p} in ${r.sql}`));
      expect(problems).toEqual([]);
      pages += 1;
    } while (next && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await t.db.select({ id: practiceReports.id }).from(practiceReports).where(eq(practiceReports.status, 'open'));
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
    expect(pages).toBeGreaterThan(1);
    expect((await t.json('GET', '/api/admin/practice-reports?cursor=nonsense', undefined, admin.token)).status).toBe(400);
  });
});
