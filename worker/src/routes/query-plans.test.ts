import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogCourse } from '../../../tests/support/catalog-data.ts';
import { addCartLine, createPaidCourse } from '../../../tests/support/commerce-factories.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { addLedgerRow, createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { parseCatalogQuery } from '../../../site/src/lib/catalog.ts';
import { encodeCursor } from '../domain/page-cursor.ts';
import { usersAfter } from '../services/admin-users.ts';
import { auditLogExport } from '../services/audit-log.ts';
import { adminBookingsAfter } from '../services/bookings/admin-bookings.ts';
import { sweepBookings } from '../services/bookings/sweep.ts';
import { loadCatalogCourse, loadCourseListPage } from '../services/catalog-freshness.ts';
import { adminOrdersAfter } from '../services/orders.ts';
import { expireOverdueSessions } from '../services/payments/pending.ts';
import { adminSubscriptionsAfter } from '../services/subscriptions/admin.ts';
import { planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

/**
 * The hot routes' statements, each planned by SQLite: none reads a whole table that grows with use
 * or sorts such rows without an index (tests/support/query-plans.ts), and the number of statements
 * a request sends does not depend on the data.
 */

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
});
afterAll(() => t.close());

async function planned(path: string, token?: string) {
  let status = 0;
  const statements = await statementsOf(t.client, async () => {
    status = (await t.json('GET', path, undefined, token)).status;
  });
  expect(status, path).toBe(200);
  return { statements, report: await planReport(t.client, statements) };
}

describe('query plans of the hot routes', () => {
  for (const query of ['', '?status=paid', '?from=2026-01-01&to=2026-06-30', '?status=refunded&from=2026-01-01', '?buyerId=1', '?page=3']) {
    it(`GET /api/admin/orders${query}: the page walks an index in order, the total is a sum of running totals`, async () => {
      const { statements, report } = await planned(`/api/admin/orders${query}`, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(statements.length).toBeLessThanOrEqual(8);
    });
  }

  for (const days of [30, 365]) {
    it(`GET /api/admin/dashboard?days=${days}: every statement served by an index, a fixed number of them`, async () => {
      const { statements, report } = await planned(`/api/admin/dashboard?days=${days}`, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(report.length).toBeGreaterThan(5);
      // Sign-in check, figures, subscriptions, recent activity: the same count whatever the window or data.
      expect(statements.length).toBeLessThanOrEqual(20);
    });
  }

  for (const query of ['', '?status=upcoming', '?status=cancelled', '?from=2026-01-01&to=2026-01-31']) {
    it(`GET /api/admin/bookings${query}: newest start first through an index, the total without reading every booking`, async () => {
      const { report } = await planned(`/api/admin/bookings${query}`, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    });
  }

  for (const query of ['', '?status=active', '?plan=premium', '?plan=educator&status=canceled']) {
    it(`GET /api/admin/subscriptions${query}: newest first through an index, the total from the running totals`, async () => {
      const { report } = await planned(`/api/admin/subscriptions${query}`, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    });
  }

  for (const query of ['', '?action=coupon.update', '?from=2026-01-01&to=2026-03-31']) {
    it(`GET /api/admin/audit-log${query}: newest first through an index, the total from entries per day`, async () => {
      const { report } = await planned(`/api/admin/audit-log${query}`, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    });
  }

  for (const query of ['?q=refund', '?q=refund order&action=order.refund', '?actor=grace']) {
    it(`GET /api/admin/audit-log${query}: the words through their index and the people through theirs, each entry by its key`, async () => {
      const { report } = await planned(`/api/admin/audit-log${query}`, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      const page = report.find((r) => r.sql.includes('"audit_log"') && r.sql.includes(' limit '))!;
      if (query.includes('q=')) {
        // The index leads, newest written first, and each entry is read by its key: never the log in date order.
        expect(page.plan[0]).toMatch(/^SCAN audit_search VIRTUAL TABLE INDEX/);
        expect(page.plan[1]).toMatch(/^SEARCH audit_log USING INTEGER PRIMARY KEY/);
      } else expect(page.plan.join('\n')).toMatch(/audit_log_actor_idx/);
    });
  }

  {
    const dated = { key: '2026-06-01T00:00:00.000Z', id: 500, page: 40 };
    for (const [list, cursor] of [
      ['/api/admin/orders', dated],
      ['/api/admin/orders?status=paid&', dated],
      ['/api/admin/bookings', dated],
      ['/api/admin/subscriptions', dated],
      ['/api/admin/subscriptions?status=active&', dated],
      ['/api/admin/audit-log', dated],
      ['/api/admin/audit-log?action=coupon.update&', dated],
      ['/api/users', { key: 500, id: 500, page: 25 }],
      ['/api/users?role=SELLER&', { key: 500, id: 500, page: 25 }],
    ] as const) {
      for (const side of ['after', 'before']) {
        it(`GET ${list} ${side} a page's token: the rows next to it through the list's index, in either direction`, async () => {
          const path = `${list}${list.endsWith('&') ? '' : '?'}${side}=${encodeCursor(cursor)}`;
          const { report } = await planned(path, adminToken);
          expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
        });
      }
    }
  }

  for (const path of ['/api/users?search=grace', '/api/admin/orders?q=student', '/api/admin/orders?q=student&status=paid', '/api/admin/subscriptions?q=grace']) {
    it(`GET ${path}: the people who match through the trigram index, their rows by key, never every account or order`, async () => {
      const { report } = await planned(path, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(report.some((r) => r.plan.some((line) => /users_search VIRTUAL TABLE INDEX \d+:M/.test(line)))).toBe(true);
    });
  }

  it('GET /api/admin/orders?q=DRX-7K2QD: the orders whose number begins so, through the numbers’ unique index', async () => {
    const { report } = await planned('/api/admin/orders?q=DRX-7K2QD', adminToken);
    const orderLines = report.flatMap((r) => r.plan).filter((line) => /^(SCAN|SEARCH) orders /.test(line));
    expect(orderLines.length).toBeGreaterThan(0);
    for (const line of orderLines) expect(line).toMatch(/orders_number_unique \(number>\? AND number<\?\)/);
  });

  for (const [query, index] of [
    ['', 'courses_status_newest_idx'],
    ['?sort=newest&level=beginner', 'courses_status_newest_idx'],
    ['?sort=popular', 'courses_status_popular_idx'],
    ['?sort=popular&price=free', 'courses_status_popular_idx'],
    ['?sort=price_asc', 'courses_status_price_idx'],
    ['?sort=price_desc&page=4', 'courses_status_price_idx'],
    ['?sort=rating', 'courses_status_rating_idx'],
    ['?sort=rating&level=advanced&page=2', 'courses_status_rating_idx'],
  ] as const) {
    it(`GET /api/courses${query}: published courses in the order asked through ${index}, learners from the course's counter`, async () => {
      const { statements, report } = await planned(`/api/courses${query}`);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(report.some((r) => r.plan.some((line) => line.includes(index)))).toBe(true);
      expect(statements.some((s) => /FROM\s+"?enrollments/i.test(s.sql))).toBe(false);
    });
  }

  for (const [search, index] of [
    ['', 'courses_status_newest_idx'],
    ['?category=Ballet&sort=price_asc&page=2', 'courses_status_price_idx'],
    ['?q=ballet+teachers&sort=popular', 'courses_status_popular_idx'],
  ] as const) {
    it(`the /courses view ${search || '(front)'}: one page of cards through ${index}, a fixed number of statements`, async () => {
      const statements = await statementsOf(t.client, () => loadCourseListPage(t.db, parseCatalogQuery(search)));
      const report = await planReport(t.client, statements);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(report.some((r) => r.plan.some((line) => line.includes(index)))).toBe(true);
      // The styles, the page, its total (and the last page again when asked past the end).
      expect(statements.length).toBeLessThanOrEqual(4);
    });
  }

  it('a course page: the course by its key, then its modules and lessons through their indexes', async () => {
    const { id } = await insertCatalogCourse(t.db);
    const statements = await statementsOf(t.client, () => loadCatalogCourse(t.db, id));
    const report = await planReport(t.client, statements);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    // The course, its modules, its lessons; the instructor block and the first reviews (decision 0066).
    expect(statements).toHaveLength(5);
    expect(report.some((r) => r.plan.some((line) => line.includes('course_reviews_course_newest_idx')))).toBe(true);
  });

  for (const after of [false, true]) {
    it(`GET /api/courses/{id}/reviews${after ? '?after=' : ''}: a page of shown reviews through (course_id, created_at, id), never a sort`, async () => {
      const { id } = await insertCatalogCourse(t.db);
      const token = encodeCursor({ key: '2026-11-01T10:00:00.000Z', id: 50, page: 2 });
      const { statements, report } = await planned(`/api/courses/${id}/reviews${after ? `?after=${token}` : ''}`);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      const reviewLines = report.flatMap((r) => r.plan).filter((line) => /course_reviews/.test(line));
      expect(reviewLines.some((line) => /SEARCH course_reviews USING INDEX course_reviews_course_newest_idx \(course_id=\?/.test(line))).toBe(true);
      expect(report.flatMap((r) => r.plan).some((line) => /TEMP B-TREE/.test(line))).toBe(false);
      // The cache's versions, the course's status, the page, the rating.
      expect(statements.length).toBeLessThanOrEqual(4);
    });
  }

  for (const [query, index] of [
    ['', 'resources_status_newest_idx'],
    ['?sort=rating', 'resources_status_rating_idx'],
    ['?sort=best_selling', 'resources_status_sales_idx'],
    ['?style=Jazz', 'resources_status_newest_idx'],
  ] as const) {
    it(`GET /api/resources${query}: the listed resources through ${index}, the total and the facets from running totals or capped counts`, async () => {
      // A listed resource the page shows (an empty store answers from its total alone).
      const seller = await createSeller(t.db);
      await createResource(t.db, seller.user.id, { danceStyle: 'Jazz' });
      const { statements, report } = await planned(`/api/resources${query}`);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      expect(report.some((r) => r.plan.some((line) => line.includes(index)))).toBe(true);
      const counting = statements.filter((s) => /^\s*select\s+count\(\*\)[\s\S]*\bfrom\s+"?resources\b/i.test(s.sql) || /group by[\s\S]*dance_style/i.test(s.sql));
      if (!query.includes('style=')) {
        // Unfiltered, no statement counts or groups the resources themselves.
        expect(counting).toEqual([]);
      } else {
        // A filter narrows the other facets' counts (decision 0064): each value's count stops at
        // a cap, and finds its rows through an index (the facets index; the price range's own).
        expect(counting.length).toBeGreaterThan(0);
        for (const s of counting) expect(s.sql).toMatch(/limit \?\) "matched"$/);
        const counted = report.filter((r) => counting.some((s) => s.sql.replace(/\s+/g, ' ') === r.sql));
        expect(counted.every((r) => r.plan.some((line) => /^SEARCH resources USING (COVERING )?INDEX resources_status_/.test(line)))).toBe(true);
        expect(counted.some((r) => r.plan.some((line) => line.includes('resources_status_facets_idx')))).toBe(true);
      }
    });
  }

  it("GET /api/me/dashboard: a learner's counts and lists through their own rows' indexes, never everyone's upcoming bookings", async () => {
    const learner = await createSignedInUser(t.db);
    const { report } = await planned('/api/me/dashboard', learner.token);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    const bookingLines = report.flatMap((r) => r.plan).filter((line) => /^(SEARCH|SCAN) (bookings|b) /.test(line));
    expect(bookingLines.length).toBeGreaterThanOrEqual(2);
    expect(bookingLines.every((line) => line.includes('bookings_user_status_idx'))).toBe(true);
  });

  it('GET /api/seller/payments: the balance and totals from the seller’s running totals, a page of the ledger through its index', async () => {
    const seller = await createSeller(t.db);
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'sale', grossCents: 1000, feeCents: 100, netCents: 900 });
    const { statements, report } = await planned('/api/seller/payments', await signIn(t.db, seller.user.id));
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    // No statement adds up or counts the seller's ledger.
    expect(statements.filter((s) => /(sum|count)\([^)]*\)[\s\S]*\bfrom\s+"?seller_ledger\b/i.test(s.sql))).toEqual([]);
  });

  for (const days of [30, 365]) {
    it(`GET /api/seller/analytics?days=${days}: the days from the seller's running totals, a page of resources and only their window's rows`, async () => {
      const seller = await createSeller(t.db);
      await createResource(t.db, seller.user.id);
      const { statements, report } = await planned(`/api/seller/analytics?days=${days}`, await signIn(t.db, seller.user.id));
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
      const lines = report.flatMap((r) => r.plan);
      expect(lines.some((line) => /resources USING INDEX resources_seller_sales_idx \(seller_id=\?\)/.test(line))).toBe(true);
      expect(lines.some((line) => /seller_ledger USING INDEX seller_ledger_resource_idx \(resource_id=\? AND created_at>\?\)/.test(line))).toBe(true);
      // No read of the seller's whole ledger by seller: the days come from stat_totals.
      expect(lines.filter((line) => /seller_ledger_seller_idx/.test(line))).toEqual([]);
      expect(statements.some((s) => /from\s+"?stat_totals"?/i.test(s.sql))).toBe(true);
    });
  }

  it('GET /api/admin/store-stats: listed resources and money from running totals, the top five through the revenue index', async () => {
    const { report } = await planned('/api/admin/store-stats', adminToken);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    expect(report.some((r) => r.plan.some((line) => line.includes('resource_revenue_order_idx')))).toBe(true);
    // The window's first day is summed from the ledger's day index alone (no row read per entry).
    expect(report.some((r) => r.plan.some((line) => line.includes('COVERING INDEX seller_ledger_created_idx')))).toBe(true);
  });

  for (const path of ['/api/users/export.csv', '/api/admin/orders/export.csv', '/api/admin/bookings/export.csv', '/api/admin/subscriptions/export.csv', '/api/admin/audit-log/export.csv']) {
    it(`GET ${path}: the count, then each page from the last row of the one before, through the list's index`, async () => {
      const { report } = await planned(path, adminToken);
      expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    });
  }

  it('the exports’ later pages: after the last row read, through the list’s index, never a sort of the whole table', async () => {
    const position = ['2026-06-01T00:00:00.000Z', 500] as const;
    const noSubscriptionFilter = { plan: undefined, status: undefined, interval: undefined, q: undefined };
    const now = new Date();
    const pages: [string, () => Promise<unknown>][] = [
      ['orders', () => adminOrdersAfter(t.db, {}, position, 1000)],
      ['orders, paid', () => adminOrdersAfter(t.db, { status: 'paid' }, position, 1000)],
      ['bookings', () => adminBookingsAfter(t.db, { status: undefined, from: undefined, to: undefined, q: undefined }, position, 1000, now)],
      ['subscriptions', () => adminSubscriptionsAfter(t.db, { ...noSubscriptionFilter }, position, 1000)],
      ['subscriptions, active', () => adminSubscriptionsAfter(t.db, { ...noSubscriptionFilter, status: 'active' }, position, 1000)],
      ['users', () => usersAfter(t.db, {}, 500, 1000)],
      ['audit log', () => auditLogExport(t.db, {}).page(position, 1000)],
      ['audit log, an action', () => auditLogExport(t.db, { action: 'coupon.update' }).page(position, 1000)],
    ];
    for (const [name, run] of pages) {
      const report = await planReport(t.client, await statementsOf(t.client, run));
      expect(report.filter((r) => r.problems.length > 0), name).toEqual([]);
    }
  });

  it('GET /api/notifications: a member’s newest notices through an index, not their whole list sorted', async () => {
    const { report } = await planned('/api/notifications', adminToken);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    expect(report.some((r) => r.plan.some((line) => line.includes('notifications_user_created_idx')))).toBe(true);
  });

  it('a new checkout expires the overdue ones first: only the pending orders past their expiry, through their partial index', async () => {
    const statements = await statementsOf(t.client, () => expireOverdueSessions(t.platform));
    const report = await planReport(t.client, statements);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    expect(report[0]!.plan[0]).toMatch(/^SEARCH orders USING INDEX orders_pending_expiry_idx \(provider=\? AND expires_at<\?\)/);
  });

  it('the bookings sweep, every minute: each statement reads what is due through an index', async () => {
    const statements = await statementsOf(t.client, () => sweepBookings(t.platform));
    const report = await planReport(t.client, statements);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    expect(report.length).toBeGreaterThanOrEqual(4);
    // The confirmation emails due: bookings confirmed in the last day, not every confirmed booking.
    const due = report.find((r) => r.sql.includes('FROM email_outbox e'))!;
    expect(due.plan[0]).toMatch(/^SEARCH b USING INDEX bookings_confirmed_idx \(confirmed_at>\?\)/);
  });
  it('POST /api/checkout: the buyer’s open orders for the same items are found through the buyer, not through every sale of the product', async () => {
    const course = await createPaidCourse(t.db, { priceCents: 2500 });
    // The product has sold before: its other orders must not be read by this buyer's checkout.
    for (let i = 0; i < 3; i++) {
      const other = await createSignedInUser(t.db);
      await addCartLine(t.db, other.user.id, 'COURSE', course.id);
      expect((await t.json('POST', '/api/checkout', {}, other.token)).status).toBe(201);
    }
    const { user, token } = await createSignedInUser(t.db);
    await addCartLine(t.db, user.id, 'COURSE', course.id);
    let status = 0;
    const statements = await statementsOf(t.client, async () => {
      status = (await t.json('POST', '/api/checkout', {}, token)).status;
    });
    expect(status).toBe(201);
    const report = await planReport(t.client, statements);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    const replacing = report.find((r) => /^update "orders" set "status"/.test(r.sql))!;
    expect(replacing.plan.join('\n')).toMatch(/SEARCH orders USING INDEX orders_user_status_idx \(user_id=\? AND status=\?\)/);
    expect(replacing.plan.join('\n')).toMatch(/order_items_order_item_unique \(order_id=\? AND kind=\? AND item_id=\?\)/);
    expect(replacing.plan.join('\n')).not.toContain('order_items_item_idx');
  });
});
