import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, sessions } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { ROLE_NAMES } from '../domain/roles.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/stats', () => {
  it('answers 401 without a token and 403 to a non-admin', async () => {
    const anonymous = await t.json('GET', '/api/admin/stats');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Authentication required' });
    for (const role of ['SELLER', 'CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN'] as const) {
      const { token } = await createSignedInUser(t.db, { roles: [role] });
      const res = await t.json('GET', '/api/admin/stats', undefined, token);
      expect(res.status, role).toBe(403);
      expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
    }
  });

  it('counts users, admins, new users, messages and live sessions', async () => {
    // A database of its own, so the counts are exact.
    const own = await createTestApp();
    await createSignedInUser(own.db, { roles: ['SELLER'] });
    const admin = await createAdmin(own.db);
    const adminToken = await signIn(own.db, admin.id);
    await createUser(own.db, { roles: ['CURRICULUM_ADMIN', 'SELLER'] });
    await createUser(own.db, { isActive: false });
    await createUser(own.db, { roles: ['STUDENT', 'INSTRUCTOR'], createdAt: new Date(Date.now() - 10 * 86_400_000).toISOString() });
    const expired = await createSignedInUser(own.db);
    await own.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(sessions.userId, expired.user.id));
    const revoked = await createSignedInUser(own.db);
    await own.db.update(sessions).set({ revokedAt: new Date().toISOString() }).where(eq(sessions.userId, revoked.user.id));
    await own.db.insert(contactMessages).values([
      { name: 'a', email: 'a@example.com', subject: 's', message: 'message one' },
      { name: 'b', email: 'b@example.com', subject: 's', message: 'message two', readAt: new Date().toISOString() },
      { name: 'c', email: 'c@example.com', subject: 's', message: 'message three' },
    ]);

    const res = await own.json('GET', '/api/admin/stats', undefined, adminToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { roles: Record<string, number> };
    expect(body).toEqual({
      users: 7,
      active_users: 6,
      admins: 2,
      new_users_7d: 6,
      messages: 3,
      unread_messages: 2,
      active_sessions: 2,
      roles: expect.any(Object),
    });
    expect(Object.keys(body.roles).sort()).toEqual([...ROLE_NAMES].sort());
    expect(body.roles).toMatchObject({ ADMIN: 1, CURRICULUM_ADMIN: 1, SELLER: 2, STUDENT: 4, INSTRUCTOR: 1 });
    expect(body.roles.GUEST_USER).toBe(0);
    own.close();
  });
});
