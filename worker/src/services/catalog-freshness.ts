import { asc, eq, inArray, sql } from 'drizzle-orm';
import { categories, courses, lessons, modules, users } from '../../../db/schema/index.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';

/**
 * The public catalog as the pre-rendered pages show it, and content hashes of it.
 *
 * The build renders `/courses` and `/courses/{id}` from `loadCatalog` and writes the hashes to
 * `dist/catalog-manifest.json`; the site router compares them with the database's current hashes
 * (cached while the catalog's signature is unchanged, a few seconds at most) to serve the static
 * page, the page rendered on the server from the same snapshot, or a 404 (decisions 0007, 0020). Hashes cover only content the pages show — never ids of rows the pages do not link,
 * timestamps or counters — so the same seed gives the same hashes on another database, and a
 * new enrolment does not make a page "changed".
 */

export interface CatalogLesson {
  id: number;
  title: string;
  type: string;
  position: number;
}

export interface CatalogModule {
  id: number;
  title: string;
  description: string;
  position: number;
  lessons: CatalogLesson[];
}

/** A published course in the snake_case shape of `GET /api/courses/{id}`, as far as the catalog shows it. */
export interface CatalogCourse {
  id: number;
  title: string;
  short_name: string | null;
  description: string;
  detailed_description: string | null;
  /** Dollars; `price_cents` is the integer the hashes use. */
  price: number;
  price_cents: number;
  image_url: string | null;
  preview_video_url: string | null;
  category: { id: number; name: string } | null;
  difficulty_level: string;
  duration: string | null;
  /** The plan a learner needs (decision 0031): 0 everyone, 20 Premium, 30 Royalty. */
  required_level: number;
  instructor: { id: number; first_name: string; last_name: string; username: string } | null;
  module_count: number;
  lesson_count: number;
  enrollment_count: number;
  created_at: string;
  published_at: string | null;
  modules: CatalogModule[];
}

export interface CatalogHashes {
  /** Hash of the list page's content: every published course's card, in id order. */
  list: string;
  /** Per published course id: hash of its page's content. */
  courses: Record<string, string>;
}

/** Written by the build at `/catalog-manifest.json`. */
export interface CatalogManifest extends CatalogHashes {
  version: 1;
}

/** Every published course with its outline, newest first. */
export async function loadCatalog(db: Db): Promise<CatalogCourse[]> {
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
    })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .leftJoin(users, eq(users.id, courses.instructorId))
    .where(eq(courses.status, 'published'));
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
    };
  });
  return list.sort(
    (a, b) => (b.published_at ?? b.created_at).localeCompare(a.published_at ?? a.created_at) || b.id - a.id,
  );
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
  ];
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Content hashes of the list and of every course page. */
export async function catalogHashes(catalog: readonly CatalogCourse[]): Promise<CatalogHashes> {
  const byId = [...catalog].sort((a, b) => a.id - b.id);
  const entries = await Promise.all(byId.map(async (c) => [String(c.id), await sha256(JSON.stringify(pageContent(c)))] as const));
  const list = await sha256(JSON.stringify(byId.map(cardContent)));
  return { list, courses: Object.fromEntries(entries) };
}

export async function buildCatalogManifest(catalog: readonly CatalogCourse[]): Promise<CatalogManifest> {
  return { version: 1, ...(await catalogHashes(catalog)) };
}

/** A manifest read from the build, or null when it is missing or not one. */
export function parseCatalogManifest(value: unknown): CatalogManifest | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<CatalogManifest>;
  if (v.version !== 1 || typeof v.list !== 'string' || !v.courses || typeof v.courses !== 'object') return null;
  return { version: 1, list: v.list, courses: v.courses };
}

/** How long the database's hashes are reused at most, while the catalog's signature stays the same. */
export const FRESHNESS_TTL_MS = 3000;

export interface CatalogCategory {
  id: number;
  name: string;
}

/**
 * The published catalog as the database holds it now, and its hashes: the server renders a
 * changed page from exactly what it hashed. One object per state of the catalog, so whatever is
 * derived from it (rendered pages) can be kept with it.
 */
export interface CatalogSnapshot {
  courses: CatalogCourse[];
  byId: ReadonlyMap<number, CatalogCourse>;
  categories: CatalogCategory[];
  hashes: CatalogHashes;
}

export async function loadCatalogSnapshot(db: Db): Promise<CatalogSnapshot> {
  const [list, categoryRows] = await Promise.all([
    loadCatalog(db),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.id)),
  ]);
  return { courses: list, byId: new Map(list.map((c) => [c.id, c])), categories: categoryRows, hashes: await catalogHashes(list) };
}

const cache = new Map<string, { at: number; version: string; snapshot: Promise<CatalogSnapshot> }>();

type FreshnessPlatform = Pick<Platform, 'db' | 'env'>;

/**
 * One cache per database, named by its address rather than by the client object, because the
 * Workers runtime makes a new client per request while the database stays the same.
 */
function cacheKey(platform: FreshnessPlatform): string {
  return platform.env.LIBSQL_URL ?? `file:${platform.env.DATA_DIR}`;
}

/**
 * A cheap signature of the catalog's tables: the catalog's content version (moved by database
 * triggers on every write to a table the catalog pages read, instructors' names included:
 * decision 0021), and, as before it, every course write moves `updated_at`, deletions change the
 * count, categories are few.
 */
export async function catalogVersion(db: Db): Promise<string> {
  const [row] = await db.all<{ v: string }>(sql`SELECT
    (SELECT coalesce(max(version), 0) FROM content_versions WHERE scope = 'catalog') || '|' ||
    (SELECT count(*) || ':' || coalesce(max(updated_at), '') || ':' || total(id) FROM courses) || '|' ||
    (SELECT coalesce(group_concat(id || ':' || name, ','), '') FROM categories) AS v`);
  return row?.v ?? '';
}

/**
 * The database's current catalog and hashes. They are read again when the catalog's signature
 * changes (at once, in any process or isolate) and at the latest after `ttlMs`; otherwise a
 * request costs one small query.
 */
export async function currentCatalog(platform: FreshnessPlatform, options: { ttlMs?: number; now?: number } = {}): Promise<CatalogSnapshot> {
  const ttl = options.ttlMs ?? FRESHNESS_TTL_MS;
  const now = options.now ?? Date.now();
  const key = cacheKey(platform);
  const version = await catalogVersion(platform.db);
  const hit = cache.get(key);
  if (hit && hit.version === version && now - hit.at < ttl) return hit.snapshot;
  const snapshot = loadCatalogSnapshot(platform.db);
  cache.set(key, { at: now, version, snapshot });
  // A failed read is not kept: the next request tries again.
  snapshot.catch(() => {
    if (cache.get(key)?.snapshot === snapshot) cache.delete(key);
  });
  return snapshot;
}

/** The database's current hashes (see `currentCatalog`). */
export async function currentCatalogHashes(platform: FreshnessPlatform, options: { ttlMs?: number; now?: number } = {}): Promise<CatalogHashes> {
  return (await currentCatalog(platform, options)).hashes;
}

/** Forget the cached hashes (call after a course, module, lesson, category or instructor name changes). */
export function invalidateCatalogFreshness(platform: FreshnessPlatform): void {
  cache.delete(cacheKey(platform));
}

export type CoursePageSource = 'static' | 'rendered' | 'gone';
export type CourseListSource = 'static' | 'rendered';

/**
 * Which page answers `/courses/{id}`: the built one while its content is unchanged, the page
 * rendered on the server from current data for a course changed or published since the build,
 * and the not-found page for one that is not published (withdrawn, draft or unknown).
 */
export function coursePageSource(manifest: CatalogManifest, current: CatalogHashes, id: string): CoursePageSource {
  const now = Object.hasOwn(current.courses, id) ? current.courses[id] : undefined;
  if (now === undefined) return 'gone';
  const built = Object.hasOwn(manifest.courses, id) ? manifest.courses[id] : undefined;
  return built === now ? 'static' : 'rendered';
}

/** Which page answers `/courses`: the built list while the list's content is unchanged, else the list rendered on the server. */
export function courseListSource(manifest: CatalogManifest, current: CatalogHashes): CourseListSource {
  return manifest.list === current.list ? 'static' : 'rendered';
}
