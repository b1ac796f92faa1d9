import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser } from '../../../../tests/support/factories.ts';
import { makeResource, makeResourceCategory, makeSeller } from '../../../../tests/support/store-factories.ts';
import type { AdminResourceSort } from '../store/resource-reads.ts';
import type { ResourceSummary } from '../../../../shared/store/views.ts';
import { RESOURCES_CSV_HEADER, resourcesExport } from './resources.ts';
import { csvStream } from './stream.ts';

const app = useAdminTestApp();

const PATH = '/api/curriculum-all/export.csv';

describe('GET /api/curriculum-all/export.csv', () => {
  it("exports every resource the admin list's filters select, across pages, in the list's order (the queue oldest first)", async () => {
    const tag = `rx${Date.now().toString(36)}`;
    const seller = await makeSeller(app.t.db, { storeName: `Studio ${tag}` });
    const other = await makeSeller(app.t.db);
    const category = await makeResourceCategory(app.t.db, `-Category, "${tag}"`);
    const tricky = await makeResource(app.t.db, {
      sellerId: seller.user.id,
      title: TRICKY(tag),
      status: 'submitted',
      categoryId: category.id,
      priceCents: 1999,
      submittedAt: '2026-01-01T00:00:00.000Z',
    });
    for (let i = 0; i < 3; i++) {
      await makeResource(app.t.db, { sellerId: seller.user.id, title: `Plan ${tag} ${i}`, status: 'submitted', submittedAt: `2026-01-0${i + 2}T00:00:00.000Z` });
    }
    await makeResource(app.t.db, { sellerId: seller.user.id, title: `Plan ${tag} published` }); // another status
    await makeResource(app.t.db, { sellerId: other.user.id, title: `Plan ${tag} elsewhere`, status: 'submitted' }); // another seller

    const filters = `q=${tag}&status=submitted&seller=${seller.user.id}&sort=oldest`;
    const listed = await listAll<ResourceSummary>(app.t, `/api/curriculum-all?${filters}`, app.adminToken, 'page_size');
    expect(listed).toHaveLength(4);
    expect(await listTotal(app.t, `/api/curriculum-all?${filters}&page_size=1`, app.adminToken)).toBe(4);

    const { header, rows } = await fetchCsv(app.t, `${PATH}?${filters}&page=2&page_size=1`, app.adminToken, 'resources');
    expect(header).toEqual(RESOURCES_CSV_HEADER);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((r) => r.id));
    expect(Number(rows[0]![0])).toBe(tricky.id); // oldest submission first, as the queue reads

    const cell = (name: string) => rows[0]![header.indexOf(name)];
    expect(cell('Title')).toBe(TRICKY_READ(tag));
    expect(cell('Status')).toBe('submitted');
    expect(cell('Featured')).toBe('no');
    expect(cell('Seller ID')).toBe(String(seller.user.id));
    expect(cell('Store name')).toBe(`Studio ${tag}`);
    expect(cell('Category')).toBe(`'-Category, "${tag}"`);
    expect(cell('Price (USD)')).toBe('19.99');
    expect(cell('Created at (UTC)')).toBe(tricky.createdAt);
    expect(cell('Published at (UTC)')).toBe('');

    const everyStatus = await fetchCsv(app.t, `${PATH}?q=${tag}`, app.adminToken, 'resources');
    expect(everyStatus.rows).toHaveLength(await listTotal(app.t, `/api/curriculum-all?q=${tag}`, app.adminToken));
    expect(everyStatus.rows).toHaveLength(6);
  });

  it.each(['newest', 'oldest', 'rating', 'best_selling', 'price_asc', 'price_desc'] as AdminResourceSort[])(
    'sort=%s: pages of two, each after the last row of the one before, hold the list in its order, ties and all',
    async (sort) => {
      const seller = await makeSeller(app.t.db);
      const same = { priceCents: 500, ratingAverage: 4, ratingCount: 2, salesCount: 3, publishedAt: '2026-02-01T00:00:00.000Z', createdAt: '2026-02-01T00:00:00.000Z' };
      for (let i = 0; i < 3; i++) await makeResource(app.t.db, { sellerId: seller.user.id, ...same });
      for (let i = 0; i < 4; i++) {
        await makeResource(app.t.db, { sellerId: seller.user.id, ...same, priceCents: i * 300, ratingAverage: i + 1, salesCount: 4 - i, status: i % 2 ? 'submitted' : 'published', submittedAt: `2026-01-0${i + 1}T00:00:00.000Z` });
      }
      const listed = await listAll<ResourceSummary>(app.t, `/api/curriculum-all?seller=${seller.user.id}&sort=${sort}`, app.adminToken, 'page_size');
      const text = await new Response(csvStream(resourcesExport(app.t.db, { seller: seller.user.id, sort }), 2)).text();
      const [, ...records] = parse(text) as string[][];
      const ids = records.map((record) => Number(record[0]));
      expect(ids).toEqual(listed.map((r) => r.id));
      expect(ids).toHaveLength(7);
    },
  );

  it('is for curriculum staff only (resources.manage or resources.review), and a bad filter is a 400', async () => {
    expect((await app.t.json('GET', PATH)).status).toBe(401);
    expect((await app.t.json('GET', PATH, undefined, app.studentToken)).status).toBe(403);
    const officer = (await createSignedInUser(app.t.db, { roles: ['CURRICULUM_OFFICER'] })).token;
    expect((await app.t.json('GET', PATH, undefined, officer)).status).toBe(200);
    const bad = await app.t.json('GET', `${PATH}?status=lost`, undefined, app.adminToken);
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { validationErrors: object }).validationErrors)).toEqual(['status']);
    expect((await app.t.json('GET', `${PATH}?sort=random`, undefined, app.adminToken)).status).toBe(400);
  });
});
