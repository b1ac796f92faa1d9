import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceViews, resourceViewVisitors, sellerProfiles } from '../../../db/schema/index.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The page's beacon from one client address, signed in when a token is given. */
const beacon = (id: number, address: string, token?: string) =>
  t.request(`/api/resources/${id}/view`, { method: 'POST', headers: { 'cf-connecting-ip': address, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

const views = async (resourceId: number) => (await t.db.select().from(resourceViews).where(eq(resourceViews.resourceId, resourceId))).reduce((n, r) => n + r.views, 0);

describe('POST /api/resources/{id}/view (the resource page beacon)', () => {
  it('counts one view of a public resource per visitor, for anyone', async () => {
    const seller = await createSeller(t.db);
    const resource = await createResource(t.db, seller.user.id);
    for (let i = 0; i < 3; i++) expect((await beacon(resource.id, `198.51.100.${i + 1}`)).status).toBe(204);
    expect(await views(resource.id)).toBe(3);
  });

  it('counts a visitor once a day: 5 beacons from one address are 1 view, another visitor 1 more, the next day again', async () => {
    const seller = await createSeller(t.db);
    const resource = await createResource(t.db, seller.user.id);
    for (let i = 0; i < 5; i++) expect((await beacon(resource.id, '203.0.113.7')).status).toBe(204);
    expect(await views(resource.id)).toBe(1);

    // Another anonymous address, and a signed-in account (counted by account, not by address).
    expect((await beacon(resource.id, '203.0.113.8')).status).toBe(204);
    expect(await views(resource.id)).toBe(2);
    const { token } = await createSignedInUser(t.db);
    for (let i = 0; i < 3; i++) expect((await beacon(resource.id, '203.0.113.7', token)).status).toBe(204);
    expect(await views(resource.id)).toBe(3);

    // The next day: what was counted today is moved to yesterday, and the same visitor counts again.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.db.update(resourceViews).set({ day: yesterday }).where(eq(resourceViews.resourceId, resource.id));
    await t.db.update(resourceViewVisitors).set({ day: yesterday }).where(eq(resourceViewVisitors.resourceId, resource.id));
    expect((await beacon(resource.id, '203.0.113.7')).status).toBe(204);
    expect((await beacon(resource.id, '203.0.113.7')).status).toBe(204);
    expect(await views(resource.id)).toBe(4);
    // Only today's visitors are kept.
    const kept = await t.db.select().from(resourceViewVisitors).where(eq(resourceViewVisitors.resourceId, resource.id));
    expect(kept.map((r) => r.visitor)).toEqual(['addr:203.0.113.7']);
  });

  it('limits the beacons of one address like the other abuse limits', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.005' });
    try {
      const seller = await createSeller(limited.db);
      const resource = await createResource(limited.db, seller.user.id);
      const send = () => limited.request(`/api/resources/${resource.id}/view`, { method: 'POST', headers: { 'cf-connecting-ip': '203.0.113.50' } });
      // 600 an hour scaled by 0.005: 3 beacons, then 429.
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(204);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect((await refused.json()) as { message: string }).toEqual({ message: expect.stringMatching(/^Too many page views from this address\. Please try again in /) });
    } finally {
      limited.close();
    }
  });

  it('counts nothing for a resource that is not public, and refuses a malformed id', async () => {
    const seller = await createSeller(t.db);
    const draft = await createResource(t.db, seller.user.id, { status: 'draft' });
    const res = await t.request(`/api/resources/${draft.id}/view`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Resource not found' });
    expect(await views(draft.id)).toBe(0);

    const published = await createResource(t.db, seller.user.id);
    await t.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, seller.user.id));
    expect((await t.request(`/api/resources/${published.id}/view`, { method: 'POST' })).status).toBe(404);
    expect(await views(published.id)).toBe(0);

    expect((await t.request('/api/resources/999999/view', { method: 'POST' })).status).toBe(404);
    expect((await t.request('/api/resources/abc/view', { method: 'POST' })).status).toBe(400);
  });

  it('is never answered from the public cache', async () => {
    const seller = await createSeller(t.db);
    const resource = await createResource(t.db, seller.user.id);
    const res = await t.request(`/api/resources/${resource.id}/view`, { method: 'POST' });
    expect(res.headers.get('etag')).toBeNull();
    expect((await t.request(`/api/resources/${resource.id}/view`)).status).toBe(404);
  });
});
