import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModerationWorld, type ModerationWorld, type Person } from '../support/community-moderation-world.ts';
import { read, type ErrorBody } from '../support/test-app.ts';
import { communityPosts, communityReports, communityTotals, lessons } from '../../db/schema/index.ts';
import { denialMessage } from '../../worker/src/domain/permissions.ts';
import { DETAIL_TOO_LONG } from '../../worker/src/schemas/community-moderation.ts';
import { REPORT_NOT_FOUND } from '../../worker/src/services/community/reports.ts';
import { planReport, statementsOf } from '../support/query-plans.ts';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, type CommunityReportPage, type CommunityReportView } from '../../shared/community.ts';

/**
 * Members' reports of community posts and the moderators' queue of them (decision 0075): who may
 * report, what each refusal answers, the post in context, deciding every open report of a post at
 * once (dismiss, hide, delete), each decision audited once, and the queues' query plans.
 */

let t: ModerationWorld['t'];
let instructor: Person, learner: Person, otherLearner: Person, stranger: Person, admin: Person, moderator: Person, seller: Person;
let courseId: number, lessonId: number;
let question: ModerationWorld['question'], answer: ModerationWorld['answer'], resourceQuestion: ModerationWorld['resourceQuestion'], postRow: ModerationWorld['postRow'];
let openReport: ModerationWorld['openReport'], lastAuditId: ModerationWorld['lastAuditId'], auditSince: ModerationWorld['auditSince'];

beforeAll(async () => {
  ({ t, instructor, learner, otherLearner, stranger, admin, moderator, seller, courseId, lessonId, question, answer, resourceQuestion, postRow, openReport, lastAuditId, auditSince } = await createModerationWorld());
});
afterAll(() => t.close());

describe('POST /api/community/posts/{id}/reports', () => {
  const report = (who: Person, postId: number, body: unknown) => t.json('POST', `/api/community/posts/${postId}/reports`, body, who.token);

  it('takes one report per member and post from someone who can read it', async () => {
    const q = await question(learner.user.id);
    const res = await report(otherLearner, q.id, { reason: 'spam', detail: 'A link to a shop.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: expect.any(Number), status: 'open' });
    const again = await report(otherLearner, q.id, { reason: 'abuse' });
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: COMMUNITY_MESSAGES.ALREADY_REPORTED });
    // The page's owner reports too; anyone may report a public resource's post.
    expect((await report(instructor, q.id, { reason: 'off_topic' })).status).toBe(201);
    expect((await report(stranger, (await resourceQuestion(learner.user.id)).id, { reason: 'other', detail: null })).status).toBe(201);
  });

  it('refuses one’s own post, a reason not in the list, a detail too long, and a visitor', async () => {
    const q = await question(learner.user.id);
    const own = await report(learner, q.id, { reason: 'spam' });
    expect(own.status).toBe(400);
    expect(await read<ErrorBody>(own)).toEqual({ message: COMMUNITY_MESSAGES.CANNOT_REPORT_OWN });
    const noReason = await report(otherLearner, q.id, { reason: 'boring' });
    expect(noReason.status).toBe(400);
    expect(await read<ErrorBody>(noReason)).toEqual({ message: COMMUNITY_MESSAGES.CHOOSE_A_REASON, validationErrors: { reason: [COMMUNITY_MESSAGES.CHOOSE_A_REASON] } });
    const long = await report(otherLearner, q.id, { reason: 'other', detail: 'x'.repeat(COMMUNITY_LIMITS.reportDetailMax + 1) });
    expect(long.status).toBe(400);
    expect((await read<ErrorBody>(long)).validationErrors).toEqual({ detail: [DETAIL_TOO_LONG] });
    expect((await t.json('POST', `/api/community/posts/${q.id}/reports`, { reason: 'spam' })).status).toBe(401);
    expect(await t.db.select().from(communityReports).where(eq(communityReports.postId, q.id))).toEqual([]);
  });

  it('answers 404 for a lesson post to someone not in the course, and for held, hidden or missing posts', async () => {
    const q = await question(learner.user.id);
    const held = await question(learner.user.id, { status: 'pending' });
    const hidden = await question(learner.user.id, { status: 'hidden' });
    for (const [who, id] of [
      [stranger, q.id],
      [otherLearner, held.id],
      [otherLearner, hidden.id],
      [otherLearner, 999_999],
    ] as const) {
      const res = await report(who, id, { reason: 'spam' });
      expect(res.status, `post ${id}`).toBe(404);
      expect(await read<ErrorBody>(res)).toEqual({ message: COMMUNITY_MESSAGES.NOT_FOUND });
    }
  });
});

describe('the moderators’ queue of reports', () => {
  const list = (who: Person, query = '') => t.json('GET', `/api/admin/community/reports${query}`, undefined, who.token);
  const decide = (who: Person, id: number, action: unknown) => t.json('POST', `/api/admin/community/reports/${id}`, { action }, who.token);

  it('is for community.moderate alone', async () => {
    for (const who of [learner, instructor, seller]) {
      const res = await list(who);
      expect(res.status).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: denialMessage('community.moderate') });
    }
    const q = await question(learner.user.id);
    const r = await openReport(q.id, otherLearner.user.id);
    expect((await decide(instructor, r.id, 'hide')).status).toBe(403);
    expect((await postRow(q.id)).status).toBe('visible');
    expect((await list(admin)).status).toBe(200);
  });

  it('shows each open report oldest first with the post in context and the count of its open reports, paged by keyset', async () => {
    // A fresh queue: earlier tests' reports are decided.
    await t.db.update(communityReports).set({ status: 'dismissed' }).where(eq(communityReports.status, 'open'));
    const q = await question(learner.user.id, { title: 'Where does the weight go in a plié?' });
    const a = await answer(q, otherLearner.user.id, { body: 'Buy my course at **spam.example**' });
    await openReport(a.id, learner.user.id);
    await openReport(a.id, instructor.user.id);
    const others = [];
    for (let i = 0; i < COMMUNITY_LIMITS.pageSize; i++) others.push(await openReport((await resourceQuestion(learner.user.id)).id, otherLearner.user.id));
    const first = await read<CommunityReportPage>(await list(moderator));
    expect(first.data).toHaveLength(COMMUNITY_LIMITS.pageSize);
    const [top] = first.data;
    expect(top).toMatchObject({
      reason: 'spam',
      status: 'open',
      report_count: 2,
      question: { id: q.id, title: 'Where does the weight go in a plié?' },
      target: { kind: 'lesson', id: lessonId, url: `/courses/${courseId}/modules/${(await t.db.select().from(lessons).where(eq(lessons.id, lessonId)))[0]!.moduleId}/lessons/${lessonId}?question=${q.id}#questions` },
      post: { id: a.id, kind: 'answer', body: 'Buy my course at **spam.example**', status: 'visible' },
    });
    expect(top!.post.body_html).toContain('<strong>spam.example</strong>');
    expect(top!.target.title).toContain(': ');
    expect(first.next).toEqual(expect.any(String));
    const second = await read<CommunityReportPage>(await list(moderator, `?cursor=${first.next}`));
    expect(second.next).toBeNull();
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(new Set(ids).size).toBe(COMMUNITY_LIMITS.pageSize + 2);
    expect(ids.at(-1)).toBe(others.at(-1)!.id);
    const bad = await list(moderator, '?status=closed');
    expect(bad.status).toBe(400);
    expect((await list(moderator, '?cursor=not-a-token!')).status).toBe(400);
  });

  it('dismisses: every open report of the post is decided, the post stays, one audit entry', async () => {
    const q = await question(learner.user.id);
    const [r1, r2] = [await openReport(q.id, otherLearner.user.id), await openReport(q.id, instructor.user.id)];
    const since = await lastAuditId();
    const res = await decide(moderator, r1.id, 'dismiss');
    expect(res.status).toBe(200);
    expect(await read<CommunityReportView>(res)).toMatchObject({ id: r1.id, status: 'dismissed', decided_at: expect.any(String), report_count: 0 });
    const rows = await t.db.select().from(communityReports).where(eq(communityReports.postId, q.id)).orderBy(communityReports.id);
    expect(rows.map((r) => [r.id, r.status, r.decidedBy])).toEqual([
      [r1.id, 'dismissed', moderator.user.id],
      [r2.id, 'dismissed', moderator.user.id],
    ]);
    expect((await postRow(q.id)).status).toBe('visible');
    const entries = await auditSince(since);
    expect(entries.map((e) => [e.action, e.entityId])).toEqual([['community_report.dismiss', String(r1.id)]]);
  });

  it('hides: the post leaves the page (its totals too) and every open report is actioned', async () => {
    const q = await question(learner.user.id);
    const r = await openReport(q.id, otherLearner.user.id);
    const lessonTotal = async () => (await t.db.select().from(communityTotals).where(and(eq(communityTotals.scopeKind, 'lesson'), eq(communityTotals.scopeId, lessonId))))[0]?.questions ?? 0;
    const before = await lessonTotal();
    const res = await decide(admin, r.id, 'hide');
    expect(res.status).toBe(200);
    expect((await read<CommunityReportView>(res)).post.status).toBe('hidden');
    expect(await postRow(q.id)).toMatchObject({ status: 'hidden', hiddenBy: admin.user.id, hiddenAt: expect.any(String) });
    expect(await lessonTotal()).toBe(before - 1);
    const again = await decide(admin, r.id, 'delete');
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: COMMUNITY_MESSAGES.ALREADY_DECIDED });
  });

  it('deletes: the text is cleared and the audit entry keeps what it said', async () => {
    const q = await question(learner.user.id, { title: 'Rude title here', body: 'Rude words here.' });
    const r = await openReport(q.id, otherLearner.user.id);
    const since = await lastAuditId();
    expect((await decide(moderator, r.id, 'delete')).status).toBe(200);
    expect(await postRow(q.id)).toMatchObject({ status: 'deleted', body: '', title: '', deletedAt: expect.any(String) });
    const [entry] = await auditSince(since);
    expect(entry!.action).toBe('community_report.delete');
    expect(JSON.parse(entry!.before!)).toMatchObject({ status: 'open', post_status: 'visible', post_body: 'Rude words here.', post_title: 'Rude title here' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ status: 'actioned', post_status: 'deleted', post_body: '' });
  });

  it('deletes an accepted answer: its question no longer points at it', async () => {
    const q = await question(learner.user.id);
    const a = await answer(q, otherLearner.user.id);
    await t.db.update(communityPosts).set({ acceptedAnswerId: a.id }).where(eq(communityPosts.id, q.id));
    const r = await openReport(a.id, instructor.user.id);
    const statements = await statementsOf(t.client, async () => expect((await decide(moderator, r.id, 'delete')).status).toBe(200));
    expect(await postRow(a.id)).toMatchObject({ status: 'deleted', body: '' });
    expect((await postRow(q.id)).acceptedAnswerId).toBeNull();
    // The audit writer's read of sqlite_sequence (a row per table) is not a list of ours.
    const problems = (await planReport(t.client, statements)).flatMap((p) => p.problems.filter((x) => !x.includes('sqlite_sequence')).map((x) => `${x} in ${p.sql}`));
    expect(problems).toEqual([]);
  });

  it('answers 404 for no report, 400 for no decision, and decides once when two moderators decide at once', async () => {
    const missing = await decide(moderator, 999_999, 'dismiss');
    expect(missing.status).toBe(404);
    expect(await read<ErrorBody>(missing)).toEqual({ message: REPORT_NOT_FOUND });
    const q = await question(learner.user.id);
    const r = await openReport(q.id, otherLearner.user.id);
    const bad = await decide(moderator, r.id, 'ban');
    expect(bad.status).toBe(400);
    expect((await read<ErrorBody>(bad)).validationErrors).toHaveProperty('action');
    const since = await lastAuditId();
    const answers = await Promise.all([decide(moderator, r.id, 'hide'), decide(admin, r.id, 'dismiss')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditSince(since)).toHaveLength(1);
    const [row] = await t.db.select().from(communityReports).where(eq(communityReports.id, r.id));
    expect((await postRow(q.id)).status).toBe(row!.status === 'actioned' ? 'hidden' : 'visible');
  });
});

describe('the queues’ query plans', () => {
  it('read each page through an index, never a whole table, at every depth', async () => {
    for (const path of ['/api/admin/community/reports', '/api/admin/community/reports?status=dismissed', '/api/admin/community/pending', '/api/admin/community/suspensions']) {
      let next: string | null = null;
      let pages = 0;
      do {
        const url: string = next ? `${path}${path.includes('?') ? '&' : '?'}cursor=${next}` : path;
        const statements = await statementsOf(t.client, async () => {
          const res = await t.json('GET', url, undefined, moderator.token);
          expect(res.status, url).toBe(200);
          next = (await read<{ next: string | null }>(res)).next;
        });
        const problems = (await planReport(t.client, statements)).flatMap((r) => r.problems.map((p) => `${p} in ${r.sql}`));
        expect(problems, url).toEqual([]);
        pages += 1;
      } while (next && pages < 5);
    }
  });
});
