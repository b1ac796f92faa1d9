import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { cachePublic } from '../http/public-cache.ts';
import type { AssetFetcher, Platform } from '../platform/context.ts';
import { connectHash, CONNECT_MANIFEST_PATH, loadConnectPage, parseConnectManifest, type ConnectManifest } from '../services/connect/connect-page.ts';
import { directoryPageOf, directoryPageSearch, isDefaultDirectoryQuery, parseDirectoryParams } from '../../../shared/connect/directory-search.ts';
import { htmlAnswer, renderCatalogPage, withSource } from './site.ts';

/**
 * `/connect`, `/connect-updated` and `/connect-old` (decision 0032: one page, three addresses,
 * each built; the page names /connect as canonical), served like /subscription and the store's
 * front view (decisions 0020, 0021, 0029): the built page while the published profiles hash as
 * the build's, else the same page rendered on the server from current data. A query (the
 * filters' form sent without JavaScript, a page link) is rendered with its filters applied, one
 * page of the matches (decision 0072). The answer is the same for everyone and is kept in the
 * public cache under the `connect` version, which every write to the profile tables, styles,
 * reviews and an instructor's user row moves. Null lets the generic site handling answer (no
 * renderer, the database unreachable: the built page).
 */

const manifests = new WeakMap<AssetFetcher, Promise<ConnectManifest | null>>();

function connectManifest(assets: AssetFetcher, request: Request): Promise<ConnectManifest | null> {
  let manifest = manifests.get(assets);
  if (!manifest) {
    const get = new Request(new URL(CONNECT_MANIFEST_PATH, request.url), { method: 'GET' });
    manifest = assets(CONNECT_MANIFEST_PATH, get)
      .then(async (res) => (res && res.ok ? parseConnectManifest(await res.json()) : null))
      .catch(() => null);
    manifests.set(assets, manifest);
  }
  return manifest;
}

export async function connectPage(platform: Platform, url: URL, request: Request): Promise<Response | null> {
  const path = url.pathname.replace(/\/$/, '');
  const { query, problems } = parseDirectoryParams(url.searchParams);
  const shown = directoryPageOf(url.searchParams);
  const page = await loadConnectPage(platform.db, query, problems, shown);
  const hash = await connectHash(page);
  const plain = isDefaultDirectoryQuery(query) && problems.length === 0 && shown === 1;
  if (plain) {
    const manifest = await connectManifest(platform.assets, request);
    if (manifest?.hash === hash) {
      const res = await platform.assets(`${path}/`, request);
      if (res) return withSource(res, 'static');
    }
  }
  if (!platform.renderer) return null;
  const search = plain ? '' : `${directoryPageSearch(query, shown)} ${problems.join('|')}`;
  const key = `connect ${path} ${hash} ${search}`;
  const html = await renderCatalogPage(platform.renderer, key, 'connect', new URL(path, url), page);
  return htmlAnswer(html, 'rendered');
}

/** Mounted before the generic site routes (app.ts): the three addresses, or on to the next handler. */
export const siteConnectRoutes = new Hono<AppContext>().on(
  ['GET', 'HEAD'],
  ['/connect', '/connect/', '/connect-updated', '/connect-updated/', '/connect-old', '/connect-old/'],
  async (c, next) => {
    let answer: Response | null;
    try {
      answer = await connectPage(c.get('platform'), new URL(c.req.url), c.req.raw);
    } catch (err) {
      // The database is unreachable: the built page is the best answer there is.
      console.error('Connect directory page failed', err);
      answer = null;
    }
    if (!answer) return next();
    if (answer.status === 200) cachePublic(c, 'connect');
    return answer;
  },
);
