import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, orders } from '../../../db/schema/commerce.ts';
import { createCourse } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { COUPON_CODE_TAKEN, COUPON_NOT_FOUND, END_BEFORE_START, ITEM_NOT_FOUND, PERCENT_REQUIRED, AMOUNT_REQUIRED } from '../services/coupons.ts';
import { type CouponPage, type CouponView } from '../../../shared/coupons.ts';
import { COUPON_CODE_FORMAT } from './coupons.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;
let n = 0;
const code = (prefix = 'CODE') => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  studentToken = (await createSignedInUser(t.db)).token;
});
afterAll(() => t.close());

const post = (body: unknown, token = adminToken) => t.json('POST', '/api/admin/coupons', body, token);
async function created(body: Record<string, unknown>): Promise<CouponView> {
  const res = await post({ code: code(), discountType: 'percent', percentOff: 20, ...body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return read<CouponView>(res);
}

describe('guard (coupons.manage: ADMIN only)', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/coupons'],
    ['POST', '/api/admin/coupons', { code: 'GUARD1', discountType: 'percent', percentOff: 10 }],
    ['GET', '/api/admin/coupons/1'],
    ['PATCH', '/api/admin/coupons/1', { description: 'x' }],
    ['POST', '/api/admin/coupons/1/deactivate'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a student and a sub-admin', async (method, path, body) => {
    expect((await t.json(method, path, body)).status).toBe(401);
    const res = await t.json(method, path, body, studentToken);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
    const { token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    expect((await t.json(method, path, body, token)).status).toBe(403);
  });
});

describe('POST /api/admin/coupons', () => {
  it('creates a percent coupon, stores the code upper-case and answers its view', async () => {
    const c = code('spring');
    const res = await post({ code: `  ${c.toLowerCase()} `, discountType: 'percent', percentOff: 20, description: 'Spring sale' });
    expect(res.status).toBe(201);
    const view = await read<CouponView>(res);
    expect(view).toMatchObject({
      code: c.toUpperCase(),
      description: 'Spring sale',
      summary: '20% off',
      discountType: 'percent',
      percentOff: 20,
      amountOffCents: null,
      appliesToKinds: null,
      appliesToItems: null,
      minOrderCents: 0,
      active: true,
      state: 'active',
      reservedCount: 0,
      redeemedCount: 0,
    });
  });

  it('creates a fixed coupon limited to courses, dates, limits and a minimum', async () => {
    const course = await createCourse(t.db, { priceCents: 5000, status: 'published' });
    const view = await created({
      discountType: 'fixed',
      percentOff: null,
      amountOffCents: 500,
      appliesToKinds: ['COURSE', 'COURSE'],
      appliesToItems: [{ kind: 'COURSE', itemId: course.id }],
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2099-01-01',
      maxRedemptions: 100,
      perUserLimit: 1,
      minOrderCents: 2000,
    });
    expect(view).toMatchObject({
      discountType: 'fixed',
      amountOffCents: 500,
      percentOff: null,
      appliesToKinds: ['COURSE'],
      appliesToItems: [{ kind: 'COURSE', itemId: course.id, title: course.title }],
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
      maxRedemptions: 100,
      perUserLimit: 1,
      minOrderCents: 2000,
      summary: '$5.00 off selected items',
    });
  });

  it('clears the other discount column and reads empty lists as "every"', async () => {
    const view = await created({ discountType: 'percent', percentOff: 15, amountOffCents: 300, appliesToKinds: [], appliesToItems: [] });
    expect(view).toMatchObject({ percentOff: 15, amountOffCents: null, appliesToKinds: null, appliesToItems: null });
  });

  it.each([
    [{ discountType: 'percent', percentOff: 0 }, 'percentOff', 'Percentage must be from 1 to 100'],
    [{ discountType: 'percent', percentOff: 101 }, 'percentOff', 'Percentage must be from 1 to 100'],
    [{ discountType: 'percent', percentOff: 12.5 }, 'percentOff', 'Percentage must be a whole number'],
    [{ discountType: 'percent' }, 'percentOff', PERCENT_REQUIRED],
    [{ discountType: 'fixed', amountOffCents: 0 }, 'amountOffCents', 'Amount must be greater than 0'],
    [{ discountType: 'fixed', amountOffCents: -5 }, 'amountOffCents', 'Amount must be greater than 0'],
    [{ discountType: 'fixed' }, 'amountOffCents', AMOUNT_REQUIRED],
    [{ discountType: 'bogus', percentOff: 5 }, 'discountType', 'Choose percent or fixed amount'],
    [{ discountType: 'percent', percentOff: 5, maxRedemptions: 0 }, 'maxRedemptions', 'Total limit must be at least 1'],
    [{ discountType: 'percent', percentOff: 5, perUserLimit: 0 }, 'perUserLimit', 'Per-user limit must be at least 1'],
    [{ discountType: 'percent', percentOff: 5, minOrderCents: -1 }, 'minOrderCents', 'Minimum order cannot be negative'],
    [{ discountType: 'percent', percentOff: 5, startsAt: 'soon' }, 'startsAt', 'Enter a valid date'],
    [{ discountType: 'percent', percentOff: 5, appliesToKinds: ['PIZZA'] }, 'appliesToKinds.0', 'Unknown item kind'],
    [
      { discountType: 'percent', percentOff: 5, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-02-01T00:00:00Z' },
      'endsAt',
      END_BEFORE_START,
    ],
    [{ discountType: 'percent', percentOff: 5, startsAt: '2026-03-01', endsAt: '2026-02-01' }, 'endsAt', END_BEFORE_START],
  ])('refuses %j (400 on %s)', async (body, field, message) => {
    const res = await post({ code: code(), ...body });
    expect(res.status).toBe(400);
    const err = await read<ErrorBody>(res);
    expect(err.message).toBe(message);
    expect(err.validationErrors?.[field]).toContain(message);
  });

  it.each(['AB', 'HAS SPACE', '-LEADING', 'X'.repeat(33), 'ÉTÉ20', ''])('refuses the code %j', async (bad) => {
    const res = await post({ code: bad, discountType: 'percent', percentOff: 5 });
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors?.code).toEqual([COUPON_CODE_FORMAT]);
  });

  it('refuses an unknown course', async () => {
    const res = await post({ code: code(), discountType: 'percent', percentOff: 5, appliesToItems: [{ kind: 'COURSE', itemId: 99999999 }] });
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).message).toBe(ITEM_NOT_FOUND);
  });

  it('answers 409 for a code that exists, whatever its case', async () => {
    const c = code('DUP');
    expect((await post({ code: c, discountType: 'percent', percentOff: 5 })).status).toBe(201);
    const res = await post({ code: c.toLowerCase(), discountType: 'fixed', amountOffCents: 100 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: COUPON_CODE_TAKEN });
    // A case-mixed row written by something else still counts (the unique index is on upper(code)).
    const mixed = code('Mix').replace(/X/g, 'x');
    await t.db.insert(coupons).values({ code: mixed, discountType: 'percent', percentOff: 5 });
    expect((await post({ code: mixed.toUpperCase(), discountType: 'percent', percentOff: 5 })).status).toBe(409);
  });
});

describe('GET /api/admin/coupons', () => {
  it('lists newest first with reserved and redeemed counts, searchable and filterable', async () => {
    const tag = code('LIST');
    const a = await created({ code: `${tag}A`, description: 'first' });
    const b = await created({ code: `${tag}B`, maxRedemptions: 2 });
    const buyer = await createUser(t.db);
    const orderValues = (status: 'pending' | 'paid', number: string) => ({
      number,
      userId: buyer.id,
      type: 'course' as const,
      status,
      description: 'x',
      subtotalCents: 1000,
      totalCents: 800,
      discountCents: 200,
      provider: 'test' as const,
    });
    const [o1] = await t.db.insert(orders).values(orderValues('pending', `${tag}-1`)).returning();
    const [o2] = await t.db.insert(orders).values(orderValues('paid', `${tag}-2`)).returning();
    const [o3] = await t.db.insert(orders).values(orderValues('paid', `${tag}-3`)).returning();
    await t.db.insert(couponRedemptions).values([
      { couponId: b.id, orderId: o1!.id, userId: buyer.id, status: 'reserved' },
      { couponId: b.id, orderId: o2!.id, userId: buyer.id, status: 'redeemed' },
      { couponId: b.id, orderId: o3!.id, userId: buyer.id, status: 'released' },
    ]);
    const page = await read<CouponPage>(await t.json('GET', `/api/admin/coupons?q=${tag}`, undefined, adminToken));
    expect(page.total).toBe(2);
    expect(page.data.map((c) => c.code)).toEqual([b.code, a.code]);
    expect(page.data[0]).toMatchObject({ reservedCount: 1, redeemedCount: 1, state: 'used_up' });
    expect(page.data[1]).toMatchObject({ reservedCount: 0, redeemedCount: 0, state: 'active' });

    await t.json('POST', `/api/admin/coupons/${a.id}/deactivate`, undefined, adminToken);
    const active = await read<CouponPage>(await t.json('GET', `/api/admin/coupons?q=${tag}&active=true`, undefined, adminToken));
    expect(active.data.map((c) => c.code)).toEqual([b.code]);
    const byDescription = await read<CouponPage>(await t.json('GET', `/api/admin/coupons?q=first`, undefined, adminToken));
    expect(byDescription.data.map((c) => c.id)).toContain(a.id);
    const paged = await read<CouponPage>(await t.json('GET', `/api/admin/coupons?q=${tag}&pageSize=1&page=2`, undefined, adminToken));
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data.map((c) => c.code)).toEqual([a.code]);
  });

  it('shows scheduled and expired states', async () => {
    const scheduled = await created({ startsAt: '2099-01-01' });
    const expired = await created({ startsAt: '2020-01-01', endsAt: '2020-02-01' });
    expect(scheduled.state).toBe('scheduled');
    expect(expired.state).toBe('expired');
  });

  it('refuses a bad filter', async () => {
    expect((await t.json('GET', '/api/admin/coupons?active=maybe', undefined, adminToken)).status).toBe(400);
    expect((await t.json('GET', '/api/admin/coupons?page=0', undefined, adminToken)).status).toBe(400);
  });
});

describe('GET/PATCH /api/admin/coupons/:id and deactivate', () => {
  it('reads one coupon; 404 for an unknown id', async () => {
    const view = await created({});
    expect(await read<CouponView>(await t.json('GET', `/api/admin/coupons/${view.id}`, undefined, adminToken))).toEqual(view);
    const res = await t.json('GET', '/api/admin/coupons/99999999', undefined, adminToken);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: COUPON_NOT_FOUND });
  });

  it('edits fields and checks the merged coupon whole', async () => {
    const view = await created({ startsAt: '2026-05-01' });
    const res = await t.json('PATCH', `/api/admin/coupons/${view.id}`, { percentOff: 30, perUserLimit: 2, description: 'More' }, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ percentOff: 30, perUserLimit: 2, description: 'More', summary: '30% off' });

    const badEnd = await t.json('PATCH', `/api/admin/coupons/${view.id}`, { endsAt: '2026-04-01' }, adminToken);
    expect(badEnd.status).toBe(400);
    expect((await read<ErrorBody>(badEnd)).message).toBe(END_BEFORE_START);

    const toFixed = await t.json('PATCH', `/api/admin/coupons/${view.id}`, { discountType: 'fixed' }, adminToken);
    expect(toFixed.status).toBe(400);
    expect((await read<ErrorBody>(toFixed)).message).toBe(AMOUNT_REQUIRED);

    const fixed = await t.json('PATCH', `/api/admin/coupons/${view.id}`, { discountType: 'fixed', amountOffCents: 250 }, adminToken);
    expect(await fixed.json()).toMatchObject({ discountType: 'fixed', amountOffCents: 250, percentOff: null });

    const cleared = await t.json('PATCH', `/api/admin/coupons/${view.id}`, { perUserLimit: null, startsAt: null }, adminToken);
    expect(await cleared.json()).toMatchObject({ perUserLimit: null, startsAt: null });
  });

  it('answers 409 when renamed onto another code, 404 for an unknown id', async () => {
    const a = await created({});
    const b = await created({});
    const res = await t.json('PATCH', `/api/admin/coupons/${b.id}`, { code: a.code.toLowerCase() }, adminToken);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: COUPON_CODE_TAKEN });
    expect((await t.json('PATCH', '/api/admin/coupons/99999999', { description: 'x' }, adminToken)).status).toBe(404);
    expect((await t.json('PATCH', `/api/admin/coupons/${b.id}`, { code: 'a b' }, adminToken)).status).toBe(400);
  });

  it('deactivates (and PATCH active:true brings it back)', async () => {
    const view = await created({});
    const res = await t.json('POST', `/api/admin/coupons/${view.id}/deactivate`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ active: false, state: 'inactive' });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, view.id));
    expect(row!.active).toBe(false);
    const back = await t.json('PATCH', `/api/admin/coupons/${view.id}`, { active: true }, adminToken);
    expect(await back.json()).toMatchObject({ active: true, state: 'active' });
    expect((await t.json('POST', '/api/admin/coupons/99999999/deactivate', undefined, adminToken)).status).toBe(404);
  });
});
