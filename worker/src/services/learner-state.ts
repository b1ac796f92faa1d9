import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { certificates, courses, enrollments, lessonProgress, lessons, modules, quizAttempts, quizzes } from '../../../db/schema/index.ts';
import { canManageCourse, type CourseActor } from '../domain/courses.ts';
import { lockedModuleIds, sortOutline, type CourseOutline, type LearnerState, type LessonType, type OutlineModule } from '../domain/learning.ts';
import { forbidden } from '../http/errors.ts';
import { assertCourseAccess, type GateActor } from './feature-access.ts';
import type { Db } from '../platform/db.ts';
import type { CertificateRow } from './certificates.ts';
import { bind, decodeRows, jsonRowsOf, jsonShape, preparedOnce, runBatch, type ResultsOf } from './prepared-batch.ts';

/**
 * What a learner's pages are computed from: a course's outline (modules, lessons, quizzes), what
 * the learner did in it (completed lessons, quiz attempts), the enrolment and the certificate,
 * and who may see it. Each is a query built here and run together in one `db.batch` — one round
 * trip to the database, which on Workers is an HTTP request (decision 0022 measured ~0.4 ms of
 * CPU per round trip) — instead of one query after another.
 */

export const NOT_ENROLLED = 'You are not enrolled in this course.';
export const MODULE_LOCKED = "This module is locked until you pass the previous module's quizzes.";

export type CourseRow = typeof courses.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;

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
export interface LoadedQuiz {
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

export const emptyOutline = (): LoadedOutline => ({ modules: [], quizzes: [] });

export interface LearnerRecord extends LearnerState {
  completedLessonIds: Set<number>;
  passedQuizIds: Set<number>;
  bestScores: Map<number, number>;
  attemptCounts: Map<number, number>;
  /** When the newest attempt at each quiz was made (ISO). */
  lastAttemptAt: Map<number, string>;
}

export const emptyRecord = (): LearnerRecord => ({
  completedLessonIds: new Set(),
  passedQuizIds: new Set(),
  bestScores: new Map(),
  attemptCounts: new Map(),
  lastAttemptAt: new Map(),
});

/** The rows a tuple of queries answers, element by element (a mapped type over a type parameter keeps the tuple). */
type RowsOf<T extends readonly unknown[]> = { [K in keyof T]: Awaited<T[K]> };

// ---------------------------------------------------------------------------------------------
// Outlines

/**
 * The course condition of a query: some courses, one course bound later (a prepared query), or the
 * course of the quiz bound later as `quizId` — so a quiz's routes read the learner's state of its
 * course in the same batch as the quiz itself, without asking for the course's id first.
 */
type CourseIds = number[] | 'bound' | 'quiz';
const courseOfQuiz = sql`(SELECT m.course_id FROM quizzes q JOIN lessons l ON l.id = q.lesson_id JOIN modules m ON m.id = l.module_id WHERE q.id = ${sql.placeholder('quizId')})`;
const courseIn = (column: typeof modules.courseId | typeof lessonProgress.courseId, ids: CourseIds) =>
  ids === 'bound' ? eq(column, sql.placeholder('courseId')) : ids === 'quiz' ? eq(column, courseOfQuiz) : inArray(column, ids);
const userIn = (column: typeof lessonProgress.userId | typeof quizAttempts.userId, ids: number[] | 'bound') =>
  ids === 'bound' ? eq(column, sql.placeholder('userId')) : inArray(column, ids);

// What an outline reads (no lesson content): also the shape of its JSON rows (learnerStateColumns).
const moduleFields = { id: modules.id, courseId: modules.courseId, title: modules.title, description: modules.description, position: modules.position };
const lessonFields = { id: lessons.id, moduleId: lessons.moduleId, title: lessons.title, type: lessons.type, position: lessons.position };
const quizFields = {
  id: quizzes.id,
  lessonId: quizzes.lessonId,
  courseId: modules.courseId,
  title: quizzes.title,
  description: quizzes.description,
  passScore: quizzes.passScore,
  questionCount: sql<number>`(SELECT count(*) FROM quiz_questions qq WHERE qq.quiz_id = ${quizzes.id})`,
};

/** The outline queries of some courses (no lesson content): modules, lessons, quizzes (by id). */
function outlineQueries(db: Db, courseIds: CourseIds) {
  return [
    db.select(moduleFields).from(modules).where(courseIn(modules.courseId, courseIds)),
    db.select(lessonFields).from(lessons).innerJoin(modules, eq(modules.id, lessons.moduleId)).where(courseIn(modules.courseId, courseIds)),
    db
      .select(quizFields)
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(courseIn(modules.courseId, courseIds))
      .orderBy(asc(quizzes.id)),
  ] as const;
}

type OutlineRows = RowsOf<ReturnType<typeof outlineQueries>>;

function outlinesFrom(courseIds: number[], [moduleRows, lessonRows, quizRows]: OutlineRows): Map<number, LoadedOutline> {
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
  const out = new Map<number, LoadedOutline>();
  for (const id of courseIds) out.set(id, { modules: sortOutline(raw.get(id) ?? []), quizzes: [] });
  for (const q of quizRows) {
    const { courseId, ...quiz } = q;
    out.get(courseId)?.quizzes.push({ ...quiz, questionCount: Number(quiz.questionCount) });
  }
  return out;
}

/** The outlines of some courses, in one round trip. */
export async function outlinesOf(db: Db, courseIds: number[]): Promise<Map<number, LoadedOutline>> {
  if (courseIds.length === 0) return new Map();
  return outlinesFrom(courseIds, await db.batch(outlineQueries(db, courseIds)));
}

// ---------------------------------------------------------------------------------------------
// Learner records

const progressFields = { userId: lessonProgress.userId, lessonId: lessonProgress.lessonId };
const attemptFields = {
  userId: quizAttempts.userId,
  quizId: quizAttempts.quizId,
  best: sql<number>`max(${quizAttempts.score})`,
  passed: sql<number>`max(${quizAttempts.passed})`,
  attempts: sql<number>`count(*)`,
  last: sql<string>`max(${quizAttempts.createdAt})`,
};

/** What some learners did in some courses: completed lessons, and per quiz the best score, a pass and the attempts. */
function recordQueries(db: Db, userIds: number[] | 'bound', courseIds: CourseIds) {
  return [
    db
      .select(progressFields)
      .from(lessonProgress)
      .where(and(userIn(lessonProgress.userId, userIds), courseIn(lessonProgress.courseId, courseIds))),
    db
      .select(attemptFields)
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(and(userIn(quizAttempts.userId, userIds), courseIn(modules.courseId, courseIds)))
      .groupBy(quizAttempts.userId, quizAttempts.quizId),
  ] as const;
}

type RecordRows = RowsOf<ReturnType<typeof recordQueries>>;

/** Lesson ids and quiz ids are unique across courses, so one record per learner suffices. */
function recordsFrom([progressRows, attemptRows]: RecordRows): Map<number, LearnerRecord> {
  const out = new Map<number, LearnerRecord>();
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
    r.lastAttemptAt.set(a.quizId, a.last);
    if (Number(a.passed) === 1) r.passedQuizIds.add(a.quizId);
  }
  return out;
}

/** The records of some learners in some courses, in one round trip. */
export async function recordsOf(db: Db, userIds: number[], courseIds: number[]): Promise<Map<number, LearnerRecord>> {
  if (userIds.length === 0 || courseIds.length === 0) return new Map();
  return recordsFrom(await db.batch(recordQueries(db, userIds, courseIds)));
}

// ---------------------------------------------------------------------------------------------
// One learner in one course

const USER = sql.placeholder('userId');
const COURSE = sql.placeholder('courseId');

const enrollmentQuery = preparedOnce((db) =>
  db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, USER), eq(enrollments.courseId, COURSE)))
    .limit(1)
    .prepare(),
);

const certificateQuery = preparedOnce((db) =>
  db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, USER), eq(certificates.courseId, COURSE)))
    .limit(1)
    .prepare(),
);

/** One learner's outline and record of one course, as prepared queries (userId, courseId bound per call). */
const oneOutline = preparedOnce((db) => {
  const [m, l, q] = outlineQueries(db, 'bound');
  return [m.prepare(), l.prepare(), q.prepare()] as const;
});
const oneRecord = preparedOnce((db) => {
  const [p, a] = recordQueries(db, 'bound', 'bound');
  return [p.prepare(), a.prepare()] as const;
});
const courseQuery = preparedOnce((db) => db.select().from(courses).where(eq(courses.id, COURSE)).limit(1).prepare());

/** A course row by id, as a bound query (for batches). */
export const courseById = (db: Db, courseId: number) => bind(courseQuery(db), { courseId });

export async function loadCourse(db: Db, courseId: number): Promise<CourseRow | null> {
  const [row] = await courseQuery(db).execute({ courseId });
  return row ?? null;
}

export async function enrollmentOf(db: Db, userId: number, courseId: number): Promise<EnrollmentRow | null> {
  const [row] = await enrollmentQuery(db).execute({ userId, courseId });
  return row ?? null;
}

export interface LearnerSnapshot {
  outline: LoadedOutline;
  record: LearnerRecord;
  enrollment: EnrollmentRow | null;
  certificate: CertificateRow | null;
}

/**
 * The queries of a learner's snapshot of a course, to run in one batch — alone (`learnerSnapshot`)
 * or followed by a caller's own queries (a quiz's questions), read back with `snapshotFrom`.
 */
export function snapshotQueries(db: Db, userId: number, courseId: number) {
  const values = { userId, courseId };
  const [m, l, q] = oneOutline(db);
  const [p, a] = oneRecord(db);
  return [
    bind(m, values),
    bind(l, values),
    bind(q, values),
    bind(p, values),
    bind(a, values),
    bind(enrollmentQuery(db), values),
    bind(certificateQuery(db), values),
  ] as const;
}

type SnapshotRows = ResultsOf<ReturnType<typeof snapshotQueries>>;

export function snapshotFrom(userId: number, courseId: number, rows: readonly [...SnapshotRows, ...unknown[]]): LearnerSnapshot {
  const [moduleRows, lessonRows, quizRows, progressRows, attemptRows, enrollmentRows, certificateRows] = rows;
  return {
    ...learnerStateFrom(userId, courseId, [moduleRows, lessonRows, quizRows, progressRows, attemptRows]),
    enrollment: enrollmentRows[0] ?? null,
    certificate: certificateRows[0] ?? null,
  };
}

type StateRows = readonly [...OutlineRows, ...RecordRows];

/** A learner's outline and record of one course from the rows of its outline and record queries. */
export function learnerStateFrom(
  userId: number,
  courseId: number,
  [moduleRows, lessonRows, quizRows, progressRows, attemptRows]: StateRows,
): { outline: LoadedOutline; record: LearnerRecord } {
  return {
    outline: outlinesFrom([courseId], [moduleRows, lessonRows, quizRows]).get(courseId) ?? emptyOutline(),
    record: recordsFrom([progressRows, attemptRows]).get(userId) ?? emptyRecord(),
  };
}

const moduleShape = jsonShape(moduleFields);
const lessonShape = jsonShape(lessonFields);
const quizShape = jsonShape(quizFields);
const progressShape = jsonShape(progressFields);
const attemptShape = jsonShape(attemptFields);

/**
 * A learner's outline and record of the course a quiz belongs to (`userId` and `quizId` bound), as
 * JSON columns of one statement with the quiz's own reads (quiz-attempts.ts): the very selects of
 * `learnerSnapshot`, each run whole inside its column (prepared-batch.ts, `jsonRowsOf`), the
 * quizzes by id as there. Read back with `learnerStateFromJson`.
 */
export function learnerStateColumns(db: Db) {
  const [m, l, q] = outlineQueries(db, 'quiz');
  const [p, a] = recordQueries(db, 'bound', 'quiz');
  return {
    modules: jsonRowsOf(moduleShape, m),
    lessons: jsonRowsOf(lessonShape, l),
    quizzes: jsonRowsOf(quizShape, q, [0]),
    progress: jsonRowsOf(progressShape, p),
    attempts: jsonRowsOf(attemptShape, a),
  };
}

export type LearnerStateJson = { [K in keyof ReturnType<typeof learnerStateColumns>]: string };

/** The outline and record from the columns of `learnerStateColumns`: what `learnerStateFrom` makes of the same rows. */
export function learnerStateFromJson(userId: number, courseId: number, columns: LearnerStateJson): { outline: LoadedOutline; record: LearnerRecord } {
  return learnerStateFrom(userId, courseId, [
    decodeRows(moduleShape, columns.modules),
    decodeRows(lessonShape, columns.lessons),
    decodeRows(quizShape, columns.quizzes),
    decodeRows(progressShape, columns.progress),
    decodeRows(attemptShape, columns.attempts),
  ]);
}

/** A learner's outline, record, enrolment and certificate of a course, in one round trip. */
export async function learnerSnapshot(db: Db, userId: number, courseId: number): Promise<LearnerSnapshot> {
  return snapshotFrom(userId, courseId, await runBatch(db, snapshotQueries(db, userId, courseId)));
}

/** The record and certificate again after a write (completion), in one round trip. */
export async function progressAfterWrite(db: Db, userId: number, courseId: number): Promise<{ record: LearnerRecord; certificate: CertificateRow | null }> {
  const values = { userId, courseId };
  const [p, a] = oneRecord(db);
  const [progressRows, attemptRows, certificateRows] = await runBatch(db, [bind(p, values), bind(a, values), bind(certificateQuery(db), values)] as const);
  return { record: recordsFrom([progressRows, attemptRows]).get(userId) ?? emptyRecord(), certificate: certificateRows[0] ?? null };
}

// ---------------------------------------------------------------------------------------------
// Access

export interface Access {
  enrollment: EnrollmentRow | null;
  /** The course's instructor or ADMIN: may preview without enrolment and is never held by locks. */
  manager: boolean;
}

/**
 * An enrolled learner, or the course's manager previewing; anyone else 403. A course that requires
 * a plan (required_level, decision 0031) is learnt by its buyer, or while the learner's plan reaches
 * it (decision 0063: else the gate's 403, "plan ended" for an enrolled learner; admins and the
 * course's manager pass).
 */
export function accessFrom(user: CourseActor & GateActor, course: CourseRow, enrollment: EnrollmentRow | null): Access {
  const manager = canManageCourse(user, course);
  if (!enrollment && !manager) throw forbidden(NOT_ENROLLED);
  if (!manager) assertCourseAccess(user, course.requiredLevel, enrollment?.source ?? null);
  return { enrollment, manager };
}

/** `accessFrom` with the enrolment read here (for routes that need nothing else of the learner). */
export async function accessTo(db: Db, user: CourseActor, course: CourseRow): Promise<Access> {
  return accessFrom(user, course, await enrollmentOf(db, user.id, course.id));
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
