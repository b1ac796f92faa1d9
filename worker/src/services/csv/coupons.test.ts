import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { createCoupon } from '../../../../tests/support/commerce-factories.ts';
import { fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser } from '../../../../tests/support/factories.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import type { CouponView } from '../coupons.ts';
import { COUPONS_CSV_HEADER } from './coupons.ts';
import { CSV_MAX_ROWS } from './writer.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  ({ t, adminToken, studentToken } = await createAdminTestApp());
});
afterAll(() => t.close());

const PATH = '/api/admin/coupons/export.csv';

describe('GET /api/admin/coupons/export.csv', () => {
  it("exports every coupon the list's filters select, across pages, in the list's order (newest first)", async () => {
    const tag = `cx${Date.now().toString(36)}`;
    const tricky = await createCoupon(t.db, {
      description: TRICKY(tag),
      discountType: 'fixed',
      percentOff: null,
      amountOffCents: 1050,
      minOrderCents: 2000,
      maxRedemptions: 10,
      endsAt: '2031-01-01T00:00:00.000Z',
      createdAt: '2026-01-05T00:00:00.000Z',
    });
    for (let i = 1; i <= 3; i++) await createCoupon(t.db, { description: `Spring ${tag} ${i}`, createdAt: `2026-01-0${i}T00:00:00.000Z` });
    await createCoupon(t.db, { description: `Old ${tag}`, active: false }); // inactive

    const filters = `q=${tag}&active=true`;
    const listed = await listAll<CouponView>(t, `/api/admin/coupons?${filters}`, adminToken);
    expect(listed).toHaveLength(4);
    expect(await listTotal(t, `/api/admin/coupons?${filters}&pageSize=1`, adminToken)).toBe(4);

    const { header, rows } = await fetchCsv(t, `${PATH}?${filters}&page=2&pageSize=1`, adminToken, 'coupons');
    expect(header).toEqual(COUPONS_CSV_HEADER);
    expect(rows.map((r) => Number(r[0]))).toEqual(listed.map((c) => c.id));
    expect(Number(rows[0]![0])).toBe(tricky.id);

    const cell = (name: string) => rows[0]![header.indexOf(name)];
    expect(cell('Code')).toBe(tricky.code);
    expect(cell('Description')).toBe(TRICKY_READ(tag));
    expect(cell('Discount')).toBe(listed[0]!.summary);
    expect(cell('Discount type')).toBe('fixed');
    expect(cell('Percent off')).toBe('');
    expect(cell('Amount off (USD)')).toBe('10.50');
    expect(cell('Applies to kinds')).toBe('all');
    expect(cell('Minimum order (USD)')).toBe('20.00');
    expect(cell('Total limit')).toBe('10');
    expect(cell('Ends at (UTC)')).toBe('2031-01-01T00:00:00.000Z');
    expect(cell('Active')).toBe('yes');
    expect(cell('State')).toBe('active');
    expect(cell('Redeemed uses')).toBe('0');

    const inactive = await fetchCsv(t, `${PATH}?q=${tag}&active=false`, adminToken, 'coupons');
    expect(inactive.rows).toHaveLength(1);
    expect(inactive.rows[0]![inactive.header.indexOf('State')]).toBe('inactive');
  });

  it('refuses more rows than the cap with a 400 that says to narrow the filters, and exports them once narrowed', async () => {
    const tag = `CAP${Date.now().toString(36).toUpperCase()}`;
    await t.db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CSV_MAX_ROWS + 1})
      INSERT INTO coupons (code, description, discount_type, percent_off) SELECT ${tag} || '-' || i, '', 'percent', 10 FROM n`);
    expect(await listTotal(t, `/api/admin/coupons?q=${tag}-`, adminToken)).toBe(CSV_MAX_ROWS + 1);
    const res = await t.json('GET', `${PATH}?q=${tag}-`, undefined, adminToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Too many rows to export (more than 50,000). Narrow the filters and try again.' });
    const narrowed = await fetchCsv(t, `${PATH}?q=${tag}-5000`, adminToken, 'coupons');
    expect(narrowed.rows).toHaveLength(await listTotal(t, `/api/admin/coupons?q=${tag}-5000`, adminToken));
  });

  it('is for coupons.manage only, and a bad filter is a 400', async () => {
    expect((await t.json('GET', PATH)).status).toBe(401);
    expect((await t.json('GET', PATH, undefined, studentToken)).status).toBe(403);
    const curriculumAdmin = (await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
    expect((await t.json('GET', PATH, undefined, curriculumAdmin)).status).toBe(403);
    const bad = await t.json('GET', `${PATH}?active=maybe`, undefined, adminToken);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ validationErrors: { active: ['active must be true or false'] } });
  });
});
