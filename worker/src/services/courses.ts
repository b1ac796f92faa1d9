import { and, asc, count, desc, eq, getTableColumns, gt, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { categories, courses, enrollments, lessons, modules, quizQuestions, quizzes, users } from '../../../db/schema/index.ts';
import type { AuthUser } from '../app-context.ts';
import {
  canChooseInstructor,
  canListAllCourses,
  canManageCourse,
  centsToDollars,
  hasInstructorRole,
  isFullAdmin,
  isVisibleStatus,
  priceToCents,
  type CourseActor,
  type CourseStatus,
} from '../domain/courses.ts';
import { rolesWith } from '../domain/permissions.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import type { CourseListQuery } from '../schemas/courses.ts';
import { fieldWords, isStaffActor } from '../domain/audit.ts';
import { auditedIfStaff } from './audit.ts';

/**
 * Course queries and course writes, shared by the course administration API, the catalog, the
 * pre-rendered pages and the learning API.
 */

export const COURSE_NOT_FOUND = 'Course not found';
export const MODULE_NOT_FOUND = 'Module not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const QUIZ_NOT_FOUND = 'Quiz not found';
export const QUESTION_NOT_FOUND = 'Question not found';
export const NOT_YOUR_COURSE = 'You can only manage your own courses';
export const COURSE_MANAGERS_ONLY = 'Only instructors and admins can manage courses';

export const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

// ---------------------------------------------------------------------------------------------
// Shapes

export interface InstructorRef {
  id: number;
  first_name: string;
  last_name: string;
  /** Shown when the instructor has no name on their profile. */
  username: string;
  profile_image_url: string | null;
}

/** A course as the API answers it (snake_case), as the catalog lists it. */
export interface CourseSummary {
  id: number;
  title: string;
  short_name: string | null;
  description: string;
  instructor_id: number | null;
  /** true = published, false = draft or archived. */
  visible: boolean;
  status: CourseStatus;
  /** Dollars. */
  price: number;
  price_cents: number;
  image_url: string | null;
  video_url: string | null;
  preview_video_url: string | null;
  category_id: number | null;
  category: { id: number; name: string } | null;
  difficulty_level: 'beginner' | 'intermediate' | 'advanced';
  duration: string | null;
  lock_modules: boolean;
  /** The plan a learner needs (decision 0031): 0 everyone, 20 Premium, 30 Royalty. */
  required_level: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  instructor: InstructorRef | null;
  module_count: number;
  lesson_count: number;
  enrollment_count: number;
}

export interface QuizRef {
  id: number;
  title: string;
  passScore: number;
  questionCount: number;
}

/** A lesson in the outline everybody may see: no description and no content. */
export interface LessonOutline {
  id: number;
  module_id: number;
  title: string;
  type: 'text' | 'video' | 'quiz';
  order: number;
  position: number;
  quiz: QuizRef | null;
  quizzes: QuizRef[];
}

/** A lesson as its course's managers see it. */
export interface LessonView extends LessonOutline {
  description: string;
  content: string;
}

export interface ModuleView<L extends LessonOutline = LessonOutline> {
  id: number;
  course_id: number;
  title: string;
  description: string;
  order: number;
  position: number;
  lessonCount: number;
  lessons: L[];
}

export interface CourseDetail<L extends LessonOutline = LessonOutline> extends CourseSummary {
  detailed_description: string | null;
  modules: ModuleView<L>[];
}

/** An entry of the course administration list: the fields that screen reads. */
export interface ManagedCourseItem {
  id: number;
  title: string;
  description: string;
  price: number;
  status: CourseStatus;
  visible: boolean;
  imageUrl: string | null;
  moduleCount: number;
  lessonCount: number;
  enrollmentCount: number;
  instructorId: number | null;
  /** First and last name; null when the instructor has none (the screen then shows 'Instructor #id'). */
  instructorName: string | null;
  createdAt: string;
  updatedAt: string;
  fullVideoUrl: string | null;
  previewVideoUrl: string | null;
  /** The plan a learner needs: 0, 20 or 30 (decision 0031). */
  requiredLevel: number;
  /** Whether this viewer may edit or delete it (INSTRUCTOR_ADMIN lists all but manages own). */
  canManage: boolean;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------------
// Reads

/*
 * Correlated subqueries name the outer table literally: Drizzle leaves column names unqualified
 * in a single-table select, where an inner alias would capture them.
 */
const moduleCountSql = sql<number>`(SELECT count(*) FROM modules m WHERE m.course_id = courses.id)`.mapWith(Number);
const lessonCountSql = sql<number>`(SELECT count(*) FROM lessons l JOIN modules m ON m.id = l.module_id WHERE m.course_id = courses.id)`.mapWith(
  Number,
);

const { detailedDescription: _detailed, ...summaryColumns } = getTableColumns(courses);

const summarySelection = {
  ...summaryColumns,
  categoryName: categories.name,
  instructorFirstName: users.firstName,
  instructorLastName: users.lastName,
  instructorUsername: users.username,
  instructorImage: users.profileImageUrl,
  moduleCount: moduleCountSql,
  lessonCount: lessonCountSql,
};

function summaryQuery(db: Db) {
  return db
    .select(summarySelection)
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .leftJoin(users, eq(users.id, courses.instructorId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(row: SummaryRow): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    short_name: row.shortName,
    description: row.description,
    instructor_id: row.instructorId,
    visible: isVisibleStatus(row.status),
    status: row.status,
    price: centsToDollars(row.priceCents),
    price_cents: row.priceCents,
    image_url: row.imageUrl,
    video_url: row.videoUrl,
    preview_video_url: row.previewVideoUrl,
    category_id: row.categoryId,
    category: row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
    difficulty_level: row.difficultyLevel,
    duration: row.duration,
    lock_modules: row.lockModules,
    required_level: row.requiredLevel,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    published_at: row.publishedAt,
    instructor:
      row.instructorId !== null && row.instructorFirstName !== null
        ? {
            id: row.instructorId,
            first_name: row.instructorFirstName,
            last_name: row.instructorLastName ?? '',
            username: row.instructorUsername ?? '',
            profile_image_url: row.instructorImage,
          }
        : null,
    module_count: row.moduleCount,
    lesson_count: row.lessonCount,
    enrollment_count: row.enrollmentCount,
  };
}

/**
 * A course in a public list: the full video is for enrolled learners, so it is never listed
 * (decision 0015); the course read gives it to those allowed.
 */
function toPublicSummary(row: SummaryRow): CourseSummary {
  return { ...toSummary(row), video_url: null };
}

function instructorName(row: SummaryRow): string | null {
  const name = [row.instructorFirstName, row.instructorLastName]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

function toManagedItem(row: SummaryRow, actor: CourseActor): ManagedCourseItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: centsToDollars(row.priceCents),
    status: row.status,
    visible: isVisibleStatus(row.status),
    imageUrl: row.imageUrl,
    moduleCount: row.moduleCount,
    lessonCount: row.lessonCount,
    enrollmentCount: row.enrollmentCount,
    instructorId: row.instructorId,
    instructorName: instructorName(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    fullVideoUrl: row.videoUrl,
    previewVideoUrl: row.previewVideoUrl,
    requiredLevel: row.requiredLevel,
    canManage: canManageCourse(actor, { instructorId: row.instructorId }),
  };
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The most words of a search that count (the rest are ignored). */
export const MAX_SEARCH_WORDS = 8;

function searchWords(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

type ListFilter = Pick<CourseListQuery, 'q' | 'category' | 'level' | 'price' | 'instructor' | 'status'>;

function filterConditions(filter: ListFilter): SQL[] {
  const where: SQL[] = [];
  // Every word of the search appears in the title, short name, description, style or the
  // instructor's name (the style and the instructor by their row, looked up per course).
  for (const word of searchWords(filter.q)) {
    const pattern = `%${escapeLike(word)}%`;
    const like = (column: SQLWrapper) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    where.push(
      or(
        like(courses.title),
        like(courses.shortName),
        like(courses.description),
        sql`EXISTS (SELECT 1 FROM categories cat WHERE cat.id = courses.category_id AND cat.name LIKE ${pattern} ESCAPE '\\')`,
        sql`EXISTS (SELECT 1 FROM users teacher WHERE teacher.id = courses.instructor_id AND (teacher.first_name LIKE ${pattern} ESCAPE '\\' OR teacher.last_name LIKE ${pattern} ESCAPE '\\'))`,
      )!,
    );
  }
  if (filter.category) {
    where.push(
      /^\d{1,15}$/.test(filter.category)
        ? eq(courses.categoryId, Number(filter.category))
        : sql`${courses.categoryId} IN (SELECT id FROM categories WHERE lower(name) = lower(${filter.category}))`,
    );
  }
  if (filter.level) where.push(eq(courses.difficultyLevel, filter.level));
  if (filter.price === 'free') where.push(eq(courses.priceCents, 0));
  if (filter.price === 'paid') where.push(gt(courses.priceCents, 0));
  if (filter.instructor !== undefined) where.push(eq(courses.instructorId, filter.instructor));
  if (filter.status) where.push(eq(courses.status, filter.status));
  return where;
}

function orderOf(sort: CourseListQuery['sort'], scope: 'public' | 'manage'): SQL[] {
  switch (sort) {
    case 'price_asc':
      // Ties by id ascending: the index (status, price_cents, id) serves it read forwards.
      return [asc(courses.priceCents), asc(courses.id)];
    case 'price_desc':
      return [desc(courses.priceCents), desc(courses.id)];
    case 'popular':
      return [desc(courses.enrollmentCount), desc(courses.id)];
    case 'newest':
    default:
      return scope === 'public'
        ? [desc(sql`coalesce(${courses.publishedAt}, ${courses.createdAt})`), desc(courses.id)]
        : [desc(courses.createdAt), desc(courses.id)];
  }
}

async function pageOf(db: Db, where: SQL | undefined, query: CourseListQuery, scope: 'public' | 'manage') {
  const [rows, [totals]] = await Promise.all([
    summaryQuery(db)
      .where(where)
      .orderBy(...orderOf(query.sort, scope))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(courses).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The public catalog: published courses only. */
export async function listCatalog(db: Db, query: CourseListQuery): Promise<Page<CourseSummary>> {
  const where = and(eq(courses.status, 'published'), ...filterConditions(query));
  const { rows, total } = await pageOf(db, where, query, 'public');
  return { data: rows.map(toPublicSummary), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The course administration list: ADMIN and INSTRUCTOR_ADMIN see every course in any
 * status; INSTRUCTOR and COURSE_CREATOR their own; anyone else is refused.
 */
export async function listManagedCourses(db: Db, actor: CourseActor, query: CourseListQuery): Promise<Page<ManagedCourseItem>> {
  const conditions = filterConditions(query);
  if (!canListAllCourses(actor.roles)) {
    if (!hasInstructorRole(actor.roles)) throw forbidden(COURSE_MANAGERS_ONLY);
    conditions.push(eq(courses.instructorId, actor.id));
  }
  const { rows, total } = await pageOf(db, and(...conditions), query, 'manage');
  return { data: rows.map((r) => toManagedItem(r, actor)), total, page: query.page, pageSize: query.pageSize };
}

/** The published courses of one instructor, for their public profile. */
export async function publishedCoursesOf(db: Db, instructorId: number): Promise<CourseSummary[]> {
  const rows = await summaryQuery(db)
    .where(and(eq(courses.status, 'published'), eq(courses.instructorId, instructorId)))
    .orderBy(desc(sql`coalesce(${courses.publishedAt}, ${courses.createdAt})`), desc(courses.id));
  return rows.map(toPublicSummary);
}

export interface CourseRef {
  id: number;
  instructorId: number | null;
  status: CourseStatus;
}

export async function findCourseRef(db: Db, id: number): Promise<CourseRef | null> {
  const [row] = await db
    .select({ id: courses.id, instructorId: courses.instructorId, status: courses.status })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row ?? null;
}

export type CourseDetailView = 'outline' | 'full';

/**
 * A course with its modules and lessons in position order (snake_case, as GET /api/courses/{id}
 * answers it), with the instructor, counts and quiz references. `outline` (the default) leaves out
 * lesson descriptions and content, which only the learning API and the course's managers get;
 * `full` includes them.
 */
function prepareCourseDetail(db: Db) {
  const id = sql.placeholder('id');
  return {
    summary: summaryQuery(db).where(eq(courses.id, id)).limit(1).prepare(),
    detail: db.select({ detailed: courses.detailedDescription }).from(courses).where(eq(courses.id, id)).prepare(),
    modules: db.select().from(modules).where(eq(modules.courseId, id)).orderBy(asc(modules.position), asc(modules.id)).prepare(),
    lessons: db
      .select(getTableColumns(lessons))
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(eq(modules.courseId, id))
      .orderBy(asc(lessons.position), asc(lessons.id))
      .prepare(),
    quizzes: db
      .select({
        id: quizzes.id,
        lessonId: quizzes.lessonId,
        title: quizzes.title,
        passScore: quizzes.passScore,
        questionCount: sql<number>`(SELECT count(*) FROM quiz_questions q WHERE q.quiz_id = quizzes.id)`.mapWith(Number),
      })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(eq(modules.courseId, id))
      .orderBy(asc(quizzes.id))
      .prepare(),
  };
}

/** Built once per database: a course page's reads are the API's busiest. */
const courseDetailQueryCache = new WeakMap<Db, ReturnType<typeof prepareCourseDetail>>();

function courseDetailQueries(db: Db) {
  let q = courseDetailQueryCache.get(db);
  if (!q) {
    q = prepareCourseDetail(db);
    courseDetailQueryCache.set(db, q);
  }
  return q;
}

export async function loadCourseDetail(db: Db, id: number): Promise<CourseDetail<LessonOutline> | null>;
export async function loadCourseDetail(db: Db, id: number, options: { view: 'outline' }): Promise<CourseDetail<LessonOutline> | null>;
export async function loadCourseDetail(db: Db, id: number, options: { view: 'full' }): Promise<CourseDetail<LessonView> | null>;
export async function loadCourseDetail(
  db: Db,
  id: number,
  options: { view: CourseDetailView } = { view: 'outline' },
): Promise<CourseDetail<LessonOutline | LessonView> | null> {
  const q = courseDetailQueries(db);
  const [courseRows, detailRows, moduleRows, lessonRows, quizRows] = await Promise.all([
    q.summary.execute({ id }),
    q.detail.execute({ id }),
    q.modules.execute({ id }),
    q.lessons.execute({ id }),
    q.quizzes.execute({ id }),
  ]);
  const courseRow = courseRows[0];
  if (!courseRow) return null;

  const quizzesByLesson = new Map<number, QuizRef[]>();
  for (const q of quizRows) {
    const list = quizzesByLesson.get(q.lessonId) ?? [];
    list.push({ id: q.id, title: q.title, passScore: q.passScore, questionCount: q.questionCount });
    quizzesByLesson.set(q.lessonId, list);
  }
  const lessonsByModule = new Map<number, (LessonOutline | LessonView)[]>();
  for (const l of lessonRows) {
    const list = lessonsByModule.get(l.moduleId) ?? [];
    const quizList = quizzesByLesson.get(l.id) ?? [];
    const outline: LessonOutline = {
      id: l.id,
      module_id: l.moduleId,
      title: l.title,
      type: l.type,
      order: l.position,
      position: l.position,
      quiz: quizList[0] ?? null,
      quizzes: quizList,
    };
    list.push(options.view === 'full' ? { ...outline, description: l.description, content: l.content } : outline);
    lessonsByModule.set(l.moduleId, list);
  }
  return {
    ...toSummary(courseRow),
    detailed_description: detailRows[0]?.detailed ?? null,
    modules: moduleRows.map((m) => {
      const moduleLessons = lessonsByModule.get(m.id) ?? [];
      return {
        id: m.id,
        course_id: m.courseId,
        title: m.title,
        description: m.description,
        order: m.position,
        position: m.position,
        lessonCount: moduleLessons.length,
        lessons: moduleLessons,
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Permissions on course content

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
  return db.update(courses).set({ updatedAt: NOW }).where(eq(courses.id, courseId));
}

// ---------------------------------------------------------------------------------------------
// Course writes

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
      publishedAt: status === 'published' ? NOW : null,
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
    if (changes.status === 'published') publishedAt = sql`CASE WHEN ${courses.status} <> 'published' THEN ${NOW} ELSE ${courses.publishedAt} END`;
  } else if (changes.visible !== undefined) {
    status = changes.visible
      ? sql`'published'`
      : sql`CASE WHEN ${courses.status} = 'archived' THEN 'archived' ELSE 'draft' END`;
    if (changes.visible) publishedAt = sql`CASE WHEN ${courses.status} <> 'published' THEN ${NOW} ELSE ${courses.publishedAt} END`;
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
      updatedAt: NOW,
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

// ---------------------------------------------------------------------------------------------
// Views of modules, lessons, quizzes and questions, as the API answers them (snake_case)

type ModuleRow = typeof modules.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;
type QuestionRow = typeof quizQuestions.$inferSelect;

export function toModuleView(row: ModuleRow, lessonList: LessonView[] = []): ModuleView<LessonView> {
  return {
    id: row.id,
    course_id: row.courseId,
    title: row.title,
    description: row.description,
    order: row.position,
    position: row.position,
    lessonCount: lessonList.length,
    lessons: lessonList,
  };
}

export function toLessonView(row: LessonRow, quizList: QuizRef[] = []): LessonView {
  return {
    id: row.id,
    module_id: row.moduleId,
    title: row.title,
    description: row.description,
    content: row.content,
    type: row.type,
    order: row.position,
    position: row.position,
    quiz: quizList[0] ?? null,
    quizzes: quizList,
  };
}

export interface QuizView {
  id: number;
  title: string;
  description: string;
  passScore: number;
  lessonId: number;
  questionCount: number;
  /** Attempt rules (decision 0012): null = unlimited; minutes after a failed attempt; per-attempt order; when answers show. */
  maxAttempts: number | null;
  attemptWaitMinutes: number;
  shuffleQuestions: boolean;
  revealAnswers: QuizRow['revealAnswers'];
}

export function toQuizView(row: QuizRow, questionCount = 0): QuizView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    passScore: row.passScore,
    lessonId: row.lessonId,
    questionCount,
    maxAttempts: row.maxAttempts,
    attemptWaitMinutes: row.attemptWaitMinutes,
    shuffleQuestions: row.shuffleQuestions,
    revealAnswers: row.revealAnswers,
  };
}

export interface QuestionView {
  id: number;
  quizId: number;
  question: string;
  options: string[];
  correctOption: number;
  position: number;
}

export function toQuestionView(row: QuestionRow): QuestionView {
  return {
    id: row.id,
    quizId: row.quizId,
    question: row.question,
    options: row.options,
    correctOption: row.correctOption,
    position: row.position,
  };
}

export async function loadModuleView(db: Db, moduleId: number): Promise<ModuleView<LessonView> | null> {
  const [row] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1);
  if (!row) return null;
  const lessonRows = await db.select().from(lessons).where(eq(lessons.moduleId, moduleId)).orderBy(asc(lessons.position), asc(lessons.id));
  const quizRefs = await quizRefsOf(
    db,
    lessonRows.map((l) => l.id),
  );
  return toModuleView(
    row,
    lessonRows.map((l) => toLessonView(l, quizRefs.get(l.id))),
  );
}

export async function loadLessonView(db: Db, lessonId: number): Promise<LessonView | null> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!row) return null;
  return toLessonView(row, (await quizRefsOf(db, [lessonId])).get(lessonId));
}

export async function loadQuizView(db: Db, quizId: number): Promise<QuizView | null> {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
  if (!row) return null;
  const [n] = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  return toQuizView(row, n?.n ?? 0);
}

async function quizRefsOf(db: Db, lessonIds: number[]): Promise<Map<number, QuizRef[]>> {
  const out = new Map<number, QuizRef[]>();
  if (lessonIds.length === 0) return out;
  const rows = await db
    .select({
      id: quizzes.id,
      lessonId: quizzes.lessonId,
      title: quizzes.title,
      passScore: quizzes.passScore,
      questionCount: sql<number>`(SELECT count(*) FROM quiz_questions q WHERE q.quiz_id = quizzes.id)`.mapWith(Number),
    })
    .from(quizzes)
    .where(inArray(quizzes.lessonId, lessonIds))
    .orderBy(asc(quizzes.id));
  for (const r of rows) {
    const list = out.get(r.lessonId) ?? [];
    list.push({ id: r.id, title: r.title, passScore: r.passScore, questionCount: r.questionCount });
    out.set(r.lessonId, list);
  }
  return out;
}
