/**
 * The curriculum store's query as the address keeps it: search, the five facets and
 * the sort, and the page. `/curriculum?q=&style=&age_group=&level=&category=&price=&sort=&page=`
 * reproduces a view, so a link can be shared and Back works. Read by the site router (which
 * renders the view on the server) and by the list's island (which fetches that same page). Pure.
 */
import { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS } from '../worker/src/domain/store.ts';
import { RESOURCE_SORTS, type AgeGroup, type DanceStyle, type ResourceLevel, type ResourceSort } from './store/views.ts';

// The resource enumerations (dance style, age group, level, sort) from the store's pure rules (equal to the schema's; the schema module
// itself would bring the table definitions into the browser's bundle).
export { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS, RESOURCE_SORTS };

export const STORE_PRICES = ['free', 'paid'] as const;
export type StorePrice = (typeof STORE_PRICES)[number];

/** Resources on one page of the list. */
export const STORE_PAGE_SIZE = 12;
/** Featured resources in the row above the list. */
export const FEATURED_COUNT = 8;
export const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 10_000;

export const STORE_SORT_LABELS: Record<ResourceSort, string> = {
  newest: 'Newest',
  rating: 'Best rated',
  best_selling: 'Best selling',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};
export const STORE_PRICE_LABELS: Record<StorePrice, string> = { free: 'Free', paid: 'Paid' };

export interface StoreQuery {
  q: string;
  style: DanceStyle | '';
  age_group: AgeGroup | '';
  level: ResourceLevel | '';
  /** A resource category's id, '' for all. */
  category: number | '';
  price: StorePrice | '';
  sort: ResourceSort;
  page: number;
}

export const DEFAULT_STORE_QUERY: StoreQuery = { q: '', style: '', age_group: '', level: '', category: '', price: '', sort: 'newest', page: 1 };

/** The query fields that narrow the list (the sort and the page do not). */
export const STORE_FILTERS = ['q', 'style', 'age_group', 'level', 'category', 'price'] as const;
export type StoreFilter = (typeof STORE_FILTERS)[number];

/** 'Pre-Teen (9-12)' → 'pre-teen-9-12': the value an enumeration takes in the address. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** An enumeration's value from its slug or its name (any case); '' when it is none of them. */
function enumValue<T extends string>(values: readonly T[], raw: string | null): T | '' {
  const v = (raw ?? '').trim();
  if (!v) return '';
  const lower = v.toLowerCase();
  return values.find((value) => value.toLowerCase() === lower || slugOf(value) === lower) ?? '';
}

const positiveInt = (raw: string | null, max: number): number | null => {
  const v = (raw ?? '').trim();
  if (!/^[1-9][0-9]{0,9}$/.test(v)) return null;
  const n = Number(v);
  return n <= max ? n : null;
};

/** The query of an address's search part; anything unknown or malformed falls back to its default. */
export function parseStoreQuery(search: string | URLSearchParams): StoreQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = (params.get('sort') ?? '').trim().toLowerCase();
  const price = (params.get('price') ?? '').trim().toLowerCase();
  return {
    q: (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH),
    style: enumValue(DANCE_STYLES, params.get('style')),
    age_group: enumValue(AGE_GROUPS, params.get('age_group')),
    level: enumValue(RESOURCE_LEVELS, params.get('level')),
    category: positiveInt(params.get('category'), Number.MAX_SAFE_INTEGER) ?? '',
    price: (STORE_PRICES as readonly string[]).includes(price) ? (price as StorePrice) : '',
    sort: (RESOURCE_SORTS as readonly string[]).includes(sort) ? (sort as ResourceSort) : 'newest',
    page: positiveInt(params.get('page'), MAX_PAGE) ?? 1,
  };
}

/**
 * The search part for a query ('' or '?…'), in a fixed order and leaving out defaults, so one
 * view has one address (and one entry in the public cache).
 */
export function storeSearch(query: StoreQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.style) params.set('style', slugOf(query.style));
  if (query.age_group) params.set('age_group', slugOf(query.age_group));
  if (query.level) params.set('level', slugOf(query.level));
  if (query.category !== '') params.set('category', String(query.category));
  if (query.price) params.set('price', query.price);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The address of a view of the store. */
export const storeHref = (query: StoreQuery): string => `/curriculum${storeSearch(query)}`;

/** A change of search, a filter or the sort starts again at page 1. */
export function updateStoreQuery(query: StoreQuery, patch: Partial<StoreQuery>): StoreQuery {
  const next = { ...query, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

export function hasStoreFilters(query: StoreQuery): boolean {
  return STORE_FILTERS.some((f) => query[f] !== '');
}

/** Whether the query is the store's front view (what the build pre-renders). */
export function isDefaultStoreQuery(query: StoreQuery): boolean {
  return storeSearch(query) === '';
}

/** The filters cleared; the sort stays. */
export const clearStoreFilters = (query: StoreQuery): StoreQuery => ({ ...DEFAULT_STORE_QUERY, sort: query.sort });

export interface StoreChip {
  field: StoreFilter;
  /** "Age group: Children (5-8)". */
  label: string;
  /** The view without this filter. */
  href: string;
}

/** The active filters as removable chips (links: they work without JavaScript). */
export function storeChips(query: StoreQuery, categoryName: (id: number) => string | undefined): StoreChip[] {
  const chips: StoreChip[] = [];
  const add = (field: StoreFilter, label: string) => chips.push({ field, label, href: storeHref(updateStoreQuery(query, { [field]: '' })) });
  if (query.q) add('q', `Search: “${query.q}”`);
  if (query.style) add('style', `Style: ${query.style}`);
  if (query.age_group) add('age_group', `Age group: ${query.age_group}`);
  if (query.level) add('level', `Level: ${query.level}`);
  if (query.category !== '') add('category', `Category: ${categoryName(query.category) ?? `#${query.category}`}`);
  if (query.price) add('price', `Price: ${STORE_PRICE_LABELS[query.price]}`);
  return chips;
}

export interface StorePageLink {
  page: number;
  href: string;
}

/** Previous and next pages of a view, when there are any. */
export function storePager(query: StoreQuery, total: number, pageSize = STORE_PAGE_SIZE): { pageCount: number; prev: StorePageLink | null; next: StorePageLink | null } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const link = (p: number): StorePageLink => ({ page: p, href: storeHref({ ...query, page: p }) });
  return { pageCount, prev: page > 1 ? link(page - 1) : null, next: page < pageCount ? link(page + 1) : null };
}
