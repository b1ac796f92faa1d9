import { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/errors.ts';
import { generateOpenApi } from '../openapi/generate.ts';
import { contentSecurityPolicyFor } from './site.ts';

/** The built page of the interactive reference (site/src/pages/api/docs.astro). */
export const API_DOCS_PAGE = '/api/docs/';

interface Described {
  json: string;
  etag: string;
}

/** The description of a route list, made once per list (the app's routes do not change once built). */
const described = new WeakMap<readonly RouterRoute[], Promise<Described>>();

async function describe(routes: readonly RouterRoute[]): Promise<Described> {
  let made = described.get(routes);
  if (!made) {
    made = (async () => {
      const json = JSON.stringify(await generateOpenApi(routes));
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json));
      const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
      return { json, etag: `"${hex}"` };
    })();
    made.catch(() => described.delete(routes));
    described.set(routes, made);
  }
  return made;
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of the API, public like the API's surface
 * itself (it holds no data; each operation says which permission it requires), with an ETag.
 * GET /api/docs: the interactive reference, a built page of the site served here with the page
 * policy of its own inline blocks. `routes` reads the app's route list when asked (decision 0033).
 */
export function openApiRoutes(routes: () => readonly RouterRoute[]) {
  return new Hono<AppContext>()
    .get('/openapi.json', async (c) => {
      const { json, etag } = await describe(routes());
      c.header('etag', etag);
      c.header('cache-control', 'public, max-age=300');
      const held = c.req.header('if-none-match');
      if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304);
      return c.body(json, 200, { 'content-type': 'application/json; charset=utf-8' });
    })
    .get('/docs', async (c) => {
      const platform = c.get('platform');
      const page = await platform.assets(API_DOCS_PAGE, c.req.raw);
      if (!page || !page.ok) throw new AppError(404, 'Not found');
      const res = new Response(page.body, { status: 200, headers: page.headers });
      res.headers.set('content-type', 'text/html; charset=utf-8');
      // The page policy with this page's inline hashes: asked as the site path it is built at,
      // since every other answer under /api/ keeps the strict API policy.
      const asPage = new Request(new URL('/api-docs-page', c.req.url), { method: 'GET' });
      // (Worked out before touching the headers: on Node, reading the body for the hashes makes the
      // answer anew, and a headers object taken before that would no longer be the answer's.)
      const policy = await contentSecurityPolicyFor(platform, asPage, res);
      res.headers.set('content-security-policy', policy);
      return res;
    });
}
