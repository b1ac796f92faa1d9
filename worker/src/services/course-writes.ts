import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { categories, courses, enrollments } from '../../../db/schema/index.ts';
import type { AuthUser } from '../app-context.ts';
import { canChooseInstructor, isFullAdmin, priceToCents, type CourseStatus } from '../domain/courses.ts';
import { rolesWith } from '../domain/permissions.ts';
import { badRequest, conflict } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { fieldWords, isStaffActor } from '../domain/audit.ts';
import { auditedIfStaff } from './audit.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { requireManagedCourse } from './course-access.ts';

/** Course writes: create, update (publishing rules) and delete. */

/** The course columns a create or an update sets; undefined leaves a column as it is. */
export interface CourseChanges {
  title?: string;
  shortName?: string | null;
  description?: string;
  detailedDescription?: string | null;
  price?: string | null;
  status?: CourseStatus;
  visible?: boolean;
  instructorId?: number | null;
  categoryId?: number | null;
  difficultyLevel?: 'beginner' | 'intermediate' | 'advanced';
  duration?: string | null;
  imageUrl?: string | null;
  videoUrl?: string | null;
  previewVideoUrl?: string | null;
  lockModules?: boolean;
  requiredLevel?: number;
}

/** The first defined of several spellings of one field (imageUrl / image_url). */
export function firstDefined<T>(...values: (T | undefined)[]): T | undefined {
  return values.find((v) => v !== undefined);
}

function cents(price: string | null | undefined): number | undefined {
  if (price === undefined) return undefined;
  if (price === null) return 0;
  const value = priceToCents(price);
  // The schema already refused anything else; this is a guard for direct callers.
  if (value === null) throw badRequest('Price must be a non-negative number', { price: ['Price must be a non-negative number'] });
  return value;
}

async function checkCategory(db: Db, categoryId: number | null | undefined, field: string): Promise<void> {
  if (categoryId === undefined || categoryId === null) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!row) throw badRequest('Category not found', { [field]: ['Category not found'] });
}

/** An instructor an admin may assign: an active user with an instructor role or ADMIN. */
async function checkInstructor(db: Db, instructorId: number, field: string): Promise<void> {
  const rows = await db.all<{ id: number }>(sql`SELECT u.id FROM users u
    WHERE u.id = ${instructorId} AND u.is_active = 1 AND EXISTS (
      SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
      WHERE ur.user_id = u.id AND r.name IN (${sql.join(
        rolesWith('courses.manage_own').map((r) => sql`${r}`),
        sql`, `,
      )}))`);
  if (rows.length === 0) throw badRequest('Instructor not found', { [field]: ['Instructor not found'] });
}

/**
 * Only ADMIN chooses the instructor (courses.assign_instructor); anyone else creates for themselves and cannot hand a
 * course to someone else (their choice is ignored, as the form has no selector for them).
 */
async function resolveInstructor(db: Db, actor: AuthUser, requested: number | null | undefined, field: string) {
  if (!canChooseInstructor(actor.roles) || requested === undefined) return undefined;
  if (requested === null) return null;
  await checkInstructor(db, requested, field);
  return requested;
}

export async function createCourse(db: Db, actor: AuthUser, input: CourseChanges): Promise<number> {
  await checkCategory(db, input.categoryId, 'category_id');
  const chosen = await resolveInstructor(db, actor, input.instructorId, 'instructorId');
  const status = input.status ?? 'draft';
  const [rows] = (await db.batch(
    auditedIfStaff(db, actor, { action: 'course.create', table: courses, id: 'new', summary: `Created the course “${input.title}”.` }, [
      db
    .insert(courses)
    .values({
      title: input.title!,
      description: input.description!,
      shortName: input.shortName ?? null,
      detailedDescription: input.detailedDescription ?? null,
      priceCents: cents(input.price) ?? 0,
      status,
      instructorId: chosen === undefined || chosen === null ? actor.id : chosen,
      categoryId: input.categoryId ?? null,
      difficultyLevel: input.difficultyLevel ?? 'beginner',
      duration: input.duration ?? null,
      imageUrl: input.imageUrl ?? null,
      videoUrl: input.videoUrl ?? null,
      previewVideoUrl: input.previewVideoUrl ?? null,
      lockModules: input.lockModules ?? false,
      requiredLevel: input.requiredLevel ?? 0,
      publishedAt: status === 'published' ? sqlNow : null,
    })
    .returning({ id: courses.id }),
    ]),
  )) as [{ id: number }[]];
  return rows[0]!.id;
}

/** Only the actor's own course, unless ADMIN: part of the write, so a race cannot slip past. */
function managedBy(actor: AuthUser, courseId: number): SQL {
  return isFullAdmin(actor.roles) ? eq(courses.id, courseId) : and(eq(courses.id, courseId), eq(courses.instructorId, actor.id))!;
}

/**
 * One UPDATE: status set directly (PATCH) or from the visible toggle (PUT, where an archived
 * course stays archived while hidden); published_at stamped when a course becomes published;
 * updated_at always refreshed.
 */
export async function updateCourse(db: Db, actor: AuthUser, courseId: number, changes: CourseChanges): Promise<void> {
  await requireManagedCourse(db, actor, courseId);
  await checkCategory(db, changes.categoryId, 'category_id');
  const instructorId = await resolveInstructor(db, actor, changes.instructorId, 'instructor_id');

  let status: SQL | CourseStatus | undefined = changes.status;
  let publishedAt: SQL | undefined;
  const publishing = changes.status === 'published' || (changes.status === undefined && changes.visible === true);
  if (changes.status !== undefined) {
    if (changes.status === 'published') publishedAt = sql`CASE WHEN ${courses.status} <> 'published' THEN ${sqlNow} ELSE ${courses.publishedAt} END`;
  } else if (changes.visible !== undefined) {
    status = changes.visible
      ? sql`'published'`
      : sql`CASE WHEN ${courses.status} = 'archived' THEN 'archived' ELSE 'draft' END`;
    if (changes.visible) publishedAt = sql`CASE WHEN ${courses.status} <> 'published' THEN ${sqlNow} ELSE ${courses.publishedAt} END`;
  }

  const [ref] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  const fields = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  const staff = isStaffActor(actor.roles);
  const results = await db.batch(
    auditedIfStaff(db, actor, { action: 'course.update', table: courses, id: courseId, summary: `Changed the course “${ref?.title ?? `#${courseId}`}” (${fieldWords(fields) || 'nothing'}).` }, [
      db
    .update(courses)
    .set({
      title: changes.title,
      shortName: changes.shortName,
      description: changes.description,
      detailedDescription: changes.detailedDescription,
      priceCents: cents(changes.price),
      status,
      publishedAt,
      instructorId,
      categoryId: changes.categoryId,
      difficultyLevel: changes.difficultyLevel,
      duration: changes.duration,
      imageUrl: changes.imageUrl,
      videoUrl: changes.videoUrl,
      previewVideoUrl: changes.previewVideoUrl,
      lockModules: changes.lockModules,
      requiredLevel: changes.requiredLevel,
      updatedAt: sqlNow,
    })
    .where(publishing ? and(managedBy(actor, courseId), noQuizWithoutQuestions(courseId)) : managedBy(actor, courseId))
    .returning({ id: courses.id }),
    ]),
  );
  const updated = results[staff ? 1 : 0] as { id: number }[];
  if (updated.length === 0) {
    await requireManagedCourse(db, actor, courseId);
    if (publishing) throw conflict(unpublishableMessage(await quizzesWithoutQuestions(db, courseId)));
  }
}

// A course whose quizzes have no questions cannot be published (decision 0012): nobody could
// pass them. Checked inside the UPDATE that publishes, so a question deleted meanwhile counts.

const quizzesWithoutQuestionsSql = (courseId: number) => sql`SELECT q.id, q.title, l.title AS lesson_title
  FROM quizzes q JOIN lessons l ON l.id = q.lesson_id JOIN modules m ON m.id = l.module_id
  WHERE m.course_id = ${courseId} AND NOT EXISTS (SELECT 1 FROM quiz_questions qq WHERE qq.quiz_id = q.id)`;

function noQuizWithoutQuestions(courseId: number): SQL {
  return sql`NOT EXISTS (${quizzesWithoutQuestionsSql(courseId)})`;
}

export async function quizzesWithoutQuestions(db: Db, courseId: number): Promise<{ id: number; title: string; lessonTitle: string }[]> {
  const rows = await db.all<{ id: number; title: string; lesson_title: string }>(sql`${quizzesWithoutQuestionsSql(courseId)} ORDER BY q.id`);
  return rows.map((r) => ({ id: r.id, title: r.title, lessonTitle: r.lesson_title }));
}

/** Names the quizzes that hold publishing back. */
export function unpublishableMessage(empty: readonly { title: string; lessonTitle: string }[]): string {
  if (empty.length === 0) return 'The course could not be published. Please try again.';
  const names = empty.map((q) => `“${q.title}” (lesson “${q.lessonTitle}”)`).join(', ');
  return empty.length === 1
    ? `This course cannot be published: the quiz ${names} has no questions. Add questions to it or delete it first.`
    : `This course cannot be published: these quizzes have no questions: ${names}. Add questions to them or delete them first.`;
}

/**
 * Deletes a course and, by cascade, its modules, lessons and quizzes. A course somebody is
 * enrolled in is refused (409): deleting it would take their progress and certificates with it;
 * archive it instead. The check is part of the DELETE, so an enrolment racing it wins.
 */
export async function deleteCourse(db: Db, actor: AuthUser, courseId: number): Promise<void> {
  await requireManagedCourse(db, actor, courseId);
  const [ref] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  const staff = isStaffActor(actor.roles);
  const results = await db.batch(
    auditedIfStaff(db, actor, { action: 'course.delete', table: courses, id: courseId, summary: `Deleted the course “${ref?.title ?? `#${courseId}`}” with its modules, lessons and quizzes.` }, [
      db
        .delete(courses)
        .where(and(managedBy(actor, courseId), sql`NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = ${courseId})`))
        .returning({ id: courses.id }),
    ]),
  );
  const deleted = results[staff ? 1 : 0] as { id: number }[];
  if (deleted.length > 0) return;
  await requireManagedCourse(db, actor, courseId);
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
  const n = row?.n ?? 0;
  throw conflict(`This course has ${n} enrollment(s) and cannot be deleted; archive it instead.`);
}
