import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orderItems } from './commerce.ts';
import { courses, lessons } from './courses.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';
import { FEEDBACK_MODES, FEEDBACK_VERDICTS, PRACTICE_REPORT_TARGETS, TAKE_SOURCES } from '../../shared/practice.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The practice room (decision 0070): a learner's takes danced to a lesson's reference clip, the
 * feedback they ask for, the instructor's notes on the take's timeline, and feedback credits.
 * A take's file is an upload with access 'take': never public, served only through signed,
 * short-lived links made for the learner, the course's instructors and admins.
 */

/** 'none' | 'included' | 'credits', 'recorded' | 'uploaded', the verdicts and report targets: shared/practice.ts. */
export const FEEDBACK_STATUSES = ['waiting', 'answered'] as const;
/** Where a feedback request's review came from: the course's included reviews or a bought credit. */
export const FEEDBACK_PAID_BY = ['included', 'credit'] as const;
export const PRACTICE_REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/** A course's feedback offer; a course without a row offers none. */
export const courseFeedbackSettings = sqliteTable(
  'course_feedback_settings',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: FEEDBACK_MODES }).notNull().default('none'),
    /** Reviewed takes each learner gets with the course ('included'). */
    includedReviews: integer('included_reviews').notNull().default(0),
    /** A pack of credits ('credits'): its price and how many reviews it buys. */
    creditPackCents: integer('credit_pack_cents').notNull().default(0),
    creditsPerPack: integer('credits_per_pack').notNull().default(1),
    /** The answer time the instructors promise; a request older than this is overdue. */
    responseDays: integer('response_days').notNull().default(3),
    /** When set, a take's file is deleted this many days after its answer. */
    deleteTakesAfterDays: integer('delete_takes_after_days'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    check('course_feedback_included_range', sql`${t.includedReviews} BETWEEN 0 AND 100`),
    check('course_feedback_pack_range', sql`${t.creditPackCents} >= 0 AND ${t.creditsPerPack} BETWEEN 1 AND 100`),
    check('course_feedback_days_range', sql`${t.responseDays} BETWEEN 1 AND 60`),
  ],
);

/**
 * A lesson whose completion needs an approved take (like a passed quiz). No row: the lesson is
 * completed the ordinary way.
 */
export const lessonPracticeRules = sqliteTable('lesson_practice_rules', {
  lessonId: integer('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  requiresApprovedTake: integer('requires_approved_take', { mode: 'boolean' }).notNull().default(false),
});

/**
 * One take: the learner's video (an upload with access 'take') and the part of the reference it
 * was danced to, so both replay in sync: reference time = refStartMs + (take time − offsetMs) × speed.
 */
export const practiceTakes = sqliteTable(
  'practice_takes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Null once the file is deleted (retention, the learner, moderation); the take's row stays with its answer. */
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    source: text('source', { enum: TAKE_SOURCES }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    refStartMs: integer('ref_start_ms').notNull().default(0),
    refEndMs: integer('ref_end_ms'),
    speed: real('speed').notNull().default(1),
    /** Where the take's 0 lies against refStartMs, in take milliseconds (positive: the take starts later). */
    offsetMs: integer('offset_ms').notNull().default(0),
    /** When the file is to be deleted (set from the course's rule when the take is answered). */
    deleteFileAt: text('delete_file_at'),
    fileDeletedAt: text('file_deleted_at'),
    /** Hidden by an admin after a report. */
    hiddenAt: text('hidden_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    // A learner's takes of a lesson, newest first.
    index('practice_takes_user_lesson_idx').on(t.userId, t.lessonId, t.id),
    // The per-learner quota sums the kept files' sizes.
    index('practice_takes_user_size_idx').on(t.userId, t.sizeBytes).where(sql`${t.uploadId} IS NOT NULL`),
    // A take by its file: the uploads row's deletion finds the take it leaves file-less (the foreign key's SET NULL).
    index('practice_takes_upload_idx').on(t.uploadId),
    // The retention sweep: files due for deletion.
    index('practice_takes_delete_due_idx').on(t.deleteFileAt).where(sql`${t.deleteFileAt} IS NOT NULL AND ${t.fileDeletedAt} IS NULL`),
    check('practice_takes_speed_range', sql`${t.speed} BETWEEN 0.25 AND 2`),
  ],
);

/** A take sent for feedback with the learner's question; one request per take. */
export const feedbackRequests = sqliteTable(
  'feedback_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    takeId: integer('take_id')
      .notNull()
      .references(() => practiceTakes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('waiting'),
    paidBy: text('paid_by', { enum: FEEDBACK_PAID_BY }).notNull(),
    /** The credit grant a 'credit' request spent. */
    creditGrantId: integer('credit_grant_id'),
    /** createdAt + the course's response days: a waiting request past it is overdue. */
    dueAt: text('due_at').notNull(),
    verdict: text('verdict', { enum: FEEDBACK_VERDICTS }),
    summary: text('summary'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: text('answered_at'),
    /** When the learner first opened the answer. */
    seenAt: text('seen_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('feedback_requests_take_unique').on(t.takeId),
    // The instructors' queue: a course's requests by status, oldest due first; deep pages by keyset.
    index('feedback_requests_course_status_due_idx').on(t.courseId, t.status, t.dueAt, t.id),
    // The admins' queue over every course: requests by status, oldest due first.
    index('feedback_requests_status_due_idx').on(t.status, t.dueAt, t.id),
    index('feedback_requests_course_user_idx').on(t.courseId, t.userId, t.id),
    // A learner's requests, newest first (and the included reviews they used per course).
    index('feedback_requests_user_idx').on(t.userId, t.courseId, t.paidBy),
  ],
);

/**
 * A note on a take's timeline: text at a moment, with an optional drawing over the frame (a JSON
 * array of shapes in frame-relative coordinates 0–1).
 */
export const feedbackNotes = sqliteTable(
  'feedback_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => feedbackRequests.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    atMs: integer('at_ms').notNull(),
    body: text('body').notNull().default(''),
    drawing: text('drawing'),
    hiddenAt: text('hidden_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('feedback_notes_request_at_idx').on(t.requestId, t.atMs, t.id), check('feedback_notes_at_range', sql`${t.atMs} >= 0`)],
);

/** A reply under a note, by the learner or an instructor of the course. */
export const feedbackReplies = sqliteTable(
  'feedback_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    noteId: integer('note_id')
      .notNull()
      .references(() => feedbackNotes.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    hiddenAt: text('hidden_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('feedback_replies_note_idx').on(t.noteId, t.id)],
);

/**
 * Feedback credits bought for a course: one grant per paid order line. Spending takes the oldest
 * grant with credits left; a refund takes back only the grant's unused credits.
 */
export const feedbackCreditGrants = sqliteTable(
  'feedback_credit_grants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull(),
    used: integer('used').notNull().default(0),
    /** Credits taken back by a refund (never more than credits − used at the time). */
    refunded: integer('refunded').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('feedback_credit_grants_order_item_unique').on(t.orderItemId),
    index('feedback_credit_grants_user_course_idx').on(t.userId, t.courseId, t.id),
    check('feedback_credit_grants_balance', sql`${t.used} >= 0 AND ${t.refunded} >= 0 AND ${t.used} + ${t.refunded} <= ${t.credits}`),
  ],
);

/** A report of a take, a note or a reply, for the admins' review queue. */
export const practiceReports = sqliteTable(
  'practice_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    targetKind: text('target_kind', { enum: PRACTICE_REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: PRACTICE_REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: text('resolved_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('practice_reports_status_idx').on(t.status, t.createdAt, t.id),
    // One open report per member and target.
    uniqueIndex('practice_reports_open_unique')
      .on(t.targetKind, t.targetId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export type PracticeTakeRow = typeof practiceTakes.$inferSelect;
export type FeedbackRequestRow = typeof feedbackRequests.$inferSelect;
export type FeedbackNoteRow = typeof feedbackNotes.$inferSelect;
export type FeedbackReplyRow = typeof feedbackReplies.$inferSelect;
export type FeedbackCreditGrantRow = typeof feedbackCreditGrants.$inferSelect;
export type CourseFeedbackSettingsRow = typeof courseFeedbackSettings.$inferSelect;
