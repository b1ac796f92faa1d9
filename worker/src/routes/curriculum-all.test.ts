import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRow } from '../../../db/schema/index.ts';
import { createAdminTestApp } from '../../../tests/support/admin-test-app.ts';
import { makeResource, makeResourceCategory, makeSeller } from '../../../tests/support/store-factories.ts';
import { read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { encodeCursor } from '../domain/page-cursor.ts';
import { INVALID_CURSOR } from '../schemas/users.ts';
import type { AdminResourceSort } from '../services/store/resource-reads.ts';
import type { AdminResourceList } from '../../../shared/store/resource-reads.ts';

/**
 * GET /api/curriculum-all pages by keyset in each of its sorts (decision 0045): the tokens of
 * each page walk the whole list both ways and meet the numbered pages, under the filters too;
 * the total and the counts per status; a token the server did not write (or another sort's) is
 * refused.
 */

let t: TestApp;
let adminToken: string;
let sellerId: number;
let otherSellerId: number;
let categoryId: number;
/** The list's rows of this file's seller, as written. */
const rows: ResourceRow[] = [];

const at = (day: number, hour = 9) => `2031-04-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

beforeAll(async () => {
  ({ t, adminToken } = await createAdminTestApp());
  const tag = `Keyset ${Date.now().toString(36)}`;
  sellerId = (await makeSeller(t.db, { storeName: `Studio ${tag}` })).user.id;
  otherSellerId = (await makeSeller(t.db)).user.id;
  categoryId = (await makeResourceCategory(t.db)).id;
  // Eleven resources with ties in every sort's key: prices, ratings, sales and dates shared.
  const specs: (Partial<ResourceRow> & { inCategory?: boolean })[] = [
    { priceCents: 0, ratingAverage: 0, ratingCount: 0, salesCount: 0, publishedAt: at(1), createdAt: at(1) },
    { priceCents: 0, ratingAverage: 4.5, ratingCount: 2, salesCount: 3, publishedAt: at(2), createdAt: at(1), inCategory: true },
    { priceCents: 500, ratingAverage: 4.5, ratingCount: 2, salesCount: 3, publishedAt: at(2), createdAt: at(1), featured: true },
    { priceCents: 500, ratingAverage: 0, ratingCount: 0, salesCount: 0, status: 'submitted', submittedAt: at(5), createdAt: at(3), inCategory: true },
    { priceCents: 1200, ratingAverage: 3, ratingCount: 1, salesCount: 10, publishedAt: at(3), createdAt: at(2) },
    { priceCents: 1200, ratingAverage: 4.5, ratingCount: 4, salesCount: 10, status: 'submitted', submittedAt: at(5), createdAt: at(4) },
    { priceCents: 1200, ratingAverage: 0, ratingCount: 0, salesCount: 0, status: 'draft', createdAt: at(6), inCategory: true },
    { priceCents: 2500, ratingAverage: 5, ratingCount: 1, salesCount: 1, publishedAt: at(3), createdAt: at(3), featured: true },
    { priceCents: 0, ratingAverage: 3, ratingCount: 1, salesCount: 3, status: 'submitted', submittedAt: at(4), createdAt: at(4) },
    { priceCents: 500, ratingAverage: 0, ratingCount: 0, salesCount: 0, status: 'archived', publishedAt: at(2), createdAt: at(2), inCategory: true },
    { priceCents: 0, ratingAverage: 4.5, ratingCount: 2, salesCount: 10, status: 'rejected', submittedAt: at(7), createdAt: at(7) },
  ];
  for (const [i, spec] of specs.entries()) {
    const { inCategory, status, ...fields } = spec;
    rows.push(
      await makeResource(t.db, {
        sellerId,
        title: `${tag} plan ${i}`,
        status: status ?? 'published',
        publishedAt: fields.publishedAt ?? null,
        submittedAt: fields.submittedAt ?? null,
        ...fields,
        ...(inCategory ? { categoryId } : {}),
      }),
    );
  }
  // Another seller's resources, outside every list of this file's seller.
  await makeResource(t.db, { sellerId: otherSellerId, status: 'submitted', submittedAt: at(1), categoryId });
  await makeResource(t.db, { sellerId: otherSellerId, priceCents: 0, featured: true });
});
afterAll(() => t.close());

async function list(query: string): Promise<AdminResourceList> {
  const res = await t.json('GET', `/api/curriculum-all?${query}`, undefined, adminToken);
  expect(res.status, query).toBe(200);
  return read<AdminResourceList>(res);
}

const newest = (r: ResourceRow) => r.publishedAt ?? r.createdAt;
const submitted = (r: ResourceRow) => r.submittedAt ?? r.createdAt;
/** Each sort's order, as the list promises it: ties broken by the id. */
const ORDERS: Record<AdminResourceSort, (a: ResourceRow, b: ResourceRow) => number> = {
  newest: (a, b) => newest(b).localeCompare(newest(a)) || b.id - a.id,
  oldest: (a, b) => submitted(a).localeCompare(submitted(b)) || a.id - b.id,
  rating: (a, b) => b.ratingAverage - a.ratingAverage || b.ratingCount - a.ratingCount || b.id - a.id,
  best_selling: (a, b) => b.salesCount - a.salesCount || b.ratingAverage - a.ratingAverage || b.id - a.id,
  // Cheapest first; among equal prices the newest added first.
  price_asc: (a, b) => a.priceCents - b.priceCents || b.id - a.id,
  price_desc: (a, b) => b.priceCents - a.priceCents || b.id - a.id,
};
const SORTS = Object.keys(ORDERS) as AdminResourceSort[];

const ids = (page: AdminResourceList) => page.data.map((r) => r.id);

/**
 * Every page of `query` by number, then by the tokens from the first page forward and from the
 * last page back: the same rows on the same pages, in `expected`'s order.
 */
async function walk(query: string, expected: number[], size: number) {
  const count = Math.max(1, Math.ceil(expected.length / size));
  const numbered = await Promise.all(Array.from({ length: count }, (_, i) => list(`${query}&page_size=${size}&page=${i + 1}`)));
  const pages = Array.from({ length: count }, (_, i) => expected.slice(i * size, (i + 1) * size));
  expect(numbered.map(ids), `${query} by number`).toEqual(pages);
  expect(numbered.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
  expect(numbered.every((p) => p.total === expected.length)).toBe(true);
  expect(numbered[0]!.prev).toBeNull();
  expect(numbered.at(-1)!.next).toBeNull();

  const forward = [numbered[0]!];
  while (forward.at(-1)!.next) forward.push(await list(`${query}&page_size=${size}&after=${forward.at(-1)!.next}`));
  expect(forward.map(ids), `${query} forward`).toEqual(pages);
  expect(forward.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));

  const backward = [numbered.at(-1)!];
  while (backward.at(-1)!.prev) backward.push(await list(`${query}&page_size=${size}&before=${backward.at(-1)!.prev}`));
  expect(backward.map(ids).reverse(), `${query} backward`).toEqual(pages);
  expect(backward.map((p) => p.page).reverse()).toEqual(pages.map((_, i) => i + 1));
  expect(backward.every((p) => p.total === expected.length)).toBe(true);
}

const expectedOf = (sort: AdminResourceSort, keep: (r: ResourceRow) => boolean = () => true) => rows.filter(keep).sort(ORDERS[sort]).map((r) => r.id);

describe('GET /api/curriculum-all by keyset', () => {
  it.each(SORTS)('sort=%s: the tokens walk every page both ways and meet the numbered pages', async (sort) => {
    await walk(`seller=${sellerId}&sort=${sort}`, expectedOf(sort), 3);
    // A page of one row: every tie crossed by a token.
    await walk(`seller=${sellerId}&sort=${sort}`, expectedOf(sort), 1);
  });

  it.each(SORTS)('sort=%s under filters: a status, a category, free or paid, the featured ones, words', async (sort) => {
    const mine = `seller=${sellerId}&sort=${sort}`;
    await walk(`${mine}&status=published`, expectedOf(sort, (r) => r.status === 'published'), 2);
    await walk(`${mine}&status=submitted`, expectedOf(sort, (r) => r.status === 'submitted'), 2);
    await walk(`${mine}&category=${categoryId}`, expectedOf(sort, (r) => r.categoryId === categoryId), 2);
    await walk(`${mine}&price=free`, expectedOf(sort, (r) => r.priceCents === 0), 2);
    await walk(`${mine}&price=paid&status=published`, expectedOf(sort, (r) => r.priceCents > 0 && r.status === 'published'), 2);
    await walk(`${mine}&featured=true`, expectedOf(sort, (r) => r.featured), 1);
    await walk(`${mine}&q=${encodeURIComponent(rows[0]!.title.split(' plan')[0]!)}`, expectedOf(sort), 4);
  });

  it('walks every seller’s resources in a status without the seller filter, the other seller’s among them', async () => {
    const page = await list('status=submitted&sort=oldest&page_size=100');
    const all = page.data.map((r) => ({ id: r.id, mine: r.seller.id === sellerId }));
    expect(all.filter((r) => r.mine).map((r) => r.id)).toEqual(expectedOf('oldest', (r) => r.status === 'submitted'));
    expect(all.some((r) => !r.mine)).toBe(true);
    await walk('status=submitted&sort=oldest', all.map((r) => r.id), 2);
  });

  it('counts the total and the resources per status, whatever the filters', async () => {
    const everything = await list('page_size=1');
    const { counts } = everything;
    expect(everything.total).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
    expect(counts).toEqual({ submitted: 4, published: 6, rejected: 1, draft: 1, archived: 1 });
    expect((await list('status=published&page_size=1')).total).toBe(counts.published);
    const mine = (q: string) => list(`seller=${sellerId}&${q}&page_size=1`);
    expect((await mine('')).total).toBe(11);
    expect((await mine('status=submitted')).total).toBe(3);
    expect((await mine(`category=${categoryId}`)).total).toBe(4);
    expect((await mine('price=free')).total).toBe(4);
    expect((await mine('price=paid')).total).toBe(7);
    expect((await mine('featured=true')).total).toBe(2);
    expect((await mine('style=Ballet&level=Beginner')).total).toBe(11);
    expect((await list('featured=true&page_size=1')).total).toBe(3);
    expect((await list(`category=${categoryId}&page_size=1`)).total).toBe(5);
    // The counts per status stay the whole store's under any filter.
    expect((await mine('status=draft')).counts).toEqual(counts);
    // A page past the end: no rows, no tokens, the total.
    expect(await mine('page=99')).toMatchObject({ data: [], page: 99, total: 11, next: null, prev: null });
  });

  it.each([
    ['after=forged', INVALID_CURSOR],
    ['before=not-a-token!', INVALID_CURSOR],
    // A token another sort wrote: a date where a price belongs, a price where two figures do.
    [`sort=price_asc&after=${encodeCursor({ key: '2031-04-01T09:00:00.000Z', id: 5, page: 1 })}`, INVALID_CURSOR],
    [`sort=rating&before=${encodeCursor({ key: 500, id: 5, page: 2 })}`, INVALID_CURSOR],
    [`sort=newest&after=${encodeCursor({ key: 500, id: 5, page: 1 })}`, INVALID_CURSOR],
    [`after=${encodeCursor({ key: 'a', id: 1, page: 1 })}&before=${encodeCursor({ key: 'b', id: 1, page: 2 })}`, 'Ask for the page after a row or before one, not both'],
  ])('refuses %s', async (query, message) => {
    const res = await t.json('GET', `/api/curriculum-all?${query}`, undefined, adminToken);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).message).toBe(message);
  });
});
