import { Hono } from 'hono';
import { fillPattern, isDynamic, matchRoute, shellPath } from '../../../site/src/routes.ts';
import type { AppContext } from '../app-context.ts';

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
