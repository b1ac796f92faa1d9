import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../../db/schema/commerce.ts';
import { createCourse } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { INVALID_CURSOR } from '../schemas/users.ts';
import type { AdminOrderDetail, AdminOrderPage } from '../../../shared/orders.ts';
import { ORDER_NOT_FOUND } from '../services/orders.ts';
import type { OrderSummary } from '../../../shared/payments/order-view.ts';
import { ORDER_CSV_HEADER } from '../services/orders-csv.ts';
import { placeOrder } from '../../../tests/support/order-factories.ts';

let t: TestApp;
let adminToken: string;
let buyer: FactoryUser;
let buyerToken: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  const signed = await createSignedInUser(t.db, { firstName: 'Rosa', lastName: 'Quintero' });
  buyer = signed.user;
  buyerToken = signed.token;
  otherToken = (await createSignedInUser(t.db)).token;
});
afterAll(() => t.close());

const get = (path: string, token?: string) => t.json('GET', path, undefined, token);

describe('buyer: GET /api/orders, /api/orders/:id, /api/resource-orders', () => {
  it('answers 401 signed out', async () => {
    for (const path of ['/api/orders', '/api/orders/1', '/api/resource-orders']) expect((await get(path)).status).toBe(401);
  });

  it('lists only the buyer’s own orders, newest first, in the OrderSummary shape', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const course = await createCourse(t.db, { priceCents: 2500 });
    const first = await placeOrder(t, user.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 2500 }], { createdAt: '2026-01-01T10:00:00.000Z' });
    const second = await placeOrder(t, user.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 2500 }], { createdAt: '2026-02-01T10:00:00.000Z', paid: false });
    await placeOrder(t, buyer.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 2500 }]);
    const res = await get('/api/orders', token);
    expect(res.status).toBe(200);
    const body = await read<{ data: OrderSummary[] }>(res);
    expect(body.data.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(body.data[1]).toMatchObject({
      number: first.number,
      status: 'paid',
      totalCents: 2500,
      testMode: true,
      checkoutUrl: null,
      receiptUrl: `/my-purchases/${first.id}/receipt`,
      items: [{ kind: 'COURSE', itemId: course.id, title: course.title, fulfilled: true, revoked: false, nextAction: { label: 'Start course' } }],
    });
    expect(body.data[0]).toMatchObject({ status: 'pending' });
  });

  it('answers one order to its owner and to orders.read_all; 404 to anyone else and for an unknown id', async () => {
    const course = await createCourse(t.db, { priceCents: 1200 });
    const order = await placeOrder(t, buyer.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 1200 }]);
    expect(await read<OrderSummary>(await get(`/api/orders/${order.id}`, buyerToken))).toMatchObject({ id: order.id, number: order.number });
    expect((await get(`/api/orders/${order.id}`, adminToken)).status).toBe(200);
    const foreign = await get(`/api/orders/${order.id}`, otherToken);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: ORDER_NOT_FOUND });
    expect((await get('/api/orders/99999999', buyerToken)).status).toBe(404);
    expect((await get('/api/orders/abc', buyerToken)).status).toBe(400);
    // A sub-admin without orders.read_all is just someone else.
    const { token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    expect((await get(`/api/orders/${order.id}`, token)).status).toBe(404);
  });

  it('lists the orders holding a resource line for /api/resource-orders', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const course = await createCourse(t.db, { priceCents: 1000 });
    await placeOrder(t, user.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 1000 }]);
    const withResource = await placeOrder(
      t,
      user.id,
      [
        { kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 1000 },
        { kind: 'RESOURCE', itemId: 77, title: 'Salsa lesson plans', unitPriceCents: 900, quantity: 2 },
      ],
      { paid: false },
    );
    const body = await read<{ data: OrderSummary[] }>(await get('/api/resource-orders', token));
    expect(body.data.map((o) => o.id)).toEqual([withResource.id]);
    expect(body.data[0]!.items.map((i) => i.kind)).toEqual(['COURSE', 'RESOURCE']);
  });
});

describe('admin: GET /api/admin/orders', () => {
  let tag: string;
  let people: FactoryUser[];
  let placed: { id: number; number: string }[];

  beforeAll(async () => {
    tag = `zq${Date.now().toString(36)}`;
    people = [
      await createUser(t.db, { firstName: 'Amara', lastName: `Okafor${tag}`, email: `amara.${tag}@example.com` }),
      await createUser(t.db, { firstName: 'Bo', lastName: `Lindqvist${tag}`, username: `bo_${tag}` }),
    ];
    const course = await createCourse(t.db, { priceCents: 4000 });
    const line = [{ kind: 'COURSE' as const, itemId: course.id, title: course.title, unitPriceCents: 4000 }];
    placed = [
      await placeOrder(t, people[0]!.id, line, { createdAt: '2026-03-01T09:00:00.000Z' }),
      await placeOrder(t, people[0]!.id, line, { createdAt: '2026-03-05T23:59:59.000Z', paid: false }),
      await placeOrder(t, people[1]!.id, line, { createdAt: '2026-03-10T00:00:00.000Z' }),
    ];
  });

  const list = async (query: string) => read<AdminOrderPage>(await get(`/api/admin/orders?${query}`, adminToken));

  it('is guarded by orders.read_all', async () => {
    expect((await get('/api/admin/orders')).status).toBe(401);
    const res = await get('/api/admin/orders', buyerToken);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
  });

  it('searches the buyer’s name, email and username, and the order number', async () => {
    const byName = await list(`q=Okafor${tag}`);
    expect(byName.data.map((o) => o.id)).toEqual([placed[1]!.id, placed[0]!.id]);
    expect(byName.data[0]!.buyer).toMatchObject({ id: people[0]!.id, name: `Amara Okafor${tag}`, email: `amara.${tag}@example.com` });
    expect((await list(`q=amara.${tag}`)).total).toBe(2);
    expect((await list(`q=Amara%20Okafor${tag}`)).total).toBe(2);
    expect((await list(`q=bo_${tag}`)).data.map((o) => o.id)).toEqual([placed[2]!.id]);
    expect((await list(`q=${placed[2]!.number}`)).data.map((o) => o.id)).toEqual([placed[2]!.id]);
    // The beginning of a number, in any case.
    expect((await list(`q=${placed[2]!.number.slice(0, 8).toLowerCase()}`)).data.map((o) => o.id)).toContain(placed[2]!.id);
    expect((await list(`q=${tag}%25`)).total).toBe(0);
  });

  it('filters by status, day range (UTC, both ends included) and buyer, with paging', async () => {
    expect((await list(`q=${tag}&status=pending`)).data.map((o) => o.id)).toEqual([placed[1]!.id]);
    expect((await list(`q=${tag}&status=paid`)).total).toBe(2);
    expect((await list(`q=${tag}&from=2026-03-05&to=2026-03-05`)).data.map((o) => o.id)).toEqual([placed[1]!.id]);
    expect((await list(`q=${tag}&from=2026-03-02`)).total).toBe(2);
    expect((await list(`q=${tag}&to=2026-03-09`)).total).toBe(2);
    expect((await list(`buyerId=${people[1]!.id}`)).data.map((o) => o.id)).toEqual([placed[2]!.id]);
    const page2 = await list(`q=${tag}&pageSize=2&page=2`);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.data.map((o) => o.id)).toEqual([placed[0]!.id]);
    // The pages' own tokens: the page after the first, then back before it.
    const first = await list(`q=${tag}&pageSize=2`);
    expect(first.prev).toBeNull();
    const next = await list(`q=${tag}&pageSize=2&after=${first.next}`);
    expect(next).toMatchObject({ page: 2, next: null });
    expect(next.data.map((o) => o.id)).toEqual([placed[0]!.id]);
    const back = await list(`q=${tag}&pageSize=2&before=${next.prev}`);
    expect(back).toMatchObject({ page: 1, prev: null });
    expect(back.data.map((o) => o.id)).toEqual(first.data.map((o) => o.id));
    expect((await list(`q=${tag}&status=&from=&to=`)).total).toBe(3);
  });

  it.each([
    ['status=shipped', 'Unknown status'],
    ['from=2026-13-45', 'From must be a date (YYYY-MM-DD)'],
    ['to=yesterday', 'To must be a date (YYYY-MM-DD)'],
    ['from=2026-03-05&to=2026-03-01', 'The end date must not be before the start date.'],
    ['buyerId=x', 'Invalid buyer'],
    ['pageSize=500', 'Page size must be at most 100'],
    ['after=forged', INVALID_CURSOR],
  ])('refuses %s', async (query, message) => {
    const res = await get(`/api/admin/orders?${query}`, adminToken);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).message).toBe(message);
  });
});

describe('admin: GET /api/admin/orders/export.csv', () => {
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else field += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        row.push(field);
        field = '';
      }
      else if (ch === '\r' && text[i + 1] === '\n') {
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
        i++;
      } else field += ch;
    }
    return rows;
  }

  it('exports the filtered orders as quoted CSV, safe to open in a spreadsheet', async () => {
    const tag = `csv${Date.now().toString(36)}`;
    const evil = await createUser(t.db, { firstName: '=HYPERLINK("http://x")', lastName: `Smith, "Jr" ${tag}` });
    const course = await createCourse(t.db, { priceCents: 1999 });
    const order = await placeOrder(t, evil.id, [
      { kind: 'COURSE', itemId: course.id, title: '+Tango, "advanced"\nline two', unitPriceCents: 1999 },
    ]);
    const res = await get(`/api/admin/orders/export.csv?q=${tag}&status=paid`, adminToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(ORDER_CSV_HEADER);
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(row[0]).toBe(order.number);
    expect(row[3]).toBe('paid');
    expect(row[5]).toBe(`'=HYPERLINK("http://x") Smith, "Jr" ${tag}`);
    expect(row[7]).toBe(`'+Tango, "advanced"\nline two`);
    expect(row.slice(8, 12)).toEqual(['19.99', '0.00', '19.99', '0.00']);
    expect(row[13]).toBe('test (no card charged)');
    // Every field is quoted: no cell starts with = + - @ outside quotes.
    expect(text).not.toMatch(/(^|,)[=+\-@]/m);

    // Taken as gzip, page by page: the same file.
    const zipped = await t.request(`/api/admin/orders/export.csv?q=${tag}&status=paid`, { headers: { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString()).toBe(text);

    expect(parseCsv(await (await get(`/api/admin/orders/export.csv?q=${tag}&status=pending`, adminToken)).text())).toHaveLength(1);
    expect((await get('/api/admin/orders/export.csv', buyerToken)).status).toBe(403);
    expect((await get('/api/admin/orders/export.csv?status=nope', adminToken)).status).toBe(400);
  });
});

describe('admin: GET /api/admin/orders/:id', () => {
  it('answers the order with its buyer, payment events, refunds and what is left to refund', async () => {
    const course = await createCourse(t.db, { priceCents: 3000 });
    const order = await placeOrder(t, buyer.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 3000 }]);
    const res = await get(`/api/admin/orders/${order.id}`, adminToken);
    expect(res.status).toBe(200);
    const detail = await read<AdminOrderDetail>(res);
    expect(detail).toMatchObject({ id: order.id, status: 'paid', buyer: { id: buyer.id, name: 'Rosa Quintero' }, refunds: [], refundableCents: 3000 });
    expect(detail.events.map((e) => e.type)).toEqual(['checkout.session.completed']);
    expect(detail.events[0]).toMatchObject({ outcome: 'paid' });
    expect((await get('/api/admin/orders/99999999', adminToken)).status).toBe(404);
    expect((await get(`/api/admin/orders/${order.id}`, buyerToken)).status).toBe(403);
  });

  it('has nothing to refund on an unpaid order', async () => {
    const course = await createCourse(t.db, { priceCents: 3000 });
    const order = await placeOrder(t, buyer.id, [{ kind: 'COURSE', itemId: course.id, title: course.title, unitPriceCents: 3000 }], { paid: false });
    expect(await read<AdminOrderDetail>(await get(`/api/admin/orders/${order.id}`, adminToken))).toMatchObject({ refundableCents: 0, events: [] });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending');
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(1);
  });
});
