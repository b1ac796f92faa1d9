import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, sessions, userRoles, users } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, createUser, DEFAULT_PASSWORD, signIn, uniqueUsername } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ROLE_NAMES } from '../domain/roles.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { grantRole, revokeRole, updateUserAsAdmin } from '../services/admin-users.ts';
import type { PublicUserView, UserView } from '../../../shared/users.ts';

let t: TestApp;
let adminToken: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let studentToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  adminToken = await signIn(t.db, admin.id);
  studentToken = (await createSignedInUser(t.db)).token;
});
afterAll(() => t.close());

type Page = { data: UserView[]; total: number; page: number; pageSize: number; next: string | null; prev: string | null };
const mappingsOf = (userId: number) =>
  t.db.select({ role: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('admin guard', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/users'],
    ['PATCH', '/api/users/1', { first_name: 'x' }],
    ['POST', '/api/users/1/roles', { role: 'SELLER' }],
    ['DELETE', '/api/users/1/roles/SELLER'],
    ['GET', '/api/roles'],
  ];

  it.each(calls)('%s %s answers 401 without a token', async (method, path, body) => {
    const res = await t.json(method, path, body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
  });

  it.each(calls)('%s %s answers 401 "Invalid token" for a bad token', async (method, path, body) => {
    const res = await t.json(method, path, body, 'bogus-token');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid token' });
  });

  it.each(calls)('%s %s answers 403 to a signed-in non-admin', async (method, path, body) => {
    const res = await t.json(method, path, body, studentToken);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
  });

  // Decision 0013: a role containing ADMIN opens the admin pages; these roles do not manage people.
  it.each(calls)('%s %s answers 403 to every sub-admin role', async (method, path, body) => {
    for (const role of ['CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN'] as const) {
      const { token } = await createSignedInUser(t.db, { roles: [role] });
      const res = await t.json(method, path, body, token);
      expect(res.status, role).toBe(403);
      expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
    }
  });
});

describe('GET /api/users', () => {
  it('answers a page of users with total, page and pageSize', async () => {
    const res = await t.json('GET', '/api/users?pageSize=2', undefined, adminToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page;
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)` }).from(users);
    expect(body).toMatchObject({ total: n, page: 1, pageSize: 2 });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ id: expect.any(Number), role: expect.any(Array), role_mappings: expect.any(Array), email: expect.anything() });

    const second = (await (await t.json('GET', '/api/users?page=2&pageSize=2', undefined, adminToken)).json()) as Page;
    expect(second.page).toBe(2);
    expect(second.data.map((u) => u.id)).not.toContain(body.data[0]!.id);

    // By the pages' own tokens: the same second page, and back to the first.
    const next = (await (await t.json('GET', `/api/users?pageSize=2&after=${body.next}`, undefined, adminToken)).json()) as Page;
    expect(next).toMatchObject({ page: 2 });
    expect(next.data.map((u) => u.id)).toEqual(second.data.map((u) => u.id));
    const back = (await (await t.json('GET', `/api/users?pageSize=2&before=${next.prev}`, undefined, adminToken)).json()) as Page;
    expect(back).toMatchObject({ page: 1, prev: null });
    expect(back.data.map((u) => u.id)).toEqual(body.data.map((u) => u.id));
  });

  it('defaults to page 1 of 20 and reads empty parameters as defaults', async () => {
    const body = (await (await t.json('GET', '/api/users?search=&page=&pageSize=', undefined, adminToken)).json()) as Page;
    expect(body).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('searches usernames, names and emails without regard to case', async () => {
    const marker = uniqueUsername('find').replace(/_/g, '');
    const byName = await createUser(t.db, { username: `${marker}a`, firstName: 'Nobody', lastName: 'Special' });
    const byFirst = await createUser(t.db, { firstName: `Zelda${marker}` });
    const byLast = await createUser(t.db, { lastName: `Quill${marker}` });
    const byEmail = await createUser(t.db, { email: `${marker}@mail.example` });
    const search = async (q: string) =>
      ((await (await t.json('GET', `/api/users?search=${encodeURIComponent(q)}`, undefined, adminToken)).json()) as Page).data.map((u) => u.id).sort();
    expect(await search(marker.toUpperCase())).toEqual([byName.id, byFirst.id, byLast.id, byEmail.id].sort());
    expect(await search(`Zelda${marker}`)).toEqual([byFirst.id]);
    expect(await search(`Test Quill${marker}`)).toEqual([byLast.id]);
    expect(await search(`${marker}@mail`)).toEqual([byEmail.id]);
  });

  it('finds an account by its new name at once, no longer by the old one, and not once it is gone', async () => {
    const marker = uniqueUsername('renamed').replace(/_/g, '');
    const person = await createUser(t.db, { firstName: `Old${marker}`, lastName: 'Name' });
    const search = async (q: string) =>
      ((await (await t.json('GET', `/api/users?search=${encodeURIComponent(q)}`, undefined, adminToken)).json()) as Page).data.map((u) => u.id);
    expect(await search(`Old${marker}`)).toEqual([person.id]);
    const res = await t.json('PATCH', `/api/users/${person.id}`, { first_name: `New${marker}` }, adminToken);
    expect(res.status).toBe(200);
    expect(await search(`New${marker} Name`)).toEqual([person.id]);
    expect(await search(`Old${marker}`)).toEqual([]);
    await t.db.delete(users).where(eq(users.id, person.id));
    expect(await search(`New${marker}`)).toEqual([]);
  });

  it('finds by one or two characters too, and reads quotes and wildcards as the characters they are', async () => {
    const marker = uniqueUsername('quote').replace(/_/g, '');
    const quoted = await createUser(t.db, { lastName: `O"Neil${marker}` });
    const search = async (q: string) =>
      ((await (await t.json('GET', `/api/users?search=${encodeURIComponent(q)}&pageSize=100`, undefined, adminToken)).json()) as Page);
    expect((await search(`"Neil${marker}`)).data.map((u) => u.id)).toEqual([quoted.id]);
    expect((await search(`"Neil%${marker}`)).data).toEqual([]);
    expect((await search(`"Neil_${marker}`)).data).toEqual([]);
    const short = await search('"N');
    expect(short.data.map((u) => u.id)).toContain(quoted.id);
    expect(short.total).toBeGreaterThanOrEqual(1);
  });

  it('filters by role (?role=, any case), also together with a search', async () => {
    const marker = uniqueUsername('rolef').replace(/_/g, '');
    const seller = await createUser(t.db, { username: `${marker}s`, roles: ['SELLER'] });
    const both = await createUser(t.db, { username: `${marker}b`, roles: ['SELLER', 'INSTRUCTOR'] });
    await createUser(t.db, { username: `${marker}i`, roles: ['INSTRUCTOR'] });
    const list = async (query: string) => {
      const res = await t.json('GET', `/api/users?${query}&pageSize=100`, undefined, adminToken);
      expect(res.status).toBe(200);
      return (await res.json()) as Page;
    };
    const sellers = await list(`role=seller&search=${marker}`);
    expect(sellers.data.map((u) => u.id).sort()).toEqual([seller.id, both.id].sort());
    expect(sellers.total).toBe(2);
    const allSellers = await list('role=SELLER');
    expect(allSellers.data.every((u) => u.role.includes('SELLER'))).toBe(true);
    expect(allSellers.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown role filter with 400', async () => {
    const res = await t.json('GET', '/api/users?role=WIZARD', undefined, adminToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Unknown role', validationErrors: { role: ['Unknown role'] } });
  });

  it('treats % and _ in a search as plain characters', async () => {
    const res = (await (await t.json('GET', `/api/users?search=${encodeURIComponent('%')}`, undefined, adminToken)).json()) as Page;
    expect(res.total).toBe(0);
    const underscore = (await (await t.json('GET', '/api/users?search=zz_never_zz', undefined, adminToken)).json()) as Page;
    expect(underscore.total).toBe(0);
  });

  it.each([
    ['pageSize=101', 'pageSize', 'Page size must be at most 100'],
    ['pageSize=0', 'pageSize', 'Page size must be at least 1'],
    ['page=0', 'page', 'Page must be at least 1'],
    ['page=abc', 'page', 'Page must be a number'],
    ['page=1.5', 'page', 'Page must be a whole number'],
  ])('refuses ?%s with 400', async (query, field, message) => {
    const res = await t.json('GET', `/api/users?${query}`, undefined, adminToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, validationErrors: { [field]: [message] } });
  });

  it('allows a page size of 100', async () => {
    expect((await t.json('GET', '/api/users?pageSize=100', undefined, adminToken)).status).toBe(200);
  });
});

describe('GET /api/users/{id}', () => {
  const PUBLIC_KEYS = ['badges', 'bio', 'first_name', 'id', 'last_name', 'profile_image_url', 'username'];

  it('answers the whole user to an admin', async () => {
    const user = await createUser(t.db, { roles: ['SELLER'], bio: 'Jazz' });
    const res = await t.json('GET', `/api/users/${user.id}`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, email: user.email, role: ['SELLER'], is_active: true, role_mappings: [{ role: 'SELLER' }] });
  });

  it('answers the public profile to anyone else, signed in or not', async () => {
    const user = await createUser(t.db, { roles: ['INSTRUCTOR'], bio: 'Ballet teacher', profileImageUrl: '/uploads/p.png' });
    for (const token of [undefined, studentToken, 'bogus-token']) {
      const res = await t.json('GET', `/api/users/${user.id}`, undefined, token);
      expect(res.status).toBe(200);
      const body = (await res.json()) as PublicUserView;
      expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
      expect(body).toMatchObject({ id: user.id, username: user.username, bio: 'Ballet teacher', badges: ['Instructor'], profile_image_url: '/uploads/p.png' });
    }
  });

  it('never shows the email or role list to a sub-admin or an instructor', async () => {
    const user = await createUser(t.db, { roles: ['SELLER', 'CURRICULUM_ADMIN'] });
    for (const role of ['CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'INSTRUCTOR'] as const) {
      const { token } = await createSignedInUser(t.db, { roles: [role] });
      const res = await t.json('GET', `/api/users/${user.id}`, undefined, token);
      expect(res.status, role).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort(), role).toEqual(PUBLIC_KEYS);
      expect(body.badges).toEqual(['Seller']);
    }
  });

  it('answers the whole account to the account itself', async () => {
    const { user, token } = await createSignedInUser(t.db, { roles: ['STUDENT'] });
    const res = await t.json('GET', `/api/users/${user.id}`, undefined, token);
    expect(await res.json()).toMatchObject({ id: user.id, email: user.email, role: ['STUDENT'] });
  });

  it('hides a deactivated user from everyone but admins', async () => {
    const user = await createUser(t.db, { isActive: false });
    for (const token of [undefined, studentToken]) {
      const res = await t.json('GET', `/api/users/${user.id}`, undefined, token);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'User not found' });
    }
    const asAdmin = await t.json('GET', `/api/users/${user.id}`, undefined, adminToken);
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toMatchObject({ is_active: false });
  });

  it('answers 404 for an unknown id and 400 for one that is not a positive integer', async () => {
    for (const token of [undefined, adminToken]) {
      const missing = await t.json('GET', '/api/users/999999', undefined, token);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'User not found' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999']) {
      const res = await t.json('GET', `/api/users/${id}`, undefined, adminToken);
      expect(res.status, id).toBe(400);
      expect(await res.json()).toEqual({ message: 'Invalid id', validationErrors: { id: ['Invalid id'] } });
    }
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes names and bio', async () => {
    const user = await createUser(t.db);
    const res = await t.json('PATCH', `/api/users/${user.id}`, { first_name: 'Alvin', last_name: 'Ailey', bio: 'Founder' }, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, first_name: 'Alvin', last_name: 'Ailey', bio: 'Founder', is_active: true });
  });

  it('deactivates: every session of the user is revoked and sign-in is refused; reactivating does not revive old tokens', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const second = await signIn(t.db, user.id);
    const res = await t.json('PATCH', `/api/users/${user.id}`, { is_active: false }, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ is_active: false });
    expect(await t.db.select().from(sessions).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))).toHaveLength(0);
    for (const tok of [token, second]) expect(await (await t.json('GET', '/api/me', undefined, tok)).json()).toEqual({ message: 'Invalid token' });
    const login = await t.request('/api/login', {
      method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.9' },
      body: JSON.stringify({ username: user.username, password: DEFAULT_PASSWORD }),
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({ message: 'This account has been deactivated.' });

    const back = await t.json('PATCH', `/api/users/${user.id}`, { is_active: true }, adminToken);
    expect(await back.json()).toMatchObject({ is_active: true });
    expect((await t.json('GET', '/api/me', undefined, token)).status).toBe(401);
  });

  it('refuses to let an admin deactivate themselves, and changes nothing', async () => {
    const res = await t.json('PATCH', `/api/users/${admin.id}`, { is_active: false, first_name: 'Changed' }, adminToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'You cannot deactivate your own account.' });
    expect(await rowOf(admin.id)).toMatchObject({ isActive: true, firstName: 'Admin' });
    expect((await t.json('GET', '/api/me', undefined, adminToken)).status).toBe(200);
  });

  it('lets no sub-admin deactivate or edit anyone, an ADMIN least of all', async () => {
    const curriculumAdmin = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const otherAdmin = await createUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] });
    const student = await createUser(t.db);
    for (const target of [otherAdmin, student, admin]) {
      for (const body of [{ is_active: false }, { first_name: 'Mallory' }]) {
        const res = await t.json('PATCH', `/api/users/${target.id}`, body, curriculumAdmin.token);
        expect(res.status).toBe(403);
        const row = await rowOf(target.id);
        expect(row.isActive).toBe(true);
        expect(row.firstName).not.toBe('Mallory');
      }
    }
  });

  it('keeps the object rule in the service: only an ADMIN changes an ADMIN account', async () => {
    // An actor whose roles would grant users.update but who is not ADMIN (no such role today; the rule stands on its own).
    const target = await createAdmin(t.db);
    await expect(updateUserAsAdmin(t.db, { id: 1, roles: ['CURRICULUM_ADMIN'] }, target.id, { first_name: 'x' })).rejects.toMatchObject({ status: 403 });
    await expect(grantRole(t.db, { id: 1, roles: ['INSTRUCTOR_ADMIN'] }, target.id, 'SELLER')).rejects.toMatchObject({ status: 403 });
  });

  it('answers 404 for an unknown id, 400 for a bad id or body, and changes nothing', async () => {
    const missing = await t.json('PATCH', '/api/users/999999', { first_name: 'x' }, adminToken);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'User not found' });
    const badId = await t.json('PATCH', '/api/users/abc', { first_name: 'x' }, adminToken);
    expect(badId.status).toBe(400);

    const user = await createUser(t.db);
    const bad = await t.json('PATCH', `/api/users/${user.id}`, { is_active: 'no', first_name: 'Changed' }, adminToken);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Active must be on or off', validationErrors: { is_active: ['Active must be on or off'] } });
    const long = await t.json('PATCH', `/api/users/${user.id}`, { bio: 'x'.repeat(2001) }, adminToken);
    expect(long.status).toBe(400);
    const malformed = await t.request(`/api/users/${user.id}`, {
      method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: '{',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON in request body' });
    expect(await rowOf(user.id)).toMatchObject({ firstName: 'Test', bio: '', isActive: true });
  });

  it('answers an empty change with the user as it is', async () => {
    const user = await createUser(t.db);
    const res = await t.json('PATCH', `/api/users/${user.id}`, {}, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, first_name: 'Test' });
  });
});

describe('POST /api/users/{id}/roles', () => {
  it('grants a role and answers the user; granting it again changes nothing', async () => {
    const user = await createUser(t.db);
    const res = await t.json('POST', `/api/users/${user.id}/roles`, { role: 'SELLER' }, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, role: ['STUDENT', 'SELLER'] });
    const again = await t.json('POST', `/api/users/${user.id}/roles`, { role: 'seller' }, adminToken);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ role: ['STUDENT', 'SELLER'] });
    expect(await mappingsOf(user.id)).toHaveLength(2);
  });

  it('keeps one mapping when ten grants of the same role race', async () => {
    const user = await createUser(t.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.json('POST', `/api/users/${user.id}/roles`, { role: 'INSTRUCTOR' }, adminToken)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await mappingsOf(user.id)).map((m) => m.role).sort()).toEqual(['INSTRUCTOR', 'STUDENT']);
  });

  it('refuses an unknown role with 400 and changes nothing', async () => {
    const user = await createUser(t.db);
    for (const body of [{ role: 'KING' }, { role: '' }, {}, { role: 7 }]) {
      const res = await t.json('POST', `/api/users/${user.id}/roles`, body, adminToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()) as { message: string; validationErrors: Record<string, string[]> };
      expect(error.validationErrors).toHaveProperty('role');
    }
    const king = await t.json('POST', `/api/users/${user.id}/roles`, { role: 'KING' }, adminToken);
    expect(await king.json()).toEqual({ message: 'Unknown role', validationErrors: { role: ['Unknown role'] } });
    expect(await mappingsOf(user.id)).toEqual([{ role: 'STUDENT' }]);
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    const missing = await t.json('POST', '/api/users/999999/roles', { role: 'SELLER' }, adminToken);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'User not found' });
    expect((await t.json('POST', '/api/users/x/roles', { role: 'SELLER' }, adminToken)).status).toBe(400);
  });

  it('lets only an ADMIN grant roles: a sub-admin cannot grant itself or anyone a role', async () => {
    const { user: officer, token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    for (const role of ['ADMIN', 'INSTRUCTOR', 'SELLER']) {
      const self = await t.json('POST', `/api/users/${officer.id}/roles`, { role }, token);
      expect(self.status).toBe(403);
      expect(await self.json()).toEqual({ message: PERMISSION_DENIED });
    }
    expect(await mappingsOf(officer.id)).toEqual([{ role: 'CURRICULUM_ADMIN' }]);
    const user = await createUser(t.db);
    expect((await t.json('POST', `/api/users/${user.id}/roles`, { role: 'SELLER' }, token)).status).toBe(403);
    expect(await mappingsOf(user.id)).toEqual([{ role: 'STUDENT' }]);
    expect((await t.json('POST', `/api/users/${user.id}/roles`, { role: 'INSTRUCTOR_ADMIN' }, adminToken)).status).toBe(200);
  });
});

describe('DELETE /api/users/{id}/roles/{role}', () => {
  it('revokes a role and answers the user; revoking a role not held changes nothing', async () => {
    const user = await createUser(t.db, { roles: ['STUDENT', 'SELLER'] });
    const res = await t.json('DELETE', `/api/users/${user.id}/roles/SELLER`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, role: ['STUDENT'] });
    const again = await t.json('DELETE', `/api/users/${user.id}/roles/seller`, undefined, adminToken);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ role: ['STUDENT'] });
  });

  it("refuses to take an admin's own ADMIN role with 409", async () => {
    const res = await t.json('DELETE', `/api/users/${admin.id}/roles/ADMIN`, undefined, adminToken);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'You cannot remove your own ADMIN role.' });
    expect(await mappingsOf(admin.id)).toEqual([{ role: 'ADMIN' }]);
  });

  it('lets an admin take ADMIN from another admin', async () => {
    const other = await createUser(t.db, { roles: ['ADMIN', 'STUDENT'] });
    const res = await t.json('DELETE', `/api/users/${other.id}/roles/ADMIN`, undefined, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: ['STUDENT'], is_admin: false });
  });

  it("refuses to remove a user's last role with 409 and keeps it", async () => {
    const user = await createUser(t.db, { roles: ['SELLER'] });
    const res = await t.json('DELETE', `/api/users/${user.id}/roles/SELLER`, undefined, adminToken);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'A user must keep at least one role: grant another role before removing this one.' });
    expect(await mappingsOf(user.id)).toEqual([{ role: 'SELLER' }]);
    // Another admin's only role is their last one too.
    const other = await createAdmin(t.db);
    const last = await t.json('DELETE', `/api/users/${other.id}/roles/ADMIN`, undefined, adminToken);
    expect(last.status).toBe(409);
    expect(await mappingsOf(other.id)).toEqual([{ role: 'ADMIN' }]);
  });

  it('keeps one role when its two roles are revoked at once', async () => {
    const user = await createUser(t.db, { roles: ['STUDENT', 'SELLER'] });
    const [a, b] = await Promise.all([
      t.json('DELETE', `/api/users/${user.id}/roles/STUDENT`, undefined, adminToken),
      t.json('DELETE', `/api/users/${user.id}/roles/SELLER`, undefined, adminToken),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await mappingsOf(user.id)).toHaveLength(1);
  });

  it('lets only an ADMIN revoke a role containing ADMIN', async () => {
    const { token } = await createSignedInUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] });
    const target = await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const res = await t.json('DELETE', `/api/users/${target.id}/roles/CURRICULUM_ADMIN`, undefined, token);
    expect(res.status).toBe(403);
    expect(await mappingsOf(target.id)).toEqual([{ role: 'CURRICULUM_ADMIN' }]);
  });

  it('answers 400 for an unknown role or bad id and 404 for an unknown user', async () => {
    const unknownRole = await t.json('DELETE', `/api/users/${admin.id}/roles/KING`, undefined, adminToken);
    expect(unknownRole.status).toBe(400);
    expect(await unknownRole.json()).toEqual({ message: 'Unknown role', validationErrors: { role: ['Unknown role'] } });
    expect((await t.json('DELETE', '/api/users/abc/roles/SELLER', undefined, adminToken)).status).toBe(400);
    const missing = await t.json('DELETE', '/api/users/999999/roles/SELLER', undefined, adminToken);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'User not found' });
  });
});

describe('the last active ADMIN', () => {
  // A database of its own, so the admins of the other tests do not count.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  it('keeps ADMIN when two admins revoke each other at once: exactly one succeeds', async () => {
    // A second role each, so only the last-admin rule is at stake.
    const a = await createUser(own.db, { firstName: 'Admin', roles: ['ADMIN', 'STUDENT'] });
    const b = await createUser(own.db, { firstName: 'Admin', roles: ['ADMIN', 'STUDENT'] });
    const [ta, tb] = await Promise.all([signIn(own.db, a.id), signIn(own.db, b.id)]);
    const [ra, rb] = await Promise.all([
      own.json('DELETE', `/api/users/${b.id}/roles/ADMIN`, undefined, ta),
      own.json('DELETE', `/api/users/${a.id}/roles/ADMIN`, undefined, tb),
    ]);
    const statuses = [ra.status, rb.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const loser = ra.status === 200 ? rb : ra;
    if (loser.status === 409) expect(await loser.json()).toEqual({ message: 'The last active admin cannot lose the ADMIN role.' });
    const holders = await own.db
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.name, 'ADMIN'));
    expect(holders).toHaveLength(1);
  });

  it('refuses in the service itself to remove ADMIN from the only active holder', async () => {
    const only = (await own.db.select({ id: userRoles.userId }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(roles.name, 'ADMIN')))[0]!;
    // An actor that passed the admin check a moment ago but has since lost ADMIN.
    const actor = { id: -1, username: 'gone', roles: ['ADMIN'], isActive: true, sessionId: -1 };
    await expect(revokeRole(own.db, actor, only.id, 'ADMIN')).rejects.toMatchObject({ status: 409, message: 'The last active admin cannot lose the ADMIN role.' });
  });

  it('keeps one active ADMIN when two admins deactivate each other at once', async () => {
    const c = await createAdmin(own.db);
    const d = await createAdmin(own.db);
    // Leave only c and d holding ADMIN.
    await own.db.run(sql`DELETE FROM user_roles WHERE role_id = (SELECT id FROM roles WHERE name = 'ADMIN') AND user_id NOT IN (${c.id}, ${d.id})`);
    const [tc, td] = await Promise.all([signIn(own.db, c.id), signIn(own.db, d.id)]);
    const [rc, rd] = await Promise.all([
      own.json('PATCH', `/api/users/${d.id}`, { is_active: false }, tc),
      own.json('PATCH', `/api/users/${c.id}`, { is_active: false }, td),
    ]);
    expect([rc.status, rd.status].filter((s) => s === 200)).toHaveLength(1);
    for (const res of [rc, rd].filter((r) => r.status !== 200)) {
      expect([401, 409]).toContain(res.status);
      if (res.status === 409) expect(await res.json()).toEqual({ message: 'The last active admin cannot be deactivated.' });
    }
    const active = await own.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.name, 'ADMIN'), eq(users.isActive, true)));
    expect(active).toHaveLength(1);
  });
});

describe('GET /api/roles', () => {
  it('lists every role with its description and holder count', async () => {
    const res = await t.json('GET', '/api/roles', undefined, adminToken);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: number; name: string; description: string; user_count: number }[] };
    expect(data.map((r) => r.name).sort()).toEqual([...ROLE_NAMES].sort());
    for (const role of data) {
      expect(role.description, role.name).not.toBe('');
      const [{ n }] = await t.db
        .select({ n: sql<number>`count(*)` })
        .from(userRoles)
        .where(eq(userRoles.roleId, role.id));
      expect(role.user_count, role.name).toBe(n);
    }
    expect(data.find((r) => r.name === 'ADMIN')!.user_count).toBeGreaterThanOrEqual(1);
  });
});
