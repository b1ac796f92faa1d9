import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerProfiles, users } from '../../../db/schema/index.ts';
import { createSignedInUser, createUser } from '../../../tests/support/factories.ts';
import { createResource, createReview, createSeller, uniqueStoreName } from '../../../tests/support/seller-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { ALREADY_APPLIED, ALREADY_SELLER, PROFILE_NOT_FOUND, STORE_NAME_TAKEN } from '../services/store/sellers.ts';
import { getSellerStore, listSellers, plainSummary, SELLER_NOT_FOUND, type SellerList } from '../services/store/storefront.ts';
import type { SellerProfileView, SellerStore } from '../../../shared/store/views.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const application = (overrides: Record<string, unknown> = {}) => ({
  store_name: uniqueStoreName('Applied'),
  bio: 'I teach ballet to children and write my own lesson plans.',
  ...overrides,
});

describe('GET /api/sellers and /api/sellers/{id} (public)', () => {
  it('lists approved, active sellers only, with their rating over published resources and their resource count', async () => {
    const seller = await createSeller(t.db, { storeName: uniqueStoreName('Aaa Public') });
    const published = await createResource(t.db, seller.user.id);
    const other = await createResource(t.db, seller.user.id);
    const draft = await createResource(t.db, seller.user.id, { status: 'draft' });
    await createReview(t.db, published.id, 5);
    await createReview(t.db, published.id, 4);
    await createReview(t.db, other.id, 3);
    // A review of a resource no longer published does not count.
    await createReview(t.db, draft.id, 1);
    const pending = await createSeller(t.db, { status: 'pending' });
    const suspended = await createSeller(t.db, { status: 'suspended' });
    const rejected = await createSeller(t.db, { status: 'rejected' });
    const inactive = await createSeller(t.db, { isActive: false });

    const res = await t.request('/api/sellers');
    expect(res.status).toBe(200);
    const body = await read<SellerList>(res);
    const ids = body.data.map((s) => s.id);
    expect(ids).toContain(seller.user.id);
    for (const hidden of [pending, suspended, rejected, inactive]) expect(ids).not.toContain(hidden.user.id);
    expect(body.total).toBe(body.data.length);
    expect(body.data.find((s) => s.id === seller.user.id)).toEqual({
      id: seller.user.id,
      store_name: seller.profile.storeName,
      first_name: seller.user.firstName,
      last_name: seller.user.lastName,
      username: seller.user.username,
      logo_url: null,
      profile_image_url: null,
      bio: seller.profile.bio,
      rating_average: 4,
      rating_count: 3,
      resource_count: 2,
    });
    // The function the pages call answers the same.
    expect(await listSellers(t.db)).toEqual(body);
  });

  it('answers a storefront with the published resources of an approved seller, and 404 otherwise', async () => {
    const seller = await createSeller(t.db);
    const featured = await createResource(t.db, seller.user.id, { featured: true, title: 'Featured plan' });
    const plain = await createResource(t.db, seller.user.id, { priceCents: 0 });
    await createResource(t.db, seller.user.id, { status: 'submitted' });
    await createResource(t.db, seller.user.id, { status: 'rejected' });

    const res = await t.request(`/api/sellers/${seller.user.id}`);
    expect(res.status).toBe(200);
    const store = await read<SellerStore>(res);
    expect(store.seller.id).toBe(seller.user.id);
    expect(store.resources.map((r) => r.id)).toEqual([featured.id, plain.id]);
    expect(store.resources[1]).toMatchObject({ is_free: true, price: 0, price_cents: 0, status: 'published', file_count: 0, seller: { id: seller.user.id, store_name: seller.profile.storeName } });
    expect(store.resources[0]!.summary).toBe('A ballet lesson plan for a beginners class: warm-up, barre, centre and a short combination.');
    expect(await getSellerStore(t.db, seller.user.id)).toEqual(store);

    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const hidden = await createSeller(t.db, { status });
      await createResource(t.db, hidden.user.id);
      const refused = await t.request(`/api/sellers/${hidden.user.id}`);
      expect(refused.status, status).toBe(404);
      expect(await read<ErrorBody>(refused)).toEqual({ message: SELLER_NOT_FOUND });
      expect(await getSellerStore(t.db, hidden.user.id)).toBeNull();
    }
    const notSeller = await createUser(t.db);
    expect((await t.request(`/api/sellers/${notSeller.id}`)).status).toBe(404);
    expect((await t.request('/api/sellers/999999999')).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1e3']) expect((await t.request(`/api/sellers/${bad}`)).status, bad).toBe(400);
  });

  it('is a cached public answer that a suspension takes out at once', async () => {
    const seller = await createSeller(t.db);
    const first = await t.request(`/api/sellers/${seller.user.id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBeTruthy();
    await t.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, seller.user.id));
    expect((await t.request(`/api/sellers/${seller.user.id}`)).status).toBe(404);
  });

  it('cuts a long description into a plain summary', () => {
    expect(plainSummary('# Title\n\nSome *bold* [link](https://x.example) text.')).toBe('Title Some bold link text.');
    const long = plainSummary('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('POST /api/sellers/apply', () => {
  it('needs a signed-in user', async () => {
    expect((await t.json('POST', '/api/sellers/apply', application())).status).toBe(401);
  });

  it('creates a pending application with the answers and the requested role', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const body = application({ sample_url: 'https://example.com/my-plan.pdf', application_note: 'Ten years of teaching.', requested_role: 'CURRICULUM_SELLER' });
    const res = await t.json('POST', '/api/sellers/apply', body, token);
    expect(res.status).toBe(201);
    const view = await read<SellerProfileView>(res);
    expect(view).toMatchObject({
      user_id: user.id,
      store_name: body.store_name,
      bio: body.bio,
      sample_url: 'https://example.com/my-plan.pdf',
      application_note: 'Ten years of teaching.',
      requested_role: 'CURRICULUM_SELLER',
      status: 'pending',
      status_reason: null,
      decided_at: null,
      payouts_enabled: false,
      logo_url: null,
      user: { id: user.id, username: user.username, email: user.email },
    });
    // Pending is not approved: no role yet, not public.
    expect((await t.request(`/api/sellers/${user.id}`)).status).toBe(404);
    const me = await t.json('GET', '/api/sellers/me', undefined, token);
    expect(await read<SellerProfileView>(me)).toEqual(view);
  });

  it('defaults the role to SELLER and accepts an uploaded sample', async () => {
    const { token } = await createSignedInUser(t.db);
    const res = await t.json('POST', '/api/sellers/apply', application({ sample_url: '/uploads/general/0b5e7f6c-58a4-4a7e-9b43-2f1d3c4b5a69.pdf' }), token);
    expect(res.status).toBe(201);
    expect(await read<SellerProfileView>(res)).toMatchObject({ requested_role: 'SELLER', sample_url: '/uploads/general/0b5e7f6c-58a4-4a7e-9b43-2f1d3c4b5a69.pdf', application_note: '' });
  });

  it('takes one application per user: a pending or approved one answers 409', async () => {
    const { token } = await createSignedInUser(t.db);
    expect((await t.json('POST', '/api/sellers/apply', application(), token)).status).toBe(201);
    const again = await t.json('POST', '/api/sellers/apply', application(), token);
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: ALREADY_APPLIED });

    for (const status of ['approved', 'suspended'] as const) {
      const seller = await createSeller(t.db, { status });
      const res = await t.json('POST', '/api/sellers/apply', application(), seller.token);
      expect(res.status, status).toBe(409);
      expect(await read<ErrorBody>(res)).toEqual({ message: ALREADY_SELLER });
    }
  });

  it('lets a rejected applicant apply again, which puts the application back to pending', async () => {
    const seller = await createSeller(t.db, { status: 'rejected' });
    await t.db.update(sellerProfiles).set({ statusReason: 'No sample' }).where(eq(sellerProfiles.userId, seller.user.id));
    const body = application({ sample_url: 'https://example.com/sample' });
    const res = await t.json('POST', '/api/sellers/apply', body, seller.token);
    expect(res.status).toBe(201);
    expect(await read<SellerProfileView>(res)).toMatchObject({ status: 'pending', status_reason: null, decided_at: null, store_name: body.store_name, sample_url: 'https://example.com/sample' });
  });

  it('refuses a store name taken by another store, whatever its case', async () => {
    const existing = await createSeller(t.db);
    const { user, token } = await createSignedInUser(t.db);
    const res = await t.json('POST', '/api/sellers/apply', application({ store_name: `  ${existing.profile.storeName.toUpperCase()} ` }), token);
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: STORE_NAME_TAKEN });
    expect(await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, user.id))).toEqual([]);
  });

  it('answers one 201 and one 409 when the same user applies twice at once', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const statuses = await Promise.all([1, 2].map(async () => (await t.json('POST', '/api/sellers/apply', application(), token)).status));
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, user.id))).toHaveLength(1);
  });

  it.each([
    ['no store name', { store_name: undefined }, 'store_name'],
    ['a one-letter store name', { store_name: 'A' }, 'store_name'],
    ['an 81-character store name', { store_name: 'x'.repeat(81) }, 'store_name'],
    ['a short bio', { bio: 'Too short.' }, 'bio'],
    ['a 2001-character bio', { bio: 'x'.repeat(2001) }, 'bio'],
    ['a javascript: sample', { sample_url: 'javascript:alert(1)' }, 'sample_url'],
    ['a path outside the uploads', { sample_url: '/etc/passwd' }, 'sample_url'],
    ['a 2001-character note', { application_note: 'x'.repeat(2001) }, 'application_note'],
    ['an unknown role', { requested_role: 'ADMIN' }, 'requested_role'],
    ['a number as store name', { store_name: 42 }, 'store_name'],
  ])('refuses %s with 400 and writes nothing', async (_, overrides, field) => {
    const { user, token } = await createSignedInUser(t.db);
    const res = await t.json('POST', '/api/sellers/apply', application(overrides), token);
    expect(res.status).toBe(400);
    expect(Object.keys((await read<ErrorBody>(res)).validationErrors ?? {})).toContain(field);
    expect(await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, user.id))).toEqual([]);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const { token } = await createSignedInUser(t.db);
    const res = await t.request('/api/sellers/apply', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{nope' });
    expect(res.status).toBe(400);
  });
});

describe('GET and PATCH /api/sellers/me', () => {
  it('answers 404 to a user who never applied, and 401 signed out', async () => {
    const { token } = await createSignedInUser(t.db);
    const res = await t.json('GET', '/api/sellers/me', undefined, token);
    expect(res.status).toBe(404);
    expect(await read<ErrorBody>(res)).toEqual({ message: PROFILE_NOT_FOUND });
    expect((await t.json('PATCH', '/api/sellers/me', { bio: 'A bio that is long enough.' }, token)).status).toBe(404);
    expect((await t.json('GET', '/api/sellers/me')).status).toBe(401);
  });

  it('changes the store name, bio and logo; the storefront shows them', async () => {
    const seller = await createSeller(t.db);
    const name = uniqueStoreName('Renamed');
    const res = await t.json('PATCH', '/api/sellers/me', { store_name: name, bio: 'Contemporary class outlines for teens.', logo_url: '/uploads/general/7d1f4a2e-3c5b-4e6f-8a9b-0c1d2e3f4a5b.png' }, seller.token);
    expect(res.status).toBe(200);
    expect(await read<SellerProfileView>(res)).toMatchObject({ store_name: name, bio: 'Contemporary class outlines for teens.', logo_url: '/uploads/general/7d1f4a2e-3c5b-4e6f-8a9b-0c1d2e3f4a5b.png', status: 'approved' });
    const store = await read<SellerStore>(await t.request(`/api/sellers/${seller.user.id}`));
    expect(store.seller).toMatchObject({ store_name: name, logo_url: '/uploads/general/7d1f4a2e-3c5b-4e6f-8a9b-0c1d2e3f4a5b.png' });
    // Keeping one's own name in another case is not a clash; removing the logo is allowed.
    const same = await t.json('PATCH', '/api/sellers/me', { store_name: name.toUpperCase(), logo_url: null }, seller.token);
    expect(same.status).toBe(200);
    expect(await read<SellerProfileView>(same)).toMatchObject({ store_name: name.toUpperCase(), logo_url: null });
  });

  it("refuses another store's name, a bad logo and bad fields, changing nothing", async () => {
    const other = await createSeller(t.db);
    const seller = await createSeller(t.db);
    const taken = await t.json('PATCH', '/api/sellers/me', { store_name: other.profile.storeName.toLowerCase() }, seller.token);
    expect(taken.status).toBe(409);
    expect(await read<ErrorBody>(taken)).toEqual({ message: STORE_NAME_TAKEN });
    for (const body of [{ logo_url: 'http://insecure.example/logo.png' }, { logo_url: 'data:image/png;base64,AAA' }, { bio: 'short' }, { store_name: '' }]) {
      expect((await t.json('PATCH', '/api/sellers/me', body, seller.token)).status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, seller.user.id));
    expect(row).toMatchObject({ storeName: seller.profile.storeName, bio: seller.profile.bio, logoUrl: null });
  });

  it('keeps a seller hidden while their account is deactivated', async () => {
    const seller = await createSeller(t.db);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, seller.user.id));
    expect((await t.request(`/api/sellers/${seller.user.id}`)).status).toBe(404);
  });
});
