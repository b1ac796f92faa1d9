import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../support/factories.ts';
import { makeBuyer, makeResource, makeResourceFile, makeSeller } from '../support/store-factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What the public store shows is only what is public (decision 0029), also through the versioned
 * public cache (decision 0021): a privileged answer is never kept for others, a 404 kept for a
 * draft ends when it is published, and what a signed-in caller reads is theirs alone.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const anonymous = (path: string) => t.request(path);
const as = (token: string, path: string) => t.request(path, { headers: { authorization: `Bearer ${token}` } });

describe('the store behind the public cache', () => {
  it('the seller’s view of a draft is never answered to anybody else', async () => {
    const seller = await makeSeller(t.db);
    const draft = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft', title: 'Secret draft plan' });
    for (let i = 0; i < 2; i++) expect((await as(seller.token, `/api/resources/${draft.id}`)).status).toBe(200);
    const res = await anonymous(`/api/resources/${draft.id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Secret draft plan');
    const stranger = await makeBuyer(t.db);
    expect((await as(stranger.token, `/api/resources/${draft.id}`)).status).toBe(404);
  });

  it('a 404 kept for a submitted resource ends when a reviewer publishes it (no rebuild, no wait)', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'submitted', title: `Fresh plan ${Date.now()}` });
    await makeResourceFile(t, r.id);
    expect((await anonymous(`/api/resources/${r.id}`)).status).toBe(404);
    expect((await anonymous(`/api/resources/${r.id}`)).status).toBe(404);
    const before = await (await anonymous(`/api/resources?q=${encodeURIComponent(r.title)}`)).json() as { total: number };
    expect(before.total).toBe(0);
    const reviewer = await signIn(t.db, (await createUser(t.db, { roles: ['CURRICULUM_OFFICER'] })).id);
    expect((await t.json('POST', `/api/resources/${r.id}/approve`, undefined, reviewer)).status).toBe(200);
    expect((await anonymous(`/api/resources/${r.id}`)).status).toBe(200);
    const after = await (await anonymous(`/api/resources?q=${encodeURIComponent(r.title)}`)).json() as { total: number };
    expect(after.total).toBe(1);
  });

  it('personal answers (access, downloads, my resources, the admin list) are never stored as public ones', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id });
    await makeResourceFile(t, r.id);
    const staff = await signIn(t.db, (await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).id);
    for (const [token, path] of [
      [seller.token, `/api/resources/${r.id}/access`],
      [seller.token, `/api/resources/${r.id}/download`],
      [seller.token, '/api/my-resources'],
      [staff, '/api/curriculum-all'],
    ] as const) {
      const res = await as(token, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('public');
      // Without the token the same path is refused, not served from anything kept.
      expect((await anonymous(path)).status, path).toBe(401);
    }
  });
});
