import { atom, computed } from 'nanostores';
import { apiFetch } from '../lib/api.ts';
import {
  applyCatalogQuery,
  catalogSearch,
  categoryOptions,
  DEFAULT_QUERY,
  parseCatalogQuery,
  readCourseList,
  updateQuery,
  type CatalogCourse,
  type CatalogQuery,
  type Category,
} from '../lib/catalog.ts';
import { queryLayer } from './query-lazy.ts';

/**
 * The catalog list (/courses): the page (built, or rendered by the server from current data,
 * decision 0020) hands its courses to `initCatalog`; filtering, sorting and paging show, hide and
 * order the cards the page carries.
 */

export interface CatalogState {
  courses: CatalogCourse[];
  categories: Category[];
  /** Enrolment counts fetched for the popularity sort (the page's counts may be older). */
  popularityFresh: boolean;
}

export const $catalog = atom<CatalogState>({ courses: [], categories: [], popularityFresh: false });
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
 * Reads go through the query layer (decision 0018), loaded on the first read: the list reads
 * nothing until a popularity sort asks.
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

function readAddress() {
  $catalogQuery.set(parseCatalogQuery(location.search));
}

let listening = false;

/**
 * Called once by the list island after hydration: takes the page's courses and the query from
 * the address, and follows back/forward navigation.
 */
export function initCatalog(input: { courses: CatalogCourse[]; categories: Category[] }): void {
  readAddress();
  if (!listening) {
    listening = true;
    window.addEventListener('popstate', readAddress);
  }
  $catalog.set({ courses: input.courses, categories: input.categories, popularityFresh: false });
  if ($catalogQuery.get().sort === 'popular') void refreshPopularity();
}

/**
 * Popularity changes with every enrolment, which the page does not track (its content hash
 * leaves counts out): sorting by it reads the current counts once.
 */
export async function refreshPopularity(): Promise<void> {
  const state = $catalog.get();
  if (state.popularityFresh) return;
  $catalog.set({ ...state, popularityFresh: true });
  try {
    const counts = new Map((await fetchAllCourses('popular')).map((c) => [c.id, c.enrollment_count]));
    const now = $catalog.get();
    $catalog.set({ ...now, courses: now.courses.map((c) => ({ ...c, enrollment_count: counts.get(c.id) ?? c.enrollment_count })) });
  } catch {
    // the page's counts stay: the order is still sensible
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
