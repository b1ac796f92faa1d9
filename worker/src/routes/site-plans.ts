import { Hono } from 'hono';
import { intervalOf, preselectedPlan } from '../../../site/src/lib/subscription-plans.ts';
import type { AppContext } from '../app-context.ts';
import { cachePublic } from '../http/public-cache.ts';
import type { AssetFetcher, Platform } from '../platform/context.ts';
import { loadPlans, parsePlansManifest, plansHash, PLANS_MANIFEST_PATH, type PlansManifest } from '../services/plans-page.ts';
import { htmlAnswer, renderCatalogPage, withSource } from './site.ts';

/**
 * `/subscription` (decision 0031), served like the store's front view (decisions 0020, 0021,
 * 0029): the built page while the database's plans are the build's, else the same page rendered
 * on the server from the current plans. `?tier=` (through the tier mapping, TIER_TO_PLAN) and `?interval=year` are
 * rendered with that plan highlighted and those prices shown; other parameters (`checkout=1`)
 * are for the page's script. The answer is the same for everyone and is kept in the public cache
 * under the `plans` version, which every write to subscription_plans moves. Null lets the
 * generic site handling answer (no renderer, the database unreachable: the built page).
 */

const manifests = new WeakMap<AssetFetcher, Promise<PlansManifest | null>>();

function plansManifest(assets: AssetFetcher, request: Request): Promise<PlansManifest | null> {
  let manifest = manifests.get(assets);
  if (!manifest) {
    const get = new Request(new URL(PLANS_MANIFEST_PATH, request.url), { method: 'GET' });
    manifest = assets(PLANS_MANIFEST_PATH, get)
      .then(async (res) => (res && res.ok ? parsePlansManifest(await res.json()) : null))
      .catch(() => null);
    manifests.set(assets, manifest);
  }
  return manifest;
}

export async function plansPage(platform: Platform, url: URL, request: Request): Promise<Response | null> {
  const preselect = preselectedPlan(url.searchParams.get('tier'));
  const interval = intervalOf(url.searchParams.get('interval'));
  const plans = await loadPlans(platform.db);
  const hash = await plansHash(plans);
  if (preselect === null && interval === 'month') {
    const manifest = await plansManifest(platform.assets, request);
    if (manifest?.hash === hash) {
      const res = await platform.assets('/subscription/', request);
      if (res) return withSource(res, 'static');
    }
  }
  if (!platform.renderer) return null;
  const key = `plans ${preselect ?? '-'} ${interval} ${hash}`;
  const html = await renderCatalogPage(platform.renderer, key, 'plans', new URL('/subscription', url), { plans, preselect, interval });
  return htmlAnswer(html, 'rendered');
}

/** Mounted before the generic site routes (app.ts): /subscription, or on to the next handler. */
export const sitePlansRoutes = new Hono<AppContext>().on(['GET', 'HEAD'], ['/subscription', '/subscription/'], async (c, next) => {
  let answer: Response | null;
  try {
    answer = await plansPage(c.get('platform'), new URL(c.req.url), c.req.raw);
  } catch (err) {
    // The database is unreachable: the built page is the best answer there is.
    console.error('Plans page failed', err);
    answer = null;
  }
  if (!answer) return next();
  if (answer.status === 200) cachePublic(c, 'plans');
  return answer;
});
