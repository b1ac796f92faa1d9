import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments } from '../../../db/schema/index.ts';
import { createUser, type FactoryUser } from '../../../tests/support/factories.ts';
import { buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  COURSE_OWNED,
  describePurchasable,
  describePurchasables,
  purchasableKey,
  registerPurchasableKind,
  unregisterPurchasableKind,
} from './purchasables.ts';

describe('purchasables', () => {
  let t: TestApp;
  let buyer: FactoryUser;
  let paid: BuiltCourse;
  let draft: BuiltCourse;
  let archived: BuiltCourse;
  let owned: BuiltCourse;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await createUser(t.db);
    paid = await buildCourse(t.db, { priceCents: 4900 });
    draft = await buildCourse(t.db, { priceCents: 1000, status: 'draft' });
    archived = await buildCourse(t.db, { priceCents: 1000, status: 'archived' });
    owned = await buildCourse(t.db, { priceCents: 2500 });
    await t.db.insert(enrollments).values({ userId: buyer.id, courseId: owned.id, source: 'admin' });
  });
  afterAll(() => t.close());

  it('describes a published course with its current title, price and page', async () => {
    const item = await describePurchasable(t.db, buyer.id, { kind: 'COURSE', itemId: paid.id });
    expect(item).toEqual({
      kind: 'COURSE',
      itemId: paid.id,
      title: paid.title,
      priceCents: 4900,
      imageUrl: null,
      url: `/courses/${paid.id}`,
      available: true,
      reason: null,
      reasonMessage: null,
      maxQuantity: 1,
    });
  });

  it('flags draft and archived courses as unpublished, enrolled ones as owned, missing ones as not_found', async () => {
    const refs = [draft, archived, owned].map((c) => ({ kind: 'COURSE' as const, itemId: c.id }));
    const missing = { kind: 'COURSE' as const, itemId: 9_999_999 };
    const map = await describePurchasables(t.db, buyer.id, [...refs, missing]);
    expect(map.size).toBe(4);
    expect(map.get(purchasableKey(refs[0]!))).toMatchObject({ available: false, reason: 'unpublished', reasonMessage: 'This item is not available.' });
    expect(map.get(purchasableKey(refs[1]!))).toMatchObject({ available: false, reason: 'unpublished' });
    expect(map.get(purchasableKey(refs[2]!))).toMatchObject({ available: false, reason: 'owned', reasonMessage: COURSE_OWNED, priceCents: 2500 });
    expect(map.get(purchasableKey(missing))).toMatchObject({ available: false, reason: 'not_found', reasonMessage: 'This item no longer exists.' });
  });

  it('a guest (no user) owns nothing', async () => {
    const item = await describePurchasable(t.db, null, { kind: 'COURSE', itemId: owned.id });
    expect(item).toMatchObject({ available: true, reason: null });
  });

  it('a kind without an entry answers not_found; a fake describer replaces a kind until it is unregistered', async () => {
    expect(await describePurchasable(t.db, buyer.id, { kind: 'BOOKING', itemId: 7 })).toMatchObject({ available: false, reason: 'not_found', maxQuantity: 1 });
    const ref = { kind: 'RESOURCE' as const, itemId: 999_999_007 };
    expect(await describePurchasable(t.db, buyer.id, ref)).toMatchObject({ available: false, reason: 'not_found', maxQuantity: 10 });
    registerPurchasableKind('RESOURCE', async (_db, _user, ids) => {
      return new Map(
        ids.map((id) => [
          id,
          { kind: 'RESOURCE', itemId: id, title: `Sheet ${id}`, priceCents: 300, imageUrl: null, url: `/curriculum/${id}`, available: true, reason: null, reasonMessage: null, maxQuantity: 10 },
        ]),
      );
    });
    try {
      expect(await describePurchasable(t.db, buyer.id, ref)).toMatchObject({ title: 'Sheet 999999007', available: true, priceCents: 300 });
    } finally {
      unregisterPurchasableKind('RESOURCE');
    }
    expect(await describePurchasable(t.db, buyer.id, ref)).toMatchObject({ reason: 'not_found' });
  });

  it('describes repeated refs once and an empty list as an empty map', async () => {
    const ref = { kind: 'COURSE' as const, itemId: paid.id };
    expect((await describePurchasables(t.db, buyer.id, [ref, ref])).size).toBe(1);
    expect((await describePurchasables(t.db, buyer.id, [])).size).toBe(0);
  });
});
