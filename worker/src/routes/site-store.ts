import { Hono } from 'hono';
import { isDefaultStoreQuery, parseStoreQuery, storeSearch } from '../../../shared/store-query.ts';
import type { AppContext } from '../app-context.ts';
import { cachePublic } from '../http/public-cache.ts';
import type { AssetFetcher, Platform } from '../platform/context.ts';
import { loadSellerStorePage, loadStoreListPage, loadStoreResourcePage } from '../services/store-page-data.ts';
import { parseStoreManifest, STORE_MANIFEST_PATH, storefrontHash, storeListHash, storePageSource, storeResourceHash, type StoreManifest } from '../services/store-page-hashes.ts';
import { builtPage, htmlAnswer, notFoundPage, renderCatalogPage } from './site.ts';

/**
 * The curriculum store's public pages (decision 0029), served like the course catalog (decisions
 * 0007, 0020, 0021):
 * - `/curriculum`: the built page while the front view's content is the build's, else the page
 *   rendered on the server from current data. Every other view (`?q=&style=&age_group=&level=
 *   &category=&price=&sort=&page=`) is rendered on the server; an address that is not the view's
 *   one address (defaults spelled out, names instead of slugs, unknown parameters) is redirected
 *   to it, so one view is one entry of the public cache.
 * - `/curriculum/{id}`: the built page while unchanged, else rendered; 404 for a resource that is
 *   not public (draft, submitted, rejected, archived, a suspended seller's, unknown).
 * - `/sellers/{id}` and `/seller-store/{id}` (the same page): rendered; 404 for no approved seller.
 * Every answer is the same for everyone and is kept in the public cache under the `store`
 * version. Null lets the generic site handling answer (no build manifest, no renderer, the
 * database unreachable: the built files are the best answer there is).
 */

const ID = /^[1-9][0-9]{0,15}$/;

const manifests = new WeakMap<AssetFetcher, Promise<StoreManifest | null>>();

/** The build's store manifest, read once per site (the build does not change while serving). */
function storeManifest(assets: AssetFetcher, request: Request): Promise<StoreManifest | null> {
  let manifest = manifests.get(assets);
  if (!manifest) {
    const get = new Request(new URL(STORE_MANIFEST_PATH, request.url), { method: 'GET' });
    manifest = assets(STORE_MANIFEST_PATH, get)
      .then(async (res) => (res && res.ok ? parseStoreManifest(await res.json()) : null))
      .catch(() => null);
    manifests.set(assets, manifest);
  }
  return manifest;
}

async function listPage(platform: Platform, url: URL, request: Request): Promise<Response | null> {
  const query = parseStoreQuery(url.searchParams);
  const canonical = storeSearch(query);
  if (url.search !== canonical) {
    return new Response(null, { status: 301, headers: { location: `/curriculum${canonical}` } });
  }
  const page = await loadStoreListPage(platform.db, query);
  const hash = await storeListHash(page);
  if (isDefaultStoreQuery(query)) {
    const manifest = await storeManifest(platform.assets, request);
    if (manifest && storePageSource(manifest.list, hash) === 'static') return builtPage(platform, request, '/curriculum/', 'static');
  }
  if (!platform.renderer) return builtPage(platform, request, '/curriculum/', 'stale');
  const html = await renderCatalogPage(platform.renderer, `store-list ${canonical} ${hash}`, 'store-list', new URL(`/curriculum${canonical}`, url), page);
  return htmlAnswer(html, 'rendered');
}

async function resourcePage(platform: Platform, url: URL, request: Request, id: string): Promise<Response | null> {
  const page = ID.test(id) ? await loadStoreResourcePage(platform.db, Number(id)) : null;
  if (!page) return notFoundPage(platform, request, 'gone');
  const hash = await storeResourceHash(page);
  const manifest = await storeManifest(platform.assets, request);
  const built = manifest && Object.hasOwn(manifest.resources, id) ? manifest.resources[id] : undefined;
  if (built !== undefined && storePageSource(built, hash) === 'static') return builtPage(platform, request, `/curriculum/${id}/`, 'static');
  if (!platform.renderer) return built !== undefined ? builtPage(platform, request, `/curriculum/${id}/`, 'stale') : null;
  const html = await renderCatalogPage(platform.renderer, `store-resource ${id} ${hash}`, 'store-resource', new URL(`/curriculum/${id}`, url), page);
  return htmlAnswer(html, 'rendered');
}

async function sellerPage(platform: Platform, url: URL, request: Request, base: string, id: string): Promise<Response | null> {
  if (!platform.renderer) return null;
  const page = ID.test(id) ? await loadSellerStorePage(platform.db, Number(id)) : null;
  if (!page) return notFoundPage(platform, request, 'gone');
  const hash = await storefrontHash(page);
  const html = await renderCatalogPage(platform.renderer, `seller-store ${base} ${id} ${hash}`, 'seller-store', new URL(`/${base}/${id}`, url), page);
  return htmlAnswer(html, 'rendered');
}

/** The store's page for a path, or null when it is not one of them (or the generic handling should answer). */
export async function storePage(platform: Platform, url: URL, request: Request): Promise<Response | null> {
  const path = url.pathname;
  try {
    if (/^\/curriculum\/?$/.test(path)) return await listPage(platform, url, request);
    const resource = /^\/curriculum\/([^/]+)\/?$/.exec(path);
    if (resource) return await resourcePage(platform, url, request, resource[1]!);
    const seller = /^\/(sellers|seller-store)\/([^/]+)\/?$/.exec(path);
    if (seller) return await sellerPage(platform, url, request, seller[1]!, seller[2]!);
  } catch (err) {
    // The database is unreachable: the built pages (when there are any) are the best answer there is.
    console.error('Store page failed', err);
    return null;
  }
  return null;
}

/** Mounted before the generic site routes (app.ts): the store's pages, or on to the next handler. */
export const siteStoreRoutes = new Hono<AppContext>().on(['GET', 'HEAD'], ['/curriculum', '/curriculum/*', '/sellers/*', '/seller-store/*'], async (c, next) => {
  const answer = await storePage(c.get('platform'), new URL(c.req.url), c.req.raw);
  if (!answer) return next();
  // Built or rendered, the same bytes for everyone until the store changes (decision 0021).
  if (answer.status === 200 || answer.status === 404) cachePublic(c, 'store');
  return answer;
});
