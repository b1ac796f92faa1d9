import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { categories, courses, lessons, modules, users } from '../../../db/schema/index.ts';
import { CATALOG_PAGE_SIZE, catalogSearch, DEFAULT_QUERY, type CatalogQuery } from '../../../site/src/lib/catalog.ts';
import type { Db } from '../platform/db.ts';
import type { CourseListQuery } from '../schemas/courses.ts';
import { listCatalog, loadInstructorBlock } from './course-reads.ts';
import { listCourseReviews } from './course-reviews-reads.ts';
import { ratingLabel } from '../../../shared/courses/reviews.ts';
import { type CourseSummary } from '../../../shared/courses.ts';
import type { CatalogCourse, CatalogLesson, CatalogModule, CourseListView } from '../../../shared/catalog-freshness.ts';

/** Written by the build at `/catalog-manifest.json`. */
export interface CatalogManifest {
  version: 2;
  /** Hash of the list's front view (`/courses` without a query), the one view the build renders. */
  list: string;
  /** Per published course id: hash of its page's content. */
  courses: Record<string, string>;
}

/** Published courses matching `where` (all of them without one), with their outlines, newest first. */
async function loadCourses(db: Db, where?: SQL): Promise<CatalogCourse[]> {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      shortName: courses.shortName,
      description: courses.description,
      detailedDescription: courses.detailedDescription,
      priceCents: courses.priceCents,
      imageUrl: courses.imageUrl,
      previewVideoUrl: courses.previewVideoUrl,
      categoryId: categories.id,
      categoryName: categories.name,
      difficultyLevel: courses.difficultyLevel,
      duration: courses.duration,
      requiredLevel: courses.requiredLevel,
      instructorId: users.id,
      instructorFirstName: users.firstName,
      instructorLastName: users.lastName,
      instructorUsername: users.username,
      createdAt: courses.createdAt,
      publishedAt: courses.publishedAt,
      enrollmentCount: courses.enrollmentCount,
      ratingAverage: courses.ratingAverage,
      ratingCount: courses.ratingCount,
    })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .leftJoin(users, eq(users.id, courses.instructorId))
    .where(and(eq(courses.status, 'published'), where));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);

  const [moduleRows, lessonRows] = await Promise.all([
    db
      .select({ id: modules.id, courseId: modules.courseId, title: modules.title, description: modules.description, position: modules.position })
      .from(modules)
      .where(inArray(modules.courseId, ids))
      .orderBy(asc(modules.courseId), asc(modules.position), asc(modules.id)),
    db
      .select({ id: lessons.id, moduleId: lessons.moduleId, title: lessons.title, type: lessons.type, position: lessons.position })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(inArray(modules.courseId, ids))
      .orderBy(asc(lessons.moduleId), asc(lessons.position), asc(lessons.id)),
  ]);

  const lessonsByModule = new Map<number, CatalogLesson[]>();
  for (const l of lessonRows) {
    const list = lessonsByModule.get(l.moduleId) ?? [];
    list.push({ id: l.id, title: l.title, type: l.type, position: l.position });
    lessonsByModule.set(l.moduleId, list);
  }
  const modulesByCourse = new Map<number, CatalogModule[]>();
  for (const m of moduleRows) {
    const list = modulesByCourse.get(m.courseId) ?? [];
    list.push({ id: m.id, title: m.title, description: m.description, position: m.position, lessons: lessonsByModule.get(m.id) ?? [] });
    modulesByCourse.set(m.courseId, list);
  }

  const list = rows.map((r): CatalogCourse => {
    const mods = modulesByCourse.get(r.id) ?? [];
    return {
      id: r.id,
      title: r.title,
      short_name: r.shortName,
      description: r.description,
      detailed_description: r.detailedDescription,
      price: r.priceCents / 100,
      price_cents: r.priceCents,
      image_url: r.imageUrl,
      preview_video_url: r.previewVideoUrl,
      category: r.categoryId !== null && r.categoryName !== null ? { id: r.categoryId, name: r.categoryName } : null,
      difficulty_level: r.difficultyLevel,
      duration: r.duration,
      required_level: r.requiredLevel,
      instructor:
        r.instructorId !== null
          ? { id: r.instructorId, first_name: r.instructorFirstName ?? '', last_name: r.instructorLastName ?? '', username: r.instructorUsername ?? '' }
          : null,
      module_count: mods.length,
      lesson_count: mods.reduce((n, m) => n + m.lessons.length, 0),
      enrollment_count: r.enrollmentCount,
      created_at: r.createdAt,
      published_at: r.publishedAt,
      modules: mods,
      rating: { average: r.ratingAverage, count: r.ratingCount },
    };
  });
  return list.sort(
    (a, b) => (b.published_at ?? b.created_at).localeCompare(a.published_at ?? a.created_at) || b.id - a.id,
  );
}

/**
 * Every published course with its outline, newest first: for the build, which writes a page per
 * course. A request never reads this (it reads one course, or one page of the list).
 */
export async function loadCatalog(db: Db): Promise<CatalogCourse[]> {
  const list = await loadCourses(db);
  // The build only: a page each, so each page's own parts are read per course.
  for (const course of list) Object.assign(course, await pageExtras(db, course));
  return list;
}

/** What only a course's own page shows: the instructor block and the first page of reviews (decision 0066). */
async function pageExtras(db: Db, course: CatalogCourse): Promise<Pick<CatalogCourse, 'instructor_block' | 'reviews'>> {
  const [block, reviews] = await Promise.all([
    // Asked without an instructor too (no row answers), so a page sends the same statements whatever its data.
    loadInstructorBlock(db, course.instructor?.id ?? 0, course.id),
    listCourseReviews(db, course.id),
  ]);
  return { instructor_block: block, reviews };
}

/** One published course with its outline, as its page shows it; null when it is not published (or unknown). */
export async function loadCatalogCourse(db: Db, id: number): Promise<CatalogCourse | null> {
  const [course] = await loadCourses(db, eq(courses.id, id));
  return course ? { ...course, ...(await pageExtras(db, course)) } : null;
}

/** What a course's card in the list shows (and the filters read). */
function cardContent(c: CatalogCourse): unknown[] {
  return [
    c.id,
    c.title,
    c.description,
    c.price_cents,
    c.image_url,
    c.category?.name ?? null,
    c.difficulty_level,
    c.instructor ? [c.instructor.id, c.instructor.first_name, c.instructor.last_name] : null,
    c.module_count,
    c.lesson_count,
    c.required_level,
    c.rating ? [ratingLabel(c.rating.average), c.rating.count] : null,
  ];
}

/** What a course's own page shows: its card, the longer texts, the preview and the outline. */
function pageContent(c: CatalogCourse): unknown[] {
  return [
    cardContent(c),
    c.short_name,
    c.detailed_description,
    c.preview_video_url,
    c.duration,
    c.modules.map((m) => [m.title, m.description, m.position, m.lessons.map((l) => [l.title, l.type, l.position])]),
    c.instructor_block
      ? [c.instructor_block.name, c.instructor_block.profile_image_url, c.instructor_block.bio, c.instructor_block.other_courses.map((o) => [o.id, o.title, o.image_url, o.price_cents, ratingLabel(o.rating.average), o.rating.count])]
      : null,
    c.reviews ? [c.reviews.next !== null, c.reviews.data.map((r) => [r.id, r.rating, r.body, r.author.name, r.created_at, r.reply?.body ?? null, r.reply?.author_name ?? null])] : null,
  ];
}

function listQueryOf(query: CatalogQuery, page: number, instructor?: number, pageSize = CATALOG_PAGE_SIZE): CourseListQuery {
  return {
    scope: 'public',
    q: query.q || undefined,
    category: query.category || undefined,
    level: query.level || undefined,
    price: query.price || undefined,
    sort: query.sort,
    instructor,
    status: undefined,
    page,
    pageSize,
  };
}

/** A course of the public list in the catalog's shape (a card: no outline, no long text). */
function cardOf(c: CourseSummary): CatalogCourse {
  return {
    id: c.id,
    title: c.title,
    short_name: c.short_name,
    description: c.description,
    detailed_description: null,
    price: c.price_cents / 100,
    price_cents: c.price_cents,
    image_url: c.image_url,
    preview_video_url: c.preview_video_url,
    category: c.category,
    difficulty_level: c.difficulty_level,
    duration: c.duration,
    required_level: c.required_level,
    instructor: c.instructor ? { id: c.instructor.id, first_name: c.instructor.first_name, last_name: c.instructor.last_name, username: c.instructor.username } : null,
    module_count: c.module_count,
    lesson_count: c.lesson_count,
    enrollment_count: c.enrollment_count,
    created_at: c.created_at,
    published_at: c.published_at,
    modules: [],
    rating: { average: c.rating_average, count: c.rating_count },
  };
}

/**
 * A view of /courses, read as `GET /api/courses` reads it (one page through the catalog's
 * indexes, never the whole catalog). The style is matched without regard to case and spelled as
 * its category is named, so a view has one address.
 */
export async function loadCourseListPage(db: Db, asked: CatalogQuery): Promise<CourseListView> {
  const styles = await db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.id));
  const style = asked.category ? styles.find((c) => c.name.toLowerCase() === asked.category.toLowerCase())?.name : undefined;
  const query = { ...asked, category: style ?? asked.category };
  let list = await listCatalog(db, listQueryOf(query, query.page));
  const pageCount = Math.max(1, Math.ceil(list.total / CATALOG_PAGE_SIZE));
  if (list.data.length === 0 && list.total > 0 && query.page > pageCount) list = await listCatalog(db, listQueryOf(query, pageCount));
  return { query, courses: list.data.map(cardOf), total: list.total, page: list.page, pageCount, categories: styles };
}

/** The most courses an instructor's pages show. */
export const INSTRUCTOR_COURSES_SHOWN = 100;

/** An instructor's published courses as cards, newest first (at most INSTRUCTOR_COURSES_SHOWN). */
export async function loadInstructorCourses(db: Db, instructorId: number): Promise<CatalogCourse[]> {
  const list = await listCatalog(db, listQueryOf(DEFAULT_QUERY, 1, instructorId, INSTRUCTOR_COURSES_SHOWN));
  return list.data.map(cardOf);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hash of what a view of the list shows: its query, count, page, cards in order and style names. */
export function courseListHash(view: CourseListView): Promise<string> {
  return sha256(JSON.stringify([catalogSearch(view.query), view.total, view.page, view.pageCount, view.courses.map(cardContent), view.categories]));
}

/** Hash of what a course's page shows. */
export function coursePageHash(course: CatalogCourse): Promise<string> {
  return sha256(JSON.stringify(pageContent(course)));
}

/**
 * The build's manifest: the hash of the list's front view (the only view built) and of every
 * course's page.
 */
export async function buildCatalogManifest(front: CourseListView, catalog: readonly CatalogCourse[]): Promise<CatalogManifest> {
  const entries = await Promise.all(catalog.map(async (c) => [String(c.id), await coursePageHash(c)] as const));
  return { version: 2, list: await courseListHash(front), courses: Object.fromEntries(entries) };
}

/** A manifest read from the build, or null when it is missing or not one. */
export function parseCatalogManifest(value: unknown): CatalogManifest | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<CatalogManifest>;
  if (v.version !== 2 || typeof v.list !== 'string' || !v.courses || typeof v.courses !== 'object') return null;
  return { version: 2, list: v.list, courses: v.courses };
}

/** The built page's hash for a course, if the build made one. */
export function builtCourseHash(manifest: CatalogManifest, id: number): string | undefined {
  const key = String(id);
  return Object.hasOwn(manifest.courses, key) ? manifest.courses[key] : undefined;
}
