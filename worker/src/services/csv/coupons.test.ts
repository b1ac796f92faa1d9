import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, useAdminTestApp } from '../../../../tests/support/admin-test-app.ts';
import { createCoupon } from '../../../../tests/support/commerce-factories.ts';
import { expectBadFilter, fetchCsv, listAll, listTotal, TRICKY, TRICKY_READ } from '../../../../tests/support/csv-export.ts';
import { createSignedInUser } from '../../../../tests/support/factories.ts';
import type { CouponView } from '../../../../shared/coupons.ts';
import { COUPONS_CSV_HEADER } from './coupons.ts';
import { CSV_PAGE_ROWS } from './stream.ts';

const app = useAdminTestApp();

const PATH = '/api/admin/coupons/export.csv';

describe('GET /api/admin/coupons/export.csv', () => {
  it("exports every coupon the list's filters select, across pages, in the list's order (newest first)", async () => {
    const tag = `cx${Date.now().toString(36)}`;
    const tricky = await createCoupon(app.t.db, {
      description: TRICKY(tag),
      discountType: 'fixed',
      percentOff: null,
      amountOffCents: 1050,
      minOrderCents: 2000,
      maxRedemptions: 10,
      endsAt: '2031-01-01T00:00:00.000Z',
      createdAt: '2026-01-05T00:00:00.000Z',
    });
    for (let i = 1; i <= 3; i++) await createCoupon(app.t.db, { description: `Spring ${tag} ${i}`, createdAt: `2026-01-0${i}T00:00:00.000Z` });
    await createCoupon(app.t.db, { description: `Old ${tag}`, active: false }); // inactive

    const filters = `q=${tag}&active=true`;
    const listed = await listAll<CouponView>(app.t, `/api/admin/coupons?${filters}`, app.adminToken);
    expect(listed).toHaveLength(4);
    expect(await listTotal(app.t, `/api/admin/coupons?${filters}&pageSize=1`, app.adminToken)).toBe(4);

    const { header, rows } = await fetchCsv(app.t, `${PATH}?${filters}&page=2&pageSize=1`, app.adminToken, 'coupons');
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

    const inactive = await fetchCsv(app.t, `${PATH}?q=${tag}&active=false`, app.adminToken, 'coupons');
    expect(inactive.rows).toHaveLength(1);
    expect(inactive.rows[0]![inactive.header.indexOf('State')]).toBe('inactive');
  });

  it('exports thousands of coupons made in the same instant across pages, each once, in the list’s order', async () => {
    const tag = `PG${Date.now().toString(36).toUpperCase()}`;
    const n = CSV_PAGE_ROWS * 2 + 5;
    // One statement: every coupon gets the same created_at, so only the id orders them.
    await app.t.db.run(sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
      INSERT INTO coupons (code, description, discount_type, percent_off) SELECT ${tag} || '-' || i, '', 'percent', 10 FROM n`);
    const { header, rows } = await fetchCsv(app.t, `${PATH}?q=${tag}-`, app.adminToken, 'coupons');
    const codes = rows.map((r) => r[header.indexOf('Code')]);
    expect(codes).toHaveLength(n);
    expect(new Set(codes).size).toBe(n);
    expect(codes.slice(0, 3)).toEqual([`${tag}-${n}`, `${tag}-${n - 1}`, `${tag}-${n - 2}`]);
  });

  it('is for coupons.manage only, and a bad filter is a 400', async () => {
    const curriculumAdmin = (await createSignedInUser(app.t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
    await expectAdminOnly(app.t, 'GET', PATH, undefined, app.studentToken, [curriculumAdmin]);
    await expectBadFilter(app.t, `${PATH}?active=maybe`, app.adminToken, { active: ['active must be true or false'] });
  });
});
