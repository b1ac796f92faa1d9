import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, emailOutbox, notifications, roles, sellerProfiles, userRoles } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { addLedgerRow, createResource, createSeller, uniqueStoreName } from '../../../tests/support/seller-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { ONLY_APPROVED_SUSPENDED, ONLY_PENDING_REJECTED, ONLY_SUSPENDED_REINSTATED, SELLER_PROFILE_NOT_FOUND, SUSPENDED_USE_REINSTATE } from '../services/store/seller-admin.ts';
import { type AdminSellerList } from '../../../shared/store/seller-admin.ts';
import { requireApprovedSeller, SELLER_SUSPENDED } from '../services/store/sellers.ts';
import { platformFeeCents, platformFeePercent } from '../services/store/store-settings.ts';
import { type StoreSettings } from '../../../shared/store/store-settings.ts';
import type { StoreStats } from '../../../shared/store/store-stats.ts';
import type { SellerProfileView } from '../../../shared/store/views.ts';

let t: TestApp;
let adminToken: string;
let curriculumAdminToken: string;
let curriculumAdminId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  const curriculumAdmin = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
  curriculumAdminToken = curriculumAdmin.token;
  curriculumAdminId = curriculumAdmin.user.id;
});
afterAll(() => t.close());

async function rolesOf(userId: number): Promise<string[]> {
  const rows = await t.db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name).sort();
}

const noticesOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const emailsTo = (address: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe('guards', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/sellers'],
    ['POST', '/api/admin/sellers/1/approve'],
    ['POST', '/api/admin/sellers/1/reject', { reason: 'x' }],
    ['POST', '/api/admin/sellers/1/suspend', { reason: 'x' }],
    ['POST', '/api/admin/sellers/1/reinstate'],
    ['GET', '/api/admin/store-settings'],
    ['PATCH', '/api/admin/store-settings', { platform_fee_percent: 10 }],
  ];
  it.each(calls)('%s %s: 401 signed out; 403 for a student, a seller and a curriculum officer', async (method, path, body) => {
    expect((await t.json(method, path, body)).status).toBe(401);
    for (const role of ['STUDENT', 'SELLER', 'CURRICULUM_OFFICER', 'INSTRUCTOR_ADMIN'] as const) {
      const { token } = await createSignedInUser(t.db, { roles: [role] });
      const res = await t.json(method, path, body, token);
      expect(res.status, role).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: PERMISSION_DENIED });
    }
  });

  it('opens the store figures to reviewers (curriculum officers) but not to sellers', async () => {
    const officer = await createSignedInUser(t.db, { roles: ['CURRICULUM_OFFICER'] });
    expect((await t.json('GET', '/api/admin/store-stats', undefined, officer.token)).status).toBe(200);
    const seller = await createSeller(t.db);
    expect((await t.json('GET', '/api/admin/store-stats', undefined, seller.token)).status).toBe(403);
    expect((await t.json('GET', '/api/admin/store-stats')).status).toBe(401);
  });
});

describe('GET /api/admin/sellers', () => {
  it('lists pending applications first, filters by status and search, pages, and counts every state', async () => {
    const marker = uniqueStoreName('Zebra Dance');
    const pending = await createSeller(t.db, { status: 'pending', storeName: `${marker} pending` });
    const approved = await createSeller(t.db, { storeName: `${marker} approved` });
    await createSeller(t.db, { status: 'rejected', storeName: `${marker} rejected` });

    const all = await read<AdminSellerList>(await t.json('GET', `/api/admin/sellers?q=${encodeURIComponent(marker)}`, undefined, curriculumAdminToken));
    expect(all.total).toBe(3);
    expect(all.data[0]!.user_id).toBe(pending.user.id);
    expect(all.counts.pending).toBeGreaterThanOrEqual(1);
    expect(all.data[0]).toMatchObject({ status: 'pending', store_name: `${marker} pending`, user: { username: pending.user.username, email: pending.user.email } });

    const onlyApproved = await read<AdminSellerList>(await t.json('GET', `/api/admin/sellers?status=approved&q=${encodeURIComponent(marker)}`, undefined, adminToken));
    expect(onlyApproved.data.map((s) => s.user_id)).toEqual([approved.user.id]);

    const byUsername = await read<AdminSellerList>(await t.json('GET', `/api/admin/sellers?q=${pending.user.username}`, undefined, adminToken));
    expect(byUsername.data.map((s) => s.user_id)).toEqual([pending.user.id]);

    const paged = await read<AdminSellerList>(await t.json('GET', `/api/admin/sellers?q=${encodeURIComponent(marker)}&page=2&page_size=2`, undefined, adminToken));
    expect(paged).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(paged.data).toHaveLength(1);

    // A LIKE wildcard is searched for as itself.
    expect((await read<AdminSellerList>(await t.json('GET', '/api/admin/sellers?q=%25%25%25', undefined, adminToken))).total).toBe(0);
  });

  it.each(['status=unknown', 'page=0', 'page=abc', 'page_size=101', `q=${'x'.repeat(101)}`])('refuses ?%s with 400', async (query) => {
    expect((await t.json('GET', `/api/admin/sellers?${query}`, undefined, adminToken)).status).toBe(400);
  });
});

describe('approve', () => {
  it('approves a pending application, grants the requested role in the same step, and tells the seller', async () => {
    const applicant = await createSeller(t.db, { status: 'pending', requestedRole: 'CURRICULUM_SELLER' });
    expect(await rolesOf(applicant.user.id)).toEqual(['STUDENT']);
    const res = await t.json('POST', `/api/admin/sellers/${applicant.user.id}/approve`, undefined, curriculumAdminToken);
    expect(res.status).toBe(200);
    const view = await read<SellerProfileView>(res);
    expect(view).toMatchObject({ status: 'approved', status_reason: null });
    expect(view.decided_at).toBeTruthy();
    expect(await rolesOf(applicant.user.id)).toEqual(['CURRICULUM_SELLER', 'STUDENT']);
    const [row] = await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, applicant.user.id));
    expect(row!.decidedBy).toBe(curriculumAdminId);

    const notices = await noticesOf(applicant.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'seller_approved', title: 'Your seller application was approved', url: '/seller', readAt: null });
    const emails = await emailsTo(applicant.user.email!);
    expect(emails.map((e) => e.kind)).toEqual(['seller_approved']);
    expect(emails[0]!.subject).toBe('Your seller application was approved');

    // The role counts at once: the new seller may use the seller area.
    expect((await t.json('GET', '/api/seller/dashboard', undefined, applicant.token)).status).not.toBe(403);
    // ... and the storefront is public.
    expect((await t.request(`/api/sellers/${applicant.user.id}`)).status).toBe(200);
  });

  it('is idempotent: approving again answers 200, keeps one role mapping and sends nothing more', async () => {
    const applicant = await createSeller(t.db, { status: 'pending' });
    const [a, b] = await Promise.all([
      t.json('POST', `/api/admin/sellers/${applicant.user.id}/approve`, undefined, adminToken),
      t.json('POST', `/api/admin/sellers/${applicant.user.id}/approve`, undefined, curriculumAdminToken),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await t.json('POST', `/api/admin/sellers/${applicant.user.id}/approve`, undefined, adminToken)).status).toBe(200);
    expect(await rolesOf(applicant.user.id)).toEqual(['SELLER', 'STUDENT']);
    expect(await noticesOf(applicant.user.id)).toHaveLength(1);
    expect(await emailsTo(applicant.user.email!)).toHaveLength(1);
  });

  it('approves a rejected applicant who has not re-applied, and refuses a suspended seller (reinstate instead)', async () => {
    const rejected = await createSeller(t.db, { status: 'rejected' });
    expect((await t.json('POST', `/api/admin/sellers/${rejected.user.id}/approve`, undefined, adminToken)).status).toBe(200);
    expect(await rolesOf(rejected.user.id)).toContain('SELLER');

    const suspended = await createSeller(t.db, { status: 'suspended' });
    const res = await t.json('POST', `/api/admin/sellers/${suspended.user.id}/approve`, undefined, adminToken);
    expect(res.status).toBe(409);
    expect(await read<ErrorBody>(res)).toEqual({ message: SUSPENDED_USE_REINSTATE });
  });

  it('answers 404 for a user without a profile and 400 for a malformed id', async () => {
    const { user } = await createSignedInUser(t.db);
    const res = await t.json('POST', `/api/admin/sellers/${user.id}/approve`, undefined, adminToken);
    expect(res.status).toBe(404);
    expect(await read<ErrorBody>(res)).toEqual({ message: SELLER_PROFILE_NOT_FOUND });
    expect(await rolesOf(user.id)).toEqual(['STUDENT']);
    expect((await t.json('POST', '/api/admin/sellers/abc/approve', undefined, adminToken)).status).toBe(400);
  });
});

describe('reject, suspend, reinstate', () => {
  it('rejects a pending application with the reason the applicant reads; only pending ones', async () => {
    const applicant = await createSeller(t.db, { status: 'pending' });
    const res = await t.json('POST', `/api/admin/sellers/${applicant.user.id}/reject`, { reason: '  The sample link does not open.  ' }, curriculumAdminToken);
    expect(res.status).toBe(200);
    expect(await read<SellerProfileView>(res)).toMatchObject({ status: 'rejected', status_reason: 'The sample link does not open.' });
    expect(await rolesOf(applicant.user.id)).toEqual(['STUDENT']);
    const [notice] = await noticesOf(applicant.user.id);
    expect(notice).toMatchObject({ kind: 'seller_rejected' });
    expect(notice!.body).toContain('The sample link does not open.');
    expect((await emailsTo(applicant.user.email!)).map((e) => e.kind)).toEqual(['seller_rejected']);
    // The applicant reads the reason on their own profile.
    expect(await read<SellerProfileView>(await t.json('GET', '/api/sellers/me', undefined, applicant.token))).toMatchObject({ status: 'rejected', status_reason: 'The sample link does not open.' });

    for (const status of ['approved', 'rejected', 'suspended'] as const) {
      const other = await createSeller(t.db, { status });
      const refused = await t.json('POST', `/api/admin/sellers/${other.user.id}/reject`, { reason: 'No' }, adminToken);
      expect(refused.status, status).toBe(409);
      expect(await read<ErrorBody>(refused)).toEqual({ message: ONLY_PENDING_REJECTED });
      expect(await noticesOf(other.user.id)).toEqual([]);
    }
  });

  it('needs a reason to reject or suspend', async () => {
    const applicant = await createSeller(t.db, { status: 'pending' });
    const seller = await createSeller(t.db);
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 5 }]) {
      expect((await t.json('POST', `/api/admin/sellers/${applicant.user.id}/reject`, body, adminToken)).status, JSON.stringify(body)).toBe(400);
      expect((await t.json('POST', `/api/admin/sellers/${seller.user.id}/suspend`, body, adminToken)).status, JSON.stringify(body)).toBe(400);
    }
    const [a] = await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, applicant.user.id));
    const [s] = await t.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, seller.user.id));
    expect([a!.status, s!.status]).toEqual(['pending', 'approved']);
  });

  it('suspends an approved seller: the role stays, the store and its resources leave the public reads, writes are refused', async () => {
    const seller = await createSeller(t.db);
    await createResource(t.db, seller.user.id);
    expect((await t.request(`/api/sellers/${seller.user.id}`)).status).toBe(200);
    const res = await t.json('POST', `/api/admin/sellers/${seller.user.id}/suspend`, { reason: 'Copied material.' }, curriculumAdminToken);
    expect(res.status).toBe(200);
    expect(await read<SellerProfileView>(res)).toMatchObject({ status: 'suspended', status_reason: 'Copied material.' });
    expect(await rolesOf(seller.user.id)).toEqual(['SELLER']);
    expect((await t.request(`/api/sellers/${seller.user.id}`)).status).toBe(404);
    await expect(requireApprovedSeller(t.db, seller.user.id)).rejects.toMatchObject({ status: 403, message: SELLER_SUSPENDED });
    expect((await noticesOf(seller.user.id)).map((n) => n.kind)).toEqual(['seller_suspended']);
    expect((await emailsTo(seller.user.email!)).map((e) => e.kind)).toEqual(['seller_suspended']);

    const again = await t.json('POST', `/api/admin/sellers/${seller.user.id}/suspend`, { reason: 'Again' }, adminToken);
    expect(again.status).toBe(409);
    expect(await read<ErrorBody>(again)).toEqual({ message: ONLY_APPROVED_SUSPENDED });
  });

  it('reinstates a suspended seller only: the store is public again', async () => {
    const seller = await createSeller(t.db, { status: 'suspended' });
    const res = await t.json('POST', `/api/admin/sellers/${seller.user.id}/reinstate`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(await read<SellerProfileView>(res)).toMatchObject({ status: 'approved', status_reason: null });
    expect((await t.request(`/api/sellers/${seller.user.id}`)).status).toBe(200);
    expect((await noticesOf(seller.user.id)).map((n) => n.kind)).toEqual(['seller_reinstated']);
    expect((await emailsTo(seller.user.email!)).map((e) => e.kind)).toEqual(['seller_reinstated']);

    const approved = await createSeller(t.db);
    const refused = await t.json('POST', `/api/admin/sellers/${approved.user.id}/reinstate`, undefined, adminToken);
    expect(refused.status).toBe(409);
    expect(await read<ErrorBody>(refused)).toEqual({ message: ONLY_SUSPENDED_REINSTATED });
  });

  it('lets only one of two admins suspending at once win', async () => {
    const seller = await createSeller(t.db);
    const statuses = await Promise.all(
      [adminToken, curriculumAdminToken].map(async (token) => (await t.json('POST', `/api/admin/sellers/${seller.user.id}/suspend`, { reason: 'Race' }, token)).status),
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await noticesOf(seller.user.id)).toHaveLength(1);
  });
});

describe('store settings', () => {
  it('reads the platform fee (20 by default) and changes it within 0–50', async () => {
    const first = await read<StoreSettings>(await t.json('GET', '/api/admin/store-settings', undefined, curriculumAdminToken));
    expect(first.platform_fee_percent).toBe(20);
    for (const value of [0, 50, 15]) {
      const res = await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: value }, curriculumAdminToken);
      expect(res.status).toBe(200);
      expect((await read<StoreSettings>(res)).platform_fee_percent).toBe(value);
      expect(await platformFeePercent(t.db)).toBe(value);
    }
    const [row] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'platform_fee_percent'));
    expect(row).toMatchObject({ value: '15', updatedBy: curriculumAdminId });
    // An empty change changes nothing.
    expect((await read<StoreSettings>(await t.json('PATCH', '/api/admin/store-settings', {}, adminToken))).platform_fee_percent).toBe(15);
  });

  it.each([[-1], [51], [12.5], ['20'], [null], [1e9]])('refuses a fee of %j with 400 and keeps the old one', async (value) => {
    await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: 10 }, adminToken);
    const res = await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: value }, adminToken);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors?.platform_fee_percent).toBeTruthy();
    expect(await platformFeePercent(t.db)).toBe(10);
  });

  it('refuses unknown settings (the file limits are fixed, not settings)', async () => {
    expect((await t.json('PATCH', '/api/admin/store-settings', { max_files: 10 }, adminToken)).status).toBe(400);
  });

  it('computes the fee of a sale as the ledger does', () => {
    expect(platformFeeCents(1000, 20)).toBe(200);
    expect(platformFeeCents(999, 15)).toBe(150);
    expect(platformFeeCents(1, 50)).toBe(1);
    expect(platformFeeCents(1200, 0)).toBe(0);
  });
});

describe('GET /api/admin/store-stats', () => {
  it('counts the review queue, the store, pending sellers and the last 30 days of ledger money', async () => {
    const before = await read<StoreStats>(await t.json('GET', '/api/admin/store-stats', undefined, adminToken));
    const seller = await createSeller(t.db);
    const submitted = await createResource(t.db, seller.user.id, { status: 'submitted' });
    const published = await createResource(t.db, seller.user.id, { title: 'Best seller of the stats', salesCount: 2 });
    await createSeller(t.db, { status: 'pending' });
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'sale', resourceId: published.id, grossCents: 100_000, feeCents: 20_000, netCents: 80_000 });
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'sale', resourceId: published.id, grossCents: 100_000, feeCents: 20_000, netCents: 80_000 });
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'refund', resourceId: published.id, grossCents: -50_000, feeCents: -10_000, netCents: -40_000 });
    // Older than the window: counts in the fees of all time only.
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'sale', resourceId: published.id, grossCents: 1000, feeCents: 200, netCents: 800, createdAt: '2020-01-01T00:00:00.000Z' });
    await addLedgerRow(t.db, { sellerId: seller.user.id, type: 'payout', netCents: -120_000 });

    const res = await t.json('GET', '/api/admin/store-stats', undefined, curriculumAdminToken);
    expect(res.status).toBe(200);
    const stats = await read<StoreStats>(res);
    expect(stats.submitted_count - before.submitted_count).toBe(1);
    expect(stats.published_count - before.published_count).toBe(1);
    expect(stats.sellers_pending - before.sellers_pending).toBe(1);
    expect(stats.sales_count - before.sales_count).toBe(2);
    expect(stats.revenue_cents - before.revenue_cents).toBe(150_000);
    expect(stats.platform_fees_cents - before.platform_fees_cents).toBe(30_000);
    expect(stats.platform_fees_all_time_cents - before.platform_fees_all_time_cents).toBe(30_200);
    expect(stats.window_days).toBe(30);
    expect(stats.top_resources[0]).toMatchObject({ id: published.id, title: 'Best seller of the stats', revenue_cents: 151_000, revenue: 1510, sales_count: 2, seller: { id: seller.user.id } });
    expect(stats.top_resources.some((r) => r.id === submitted.id)).toBe(false);
  });
});
