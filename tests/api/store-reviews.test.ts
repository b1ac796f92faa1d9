import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, notifications } from '../../db/schema/index.ts';
import { NOT_FREE } from '../../worker/src/services/store/ownership.ts';
import {
  ALREADY_REPLIED,
  ALREADY_REVIEWED,
  NOT_YOUR_REVIEW,
  ONLY_SELLER_REPLIES,
  REVIEW_NEEDS_OWNERSHIP,
  SELLER_CANNOT_REVIEW,
} from '../../worker/src/services/store/reviews.ts';
import type { OwnedResource, ResourceAccess, ResourceDetail, ReviewList, ReviewView } from '../../shared/store/views.ts';
import { createAdmin, signIn } from '../support/factories.ts';
import { placeOrder } from '../support/order-factories.ts';
import { makeBuyer, makeOwnership, makeResource, makeResourceFile, makeSeller, resourceCounters } from '../support/store-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Owning and reviewing (decision 0029): taking a free resource, what the caller may
 * do with one, /api/my-resources, and reviews — owners only, once, editable, one reply, averages
 * at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const review = (resourceId: number, body: unknown, token?: string) => t.json('POST', `/api/resources/${resourceId}/reviews`, body, token);

describe('claim, access and my resources', () => {
  it('a free published resource is taken once (idempotent); a paid one is not', async () => {
    const seller = await makeSeller(t.db);
    const free = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 0 });
    const buyer = await makeBuyer(t.db);
    expect((await t.json('POST', `/api/resources/${free.id}/claim`)).status).toBe(401);
    const first = await t.json('POST', `/api/resources/${free.id}/claim`, undefined, buyer.token);
    expect(first.status).toBe(200);
    expect(await read<ResourceAccess>(first)).toMatchObject({ owned: true, can_download: true, can_review: true, is_seller: false });
    expect((await t.json('POST', `/api/resources/${free.id}/claim`, undefined, buyer.token)).status).toBe(200);
    const mine = await read<OwnedResource[]>(await t.json('GET', '/api/my-resources', undefined, buyer.token));
    expect(mine.filter((o) => o.resource.id === free.id)).toHaveLength(1);
    expect(mine[0]).toMatchObject({ source: 'free', order_id: null, order_number: null });

    const paid = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 500 });
    const refused = await t.json('POST', `/api/resources/${paid.id}/claim`, undefined, buyer.token);
    expect(refused.status).toBe(409);
    expect((await read<ErrorBody>(refused)).message).toBe(NOT_FREE);
    const draft = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 0, status: 'draft' });
    expect((await t.json('POST', `/api/resources/${draft.id}/claim`, undefined, buyer.token)).status).toBe(404);
  });

  it('access says what the caller may do: seller, in cart, owner; never cached', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 900 });
    const buyer = await makeBuyer(t.db);
    const res = await t.json('GET', `/api/resources/${r.id}/access`, undefined, buyer.token);
    expect(res.headers.get('cache-control') ?? '').not.toContain('public');
    expect(await read<ResourceAccess>(res)).toEqual({ resource_id: r.id, owned: false, can_download: false, can_review: false, my_review: null, is_seller: false, in_cart: false });
    await t.db.insert(cartItems).values({ userId: buyer.user.id, kind: 'RESOURCE', itemId: r.id });
    expect(await read<ResourceAccess>(await t.json('GET', `/api/resources/${r.id}/access`, undefined, buyer.token))).toMatchObject({ in_cart: true });
    expect(await read<ResourceAccess>(await t.json('GET', `/api/resources/${r.id}/access`, undefined, seller.token))).toMatchObject({
      is_seller: true,
      can_download: true,
      can_review: false,
      owned: false,
    });
    expect((await t.json('GET', `/api/resources/${r.id}/access`)).status).toBe(401);
    const draft = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    expect((await t.json('GET', `/api/resources/${draft.id}/access`, undefined, buyer.token)).status).toBe(404);
  });

  it('my resources lists bought ones with the order and their files, and not what was refunded', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 1500 });
    await makeResourceFile(t, r.id, { name: 'plan.pdf' });
    const buyer = await makeBuyer(t.db);
    const order = await placeOrder(t, buyer.user.id, [{ kind: 'RESOURCE', itemId: r.id, title: r.title, unitPriceCents: 1500 }]);
    const [owned] = await read<OwnedResource[]>(await t.json('GET', '/api/my-resources', undefined, buyer.token));
    expect(owned).toMatchObject({ source: 'purchase', order_id: order.id, order_number: order.number, resource: { id: r.id, title: r.title }, files: [{ name: 'plan.pdf', type_label: 'PDF' }] });
    const admin = await signIn(t.db, (await createAdmin(t.db)).id);
    await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 1500 }, admin);
    expect(await read<OwnedResource[]>(await t.json('GET', '/api/my-resources', undefined, buyer.token))).toEqual([]);
    expect((await t.json('GET', '/api/my-resources')).status).toBe(401);
  });
});

describe('reviews', () => {
  it('need ownership; the seller cannot review; once only; the average updates at once; the seller is told', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id });
    const stranger = await makeBuyer(t.db);
    const refused = await review(r.id, { rating: 5, body: 'I have not bought it but...' }, stranger.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(REVIEW_NEEDS_OWNERSHIP);
    const own = await review(r.id, { rating: 5, body: 'My own work is great.' }, seller.token);
    expect(own.status).toBe(403);
    expect((await read<ErrorBody>(own)).message).toBe(SELLER_CANNOT_REVIEW);
    expect((await review(r.id, { rating: 5, body: 'Nice and clear.' })).status).toBe(401);

    const a = await makeBuyer(t.db);
    const b = await makeBuyer(t.db);
    await makeOwnership(t.db, a.user.id, r.id);
    await makeOwnership(t.db, b.user.id, r.id);
    const created = await review(r.id, { rating: 5, body: 'Clear plan, my class loved it.' }, a.token);
    expect(created.status).toBe(201);
    expect(await read<ReviewView>(created)).toMatchObject({ rating: 5, body: 'Clear plan, my class loved it.', author: { id: a.user.id }, seller_reply: null });
    expect(await resourceCounters(t.db, r.id)).toMatchObject({ rating_average: 5, rating_count: 1 });
    await review(r.id, { rating: 2, body: 'Too advanced for my group.' }, b.token);
    expect(await resourceCounters(t.db, r.id)).toMatchObject({ rating_average: 3.5, rating_count: 2 });
    expect((await read<ResourceDetail>(await t.request(`/api/resources/${r.id}`))).rating_average).toBe(3.5);
    const list = await read<ReviewList>(await t.request(`/api/resources/${r.id}/reviews`));
    expect(list).toMatchObject({ rating_average: 3.5, rating_count: 2, distribution: [0, 1, 0, 0, 1] });
    expect((await read<ReviewList>(await t.request(`/api/curriculum/${r.id}/reviews`))).data).toHaveLength(2);

    const twice = await review(r.id, { rating: 4, body: 'Trying a second time.' }, a.token);
    expect(twice.status).toBe(409);
    expect((await read<ErrorBody>(twice)).message).toBe(ALREADY_REVIEWED);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(notices.filter((n) => n.kind === 'review_received')).toHaveLength(2);
    const access = await read<ResourceAccess>(await t.json('GET', `/api/resources/${r.id}/access`, undefined, a.token));
    expect(access.my_review).toMatchObject({ rating: 5 });
  });

  it('malformed reviews are 400', async () => {
    const r = await makeResource(t.db);
    const buyer = await makeBuyer(t.db);
    await makeOwnership(t.db, buyer.user.id, r.id);
    for (const body of [{ rating: 0, body: 'Long enough text.' }, { rating: 6, body: 'Long enough text.' }, { rating: 4.5, body: 'Long enough text.' }, { rating: '5', body: 'Long enough text.' }, { rating: 5, body: 'short' }, { rating: 5, body: 'x'.repeat(2001) }, { rating: 5 }, null]) {
      expect((await review(r.id, body, buyer.token)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await review(999_999_999, { rating: 5, body: 'Long enough text.' }, buyer.token)).status).toBe(404);
  });

  it('its author edits a review (average follows); nobody else may', async () => {
    const r = await makeResource(t.db);
    const author = await makeBuyer(t.db);
    const other = await makeBuyer(t.db);
    await makeOwnership(t.db, author.user.id, r.id);
    const created = await read<ReviewView>(await review(r.id, { rating: 4, body: 'Good warm-ups throughout.' }, author.token));
    const path = `/api/resources/${r.id}/reviews/${created.id}`;
    const refused = await t.json('PATCH', path, { rating: 1 }, other.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(NOT_YOUR_REVIEW);
    const edited = await t.json('PATCH', path, { rating: 2, body: 'Good warm-ups, weak combinations.' }, author.token);
    expect(edited.status).toBe(200);
    expect(await read<ReviewView>(edited)).toMatchObject({ rating: 2, body: 'Good warm-ups, weak combinations.' });
    expect(await resourceCounters(t.db, r.id)).toMatchObject({ rating_average: 2, rating_count: 1 });
    expect((await t.json('PATCH', path, {}, author.token)).status).toBe(400);
    expect((await t.json('PATCH', `/api/resources/${r.id}/reviews/999999999`, { rating: 3 }, author.token)).status).toBe(404);
  });

  it('the seller replies once; nobody else replies', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id });
    const author = await makeBuyer(t.db);
    await makeOwnership(t.db, author.user.id, r.id);
    const created = await read<ReviewView>(await review(r.id, { rating: 3, body: 'Needs more music suggestions.' }, author.token));
    const path = `/api/resources/${r.id}/reviews/${created.id}/reply`;
    const refused = await t.json('POST', path, { reply: 'I am not the seller.' }, author.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(ONLY_SELLER_REPLIES);
    expect((await t.json('POST', path, { reply: '' }, seller.token)).status).toBe(400);
    const replied = await t.json('POST', path, { reply: 'Thanks! A music list is now in the files.' }, seller.token);
    expect(replied.status).toBe(200);
    expect(await read<ReviewView>(replied)).toMatchObject({ seller_reply: 'Thanks! A music list is now in the files.', replied_at: expect.any(String) });
    const again = await t.json('POST', path, { reply: 'Second thoughts.' }, seller.token);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(ALREADY_REPLIED);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, author.user.id));
    expect(told.map((n) => n.kind)).toEqual(['review_replied']);
  });
});
