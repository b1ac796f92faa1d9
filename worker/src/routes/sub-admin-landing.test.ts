import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import { createResource, createSeller } from '../../../tests/support/seller-factories.ts';
import { createTestApp, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import type { ImageDebugCheck } from '../../../shared/dashboards/image-debug.ts';
import type { WorkQueues } from '../../../shared/dashboards/queues.ts';
import type { StoreStats } from '../../../shared/store/store-stats.ts';
import { PERMISSION_DENIED } from '../domain/permissions.ts';
import type { RoleName } from '../domain/roles.ts';

/**
 * A sub-admin's landing (GET /api/admin/queues): what waits for a reviewer, each part for the
 * action that works it; and the staff-only image check of /profile-image-debug
 * (GET /api/me/profile-image-debug, `diagnostics.read`).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get<T>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await t.json('GET', path, undefined, token);
  return { status: res.status, body: (await res.json()) as T };
}

const staff = async (roles: RoleName[]) => (await createSignedInUser(t.db, { roles })).token;

describe('GET /api/admin/queues', () => {
  it("answers a curriculum admin the review queue's count and its oldest three, and the seller applications", async () => {
    const seller = await createSeller(t.db, { storeName: 'Tap Together' });
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    // Submitted out of order; a draft and a published resource are not waiting.
    const third = await createResource(t.db, seller.user.id, {
      status: 'submitted',
      title: 'Third in line',
      submittedAt: at(5),
    });
    const first = await createResource(t.db, seller.user.id, {
      status: 'submitted',
      title: 'First in line',
      submittedAt: at(1),
    });
    const second = await createResource(t.db, seller.user.id, {
      status: 'submitted',
      title: 'Second in line',
      submittedAt: at(3),
    });
    await createResource(t.db, seller.user.id, {
      status: 'submitted',
      title: 'Fourth in line',
      submittedAt: at(9),
    });
    await createResource(t.db, seller.user.id, { status: 'draft' });
    await createResource(t.db, seller.user.id, { status: 'published' });
    const applicant = await createSeller(t.db, {
      status: 'pending',
      storeName: 'Ballet Basics',
      firstName: 'Ana',
      lastName: 'Lopez',
      plan: 'free',
    });
    await createSeller(t.db, { status: 'rejected', plan: 'free' });

    const token = await staff(['CURRICULUM_ADMIN']);
    const { status, body } = await get<WorkQueues>('/api/admin/queues', token);
    expect(status).toBe(200);
    expect(body.review).toEqual({
      awaiting: 4,
      first: [
        {
          id: first.id,
          title: 'First in line',
          seller: 'Tap Together',
          submitted_at: at(1),
        },
        {
          id: second.id,
          title: 'Second in line',
          seller: 'Tap Together',
          submitted_at: at(3),
        },
        {
          id: third.id,
          title: 'Third in line',
          seller: 'Tap Together',
          submitted_at: at(5),
        },
      ],
    });
    expect(body.sellers).toEqual({
      pending: 1,
      first: [
        {
          user_id: applicant.user.id,
          store_name: 'Ballet Basics',
          name: 'Ana Lopez',
          applied_at: applicant.profile.createdAt,
        },
      ],
    });

    // The same count as the store's figures the page shows beside it.
    const stats = await get<StoreStats>('/api/admin/store-stats', token);
    expect(stats.body.submitted_count).toBe(body.review!.awaiting);
    expect(stats.body.sellers_pending).toBe(body.sellers!.pending);
  });

  it('reads the counts and the first items through the status indexes, a fixed number of statements', async () => {
    const token = await staff(['CURRICULUM_ADMIN']);
    const statements = await statementsOf(t.client, async () => await t.json('GET', '/api/admin/queues', undefined, token));
    const report = await planReport(t.client, statements);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    const lines = report.flatMap((r) => r.plan);
    expect(lines.some((line) => /resources USING (COVERING )?INDEX resources_status_submitted_idx \(status=\?\)/.test(line))).toBe(true);
    expect(lines.some((line) => /seller_profiles USING (COVERING )?INDEX seller_profiles_status_idx \(status=\?\)/.test(line))).toBe(true);
    expect(statements.length).toBeLessThanOrEqual(8);
  });

  it('leaves out the seller applications for a reviewer who does not decide them', async () => {
    const { status, body } = await get<WorkQueues>('/api/admin/queues', await staff(['CURRICULUM_OFFICER']));
    expect(status).toBe(200);
    expect(body.review?.awaiting).toBe(4);
    expect(body.sellers).toBeNull();
  });

  it('refuses the roles that do not review: learners, sellers, the course sub-admins', async () => {
    for (const roles of [
      ['STUDENT'],
      ['SELLER'],
      ['INSTRUCTOR'],
      ['INSTRUCTOR_ADMIN', 'INSTRUCTOR', 'BOOKING_PROFESSIONAL'],
      ['COURSE_CREATOR_ADMIN'],
    ] as RoleName[][]) {
      const { status, body } = await get<ErrorBody>('/api/admin/queues', await staff(roles));
      expect(status, roles.join()).toBe(403);
      expect(body).toEqual({ message: PERMISSION_DENIED });
    }
    expect((await get('/api/admin/queues')).status).toBe(401);
  });

  it("keeps the platform's figures from a curriculum admin: the admin dashboard and the people stay ADMIN's", async () => {
    const token = await staff(['CURRICULUM_ADMIN']);
    for (const path of ['/api/admin/dashboard', '/api/admin/stats', '/api/users']) {
      const { status, body } = await get<ErrorBody>(path, token);
      expect(status, path).toBe(403);
      expect(body.message, path).toBeTruthy();
    }
    const admin = await createAdmin(t.db);
    const { status, body } = await get<WorkQueues>('/api/admin/queues', await signIn(t.db, admin.id));
    expect(status).toBe(200);
    expect(body.sellers?.pending).toBe(1);
  });
});

describe('GET /api/me/profile-image-debug (staff only)', () => {
  it("checks the caller's profile image against the uploads: stored, its size and type", async () => {
    const key = `profile-images/${randomUUID()}.png`;
    await t.platform.storage.put(key, new Uint8Array([137, 80, 78, 71, 1, 2, 3]), 'image/png');
    const { token } = await createSignedInUser(t.db, {
      roles: ['CURRICULUM_ADMIN'],
      profileImageUrl: `/uploads/${key}`,
    });
    const { status, body } = await get<ImageDebugCheck>('/api/me/profile-image-debug', token);
    expect(status).toBe(200);
    expect(body).toEqual({
      url: `/uploads/${key}`,
      upload: { key, stored: true, size: 7, content_type: 'image/png' },
    });
  });

  it('checks any address given: a missing upload, another site, none', async () => {
    const token = await staff(['INSTRUCTOR_ADMIN']);
    const gone = `profile-images/${randomUUID()}.png`;
    const missing = await get<ImageDebugCheck>('/api/me/profile-image-debug?url=' + encodeURIComponent(`/uploads/${gone}?t=1`), token);
    expect(missing.body.upload).toEqual({
      key: gone,
      stored: false,
      size: null,
      content_type: null,
    });
    const elsewhere = await get<ImageDebugCheck>('/api/me/profile-image-debug?url=' + encodeURIComponent('https://ui-avatars.com/api/?name=A'), token);
    expect(elsewhere.body).toEqual({
      url: 'https://ui-avatars.com/api/?name=A',
      upload: null,
    });
    const admin = await createAdmin(t.db);
    const none = await get<ImageDebugCheck>('/api/me/profile-image-debug', await signIn(t.db, admin.id));
    expect(none).toEqual({ status: 200, body: { url: null, upload: null } });
  });

  it('refuses an address too long to be one with a 400 and a message', async () => {
    const { status, body } = await get<ErrorBody>('/api/me/profile-image-debug?url=' + 'a'.repeat(2049), await staff(['ADMIN']));
    expect(status).toBe(400);
    expect(body.message).toBeTruthy();
    expect(body.validationErrors?.url?.[0]).toMatch(/at most 2048/);
  });

  it('refuses everyone who is not staff', async () => {
    for (const roles of [['STUDENT'], ['SELLER'], ['INSTRUCTOR'], ['CURRICULUM_OFFICER'], ['BOOKING_PROFESSIONAL']] as RoleName[][]) {
      const { status, body } = await get<ErrorBody>('/api/me/profile-image-debug', await staff(roles));
      expect(status, roles.join()).toBe(403);
      expect(body).toEqual({ message: PERMISSION_DENIED });
    }
    expect((await get('/api/me/profile-image-debug')).status).toBe(401);
  });
});
