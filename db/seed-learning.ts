import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { sortOutline } from '../worker/src/domain/learning.ts';
import type { Db } from '../worker/src/platform/db.ts';
import { ensureCertificate, ensureDefaultCertificateTemplate } from '../worker/src/services/certificates.ts';
import { courses, enrollments, lessonProgress, lessons, modules, quizQuestions, quizzes, users } from './schema/index.ts';

export const DEMO_LEARNER = 'student';

export interface LearningSeedResult {
  defaultTemplateId: number;
  /** Courses the demo learner was enrolled in by this run (0 when already seeded). */
  enrolled: number;
  completedCourseId: number | null;
  inProgressCourseId: number | null;
  certificateCode: string | null;
}

/** Lessons of a course in reading order, each with its quizzes and their questions' correct options. */
async function courseLessons(db: Db, courseId: number) {
  const moduleRows = await db.select({ id: modules.id, title: modules.title, position: modules.position }).from(modules).where(eq(modules.courseId, courseId));
  const moduleIds = moduleRows.map((m) => m.id);
  const lessonRows =
    moduleIds.length === 0
      ? []
      : await db
          .select({ id: lessons.id, moduleId: lessons.moduleId, title: lessons.title, type: lessons.type, position: lessons.position })
          .from(lessons)
          .where(inArray(lessons.moduleId, moduleIds));
  const ordered = sortOutline(moduleRows.map((m) => ({ ...m, lessons: lessonRows.filter((l) => l.moduleId === m.id) }))).flatMap((m) => m.lessons);
  const lessonIds = ordered.map((l) => l.id);
  const quizRows =
    lessonIds.length === 0 ? [] : await db.select({ id: quizzes.id, lessonId: quizzes.lessonId }).from(quizzes).where(inArray(quizzes.lessonId, lessonIds));
  const quizIds = quizRows.map((q) => q.id);
  const questionRows =
    quizIds.length === 0
      ? []
      : await db
          .select({ id: quizQuestions.id, quizId: quizQuestions.quizId, correctOption: quizQuestions.correctOption })
          .from(quizQuestions)
          .where(inArray(quizQuestions.quizId, quizIds))
          .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  return ordered.map((l) => ({
    ...l,
    quizzes: quizRows
      .filter((q) => q.lessonId === l.id)
      .map((q) => ({ id: q.id, questions: questionRows.filter((x) => x.quizId === q.id) })),
  }));
}

type SeedLesson = Awaited<ReturnType<typeof courseLessons>>[number];

/** Progress rows and passing attempts (all answers right) for some lessons, as statements for one batch. */
function progressStatements(db: Db, userId: number, courseId: number, done: SeedLesson[]) {
  return done.flatMap((lesson) => [
    db.insert(lessonProgress).values({ userId, courseId, lessonId: lesson.id }).onConflictDoNothing(),
    ...lesson.quizzes.map((quiz) => {
      const answers = JSON.stringify(quiz.questions.map((q) => ({ questionId: q.id, selected: q.correctOption })));
      return db.run(sql`INSERT INTO quiz_attempts (user_id, quiz_id, score, passed, answers)
        SELECT ${userId}, ${quiz.id}, 100, 1, ${answers}
        WHERE NOT EXISTS (SELECT 1 FROM quiz_attempts WHERE user_id = ${userId} AND quiz_id = ${quiz.id} AND passed = 1)`);
    }),
  ]);
}

/**
 * Learning demo data, idempotent: the default certificate template always; then, for the demo
 * learner ('student') when they have no enrolment yet, two published courses with lessons (free
 * ones first): the first completed with passing attempts and its certificate, the second half
 * done. Run after the demo courses exist (seedDemoCourses); without them only the template is made.
 */
export async function seedLearningDemo(db: Db): Promise<LearningSeedResult> {
  const defaultTemplateId = await ensureDefaultCertificateTemplate(db);
  const result: LearningSeedResult = { defaultTemplateId, enrolled: 0, completedCourseId: null, inProgressCourseId: null, certificateCode: null };
  const [learner] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${DEMO_LEARNER}`).limit(1);
  if (!learner) return result;
  const [already] = await db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.userId, learner.id)).limit(1);
  if (already) return result;

  const candidates = await db
    .select({ id: courses.id, priceCents: courses.priceCents, certificateTemplateId: courses.certificateTemplateId })
    .from(courses)
    .where(
      and(
        eq(courses.status, 'published'),
        sql`EXISTS (SELECT 1 FROM lessons l JOIN modules m ON m.id = l.module_id WHERE m.course_id = ${courses.id})`,
      ),
    )
    .orderBy(sql`${courses.priceCents} > 0`, asc(courses.id))
    .limit(2);
  const [completed, inProgress] = candidates;

  if (completed) {
    const all = await courseLessons(db, completed.id);
    await db.batch([
      db
        .insert(enrollments)
        .values({ userId: learner.id, courseId: completed.id, source: completed.priceCents > 0 ? 'admin' : 'free', lastLessonId: all.at(-1)?.id ?? null })
        .onConflictDoNothing(),
      ...progressStatements(db, learner.id, completed.id, all),
    ]);
    const certificate = await ensureCertificate(db, learner.id, completed);
    result.enrolled += 1;
    result.completedCourseId = completed.id;
    result.certificateCode = certificate.code;
  }

  if (inProgress) {
    const all = await courseLessons(db, inProgress.id);
    // Half of the lessons (never all of them), and the learner resumes at the next one.
    const doneCount = Math.min(Math.ceil(all.length / 2), all.length - 1);
    const done = all.slice(0, doneCount);
    await db.batch([
      db
        .insert(enrollments)
        .values({ userId: learner.id, courseId: inProgress.id, source: inProgress.priceCents > 0 ? 'admin' : 'free', lastLessonId: all[doneCount]?.id ?? null })
        .onConflictDoNothing(),
      ...progressStatements(db, learner.id, inProgress.id, done),
    ]);
    result.enrolled += 1;
    result.inProgressCourseId = inProgress.id;
  }
  return result;
}
