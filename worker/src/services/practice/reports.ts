import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { courses, feedbackNotes, feedbackReplies, feedbackRequests, lessons, practiceReports, practiceTakes, users } from '../../../../db/schema/index.ts';
import { alias } from 'drizzle-orm/sqlite-core';
import { displayName } from '../../domain/certificates.ts';
import { canManageCourse, type CourseActor } from '../../domain/courses.ts';
import { encodeCursor, type Cursor } from '../../domain/page-cursor.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { audited, type AuditActor } from '../audit.ts';
import { after } from '../keyset.ts';
import { loadTake, OPEN, takeViewerOf } from './take-reads.ts';
import {
  ALREADY_REPORTED,
  TAKE_NOT_FOUND,
  type PracticeReportTarget,
  type PracticeReportView,
} from '../../../../shared/practice.ts';

/**
 * Reports of the practice room (decision 0070): anyone who can see a take, a note or a reply may
 * report it once (while their report is open); the moderators ('practice.moderate') read the
 * queue newest first by keyset (practice_reports_status_idx) and dismiss a report or hide what it
 * names, audited. Deciding one report decides every open report of the same item.
 */

export const PRACTICE_REPORTS_PAGE_SIZE = 20;
export const NOTE_NOT_FOUND = 'Note not found';
export const REPLY_NOT_FOUND = 'Reply not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const REPORT_ALREADY_RESOLVED = 'This report is already resolved.';
/** What a report of an item that was deleted since shows. */
export const GONE_EXCERPT = 'This item has been deleted since.';
const EXCERPT_MAX = 280;

type ReportStatus = (typeof practiceReports.$inferSelect)['status'];
type ReportActor = AuditActor & CourseActor;

/** The feedback request and course a note or reply belongs to, when it is shown and the actor may see it. */
async function noteOwner(db: Db, where: SQL, from: 'note' | 'reply') {
  const base = db
    .select({ learnerId: feedbackRequests.userId, courseId: feedbackRequests.courseId, instructorId: courses.instructorId })
    .from(feedbackNotes)
    .innerJoin(feedbackRequests, eq(feedbackRequests.id, feedbackNotes.requestId))
    .innerJoin(courses, eq(courses.id, feedbackRequests.courseId));
  const [row] =
    from === 'note'
      ? await base.where(and(where, isNull(feedbackNotes.hiddenAt))).limit(1)
      : await base
          .innerJoin(feedbackReplies, eq(feedbackReplies.noteId, feedbackNotes.id))
          .where(and(where, isNull(feedbackReplies.hiddenAt), isNull(feedbackNotes.hiddenAt)))
          .limit(1);
  return row ?? null;
}

/** Whether the actor can see the item (the reporter must): 404 in the item's own words otherwise. */
async function assertCanSee(db: Db, actor: ReportActor, kind: PracticeReportTarget, id: number): Promise<void> {
  if (kind === 'take') {
    const record = await loadTake(db, id);
    if (!record || record.take.hiddenAt !== null || !(await takeViewerOf(db, actor, record))) throw notFound(TAKE_NOT_FOUND);
    return;
  }
  const owner = await noteOwner(db, kind === 'note' ? eq(feedbackNotes.id, id) : eq(feedbackReplies.id, id), kind);
  const sees = owner !== null && (owner.learnerId === actor.id || canManageCourse(actor, { instructorId: owner.instructorId }));
  if (!sees) throw notFound(kind === 'note' ? NOTE_NOT_FOUND : REPLY_NOT_FOUND);
}

/** POST /api/practice/reports. */
export async function reportPracticeItem(
  db: Db,
  actor: ReportActor,
  input: { target_kind: PracticeReportTarget; target_id: number; reason: string },
): Promise<{ id: number; status: 'open' }> {
  await assertCanSee(db, actor, input.target_kind, input.target_id);
  // One open report per member and item (practice_reports_open_unique).
  const [row] = await db
    .insert(practiceReports)
    .values({ targetKind: input.target_kind, targetId: input.target_id, reporterId: actor.id, reason: input.reason })
    .onConflictDoNothing()
    .returning({ id: practiceReports.id });
  if (!row) throw conflict(ALREADY_REPORTED);
  return { id: row.id, status: 'open' };
}

const reporter = alias(users, 'reporter');

function reportQuery(db: Db) {
  return db
    .select({
      report: practiceReports,
      reporterFirstName: reporter.firstName,
      reporterLastName: reporter.lastName,
      reporterUsername: reporter.username,
    })
    .from(practiceReports)
    .leftJoin(reporter, eq(reporter.id, practiceReports.reporterId));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number];

interface TargetContext {
  excerpt: string;
  feedbackId: number | null;
  takeId: number | null;
  course: { id: number; title: string };
}

const clip = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

/** The reported items of a page, a read per kind by their keys. */
async function targetContexts(db: Db, rows: ReportRow[]): Promise<Map<string, TargetContext>> {
  const idsOf = (kind: PracticeReportTarget) => [...new Set(rows.filter((r) => r.report.targetKind === kind).map((r) => r.report.targetId))];
  const takeIds = idsOf('take');
  const noteIds = idsOf('note');
  const replyIds = idsOf('reply');
  const out = new Map<string, TargetContext>();
  const [takes, notes, replies] = await Promise.all([
    takeIds.length === 0
      ? []
      : db
          .select({ id: practiceTakes.id, lessonTitle: lessons.title, courseId: courses.id, courseTitle: courses.title, feedbackId: feedbackRequests.id })
          .from(practiceTakes)
          .innerJoin(lessons, eq(lessons.id, practiceTakes.lessonId))
          .innerJoin(courses, eq(courses.id, practiceTakes.courseId))
          .leftJoin(feedbackRequests, eq(feedbackRequests.takeId, practiceTakes.id))
          .where(inArray(practiceTakes.id, takeIds)),
    noteIds.length === 0
      ? []
      : db
          .select({ id: feedbackNotes.id, body: feedbackNotes.body, feedbackId: feedbackRequests.id, takeId: feedbackRequests.takeId, courseId: courses.id, courseTitle: courses.title })
          .from(feedbackNotes)
          .innerJoin(feedbackRequests, eq(feedbackRequests.id, feedbackNotes.requestId))
          .innerJoin(courses, eq(courses.id, feedbackRequests.courseId))
          .where(inArray(feedbackNotes.id, noteIds)),
    replyIds.length === 0
      ? []
      : db
          .select({ id: feedbackReplies.id, body: feedbackReplies.body, feedbackId: feedbackRequests.id, takeId: feedbackRequests.takeId, courseId: courses.id, courseTitle: courses.title })
          .from(feedbackReplies)
          .innerJoin(feedbackNotes, eq(feedbackNotes.id, feedbackReplies.noteId))
          .innerJoin(feedbackRequests, eq(feedbackRequests.id, feedbackNotes.requestId))
          .innerJoin(courses, eq(courses.id, feedbackRequests.courseId))
          .where(inArray(feedbackReplies.id, replyIds)),
  ]);
  for (const t of takes) {
    out.set(`take:${t.id}`, { excerpt: `A take danced to “${t.lessonTitle}”`, feedbackId: t.feedbackId, takeId: t.id, course: { id: t.courseId, title: t.courseTitle } });
  }
  for (const n of notes) out.set(`note:${n.id}`, { excerpt: clip(n.body || '(a drawing without text)'), feedbackId: n.feedbackId, takeId: n.takeId, course: { id: n.courseId, title: n.courseTitle } });
  for (const r of replies) out.set(`reply:${r.id}`, { excerpt: clip(r.body), feedbackId: r.feedbackId, takeId: r.takeId, course: { id: r.courseId, title: r.courseTitle } });
  return out;
}

function toReportView(row: ReportRow, context: TargetContext | undefined): PracticeReportView {
  const { report } = row;
  return {
    id: report.id,
    target_kind: report.targetKind,
    target_id: report.targetId,
    reason: report.reason,
    status: report.status,
    reporter:
      report.reporterId === null
        ? null
        : { id: report.reporterId, name: displayName({ firstName: row.reporterFirstName, lastName: row.reporterLastName, username: row.reporterUsername }, 'A member') },
    excerpt: context?.excerpt ?? GONE_EXCERPT,
    feedback_id: context?.feedbackId ?? null,
    take_id: context?.takeId ?? null,
    course: context?.course ?? { id: 0, title: '' },
    created_at: report.createdAt,
  };
}

/** GET /api/admin/practice-reports: a page of one status, newest first, and the token of the next. */
export async function listPracticeReports(db: Db, status: ReportStatus, cursor: Cursor | undefined): Promise<{ data: PracticeReportView[]; next: string | null }> {
  const position = cursor ? ([String(cursor.key), cursor.id] as const) : undefined;
  const rows = await reportQuery(db)
    .where(and(eq(practiceReports.status, status), after(practiceReports.createdAt, practiceReports.id, position)))
    .orderBy(desc(practiceReports.createdAt), desc(practiceReports.id))
    .limit(PRACTICE_REPORTS_PAGE_SIZE + 1);
  const shown = rows.slice(0, PRACTICE_REPORTS_PAGE_SIZE);
  const contexts = await targetContexts(db, shown);
  const last = shown.at(-1);
  const next = rows.length > PRACTICE_REPORTS_PAGE_SIZE && last ? encodeCursor({ key: last.report.createdAt, id: last.report.id, page: (cursor?.page ?? 1) + 1 }) : null;
  return { data: shown.map((r) => toReportView(r, contexts.get(`${r.report.targetKind}:${r.report.targetId}`))), next };
}

async function reportView(db: Db, id: number): Promise<PracticeReportView | null> {
  const [row] = await reportQuery(db).where(eq(practiceReports.id, id)).limit(1);
  if (!row) return null;
  const contexts = await targetContexts(db, [row]);
  return toReportView(row, contexts.get(`${row.report.targetKind}:${row.report.targetId}`));
}

/** The item's hidden_at set, when `when` holds. */
function hideStatement(db: Db, kind: PracticeReportTarget, id: number, stamp: string, when: SQL) {
  switch (kind) {
    case 'take':
      return db.update(practiceTakes).set({ hiddenAt: stamp }).where(and(eq(practiceTakes.id, id), isNull(practiceTakes.hiddenAt), when));
    case 'note':
      return db.update(feedbackNotes).set({ hiddenAt: stamp }).where(and(eq(feedbackNotes.id, id), isNull(feedbackNotes.hiddenAt), when));
    case 'reply':
      return db.update(feedbackReplies).set({ hiddenAt: stamp }).where(and(eq(feedbackReplies.id, id), isNull(feedbackReplies.hiddenAt), when));
  }
}

/**
 * POST /api/admin/practice-reports/{id} {action}: dismissed (nothing changes), or the item hidden
 * (its hidden_at set; a hidden take's file is shown to moderators only, a hidden note or reply to
 * nobody but them). One audited batch; every other open report of the item is decided with it.
 */
export async function resolvePracticeReport(db: Db, actor: ReportActor, id: number, action: 'dismiss' | 'hide'): Promise<PracticeReportView> {
  const [report] = await db.select().from(practiceReports).where(eq(practiceReports.id, id)).limit(1);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (report.status !== 'open') throw conflict(REPORT_ALREADY_RESOLVED);
  const status: ReportStatus = action === 'hide' ? 'actioned' : 'dismissed';
  const stamp = new Date().toISOString();
  const decided = { status, resolvedBy: actor.id, resolvedAt: stamp };
  const sameItem = and(eq(practiceReports.targetKind, report.targetKind), eq(practiceReports.targetId, report.targetId), OPEN);
  const main = db.update(practiceReports).set(decided).where(and(eq(practiceReports.id, id), eq(practiceReports.status, 'open')));
  // Hidden only when this batch decided the report (a racing decision finds it decided and hides nothing).
  const thisDecided = sql`EXISTS (SELECT 1 FROM ${practiceReports} WHERE ${practiceReports.id} = ${id} AND ${practiceReports.resolvedAt} = ${stamp} AND ${practiceReports.resolvedBy} = ${actor.id})`;
  const hide = hideStatement(db, report.targetKind, report.targetId, stamp, thisDecided);
  const others = db.update(practiceReports).set(decided).where(and(sameItem, ne(practiceReports.id, id), thisDecided));
  const verb = action === 'hide' ? 'Hid' : 'Dismissed the report of';
  await db.batch(
    audited(
      db,
      actor,
      { action: action === 'hide' ? 'practice_report.hide' : 'practice_report.dismiss', table: practiceReports, id, summary: `${verb} ${report.targetKind} ${report.targetId} (report ${id})` },
      action === 'hide' ? [main, hide, others] : [main, others],
    ),
  );
  const [decidedRow] = await db.select({ status: practiceReports.status }).from(practiceReports).where(eq(practiceReports.id, id)).limit(1);
  if (decidedRow?.status !== status) throw conflict(REPORT_ALREADY_RESOLVED);
  return (await reportView(db, id))!;
}
