import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackRequests, statTotals, users } from '../../../db/schema/index.ts';
import { FEEDBACK_QUEUE_PAGE_SIZE, type FeedbackQueuePage } from '../../../shared/practice.ts';
import type { InstructorDashboard } from '../../../shared/dashboards/instructor.ts';
import { createFeedbackRequest, createTake, practiceWorld, type PracticeWorld } from '../../../tests/support/feedback-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { rebuildStatTotals } from '../services/stats/rebuild.ts';

/**
 * The instructors' queue of feedback requests (decision 0070): their own courses' requests (every
 * course for admins) by tab, oldest due first, in keyset pages; the tabs' counts from running
 * totals; every statement served by an index.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const queue = (token: string, query = '') => t.json('GET', `/api/instructor/feedback${query}`, undefined, token);

/** A request of a new learner's take in the world's course, due in `days`. */
async function requestIn(w: PracticeWorld, days: number, options: Parameters<typeof createFeedbackRequest>[2] = {}) {
  const learner = await createUser(t.db);
  const take = await createTake(t.db, { userId: learner.id, courseId: w.course.id, lessonId: w.lessonId });
  return createFeedbackRequest(t.db, take, { dueAt: inDays(days), ...options });
}

describe('GET /api/instructor/feedback', () => {
  it("lists the instructor's own courses' requests by tab, oldest due first, with the counts of the tabs", async () => {
    const w = await practiceWorld(t.db);
    // A second course of the same instructor, and someone else's course.
    const second = await practiceWorld(t.db);
    const secondCourse = await buildCourse(t.db, { instructorId: w.instructor.id, modules: [{ lessons: [{ type: 'video' }] }] });
    const overdue = await requestIn(w, -2);
    const soon = await requestIn(w, 1);
    const later = await requestIn(w, 3);
    const learner = await createUser(t.db);
    const take = await createTake(t.db, { userId: learner.id, courseId: secondCourse.id, lessonId: secondCourse.lessons[0]!.id });
    const elsewhere = await createFeedbackRequest(t.db, take, { dueAt: inDays(2) });
    const answered = await requestIn(w, -5, { status: 'answered', verdict: 'approved', answeredAt: inDays(-6) });
    await requestIn(second, 0.5);

    const waiting = await read<FeedbackQueuePage>(await queue(w.instructorToken));
    expect(waiting.data.map((r) => r.id)).toEqual([overdue.id, soon.id, elsewhere.id, later.id]);
    expect(waiting.data[0]).toMatchObject({ overdue: true, status: 'waiting', course: { id: w.course.id }, lesson: { id: w.lessonId }, take_duration_ms: 20_000 });
    expect(waiting.data[1]!.overdue).toBe(false);
    expect(waiting.counts).toEqual({ waiting: 4, overdue: 1, answered: 1 });
    expect(waiting.next).toBeNull();

    expect((await read<FeedbackQueuePage>(await queue(w.instructorToken, '?status=overdue'))).data.map((r) => r.id)).toEqual([overdue.id]);
    const done = await read<FeedbackQueuePage>(await queue(w.instructorToken, '?status=answered'));
    expect(done.data.map((r) => r.id)).toEqual([answered.id]);
    expect(done.data[0]).toMatchObject({ verdict: 'approved', overdue: false });

    const one = await read<FeedbackQueuePage>(await queue(w.instructorToken, `?course_id=${secondCourse.id}`));
    expect(one.data.map((r) => r.id)).toEqual([elsewhere.id]);
    expect(one.counts).toEqual({ waiting: 1, overdue: 0, answered: 0 });
    const theirs = await read<FeedbackQueuePage>(await queue(w.instructorToken, `?learner_id=${overdue.userId}`));
    expect(theirs.data.map((r) => r.id)).toEqual([overdue.id]);
    expect(theirs.counts).toEqual({ waiting: 1, overdue: 1, answered: 0 });
  });

  it('pages by keyset: each page after the last row of the one before, none twice, none missed', async () => {
    const w = await practiceWorld(t.db);
    const made: number[] = [];
    // Some share a due date: the id breaks the tie.
    for (let i = 0; i < FEEDBACK_QUEUE_PAGE_SIZE + 5; i++) made.push((await requestIn(w, 1 + Math.floor(i / 3))).id);
    const first = await read<FeedbackQueuePage>(await queue(w.instructorToken));
    expect(first.data).toHaveLength(FEEDBACK_QUEUE_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await read<FeedbackQueuePage>(await queue(w.instructorToken, `?cursor=${first.next}`));
    expect(second.data).toHaveLength(5);
    expect(second.next).toBeNull();
    expect([...first.data, ...second.data].map((r) => r.id)).toEqual(made);
    // Answered, latest due first, pages the same way.
    await t.db.update(feedbackRequests).set({ status: 'answered', verdict: 'try_again' }).where(eq(feedbackRequests.courseId, w.course.id));
    const a1 = await read<FeedbackQueuePage>(await queue(w.instructorToken, '?status=answered'));
    const a2 = await read<FeedbackQueuePage>(await queue(w.instructorToken, `?status=answered&cursor=${a1.next}`));
    expect([...a1.data, ...a2.data].map((r) => r.id)).toEqual([...made].reverse());
    expect(a1.counts).toEqual({ waiting: 0, overdue: 0, answered: FEEDBACK_QUEUE_PAGE_SIZE + 5 });
  });

  it("admins see every course's requests; a course not one's own is 403, an unknown one 404; students 403; bad queries 400", async () => {
    const w = await practiceWorld(t.db);
    const request = await requestIn(w, 1);
    const admin = await signIn(t.db, (await createAdmin(t.db)).id);
    const all = await read<FeedbackQueuePage>(await queue(admin, `?course_id=${w.course.id}`));
    expect(all.data.map((r) => r.id)).toEqual([request.id]);
    const everything = await read<FeedbackQueuePage>(await queue(admin));
    expect(everything.counts.waiting).toBeGreaterThanOrEqual(1);

    const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    expect((await read<FeedbackQueuePage>(await queue(other.token))).data).toEqual([]);
    const notMine = await queue(other.token, `?course_id=${w.course.id}`);
    expect(notMine.status).toBe(403);
    expect((await queue(other.token, '?course_id=99999999')).status).toBe(404);
    const student = await queue(w.learnerToken);
    expect(student.status).toBe(403);
    expect((await read<ErrorBody>(student)).message).toBe("Only the course's instructors and admins can answer feedback requests.");
    for (const query of ['?status=late', '?course_id=abc', '?learner_id=-1', '?cursor=a.b', '?cursor=bm90LWEtY3Vyc29y']) {
      expect((await queue(w.instructorToken, query)).status, query).toBe(400);
    }
    expect((await queue('')).status).toBe(401);
  });

  it('the counts are running totals kept by the database, equal to a recount', async () => {
    const w = await practiceWorld(t.db);
    const a = await requestIn(w, 1);
    await requestIn(w, 2);
    const totals = async () =>
      Object.fromEntries(
        (await t.db.select().from(statTotals).where(sql`${statTotals.metric} IN (${`feedback.waiting:${w.course.id}`}, ${`feedback.answered:${w.course.id}`})`)).map((r) => [r.metric.split(':')[0], r.value]),
      );
    expect(await totals()).toEqual({ 'feedback.waiting': 2 });
    expect((await t.json('POST', `/api/practice/feedback/${a.id}/answer`, { verdict: 'approved' }, w.instructorToken)).status).toBe(200);
    expect(await totals()).toEqual({ 'feedback.waiting': 1, 'feedback.answered': 1 });
    expect((await read<FeedbackQueuePage>(await queue(w.instructorToken))).counts).toEqual({ waiting: 1, overdue: 0, answered: 1 });
    // A deleted account takes its requests and their counts with it.
    await t.db.delete(users).where(eq(users.id, a.userId));
    expect(await totals()).toEqual({ 'feedback.waiting': 1, 'feedback.answered': 0 });
    const before = await t.db.select().from(statTotals).where(sql`${statTotals.metric} LIKE 'feedback.%' AND ${statTotals.value} <> 0`).orderBy(statTotals.metric);
    await rebuildStatTotals(t.db);
    const after = await t.db.select().from(statTotals).where(sql`${statTotals.metric} LIKE 'feedback.%'`).orderBy(statTotals.metric);
    expect(after).toEqual(before);
  });

  it("the instructor dashboard counts the takes waiting in one's courses", async () => {
    const w = await practiceWorld(t.db);
    await requestIn(w, 1);
    await requestIn(w, -1);
    await requestIn(w, -1, { status: 'answered', verdict: 'try_again' });
    const body = await read<InstructorDashboard>(await t.json('GET', '/api/instructor/dashboard', undefined, w.instructorToken));
    expect(body.feedback_waiting).toBe(2);
    const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    expect((await read<InstructorDashboard>(await t.json('GET', '/api/instructor/dashboard', undefined, other.token))).feedback_waiting).toBe(0);
  });
});

describe('query plans of the queue', () => {
  async function planned(path: string, token: string) {
    let status = 0;
    const statements = await statementsOf(t.client, async () => {
      status = (await t.json('GET', path, undefined, token)).status;
    });
    expect(status, path).toBe(200);
    return { statements, report: await planReport(t.client, statements) };
  }

  let w: PracticeWorld;
  let admin: string;
  beforeAll(async () => {
    w = await practiceWorld(t.db);
    await buildCourse(t.db, { instructorId: w.instructor.id });
    for (let i = 0; i < 5; i++) await requestIn(w, i - 2, i === 4 ? { status: 'answered', verdict: 'approved' } : {});
    admin = await signIn(t.db, (await createAdmin(t.db)).id);
  });

  const lines = (report: { plan: string[] }[]) => report.flatMap((r) => r.plan);

  for (const tab of ['waiting', 'overdue', 'answered']) {
    it(`one course's ${tab} tab walks feedback_requests_course_status_due_idx, no scan, no sort`, async () => {
      const { statements, report } = await planned(`/api/instructor/feedback?status=${tab}&course_id=${w.course.id}`, w.instructorToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(lines(report).some((l) => l.includes('feedback_requests_course_status_due_idx'))).toBe(true);
      expect(lines(report).filter((l) => /^SCAN (feedback_requests|stat_totals|courses)\b/.test(l))).toEqual([]);
      // The sign-in, the course, the page and the counts.
      expect(statements.length).toBeLessThanOrEqual(6);
    });

    it(`every course's ${tab} tab (admins) walks feedback_requests_status_due_idx`, async () => {
      const { report } = await planned(`/api/instructor/feedback?status=${tab}`, admin);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(lines(report).some((l) => l.includes('feedback_requests_status_due_idx'))).toBe(true);
      expect(lines(report).filter((l) => /^SCAN (feedback_requests|stat_totals)\b/.test(l))).toEqual([]);
    });

    it(`an instructor's ${tab} tab over their courses: a walk of each course's index, sorting only those pages`, async () => {
      const { statements, report } = await planned(`/api/instructor/feedback?status=${tab}`, w.instructorToken);
      const all = lines(report);
      // No statement reads a table that grows; the page's sort is of the rows found by their keys (a page per course).
      expect(all.filter((l) => /^SCAN (feedback_requests|per_course|courses|stat_totals|lessons|users|practice_takes)\b/.test(l))).toEqual([]);
      const page = report.find((r) => r.sql.includes('per_course'))!;
      expect(page.plan.filter((l) => /^SEARCH feedback_requests /.test(l))).toEqual(['SEARCH feedback_requests USING INTEGER PRIMARY KEY (rowid=?)']);
      expect(all.some((l) => l.includes('courses_instructor_idx'))).toBe(true);
      expect(all.some((l) => /SEARCH per_course USING (COVERING )?INDEX feedback_requests_course_status_due_idx/.test(l))).toBe(true);
      expect(all.some((l) => /SEARCH feedback_requests USING INTEGER PRIMARY KEY/.test(l))).toBe(true);
      expect(statements.length).toBeLessThanOrEqual(5);
    });
  }

  it("a learner's requests are counted from their own rows (feedback_requests_user_idx)", async () => {
    const learnerId = (await t.db.select({ id: feedbackRequests.userId }).from(feedbackRequests).where(eq(feedbackRequests.courseId, w.course.id)).limit(1))[0]!.id;
    const { report } = await planned(`/api/instructor/feedback?learner_id=${learnerId}&course_id=${w.course.id}`, w.instructorToken);
    expect(lines(report).filter((l) => /^SCAN (feedback_requests|courses)\b/.test(l))).toEqual([]);
  });
});
