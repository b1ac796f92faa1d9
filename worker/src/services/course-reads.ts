import { and, asc, count, desc, eq, getTableColumns, gt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { categories, courses, lessons, modules, quizzes, users } from '../../../db/schema/index.ts';
import { canListAllCourses, canManageCourse, centsToDollars, hasInstructorRole, isVisibleStatus, type CourseActor, type CourseStatus } from '../domain/courses.ts';
import { forbidden } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import type { CourseListQuery } from '../schemas/courses.ts';
import { COURSE_MANAGERS_ONLY } from './courses.ts';
import { type CourseSummary, type QuizRef, type LessonOutline, type LessonView, type CourseDetail, type ManagedCourseItem, type Page } from '../../../shared/courses.ts';
import type { InstructorBlock } from '../../../shared/catalog-freshness.ts';
import { INSTRUCTOR_OTHER_COURSES, shortBio } from '../../../shared/courses/reviews.ts';

/** Course reads: the catalog and managed lists, a course's detail. */

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
    rating_average: row.ratingAverage,
    rating_count: row.ratingCount,
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
    case 'rating':
      // Highest rated, then the most rated: the index (status, rating_average, rating_count, id) read backwards.
      return [desc(courses.ratingAverage), desc(courses.ratingCount), desc(courses.id)];
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

/**
 * The instructor block of a course's page (decision 0066): the instructor's photo, name and bio,
 * and up to three of their other published courses, newest first, in one statement (the
 * instructor's row joined with a page of their courses through `courses_instructor_idx`).
 */
export async function loadInstructorBlock(db: Db, instructorId: number, courseId: number): Promise<InstructorBlock | null> {
  const newest = sql`coalesce(${courses.publishedAt}, ${courses.createdAt})`;
  const others = db
    .select({
      id: courses.id,
      instructorId: sql<number>`${courses.instructorId}`.as('other_instructor_id'),
      title: sql<string>`${courses.title}`.as('other_title'),
      imageUrl: sql<string | null>`${courses.imageUrl}`.as('other_image_url'),
      priceCents: sql<number>`${courses.priceCents}`.as('other_price_cents'),
      ratingAverage: sql<number>`${courses.ratingAverage}`.as('other_rating_average'),
      ratingCount: sql<number>`${courses.ratingCount}`.as('other_rating_count'),
      newest: sql<string>`${newest}`.as('other_newest'),
    })
    .from(courses)
    .where(and(eq(courses.instructorId, instructorId), eq(courses.status, 'published'), ne(courses.id, courseId)))
    .orderBy(desc(newest), desc(courses.id))
    .limit(INSTRUCTOR_OTHER_COURSES)
    .as('others');
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      bio: users.bio,
      image: users.profileImageUrl,
      other: { id: others.id, title: others.title, imageUrl: others.imageUrl, priceCents: others.priceCents, ratingAverage: others.ratingAverage, ratingCount: others.ratingCount, newest: others.newest },
    })
    .from(users)
    .leftJoin(others, eq(others.instructorId, users.id))
    .where(and(eq(users.id, instructorId), eq(users.isActive, true)));
  // At most three rows: put in order here rather than by a sort in the statement.
  rows.sort((a, b) => (b.other?.newest ?? '').localeCompare(a.other?.newest ?? '') || (b.other?.id ?? 0) - (a.other?.id ?? 0));
  const first = rows[0];
  if (!first) return null;
  return {
    id: first.id,
    name: [first.firstName, first.lastName].map((p) => (p ?? '').trim()).filter(Boolean).join(' ') || first.username,
    profile_image_url: first.image,
    bio: shortBio(first.bio),
    other_courses: rows.flatMap((r) =>
      r.other && r.other.id !== null
        ? [{ id: r.other.id, title: r.other.title, image_url: r.other.imageUrl, price_cents: Number(r.other.priceCents), rating: { average: Number(r.other.ratingAverage), count: Number(r.other.ratingCount) } }]
        : [],
    ),
  };
}
