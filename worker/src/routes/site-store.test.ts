import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceFiles, resources, sellerProfiles, users } from '../../../db/schema/index.ts';
import { createUser, signIn } from '../../../tests/support/factories.ts';
import { createReview, createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createDiskAssets } from '../platform/disk-assets.ts';
import type { PageRenderer } from '../platform/page-renderer.ts';
import { loadStoreBuild } from '../services/store-page-data.ts';

/**
 * The store's pages after the build (decision 0029), as site-catalog.test.ts does for the courses:
 * the built pages while nothing they show changed, pages rendered from current data once it did
 * (no rebuild), 404 for what is not public, the redirects, and the public cache's answers. The
 * renderer stands in for the build's (site-store-rendered.test.ts uses the real one): it names
 * the page, its address and what it shows.
 */

let t: TestApp;
let seller: Awaited<ReturnType<typeof createSeller>>;
let published: number;
let other: number;
/** Another seller's resource: nothing it shows changes in these tests. */
let elsewhere: number;

const renders: string[] = [];
const renderer: PageRenderer = {
  async render(name, request, data) {
    const url = new URL(request.url);
    renders.push(`${name} ${url.pathname}${url.search}`);
    let shown = '';
    if ('list' in data) shown = `${data.list.total} [${data.list.data.map((r) => `${r.title} ${r.price_cents}`).join(', ')}] featured [${data.featured.map((r) => r.title).join(', ')}] page ${data.list.page}`;
    else if ('resource' in data) shown = `${data.resource.title} ${data.resource.price_cents} files ${data.resource.files.map((f) => f.name).join(', ')} reviews ${data.reviews.rating_count}`;
    else if ('store' in data) shown = `${data.store.seller.store_name}: ${data.store.resources.map((r) => r.title).join(', ')}`;
    return new Response(`Rendered ${name} at ${url.pathname}${url.search}: ${shown}`, { headers: { 'content-type': 'text/html' } });
  },
};

function write(root: string, path: string, body: string) {
  const file = resolve(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await t.request(path, { headers });
  return { status: res.status, source: res.headers.get('x-catalog-source'), location: res.headers.get('location'), etag: res.headers.get('etag'), text: await res.text() };
}

/** "Builds" the site as astro build does for the store: the front view, a page per published resource and the manifest. */
beforeAll(async () => {
  t = await createTestApp();
  seller = await createSeller(t.db, { storeName: 'Studio Plans' });
  published = (await createResource(t.db, seller.user.id, { title: 'Barre basics', danceStyle: 'Ballet', ageGroup: 'Children (5-8)', priceCents: 1200 })).id;
  other = (await createResource(t.db, seller.user.id, { title: 'Tap ladders', danceStyle: 'Tap', ageGroup: 'Teen (13-17)', priceCents: 0, featured: true })).id;
  const second = await createSeller(t.db, { storeName: 'Ballroom Notes' });
  elsewhere = (await createResource(t.db, second.user.id, { title: 'Waltz box step', danceStyle: 'Ballroom', ageGroup: 'Senior (55+)', priceCents: 0 })).id;
  await t.db.insert(resourceFiles).values({ resourceId: published, storageKey: `private/resources/${published}-a`, originalName: 'barre.pdf', mimetype: 'application/pdf', size: 2048, pageCount: 3 });
  const build = await loadStoreBuild(t.db);
  const site = resolve(t.dir, 'site');
  write(site, '404.html', '<h1>Not found</h1>');
  write(site, 'curriculum/index.html', 'Static store');
  for (const p of build.resources) write(site, `curriculum/${p.resource.id}/index.html`, `Static page of ${p.resource.title}`);
  write(site, 'store-manifest.json', JSON.stringify(build.manifest));
  t.platform.assets = createDiskAssets(site);
  t.platform.renderer = renderer;
});
afterAll(() => t.close());

describe('the store pages after the build', () => {
  it('serves the built pages while nothing they show changed', async () => {
    expect(await page('/curriculum')).toMatchObject({ status: 200, source: 'static', text: 'Static store' });
    expect(await page('/curriculum/')).toMatchObject({ status: 200, source: 'static', text: 'Static store' });
    expect(await page(`/curriculum/${published}`)).toMatchObject({ status: 200, source: 'static', text: 'Static page of Barre basics' });
    // A download or a sale moves the store's version but changes nothing the pages show.
    await t.db.update(resources).set({ downloadCount: 7, salesCount: 3 }).where(eq(resources.id, published));
    expect(await page(`/curriculum/${published}/`)).toMatchObject({ status: 200, source: 'static', text: 'Static page of Barre basics' });
    expect(await page('/curriculum')).toMatchObject({ source: 'static' });
    expect(renders).toEqual([]);
  });

  it('shows a resource published after the build on /curriculum and its own page at once, without a rebuild', async () => {
    const fresh = (await createResource(t.db, seller.user.id, { title: 'Jazz walks', danceStyle: 'Jazz', status: 'submitted', priceCents: 900 })).id;
    expect(await page(`/curriculum/${fresh}`)).toMatchObject({ status: 404, source: 'gone', text: '<h1>Not found</h1>' });
    expect((await page('/curriculum')).text).toBe('Static store');

    await t.db.update(resources).set({ status: 'published', publishedAt: new Date().toISOString() }).where(eq(resources.id, fresh));
    const list = await page('/curriculum');
    expect(list).toMatchObject({ status: 200, source: 'rendered' });
    expect(list.text).toMatch(/^Rendered store-list at \/curriculum: 4 \[Jazz walks 900, /);
    expect(list.text).toContain('featured [Tap ladders]');
    expect(await page(`/curriculum/${fresh}`)).toMatchObject({ status: 200, source: 'rendered', text: `Rendered store-resource at /curriculum/${fresh}: Jazz walks 900 files  reviews 0` });
    // The seller's other pages show their resource count; another seller's page did not change: still the build's.
    expect(await page(`/curriculum/${published}`)).toMatchObject({ status: 200, source: 'rendered' });
    expect(await page(`/curriculum/${elsewhere}`)).toMatchObject({ status: 200, source: 'static', text: 'Static page of Waltz box step' });
  });

  it('renders a changed resource page with what changed, never the built one', async () => {
    await t.db.update(resources).set({ priceCents: 1500 }).where(eq(resources.id, published));
    await createReview(t.db, published, 5);
    const detail = await page(`/curriculum/${published}`);
    expect(detail).toMatchObject({ status: 200, source: 'rendered', text: `Rendered store-resource at /curriculum/${published}: Barre basics 1500 files barre.pdf reviews 1` });
  });

  it('shows a resource a curriculum admin approves through the API on the very next request, and 404s it once archived', async () => {
    const reviewer = await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const token = await signIn(t.db, reviewer.id);
    const submitted = (await createResource(t.db, seller.user.id, { title: 'Approved later', status: 'submitted', submittedAt: new Date().toISOString() })).id;
    await t.db.insert(resourceFiles).values({ resourceId: submitted, storageKey: `private/resources/${submitted}-a`, originalName: 'plan.pdf', mimetype: 'application/pdf', size: 1024, pageCount: 1 });
    expect(await page(`/curriculum/${submitted}`)).toMatchObject({ status: 404 });

    const approved = await t.json('POST', `/api/resources/${submitted}/approve`, {}, token);
    expect(approved.status).toBe(200);
    expect(await page(`/curriculum/${submitted}`)).toMatchObject({ status: 200, source: 'rendered', text: expect.stringContaining('Approved later 1200 files plan.pdf') });
    expect((await page('/curriculum')).text).toContain('Approved later 1200');

    const archived = await t.json('POST', `/api/resources/${submitted}/archive`, {}, token);
    expect(archived.status).toBe(200);
    expect(await page(`/curriculum/${submitted}`)).toMatchObject({ status: 404, source: 'gone' });
    expect((await page('/curriculum')).text).not.toContain('Approved later');
  });

  it('answers 404 for a resource that is not public: draft, submitted, rejected, archived, a suspended seller’s, unknown, malformed', async () => {
    for (const status of ['draft', 'submitted', 'rejected', 'archived'] as const) {
      const id = (await createResource(t.db, seller.user.id, { title: `Not public ${status}`, status })).id;
      expect(await page(`/curriculum/${id}`), status).toMatchObject({ status: 404, source: 'gone', text: '<h1>Not found</h1>' });
      expect((await page('/curriculum')).text).not.toContain(`Not public ${status}`);
    }
    expect(await page('/curriculum/999999')).toMatchObject({ status: 404, source: 'gone' });
    expect(await page('/curriculum/abc')).toMatchObject({ status: 404 });
    expect(await page('/curriculum/007')).toMatchObject({ status: 404 });

    const suspended = await createSeller(t.db, { storeName: 'Gone Studio' });
    const theirs = (await createResource(t.db, suspended.user.id, { title: 'Suspended plan' })).id;
    expect(await page(`/curriculum/${theirs}`)).toMatchObject({ status: 200 });
    await t.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, suspended.user.id));
    expect(await page(`/curriculum/${theirs}`)).toMatchObject({ status: 404, source: 'gone' });
    expect((await page('/curriculum')).text).not.toContain('Suspended plan');
    expect(await page(`/sellers/${suspended.user.id}`)).toMatchObject({ status: 404 });
  });

  it('renders every other view of the list on the server, at its one address', async () => {
    renders.length = 0;
    const view = await page('/curriculum?style=tap&age_group=teen-13-17');
    expect(view).toMatchObject({ status: 200, source: 'rendered', text: 'Rendered store-list at /curriculum?style=tap&age_group=teen-13-17: 1 [Tap ladders 0] featured [] page 1' });
    expect((await page('/curriculum?price=paid&sort=price_desc')).text).toMatch(/: 2 \[Barre basics 1500, Jazz walks 900\] featured \[\] page 1$/);
    // A page past the end shows the last page.
    expect((await page('/curriculum?page=40')).text).toMatch(/page 1$/);
    // Other spellings of a view go to its one address.
    for (const [from, to] of [
      ['/curriculum?age_group=Teen%20(13-17)&style=Tap', '/curriculum?style=tap&age_group=teen-13-17'],
      ['/curriculum?q=&style=&sort=newest&page=1', '/curriculum'],
      ['/curriculum?utm_source=mail&level=beginner', '/curriculum?level=beginner'],
      ['/curriculum?style=waltz', '/curriculum'],
    ]) {
      expect(await page(from!), from).toMatchObject({ status: 301, location: to });
    }
    expect(renders.filter((r) => r.includes('style=tap'))).toHaveLength(1);
  });

  it("renders a seller's storefront at both addresses, and 404 for anyone who is not an approved seller", async () => {
    const store = await page(`/sellers/${seller.user.id}`);
    expect(store).toMatchObject({ status: 200, source: 'rendered' });
    expect(store.text).toMatch(new RegExp(`^Rendered seller-store at /sellers/${seller.user.id}: Studio Plans: .*Barre basics`));
    expect(await page(`/seller-store/${seller.user.id}/`)).toMatchObject({ status: 200, text: expect.stringMatching(new RegExp(`^Rendered seller-store at /seller-store/${seller.user.id}: Studio Plans`)) });
    // A new store name shows on the next request.
    await t.db.update(sellerProfiles).set({ storeName: 'Studio Plans & Co' }).where(eq(sellerProfiles.userId, seller.user.id));
    expect((await page(`/sellers/${seller.user.id}`)).text).toContain('Studio Plans & Co:');

    const pending = await createSeller(t.db, { status: 'pending' });
    expect(await page(`/sellers/${pending.user.id}`)).toMatchObject({ status: 404, source: 'gone' });
    const inactive = await createSeller(t.db);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
    expect(await page(`/seller-store/${inactive.user.id}`)).toMatchObject({ status: 404 });
    expect(await page('/sellers/0')).toMatchObject({ status: 404 });
    expect(await page('/sellers/abc')).toMatchObject({ status: 404 });
  });

  it('redirects /resources and /resources/{id} to the curriculum, on the server', async () => {
    expect(await page('/resources')).toMatchObject({ status: 301, location: '/curriculum' });
    expect(await page(`/resources/${published}`)).toMatchObject({ status: 301, location: `/curriculum/${published}` });
    expect(await page('/resources?style=tap')).toMatchObject({ status: 301, location: '/curriculum?style=tap' });
  });

  it('answers from the public cache: an ETag, then 304 while the store is unchanged, a new page once it changed', async () => {
    const first = await page(`/curriculum/${other}`);
    expect(first.status).toBe(200);
    expect(first.etag).toBeTruthy();
    const again = await t.request(`/curriculum/${other}`, { headers: { 'if-none-match': first.etag! } });
    expect(again.status).toBe(304);
    await t.db.update(resources).set({ title: 'Tap ladders, revised' }).where(eq(resources.id, other));
    const changed = await t.request(`/curriculum/${other}`, { headers: { 'if-none-match': first.etag! } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Tap ladders, revised');
  });

  it('answers HEAD like GET', async () => {
    expect((await t.request(`/curriculum/${published}`, { method: 'HEAD' })).status).toBe(200);
    expect((await t.request('/curriculum/999999', { method: 'HEAD' })).status).toBe(404);
  });

  it('leaves the edit page of a resource to the generic site handling', async () => {
    const res = await page(`/curriculum/${published}/edit`);
    expect(res.source).toBeNull();
  });
});
