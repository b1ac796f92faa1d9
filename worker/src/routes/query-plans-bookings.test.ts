import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../../db/schema/index.ts';
import { createInstructor, giveBooking } from '../../../tests/support/booking-factories.ts';
import { createAdmin, createUser, signIn } from '../../../tests/support/factories.ts';
import { planReport, SMALL_TABLES, statementsOf } from '../../../tests/support/query-plans.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { encodeCursor } from '../domain/page-cursor.ts';
import { adminBookingsAfter } from '../services/bookings/admin-bookings.ts';

/**
 * The admin bookings' search, planned by SQLite (decision 0046): the people who match through the
 * trigram index and their bookings through the booker's and the instructor's indexes, a title
 * through the lesson types and their bookings through the lesson type's index, a number's
 * beginning through the numbers' unique index. No statement reads every booking or every account,
 * and the only sort is of the rows the search found, never of a table's.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  const pro = await createInstructor(t.db, { firstName: 'Grace', lastName: 'Teacher' });
  const booker = await createUser(t.db, { firstName: 'Grace', lastName: 'Booker' });
  const booking = await giveBooking(t.db, booker.id, pro.lessonTypes[0]!, { startsAt: '2031-03-03T15:00:00.000Z' });
  await t.db.update(bookings).set({ number: 'BK-7K3F9Q2M' }).where(eq(bookings.id, booking.id));
});
afterAll(() => t.close());

type Report = Awaited<ReturnType<typeof planReport>>;

async function planned(path: string) {
  let status = 0;
  const statements = await statementsOf(t.client, async () => {
    status = (await t.json('GET', path, undefined, adminToken)).status;
  });
  expect(status, path).toBe(200);
  return planReport(t.client, statements);
}

/** The bookings (b) and accounts (users, bu, iu) a plan reads. */
const readsBookings = (line: string) => /^(SCAN|SEARCH) (bookings|b) /.test(line);
const readsPeople = (line: string) => /^(SCAN|SEARCH) (users|bu|iu|u) /.test(line);
/**
 * The lines that read a table whole: none but a full-text match, a small table, the lesson types (a
 * few per instructor) or a sub-query's own rows (CO-ROUTINE, MATERIALIZE).
 */
const scans = (report: Report) =>
  report.flatMap(({ plan }) => {
    const derived = new Set(plan.map((line) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(line)?.[1]));
    return plan.filter((line) => {
      const table = /^SCAN (\w+)/.exec(line)?.[1];
      return table !== undefined && !derived.has(table) && !SMALL_TABLES.has(table) && table !== 'lesson_types' && !/ VIRTUAL TABLE INDEX \d+:M/.test(line);
    });
  });
/** The bookings found by the search: a matched person's or lesson type's, by equality on their index, or a range of numbers. */
const SEARCHED = /^SEARCH b USING (COVERING )?INDEX (bookings_user_idx \(user_id=\?|bookings_user_status_idx \(user_id=\?|bookings_instructor_idx \(instructor_id=\?|bookings_lesson_type_idx \(lesson_type_id=\?|bookings_number_unique \(number>\? AND number<\?\))/;
/** Statements that sort bookings other than those the search found (should be none), with the lines that read them. */
const unboundedSorts = (report: Report) =>
  report
    .filter((r) => r.plan.some(readsBookings) && r.plan.some((line) => line.startsWith('USE TEMP B-TREE')))
    .map((r) => ({ sql: r.sql, plan: r.plan, unbounded: r.plan.filter((line) => (readsBookings(line) && !SEARCHED.test(line)) || (readsPeople(line) && !/\(rowid=\?\)$/.test(line))) }))
    .filter((r) => r.unbounded.length > 0 || !r.plan.some((line) => /VIRTUAL TABLE INDEX \d+:M|bookings_number_unique/.test(line)));

const cursor = encodeCursor({ key: '2031-06-01T00:00:00.000Z', id: 500, page: 3 });

describe('query plans of the admin bookings search', () => {
  for (const query of [
    'q=grace',
    'q=Grace+Teach',
    'q=ballet',
    'q=grace&status=cancelled',
    'q=grace&status=completed',
    'q=grace&status=confirmed',
    'q=grace&status=upcoming',
    'q=grace&instructorId=1',
    'q=grace&from=2031-01-01&to=2031-06-30',
    `q=grace&after=${cursor}`,
    `q=grace&before=${cursor}`,
    'q=grace&page=3',
  ]) {
    it(`GET /api/admin/bookings?${query}: the people through the trigram index, their bookings through the people's indexes`, async () => {
      const report = await planned(`/api/admin/bookings?${query}`);
      expect(scans(report)).toEqual([]);
      expect(unboundedSorts(report)).toEqual([]);
      const lines = report.flatMap((r) => r.plan);
      expect(lines.some((line) => /users_search VIRTUAL TABLE INDEX \d+:M/.test(line))).toBe(true);
      for (const index of ['bookings_user(_status)?_idx', 'bookings_instructor_idx', 'bookings_lesson_type_idx']) expect(lines.some((line) => new RegExp(`SEARCH b USING (COVERING )?INDEX ${index} `).test(line)), index).toBe(true);
      expect(lines.filter(readsPeople).every((line) => /\(rowid=\?\)$/.test(line))).toBe(true);
    });
  }

  for (const query of ['q=BK-7K3', 'q=bk-7k3f9q2m', 'q=BK-7K3&status=cancelled&from=2031-01-01', `q=BK-7K3&after=${cursor}`]) {
    it(`GET /api/admin/bookings?${query}: the bookings whose number begins so, through the numbers' unique index`, async () => {
      const report = await planned(`/api/admin/bookings?${query}`);
      expect(scans(report)).toEqual([]);
      expect(unboundedSorts(report)).toEqual([]);
      // The page and the total through the range of numbers; the page's rows then by their ids.
      const bookingLines = report.flatMap((r) => r.plan).filter(readsBookings);
      expect(bookingLines.some((line) => /bookings_number_unique \(number>\? AND number<\?\)/.test(line))).toBe(true);
      for (const line of bookingLines) expect(line).toMatch(/bookings_number_unique \(number>\? AND number<\?\)|INTEGER PRIMARY KEY \(rowid=\?\)$/);
      // No one is searched: the accounts read are the signed-in admin's and the page's people, by id.
      expect(report.flatMap((r) => r.plan).filter((line) => readsPeople(line) && !/\(rowid=\?\)$/.test(line))).toEqual([]);
      expect(report.flatMap((r) => r.plan).some((line) => /users_search/.test(line))).toBe(false);
    });
  }

  it('the export of a search: its count and each page through the same indexes', async () => {
    const report = await planned('/api/admin/bookings/export.csv?q=grace');
    expect(scans(report)).toEqual([]);
    expect(unboundedSorts(report)).toEqual([]);
    const later = await planReport(
      t.client,
      await statementsOf(t.client, () => adminBookingsAfter(t.db, { status: undefined, from: undefined, to: undefined, q: 'grace' }, ['2031-06-01T00:00:00.000Z', 500], 1000)),
    );
    expect(scans(later)).toEqual([]);
    expect(unboundedSorts(later)).toEqual([]);
  });
});
