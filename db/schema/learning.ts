import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { courses, lessons, quizzes } from './courses.ts';
import { users } from './users.ts';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** How an enrolment came: 'plan' is a subscriber's enrolment in a course their plan includes (decision 0063). */
export const ENROLLMENT_SOURCES = ['free', 'purchase', 'admin', 'instructor', 'guest', 'plan'] as const;
export const CERTIFICATE_ISSUE_KINDS = ['completion', 'instructor', 'admin'] as const;
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

/** One enrolment per user and course (unique index), whatever the concurrency. */
export const enrollments = sqliteTable(
  'enrollments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ENROLLMENT_SOURCES }).notNull().default('free'),
    /**
     * How the enrolment came before a purchase turned it into one (a lapsed plan's, decision 0063):
     * a refund of that purchase puts it back. Null when the purchase made the enrolment.
     */
    sourceBeforePurchase: text('source_before_purchase', { enum: ENROLLMENT_SOURCES }),
    /** Where the learner left off, for resume. */
    lastLessonId: integer('last_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    completedAt: text('completed_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    /**
     * The course's instructor, copied here by triggers whoever writes (migration 0048, decision
     * 0077): an instructor's newest enrolments and completions are one index walk.
     */
    instructorId: integer('instructor_id'),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_unique').on(t.userId, t.courseId),
    index('enrollments_course_idx').on(t.courseId),
    index('enrollments_instructor_created_idx').on(t.instructorId, t.createdAt, t.id),
    index('enrollments_instructor_completed_idx').on(t.instructorId, t.completedAt, t.id),
  ],
);

export const lessonProgress = sqliteTable(
  'lesson_progress',
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
    completedAt: text('completed_at').notNull().default(now),
  },
  (t) => [uniqueIndex('lesson_progress_user_lesson_unique').on(t.userId, t.lessonId), index('lesson_progress_course_idx').on(t.userId, t.courseId)],
);

export const quizAttempts = sqliteTable(
  'quiz_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** Percent, 0..100. */
    score: integer('score').notNull(),
    passed: integer('passed', { mode: 'boolean' }).notNull(),
    /** JSON array: the chosen option index per question, in question order. */
    answers: text('answers', { mode: 'json' }).$type<{ questionId: number; selected: number | null }[]>().notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId)],
);

export const certificateTemplates = sqliteTable('certificate_templates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  title: text('title').notNull().default('Certificate of Completion'),
  /** Wording with placeholders such as {learner}, {course}, {instructor}, {date}, {code}. */
  body: text('body').notNull(),
  primaryColor: text('primary_color').notNull().default('#4c1d95'),
  accentColor: text('accent_color').notNull().default('#d97706'),
  signatoryName: text('signatory_name').notNull().default(''),
  signatoryTitle: text('signatory_title').notNull().default(''),
  isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/** Issued once per learner and course (unique index); a revoked one fails verification. */
export const certificates = sqliteTable(
  'certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => certificateTemplates.id, { onDelete: 'set null' }),
    /** Null when issued automatically on completion. */
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** How it was earned: by completing the course, or issued by hand by an instructor or an admin. */
    issuedVia: text('issued_via', { enum: CERTIFICATE_ISSUE_KINDS }).notNull().default('completion'),
    issuedAt: text('issued_at').notNull().default(now),
    revokedAt: text('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [uniqueIndex('certificates_user_course_unique').on(t.userId, t.courseId)],
);

/**
 * An instructor's invitation of a learner (by email) to a course. The learner accepts it to be
 * enrolled; nobody is enrolled by id without their consent.
 */
export const courseInvitations = sqliteTable(
  'course_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Lower-cased email the invitation was sent to. */
    email: text('email').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    createdAt: text('created_at').notNull().default(now),
    respondedAt: text('responded_at'),
  },
  (t) => [uniqueIndex('course_invitations_course_email_unique').on(t.courseId, t.email), index('course_invitations_email_idx').on(t.email)],
);

/** What a certificate's public verification shows. Enrolments, progress and attempts move no version. */
export const learningVersionTriggers = versionTriggers(
  { table: certificates, scopes: ['certificates'], events: ALL_WRITES },
  { table: certificateTemplates, scopes: ['certificates'], events: ALL_WRITES },
);
