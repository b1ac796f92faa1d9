import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstructor } from '../../../tests/support/booking-factories.ts';
import { planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { loadConnectPage } from '../services/connect/connect-page.ts';
import { lookupZip } from '../services/connect/zipcode.ts';
import { DEFAULT_DIRECTORY_QUERY } from '../../../shared/connect/directory-search.ts';

/**
 * The Connect directory's page, planned by SQLite (decision 0072): each order is a walk of its own
 * index that the LIMIT stops, never a sort of every profile; near a ZIP code the candidates are a
 * latitude band of each travel band's place index; the counts stop at their bound; the cards are read by id. No
 * statement reads every profile. (The level filter's `json_each` reads one profile's list.)
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const place = (await lookupZip('10001'))!;
  await createInstructor(t.db, { firstName: 'Nora', lastName: 'York', styles: ['Ballet'], offersInPerson: true, zip: '10001', city: place.city, state: place.state, latitude: place.latitude, longitude: place.longitude });
  await createInstructor(t.db, { firstName: 'Olive', lastName: 'Line', styles: ['Jazz'], offersOnline: true, premiumListing: true });
});
afterAll(() => t?.close());

type Report = Awaited<ReturnType<typeof planReport>>;

async function planned(path: string): Promise<Report> {
  let status = 0;
  const statements = await statementsOf(t.client, async () => {
    status = (await t.request(path)).status;
  });
  expect(status, path).toBe(200);
  return planReport(t.client, statements);
}

/** What is wrong in the plans, but a level's `json_each` over one profile's list. */
const problems = (report: Report) =>
  report.flatMap(({ sql, plan, problems: found }) => found.filter((line) => !/^SCAN json_each VIRTUAL TABLE/.test(line)).map((line) => `${line}  ←  ${sql}\n${plan.join('\n')}`));
/** The profile lines of the statements that read a page's rows in an order. */
const orderedReads = (report: Report) => report.filter((r) => /ORDER BY/i.test(r.sql) && /from "instructor_profiles"/i.test(r.sql)).flatMap((r) => r.plan);

const INDEX_OF_SORT = {
  recommended: /instructor_profiles_(premium|recommended)_idx/,
  rating: /instructor_profiles_rating_idx/,
  // Those without a price (the last tier) are in either price index in the same order.
  price_low: /instructor_profiles_price_(low_idx|(low|high)_idx \(status=\? AND price_from_cents=\?\))/,
  price_high: /instructor_profiles_price_(high_idx|(low|high)_idx \(status=\? AND price_from_cents=\?\))/,
} as const;

describe('query plans of the Connect directory', () => {
  for (const [sort, index] of Object.entries(INDEX_OF_SORT)) {
    for (const filters of ['', '&style=ballet', '&lessonType=private&minPrice=10&maxPrice=90', '&level=Advanced&mode=in_person', '&page=3&pageSize=2']) {
      it(`walks the index of sort=${sort}${filters}, without a sort of the profiles`, async () => {
        const report = await planned(`/api/connect/instructors?sort=${sort}${filters}`);
        expect(problems(report)).toEqual([]);
        const reads = orderedReads(report);
        expect(reads.length, report.map((r) => r.sql).join('\n')).toBeGreaterThan(0);
        expect(reads.filter((line) => /^(SEARCH|SCAN) instructor_profiles /.test(line)).every((line) => index.test(line)), reads.join('\n')).toBe(true);
        expect(reads.some((line) => line.startsWith('USE TEMP B-TREE'))).toBe(false);
      });
    }
  }

  for (const query of ['zip=10001', 'zip=10001&sort=distance', 'zip=10001&mode=in_person&radius=25', 'zip=10001&sort=price_low&style=ballet', 'zip=10001&mode=online&sort=rating']) {
    it(`reads the box of the place index near a ZIP code: ${query}`, async () => {
      const report = await planned(`/api/connect/instructors?${query}`);
      expect(problems(report)).toEqual([]);
      const box = report.filter((r) => /"latitude" >= \?/.test(r.sql)).flatMap((r) => r.plan);
      if (query.includes('mode=online')) expect(box).toEqual([]);
      else {
        // One box per travel band, each through that band's partial index.
        const bands = box.filter((line) => /^SEARCH instructor_profiles USING (COVERING )?INDEX instructor_profiles_place_to\d+_idx \(status=\? AND offers_in_person=\? AND latitude>\? AND latitude<\?\)/.test(line));
        expect(bands.length, box.join('\n')).toBe(3);
      }
      expect(orderedReads(report).some((line) => line.startsWith('USE TEMP B-TREE'))).toBe(false);
    });
  }

  it('reads one page for /connect, with and without a ZIP code', async () => {
    for (const query of [DEFAULT_DIRECTORY_QUERY, { ...DEFAULT_DIRECTORY_QUERY, zip: '10001', sort: 'distance' as const }]) {
      const statements = await statementsOf(t.client, () => loadConnectPage(t.db, query));
      expect(problems(await planReport(t.client, statements))).toEqual([]);
    }
  });
});
