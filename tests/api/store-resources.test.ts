import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, resources, sellerProfiles } from '../../db/schema/index.ts';
import { APPLICATION_PENDING, NOT_A_SELLER, SELLER_SUSPENDED } from '../../worker/src/services/store/sellers.ts';
import type { ResourceDetail, ResourceList } from '../../shared/store/views.ts';
import type { AdminResourceList, ResourceCategoryView } from '../../shared/store/resource-reads.ts';
import { NOT_DELETABLE_BY_SELLER, SOLD_NOT_DELETABLE } from '../../worker/src/services/store/resource-writes.ts';
import { createAdmin, createUser, signIn } from '../support/factories.ts';
import { placeOrder } from '../support/order-factories.ts';
import { makeBuyer, makeOwnership, makeResource, makeResourceCategory, makeResourceFile, makeSeller } from '../support/store-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * The store's resources through the API (decision 0029): what is public, who
 * writes what, the status rules, the admin's list and the resource categories.
 */

let t: TestApp;
let adminToken: string;
let reviewerToken: string;
let curriculumAdminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  reviewerToken = await signIn(t.db, (await createUser(t.db, { roles: ['CURRICULUM_OFFICER'] })).id);
  curriculumAdminToken = await signIn(t.db, (await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).id);
});
afterAll(() => t.close());

const draftBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Tap for tiny feet',
  description: 'Eight weeks of tap basics for toddlers, with music cues and games.',
  dance_style: 'Tap',
  age_group: 'Toddler (2-4)',
  level: 'Beginner',
  price: '7.50',
  ...extra,
});

const get = (path: string, token?: string) => t.json('GET', path, undefined, token);

describe('the public store', () => {
  it('lists published resources of approved sellers with facets; the answer is cached under the store version', async () => {
    const seller = await makeSeller(t.db);
    const word = `Pelican${Date.now()}`;
    const pub = await makeResource(t.db, { sellerId: seller.user.id, title: `${word} one`, danceStyle: 'Latin' });
    for (const status of ['draft', 'submitted', 'rejected', 'archived'] as const) await makeResource(t.db, { sellerId: seller.user.id, title: `${word} ${status}`, status });
    const res = await get(`/api/resources?q=${word}`);
    expect(res.status).toBe(200);
    const list = await read<ResourceList>(res);
    expect(list.data.map((r) => r.id)).toEqual([pub.id]);
    expect(list).toMatchObject({ total: 1, page: 1, page_size: 12 });
    expect(list.facets.dance_style.find((f) => f.value === 'Latin')!.count).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // The same list under /api/curriculum.
    expect((await read<ResourceList>(await get(`/api/curriculum?q=${word}`))).data.map((r) => r.id)).toEqual([pub.id]);
  });

  it('a suspended seller’s resources leave the list, the detail and the reviews', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id });
    expect((await get(`/api/resources/${r.id}`)).status).toBe(200);
    await t.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, seller.user.id));
    expect((await read<ResourceList>(await get(`/api/resources/seller/${seller.user.id}`))).total).toBe(0);
    expect((await get(`/api/resources/${r.id}`)).status).toBe(404);
    expect((await get(`/api/resources/${r.id}/reviews`)).status).toBe(404);
    // Its seller still sees it.
    expect((await get(`/api/resources/${r.id}`, seller.token)).status).toBe(200);
  });

  it('filters by seller, category, style, price and featured; sorts; bad queries are 400', async () => {
    const seller = await makeSeller(t.db);
    const category = await makeResourceCategory(t.db);
    const cheap = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 300, categoryId: category.id, ageGroup: 'Teen (13-17)' });
    const dear = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 900, featured: true, ageGroup: 'Teen (13-17)' });
    const ids = async (path: string) => (await read<ResourceList>(await get(path))).data.map((r) => r.id);
    expect(await ids(`/api/resources/seller/${seller.user.id}?sort=price_desc`)).toEqual([dear.id, cheap.id]);
    expect(await ids(`/api/resources/category/${category.id}`)).toEqual([cheap.id]);
    expect(await ids(`/api/resources?featured=true&page_size=100`)).toContain(dear.id);
    expect(await ids(`/api/resources?featured=true&page_size=100`)).not.toContain(cheap.id);
    expect(await ids(`/api/resources/seller/${seller.user.id}?age_group=teen-13-17&price=paid&sort=price_asc`)).toEqual([cheap.id, dear.id]);
    expect(await ids(`/api/resources/seller/${seller.user.id}?age_group=Teen%20(13-17)&price=free`)).toEqual([]);
    for (const [query, field] of [
      ['sort=cheapest', 'sort'],
      ['style=Polka', 'style'],
      ['price=cheap', 'price'],
      ['page=0', 'page'],
      ['page_size=1000', 'page_size'],
      ['category=abc', 'category'],
      ['featured=yes', 'featured'],
    ]) {
      const res = await get(`/api/resources?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await read<ErrorBody>(res)).validationErrors ?? {}), query).toContain(field);
    }
    expect((await get('/api/resources/abc')).status).toBe(400);
    expect((await get('/api/resources/999999999')).status).toBe(404);
  });

  it('a draft, submitted or rejected resource is 404 to others and the public, visible to its seller and curriculum staff with the reason', async () => {
    const seller = await makeSeller(t.db);
    const other = await makeBuyer(t.db);
    for (const status of ['draft', 'submitted', 'rejected', 'archived'] as const) {
      const r = await makeResource(t.db, { sellerId: seller.user.id, status, rejectionReason: status === 'rejected' ? 'Blank pages.' : null });
      expect((await get(`/api/resources/${r.id}`)).status, status).toBe(404);
      expect((await get(`/api/curriculum/${r.id}`)).status, status).toBe(404);
      expect((await get(`/api/resources/${r.id}`, other.token)).status, status).toBe(404);
      for (const token of [seller.token, reviewerToken, curriculumAdminToken]) {
        const res = await get(`/api/resources/${r.id}`, token);
        expect(res.status, status).toBe(200);
        expect(res.headers.get('cache-control') ?? '').not.toContain('public');
      }
      if (status === 'rejected') expect((await read<ResourceDetail>(await get(`/api/resources/${r.id}`, seller.token))).rejection_reason).toBe('Blank pages.');
    }
    const pub = await makeResource(t.db, { sellerId: seller.user.id, rejectionReason: 'old' });
    expect((await read<ResourceDetail>(await get(`/api/resources/${pub.id}`, other.token))).rejection_reason).toBeNull();
  });
});

describe('creating and editing', () => {
  it('only an approved, not suspended seller creates a draft; others get 403 with why', async () => {
    const pending = await makeSeller(t.db, { status: 'pending', roles: ['SELLER'] });
    const suspended = await makeSeller(t.db, { status: 'suspended' });
    const noProfile = await createUser(t.db, { roles: ['SELLER'] });
    const student = await makeBuyer(t.db);
    const cases: [string, string | null][] = [
      [pending.token, APPLICATION_PENDING],
      [suspended.token, SELLER_SUSPENDED],
      [await signIn(t.db, noProfile.id), NOT_A_SELLER],
      [student.token, null],
    ];
    for (const [token, message] of cases) {
      const res = await t.json('POST', '/api/resources', draftBody(), token);
      expect(res.status).toBe(403);
      if (message) expect((await read<ErrorBody>(res)).message).toBe(message);
    }
    expect((await t.json('POST', '/api/resources', draftBody())).status).toBe(401);
    const seller = await makeSeller(t.db);
    const res = await t.json('POST', '/api/resources', draftBody({ cover_image_url: '/uploads/images/0f8b6c1e-3c1a-4d8e-9b7a-2f3d4e5f6a7b.png' }), seller.token);
    expect(res.status).toBe(201);
    const created = await read<ResourceDetail>(res);
    expect(created).toMatchObject({ status: 'draft', price_cents: 750, price: 7.5, dance_style: 'Tap', is_free: false, seller: { id: seller.user.id }, files: [] });
  });

  it('refuses malformed drafts with 400 and field messages, never 500', async () => {
    const seller = await makeSeller(t.db);
    const bad: [Record<string, unknown>, string][] = [
      [{ title: 'ab' }, 'title'],
      [{ description: 'short' }, 'description'],
      [{ dance_style: 'Polka' }, 'dance_style'],
      [{ age_group: 42 }, 'age_group'],
      [{ level: null }, 'level'],
      [{ price: '-1' }, 'price'],
      [{ price: '0.10' }, 'price'],
      [{ price: 'abc' }, 'price'],
      [{ price_cents: 12.5 }, 'price_cents'],
      [{ cover_image_url: 'javascript:alert(1)' }, 'cover_image_url'],
      [{ cover_image_url: '/etc/passwd' }, 'cover_image_url'],
      [{ preview_image_urls: ['https://example.com/a.png', 'ftp://x/y'] }, 'preview_image_urls.1'],
      [{ category_id: 'one' }, 'category_id'],
    ];
    for (const [change, field] of bad) {
      const res = await t.json('POST', '/api/resources', draftBody(change), seller.token);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys((await read<ErrorBody>(res)).validationErrors ?? {}), JSON.stringify(change)).toContain(field);
    }
    const unknownCategory = await t.json('POST', '/api/resources', draftBody({ category_id: 999_999_999 }), seller.token);
    expect(unknownCategory.status).toBe(400);
    const notJson = await t.request('/api/resources', { method: 'POST', headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' }, body: '{"title":' });
    expect(notJson.status).toBe(400);
    expect((await t.json('PATCH', `/api/resources/${(await makeResource(t.db, { sellerId: seller.user.id })).id}`, {}, seller.token)).status).toBe(400);
  });

  it('a seller edits only their own resources; a curriculum admin edits any', async () => {
    const a = await makeSeller(t.db);
    const b = await makeSeller(t.db);
    const mine = await makeResource(t.db, { sellerId: a.user.id });
    const theirsDraft = await makeResource(t.db, { sellerId: b.user.id, status: 'draft' });
    const theirs = await makeResource(t.db, { sellerId: b.user.id });
    expect((await t.json('PATCH', `/api/resources/${mine.id}`, { title: 'Mine, renamed' }, a.token)).status).toBe(200);
    expect((await t.json('PATCH', `/api/resources/${theirs.id}`, { title: 'Stolen' }, a.token)).status).toBe(403);
    expect((await t.json('PATCH', `/api/resources/${theirsDraft.id}`, { title: 'Stolen' }, a.token)).status).toBe(404);
    for (const action of ['archive', 'restore', 'submit']) expect((await t.json('POST', `/api/resources/${theirs.id}/${action}`, undefined, a.token)).status, action).toBe(403);
    expect((await t.json('DELETE', `/api/resources/${theirsDraft.id}`, undefined, a.token)).status).toBe(404);
    const [row] = await t.db.select().from(resources).where(eq(resources.id, theirs.id));
    expect(row!.title).toBe(theirs.title);
    const res = await t.json('PATCH', `/api/resources/${theirs.id}`, { price_cents: 0 }, curriculumAdminToken);
    expect(res.status).toBe(200);
    expect(await read<ResourceDetail>(res)).toMatchObject({ price_cents: 0, is_free: true });
  });

  it('an edited rejected resource returns to draft; a published one stays published', async () => {
    const seller = await makeSeller(t.db);
    const rejected = await makeResource(t.db, { sellerId: seller.user.id, status: 'rejected', rejectionReason: 'Too short.' });
    expect((await read<ResourceDetail>(await t.json('PATCH', `/api/resources/${rejected.id}`, { description: 'A much longer description of the plan and its weeks.' }, seller.token))).status).toBe('draft');
    const published = await makeResource(t.db, { sellerId: seller.user.id });
    const edited = await read<ResourceDetail>(await t.json('PATCH', `/api/resources/${published.id}`, { price: 19, preview_image_urls: ['https://example.com/p.png'] }, seller.token));
    expect(edited).toMatchObject({ status: 'published', price_cents: 1900, preview_image_urls: ['https://example.com/p.png'] });
  });

  it('deletes only a draft never sold (its seller) or anything never sold (curriculum admin); else 409', async () => {
    const seller = await makeSeller(t.db);
    const draft = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    await makeResourceFile(t, draft.id);
    expect((await t.json('DELETE', `/api/resources/${draft.id}`, undefined, seller.token)).status).toBe(200);
    expect((await get(`/api/resources/${draft.id}`, seller.token)).status).toBe(404);

    const published = await makeResource(t.db, { sellerId: seller.user.id });
    const refused = await t.json('DELETE', `/api/resources/${published.id}`, undefined, seller.token);
    expect(refused.status).toBe(409);
    expect((await read<ErrorBody>(refused)).message).toBe(NOT_DELETABLE_BY_SELLER);

    const sold = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 800 });
    const buyer = await makeBuyer(t.db);
    await placeOrder(t, buyer.user.id, [{ kind: 'RESOURCE', itemId: sold.id, title: sold.title, unitPriceCents: 800 }]);
    const adminRefused = await t.json('DELETE', `/api/resources/${sold.id}`, undefined, curriculumAdminToken);
    expect(adminRefused.status).toBe(409);
    expect((await read<ErrorBody>(adminRefused)).message).toBe(SOLD_NOT_DELETABLE);
    const taken = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 0 });
    await makeOwnership(t.db, buyer.user.id, taken.id, 'free');
    expect((await t.json('DELETE', `/api/resources/${taken.id}`, undefined, adminToken)).status).toBe(409);
    expect((await t.json('DELETE', `/api/resources/${published.id}`, undefined, curriculumAdminToken)).status).toBe(200);
  });
});

describe('status moves', () => {
  it('submit needs 1–5 files, a title and a description; a suspended seller cannot submit', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    const empty = await t.json('POST', `/api/resources/${r.id}/submit`, undefined, seller.token);
    expect(empty.status).toBe(400);
    expect((await read<ErrorBody>(empty)).message).toBe('Add at least one file.');
    await makeResourceFile(t, r.id);
    const res = await t.json('POST', `/api/resources/${r.id}/submit`, undefined, seller.token);
    expect(res.status).toBe(200);
    expect(await read<ResourceDetail>(res)).toMatchObject({ status: 'submitted' });
    const again = await t.json('POST', `/api/resources/${r.id}/submit`, undefined, seller.token);
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe('This resource is already waiting for review.');

    const suspended = await makeSeller(t.db, { status: 'suspended' });
    const s = await makeResource(t.db, { sellerId: suspended.user.id, status: 'draft' });
    await makeResourceFile(t, s.id);
    const refused = await t.json('POST', `/api/resources/${s.id}/submit`, undefined, suspended.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(SELLER_SUSPENDED);
  });

  it('a reviewer approves or rejects a submitted resource once, never their own; the seller is told', async () => {
    const seller = await makeSeller(t.db);
    const a = await makeResource(t.db, { sellerId: seller.user.id, status: 'submitted', publishedAt: null });
    await makeResourceFile(t, a.id);
    const b = await makeResource(t.db, { sellerId: seller.user.id, status: 'submitted' });
    await makeResourceFile(t, b.id);
    expect((await t.json('POST', `/api/resources/${a.id}/approve`, undefined, seller.token)).status).toBe(403);
    const approved = await t.json('POST', `/api/resources/${a.id}/approve`, undefined, reviewerToken);
    expect(approved.status).toBe(200);
    expect(await read<ResourceDetail>(approved)).toMatchObject({ status: 'published', published_at: expect.any(String) });
    expect((await get(`/api/resources/${a.id}`)).status).toBe(200);
    const twice = await t.json('POST', `/api/resources/${a.id}/approve`, undefined, curriculumAdminToken);
    expect(twice.status).toBe(409);
    expect((await read<ErrorBody>(twice)).message).toBe('Only a resource waiting for review can be approved; this one is published.');

    expect((await t.json('POST', `/api/resources/${b.id}/reject`, {}, reviewerToken)).status).toBe(400);
    const rejected = await t.json('POST', `/api/resources/${b.id}/reject`, { reason: 'The PDF pages are blank.' }, reviewerToken);
    expect(await read<ResourceDetail>(rejected)).toMatchObject({ status: 'rejected', rejection_reason: 'The PDF pages are blank.' });
    expect((await t.json('POST', `/api/resources/${b.id}/reject`, { reason: 'Again' }, reviewerToken)).status).toBe(409);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(notices.map((n) => n.kind).sort()).toEqual(['resource_approved', 'resource_rejected']);
    expect(notices.find((n) => n.kind === 'resource_rejected')!.body).toContain('The PDF pages are blank.');

    // A reviewer who sells cannot approve their own.
    const officer = await makeSeller(t.db, { roles: ['CURRICULUM_OFFICER'] });
    const own = await makeResource(t.db, { sellerId: officer.user.id, status: 'submitted' });
    expect((await t.json('POST', `/api/resources/${own.id}/approve`, undefined, officer.token)).status).toBe(403);
  });

  it('a resource without files is not approved', async () => {
    const r = await makeResource(t.db, { status: 'submitted' });
    const res = await t.json('POST', `/api/resources/${r.id}/approve`, undefined, reviewerToken);
    expect(res.status).toBe(409);
  });

  it('archive takes it out of the store and the featured row; restore brings it back as a draft', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, featured: true });
    const archived = await read<ResourceDetail>(await t.json('POST', `/api/resources/${r.id}/archive`, undefined, seller.token));
    expect(archived).toMatchObject({ status: 'archived', featured: false });
    expect((await get(`/api/resources/${r.id}`)).status).toBe(404);
    expect((await t.json('POST', `/api/resources/${r.id}/archive`, undefined, seller.token)).status).toBe(409);
    expect(await read<ResourceDetail>(await t.json('POST', `/api/resources/${r.id}/restore`, undefined, seller.token))).toMatchObject({ status: 'draft' });
    expect((await t.json('POST', `/api/resources/${r.id}/restore`, undefined, seller.token)).status).toBe(409);
  });

  it('toggle-featured: a published resource joins the row and leaves it; a draft cannot join', async () => {
    const r = await makeResource(t.db);
    expect((await t.json('POST', `/api/resources/${r.id}/toggle-featured`, undefined, reviewerToken)).status).toBe(403);
    expect(await read<ResourceDetail>(await t.json('POST', `/api/resources/${r.id}/toggle-featured`, undefined, curriculumAdminToken))).toMatchObject({ featured: true });
    expect((await read<ResourceList>(await get('/api/resources?featured=true&page_size=100'))).data.map((x) => x.id)).toContain(r.id);
    expect(await read<ResourceDetail>(await t.json('POST', `/api/resources/${r.id}/toggle-featured`, undefined, curriculumAdminToken))).toMatchObject({ featured: false });
    const draft = await makeResource(t.db, { status: 'draft' });
    expect((await t.json('POST', `/api/resources/${draft.id}/toggle-featured`, undefined, curriculumAdminToken)).status).toBe(409);
    expect((await t.json('POST', '/api/resources/999999999/toggle-featured', undefined, curriculumAdminToken)).status).toBe(404);
  });
});

describe('the admin list and the categories', () => {
  it('GET /api/curriculum-all: every status for curriculum staff, counts per status, filters; 403 for others', async () => {
    const seller = await makeSeller(t.db);
    const word = `Heron${Date.now()}`;
    const older = await makeResource(t.db, { sellerId: seller.user.id, status: 'submitted', title: `${word} a`, submittedAt: '2026-01-01T00:00:00.000Z' });
    const newer = await makeResource(t.db, { sellerId: seller.user.id, status: 'submitted', title: `${word} b`, submittedAt: '2026-02-01T00:00:00.000Z' });
    await makeResource(t.db, { sellerId: seller.user.id, status: 'draft', title: `${word} c` });
    const res = await get(`/api/curriculum-all?status=submitted&q=${word}&sort=oldest`, reviewerToken);
    expect(res.status).toBe(200);
    const list = await read<AdminResourceList>(res);
    expect(list.data.map((r) => r.id)).toEqual([older.id, newer.id]);
    expect(list.counts.submitted).toBeGreaterThanOrEqual(2);
    expect((await read<AdminResourceList>(await get(`/api/curriculum-all?seller=${seller.user.id}`, curriculumAdminToken))).total).toBe(3);
    expect((await get('/api/curriculum-all', seller.token)).status).toBe(403);
    expect((await get('/api/curriculum-all')).status).toBe(401);
    expect((await get('/api/curriculum-all?status=lost', adminToken)).status).toBe(400);
  });

  it('resource categories: public list, names unique without regard to case, a used one is not deleted', async () => {
    const name = `Syllabi ${Date.now()}`;
    const created = await t.json('POST', '/api/resource-categories', { name }, curriculumAdminToken);
    expect(created.status).toBe(201);
    const category = await read<ResourceCategoryView>(created);
    expect(category).toMatchObject({ name, resource_count: 0, published_count: 0 });
    expect((await t.json('POST', '/api/resource-categories', { name: name.toUpperCase() }, curriculumAdminToken)).status).toBe(409);
    expect((await t.json('POST', '/api/resource-categories', { name: 'x' }, curriculumAdminToken)).status).toBe(400);
    expect((await t.json('POST', '/api/resource-categories', { name: 'Music lists 2' }, reviewerToken)).status).toBe(403);
    const other = await read<ResourceCategoryView>(await t.json('POST', '/api/resource-categories', { name: `${name} two` }, curriculumAdminToken));
    expect((await t.json('PATCH', `/api/resource-categories/${other.id}`, { name: name.toLowerCase() }, curriculumAdminToken)).status).toBe(409);
    expect((await t.json('PATCH', `/api/resource-categories/${other.id}`, { name: `${name} 2` }, curriculumAdminToken)).status).toBe(200);
    expect((await t.json('PATCH', '/api/resource-categories/999999999', { name: 'Nothing here' }, curriculumAdminToken)).status).toBe(404);

    await makeResource(t.db, { categoryId: category.id });
    const res = await get('/api/categories?kind=resource');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const { data } = await read<{ data: ResourceCategoryView[] }>(res);
    expect(data.find((c) => c.id === category.id)).toMatchObject({ resource_count: 1, published_count: 1 });
    expect((await get('/api/categories?kind=other')).status).toBe(400);
    // Without kind: the course categories, as before.
    expect((await read<{ data: { course_count: number }[] }>(await get('/api/categories'))).data.every((c) => 'course_count' in c)).toBe(true);

    const used = await t.json('DELETE', `/api/resource-categories/${category.id}`, undefined, curriculumAdminToken);
    expect(used.status).toBe(409);
    expect((await read<ErrorBody>(used)).message).toBe('This category is used by 1 resource: move them to another category first.');
    expect((await t.json('DELETE', `/api/resource-categories/${other.id}`, undefined, curriculumAdminToken)).status).toBe(200);
    expect((await t.json('DELETE', `/api/resource-categories/${other.id}`, undefined, curriculumAdminToken)).status).toBe(404);
  });
});
