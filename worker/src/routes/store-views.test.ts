import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceViews, sellerProfiles } from '../../../db/schema/index.ts';
import { createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const views = async (resourceId: number) => (await t.db.select().from(resourceViews).where(eq(resourceViews.resourceId, resourceId))).reduce((n, r) => n + r.views, 0);

describe('POST /api/resources/{id}/view (the resource page beacon)', () => {
  it('counts one view of a public resource per call, for anyone', async () => {
    const seller = await createSeller(t.db);
    const resource = await createResource(t.db, seller.user.id);
    for (let i = 0; i < 3; i++) expect((await t.request(`/api/resources/${resource.id}/view`, { method: 'POST' })).status).toBe(204);
    expect(await views(resource.id)).toBe(3);
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
