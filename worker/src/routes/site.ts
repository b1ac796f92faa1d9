import { Hono } from 'hono';
import { fillPattern, isDynamic, matchRoute, shellPath } from '../../../site/src/routes.ts';
import type { AppContext } from '../app-context.ts';
import { API_POLICY, CSP_MANIFEST_PATH, pagePolicy, parseCspManifest } from '../domain/content-security.ts';
import { memoized, type AssetFetcher, type Platform } from '../platform/context.ts';
import {
  courseListSource,
  coursePageSource,
  currentCatalogHashes,
  parseCatalogManifest,
  type CatalogManifest,
} from '../services/catalog-freshness.ts';

/** Built pages of the catalog (decision 0007). */
export const CATALOG_MANIFEST_PATH = '/catalog-manifest.json';
export const COURSE_SHELL_PATH = '/courses/_/';
export const COURSE_LIST_LIVE_PATH = '/courses/_live/';

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

/** The pages' policy with the build's hashes (read once per runtime; no manifest, no inline code allowed). */
function pageCsp(platform: Platform, request: Request): Promise<string> {
  return memoized(platform, 'page-csp', async () => {
    const get = new Request(new URL(CSP_MANIFEST_PATH, request.url), { method: 'GET' });
    const res = await platform.assets(CSP_MANIFEST_PATH, get).catch(() => null);
    const manifest = res && res.ok ? parseCspManifest(await res.json().catch(() => null)) : null;
    if (!manifest) console.warn(`No CSP manifest (${CSP_MANIFEST_PATH}) in the built site: inline scripts will be blocked`);
    return pagePolicy(manifest);
  });
}

/**
 * The Content-Security-Policy of an answer: HTML pages get the page policy, everything else (the
 * API, uploaded files, assets) the strict one. Uploaded files never get the page policy, whatever
 * their type.
 */
export async function contentSecurityPolicyFor(platform: Platform, request: Request, res: Response): Promise<string> {
  const path = new URL(request.url).pathname;
  const html = (res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/html');
  if (!html || path.startsWith('/api/') || path.startsWith('/uploads/')) return API_POLICY;
  return pageCsp(platform, request);
}

function withSource(res: Response, source: string, status = res.status): Response {
  const out = new Response(res.body, { status, headers: res.headers });
  out.headers.set('x-catalog-source', source);
  return out;
}

/**
 * `/courses` and `/courses/{id}` while the build may be out of date: the static page when its
 * content is unchanged, else the variant that renders from the API, and 404 for a course that is
 * not published. Null lets the generic handling below answer (no manifest, shells, other paths).
 */
async function catalogPage(platform: Platform, path: string, request: Request): Promise<Response | null> {
  const list = /^\/courses\/?$/.test(path);
  const detail = /^\/courses\/([^/]+)\/?$/.exec(path);
  if (!list && !detail) return null;
  const id = detail?.[1];
  if (id === '_' || id === '_live') return null;
  const manifest = await catalogManifest(platform.assets, request);
  if (!manifest) return null;
  let current;
  try {
    current = await currentCatalogHashes(platform);
  } catch (err) {
    // The database is unreachable: the built pages are the best answer there is.
    console.error('Catalog freshness check failed', err);
    return null;
  }
  if (list) {
    const source = courseListSource(manifest, current);
    const res = await platform.assets(source === 'static' ? '/courses/' : COURSE_LIST_LIVE_PATH, request);
    return res ? withSource(res, source) : null;
  }
  const source = id !== undefined && /^[1-9][0-9]{0,15}$/.test(id) ? coursePageSource(manifest, current, id) : 'gone';
  if (source === 'gone') {
    const page = await platform.assets('/404.html', request);
    return page ? withSource(page, source, 404) : new Response('Not Found', { status: 404 });
  }
  const res = await platform.assets(source === 'static' ? `/courses/${id}/` : COURSE_SHELL_PATH, request);
  return res ? withSource(res, source) : null;
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
    return c.redirect(fillPattern(match.route.redirect, match.params) + url.search, 301);
  }

  const catalog = await catalogPage(c.get('platform'), path, c.req.raw);
  if (catalog) return catalog;

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
