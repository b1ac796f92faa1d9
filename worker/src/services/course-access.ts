import { eq } from 'drizzle-orm';
import { courses, lessons, modules, quizQuestions, quizzes } from '../../../db/schema/index.ts';
import { canManageCourse, type CourseActor } from '../domain/courses.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { COURSE_NOT_FOUND, NOT_YOUR_COURSE } from './courses.ts';
import { type CourseRef, findCourseRef } from './course-reads.ts';

/** Who may manage a course's content, and the content with its course. */

export function assertManages(actor: CourseActor, course: { instructorId: number | null }): void {
  if (!canManageCourse(actor, course)) throw forbidden(NOT_YOUR_COURSE);
}

/** The course, when it exists (404) and the actor manages it (403). */
export async function requireManagedCourse(db: Db, actor: CourseActor, courseId: number): Promise<CourseRef> {
  const course = await findCourseRef(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  assertManages(actor, course);
  return course;
}

export async function moduleWithCourse(db: Db, moduleId: number) {
  const [row] = await db
    .select({ id: modules.id, courseId: modules.courseId, instructorId: courses.instructorId })
    .from(modules)
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(modules.id, moduleId))
    .limit(1);
  return row ?? null;
}

export async function lessonWithCourse(db: Db, lessonId: number) {
  const [row] = await db
    .select({ id: lessons.id, title: lessons.title, moduleId: lessons.moduleId, courseId: modules.courseId, instructorId: courses.instructorId })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(lessons.id, lessonId))
    .limit(1);
  return row ?? null;
}

export async function quizWithCourse(db: Db, quizId: number) {
  const [row] = await db
    .select({ id: quizzes.id, lessonId: quizzes.lessonId, courseId: modules.courseId, instructorId: courses.instructorId })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return row ?? null;
}

export async function questionWithCourse(db: Db, questionId: number) {
  const [row] = await db
    .select({
      id: quizQuestions.id,
      quizId: quizQuestions.quizId,
      options: quizQuestions.options,
      correctOption: quizQuestions.correctOption,
      courseId: modules.courseId,
      instructorId: courses.instructorId,
    })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(quizQuestions.id, questionId))
    .limit(1);
  return row ?? null;
}

/** A change to a course's content counts as a change to the course (pages compare updated_at). */
export function touchCourse(db: Db, courseId: number) {
  return db.update(courses).set({ updatedAt: sqlNow }).where(eq(courses.id, courseId));
}
