import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle, sessions, userRoles, users } from '../../../db/schema/index.ts';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, signIn, uniqueUsername } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { hashToken } from '../domain/tokens.ts';
import { findSession } from '../services/sessions.ts';
import type { UserView } from '../../../shared/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test signs in from its own address so the per-client limit of one test never touches another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function login(body: unknown, ip: string) {
  return t.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });
}

const userCount = async () => (await t.db.select({ n: sql<number>`count(*)` }).from(users))[0]!.n;
const byName = async (name: string) => t.db.select().from(users).where(sql`lower(${users.username}) = lower(${name})`);

const USER_VIEW_KEYS = [
  'id', 'username', 'email', 'first_name', 'last_name', 'bio', 'profile_image_url', 'role', 'role_mappings', 'is_admin',
  'subscription_tier', 'subscription_plan', 'subscriptionPlan', 'subscription_status', 'subscription_expires_at', 'is_active', 'created_at',
].sort();

describe('POST /api/register', () => {
  it('creates a STUDENT, signs them in and answers 201 with access_token and the user', async () => {
    const username = uniqueUsername('reg');
    const res = await t.json('POST', '/api/register', {
      username, password: 'a-good-password', email: `${username}@Example.com`, first_name: 'Ada', last_name: 'Lovelace',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { access_token: string; user: UserView };
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.user).sort()).toEqual(USER_VIEW_KEYS);
    expect(body.user).toMatchObject({
      username, email: `${username}@example.com`, first_name: 'Ada', last_name: 'Lovelace', bio: '', profile_image_url: null,
      role: ['STUDENT'], is_admin: false, subscription_tier: 'free', subscription_plan: null, subscriptionPlan: null,
      subscription_status: null, subscription_expires_at: null, is_active: true,
    });
    expect(body.user.role_mappings).toEqual([{ id: expect.any(Number), role: 'STUDENT' }]);

    const me = await t.json('GET', '/api/me', undefined, body.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(body.user);

    const [row] = await byName(username);
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('a-good-password');
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(session!.tokenHash).toBe(hashToken(body.access_token));
  });

  it('treats an empty or null email as none, trims and lowercases one, and leaves names empty when not given', async () => {
    const username = uniqueUsername('reg');
    const res = await t.json('POST', '/api/register', { username, password: 'a-good-password', email: '' });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: UserView };
    expect(user).toMatchObject({ email: null, first_name: '', last_name: '' });
    const withNull = await t.json('POST', '/api/register', { username: uniqueUsername('reg'), password: 'a-good-password', email: null });
    expect(((await withNull.json()) as { user: UserView }).user.email).toBeNull();
    const spaced = await t.json('POST', '/api/register', { username: uniqueUsername('reg'), password: 'a-good-password', email: '  Mixed@Example.COM ' });
    expect(((await spaced.json()) as { user: UserView }).user.email).toBe('mixed@example.com');
  });

  it('ignores fields a visitor must not set (roles, activation, tier)', async () => {
    const username = uniqueUsername('reg');
    const res = await t.json('POST', '/api/register', {
      username, password: 'a-good-password', role: ['ADMIN'], roles: ['ADMIN'], is_active: false, subscription_tier: 'ROYAL',
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: UserView };
    expect(user).toMatchObject({ role: ['STUDENT'], is_active: true, subscription_tier: 'free', is_admin: false });
  });

  it('answers 409 "Username already exists" for a taken name, in any case, and writes nothing', async () => {
    const existing = await createUser(t.db);
    const before = await userCount();
    for (const name of [existing.username, existing.username.toUpperCase()]) {
      const res = await t.json('POST', '/api/register', { username: name, password: 'a-good-password' });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: 'Username already exists' });
    }
    expect(await userCount()).toBe(before);
  });

  it('answers 409 "Email already exists" for a taken email, in any case', async () => {
    const existing = await createUser(t.db, { email: `${uniqueUsername('mail')}@example.com` });
    const before = await userCount();
    const res = await t.json('POST', '/api/register', {
      username: uniqueUsername('reg'), password: 'a-good-password', email: existing.email!.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Email already exists' });
    expect(await userCount()).toBe(before);
  });

  it('requires a password of at least 8 characters', async () => {
    const res = await t.json('POST', '/api/register', { username: uniqueUsername('reg'), password: 'short12' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Password must be at least 8 characters',
      validationErrors: { password: ['Password must be at least 8 characters'] },
    });
  });

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(33), 'Username must be at most 32 characters'],
    ['has space', 'Username may contain only letters, digits, dots, underscores and hyphens'],
    ['bad/name', 'Username may contain only letters, digits, dots, underscores and hyphens'],
    ['ünïcode', 'Username may contain only letters, digits, dots, underscores and hyphens'],
  ])('refuses the username %j', async (username, message) => {
    const before = await userCount();
    const res = await t.json('POST', '/api/register', { username, password: 'a-good-password' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, validationErrors: { username: [message] } });
    expect(await userCount()).toBe(before);
  });

  it('accepts letters, digits, dots, underscores and hyphens from 3 to 32 characters', async () => {
    for (const username of [`a.b_${ipCounter}-c`, `x${Date.now()}`.slice(0, 32), `Zz-${Math.random().toString(36).slice(2, 8)}`]) {
      const res = await t.json('POST', '/api/register', { username, password: 'a-good-password' });
      expect(res.status, username).toBe(201);
    }
  });

  it('refuses an invalid email', async () => {
    const res = await t.json('POST', '/api/register', { username: uniqueUsername('reg'), password: 'a-good-password', email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Enter a valid email address', validationErrors: { email: ['Enter a valid email address'] } });
  });

  it('answers missing fields with 400 and a message per field', async () => {
    const res = await t.json('POST', '/api/register', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Username is required',
      validationErrors: { username: ['Username is required'], password: ['Password is required'] },
    });
  });

  it('answers a body that is not JSON (or not sent as JSON) with 400 in the error shape', async () => {
    const before = await userCount();
    const malformed = await t.request('/api/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username": "x",' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON in request body' });
    const plain = await t.request('/api/register', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { validationErrors: object }).validationErrors).toHaveProperty('username');
    expect(await userCount()).toBe(before);
  });

  it('answers a body over 1 MB with 413', async () => {
    const before = await userCount();
    const res = await t.json('POST', '/api/register', { username: uniqueUsername('big'), password: 'a-good-password', first_name: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body too large' });
    expect(await userCount()).toBe(before);
  });

  it('lets exactly one of ten concurrent sign-ups with one name through, the rest 409, never 500', async () => {
    const username = uniqueUsername('race');
    const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? username.toUpperCase() : username));
    const responses = await Promise.all(variants.map((name) => t.json('POST', '/api/register', { username: name, password: 'a-good-password' })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const res of responses.filter((r) => r.status === 409)) expect(await res.json()).toEqual({ message: 'Username already exists' });
    const rows = await byName(username);
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, rows[0]!.id))).toHaveLength(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, rows[0]!.id))).toHaveLength(1);
  }, 60_000);

  it('lets concurrent sign-ups with different names all through', async () => {
    const names = Array.from({ length: 5 }, () => uniqueUsername('many'));
    const responses = await Promise.all(names.map((username) => t.json('POST', '/api/register', { username, password: 'a-good-password' })));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
  }, 60_000);
});

describe('POST /api/login', () => {
  it('answers 200 with access_token and the user, and the token works', async () => {
    const user = await createUser(t.db, { roles: ['SELLER', 'INSTRUCTOR'] });
    const res = await login({ username: user.username, password: DEFAULT_PASSWORD }, freshIp());
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; user: UserView };
    expect(Object.keys(body).sort()).toEqual(['access_token', 'user']);
    expect(body.user).toMatchObject({ id: user.id, username: user.username, role: ['SELLER', 'INSTRUCTOR'], is_admin: false });
    const me = await t.json('GET', '/api/me', undefined, body.access_token);
    expect(((await me.json()) as UserView).id).toBe(user.id);
  });

  it('reads the username without regard to case and gives a new token each time', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const a = (await (await login({ username: user.username.toUpperCase(), password: DEFAULT_PASSWORD }, ip)).json()) as { access_token: string };
    const b = (await (await login({ username: ` ${user.username} `, password: DEFAULT_PASSWORD }, ip)).json()) as { access_token: string };
    expect(a.access_token).toBeTruthy();
    expect(b.access_token).toBeTruthy();
    expect(a.access_token).not.toBe(b.access_token);
  });

  it('marks an admin as such in the user', async () => {
    const admin = await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const res = await login({ username: admin.username, password: DEFAULT_PASSWORD }, freshIp());
    expect(((await res.json()) as { user: UserView }).user).toMatchObject({ role: ['CURRICULUM_ADMIN'], is_admin: true });
  });

  it('answers 401 "Invalid username or password" for a wrong password and for an unknown name alike', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const wrong = await login({ username: user.username, password: 'not-the-password' }, ip);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid username or password' });
    const unknown = await login({ username: uniqueUsername('ghost'), password: 'whatever-password' }, ip);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Invalid username or password' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('answers 403 "This account has been deactivated." for the right password of a deactivated account', async () => {
    const user = await createUser(t.db, { isActive: false });
    const ip = freshIp();
    const res = await login({ username: user.username, password: DEFAULT_PASSWORD }, ip);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'This account has been deactivated.' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const wrong = await login({ username: user.username, password: 'not-the-password' }, ip);
    expect(wrong.status).toBe(401);
  });

  it('answers missing fields with 400 and a message per field', async () => {
    const res = await login({}, freshIp());
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Username is required',
      validationErrors: { username: ['Username is required'], password: ['Password is required'] },
    });
    const empty = await login({ username: 'someone', password: '' }, freshIp());
    expect(await empty.json()).toEqual({ message: 'Password is required', validationErrors: { password: ['Password is required'] } });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Malformed JSON in request body' });
  });
});

describe('sign-in throttling', () => {
  const TOO_MANY = /^Too many failed sign-in attempts\. Please try again in \d+ (?:seconds?|minutes?)\.$/;
  const rowOf = async (key: string) => (await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0];
  const failuresOf = async (key: string) => (await rowOf(key))?.failures ?? 0;
  const accountKey = (username: string, ip: string) => `user:${username.toLowerCase()}|ip:${ip}`;

  it('answers 429 with Retry-After after 5 failures for an account at one address, without checking the password', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login({ username: user.username, password: 'wrong-password' }, ip)).status).toBe(401);
    expect(await failuresOf(accountKey(user.username, ip))).toBe(5);

    const blocked = await login({ username: user.username, password: DEFAULT_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect((await read<ErrorBody>(blocked)).message).toMatch(TOO_MANY);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  }, 60_000);

  it('does not lock the owner out: from their own address the right password signs in', async () => {
    const user = await createUser(t.db);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) await login({ username: user.username, password: 'wrong-password' }, attacker);
    expect((await login({ username: user.username, password: 'wrong-password' }, attacker)).status).toBe(429);
    const owner = await login({ username: user.username.toUpperCase(), password: DEFAULT_PASSWORD }, freshIp());
    expect(owner.status).toBe(200);
  }, 60_000);

  it('throttles unknown names like known ones', async () => {
    const ghost = uniqueUsername('ghost');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login({ username: ghost, password: 'wrong-password' }, ip)).status).toBe(401);
    expect((await login({ username: ghost, password: 'wrong-password' }, ip)).status).toBe(429);
  }, 60_000);

  it('lets the account in again once the delay has passed, and doubles the delay on the next failure', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const key = accountKey(user.username, ip);
    await t.db.insert(loginThrottle).values({ key, failures: 5, windowStartedAt: Date.now() - 60_000, blockedUntil: Date.now() - 1 });
    expect((await login({ username: user.username, password: 'wrong-password' }, ip)).status).toBe(401);
    const again = await login({ username: user.username, password: DEFAULT_PASSWORD }, ip);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(30);
    await t.db.update(loginThrottle).set({ blockedUntil: Date.now() - 1 }).where(eq(loginThrottle.key, key));
    expect((await login({ username: user.username, password: DEFAULT_PASSWORD }, ip)).status).toBe(200);
    expect(await rowOf(key)).toBeUndefined();
  });

  it('clears the account counter on success', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login({ username: user.username, password: 'wrong-password' }, ip);
    expect(await failuresOf(accountKey(user.username, ip))).toBe(4);
    expect((await login({ username: user.username, password: DEFAULT_PASSWORD }, ip)).status).toBe(200);
    expect(await failuresOf(accountKey(user.username, ip))).toBe(0);
    // Four failures so far from this address, none counted for the success.
    expect(await failuresOf(`ip:${ip}`)).toBe(4);
    for (let i = 0; i < 4; i++) expect((await login({ username: user.username, password: 'wrong-password' }, ip)).status).toBe(401);
    expect((await login({ username: user.username, password: DEFAULT_PASSWORD }, ip)).status).toBe(200);
  }, 60_000);

  it('answers 429 to an address after 20 failures across accounts, even for a good password', async () => {
    const ip = freshIp();
    const names = Array.from({ length: 20 }, () => uniqueUsername('spray'));
    const results = await Promise.all(names.map((username) => login({ username, password: 'wrong-password' }, ip)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(401));
    expect(await failuresOf(`ip:${ip}`)).toBe(20);

    const user = await createUser(t.db);
    const blocked = await login({ username: user.username, password: DEFAULT_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect((await read<ErrorBody>(blocked)).message).toMatch(TOO_MANY);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused attempt did not count against the account, and other addresses are not affected.
    expect(await failuresOf(accountKey(user.username, ip))).toBe(0);
    expect((await login({ username: user.username, password: DEFAULT_PASSWORD }, freshIp())).status).toBe(200);
  }, 90_000);

  it('never locks out correct sign-ins: 25 at once from one address all succeed, and wrong passwords are still limited', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 25 }, () => login({ username: user.username, password: DEFAULT_PASSWORD }, ip)));
    expect(results.map((r) => r.status)).toEqual(Array(25).fill(200));
    expect(await rowOf(accountKey(user.username, ip))).toBeUndefined();
    expect(await failuresOf(`ip:${ip}`)).toBe(0);
    expect((await login({ username: user.username, password: DEFAULT_PASSWORD }, ip)).status).toBe(200);

    // The failure limit is unchanged: five wrong passwords, then 429 even for the right one.
    for (let i = 0; i < 5; i++) expect((await login({ username: user.username, password: 'wrong-password' }, ip)).status).toBe(401);
    const blocked = await login({ username: user.username, password: DEFAULT_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect((await read<ErrorBody>(blocked)).message).toMatch(TOO_MANY);
  }, 60_000);

  it('counts concurrent failures so that no more than 5 guesses are checked', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 10 }, () => login({ username: user.username, password: 'wrong-password' }, ip)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await login({ username: user.username, password: DEFAULT_PASSWORD }, ip)).status).toBe(429);
  }, 60_000);
});

describe('POST /api/logout', () => {
  it('revokes the current session only and answers { message: "Logged out" }', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const other = await signIn(t.db, user.id);
    const res = await t.json('POST', '/api/logout', undefined, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Logged out' });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.revokedAt).not.toBeNull();

    const again = await t.json('GET', '/api/me', undefined, token);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: 'Invalid token' });
    expect((await t.json('GET', '/api/me', undefined, other)).status).toBe(200);
  });

  it('answers 401 without a token, and "Invalid token" for a revoked one', async () => {
    const res = await t.json('POST', '/api/logout');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
    const { token } = await createSignedInUser(t.db);
    await t.json('POST', '/api/logout', undefined, token);
    const twice = await t.json('POST', '/api/logout', undefined, token);
    expect(twice.status).toBe(401);
    expect(await twice.json()).toEqual({ message: 'Invalid token' });
  });
});

describe('GET /api/me and /api/user', () => {
  it('answers the signed-in user, the same on both paths', async () => {
    const { user, token } = await createSignedInUser(t.db, { roles: ['STUDENT', 'SELLER'], subscriptionTier: 'NOBILITY', bio: 'Tap teacher' });
    const me = await t.json('GET', '/api/me', undefined, token);
    const alias = await t.json('GET', '/api/user', undefined, token);
    expect(me.status).toBe(200);
    expect(alias.status).toBe(200);
    const body = (await me.json()) as UserView;
    expect(await alias.json()).toEqual(body);
    expect(Object.keys(body).sort()).toEqual(USER_VIEW_KEYS);
    expect(body).toMatchObject({ id: user.id, username: user.username, role: ['STUDENT', 'SELLER'], subscription_tier: 'NOBILITY', bio: 'Tap teacher' });
  });

  it.each(['/api/me', '/api/user'])('%s answers 401 "Authentication required" without a token', async (path) => {
    const res = await t.json('GET', path);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
  });

  it('answers 401 "Invalid token" for an unknown, malformed, expired, revoked or deactivated token', async () => {
    const expired = await createSignedInUser(t.db);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where(eq(sessions.userId, expired.user.id));
    const revoked = await createSignedInUser(t.db);
    await t.db.update(sessions).set({ revokedAt: new Date().toISOString() }).where(eq(sessions.userId, revoked.user.id));
    const deactivated = await createSignedInUser(t.db);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));

    for (const token of ['not-a-real-token', 'x'.repeat(43), expired.token, revoked.token, deactivated.token]) {
      const res = await t.json('GET', '/api/me', undefined, token);
      expect(res.status, token).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid token' });
    }
  });
});

describe('the session lookup', () => {
  it("reads the account with the session, every column but the password hash", async () => {
    const { user, token } = await createSignedInUser(t.db, { bio: 'Ballet' });
    const found = await findSession(t.db, token);
    expect(found?.user).toMatchObject({ id: user.id, username: user.username, bio: 'Ballet', isActive: true });
    expect(found?.user).not.toHaveProperty('passwordHash');
    const [stored] = await byName(user.username);
    const { passwordHash, ...rest } = stored!;
    expect(passwordHash).toMatch(/^scrypt\$/);
    expect(found?.user).toEqual(rest);
  });
});

describe('PATCH /api/me', () => {
  const OWN_IMAGE = '/uploads/profile/0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c01.png';
  it('updates names, bio and profile image and answers the updated user', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const res = await t.json('PATCH', '/api/me', {
      first_name: ' Martha ', last_name: 'Graham', bio: 'Modern dance pioneer', profile_image_url: OWN_IMAGE,
    }, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: user.id, first_name: 'Martha', last_name: 'Graham', bio: 'Modern dance pioneer', profile_image_url: OWN_IMAGE,
    });
    const https = await t.json('PATCH', '/api/me', { profile_image_url: 'https://images.example.com/me.jpg' }, token);
    expect(await https.json()).toMatchObject({ profile_image_url: 'https://images.example.com/me.jpg', first_name: 'Martha' });
    const cleared = await t.json('PATCH', '/api/me', { profile_image_url: null }, token);
    expect(await cleared.json()).toMatchObject({ profile_image_url: null, bio: 'Modern dance pioneer' });
  });

  it('changes nothing else, whatever the body carries', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const res = await t.json('PATCH', '/api/me', {
      username: 'hijack', role: ['ADMIN'], is_active: false, subscription_tier: 'ROYAL', email: 'x@example.com', password_hash: 'x',
    }, token);
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: user.username, isActive: true, subscriptionTier: 'free', email: user.email, passwordHash: user.passwordHash });
    expect(((await res.json()) as UserView).role).toEqual(['STUDENT']);
  });

  it.each([
    [{ bio: 'x'.repeat(2001) }, 'bio', 'Bio must be at most 2000 characters'],
    [{ first_name: 'x'.repeat(101) }, 'first_name', 'First name must be at most 100 characters'],
    [{ profile_image_url: 'http://insecure.example.com/a.png' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: 'javascript:alert(1)' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: '/etc/passwd' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: '/uploads/../secret' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    // Decision 0015: only keys the upload route makes, and no encoded dots, backslashes or data: links.
    [{ profile_image_url: '/uploads/%2e%2e/x' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: '/uploads/%2E%2E/drx.db' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: '/uploads/profile\\0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c01.png' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: '/uploads/abc123.png' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: 'data:image/png;base64,iVBORw0KGgo=' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: 'https://user:pass@images.example.com/a.png' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
    [{ profile_image_url: '//evil.example.com/a.png' }, 'profile_image_url', 'Profile image must be an uploaded file or an https link'],
  ])('refuses %j with 400 and changes nothing', async (body, field, message) => {
    const { user, token } = await createSignedInUser(t.db, { bio: 'unchanged', profileImageUrl: '/uploads/old.png' });
    const res = await t.json('PATCH', '/api/me', { first_name: 'Changed', ...body }, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, validationErrors: { [field]: [message] } });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Test', bio: 'unchanged', profileImageUrl: '/uploads/old.png' });
  });

  it('accepts a bio of exactly 2000 characters', async () => {
    const { token } = await createSignedInUser(t.db);
    const res = await t.json('PATCH', '/api/me', { bio: 'x'.repeat(2000) }, token);
    expect(res.status).toBe(200);
  });

  it('answers 401 without a token and malformed JSON with 400', async () => {
    const anonymous = await t.json('PATCH', '/api/me', { bio: 'x' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Authentication required' });
    const { token } = await createSignedInUser(t.db);
    const malformed = await t.request('/api/me', {
      method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{bio',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON in request body' });
  });
});
