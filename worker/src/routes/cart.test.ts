import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, courses, enrollments, users } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import type { Cart, MergedCart } from '../../../shared/cart.ts';
import { registerPurchasableKind, unregisterPurchasableKind, type Purchasable } from '../services/purchasables.ts';

/** A stand-in RESOURCE kind (the store registers the real one): ids below 1000 exist, $3 each, 10 seats. */
function registerFakeResources() {
  registerPurchasableKind('RESOURCE', async (_db, _userId, ids) => {
    const out = new Map<number, Purchasable>();
    for (const id of ids.filter((i) => i < 1000)) {
      out.set(id, { kind: 'RESOURCE', itemId: id, title: `Sheet ${id}`, priceCents: 300, imageUrl: `/img/${id}.png`, url: `/curriculum/${id}`, available: true, reason: null, reasonMessage: null, maxQuantity: 10 });
    }
    return out;
  });
}

describe('cart API', () => {
  let t: TestApp;
  const paidCourse = async (priceCents = 4900, status: 'published' | 'draft' | 'archived' = 'published') => (await buildCourse(t.db, { priceCents, status })).id;
  const shopper = async () => createSignedInUser(t.db);

  beforeAll(async () => {
    t = await createTestApp();
    registerFakeResources();
  });
  afterAll(() => {
    unregisterPurchasableKind('RESOURCE');
    return t.close();
  });

  const add = (token: string, body: unknown) => t.json('POST', '/api/cart', body, token);
  const cartOf = async (token: string) => read<Cart>(await t.json('GET', '/api/cart', undefined, token));
  const linesInDb = (userId: number) => t.db.select().from(cartItems).where(eq(cartItems.userId, userId));

  it('every call needs a signed-in user', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/cart'],
      ['POST', '/api/cart', { type: 'COURSE', itemId: 1 }],
      ['PATCH', '/api/cart/1', { quantity: 2 }],
      ['DELETE', '/api/cart/1'],
      ['DELETE', '/api/cart'],
      ['POST', '/api/cart/refresh'],
      ['POST', '/api/cart/merge', { items: [] }],
    ] as const) {
      const res = await t.json(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('an empty cart', async () => {
    const { token } = await shopper();
    const res = await t.json('GET', '/api/cart', undefined, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
    expect(await read<Cart>(res)).toEqual({ items: [], count: 0, subtotalCents: 0, subtotal: 0, testMode: true });
  });

  it('adds a paid course with its current title, price and page; adding it again keeps one line of 1', async () => {
    const { user, token } = await shopper();
    const courseId = await paidCourse(4900);
    const first = await add(token, { type: 'COURSE', itemId: courseId });
    expect(first.status).toBe(200);
    const cart = await read<Cart>(first);
    const [course] = await t.db.select().from(courses).where(eq(courses.id, courseId));
    expect(cart).toMatchObject({ count: 1, subtotalCents: 4900, subtotal: 49, testMode: true });
    expect(cart.items).toEqual([
      {
        id: expect.any(Number),
        type: 'COURSE',
        itemId: courseId,
        course_id: courseId,
        quantity: 1,
        maxQuantity: 1,
        title: course!.title,
        price: 49,
        priceCents: 4900,
        itemDetails: { title: course!.title, price: 49, image_url: null, url: `/courses/${courseId}` },
        available: true,
        reason: null,
        reasonMessage: null,
      },
    ]);
    const again = await read<Cart>(await add(token, { type: 'course', itemId: courseId, quantity: 3 }));
    expect(again.items).toHaveLength(1);
    expect(again.items[0]!.quantity).toBe(1);
    expect(await linesInDb(user.id)).toHaveLength(1);
  });

  it('refuses items that cannot be bought, in the error shape', async () => {
    const { user, token } = await shopper();
    const owned = await paidCourse();
    await t.db.insert(enrollments).values({ userId: user.id, courseId: owned, source: 'admin' });
    const cases: [unknown, number, string][] = [
      [{ type: 'COURSE', itemId: owned }, 409, 'You are already enrolled in this course.'],
      [{ type: 'COURSE', itemId: await paidCourse(4900, 'draft') }, 409, 'This item is not available.'],
      [{ type: 'COURSE', itemId: await paidCourse(4900, 'archived') }, 409, 'This item is not available.'],
      [{ type: 'COURSE', itemId: 987_654_321 }, 404, 'This item no longer exists.'],
      [{ type: 'RESOURCE', itemId: 5000 }, 404, 'This item no longer exists.'],
      [{ type: 'COURSE', itemId: await paidCourse(0) }, 409, 'This item is free — no purchase is needed.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await read<ErrorBody>(res)).message).toBe(message);
    }
    expect(await linesInDb(user.id)).toHaveLength(0);
  });

  it('answers 400 for malformed bodies, unknown types and quantities out of range', async () => {
    const { user, token } = await shopper();
    const courseId = await paidCourse();
    const bad: [unknown, string][] = [
      [{}, 'type'],
      [{ type: 'BOOK', itemId: courseId }, 'type'],
      [{ type: 'SUBSCRIPTION', itemId: courseId }, 'type'],
      [{ type: 7, itemId: courseId }, 'type'],
      [{ type: 'COURSE' }, 'itemId'],
      [{ type: 'COURSE', itemId: String(courseId) }, 'itemId'],
      [{ type: 'COURSE', itemId: -1 }, 'itemId'],
      [{ type: 'COURSE', itemId: 1.5 }, 'itemId'],
      [{ type: 'COURSE', itemId: courseId, quantity: 0 }, 'quantity'],
      [{ type: 'COURSE', itemId: courseId, quantity: 100 }, 'quantity'],
      [{ type: 'COURSE', itemId: courseId, quantity: 1e300 }, 'quantity'],
      [{ type: 'COURSE', itemId: courseId, quantity: 2.5 }, 'quantity'],
      [[{ type: 'COURSE', itemId: courseId }], '_'],
    ];
    for (const [body, field] of bad) {
      const res = await add(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const err = await read<ErrorBody>(res);
      expect(err.message).toEqual(expect.any(String));
      expect(Object.keys(err.validationErrors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const notJson = await t.request('/api/cart', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{"type":' });
    expect(notJson.status).toBe(400);
    expect((await read<ErrorBody>(notJson)).message).toEqual(expect.any(String));
    const patch = await t.json('PATCH', '/api/cart/1', { quantity: 'many' }, token);
    expect(patch.status).toBe(400);
    expect((await t.json('PATCH', '/api/cart/1', { quantity: 1e9 }, token)).status).toBe(400);
    expect((await t.json('PATCH', '/api/cart/abc', { quantity: 1 }, token)).status).toBe(400);
    expect((await t.json('DELETE', '/api/cart/1e3', undefined, token)).status).toBe(400);
    expect((await t.json('POST', '/api/cart/merge', { items: 'all' }, token)).status).toBe(400);
    expect((await t.json('POST', '/api/cart/merge', { items: Array.from({ length: 101 }, (_, i) => ({ type: 'COURSE', itemId: i + 1 })) }, token)).status).toBe(400);
    expect(await linesInDb(user.id)).toHaveLength(0);
  });

  it('quantities: adding grows the line up to its cap; PATCH sets it, capped; below 1 removes', async () => {
    const { user, token } = await shopper();
    let cart = await read<Cart>(await add(token, { type: 'RESOURCE', itemId: 11, quantity: 4 }));
    expect(cart.items[0]).toMatchObject({ type: 'RESOURCE', itemId: 11, resource_id: 11, quantity: 4, maxQuantity: 10, priceCents: 300 });
    expect(cart.items[0]!.course_id).toBeUndefined();
    cart = await read<Cart>(await add(token, { type: 'RESOURCE', itemId: 11, quantity: 8 }));
    expect(cart.items[0]!.quantity).toBe(10);
    expect(cart).toMatchObject({ count: 10, subtotalCents: 3000, subtotal: 30 });
    const id = cart.items[0]!.id;
    cart = await read<Cart>(await t.json('PATCH', `/api/cart/${id}`, { quantity: 3 }, token));
    expect(cart.items[0]!.quantity).toBe(3);
    cart = await read<Cart>(await t.json('PATCH', `/api/cart/${id}`, { quantity: 99 }, token));
    expect(cart.items[0]!.quantity).toBe(10);
    const removed = await t.json('PATCH', `/api/cart/${id}`, { quantity: 0 }, token);
    expect(removed.status).toBe(200);
    expect((await read<Cart>(removed)).items).toEqual([]);
    expect(await linesInDb(user.id)).toHaveLength(0);
    // A line already gone: 404.
    expect((await t.json('PATCH', `/api/cart/${id}`, { quantity: 2 }, token)).status).toBe(404);
    expect((await t.json('PATCH', `/api/cart/${id}`, { quantity: -1 }, token)).status).toBe(404);
  });

  it("another user's line is 404 for PATCH and DELETE, and stays as it was", async () => {
    const owner = await shopper();
    const other = await shopper();
    const cart = await read<Cart>(await add(owner.token, { type: 'COURSE', itemId: await paidCourse() }));
    const id = cart.items[0]!.id;
    for (const [method, body] of [
      ['PATCH', { quantity: 1 }],
      ['PATCH', { quantity: 0 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.json(method, `/api/cart/${id}`, body, other.token);
      expect(res.status, method).toBe(404);
      expect((await read<ErrorBody>(res)).message).toBe('Cart item not found');
    }
    expect((await t.json('DELETE', '/api/cart/999999999', undefined, owner.token)).status).toBe(404);
    expect(await linesInDb(owner.user.id)).toHaveLength(1);
    await t.json('DELETE', '/api/cart', undefined, other.token);
    expect(await linesInDb(owner.user.id)).toHaveLength(1);
  });

  it('DELETE one line answers a message and the cart; DELETE /api/cart clears it', async () => {
    const { user, token } = await shopper();
    await add(token, { type: 'COURSE', itemId: await paidCourse(1000) });
    const cart = await read<Cart>(await add(token, { type: 'COURSE', itemId: await paidCourse(2000) }));
    expect(cart).toMatchObject({ count: 2, subtotalCents: 3000 });
    const res = await t.json('DELETE', `/api/cart/${cart.items[0]!.id}`, undefined, token);
    expect(res.status).toBe(200);
    const after = await read<Cart & { message: string }>(res);
    expect(after).toMatchObject({ message: 'Item removed from cart', count: 1, subtotalCents: 2000 });
    const cleared = await t.json('DELETE', '/api/cart', undefined, token);
    expect(cleared.status).toBe(200);
    expect(await read<Cart>(cleared)).toMatchObject({ items: [], count: 0, subtotalCents: 0 });
    expect(await linesInDb(user.id)).toHaveLength(0);
  });

  it('shows the current price and flags lines whose item became unavailable (not counted in the subtotal)', async () => {
    const { user, token } = await shopper();
    const a = await paidCourse(1000);
    const b = await paidCourse(2000);
    const c = await paidCourse(3000);
    await add(token, { type: 'COURSE', itemId: a });
    await add(token, { type: 'COURSE', itemId: b });
    await add(token, { type: 'COURSE', itemId: c });
    await t.db.update(courses).set({ priceCents: 1234 }).where(eq(courses.id, a));
    await t.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, b));
    await t.db.insert(enrollments).values({ userId: user.id, courseId: c, source: 'admin' });
    const cart = await cartOf(token);
    expect(cart.items.map((l) => [l.itemId, l.priceCents, l.available, l.reason, l.reasonMessage])).toEqual([
      [a, 1234, true, null, null],
      [b, 2000, false, 'unpublished', 'This item is not available.'],
      [c, 3000, false, 'owned', 'You are already enrolled in this course.'],
    ]);
    expect(cart).toMatchObject({ count: 3, subtotalCents: 1234, subtotal: 12.34 });
    await t.db.delete(courses).where(eq(courses.id, a));
    const gone = await cartOf(token);
    expect(gone.items[0]).toMatchObject({ itemId: a, available: false, reason: 'not_found', reasonMessage: 'This item no longer exists.', title: 'Unavailable item' });
    // Refresh keeps flagged lines (decision 0025) and answers the same cart.
    const refreshed = await read<Cart>(await t.json('POST', '/api/cart/refresh', undefined, token));
    expect(refreshed).toEqual(gone);
  });

  it('refresh brings quantities above the current limit down to it', async () => {
    const { user, token } = await shopper();
    const course = await paidCourse();
    await t.db.insert(cartItems).values([
      { userId: user.id, kind: 'RESOURCE', itemId: 21, quantity: 40 },
      { userId: user.id, kind: 'COURSE', itemId: course, quantity: 5 },
    ]);
    const refreshed = await read<Cart>(await t.json('POST', '/api/cart/refresh', undefined, token));
    expect(refreshed.items.map((l) => l.quantity)).toEqual([10, 1]);
    expect((await linesInDb(user.id)).map((r) => r.quantity).sort((x, y) => x - y)).toEqual([1, 10]);
  });

  it('merges a guest cart: no item lost, no duplicate line, quantities capped, unbuyable items reported', async () => {
    const { user, token } = await shopper();
    const inBoth = await paidCourse(1000);
    const guestOnly = await paidCourse(2000);
    const owned = await paidCourse(3000);
    const draft = await paidCourse(4000, 'draft');
    await t.db.insert(enrollments).values({ userId: user.id, courseId: owned, source: 'admin' });
    await add(token, { type: 'COURSE', itemId: inBoth });
    await add(token, { type: 'RESOURCE', itemId: 31, quantity: 6 });
    const res = await t.json(
      'POST',
      '/api/cart/merge',
      {
        items: [
          { type: 'course', itemId: inBoth, quantity: 1, title: 'ignored', price: 0.01 },
          { type: 'COURSE', itemId: guestOnly },
          { type: 'RESOURCE', itemId: 31, quantity: 3 },
          { type: 'RESOURCE', itemId: 31, quantity: 4 },
          { type: 'RESOURCE', itemId: 32, quantity: 2 },
          { type: 'COURSE', itemId: owned },
          { type: 'COURSE', itemId: draft },
          { type: 'COURSE', itemId: 999_999_999 },
        ],
      },
      token,
    );
    expect(res.status).toBe(200);
    const merged = await read<MergedCart>(res);
    expect(merged.items.map((l) => [l.type, l.itemId, l.quantity])).toEqual([
      ['COURSE', inBoth, 1],
      ['RESOURCE', 31, 10],
      ['COURSE', guestOnly, 1],
      ['RESOURCE', 32, 2],
    ]);
    expect(merged.rejected).toEqual([
      { type: 'COURSE', itemId: owned, quantity: 1, title: expect.any(String), reason: 'owned', reasonMessage: 'You are already enrolled in this course.' },
      { type: 'COURSE', itemId: draft, quantity: 1, title: expect.any(String), reason: 'unpublished', reasonMessage: 'This item is not available.' },
      { type: 'COURSE', itemId: 999_999_999, quantity: 1, title: 'Unavailable item', reason: 'not_found', reasonMessage: 'This item no longer exists.' },
    ]);
    expect(merged).toMatchObject({ count: 14, subtotalCents: 1000 + 3000 + 2000 + 600 });
    expect(await linesInDb(user.id)).toHaveLength(4);
    // Merging the same guest cart again (a retried request) adds nothing new beyond the caps.
    const again = await read<MergedCart>(await t.json('POST', '/api/cart/merge', { items: [{ type: 'COURSE', itemId: guestOnly }] }, token));
    expect(again.items).toHaveLength(4);
    expect(again.items.find((l) => l.itemId === guestOnly)!.quantity).toBe(1);
    // An empty guest cart answers the server cart.
    const empty = await read<MergedCart>(await t.json('POST', '/api/cart/merge', { items: [] }, token));
    expect(empty).toMatchObject({ count: 14, rejected: [] });
  });

  it('concurrent adds of one item make one line and never pass its cap', async () => {
    const { user, token } = await shopper();
    const course = await paidCourse();
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, () => add(token, { type: 'RESOURCE', itemId: 41, quantity: 1 })),
      ...Array.from({ length: 15 }, () => add(token, { type: 'COURSE', itemId: course })),
      ...Array.from({ length: 5 }, () => t.json('POST', '/api/cart/merge', { items: [{ type: 'RESOURCE', itemId: 41, quantity: 3 }, { type: 'COURSE', itemId: course }] }, token)),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const rows = await linesInDb(user.id);
    expect(rows.map((r) => [r.kind, r.itemId, r.quantity]).sort()).toEqual(
      [
        ['COURSE', course, 1],
        ['RESOURCE', 41, 10],
      ].sort(),
    );
    const [line] = await t.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, user.id), eq(cartItems.kind, 'RESOURCE')));
    expect(line!.quantity).toBe(10);
  });

  it('answers testMode false when both Stripe keys are set', async () => {
    const live = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    try {
      const { token } = await createSignedInUser(live.db);
      const cart = await read<Cart>(await live.json('GET', '/api/cart', undefined, token));
      expect(cart.testMode).toBe(false);
    } finally {
      live.client.close();
    }
  });

  it('a deleted user takes their cart along (cascade)', async () => {
    const { user, token } = await shopper();
    await add(token, { type: 'COURSE', itemId: await paidCourse() });
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await linesInDb(user.id)).toHaveLength(0);
  });
});
