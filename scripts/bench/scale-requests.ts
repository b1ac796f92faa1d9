/**
 * What `npm run bench:scale` asks of the server and how one request or one stream of them is
 * timed: the reads (with each page's HTML size), a list's deepest page, and the requests per second
 * at 10 connections. The server, the exports and the report are in ../bench-scale.ts.
 */

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Times `samples` requests one after the other (after a few to warm up): p50 and p99 in ms. */
export interface Timed {
  p50: number;
  p99: number;
  status: number;
  /** The first request's time: for a public answer, the one not served from the cache. */
  firstMs: number;
  /** The answer's size, uncompressed. */
  bytes: number;
}

/** Times `samples` requests one after the other (after a few to warm up): p50 and p99 in ms. */
export async function time(url: string, headers: Record<string, string>, samples: number): Promise<Timed> {
  let status = 0;
  let bytes = 0;
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    bytes = (await res.arrayBuffer()).byteLength;
    status = res.status;
    return performance.now() - started;
  };
  const firstMs = await once();
  for (let i = 0; i < 2; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), status, firstMs, bytes };
}

export interface Read {
  name: string;
  path: string;
  as?: 'admin' | 'student' | 'seller';
  /** A server-rendered page: its HTML is held to PAGE_KB too. */
  page?: boolean;
  /**
   * Time the list's last page (its number read from the first page's total), or the page before
   * it as the last page's Previous asks for it (by the token the last page answered).
   */
  deepest?: 'last' | 'before-last';
}

/** The address of a list's last page (or the one before it), from the total and page size its first page answers. */
export async function deepestPage(base: string, path: string, headers: Record<string, string>, which: 'last' | 'before-last'): Promise<string> {
  const body = (await (await fetch(`${base}${path}`, { headers })).json()) as {
    data?: unknown[];
    total?: number;
    pageSize?: number;
    page_size?: number;
    pagination?: { total: number; pageSize: number };
  };
  const total = body.total ?? body.pagination?.total ?? 0;
  const size = body.pageSize ?? body.page_size ?? body.pagination?.pageSize ?? Math.max(1, body.data?.length ?? 1);
  const last = Math.max(1, Math.ceil(total / size));
  const join = path.includes('?') ? '&' : '?';
  const lastPath = `${path}${join}page=${last}`;
  if (which === 'last' || last < 2) return lastPath;
  const { prev } = (await (await fetch(`${base}${lastPath}`, { headers })).json()) as { prev?: string | null };
  return prev ? `${path}${join}page=${last - 1}&before=${prev}` : `${path}${join}page=${last - 1}`;
}

/** The most HTML a page of a list may weigh, uncompressed. */
export const PAGE_KB = 100;

export const READS: Read[] = [
  { name: 'health', path: '/api/health' },
  { name: 'catalog, first page', path: '/api/courses' },
  { name: 'catalog, most popular', path: '/api/courses?sort=popular' },
  { name: 'catalog, by price', path: '/api/courses?sort=price_asc' },
  { name: 'catalog, a level', path: '/api/courses?level=intermediate' },
  { name: 'catalog, free', path: '/api/courses?price=free&sort=price_desc' },
  { name: 'catalog, a search', path: '/api/courses?q=ballet' },
  { name: 'catalog, page 50', path: '/api/courses?page=50' },
  { name: 'a course', path: '/api/courses/1' },
  { name: '/courses', path: '/courses', page: true },
  { name: '/courses, page 50', path: '/courses?page=50', page: true },
  { name: '/courses, a style and level', path: '/courses?category=Ballet&level=intermediate', page: true },
  { name: '/courses, a search', path: '/courses?q=ballet', page: true },
  { name: 'a course page', path: '/courses/1', page: true },
  { name: '/curriculum', path: '/curriculum', page: true },
  { name: '/curriculum, page 50', path: '/curriculum?page=50', page: true },
  { name: '/curriculum, a style', path: '/curriculum?style=jazz', page: true },
  { name: 'me', path: '/api/me', as: 'student' },
  { name: 'learner dashboard', path: '/api/me/dashboard', as: 'student' },
  { name: 'instructor directory', path: '/api/connect/instructors' },
  { name: '/connect', path: '/connect', page: true },
  { name: 'admin dashboard, 30 days', path: '/api/admin/dashboard?days=30', as: 'admin' },
  { name: 'admin dashboard, 90 days', path: '/api/admin/dashboard?days=90', as: 'admin' },
  { name: 'admin dashboard, 365 days', path: '/api/admin/dashboard?days=365', as: 'admin' },
  { name: 'subscription stats', path: '/api/admin/subscription-stats', as: 'admin' },
  { name: 'admin orders, first page', path: '/api/admin/orders', as: 'admin' },
  { name: 'admin orders, last page', path: '/api/admin/orders', as: 'admin', deepest: 'last' },
  { name: 'admin orders, the page before the last', path: '/api/admin/orders', as: 'admin', deepest: 'before-last' },
  { name: 'admin orders, a search', path: '/api/admin/orders?q=student', as: 'admin' },
  { name: 'admin users, first page', path: '/api/users', as: 'admin' },
  { name: 'admin users, last page', path: '/api/users', as: 'admin', deepest: 'last' },
  { name: 'admin users, the page before the last', path: '/api/users', as: 'admin', deepest: 'before-last' },
  { name: 'admin users, a search', path: '/api/users?search=grace', as: 'admin' },
  { name: 'admin bookings, first page', path: '/api/admin/bookings', as: 'admin' },
  { name: 'admin bookings, last page', path: '/api/admin/bookings', as: 'admin', deepest: 'last' },
  { name: 'admin bookings, the page before the last', path: '/api/admin/bookings', as: 'admin', deepest: 'before-last' },
  { name: 'admin bookings, a search', path: '/api/admin/bookings?q=student', as: 'admin' },
  { name: 'admin subscriptions, first page', path: '/api/admin/subscriptions', as: 'admin' },
  { name: 'admin subscriptions, last page', path: '/api/admin/subscriptions', as: 'admin', deepest: 'last' },
  { name: 'admin subscriptions, the page before the last', path: '/api/admin/subscriptions', as: 'admin', deepest: 'before-last' },
  { name: 'admin subscriptions, a search', path: '/api/admin/subscriptions?q=grace', as: 'admin' },
  { name: 'audit log, first page', path: '/api/admin/audit-log', as: 'admin' },
  { name: 'audit log, last page', path: '/api/admin/audit-log', as: 'admin', deepest: 'last' },
  { name: 'audit log, the page before the last', path: '/api/admin/audit-log', as: 'admin', deepest: 'before-last' },
  { name: 'audit log, a search', path: '/api/admin/audit-log?q=number%2012345', as: 'admin' },
  { name: 'admin resources, first page', path: '/api/curriculum-all', as: 'admin' },
  { name: 'admin resources, last page', path: '/api/curriculum-all', as: 'admin', deepest: 'last' },
  { name: 'admin resources, the page before the last', path: '/api/curriculum-all', as: 'admin', deepest: 'before-last' },
  { name: 'admin resources, a search', path: '/api/curriculum-all?q=ballet', as: 'admin' },
  { name: 'store stats', path: '/api/admin/store-stats', as: 'admin' },
  { name: 'notifications', path: '/api/notifications', as: 'student' },
  { name: 'seller dashboard', path: '/api/seller/dashboard', as: 'seller' },
  { name: 'seller analytics', path: '/api/seller/analytics', as: 'seller' },
  { name: 'seller payments', path: '/api/seller/payments', as: 'seller' },
  { name: 'resources, first page', path: '/api/resources' },
  { name: 'resources, best selling', path: '/api/resources?sort=best_selling' },
  { name: 'resources, top rated', path: '/api/resources?sort=rating' },
  { name: 'resources, by price', path: '/api/resources?sort=price_asc' },
  { name: 'resources, a style', path: '/api/resources?style=Jazz' },
  { name: 'resources, a level and an age group', path: '/api/resources?level=Beginner&age_group=Children%20(5-8)' },
  { name: 'resources, free', path: '/api/resources?price=free' },
  { name: 'resources, a search', path: '/api/resources?q=ballet' },
  { name: 'resources, last page', path: '/api/resources', deepest: 'last' },
];

/** The demo course whose first lesson carries the community's busy question list (scripts/grow: 5,000 questions at factor 1). */
const COMMUNITY_COURSE = 'Foundations of Classical Ballet Teaching';
/** How many keyset pages a deep community page is followed to (5,000 questions are 250 pages of 20). */
const COMMUNITY_DEEP_PAGES = 250;

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The community's reads (decision 0075) on the busy lesson, as the demo learner reads them (the
 * seller's waiting line as the seller): its question list by each sort, the deepest keyset page
 * (followed by its `next` tokens), the oldest question's thread (at factor 1, 300 answers), the
 * course's search and its outline counts. Their paths name the database's own ids, read here.
 */
export async function communityReads(base: string, student: Record<string, string>): Promise<Read[]> {
  const enrolments = await getJson<{ course?: { id: number; title: string }; course_id?: number; courseId?: number }[] | { data: { course?: { id: number; title: string } }[] }>(`${base}/api/enrollments`, student);
  const list = Array.isArray(enrolments) ? enrolments : enrolments.data;
  const courseId = list.map((e) => e.course).find((c) => c?.title === COMMUNITY_COURSE)?.id;
  if (!courseId) throw new Error(`The demo student is not enrolled in ${COMMUNITY_COURSE}.`);
  const player = await getJson<{ modules: { lessons: { id: number }[] }[] }>(`${base}/api/learn/courses/${courseId}`, student);
  const lessonId = player.modules[0]!.lessons[0]!.id;
  const listPath = (sort: string) => `/api/community/questions?target_kind=lesson&target_id=${lessonId}&sort=${sort}`;
  let deep = listPath('newest');
  let oldest: number | null = null;
  for (let i = 0; i < COMMUNITY_DEEP_PAGES; i++) {
    const page = await getJson<{ data: { id: number }[]; next: string | null }>(`${base}${deep}`, student);
    oldest = page.data.at(-1)?.id ?? oldest;
    if (!page.next) break;
    deep = `${listPath('newest')}&cursor=${encodeURIComponent(page.next)}`;
  }
  return [
    { name: 'community: a lesson, newest', path: listPath('newest'), as: 'student' },
    { name: 'community: a lesson, helpful', path: listPath('helpful'), as: 'student' },
    { name: 'community: a lesson, unanswered', path: listPath('unanswered'), as: 'student' },
    { name: 'community: the deepest keyset page', path: deep, as: 'student' },
    { name: 'community: a thread', path: `/api/community/questions/${oldest}`, as: 'student' },
    { name: "community: a course's search", path: `/api/community/courses/${courseId}/questions?q=turnout`, as: 'student' },
    { name: "community: a course's counts", path: `/api/community/courses/${courseId}/counts`, as: 'student' },
    { name: "community: a seller's waiting line", path: '/api/community/waiting?scope=selling', as: 'seller' },
  ];
}

/**
 * The public reads timed at 10 connections, each for THROUGHPUT_MS. `page=last` is each database's
 * own last page (the demo's page 50 would be an empty answer, not the same read).
 */
export const THROUGHPUT = ['/api/courses', '/api/courses?page=last', '/courses', '/courses?page=50', '/api/resources', '/curriculum', '/connect'];
export const CONNECTIONS = 10;
export const THROUGHPUT_MS = 3000;

/** Requests per second at CONNECTIONS connections, each asking again as soon as it was answered. */
export async function throughput(url: string): Promise<number> {
  const until = performance.now() + THROUGHPUT_MS;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        await (await fetch(url)).arrayBuffer();
        done += 1;
      }
    }),
  );
  return done / (THROUGHPUT_MS / 1000);
}

/** Checkouts started to time one after the other (each a new pending order with the test provider). */
export const CHECKOUTS = 40;

/**
 * Checkout creation: the admin account starts a checkout of a paid course (POST
 * /api/simple-checkout), a different course each time where the catalog has enough, and the time
 * until the order and the provider's session are answered is kept. Any answer but 201 counts as
 * failed. Each run leaves its pending orders behind, as abandoned checkouts do.
 */
export async function checkoutCreation(base: string, token: string): Promise<{ p50: number; p99: number; count: number; failed: number }> {
  const paid = (await (await fetch(`${base}/api/courses?price=paid&sort=newest&pageSize=50`)).json()) as { data: { id: number }[] };
  const ids = paid.data.map((c) => c.id);
  if (ids.length === 0) throw new Error('No paid course to check out');
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < CHECKOUTS; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/simple-checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'COURSE', itemId: ids[i % ids.length] }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 201) failed += 1;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length, failed };
}
