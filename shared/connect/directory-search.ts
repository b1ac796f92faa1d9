import {
  DEFAULT_SEARCH_RADIUS_MILES,
  DIRECTORY_PAGES_MAX,
  DIRECTORY_SORTS,
  distanceMiles,
  LESSON_KIND_LABELS,
  TRAVEL_RADIUS_MAX_MILES,
  ZIP_INVALID,
  type DirectorySort,
  type LessonKind,
} from '../../worker/src/domain/bookings.ts';
import type { DirectoryEntry } from '../bookings/views.ts';

/**
 * The directory's filters and sorts (decision 0032), pure: what a search matches and in which
 * order, as decision 0068 ranks it. The server reads a page by SQL in the same meaning (decision
 * 0072) and ranks the candidates near a place with these comparators (`tierOrder`);
 * `searchRecords` is the whole ranking over a list, the specification its tests pin down. The
 * page's query and address are here too. No database, no zod: safe in the browser.
 */

/** A card as both sides know it: the answer's entry, plus where it is and every lesson price. */
export interface DirectoryRecord extends DirectoryEntry {
  latitude: number | null;
  longitude: number | null;
  /** Every active lesson type's price, for the price range filter. */
  prices_cents: number[];
  /** Slugs of the instructor's styles, for the style filter. */
  style_slugs: string[];
}

export interface DirectoryFilters {
  /** A style's slug. */
  style?: string;
  lessonType?: LessonKind;
  level?: string;
  /** Dollars. */
  minPrice?: number;
  maxPrice?: number;
  mode?: 'online' | 'in_person';
  /** Miles around the searched place; the instructor's travel radius is added. */
  radius: number;
  sort: DirectorySort;
}

export interface Origin {
  latitude: number;
  longitude: number;
}

/** Distance to the nearest tenth of a mile, for instructors who teach in person somewhere known. */
export function distanceFrom(origin: Origin | null, r: Pick<DirectoryRecord, 'latitude' | 'longitude' | 'offers_in_person'>): number | null {
  if (!origin || !r.offers_in_person || r.latitude === null || r.longitude === null) return null;
  return Math.round(distanceMiles(origin, { latitude: r.latitude, longitude: r.longitude }) * 10) / 10;
}

/** Whether an in-person instructor reaches the place: within the radius plus their travel radius. */
const reaches = (r: DirectoryRecord, filters: DirectoryFilters) =>
  r.distance_miles !== null && r.distance_miles <= filters.radius + r.travel_radius_miles;

function matches(r: DirectoryRecord, f: DirectoryFilters, origin: Origin | null): boolean {
  if (f.style && !r.style_slugs.includes(f.style)) return false;
  if (f.lessonType && !r.lesson_kinds.includes(f.lessonType)) return false;
  if (f.level && !r.levels.some((l) => l.toLowerCase() === f.level!.toLowerCase())) return false;
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    const min = f.minPrice === undefined ? 0 : Math.round(f.minPrice * 100);
    const max = f.maxPrice === undefined ? Infinity : Math.round(f.maxPrice * 100);
    if (!r.prices_cents.some((p) => p >= min && p <= max)) return false;
  }
  if (f.mode === 'online') return r.offers_online;
  if (f.mode === 'in_person') return r.offers_in_person && (!origin || reaches(r, f));
  // Online or in person: an online instructor is reachable from anywhere.
  return !origin || r.offers_online || reaches(r, f);
}

const byNumber = (a: number | null, b: number | null, direction: 1 | -1): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
};

/** What the orders compare of a card. */
export type Ranked = Pick<DirectoryRecord, 'id' | 'name' | 'premium' | 'verified' | 'rating' | 'review_count' | 'price_from_cents' | 'distance_miles'>;

/** Recommended: premium listings first, then verified, then rating, then how many reviews. */
function recommended(a: Ranked, b: Ranked): number {
  return (
    Number(b.premium) - Number(a.premium) ||
    Number(b.verified) - Number(a.verified) ||
    byNumber(a.rating, b.rating, -1) ||
    b.review_count - a.review_count ||
    a.name.localeCompare(b.name) ||
    a.id - b.id
  );
}

const SORTS: Record<DirectorySort, (a: Ranked, b: Ranked) => number> = {
  recommended,
  distance: (a, b) => byNumber(a.distance_miles, b.distance_miles, 1) || recommended(a, b),
  rating: (a, b) => byNumber(a.rating, b.rating, -1) || b.review_count - a.review_count || recommended(a, b),
  price_low: (a, b) => byNumber(a.price_from_cents, b.price_from_cents, 1) || recommended(a, b),
  price_high: (a, b) => byNumber(a.price_from_cents, b.price_from_cents, -1) || recommended(a, b),
};

/**
 * Recommended near a searched place: premium first (promoted among the nearby ones only, as the
 * tiers keep them), then the nearest, then the rest of recommended.
 */
const nearbyRecommended = (a: Ranked, b: Ranked) =>
  Number(b.premium) - Number(a.premium) || byNumber(a.distance_miles, b.distance_miles, 1) || recommended(a, b);

/**
 * The order of a tier (decision 0068): the nearby tier's (recommended promotes premium among the
 * nearby ones, then the nearest), or the asked sort's. The API ranks the nearby candidates of a
 * searched place with it (decision 0072).
 */
export const tierOrder = (sort: DirectorySort, nearby: boolean) => (nearby && sort === 'recommended' ? nearbyRecommended : SORTS[sort]);

/**
 * With a searched place (decision 0068): the instructors who teach in person there come first,
 * then those only their online lessons reach, marked `online`; each tier in the asked order, so
 * no listing, premium or not, goes above a nearby one from outside the radius.
 */
function rankNear(records: DirectoryRecord[], sort: DirectorySort): DirectoryRecord[] {
  const order = sort === 'recommended' ? nearbyRecommended : SORTS[sort];
  const nearby = records.filter((r) => r.reach === 'nearby').sort(order);
  const online = records.filter((r) => r.reach !== 'nearby').sort(SORTS[sort]);
  return [...nearby, ...online];
}

/** The records that match, each with its distance from the origin, in the asked order. */
export function searchRecords(records: readonly DirectoryRecord[], filters: DirectoryFilters, origin: Origin | null): DirectoryRecord[] {
  const found = records
    .map((r) => ({ ...r, distance_miles: distanceFrom(origin, r) }))
    .filter((r) => matches(r, filters, origin));
  if (!origin) return found.map((r) => ({ ...r, reach: null })).sort(SORTS[filters.sort]);
  const reached = found.map((r): DirectoryRecord => {
    const nearby = filters.mode !== 'online' && reaches(r, filters);
    // Outside the reach, the distance says nothing about the lesson (it is online).
    return { ...r, reach: nearby ? 'nearby' : 'online', distance_miles: nearby ? r.distance_miles : null };
  });
  return rankNear(reached, filters.sort);
}

/** The answer's entry of a record (where it is and the price list stay on the server's side). */
export function entryOf(r: DirectoryRecord): DirectoryEntry {
  const { latitude: _lat, longitude: _lng, prices_cents: _prices, style_slugs: _slugs, ...entry } = r;
  return entry;
}

/** What /connect's address asks (its form's GET fields): the filters, the sort and a ZIP code. */
export interface DirectoryPageQuery {
  style: string;
  lessonType: LessonKind | '';
  level: string;
  minPrice: number | null;
  maxPrice: number | null;
  mode: 'online' | 'in_person' | '';
  zip: string;
  radius: number;
  sort: DirectorySort;
}

export const DEFAULT_DIRECTORY_QUERY: DirectoryPageQuery = {
  style: '',
  lessonType: '',
  level: '',
  minPrice: null,
  maxPrice: null,
  mode: '',
  zip: '',
  radius: DEFAULT_SEARCH_RADIUS_MILES,
  sort: 'recommended',
};

export const DIRECTORY_SORT_LABELS: Readonly<Record<DirectorySort, string>> = {
  recommended: 'Recommended',
  distance: 'Distance',
  rating: 'Rating',
  price_low: 'Price: low to high',
  price_high: 'Price: high to low',
};

export const SEARCH_RADII = [10, 25, 50, 100, 250] as const;

const money = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 100_000 ? n : null;
};

/**
 * The page's query from its address, leniently: a value the page cannot use is left out and
 * named in `problems` (the API answers 400 for the same values; the page shows the directory).
 */
export function parseDirectoryParams(params: URLSearchParams): { query: DirectoryPageQuery; problems: string[] } {
  const problems: string[] = [];
  const get = (name: string) => (params.get(name) ?? '').trim();
  const q: DirectoryPageQuery = { ...DEFAULT_DIRECTORY_QUERY };
  q.style = get('style').toLowerCase().replace(/\s+/g, '-').slice(0, 80);
  const kind = get('lessonType');
  if (Object.hasOwn(LESSON_KIND_LABELS, kind)) q.lessonType = kind as LessonKind;
  q.level = get('level').slice(0, 40);
  q.minPrice = money(params.get('minPrice'));
  q.maxPrice = money(params.get('maxPrice'));
  if (q.minPrice !== null && q.maxPrice !== null && q.minPrice > q.maxPrice) {
    problems.push('Maximum price must be at least the minimum price');
    q.maxPrice = null;
  }
  const mode = get('mode');
  if (mode === 'online' || mode === 'in_person') q.mode = mode;
  const zip = get('zip');
  if (zip) {
    if (/^\d{5}$/.test(zip)) q.zip = zip;
    else problems.push(ZIP_INVALID);
  }
  const radius = Number(get('radius'));
  if (get('radius') && Number.isInteger(radius) && radius >= 1 && radius <= TRAVEL_RADIUS_MAX_MILES) q.radius = radius;
  const sort = get('sort');
  if ((DIRECTORY_SORTS as readonly string[]).includes(sort)) q.sort = sort as DirectorySort;
  return { query: q, problems };
}

export function isDefaultDirectoryQuery(q: DirectoryPageQuery): boolean {
  return (Object.keys(DEFAULT_DIRECTORY_QUERY) as (keyof DirectoryPageQuery)[]).every((k) => q[k] === DEFAULT_DIRECTORY_QUERY[k]);
}

/** The address's query of a page query: only what differs from the defaults, in a fixed order. */
export function directorySearchString(q: DirectoryPageQuery): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_DIRECTORY_QUERY) as (keyof DirectoryPageQuery)[]) {
    if (q[key] !== DEFAULT_DIRECTORY_QUERY[key] && q[key] !== null) params.set(key, String(q[key]));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The page of the matches an address asks (decision 0072: the server reads one page), leniently:
 * anything but a whole number from 1 to the deepest page is the first.
 */
export function directoryPageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= DIRECTORY_PAGES_MAX ? page : 1;
}

/** The address of a page of a query's matches (the first has no page). */
export function directoryPageSearch(q: DirectoryPageQuery, page: number): string {
  const search = directorySearchString(q);
  if (page <= 1) return search;
  return `${search ? `${search}&` : '?'}page=${page}`;
}

/** The filters of a page query. */
export function filtersOf(q: DirectoryPageQuery): DirectoryFilters {
  return {
    style: q.style || undefined,
    lessonType: q.lessonType || undefined,
    level: q.level || undefined,
    minPrice: q.minPrice ?? undefined,
    maxPrice: q.maxPrice ?? undefined,
    mode: q.mode || undefined,
    radius: q.radius,
    sort: q.sort,
  };
}
