import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../../db/schema/subscriptions.ts';
import { createUser, signIn } from '../../../tests/support/factories.ts';
import { root } from '../../../tests/support/paths.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createDiskAssets } from '../platform/disk-assets.ts';
import { loadNodePageRenderer, NODE_PAGE_RENDERER } from '../platform/node-page-renderer.ts';
import type { PageRenderer } from '../platform/page-renderer.ts';
import { loadPlans, plansHash } from '../services/plans-page.ts';

/**
 * /subscription after the build (decision 0031), as site-store.test.ts does for the store: the built
 * page while the plans are the build's, the page rendered from the database once an admin changed
 * a plan (no rebuild), `?tier=` and `?interval=` rendered with their plan and period, and the
 * public cache under the `plans` version. A stand-in renderer names what it was given; the last
 * part renders with the build's real renderer (skipped without `npm run build`).
 */

let t: TestApp;
const renders: string[] = [];
const renderer: PageRenderer = {
  async render(name, request, data) {
    const url = new URL(request.url);
    renders.push(`${name} ${url.pathname}${url.search}`);
    const shown = 'plans' in data ? `${data.plans.map((p) => `${p.key} ${p.monthly_price_cents}/${p.yearly_price_cents}`).join(', ')}; preselect ${data.preselect}; ${data.interval}` : '';
    return new Response(`Rendered ${name} at ${url.pathname}: ${shown}`, { headers: { 'content-type': 'text/html' } });
  },
};

function write(site: string, path: string, body: string) {
  const file = resolve(site, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await t.request(path, { headers });
  return { status: res.status, source: res.headers.get('x-catalog-source'), etag: res.headers.get('etag'), text: await res.text() };
}

const setPremium = (monthlyPriceCents: number, yearlyPriceCents: number) => t.db.update(subscriptionPlans).set({ monthlyPriceCents, yearlyPriceCents }).where(eq(subscriptionPlans.key, 'premium'));

beforeAll(async () => {
  t = await createTestApp();
  // The build as it was: the page and the hash of the plans it showed.
  const site = resolve(t.dir, 'site');
  write(site, '404.html', '<h1>Not found</h1>');
  write(site, 'subscription/index.html', 'Static plans');
  write(site, 'plans-manifest.json', JSON.stringify({ version: 1, hash: await plansHash(await loadPlans(t.db)) }));
  t.platform.assets = createDiskAssets(site);
  t.platform.renderer = renderer;
});
afterAll(() => t.close());

describe('/subscription after the build', () => {
  it('serves the built page while the plans are the build’s', async () => {
    expect(await page('/subscription')).toMatchObject({ status: 200, source: 'static', text: 'Static plans' });
    expect(await page('/subscription/')).toMatchObject({ status: 200, source: 'static', text: 'Static plans' });
    // A write that changes nothing the page shows (the Stripe ids) moves the version, not the page.
    await t.db.update(subscriptionPlans).set({ stripeProductId: 'prod_x' }).where(eq(subscriptionPlans.key, 'royalty'));
    expect(await page('/subscription')).toMatchObject({ status: 200, source: 'static' });
    expect(renders).toEqual([]);
  });

  it('renders ?tier= through the tier mapping (NOBILITY is Educator) and ?interval=year, with the build’s plans', async () => {
    expect(await page('/subscription?tier=NOBILITY')).toMatchObject({
      status: 200,
      source: 'rendered',
      text: 'Rendered plans at /subscription: free 0/0, educator 2900/29000, premium 7900/79000, royalty 19900/199000; preselect educator; month',
    });
    expect((await page('/subscription?tier=premium&interval=year')).text).toMatch(/preselect premium; year$/);
    // Back from sign-in: the page is the same, the script reads checkout=1.
    expect((await page('/subscription?tier=royalty&interval=year&checkout=1')).text).toMatch(/preselect royalty; year$/);
    // Nothing to preselect, monthly: the built page is that page.
    expect(await page('/subscription?interval=weekly&tier=')).toMatchObject({ status: 200, source: 'static' });
  });

  it('shows an admin’s price change and a plan taken off sale on the next request, without a rebuild', async () => {
    await setPremium(8900, 89000);
    const changed = await page('/subscription');
    expect(changed).toMatchObject({ status: 200, source: 'rendered' });
    expect(changed.text).toContain('premium 8900/89000');
    await t.db.update(subscriptionPlans).set({ active: false }).where(eq(subscriptionPlans.key, 'royalty'));
    expect((await page('/subscription')).text).toBe('Rendered plans at /subscription: free 0/0, educator 2900/29000, premium 8900/89000; preselect null; month');
    // Put back as built: the built page again.
    await t.db.update(subscriptionPlans).set({ active: true }).where(eq(subscriptionPlans.key, 'royalty'));
    await setPremium(7900, 79000);
    expect(await page('/subscription')).toMatchObject({ source: 'static', text: 'Static plans' });
  });

  it('is one public answer for everyone under the plans version: revalidated by ETag until a plan changes', async () => {
    const first = await t.request('/subscription?tier=educator');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toContain('public');
    expect((await t.request('/subscription?tier=educator', { headers: { 'if-none-match': etag! } })).status).toBe(304);
    await setPremium(7500, 75000);
    const after = await t.request('/subscription?tier=educator', { headers: { 'if-none-match': etag! } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('premium 7500/75000');
    await setPremium(7900, 79000);
  });

  it('gives a signed-in visitor the same page (their buttons come from the script)', async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.db, user.id);
    const res = await t.request('/subscription?tier=premium', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/preselect premium; month$/);
  });
});

const built = existsSync(resolve(root, NODE_PAGE_RENDERER));

describe.skipIf(!built)('/subscription rendered with the site components', () => {
  it('shows the four cards with both prices, the highlighted plan, the toggle, the trial line, the comparison and the FAQ', async () => {
    t.platform.renderer = await loadNodePageRenderer(root);
    await setPremium(8900, 89000);
    try {
      const res = await t.request('/subscription?tier=IMPERIAL&interval=year');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1 id="plans-title">Plans &amp; Pricing</h1>');
      expect(html).toMatch(/<li class="plan-card" data-plan="premium"[^>]*data-highlighted/);
      expect(html).not.toMatch(/<li class="plan-card" data-plan="educator"[^>]*data-highlighted/);
      expect(html).toMatch(/<input type="radio" name="plans-interval" value="year" checked/);
      expect(html).toContain('Save 25%');
      expect(html).toContain('$89</span>');
      expect(html).toContain('$890</span>');
      expect(html).toContain('Save $178 a year (17%)');
      expect(html).toContain('All plans include 14-day free trial • Cancel anytime • Secure payment with a card payment provider');
      expect(html).toContain('Compare the plans');
      expect(html).toContain('What happens when I cancel?');
      // The guest's button for the yearly period the address asked for.
      expect(html).toContain(`href="/auth?redirect=${encodeURIComponent('/subscription?tier=premium&interval=year&checkout=1')}"`);
    } finally {
      await setPremium(7900, 79000);
      t.platform.renderer = renderer;
    }
  });
});
