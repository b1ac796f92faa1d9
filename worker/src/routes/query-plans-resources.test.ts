import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signIn } from '../../../tests/support/factories.ts';
import { planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import { makeResource, makeResourceCategory, makeSeller } from '../../../tests/support/store-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { encodeCursor } from '../domain/page-cursor.ts';
import { allResourcesAfter, countAllResources, type AdminResourceFilters, type AdminResourceSort } from '../services/store/resource-reads.ts';

/**
 * The admin's list of every resource (GET /api/curriculum-all) and its CSV export, planned by
 * SQLite: in each sort, the first page, the pages after and before a token and the filtered pages
 * walk the sort's own index (tests/support/query-plans.ts), never a scan of the resources nor a
 * sort of them; the total and the counts per status come through indexes.
 */

let t: TestApp;
let adminToken: string;
let sellerId: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  sellerId = (await makeSeller(t.db)).user.id;
  categoryId = (await makeResourceCategory(t.db)).id;
  // A few rows, so that each page reads its rows by id after finding them.
  for (const status of ['published', 'submitted', 'draft'] as const) {
    await makeResource(t.db, { sellerId, status, categoryId, featured: status === 'published', submittedAt: '2031-01-01T00:00:00.000Z' });
    await makeResource(t.db, { sellerId, status, priceCents: 0 });
  }
});
afterAll(() => t.close());

type Report = Awaited<ReturnType<typeof planReport>>;

async function planned(path: string): Promise<Report> {
  let status = 0;
  const statements = await statementsOf(t.client, async () => {
    status = (await t.json('GET', path, undefined, adminToken)).status;
  });
  expect(status, path).toBe(200);
  return planReport(t.client, statements);
}

/** What a plan must not do to the resources: read them whole (not even through an index, unless in order for a page) or sort them. */
function problems(report: Report): string[] {
  return report.flatMap((r) => [
    ...r.problems,
    ...r.plan.filter((line) => /^SCAN resources(?! USING (COVERING )?INDEX)/.test(line)),
    ...(r.plan.some((line) => /^(SCAN|SEARCH) resources /.test(line)) ? r.plan.filter((line) => /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(line)) : []),
  ]);
}

/** The statement of a list's total, and that of its counts per status. */
const isTotal = (sql: string) => /^\s*select count\(/i.test(sql);
const isStatusCount = (sql: string) => /group by/i.test(sql);

/** The index a statement of the report walks the resources through, for each statement that orders them. */
const orderedBy = (report: Report) =>
  report.filter((r) => /ORDER BY/i.test(r.sql) && /\bfrom\s+"?resources"?/i.test(r.sql)).map((r) => /^(?:SCAN|SEARCH) resources USING (?:COVERING )?INDEX (\w+)/m.exec(r.plan.join('\n'))?.[1]);

/** Each sort's index name within a family (the status family's newest, rating and best selling came first). */
const SORT_INDEX: Record<AdminResourceSort, string> = {
  newest: 'newest',
  oldest: 'submitted',
  rating: 'rating',
  best_selling: 'best_selling',
  price_desc: 'price',
  price_asc: 'cheapest',
};
/** The filter whose index leads a family of indexes ('' for the indexes over every status). */
type Family = '' | 'status' | 'seller' | 'category';
const indexOf = (family: Family, sort: AdminResourceSort) =>
  family === 'status' && sort === 'best_selling' ? 'resources_status_sales_idx' : `resources_${family ? `${family}_` : ''}${SORT_INDEX[sort]}_idx`;

/** A token of each sort's key shape (a date, two figures, a price in cents). */
const TOKEN_KEY: Record<AdminResourceSort, string | number> = {
  newest: '2031-06-01T00:00:00.000Z',
  oldest: '2031-06-01T00:00:00.000Z',
  rating: '4.5:3',
  best_selling: '12:4.5',
  price_desc: 1200,
  price_asc: 1200,
};
const token = (sort: AdminResourceSort, page = 40) => encodeCursor({ key: TOKEN_KEY[sort], id: 500, page });

const SORTS = Object.keys(SORT_INDEX) as AdminResourceSort[];

describe('query plans of GET /api/curriculum-all', () => {
  describe.each(SORTS)('sort=%s', (sort) => {
    const list = `/api/curriculum-all?sort=${sort}`;

    const pages: [string, () => string, Family][] = [
      ['the first page', () => '', ''],
      ['a page after a token', () => `&after=${token(sort)}`, ''],
      ['a page before a token', () => `&before=${token(sort)}`, ''],
      ['the last page, read from the other end', () => '&page=2&page_size=5', ''],
      ['a status', () => '&status=submitted', 'status'],
      ['a status, after a token', () => `&status=published&after=${token(sort)}`, 'status'],
      ['a seller', () => `&seller=${sellerId}`, 'seller'],
      ['a seller, before a token', () => `&seller=${sellerId}&before=${token(sort)}`, 'seller'],
      ['a category', () => `&category=${categoryId}`, 'category'],
      ['a category and a status, after a token', () => `&category=${categoryId}&status=published&after=${token(sort)}`, 'category'],
    ];
    it.each(pages)('%s: through its own index, no scan, no sort', async (_, query, family) => {
      const path = `${list}${query()}`;
      const report = await planned(path);
      expect(problems(report), path).toEqual([]);
      expect(orderedBy(report), path).toEqual([indexOf(family, sort)]);
    });

    const filtered: [string, () => string][] = [
      ['a seller and a status (the seller’s shelf, in order)', () => `&seller=${sellerId}&status=submitted`],
      ['free ones (checked on the walk)', () => '&price=free'],
      ['paid ones in a status, after a token', () => `&price=paid&status=published&after=${token(sort)}`],
    ];
    it.each(filtered)('%s: no scan, no sort', async (_, query) => {
      const report = await planned(`${list}${query()}`);
      expect(problems(report), query()).toEqual([]);
      expect(orderedBy(report)).toHaveLength(1);
    });

    it('a style and a level: the page walks the sort’s index past the others (only their count reads the rows: no index holds them)', async () => {
      const report = await planned(`${list}&style=Ballet&level=Beginner&after=${token(sort)}`);
      expect(problems(report.filter((r) => !isTotal(r.sql)))).toEqual([]);
      expect(orderedBy(report)).toEqual([indexOf('', sort)]);
    });
  });

  it('the featured ones, newest first (the catalogue’s row): through their index, counted there', async () => {
    const report = await planned('/api/curriculum-all?featured=true&page_size=100');
    expect(problems(report)).toEqual([]);
    expect(orderedBy(report)).toEqual(['resources_featured_newest_idx']);
    expect(report.some((r) => isTotal(r.sql) && r.plan.some((line) => line.includes('resources_featured_newest_idx (featured=?)')))).toBe(true);
  });

  it('the counts per status: each status a range of an index, never a read of every resource', async () => {
    const report = await planned('/api/curriculum-all?page_size=1');
    const counts = report.filter((r) => isStatusCount(r.sql));
    expect(counts).toHaveLength(1);
    expect(counts[0]!.plan.join('\n')).toMatch(/^SEARCH resources USING COVERING INDEX \w+ \(status=\?\)$/m);
    // With no filter, or a status alone, the total is the counts' own: no other count is sent.
    expect(report.filter((r) => isTotal(r.sql))).toHaveLength(0);
    expect(problems(report)).toEqual([]);
  });

  it.each([
    ['a seller', () => `seller=${sellerId}`, /resources_seller\w*_idx \(seller_id=\?/],
    ['a category', () => `category=${categoryId}`, /resources_category\w*_idx \(category_id=\?/],
    ['free ones', () => 'price=free', /resources_(price|cheapest)_idx \(price_cents=\?\)/],
    ['paid ones', () => 'price=paid', /resources_(price|cheapest)_idx \(price_cents>\?\)/],
  ])('the total of %s: a count through its index', async (_, filter, line) => {
    const report = await planned(`/api/curriculum-all?${filter()}`);
    const totals = report.filter((r) => isTotal(r.sql));
    expect(totals).toHaveLength(1);
    expect(totals[0]!.plan.join('\n')).toMatch(new RegExp(`^SEARCH resources USING COVERING INDEX ${line.source}`, 'm'));
    expect(problems(report)).toEqual([]);
  });
});

describe('query plans of the CSV export of every resource', () => {
  it.each(SORTS)('sort=%s: each page after the last row of the one before through the sort’s index, the total counted through indexes', async (sort) => {
    for (const [filters, family] of [
      [{ sort }, ''],
      [{ sort, status: 'submitted' }, 'status'],
      [{ sort, seller: sellerId }, 'seller'],
    ] as [AdminResourceFilters, Family][]) {
      const statements = await statementsOf(t.client, async () => {
        await countAllResources(t.db, filters);
        await allResourcesAfter(t.db, filters, undefined, 100);
        await allResourcesAfter(t.db, filters, [TOKEN_KEY[sort], 500], 100);
      });
      const report = await planReport(t.client, statements);
      expect(problems(report), JSON.stringify(filters)).toEqual([]);
      expect(orderedBy(report)).toEqual([indexOf(family, sort), indexOf(family, sort)]);
    }
  });
});
