import { and, count, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { courses, feedbackRequests, lessons, practiceTakes, statTotals, users } from '../../../../db/schema/index.ts';
import { FEEDBACK_QUEUE_PAGE_SIZE, type FeedbackQueueItem, type FeedbackQueuePage } from '../../../../shared/practice.ts';
import { displayName } from '../../domain/certificates.ts';
import type { CourseActor } from '../../domain/courses.ts';
import { encodeCursor, type Cursor } from '../../domain/page-cursor.ts';
import { can } from '../../domain/permissions.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import type { FeedbackQueueTab } from '../../schemas/practice-feedback.ts';
import { COURSE_NOT_FOUND, NOT_YOUR_COURSE } from '../courses.ts';
import { beyond, orderOf, type ListOrder } from '../keyset.ts';
import { canAnswerFeedback, isOverdue } from './feedback-views.ts';

/**
 * The instructors' queue of feedback requests (decision 0070): Waiting (oldest due first, overdue
 * ones among them), Overdue, Answered (latest due first), on the instructor's own courses or, for
 * admins, on every course; by keyset on (due_at, id). Every page is a walk of an index in order:
 * one course's requests through feedback_requests_course_status_due_idx, every course's through
 * feedback_requests_status_due_idx, an instructor's courses through each course's walk (a page of
 * each, then the page of those). The tabs' counts are running totals (`stat_totals`
 * `feedback.{status}[:course]`, kept by triggers: migration feedback_queue_totals) but the overdue
 * one, counted over the waiting requests already past due; with a learner chosen, over that
 * learner's requests.
 */

export interface FeedbackQueueAsk {
  status: FeedbackQueueTab;
  courseId?: number | undefined;
  learnerId?: number | undefined;
  cursor?: Cursor | undefined;
}

/** Whose requests: one course, every course (admins), or the courses an instructor teaches. */
type Scope = { kind: 'course'; courseId: number } | { kind: 'all' } | { kind: 'instructor'; instructorId: number };

const other = alias(feedbackRequests, 'per_course');

/** The columns of feedback_requests (or of an alias of it) a tab reads. */
interface RequestColumns {
  id: AnySQLiteColumn;
  status: AnySQLiteColumn;
  dueAt: AnySQLiteColumn;
  userId: AnySQLiteColumn;
}

const orderFor = (t: RequestColumns, tab: FeedbackQueueTab): ListOrder => ({ key: t.dueAt, id: t.id, direction: tab === 'answered' ? 'desc' : 'asc' });

/** The tab's rows (a learner's only, when chosen) past the cursor. */
function tabFilter(t: RequestColumns, ask: FeedbackQueueAsk, nowIso: string): SQL | undefined {
  return and(
    eq(t.status, ask.status === 'answered' ? 'answered' : 'waiting'),
    ask.status === 'overdue' ? lt(t.dueAt, nowIso) : undefined,
    ask.learnerId !== undefined ? eq(t.userId, ask.learnerId) : undefined,
    ask.cursor ? beyond(orderFor(t, ask.status), false, ask.cursor) : undefined,
  );
}

const queueFields = {
  request: {
    id: feedbackRequests.id,
    status: feedbackRequests.status,
    verdict: feedbackRequests.verdict,
    question: feedbackRequests.question,
    createdAt: feedbackRequests.createdAt,
    dueAt: feedbackRequests.dueAt,
    answeredAt: feedbackRequests.answeredAt,
  },
  course: { id: courses.id, title: courses.title },
  lesson: { id: lessons.id, title: lessons.title },
  learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
  durationMs: practiceTakes.durationMs,
};

function pageQuery(db: Db, scope: Scope, ask: FeedbackQueueAsk, nowIso: string) {
  const limit = FEEDBACK_QUEUE_PAGE_SIZE + 1;
  const order = orderOf(orderFor(feedbackRequests, ask.status), false);
  if (scope.kind === 'instructor') {
    // Each of the instructor's courses gives its first page in order (a walk of its index); the
    // requests are then read by their keys, and the page is the first of those.
    const perCourse = db
      .select({ id: other.id })
      .from(other)
      .where(and(eq(other.courseId, courses.id), tabFilter(other, ask, nowIso)))
      .orderBy(...orderOf(orderFor(other, ask.status), false))
      .limit(limit);
    return db
      .select(queueFields)
      .from(courses)
      .innerJoin(feedbackRequests, inArray(feedbackRequests.id, perCourse))
      .innerJoin(lessons, eq(lessons.id, feedbackRequests.lessonId))
      .innerJoin(users, eq(users.id, feedbackRequests.userId))
      .innerJoin(practiceTakes, eq(practiceTakes.id, feedbackRequests.takeId))
      .where(eq(courses.instructorId, scope.instructorId))
      .orderBy(...order)
      .limit(limit);
  }
  return db
    .select(queueFields)
    .from(feedbackRequests)
    .innerJoin(courses, eq(courses.id, feedbackRequests.courseId))
    .innerJoin(lessons, eq(lessons.id, feedbackRequests.lessonId))
    .innerJoin(users, eq(users.id, feedbackRequests.userId))
    .innerJoin(practiceTakes, eq(practiceTakes.id, feedbackRequests.takeId))
    .where(scope.kind === 'course' ? and(eq(feedbackRequests.courseId, scope.courseId), tabFilter(feedbackRequests, ask, nowIso)) : tabFilter(feedbackRequests, ask, nowIso))
    .orderBy(...order)
    .limit(limit);
}

/** The running total of a metric of `stat_totals` (0 without a row). */
function total(db: Db, metric: SQL | string) {
  return db
    .select({ value: sql<number>`coalesce(sum(${statTotals.value}), 0)` })
    .from(statTotals)
    .where(and(eq(statTotals.metric, metric), eq(statTotals.day, '')));
}

/** The running total of a status over the instructor's courses: each course's row, by its key. */
function instructorTotal(db: Db, status: 'waiting' | 'answered', instructorId: number) {
  return db
    .select({ value: sql<number>`coalesce(sum(${statTotals.value}), 0)` })
    .from(courses)
    .innerJoin(statTotals, and(eq(statTotals.metric, sql`${`feedback.${status}:`} || ${courses.id}`), eq(statTotals.day, '')))
    .where(eq(courses.instructorId, instructorId));
}

const scopeCondition = (db: Db, t: { courseId: AnySQLiteColumn }, scope: Scope): SQL | undefined =>
  scope.kind === 'course'
    ? eq(t.courseId, scope.courseId)
    : scope.kind === 'instructor'
      ? inArray(t.courseId, db.select({ id: courses.id }).from(courses).where(eq(courses.instructorId, scope.instructorId)))
      : undefined;

function countsQuery(db: Db, scope: Scope, learnerId: number | undefined, nowIso: string) {
  const inScope = scopeCondition(db, feedbackRequests, scope);
  if (learnerId !== undefined) {
    // A learner's requests are few: counted from their rows (feedback_requests_user_idx).
    const of = (condition: SQL | undefined) =>
      db
        .select({ n: count() })
        .from(feedbackRequests)
        .where(and(eq(feedbackRequests.userId, learnerId), inScope, condition));
    return db.all<{ waiting: number; overdue: number; answered: number }>(sql`SELECT
      (${of(eq(feedbackRequests.status, 'waiting'))}) AS waiting,
      (${of(and(eq(feedbackRequests.status, 'waiting'), lt(feedbackRequests.dueAt, nowIso)))}) AS overdue,
      (${of(eq(feedbackRequests.status, 'answered'))}) AS answered`);
  }
  const overdue = db
    .select({ n: count() })
    .from(feedbackRequests)
    .where(and(inScope, eq(feedbackRequests.status, 'waiting'), lt(feedbackRequests.dueAt, nowIso)));
  const [waiting, answered] =
    scope.kind === 'instructor'
      ? [instructorTotal(db, 'waiting', scope.instructorId), instructorTotal(db, 'answered', scope.instructorId)]
      : scope.kind === 'course'
        ? [total(db, `feedback.waiting:${scope.courseId}`), total(db, `feedback.answered:${scope.courseId}`)]
        : [total(db, 'feedback.waiting'), total(db, 'feedback.answered')];
  return db.all<{ waiting: number; overdue: number; answered: number }>(sql`SELECT (${waiting}) AS waiting, (${overdue}) AS overdue, (${answered}) AS answered`);
}

type QueueRow = Awaited<ReturnType<typeof pageQuery>>[number];

function itemOf(row: QueueRow, now: Date): FeedbackQueueItem {
  const { request } = row;
  return {
    id: request.id,
    status: request.status,
    verdict: request.verdict,
    overdue: isOverdue(request, now),
    question: request.question,
    learner: { id: row.learner.id, name: displayName(row.learner, row.learner.username) },
    course: row.course,
    lesson: row.lesson,
    take_duration_ms: row.durationMs,
    created_at: request.createdAt,
    due_at: request.dueAt,
    answered_at: request.answeredAt,
  };
}

/** GET /api/instructor/feedback: a page of the tab and the three tabs' counts, in one round trip. */
export async function feedbackQueue(db: Db, actor: CourseActor, ask: FeedbackQueueAsk): Promise<FeedbackQueuePage> {
  let scope: Scope;
  if (ask.courseId !== undefined) {
    const [course] = await db.select({ id: courses.id, instructorId: courses.instructorId }).from(courses).where(eq(courses.id, ask.courseId)).limit(1);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (!canAnswerFeedback(actor, course)) throw forbidden(NOT_YOUR_COURSE);
    scope = { kind: 'course', courseId: course.id };
  } else {
    scope = can(actor.roles, 'courses.manage_any') ? { kind: 'all' } : { kind: 'instructor', instructorId: actor.id };
  }
  const now = new Date();
  const nowIso = now.toISOString();
  const [rows, [counts]] = await db.batch([pageQuery(db, scope, ask, nowIso), countsQuery(db, scope, ask.learnerId, nowIso)]);
  const page = rows.slice(0, FEEDBACK_QUEUE_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => itemOf(r, now)),
    next: rows.length > FEEDBACK_QUEUE_PAGE_SIZE && last ? encodeCursor({ key: last.request.dueAt, id: last.request.id, page: (ask.cursor?.page ?? 1) + 1 }) : null,
    counts: { waiting: Number(counts?.waiting ?? 0), overdue: Number(counts?.overdue ?? 0), answered: Number(counts?.answered ?? 0) },
  };
}
