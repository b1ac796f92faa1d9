import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfiles } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { getPublicResource, getResourceDetail, listAllResources, listFeaturedResources, listPublicResources, listResourceCategories, storeFacets } from '../../worker/src/services/store/resource-reads.ts';
import { listResourceReviews } from '../../worker/src/services/store/review-reads.ts';
import { createReview } from '../support/seller-factories.ts';
import { makeResource, makeResourceCategory, makeResourceFile, makeSeller } from '../support/store-factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The store's read functions (decision 0029) as the pages call them: only published resources of
 * approved sellers are public; filters, search, sorts, paging and facets; the detail with files,
 * the seller's card and rendered markdown; the categories and the reviews.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the public store', () => {
  it('lists only published resources of approved, active sellers', async () => {
    const seller = await makeSeller(t.db);
    const suspended = await makeSeller(t.db, { status: 'suspended' });
    const word = `Zebra${Date.now()}`;
    const published = await makeResource(t.db, { sellerId: seller.user.id, title: `${word} published` });
    await makeResource(t.db, { sellerId: seller.user.id, title: `${word} draft`, status: 'draft' });
    await makeResource(t.db, { sellerId: seller.user.id, title: `${word} rejected`, status: 'rejected' });
    await makeResource(t.db, { sellerId: seller.user.id, title: `${word} submitted`, status: 'submitted' });
    await makeResource(t.db, { sellerId: suspended.user.id, title: `${word} of a suspended seller` });
    const list = await listPublicResources(t.db, { q: word });
    expect(list.data.map((r) => r.id)).toEqual([published.id]);
    expect(list.total).toBe(1);
    expect(await getPublicResource(t.db, published.id)).not.toBeNull();
    await t.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, seller.user.id));
    expect((await listPublicResources(t.db, { q: word })).total).toBe(0);
    expect(await getPublicResource(t.db, published.id)).toBeNull();
    expect(await getResourceDetail(t.db, published.id)).not.toBeNull();
  });

  it('answers every page by number in the list’s order, those past the middle read from the end', async () => {
    const seller = await makeSeller(t.db, { storeName: `Paging Studio ${Date.now()}` });
    // Ties on price, so the id decides the order within a price.
    for (const priceCents of [500, 0, 500, 900, 500, 0, 1200]) await makeResource(t.db, { sellerId: seller.user.id, priceCents });
    const mine = { seller: seller.user.id };
    for (const sort of ['newest', 'price_asc', 'price_desc', 'rating', 'best_selling'] as const) {
      const whole = (await listPublicResources(t.db, { ...mine, sort, page_size: 100 })).data.map((r) => r.id);
      expect(whole).toHaveLength(7);
      const pages = await Promise.all([1, 2, 3].map((page) => listPublicResources(t.db, { ...mine, sort, page, page_size: 3 })));
      expect(pages.flatMap((p) => p.data.map((r) => r.id)), sort).toEqual(whole);
      expect(pages.map((p) => p.total)).toEqual([7, 7, 7]);
      expect((await listPublicResources(t.db, { ...mine, sort, page: 4, page_size: 3 })).data).toEqual([]);
    }
  });

  it('filters by the facets, searches the store name, sorts and pages', async () => {
    const seller = await makeSeller(t.db, { storeName: `Quokka Studio ${Date.now()}` });
    const category = await makeResourceCategory(t.db);
    const a = await makeResource(t.db, { sellerId: seller.user.id, danceStyle: 'Jazz', ageGroup: 'Teen (13-17)', level: 'Advanced', priceCents: 0, categoryId: category.id });
    const b = await makeResource(t.db, { sellerId: seller.user.id, danceStyle: 'Jazz', ageGroup: 'Adult (18+)', level: 'Beginner', priceCents: 900, featured: true });
    const c = await makeResource(t.db, { sellerId: seller.user.id, danceStyle: 'Tap', ageGroup: 'Adult (18+)', level: 'Beginner', priceCents: 500 });
    const mine = { seller: seller.user.id };
    expect((await listPublicResources(t.db, { ...mine, style: 'Jazz', sort: 'price_asc' })).data.map((r) => r.id)).toEqual([a.id, b.id]);
    expect((await listPublicResources(t.db, { ...mine, price: 'free' })).data.map((r) => r.id)).toEqual([a.id]);
    expect((await listPublicResources(t.db, { ...mine, price: 'paid', sort: 'price_desc' })).data.map((r) => r.id)).toEqual([b.id, c.id]);
    expect((await listPublicResources(t.db, { ...mine, category: category.id })).data.map((r) => r.id)).toEqual([a.id]);
    expect((await listPublicResources(t.db, { ...mine, featured: true })).data.map((r) => r.id)).toEqual([b.id]);
    expect((await listPublicResources(t.db, { q: 'quokka studio', sort: 'price_asc' })).data.map((r) => r.id)).toEqual([a.id, c.id, b.id]);
    const page2 = await listPublicResources(t.db, { ...mine, sort: 'price_asc', page: 2, page_size: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.data.map((r) => r.id)).toEqual([b.id]);
    expect((await listPublicResources(t.db, { ...mine, page_size: 10_000 })).page_size).toBe(100);
    expect((await listFeaturedResources(t.db)).map((r) => r.id)).toContain(b.id);
    const facets = await storeFacets(t.db);
    expect(facets.dance_style.find((f) => f.value === 'Tap')!.count).toBeGreaterThanOrEqual(1);
    expect(facets.category.find((f) => f.id === category.id)).toEqual({ id: category.id, value: category.name, count: 1 });
    expect(facets.price.free).toBeGreaterThanOrEqual(1);
  });

  it('a search takes % and _ literally', async () => {
    expect((await listPublicResources(t.db, { q: '%' })).total).toBe(0);
    expect((await listPublicResources(t.db, { q: '_' })).total).toBe(0);
  });

  it('answers the detail with files, the seller card and safe HTML', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, description: 'A **bold** plan <script>alert(1)</script>', rejectionReason: 'old reason' });
    await makeResourceFile(t, r.id, { name: 'plan.pdf', pageCount: 3 });
    const detail = (await getPublicResource(t.db, r.id))!;
    expect(detail.description_html).toContain('<strong>bold</strong>');
    expect(detail.description_html).not.toContain('<script>');
    expect(detail.files).toEqual([{ id: expect.any(Number), name: 'plan.pdf', mimetype: 'application/pdf', type_label: 'PDF', size: expect.any(Number), page_count: 3 }]);
    expect(detail.file_count).toBe(1);
    expect(detail.seller).toMatchObject({ id: seller.user.id, store_name: seller.profile.storeName });
    expect(detail.rejection_reason).toBeNull();
    expect(JSON.stringify(detail)).not.toContain('private/resources');
  });

  it('lists categories with their counts, every resource for the admin, and reviews', async () => {
    const category = await makeResourceCategory(t.db);
    const r = await makeResource(t.db, { categoryId: category.id });
    await makeResource(t.db, { categoryId: category.id, status: 'draft' });
    const row = (await listResourceCategories(t.db)).find((c) => c.id === category.id)!;
    expect(row).toMatchObject({ name: category.name, resource_count: 2, published_count: 1 });
    const all = await listAllResources(t.db, { status: 'draft', category: category.id });
    expect(all.total).toBe(1);
    expect(all.counts.draft).toBeGreaterThanOrEqual(1);
    await createReview(t.db, r.id, 5);
    await createReview(t.db, r.id, 2);
    const reviews = await listResourceReviews(t.db, r.id);
    expect(reviews).toMatchObject({ rating_average: 3.5, rating_count: 2, distribution: [0, 1, 0, 0, 1] });
    expect(reviews.data).toHaveLength(2);
  });
});
