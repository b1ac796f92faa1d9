import { atom, computed } from 'nanostores';
import { ApiError, apiFetch } from '../lib/api.ts';
import {
  applyCatalogQuery,
  catalogSearch,
  categoryOptions,
  DEFAULT_QUERY,
  parseCatalogQuery,
  readCategories,
  readCourse,
  readCourseList,
  updateQuery,
  type CatalogCourse,
  type CatalogQuery,
  type Category,
} from '../lib/catalog.ts';
import { queryLayer } from './query-lazy.ts';

/**
 * The catalog list (/courses), the course page shell (/courses/{id}) and the instructor pages.
 * The pre-rendered list hands its courses to `initCatalog`; the live variant (served when the
 * list changed after the build, decision 0007) and the shells load from the API.
 */

export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

export interface CatalogState {
  status: 'loading' | 'ready' | 'error';
  courses: CatalogCourse[];
  categories: Category[];
  /** Where the courses come from: the build, or the API. */
  source: 'static' | 'live';
  /** Enrolment counts fetched for the popularity sort of a static list. */
  popularityFresh: boolean;
  message?: string;
}

export const $catalog = atom<CatalogState>({ status: 'loading', courses: [], categories: [], source: 'static', popularityFresh: false });
export const $catalogQuery = atom<CatalogQuery>(DEFAULT_QUERY);
export const $catalogPage = computed([$catalog, $catalogQuery], (catalog, query) => applyCatalogQuery(catalog.courses, query));
export const $categoryNames = computed($catalog, (c) => categoryOptions(c.categories, c.courses));

const LIST_PAGE_SIZE = 100;
const MAX_LIST_PAGES = 50;

/** Every published course, page by page (the API serves at most 100 at once). */
async function fetchCoursePages(sort: CatalogQuery['sort']): Promise<CatalogCourse[]> {
  const all: CatalogCourse[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const { courses, total } = readCourseList(await apiFetch<unknown>(`/api/courses?sort=${sort}&page=${page}&pageSize=${LIST_PAGE_SIZE}`));
    all.push(...courses);
    if (courses.length < LIST_PAGE_SIZE || (total !== null && all.length >= total)) break;
  }
  return all;
}

/**
 * Reads go through the query layer (decision 0018), loaded on the first read: the built list
 * and pages read nothing until a live list, a popularity sort or a shell asks.
 */
async function read<T>(key: string, fetcher?: () => Promise<T>): Promise<T> {
  const q = await queryLayer();
  const answer = await q.settled(q.query<T>(key, fetcher ? { fetcher } : {}));
  if (!answer.ok) throw answer.error;
  return answer.data;
}

function fetchAllCourses(sort: CatalogQuery['sort'] = 'newest'): Promise<CatalogCourse[]> {
  return read(`/api/courses?sort=${sort}&pageSize=${LIST_PAGE_SIZE}&pages=all`, () => fetchCoursePages(sort));
}

async function fetchCategories(): Promise<Category[]> {
  return readCategories(await read<unknown>('/api/categories'));
}

function readAddress() {
  $catalogQuery.set(parseCatalogQuery(location.search));
}

let listening = false;

/**
 * Called once by the list island after hydration: takes the built courses (or loads them when
 * the list is live) and the query from the address, and follows back/forward navigation.
 */
export function initCatalog(input: { courses: CatalogCourse[]; categories: Category[]; live: boolean }): void {
  readAddress();
  if (!listening) {
    listening = true;
    window.addEventListener('popstate', readAddress);
  }
  if (!input.live) {
    $catalog.set({ status: 'ready', courses: input.courses, categories: input.categories, source: 'static', popularityFresh: false });
    if ($catalogQuery.get().sort === 'popular') void refreshPopularity();
    return;
  }
  void loadLiveCatalog(input.categories);
}

export async function loadLiveCatalog(fallbackCategories: Category[] = []): Promise<void> {
  $catalog.set({ ...$catalog.get(), status: 'loading', source: 'live' });
  try {
    const [courses, categories] = await Promise.all([fetchAllCourses(), fetchCategories().catch(() => fallbackCategories)]);
    $catalog.set({ status: 'ready', courses, categories: categories.length ? categories : fallbackCategories, source: 'live', popularityFresh: true });
  } catch (err) {
    const message = err instanceof ApiError && err.status === 0 ? 'Network error occurred' : 'The courses could not be loaded.';
    $catalog.set({ ...$catalog.get(), status: 'error', message });
  }
}

/**
 * Popularity changes with every enrolment, which the built list does not track (its content
 * hash leaves counts out): sorting by it reads the current counts once.
 */
export async function refreshPopularity(): Promise<void> {
  const state = $catalog.get();
  if (state.source === 'live' || state.popularityFresh) return;
  $catalog.set({ ...state, popularityFresh: true });
  try {
    const counts = new Map((await fetchAllCourses('popular')).map((c) => [c.id, c.enrollment_count]));
    const now = $catalog.get();
    $catalog.set({ ...now, courses: now.courses.map((c) => ({ ...c, enrollment_count: counts.get(c.id) ?? c.enrollment_count })) });
  } catch {
    // the build's counts stay: the order is still sensible
  }
}

/** Changes search, filters, sort or page, and keeps them in the address so the list can be shared. */
export function setCatalogQuery(patch: Partial<CatalogQuery>): void {
  const next = updateQuery($catalogQuery.get(), patch);
  $catalogQuery.set(next);
  const url = location.pathname + catalogSearch(next) + location.hash;
  if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', url);
  if (next.sort === 'popular') void refreshPopularity();
}

export function clearCatalogFilters(): void {
  setCatalogQuery({ q: '', category: '', level: '', price: '' });
}

// ---------------------------------------------------------------------------------------------
// A course page rendered from the API (the shell of decision 0007)

export const $courseDetail = atom<Load<CatalogCourse>>({ status: 'loading' });

export async function loadCourseDetail(id: number | null): Promise<void> {
  if (id === null) {
    $courseDetail.set({ status: 'not-found' });
    return;
  }
  $courseDetail.set({ status: 'loading' });
  try {
    $courseDetail.set({ status: 'ready', data: readCourse(await read<unknown>(`/api/courses/${id}`)) });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) $courseDetail.set({ status: 'not-found' });
    else $courseDetail.set({ status: 'error', message: 'The course could not be loaded. Please try again.' });
  }
}

// ---------------------------------------------------------------------------------------------
// Instructor pages

export interface InstructorProfile {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  bio: string;
  profile_image_url: string | null;
  courses: CatalogCourse[];
}

export const $instructor = atom<Load<InstructorProfile>>({ status: 'loading' });

function readInstructor(raw: unknown): InstructorProfile {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const list = Array.isArray(r.courses) ? r.courses : Array.isArray(r.published_courses) ? r.published_courses : [];
  return {
    id: Number(r.id),
    username: text(r.username),
    first_name: text(r.first_name),
    last_name: text(r.last_name),
    bio: text(r.bio),
    profile_image_url: typeof r.profile_image_url === 'string' && r.profile_image_url ? r.profile_image_url : null,
    courses: list.map(readCourse),
  };
}

export async function loadInstructor(id: number | null): Promise<void> {
  if (id === null) {
    $instructor.set({ status: 'not-found' });
    return;
  }
  $instructor.set({ status: 'loading' });
  try {
    const profile = readInstructor(await read<unknown>(`/api/instructors/${id}`));
    if (profile.courses.length === 0) {
      // Older answers carry no courses: the catalog filtered by instructor has them.
      const list = readCourseList(await read<unknown>(`/api/courses?instructor=${id}&pageSize=100`).catch(() => null));
      profile.courses = list.courses.filter((c) => !c.instructor || c.instructor.id === id);
    }
    $instructor.set({ status: 'ready', data: profile });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) $instructor.set({ status: 'not-found' });
    else $instructor.set({ status: 'error', message: 'The instructor could not be loaded. Please try again.' });
  }
}
