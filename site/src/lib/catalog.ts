/**
 * The catalog's pure logic: the query kept in the address (search, filters, sort, page) that the
 * server renders a view of /courses for, its links (pages, chips, clearing), and the reading of
 * API answers into the shape the pages use. No I/O here.
 */
import { COURSE_REQUIRED_LEVEL_LABELS, isCourseRequiredLevel } from '../../../worker/src/domain/features.ts';
import type { CatalogCourse, CatalogLesson, CatalogModule } from '../../../shared/catalog-freshness.ts';
import { toPrivacyEmbedUrl } from './video.ts';

export type { CatalogCourse, CatalogLesson, CatalogModule };

export const CATALOG_SORTS = ['newest', 'price_asc', 'price_desc', 'popular', 'rating'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const PRICE_FILTERS = ['free', 'paid'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];
/** The levels a course can have (its difficulty level). */
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const SORT_LABELS: Record<CatalogSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  popular: 'Most popular',
  rating: 'Highest rated',
};
export const PRICE_LABELS: Record<PriceFilter, string> = { free: 'Free', paid: 'Paid' };

export const CATALOG_PAGE_SIZE = 12;
export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

export interface CatalogQuery {
  q: string;
  /** A dance style (category) name, '' for all. */
  category: string;
  level: CourseLevel | '';
  price: PriceFilter | '';
  sort: CatalogSort;
  page: number;
}

export const DEFAULT_QUERY: CatalogQuery = { q: '', category: '', level: '', price: '', sort: 'newest', page: 1 };

export interface Category {
  id: number;
  name: string;
}

/** 'beginner' → 'Beginner'. */
export function levelLabel(level: string): string {
  return level ? level.charAt(0).toUpperCase() + level.slice(1).toLowerCase() : '';
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  const v = (value ?? '').trim().toLowerCase();
  return (values as readonly string[]).includes(v) ? (v as T) : '';
}

/** The query of an address's search part; anything unknown falls back to its default. */
export function parseCatalogQuery(search: string | URLSearchParams): CatalogQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    category: (params.get('category') ?? '').trim().slice(0, 60),
    level: oneOf(COURSE_LEVELS, params.get('level')),
    price: oneOf(PRICE_FILTERS, params.get('price')),
    sort: oneOf(CATALOG_SORTS, params.get('sort')) || 'newest',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The search part for a query ('' or '?…'), leaving out defaults so a shared link stays short. */
export function catalogSearch(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.category) params.set('category', query.category);
  if (query.level) params.set('level', query.level);
  if (query.price) params.set('price', query.price);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A change of search, filter or sort starts again at page 1. */
export function updateQuery(query: CatalogQuery, patch: Partial<CatalogQuery>): CatalogQuery {
  const next = { ...query, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

export function hasFilters(query: CatalogQuery): boolean {
  return Boolean(query.q.trim() || query.category || query.level || query.price);
}

export function instructorName(instructor: CatalogCourse['instructor']): string {
  if (!instructor) return '';
  const name = [instructor.first_name, instructor.last_name].map((p) => (p ?? '').trim()).filter(Boolean).join(' ');
  return name || instructor.username?.trim() || `Instructor #${instructor.id}`;
}

/** The address of a view of /courses. */
export function catalogHref(query: CatalogQuery): string {
  return `/courses${catalogSearch(query)}`;
}

export function isDefaultCatalogQuery(query: CatalogQuery): boolean {
  return catalogSearch(query) === '';
}

/** The same view without its filters (the sort stays). */
export function clearCatalogFilters(query: CatalogQuery): CatalogQuery {
  return updateQuery(query, { q: '', category: '', level: '', price: '' });
}

export interface CatalogPager {
  pageCount: number;
  prev: string | null;
  next: string | null;
}

/** The page links of a view showing `page` of `pageCount`. */
export function catalogPager(query: CatalogQuery, page: number, pageCount: number): CatalogPager {
  return {
    pageCount,
    prev: page > 1 ? catalogHref({ ...query, page: page - 1 }) : null,
    next: page < pageCount ? catalogHref({ ...query, page: page + 1 }) : null,
  };
}

/** Style names to offer: the categories in their order, and a style asked for that is none of them. */
export function styleOptions(categories: readonly Category[], asked: string): string[] {
  const names = categories.map((c) => c.name);
  if (asked && !names.some((n) => n.toLowerCase() === asked.toLowerCase())) names.push(asked);
  return names;
}

// ---------------------------------------------------------------------------------------------
// Reading API answers

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/[^0-9.-]/g, '')) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

function readLesson(raw: unknown, index: number): CatalogLesson {
  const l = isObject(raw) ? raw : {};
  return { id: num(l.id), title: str(l.title), type: str(l.type, 'text'), position: num(l.position ?? l.order, index + 1) };
}

function readModule(raw: unknown, index: number): CatalogModule {
  const m = isObject(raw) ? raw : {};
  const lessons = Array.isArray(m.lessons) ? m.lessons.map(readLesson) : [];
  return {
    id: num(m.id),
    title: str(m.title),
    description: str(m.description),
    position: num(m.position ?? m.order, index + 1),
    lessons: lessons.sort((a, b) => a.position - b.position || a.id - b.id),
  };
}

/** The badge of a course that requires a plan (decision 0031): 'Premium' or 'Royalty'; null for everyone. */
export function requiredPlanBadge(level: number | null | undefined): string | null {
  return level && isCourseRequiredLevel(level) && level > 0 ? COURSE_REQUIRED_LEVEL_LABELS[level] : null;
}

/** A course of `GET /api/courses` or `GET /api/courses/{id}` in the catalog's shape (price in cents from either field). */
export function readCourse(raw: unknown): CatalogCourse {
  const c = isObject(raw) ? raw : {};
  const cents = c.price_cents !== undefined ? Math.round(num(c.price_cents)) : Math.round(num(c.price) * 100);
  const modules = Array.isArray(c.modules) ? c.modules.map(readModule).sort((a, b) => a.position - b.position || a.id - b.id) : [];
  const category = isObject(c.category) ? { id: num(c.category.id), name: str(c.category.name) } : null;
  const instructor = isObject(c.instructor)
    ? { id: num(c.instructor.id ?? c.instructor_id), first_name: str(c.instructor.first_name), last_name: str(c.instructor.last_name), username: str(c.instructor.username) }
    : null;
  return {
    id: num(c.id),
    title: str(c.title),
    short_name: strOrNull(c.short_name),
    description: str(c.description),
    detailed_description: strOrNull(c.detailed_description),
    price: cents / 100,
    price_cents: cents,
    image_url: strOrNull(c.image_url),
    preview_video_url: strOrNull(c.preview_video_url),
    category,
    difficulty_level: str(c.difficulty_level, 'beginner'),
    duration: strOrNull(c.duration),
    required_level: num(c.required_level),
    instructor,
    module_count: num(c.module_count, modules.length),
    lesson_count: num(c.lesson_count, modules.reduce((n, m) => n + m.lessons.length, 0)),
    enrollment_count: num(c.enrollment_count),
    created_at: str(c.created_at),
    published_at: strOrNull(c.published_at),
    modules,
  };
}

/** `{ data: [...] }` or a plain list: the API answers lists either way. */
export function readCourseList(raw: unknown): { courses: CatalogCourse[]; total: number | null } {
  const list = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.data) ? raw.data : [];
  const total = isObject(raw) && typeof raw.total === 'number' ? raw.total : null;
  return { courses: list.map(readCourse), total };
}

export function readCategories(raw: unknown): Category[] {
  const list = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.data) ? raw.data : [];
  return list.filter(isObject).map((c) => ({ id: num(c.id), name: str(c.name) })).filter((c) => c.name);
}

/** The positive whole number of a path segment, or null. */
export function idFromSegment(segment: string | undefined): number | null {
  return segment && /^[1-9][0-9]{0,14}$/.test(segment) ? Number(segment) : null;
}

/** The id at a position of the current path: `pathId('/courses/12/enroll', 1)` → 12. */
export function pathId(pathname: string, index: number): number | null {
  return idFromSegment(pathname.split('/').filter(Boolean)[index]);
}

export const LESSON_TYPE_LABELS: Record<string, string> = { text: 'Reading', video: 'Video', quiz: 'Quiz' };

export type PreviewVideo = { kind: 'embed'; src: string } | { kind: 'file'; src: string };

const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;

/**
 * How a course's preview plays: a YouTube link as its privacy-enhanced embed, an upload or
 * an https link to a video file in a <video>; anything else is not shown.
 */
export function previewVideo(url: string | null | undefined): PreviewVideo | null {
  const raw = (url ?? '').trim();
  if (!raw) return null;
  const src = toPrivacyEmbedUrl(raw);
  if (src) return { kind: 'embed', src: `${src}${src.includes('?') ? '&' : '?'}autoplay=1&rel=0` };
  if (raw.startsWith('/uploads/') && !raw.includes('..') && !/[\s"'<>\\]/.test(raw)) return { kind: 'file', src: raw };
  try {
    const parsed = new URL(raw);
    if (parsed.protocol === 'https:' && VIDEO_FILE.test(parsed.pathname)) return { kind: 'file', src: parsed.toString() };
  } catch {
    // not a URL
  }
  return null;
}

/** The course data the list needs (no outline), to embed in the pre-rendered page. */
export function cardData(course: CatalogCourse): CatalogCourse {
  return { ...course, detailed_description: null, modules: [] };
}

export { countLabel } from './plural.ts';
