import { Hono } from 'hono';
import { fillPattern, isDynamic, matchRoute, shellPath } from '../../../site/src/routes.ts';
import type { AppContext } from '../app-context.ts';
import { API_POLICY, CSP_MANIFEST_PATH, pagePolicyFor, parseCspManifest, type CspManifest } from '../domain/content-security.ts';
import { redirectPath } from '../domain/redirect-target.ts';
import { cachePublic, markNoStore } from '../http/public-cache.ts';
import { memoized, type AssetFetcher, type Platform } from '../platform/context.ts';
import type { PageRenderer, RenderedPageName, RenderedPages } from '../platform/page-renderer.ts';
import { catalogSearch, isDefaultCatalogQuery, parseCatalogQuery } from '../../../site/src/lib/catalog.ts';
import {
  builtCourseHash,
  courseListHash,
  coursePageHash,
  loadCatalogCourse,
  loadCourseListPage,
  parseCatalogManifest,
  type CatalogManifest,
} from '../services/catalog-freshness.ts';
import { verifyCertificate } from '../services/certificates.ts';
import { loadInstructorPage } from '../services/instructor-pages.ts';
import { loadPublicUserView } from '../services/users.ts';

/** Built pages of the catalog (decision 0007). */
export const CATALOG_MANIFEST_PATH = '/catalog-manifest.json';

const manifests = new WeakMap<AssetFetcher, Promise<CatalogManifest | null>>();

/** The build's catalog manifest, read once per site (the build does not change while serving). */
function catalogManifest(assets: AssetFetcher, request: Request): Promise<CatalogManifest | null> {
  let manifest = manifests.get(assets);
  if (!manifest) {
    const get = new Request(new URL(CATALOG_MANIFEST_PATH, request.url), { method: 'GET' });
    manifest = assets(CATALOG_MANIFEST_PATH, get)
      .then(async (res) => (res && res.ok ? parseCatalogManifest(await res.json()) : null))
      .catch(() => null);
    manifests.set(assets, manifest);
  }
  return manifest;
}

/** The build's hashes of inline scripts and styles (read once per runtime; none: no inline code allowed). */
function cspManifest(platform: Platform, request: Request): Promise<CspManifest | null> {
  return memoized(platform, 'csp-manifest', async () => {
    const get = new Request(new URL(CSP_MANIFEST_PATH, request.url), { method: 'GET' });
    const res = await platform.assets(CSP_MANIFEST_PATH, get).catch(() => null);
    const manifest = res && res.ok ? parseCspManifest(await res.json().catch(() => null)) : null;
    if (!manifest) console.warn(`No CSP manifest (${CSP_MANIFEST_PATH}) in the built site: inline scripts will be blocked`);
    return manifest;
  });
}

/**
 * The Content-Security-Policy of an answer: HTML pages get the page policy with their own inline
 * blocks' hashes, everything else (the API, uploaded files, assets) the strict one. Uploaded
 * files never get the page policy, whatever their type.
 */
export async function contentSecurityPolicyFor(platform: Platform, request: Request, res: Response): Promise<string> {
  const path = new URL(request.url).pathname;
  const html = (res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html');
  if (!html || path.startsWith('/api/') || path.startsWith('/uploads/')) return API_POLICY;
  // The page's own hashes (decision 0021): its inline blocks, read from a copy of the answer. A
  // public page is stored with its header, so this runs once per page and content version.
  return pagePolicyFor(await cspManifest(platform, request), await res.clone().text());
}

export function withSource(res: Response, source: string, status = res.status): Response {
  const out = new Response(res.body, { status, headers: res.headers });
  out.headers.set('x-catalog-source', source);
  return out;
}

export async function renderHtml<K extends RenderedPageName>(renderer: PageRenderer, name: K, url: URL, data: RenderedPages[K]): Promise<string> {
  const res = await renderer.render(name, new Request(url), data);
  if (!res.ok) throw new Error(`Rendering ${name} for ${url.pathname} answered ${res.status}`);
  return res.text();
}

export function htmlAnswer(html: string, source: string): Response {
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'x-catalog-source': source } });
}

/**
 * Catalog pages rendered on the server, kept under the content hash of what they show (the same
 * hashes as the build's manifest): a page is rendered once per content, however often the
 * catalog's version moves for other reasons (an enrolment). Per renderer, at most this many.
 */
const MAX_KEPT_PAGES = 500;
const renderedPages = new WeakMap<PageRenderer, Map<string, Promise<string>>>();

export function renderCatalogPage<K extends RenderedPageName>(renderer: PageRenderer, contentKey: string, name: K, url: URL, data: RenderedPages[K]): Promise<string> {
  let pages = renderedPages.get(renderer);
  if (!pages) renderedPages.set(renderer, (pages = new Map()));
  let html = pages.get(contentKey);
  if (!html) {
    if (pages.size >= MAX_KEPT_PAGES) pages.delete(pages.keys().next().value!);
    const made = renderHtml(renderer, name, url, data);
    pages.set(contentKey, made);
    made.catch(() => {
      if (pages.get(contentKey) === made) pages.delete(contentKey);
    });
    html = made;
  }
  return html;
}

export async function notFoundPage(platform: Platform, request: Request, source: string): Promise<Response> {
  const page = await platform.assets('/404.html', request);
  return page ? withSource(page, source, 404) : new Response('Not Found', { status: 404 });
}

const COURSE_ID = /^[1-9][0-9]{0,15}$/;

/**
 * The public catalog pages (decisions 0007, 0020, 0043). Each reads what it shows, never the
 * whole catalog:
 * - `/courses`: a view of the list (`?q=&category=&level=&price=&sort=&page=`), one page of it
 *   read through the catalog's indexes. The front view is the built page while what it shows is
 *   the build's; every other view, and the front view once changed, is rendered on the server.
 *   An address that is not the view's one address (defaults spelled out, a style in another
 *   case, unknown parameters) is redirected to it, so one view is one entry of the public cache.
 * - `/courses/{id}`: the built page while the course's page is unchanged, else the same page
 *   rendered on the server from current data, and 404 for a course that is not published.
 *   Without a manifest (a build without a database, the tests' fixture site) the files are
 *   served as they are; if the database cannot be reached, the built pages are served.
 * - `/instructors/{id}`, `/instructors/{id}/courses`, `/courses/{id}/enroll` and
 *   `/enroll-guest/{id}`: always rendered on the server (404 for no such instructor or course).
 * Null lets the generic handling below answer (other paths, no renderer).
 */
async function catalogPage(platform: Platform, url: URL, request: Request): Promise<Response | null> {
  const path = url.pathname;
  const list = /^\/courses\/?$/.test(path);
  const detail = /^\/courses\/([^/]+)\/?$/.exec(path);
  const instructor = /^\/instructors\/([^/]+)(\/courses)?\/?$/.exec(path);
  const enrol = /^\/courses\/([^/]+)\/enroll\/?$/.exec(path) ?? /^\/enroll-guest\/([^/]+)\/?$/.exec(path);
  if (!list && !detail && !instructor && !enrol) return null;
  const renderer = platform.renderer;

  if (enrol) {
    if (!renderer) return null;
    const id = enrol[1]!;
    const course = COURSE_ID.test(id) ? await loadCatalogCourse(platform.db, Number(id)) : null;
    if (!course) return notFoundPage(platform, request, 'gone');
    const guest = path.startsWith('/enroll-guest/');
    const name = guest ? 'guest-enroll' : 'course-enroll';
    const page = new URL(guest ? `/enroll-guest/${id}` : `/courses/${id}/enroll`, url);
    const html = await renderCatalogPage(renderer, `${name} ${id} ${await coursePageHash(course)}`, name, page, { course });
    return htmlAnswer(html, 'rendered');
  }

  if (instructor) {
    if (!renderer) return null;
    const id = instructor[1]!;
    const data = COURSE_ID.test(id) ? await loadInstructorPage(platform.db, Number(id)) : null;
    if (!data) return notFoundPage(platform, request, 'gone');
    const courses = Boolean(instructor[2]);
    const page = new URL(courses ? `/instructors/${data.id}/courses` : `/instructors/${data.id}`, url);
    // Not kept with the catalog's pages: a bio or a name is not part of what the catalog hashes.
    const html = await renderHtml(renderer, courses ? 'instructor-courses' : 'instructor', page, { instructor: data });
    return htmlAnswer(html, 'rendered');
  }

  const manifest = await catalogManifest(platform.assets, request);
  if (!manifest) return null;
  try {
    return list ? await courseListPage(platform, url, request, manifest) : await coursePage(platform, url, request, manifest, detail![1]!);
  } catch (err) {
    // The database is unreachable: the built pages are the best answer there is.
    console.error('Catalog page failed', err);
    return null;
  }
}

/** A built page marked with where it came from, or null when the build has no such file. */
export async function builtPage(platform: Platform, request: Request, path: string, source: string): Promise<Response | null> {
  const res = await platform.assets(path, request);
  return res ? withSource(res, source) : null;
}

async function courseListPage(platform: Platform, url: URL, request: Request, manifest: CatalogManifest): Promise<Response | null> {
  const asked = parseCatalogQuery(url.searchParams);
  const view = await loadCourseListPage(platform.db, asked);
  const canonical = catalogSearch(view.query);
  if (url.search !== canonical) return new Response(null, { status: 301, headers: { location: `/courses${canonical}` } });
  const hash = await courseListHash(view);
  if (isDefaultCatalogQuery(view.query) && manifest.list === hash) return builtPage(platform, request, '/courses/', 'static');
  // Changed, but no renderer (a site built without its server module): the build is all there is.
  if (!platform.renderer) return builtPage(platform, request, '/courses/', 'stale');
  const html = await renderCatalogPage(platform.renderer, `course-list ${canonical} ${hash}`, 'course-list', new URL(`/courses${canonical}`, url), view);
  return htmlAnswer(html, 'rendered');
}

async function coursePage(platform: Platform, url: URL, request: Request, manifest: CatalogManifest, id: string): Promise<Response | null> {
  const course = COURSE_ID.test(id) ? await loadCatalogCourse(platform.db, Number(id)) : null;
  if (!course) return notFoundPage(platform, request, 'gone');
  const hash = await coursePageHash(course);
  const built = builtCourseHash(manifest, course.id);
  if (built === hash) return builtPage(platform, request, `/courses/${id}/`, 'static');
  if (!platform.renderer) return built !== undefined ? builtPage(platform, request, `/courses/${id}/`, 'stale') : null;
  const html = await renderCatalogPage(platform.renderer, `course ${id} ${hash}`, 'course', new URL(`/courses/${id}`, url), { course });
  return htmlAnswer(html, 'rendered');
}

/**
 * The verification page (decision 0020): `/verify/{code}` rendered by the server with the answer
 * (the same component as /verify); `/verify?code=…`, the form sent without JavaScript, goes
 * there. Null: the built /verify (no code, or no renderer).
 */
async function verifyPage(platform: Platform, url: URL): Promise<Response | null> {
  if (/^\/verify\/?$/.test(url.pathname)) {
    const code = (url.searchParams.get('code') ?? '').trim();
    if (!code || !platform.renderer) return null;
    return new Response(null, { status: 302, headers: { location: `/verify/${encodeURIComponent(code)}` } });
  }
  const match = /^\/verify\/([^/]+)\/?$/.exec(url.pathname);
  if (!match || !platform.renderer) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]!).trim().slice(0, 100);
  } catch {
    code = match[1]!;
  }
  const answer = await verifyCertificate(platform.db, code);
  const html = await renderHtml(platform.renderer, 'verify', new URL(`/verify/${encodeURIComponent(code)}`, url), { code, answer });
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/**
 * A member's public profile, `/profile/{userId}` (decision 0020): rendered by the server from the
 * current account, "Profile not found" with 404 for an id with no active member. Null for other
 * paths (`/profile/edit`, `/profile/manage` are built pages) or without a renderer.
 */
async function profilePage(platform: Platform, url: URL): Promise<Response | null> {
  const match = /^\/profile\/([0-9]+)\/?$/.exec(url.pathname);
  if (!match || !platform.renderer) return null;
  const id = match[1]!;
  const profile = COURSE_ID.test(id) ? await loadPublicUserView(platform.db, Number(id)) : null;
  const html = await renderHtml(platform.renderer, 'profile', new URL(`/profile/${id}`, url), { profile });
  return new Response(html, { status: profile ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/**
 * Pages: the route table's redirects (made here, by the server), shells for dynamic routes,
 * the built files, and the not-found page with a real 404 status.
 */
export const siteRoutes = new Hono<AppContext>().on(['GET', 'HEAD'], '*', async (c) => {
  const url = new URL(c.req.url);
  const path = url.pathname;
  const assets = c.get('platform').assets;

  const match = path === '/' ? null : matchRoute(path);
  if (match?.route.redirect) {
    return c.redirect(redirectPath(fillPattern(match.route.redirect, match.params) + url.search, '/', url.origin), 301);
  }

  const verification = await verifyPage(c.get('platform'), url);
  if (verification) {
    // The same answer for everyone until a certificate (or its course or learner) changes.
    if (verification.status === 200) cachePublic(c, 'certificates');
    return verification;
  }

  const profile = await profilePage(c.get('platform'), url);
  if (profile) {
    // A name, a bio or a badge changes with the account, which no public version follows.
    markNoStore(c);
    return profile;
  }

  const catalog = await catalogPage(c.get('platform'), url, c.req.raw);
  if (catalog) {
    // Built or rendered, the same bytes for everyone until the catalog changes (decision 0021).
    // An instructor's profile page shows their Connect & Book part too (decision 0032), which the
    // `connect` version follows, not `catalog`: an answer is kept under one version, so it is
    // rendered on every request instead.
    if (/^\/instructors\/[^/]+\/?$/.test(path)) markNoStore(c);
    else cachePublic(c, 'catalog');
    return catalog;
  }

  const direct = await assets(path, c.req.raw);
  if (direct) return direct;

  if (match && isDynamic(match.route.pattern)) {
    const shell = await assets(shellPath(match.route.pattern) + '/', c.req.raw);
    if (shell) return shell;
  }

  const page = await assets('/404.html', c.req.raw);
  if (page) return new Response(page.body, { status: 404, headers: page.headers });
  return c.text('Not Found', 404);
});
