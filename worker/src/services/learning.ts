import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import MarkdownIt from 'markdown-it';
import {
  certificates,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  modules,
  quizAttempts,
  quizzes,
  users,
} from '../../../db/schema/index.ts';
import { canManageCourse, type CourseActor } from '../domain/courses.ts';
import { can } from '../domain/permissions.ts';
import {
  adjacentLessons,
  completedLessonIds,
  courseProgress,
  isCourseComplete,
  lockedModuleIds,
  resumeLessonId,
  sortOutline,
  type CourseOutline,
  type LearnerState,
  type LessonType,
  type OutlineModule,
} from '../domain/learning.ts';
import { hashPassword } from '../domain/password.ts';
import { lessonVideo, type LessonVideo } from '../domain/video.ts';
import { AppError, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { USER_NOT_FOUND } from './admin-users.ts';
import { grantRoleByUsername } from './accounts.ts';
import { COURSE_NOT_FOUND, LESSON_NOT_FOUND } from './courses.ts';
import { certificateOf, ensureCertificate, type CertificateRow } from './certificates.ts';
import { uniqueViolation } from './db-errors.ts';
import { newSessionSecret } from './sessions.ts';
import { loadUserView, type UserView } from './users.ts';

export { COURSE_NOT_FOUND, LESSON_NOT_FOUND, QUIZ_NOT_FOUND } from './courses.ts';
export { USER_NOT_FOUND } from './admin-users.ts';
export const ENROLLMENT_NOT_FOUND = 'Enrollment not found';
export const NOT_ENROLLED = 'You are not enrolled in this course.';
export const MODULE_LOCKED = "This module is locked until you pass the previous module's quizzes.";
export const PAYMENT_REQUIRED = 'This course must be purchased before you can enrol.';
export const EMAIL_REGISTERED = 'An account with this email already exists. Please sign in to enrol.';
export const ENROL_OTHERS_FORBIDDEN = 'Only an admin can enrol another user directly. Instructors invite learners by email.';
export const MANAGE_ENROLLMENTS_FORBIDDEN = "Only an admin or the course's instructor can see or change its enrolments.";
export const QUIZ_LESSON_NEEDS_PASS = 'Pass the quiz of this lesson to complete it.';

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

type CourseRow = typeof courses.$inferSelect;
type EnrollmentRow = typeof enrollments.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Markdown

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
/** Links and images only to the web, mail, or paths of this site. */
const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:\/\//i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Lesson markdown as HTML: raw HTML in the source is shown as text, links only to safe places. */
export function renderLessonMarkdown(source: string): string {
  return markdown.render(source);
}

// ---------------------------------------------------------------------------------------------
// Loading outlines and learner state

interface LoadedLesson {
  id: number;
  moduleId: number;
  title: string;
  type: LessonType;
  position: number;
}
interface LoadedModule extends OutlineModule {
  description: string;
  lessons: LoadedLesson[];
}
interface LoadedQuiz {
  id: number;
  lessonId: number;
  title: string;
  description: string;
  passScore: number;
  questionCount: number;
}
export interface LoadedOutline extends CourseOutline {
  modules: LoadedModule[];
  quizzes: LoadedQuiz[];
}

const emptyOutline = (): LoadedOutline => ({ modules: [], quizzes: [] });

/** The outlines (modules, lessons, quizzes; no lesson content) of some courses, in four queries. */
async function outlinesOf(db: Db, courseIds: number[]): Promise<Map<number, LoadedOutline>> {
  const out = new Map<number, LoadedOutline>();
  if (courseIds.length === 0) return out;
  const [moduleRows, lessonRows, quizRows] = await Promise.all([
    db
      .select({ id: modules.id, courseId: modules.courseId, title: modules.title, description: modules.description, position: modules.position })
      .from(modules)
      .where(inArray(modules.courseId, courseIds)),
    db
      .select({ id: lessons.id, moduleId: lessons.moduleId, title: lessons.title, type: lessons.type, position: lessons.position })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(inArray(modules.courseId, courseIds)),
    db
      .select({
        id: quizzes.id,
        lessonId: quizzes.lessonId,
        courseId: modules.courseId,
        title: quizzes.title,
        description: quizzes.description,
        passScore: quizzes.passScore,
        questionCount: sql<number>`(SELECT count(*) FROM quiz_questions qq WHERE qq.quiz_id = ${quizzes.id})`,
      })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(inArray(modules.courseId, courseIds))
      .orderBy(asc(quizzes.id)),
  ]);
  const lessonsByModule = new Map<number, LoadedLesson[]>();
  for (const l of lessonRows) {
    const list = lessonsByModule.get(l.moduleId) ?? [];
    list.push(l);
    lessonsByModule.set(l.moduleId, list);
  }
  const raw = new Map<number, LoadedModule[]>();
  for (const m of moduleRows) {
    const list = raw.get(m.courseId) ?? [];
    list.push({ id: m.id, title: m.title, description: m.description, position: m.position, lessons: lessonsByModule.get(m.id) ?? [] });
    raw.set(m.courseId, list);
  }
  for (const id of courseIds) out.set(id, { modules: sortOutline(raw.get(id) ?? []), quizzes: [] });
  for (const q of quizRows) {
    const { courseId, ...quiz } = q;
    out.get(courseId)?.quizzes.push({ ...quiz, questionCount: Number(quiz.questionCount) });
  }
  return out;
}

export interface LearnerRecord extends LearnerState {
  completedLessonIds: Set<number>;
  passedQuizIds: Set<number>;
  bestScores: Map<number, number>;
  attemptCounts: Map<number, number>;
}

const emptyRecord = (): LearnerRecord => ({
  completedLessonIds: new Set(),
  passedQuizIds: new Set(),
  bestScores: new Map(),
  attemptCounts: new Map(),
});

/** What some learners did in some courses (lesson ids and quiz ids are unique, so one record per learner suffices). */
async function recordsOf(db: Db, userIds: number[], courseIds: number[], quizIds: number[]): Promise<Map<number, LearnerRecord>> {
  const out = new Map<number, LearnerRecord>();
  if (userIds.length === 0 || courseIds.length === 0) return out;
  const [progressRows, attemptRows] = await Promise.all([
    db
      .select({ userId: lessonProgress.userId, lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(and(inArray(lessonProgress.userId, userIds), inArray(lessonProgress.courseId, courseIds))),
    quizIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            userId: quizAttempts.userId,
            quizId: quizAttempts.quizId,
            best: sql<number>`max(${quizAttempts.score})`,
            passed: sql<number>`max(${quizAttempts.passed})`,
            attempts: sql<number>`count(*)`,
          })
          .from(quizAttempts)
          .where(and(inArray(quizAttempts.userId, userIds), inArray(quizAttempts.quizId, quizIds)))
          .groupBy(quizAttempts.userId, quizAttempts.quizId),
  ]);
  const recordOf = (userId: number) => {
    let r = out.get(userId);
    if (!r) out.set(userId, (r = emptyRecord()));
    return r;
  };
  for (const p of progressRows) recordOf(p.userId).completedLessonIds.add(p.lessonId);
  for (const a of attemptRows) {
    const r = recordOf(a.userId);
    r.bestScores.set(a.quizId, Number(a.best));
    r.attemptCounts.set(a.quizId, Number(a.attempts));
    if (Number(a.passed) === 1) r.passedQuizIds.add(a.quizId);
  }
  return out;
}

export async function outlineOf(db: Db, courseId: number): Promise<LoadedOutline> {
  return (await outlinesOf(db, [courseId])).get(courseId) ?? emptyOutline();
}

export async function recordOf(db: Db, userId: number, courseId: number, outline: LoadedOutline): Promise<LearnerRecord> {
  const records = await recordsOf(
    db,
    [userId],
    [courseId],
    outline.quizzes.map((q) => q.id),
  );
  return records.get(userId) ?? emptyRecord();
}

// ---------------------------------------------------------------------------------------------
// Access

async function loadCourse(db: Db, courseId: number): Promise<CourseRow | null> {
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return row ?? null;
}

async function enrollmentOf(db: Db, userId: number, courseId: number): Promise<EnrollmentRow | null> {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

export interface Access {
  enrollment: EnrollmentRow | null;
  /** The course's instructor or ADMIN: may preview without enrolment and is never held by locks. */
  manager: boolean;
}

/** An enrolled learner, or the course's manager previewing; anyone else 403. */
export async function accessTo(db: Db, user: CourseActor, course: CourseRow): Promise<Access> {
  const enrollment = await enrollmentOf(db, user.id, course.id);
  const manager = canManageCourse(user, course);
  if (!enrollment && !manager) throw forbidden(NOT_ENROLLED);
  return { enrollment, manager };
}

/** Writes (completion, attempts) need an enrolment, even for a manager. */
export function requireEnrollment(access: Access): EnrollmentRow {
  if (!access.enrollment) throw forbidden(NOT_ENROLLED);
  return access.enrollment;
}

export function assertUnlocked(course: CourseRow, outline: LoadedOutline, record: LearnerRecord, moduleId: number, access: Access): void {
  if (access.manager) return;
  if (lockedModuleIds(outline, record, course.lockModules).has(moduleId)) throw forbidden(MODULE_LOCKED);
}

// ---------------------------------------------------------------------------------------------
// Views

export interface EnrollmentView {
  id: number;
  user_id: number;
  course_id: number;
  source: EnrollmentRow['source'];
  last_lesson_id: number | null;
  completed_at: string | null;
  enrolled_at: string;
  created_at: string;
  updated_at: string;
}

export function toEnrollmentView(row: EnrollmentRow): EnrollmentView {
  return {
    id: row.id,
    user_id: row.userId,
    course_id: row.courseId,
    source: row.source,
    last_lesson_id: row.lastLessonId,
    completed_at: row.completedAt,
    enrolled_at: row.createdAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export interface CertificateRef {
  id: number;
  code: string;
  revoked: boolean;
}

const toCertificateRef = (row: Pick<CertificateRow, 'id' | 'code' | 'revokedAt'> | null): CertificateRef | null =>
  row ? { id: row.id, code: row.code, revoked: row.revokedAt !== null } : null;

export interface ProgressView {
  progress_percent: number;
  completed_lessons: number;
  total_lessons: number;
  completed: boolean;
}

function progressView(outline: LoadedOutline, record: LearnerState): ProgressView {
  const p = courseProgress(outline, record);
  return { progress_percent: p.percent, completed_lessons: p.completed, total_lessons: p.total, completed: isCourseComplete(outline, record) };
}

// ---------------------------------------------------------------------------------------------
// Enrolment

export type PaymentRequired = { message: string; cart: { type: 'COURSE'; itemId: number } };
export type PaymentRequiredResult = { status: 402; body: PaymentRequired };
export type EnrollResult = { status: 200 | 201; enrollment: EnrollmentView } | PaymentRequiredResult;

const paymentRequired = (courseId: number): PaymentRequiredResult => ({
  status: 402,
  body: { message: PAYMENT_REQUIRED, cart: { type: 'COURSE', itemId: courseId } },
});

/** One statement: the unique (user, course) index decides, so concurrent calls make one row. */
async function insertEnrollment(db: Db, userId: number, courseId: number, source: EnrollmentRow['source']) {
  const [created] = await db.insert(enrollments).values({ userId, courseId, source }).onConflictDoNothing().returning();
  if (created) return { status: 201 as const, enrollment: toEnrollmentView(created) };
  const existing = await enrollmentOf(db, userId, courseId);
  if (!existing) throw new Error('The enrolment could not be read back');
  return { status: 200 as const, enrollment: toEnrollmentView(existing) };
}

/** POST /api/enrollments {courseId}: a free published course at once; a paid one goes to the cart. */
export async function enrollSelf(db: Db, user: CourseActor, courseId: number): Promise<EnrollResult> {
  const course = await loadCourse(db, courseId);
  if (!course || course.status !== 'published') throw notFound(COURSE_NOT_FOUND);
  if (course.priceCents > 0) {
    const existing = await enrollmentOf(db, user.id, courseId);
    if (existing) return { status: 200, enrollment: toEnrollmentView(existing) };
    return paymentRequired(courseId);
  }
  return insertEnrollment(db, user.id, courseId, 'free');
}

/**
 * POST /api/enrollments {courseId, userId}: enrollments.enrol_directly (ADMIN) enrols someone,
 * paid course or not. Instructors invite by email instead (services/invitations.ts, decision 0013).
 */
export async function enrollOther(db: Db, actor: CourseActor, courseId: number, userId: number): Promise<EnrollResult> {
  if (!can(actor.roles, 'enrollments.enrol_directly')) {
    if (userId === actor.id) return enrollSelf(db, actor, courseId);
    throw forbidden(ENROL_OTHERS_FORBIDDEN);
  }
  const course = await loadCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound(USER_NOT_FOUND);
  return insertEnrollment(db, userId, courseId, 'admin');
}

export interface GuestEnrollment {
  access_token: string;
  user: UserView;
  enrollment: EnrollmentView;
}

const USERNAME_MAX = 32;

/** A username from the email's local part: letters, digits, dots, underscores, hyphens; at least 3 characters. */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 20);
  return cleaned.length >= 3 ? cleaned : `student${cleaned ? `.${cleaned}` : ''}`;
}

function randomSuffix(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return String(n).padStart(6, '0');
}

/** The base name when free, else the base with a random number; the unique index still decides at insert. */
async function freeUsername(db: Db, base: string): Promise<string> {
  const candidates = [base, ...Array.from({ length: 4 }, () => `${base}-${randomSuffix()}`.slice(0, USERNAME_MAX))];
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) IN (${sql.join(candidates.map((c) => sql`${c}`), sql`, `)})`);
  const takenSet = new Set(taken.map((t) => t.username.toLowerCase()));
  return candidates.find((c) => !takenSet.has(c)) ?? `${base}-${randomSuffix()}`;
}

async function emailRegistered(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return Boolean(row);
}

/**
 * POST /api/enrollments/guest: a visitor enrols in a free course by creating a STUDENT account,
 * and is signed in. Account, role, session and enrolment are one batch: all or nothing. A paid
 * course answers 402 before anything is written.
 */
export async function enrollGuest(
  db: Db,
  input: { courseId: number; first_name: string; last_name: string; email: string; password: string },
  sessionTtlHours: number,
): Promise<GuestEnrollment | PaymentRequiredResult> {
  const course = await loadCourse(db, input.courseId);
  if (!course || course.status !== 'published') throw notFound(COURSE_NOT_FOUND);
  if (course.priceCents > 0) return paymentRequired(course.id);
  const email = input.email.toLowerCase();
  if (await emailRegistered(db, email)) throw conflict(EMAIL_REGISTERED);
  const passwordHash = await hashPassword(input.password);
  const base = usernameBaseFromEmail(email);
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = await freeUsername(db, base);
    const session = await newSessionSecret(sessionTtlHours);
    // The statements after the insert find the new row by name and (salted, unique) hash.
    const thisAccount = sql`lower(username) = lower(${username}) AND password_hash = ${passwordHash}`;
    try {
      const [inserted] = await db.batch([
        db
          .insert(users)
          .values({ username, email, passwordHash, firstName: input.first_name, lastName: input.last_name })
          .returning({ id: users.id }),
        grantRoleByUsername(db, username, 'STUDENT', passwordHash),
        db.run(sql`INSERT INTO sessions (user_id, token_hash, expires_at)
          SELECT id, ${session.tokenHash}, ${session.expiresAt} FROM users WHERE ${thisAccount}`),
        db.run(sql`INSERT INTO enrollments (user_id, course_id, source)
          SELECT id, ${course.id}, 'guest' FROM users WHERE ${thisAccount}`),
      ]);
      const userId = inserted[0]!.id;
      const [user, enrollment] = await Promise.all([loadUserView(db, userId), enrollmentOf(db, userId, course.id)]);
      if (!user || !enrollment) throw new Error('The guest account could not be read back');
      return { access_token: session.token, user, enrollment: toEnrollmentView(enrollment) };
    } catch (err) {
      const index = uniqueViolation(err);
      if (index === 'users_email_unique') throw conflict(EMAIL_REGISTERED);
      if (index === 'users_username_unique') continue; // taken meanwhile: pick another name
      throw err;
    }
  }
  throw new AppError(409, 'Could not choose a username. Please try again.');
}

export interface CourseSummary {
  id: number;
  title: string;
  description: string;
  image_url: string | null;
  status: CourseRow['status'];
  lock_modules: boolean;
  instructor: { id: number; first_name: string; last_name: string } | null;
}

export type MyEnrollment = EnrollmentView &
  ProgressView & { course: CourseSummary; resume_lesson_id: number | null; certificate: CertificateRef | null };

async function courseSummaries(db: Db, courseIds: number[]): Promise<Map<number, CourseSummary>> {
  const out = new Map<number, CourseSummary>();
  if (courseIds.length === 0) return out;
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      imageUrl: courses.imageUrl,
      status: courses.status,
      lockModules: courses.lockModules,
      instructorId: courses.instructorId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.instructorId))
    .where(inArray(courses.id, courseIds));
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      title: r.title,
      description: r.description,
      image_url: r.imageUrl,
      status: r.status,
      lock_modules: r.lockModules,
      instructor: r.instructorId !== null && r.firstName !== null ? { id: r.instructorId, first_name: r.firstName, last_name: r.lastName ?? '' } : null,
    });
  }
  return out;
}

async function certificateRefs(db: Db, userIds: number[], courseIds: number[]): Promise<Map<string, CertificateRef>> {
  const out = new Map<string, CertificateRef>();
  if (userIds.length === 0 || courseIds.length === 0) return out;
  const rows = await db
    .select({ id: certificates.id, code: certificates.code, revokedAt: certificates.revokedAt, userId: certificates.userId, courseId: certificates.courseId })
    .from(certificates)
    .where(and(inArray(certificates.userId, userIds), inArray(certificates.courseId, courseIds)));
  for (const r of rows) out.set(`${r.userId}:${r.courseId}`, toCertificateRef(r)!);
  return out;
}

/** GET /api/enrollments: my enrolments with course summary, progress and where to continue. */
export async function listMyEnrollments(db: Db, userId: number): Promise<MyEnrollment[]> {
  const rows = await db.select().from(enrollments).where(eq(enrollments.userId, userId)).orderBy(desc(enrollments.updatedAt), desc(enrollments.id));
  const courseIds = rows.map((r) => r.courseId);
  const outlines = await outlinesOf(db, courseIds);
  const quizIds = [...outlines.values()].flatMap((o) => o.quizzes.map((q) => q.id));
  const [summaries, records, certs] = await Promise.all([
    courseSummaries(db, courseIds),
    recordsOf(db, [userId], courseIds, quizIds),
    certificateRefs(db, [userId], courseIds),
  ]);
  const record = records.get(userId) ?? emptyRecord();
  return rows.flatMap((row) => {
    const course = summaries.get(row.courseId);
    if (!course) return [];
    const outline = outlines.get(row.courseId) ?? emptyOutline();
    return [
      {
        ...toEnrollmentView(row),
        ...progressView(outline, record),
        course,
        resume_lesson_id: resumeLessonId(outline, record, row.lastLessonId),
        certificate: certs.get(`${userId}:${row.courseId}`) ?? null,
      },
    ];
  });
}

export type StudentEnrollment = EnrollmentView &
  ProgressView & {
    user: { id: number; username: string; first_name: string; last_name: string; email: string | null };
    course: { id: number; title: string };
    certificate: CertificateRef | null;
  };

async function studentEnrollments(db: Db, courseIds: number[]): Promise<StudentEnrollment[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .select({
      enrollment: enrollments,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      courseTitle: courses.title,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(inArray(enrollments.courseId, courseIds))
    .orderBy(asc(courses.title), desc(enrollments.createdAt), desc(enrollments.id));
  const userIds = [...new Set(rows.map((r) => r.enrollment.userId))];
  const outlines = await outlinesOf(db, courseIds);
  const quizIds = [...outlines.values()].flatMap((o) => o.quizzes.map((q) => q.id));
  const [records, certs] = await Promise.all([recordsOf(db, userIds, courseIds, quizIds), certificateRefs(db, userIds, courseIds)]);
  return rows.map((r) => {
    const e = r.enrollment;
    const record = records.get(e.userId) ?? emptyRecord();
    return {
      ...toEnrollmentView(e),
      ...progressView(outlines.get(e.courseId) ?? emptyOutline(), record),
      user: { id: e.userId, username: r.username, first_name: r.firstName, last_name: r.lastName, email: r.email },
      course: { id: e.courseId, title: r.courseTitle },
      certificate: certs.get(`${e.userId}:${e.courseId}`) ?? null,
    };
  });
}

/** GET /api/enrollments?courseId=: who is enrolled in a course I manage and how far they got. */
export async function listCourseEnrollments(db: Db, actor: CourseActor, courseId: number): Promise<StudentEnrollment[]> {
  const course = await loadCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!canManageCourse(actor, course)) throw forbidden(MANAGE_ENROLLMENTS_FORBIDDEN);
  return studentEnrollments(db, [courseId]);
}

/** GET /api/instructor/enrollments: every enrolment in the courses I teach (/instructor/students). */
export async function listTeachingEnrollments(db: Db, actor: CourseActor): Promise<StudentEnrollment[]> {
  const mine = await db.select({ id: courses.id }).from(courses).where(eq(courses.instructorId, actor.id));
  return studentEnrollments(
    db,
    mine.map((c) => c.id),
  );
}

/** DELETE /api/enrollments/{id}: ADMIN or the course's instructor. Progress stays, so enrolling again resumes. */
export async function removeEnrollment(db: Db, actor: CourseActor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: enrollments.id, instructorId: courses.instructorId })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.id, id))
    .limit(1);
  if (!row) throw notFound(ENROLLMENT_NOT_FOUND);
  if (!canManageCourse(actor, { instructorId: row.instructorId })) throw forbidden(MANAGE_ENROLLMENTS_FORBIDDEN);
  await db.delete(enrollments).where(eq(enrollments.id, id));
}

// ---------------------------------------------------------------------------------------------
// The player

export interface PlayerLesson {
  id: number;
  title: string;
  type: LessonType;
  position: number;
  completed: boolean;
  quizzes: { id: number; title: string; passed: boolean }[];
}

export interface PlayerModule {
  id: number;
  title: string;
  description: string;
  position: number;
  locked: boolean;
  lessons: PlayerLesson[];
}

export interface PlayerData extends ProgressView {
  course: CourseSummary;
  /** True when a manager looks without being enrolled: nothing is recorded. */
  preview: boolean;
  enrollment: EnrollmentView | null;
  modules: PlayerModule[];
  resume_lesson_id: number | null;
  certificate: CertificateRef | null;
}

/** GET /api/learn/courses/{courseId}. */
export async function playerData(db: Db, user: CourseActor, courseId: number): Promise<PlayerData> {
  const course = await loadCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const access = await accessTo(db, user, course);
  const outline = await outlineOf(db, courseId);
  const [record, summaries, certificate] = await Promise.all([
    recordOf(db, user.id, courseId, outline),
    courseSummaries(db, [courseId]),
    certificateOf(db, user.id, courseId),
  ]);
  const locked = lockedModuleIds(outline, record, course.lockModules);
  const done = completedLessonIds(outline, record);
  const quizzesByLesson = new Map<number, LoadedQuiz[]>();
  for (const q of outline.quizzes) quizzesByLesson.set(q.lessonId, [...(quizzesByLesson.get(q.lessonId) ?? []), q]);
  return {
    course: summaries.get(courseId)!,
    preview: access.enrollment === null,
    enrollment: access.enrollment ? toEnrollmentView(access.enrollment) : null,
    modules: outline.modules.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      position: m.position,
      locked: locked.has(m.id),
      lessons: m.lessons.map((l) => ({
        id: l.id,
        title: l.title,
        type: l.type,
        position: l.position,
        completed: done.has(l.id),
        quizzes: (quizzesByLesson.get(l.id) ?? []).map((q) => ({ id: q.id, title: q.title, passed: record.passedQuizIds.has(q.id) })),
      })),
    })),
    ...progressView(outline, record),
    resume_lesson_id: resumeLessonId(outline, record, access.enrollment?.lastLessonId ?? null),
    certificate: toCertificateRef(certificate),
  };
}

async function lessonContext(db: Db, lessonId: number) {
  const [row] = await db
    .select({ lesson: lessons, moduleTitle: modules.title, course: courses })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  if (!row) throw notFound(LESSON_NOT_FOUND);
  return row;
}

export interface LessonQuizView {
  id: number;
  title: string;
  description: string;
  pass_score: number;
  question_count: number;
  best_score: number | null;
  attempts: number;
  passed: boolean;
}

export interface LessonView {
  id: number;
  module_id: number;
  course_id: number;
  title: string;
  description: string;
  type: LessonType;
  position: number;
  content: string;
  /** Markdown rendered on the server (raw HTML shown as text, safe links only); null when the lesson plays a video. */
  content_html: string | null;
  video: LessonVideo | null;
  completed: boolean;
  prev_lesson_id: number | null;
  next_lesson_id: number | null;
  /** The next lesson is in a module still locked for this learner. */
  next_locked: boolean;
  module: { id: number; title: string };
  /** image_url: the course image, the poster of a lesson video (always public, decision 0015). */
  course: { id: number; title: string; lock_modules: boolean; image_url: string | null };
  quizzes: LessonQuizView[];
  preview: boolean;
}

function lessonQuizViews(outline: LoadedOutline, record: LearnerRecord, lessonId: number): LessonQuizView[] {
  return outline.quizzes
    .filter((q) => q.lessonId === lessonId)
    .map((q) => ({
      id: q.id,
      title: q.title,
      description: q.description,
      pass_score: q.passScore,
      question_count: q.questionCount,
      best_score: record.bestScores.get(q.id) ?? null,
      attempts: record.attemptCounts.get(q.id) ?? 0,
      passed: record.passedQuizIds.has(q.id),
    }));
}

/** GET /api/learn/lessons/{lessonId}: the lesson, and it becomes the resume point. */
export async function openLesson(db: Db, user: CourseActor, lessonId: number): Promise<LessonView> {
  const { lesson, moduleTitle, course } = await lessonContext(db, lessonId);
  const access = await accessTo(db, user, course);
  const outline = await outlineOf(db, course.id);
  const record = await recordOf(db, user.id, course.id, outline);
  assertUnlocked(course, outline, record, lesson.moduleId, access);
  if (access.enrollment) {
    await db.update(enrollments).set({ lastLessonId: lesson.id, updatedAt: NOW }).where(eq(enrollments.id, access.enrollment.id));
  }
  const { previous, next } = adjacentLessons(outline, lesson.id);
  const locked = lockedModuleIds(outline, record, course.lockModules);
  const nextModule = next === null ? null : outline.modules.find((m) => m.lessons.some((l) => l.id === next));
  const video = lesson.type === 'video' ? lessonVideo(lesson.content) : null;
  return {
    id: lesson.id,
    module_id: lesson.moduleId,
    course_id: course.id,
    title: lesson.title,
    description: lesson.description,
    type: lesson.type,
    position: lesson.position,
    content: lesson.content,
    content_html: video ? null : renderLessonMarkdown(lesson.content),
    video,
    completed: completedLessonIds(outline, record).has(lesson.id),
    prev_lesson_id: previous,
    next_lesson_id: next,
    next_locked: !access.manager && nextModule !== null && nextModule !== undefined && locked.has(nextModule.id),
    module: { id: lesson.moduleId, title: moduleTitle },
    course: { id: course.id, title: course.title, lock_modules: course.lockModules, image_url: course.imageUrl },
    quizzes: lessonQuizViews(outline, record, lesson.id),
    preview: access.enrollment === null,
  };
}

export interface CompletionView extends ProgressView {
  course_id: number;
  course_completed: boolean;
  certificate: CertificateRef | null;
}

/**
 * After any progress: reads the learner's state again and, when the course is now complete,
 * issues the certificate (once; see ensureCertificate). Each write commits before this read, so
 * of two writes racing (last lesson and last quiz) at least one sees both and issues it.
 */
export async function settleCompletion(
  db: Db,
  userId: number,
  course: CourseRow,
  outline: LoadedOutline,
): Promise<{ view: CompletionView; record: LearnerRecord }> {
  const record = await recordOf(db, userId, course.id, outline);
  const progress = progressView(outline, record);
  const certificate = progress.completed ? await ensureCertificate(db, userId, course) : await certificateOf(db, userId, course.id);
  return { view: { ...progress, course_id: course.id, course_completed: progress.completed, certificate: toCertificateRef(certificate) }, record };
}

/** POST /api/learn/lessons/{lessonId}/complete: idempotent. A quiz lesson completes by passing its quiz. */
export async function completeLesson(db: Db, user: CourseActor, lessonId: number): Promise<CompletionView & { lesson_id: number; next_lesson_id: number | null }> {
  const { lesson, course } = await lessonContext(db, lessonId);
  const access = await accessTo(db, user, course);
  requireEnrollment(access);
  const outline = await outlineOf(db, course.id);
  const record = await recordOf(db, user.id, course.id, outline);
  assertUnlocked(course, outline, record, lesson.moduleId, access);
  const ownQuizzes = outline.quizzes.filter((q) => q.lessonId === lesson.id);
  if (lesson.type === 'quiz' && ownQuizzes.some((q) => !record.passedQuizIds.has(q.id))) throw conflict(QUIZ_LESSON_NEEDS_PASS);
  await db.insert(lessonProgress).values({ userId: user.id, courseId: course.id, lessonId: lesson.id }).onConflictDoNothing();
  const { view } = await settleCompletion(db, user.id, course, outline);
  return { ...view, lesson_id: lesson.id, next_lesson_id: adjacentLessons(outline, lesson.id).next };
}

// ---------------------------------------------------------------------------------------------
// Quizzes: taking them lives in quiz-attempts.ts (decision 0012); their views are re-exported here
// for the islands' types.

export type { AttemptResult, QuizView } from './quiz-attempts.ts';
