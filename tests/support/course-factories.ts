import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categories, courses, enrollments, lessons, modules, quizQuestions, quizzes } from '../../db/schema/index.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { createSignedInUser } from './factories.ts';
import { givePlan } from './subscription-factories.ts';

/**
 * Courses and their content for tests, written straight to the database with unique values so
 * tests never depend on each other or on seed ids.
 */

let counter = 0;
export function uniqueTitle(prefix = 'Course'): string {
  counter += 1;
  return `${prefix} ${counter} ${randomBytes(3).toString('hex')}`;
}

type CourseRow = typeof courses.$inferSelect;
type ModuleRow = typeof modules.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;
type QuestionRow = typeof quizQuestions.$inferSelect;

export type CourseOptions = Partial<Omit<typeof courses.$inferInsert, 'id'>>;

/** A published free course by default; `instructorId` is the owner. */
export async function createCourse(db: Db, options: CourseOptions = {}): Promise<CourseRow> {
  const status = options.status ?? 'published';
  const [row] = await db
    .insert(courses)
    .values({
      title: uniqueTitle(),
      description: 'A course made by a test factory for dance educators.',
      priceCents: 0,
      ...options,
      status,
      publishedAt: options.publishedAt !== undefined ? options.publishedAt : status === 'published' ? new Date().toISOString() : null,
    })
    .returning();
  return row!;
}

export async function createModule(db: Db, courseId: number, options: Partial<typeof modules.$inferInsert> = {}): Promise<ModuleRow> {
  const existing = await db.select({ position: modules.position }).from(modules).where(eq(modules.courseId, courseId));
  const [row] = await db
    .insert(modules)
    .values({
      title: uniqueTitle('Module'),
      description: 'A module made by a test factory.',
      position: Math.max(0, ...existing.map((m) => m.position)) + 1,
      ...options,
      courseId,
    })
    .returning();
  return row!;
}

export async function createLesson(db: Db, moduleId: number, options: Partial<typeof lessons.$inferInsert> = {}): Promise<LessonRow> {
  const existing = await db.select({ position: lessons.position }).from(lessons).where(eq(lessons.moduleId, moduleId));
  const [row] = await db
    .insert(lessons)
    .values({
      title: uniqueTitle('Lesson'),
      description: 'A lesson made by a test factory.',
      content: '# Warm-up\n\nPlié, tendu, dégagé.',
      type: 'text',
      position: Math.max(0, ...existing.map((l) => l.position)) + 1,
      ...options,
      moduleId,
    })
    .returning();
  return row!;
}

export async function createQuiz(db: Db, lessonId: number, options: Partial<typeof quizzes.$inferInsert> = {}): Promise<QuizRow> {
  const [row] = await db
    .insert(quizzes)
    .values({ title: uniqueTitle('Quiz'), description: 'A quiz made by a test factory.', passScore: 70, ...options, lessonId })
    .returning();
  return row!;
}

export async function createQuestion(db: Db, quizId: number, options: Partial<typeof quizQuestions.$inferInsert> = {}): Promise<QuestionRow> {
  const existing = await db.select({ position: quizQuestions.position }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  const [row] = await db
    .insert(quizQuestions)
    .values({
      question: 'Which position has the heels together and toes turned out?',
      options: ['First position', 'Second position', 'Fourth position'],
      correctOption: 0,
      position: Math.max(0, ...existing.map((q) => q.position)) + 1,
      ...options,
      quizId,
    })
    .returning();
  return row!;
}

export interface CourseTree {
  course: CourseRow;
  module: ModuleRow;
  lesson: LessonRow;
  quizLesson: LessonRow;
  quiz: QuizRow;
  question: QuestionRow;
}

/** A course with one module holding a text lesson and a quiz lesson whose quiz has one question. */
export async function createCourseTree(db: Db, options: CourseOptions = {}): Promise<CourseTree> {
  const course = await createCourse(db, options);
  const module = await createModule(db, course.id);
  const lesson = await createLesson(db, module.id);
  const quizLesson = await createLesson(db, module.id, { type: 'quiz', content: 'Answer the questions below.' });
  const quiz = await createQuiz(db, quizLesson.id);
  const question = await createQuestion(db, quiz.id);
  return { course, module, lesson, quizLesson, quiz, question };
}

export async function createEnrollment(db: Db, userId: number, courseId: number) {
  const [row] = await db.insert(enrollments).values({ userId, courseId, source: 'admin' }).returning();
  return row!;
}

/** The id of a reference dance class category (seeded into every test database). */
export async function categoryId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, name));
  if (!row) throw new Error(`No category ${name}`);
  return row.id;
}

/** A new category with a unique name (for tests that rename or delete). */
export async function createCategory(db: Db, name = uniqueTitle('Style')): Promise<{ id: number; name: string }> {
  const [row] = await db.insert(categories).values({ name, position: 100 }).returning({ id: categories.id, name: categories.name });
  return row!;
}

/**
 * One signed-in user per role that matters to courses, each with a token. The non-admin
 * instructors (instructor, otherInstructor, courseCreator) hold an Educator plan, so the Course
 * Administration gate lets them write; a test of the gate makes its own free instructor.
 */
export async function createCourseCast(db: Db) {
  const [admin, instructorAdmin, instructor, otherInstructor, courseCreator, student, curriculumAdmin] = await Promise.all([
    createSignedInUser(db, { roles: ['ADMIN'], firstName: 'Grace', lastName: 'Admin' }),
    createSignedInUser(db, { roles: ['INSTRUCTOR_ADMIN', 'INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' }),
    createSignedInUser(db, { roles: ['INSTRUCTOR'], firstName: 'Ivan', lastName: 'Teacher' }),
    createSignedInUser(db, { roles: ['INSTRUCTOR'], firstName: 'Olga', lastName: 'Other' }),
    createSignedInUser(db, { roles: ['COURSE_CREATOR'], firstName: 'Cora', lastName: 'Creator' }),
    createSignedInUser(db, { roles: ['STUDENT'], firstName: 'Maya', lastName: 'Student' }),
    createSignedInUser(db, { roles: ['CURRICULUM_ADMIN'], firstName: 'James', lastName: 'Curriculum' }),
  ]);
  // Non-admin instructors write courses under the Course Administration gate (Educator, decision 0031).
  await Promise.all([instructor, otherInstructor, courseCreator].map((u) => givePlan(db, u.user.id, 'educator')));
  return { admin, instructorAdmin, instructor, otherInstructor, courseCreator, student, curriculumAdmin };
}
export type CourseCast = Awaited<ReturnType<typeof createCourseCast>>;
