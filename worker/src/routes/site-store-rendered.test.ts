import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceCategories, resourceFiles, resourceReviews, resources } from '../../../db/schema/index.ts';
import { createReview, createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { root } from '../../../tests/support/paths.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { createDiskAssets } from '../platform/disk-assets.ts';
import { loadNodePageRenderer, NODE_PAGE_RENDERER } from '../platform/node-page-renderer.ts';
import { loadStoreBuild } from '../services/store-page-data.ts';

/**
 * The store's pages rendered by the server with the build's real renderer (the site's Astro
 * components, decision 0020): what a visitor reads on /curriculum, a resource's page and a
 * storefront once the store changed after the build. Needs `npm run build`; skipped without it.
 */
const built = existsSync(resolve(root, NODE_PAGE_RENDERER));

let t: TestApp;
let sellerId: number;
let planId: number;
let freeId: number;
let categoryId: number;

function write(site: string, path: string, body: string) {
  const file = resolve(site, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

beforeAll(async () => {
  if (!built) return;
  t = await createTestApp();
  const seller = await createSeller(t.db, { storeName: 'Plié & Co', firstName: 'Nadia', lastName: 'Ferreira', bio: 'Ballet plans for young dancers.' });
  sellerId = seller.user.id;
  const [category] = await t.db.insert(resourceCategories).values({ name: 'Lesson Plans' }).returning();
  categoryId = category!.id;
  planId = (
    await createResource(t.db, sellerId, {
      title: 'Pre-ballet year plan',
      description: 'A **whole year** of pre-ballet classes.\n\n- 36 weeks\n- music lists',
      danceStyle: 'Ballet',
      ageGroup: 'Children (5-8)',
      level: 'Beginner',
      categoryId,
      priceCents: 2900,
      coverImageUrl: '/uploads/resources/cover.png',
      featured: true,
    })
  ).id;
  freeId = (await createResource(t.db, sellerId, { title: 'Tap warm-up cards', danceStyle: 'Tap', ageGroup: 'Teen (13-17)', level: 'Mixed Levels', priceCents: 0 })).id;
  await t.db.insert(resourceFiles).values([
    { resourceId: planId, storageKey: `private/resources/${planId}-1`, originalName: 'year-plan.pdf', mimetype: 'application/pdf', size: 2_244_000, pageCount: 12, position: 0 },
    { resourceId: planId, storageKey: `private/resources/${planId}-2`, originalName: 'music.csv', mimetype: 'text/csv', size: 3_000, position: 1 },
  ]);
  const reviewer = await createReview(t.db, planId, 4, 'Clear and lovely.\nMy five-year-olds loved the story dances.');
  await t.db.update(resourceReviews).set({ sellerReply: 'Thank you!', repliedAt: new Date().toISOString() }).where(eq(resourceReviews.userId, reviewer.id));
  // The build as it was: the store's pages and manifest, from the store before the changes below.
  const build = await loadStoreBuild(t.db);
  const site = resolve(t.dir, 'site');
  write(site, '404.html', '<h1>Not found</h1>');
  write(site, 'curriculum/index.html', 'Static store');
  for (const p of build.resources) write(site, `curriculum/${p.resource.id}/index.html`, `Static page of ${p.resource.title}`);
  write(site, 'store-manifest.json', JSON.stringify(build.manifest));
  t.platform.assets = createDiskAssets(site);
  t.platform.renderer = await loadNodePageRenderer(root);
});
afterAll(() => t?.close());

async function html(path: string) {
  const res = await t.request(path);
  return { status: res.status, source: res.headers.get('x-catalog-source'), text: await res.text() };
}

describe.skipIf(!built)('store pages rendered on the server from the site components', () => {
  it("renders a changed resource page: cover, files, seller, reviews with the reply, and a buy box that is the visitor's", async () => {
    await t.db.update(resources).set({ priceCents: 3100 }).where(eq(resources.id, planId));
    const page = await html(`/curriculum/${planId}`);
    expect(page).toMatchObject({ status: 200, source: 'rendered' });
    expect(page.text).toMatch(/^<!DOCTYPE html>/i);
    expect(page.text).toContain('<title>Pre-ballet year plan · DRX</title>');
    expect(page.text).toContain('<h1>Pre-ballet year plan</h1>');
    expect(page.text).toContain('$31.00');
    expect(page.text).not.toContain('$29.00');
    expect(page.text).toContain('<strong>whole year</strong>');
    expect(page.text).toContain('year-plan.pdf');
    expect(page.text).toContain('PDF · 2.1 MB · 12 pages');
    expect(page.text).toContain('music.csv');
    expect(page.text).toContain(`href="/sellers/${sellerId}">Plié &amp; Co</a>`);
    expect(page.text).toContain('by Nadia Ferreira');
    expect(page.text).toContain('Reply from Plié &amp; Co');
    expect(page.text).toContain('Thank you!');
    expect(page.text).toContain('aria-label="Rated 4.0 out of 5 from 1 review"');
    // The cover with its fallback image (shown when the cover fails to load), and the paid buy box.
    expect(page.text).toMatch(/<img src="\/uploads\/resources\/cover\.png" alt="Cover of Pre-ballet year plan"[^>]*data-fallback="\/images\/default-resource\.jpg"/);
    expect(page.text).toContain('data-add-to-cart');
    expect(page.text).toContain('2 files · download after purchase');
    // Nothing personal: the review form is there for the island, hidden.
    expect(page.text).toMatch(/<section class="review-form"[^>]*hidden/);
    expect(page.text).toMatch(/<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
    expect(page.text).toMatch(/<\/script><\/body><\/html>$/);
  });

  it('renders a free resource with Download leading to sign in and back', async () => {
    await t.db.update(resources).set({ title: 'Tap warm-up cards (new)' }).where(eq(resources.id, freeId));
    const page = await html(`/curriculum/${freeId}`);
    expect(page).toMatchObject({ status: 200, source: 'rendered' });
    expect(page.text).toContain(`href="/auth?redirect=%2Fcurriculum%2F${freeId}" data-buy-download>Download</a>`);
    expect(page.text).toContain('Free');
    expect(page.text).toContain('No reviews yet');
    // No cover: the default resource image.
    expect(page.text).toMatch(/<img src="\/images\/default-resource\.jpg" alt[ >]/);
  });

  it('renders /curriculum with the featured row, the cards, the facets with counts, and a filtered view with its chips', async () => {
    const list = await html('/curriculum');
    expect(list).toMatchObject({ status: 200, source: 'rendered' });
    expect(list.text).toContain('<h1>Curriculum store</h1>');
    expect(list.text).toContain('2 resources');
    expect(list.text).toContain('Featured</h2>');
    expect(list.text).toContain(`href="/curriculum/${planId}">Pre-ballet year plan</a>`);
    expect(list.text).toContain(`by <a href="/sellers/${sellerId}">Plié &amp; Co</a>`);
    expect(list.text).toMatch(/<option value="ballet">\s*Ballet \(1\)\s*<\/option>/);
    expect(list.text).toMatch(/<option value="jazz" disabled>\s*Jazz \(0\)\s*<\/option>/);
    expect(list.text).toMatch(new RegExp(`<option value="${categoryId}">\\s*Lesson Plans \\(1\\)\\s*</option>`));

    const view = await html('/curriculum?style=tap&age_group=teen-13-17');
    expect(view.status).toBe(200);
    expect(view.text).toContain('1 resource matches your search');
    expect(view.text).toMatch(/<option value="tap" selected>/);
    expect(view.text).toContain('aria-label="Remove filter Style: Tap"');
    expect(view.text).toContain('href="/curriculum?age_group=teen-13-17"');
    expect(view.text).not.toContain('Featured</h2>');
    expect(view.text).toContain('Tap warm-up cards');
    expect(view.text).not.toContain(`href="/curriculum/${planId}"`);

    const none = await html('/curriculum?style=swing');
    expect(none.text).toContain('No resources match your filters.');
    expect(none.text).toContain('href="/curriculum" data-store-link>Clear filters</a>');
  });

  it("renders a seller's storefront", async () => {
    const page = await html(`/seller-store/${sellerId}`);
    expect(page).toMatchObject({ status: 200, source: 'rendered' });
    expect(page.text).toContain('<h1>Plié &amp; Co</h1>');
    expect(page.text).toContain('Ballet plans for young dancers.');
    expect(page.text).toContain('2 resources');
    expect(page.text).toContain(`href="/curriculum/${freeId}"`);
    expect(page.text).toMatch(/<img src="\/images\/default-seller\.png" alt="Logo of Plié &amp; Co"/);
  });
});
