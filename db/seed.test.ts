import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { hashPassword, verifyPassword } from '../worker/src/domain/password.ts';
import { ROLE_NAMES } from '../worker/src/domain/roles.ts';
import {
  AGE_GROUPS,
  DANCE_CATEGORIES,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  demoLoginsAllowed,
  ensureAdminAccount,
  existingDemoAccounts,
  LEVELS,
  lockPublicDemoLogins,
  seedDemoData,
  seedForStart,
  seedReferenceData,
} from './seed.ts';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import { signIn } from '../tests/support/factories.ts';
import { ageGroups, categories, courses, enrollments, levels, roles, userRoles, users } from './schema/index.ts';
import type { Db } from '../worker/src/platform/db.ts';

const apps: TestApp[] = [];
async function freshApp(): Promise<TestApp> {
  const app = await createTestApp();
  apps.push(app);
  return app;
}
afterEach(() => {
  for (const app of apps.splice(0)) app.close();
});

const rolesOf = async (db: Db, username: string) =>
  (
    await db
      .select({ role: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(users.username, username))
  ).map((r) => r.role);

const countOf = async (db: Db, table: typeof users | typeof roles | typeof userRoles) =>
  (await db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n;

describe('seedReferenceData', () => {
  it('fills roles (with descriptions), categories, age groups and levels, and is idempotent', async () => {
    const { db } = await freshApp();
    await seedReferenceData(db);
    await seedReferenceData(db);
    const roleRows = await db.select().from(roles);
    expect(roleRows.map((r) => r.name).sort()).toEqual([...ROLE_NAMES].sort());
    for (const r of roleRows) expect(r.description, r.name).not.toBe('');
    expect((await db.select().from(categories)).map((c) => c.name)).toEqual([...DANCE_CATEGORIES]);
    expect((await db.select().from(ageGroups)).map((c) => c.name)).toEqual([...AGE_GROUPS]);
    expect((await db.select().from(levels)).map((c) => c.name)).toEqual([...LEVELS]);
  });

  it('has the product enumerations', () => {
    expect(DANCE_CATEGORIES).toEqual(['Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other']);
    expect(AGE_GROUPS).toEqual(['All Ages', 'Toddler (2-4)', 'Children (5-8)', 'Pre-Teen (9-12)', 'Teen (13-17)', 'Adult (18+)', 'Senior (55+)']);
    expect(LEVELS).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels']);
  });

  it('changes nothing that exists', async () => {
    const { db } = await freshApp();
    await db.update(roles).set({ description: 'Edited by an admin' }).where(eq(roles.name, 'SELLER'));
    await seedReferenceData(db);
    expect((await db.select().from(roles).where(eq(roles.name, 'SELLER')))[0]!.description).toBe('Edited by an admin');
  });
});

describe('seedDemoData', () => {
  it('lists one account per kind of user with the demo password', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.username, [...a.roles]])).toEqual([
      ['student', ['STUDENT']],
      ['seller', ['SELLER']],
      ['curriculum_seller', ['CURRICULUM_SELLER']],
      ['instructor_admin', ['INSTRUCTOR_ADMIN', 'INSTRUCTOR', 'DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL']],
      ['curriculum_admin', ['CURRICULUM_ADMIN']],
      ['admin', ['ADMIN']],
      ['multirole', ['STUDENT', 'SELLER', 'INSTRUCTOR']],
    ]);
    for (const a of DEMO_ACCOUNTS) {
      expect(a.password).toBe('drx-demo-2026');
      expect(a.description).not.toBe('');
      expect(a.firstName).not.toBe('');
    }
    expect(DEMO_PASSWORD).toBe('drx-demo-2026');
  });

  it('creates the accounts with their roles on an empty database, once', async () => {
    const { db } = await freshApp();
    expect(await seedDemoData(db)).toBe(true);
    for (const account of DEMO_ACCOUNTS) expect((await rolesOf(db, account.username)).sort(), account.username).toEqual([...account.roles].sort());
    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin).toMatchObject({ firstName: 'Grace', lastName: 'Whitfield', isActive: true });
    expect(await verifyPassword('drx-demo-2026', admin!.passwordHash)).toBe(true);

    const before = [await countOf(db, users), await countOf(db, userRoles)];
    expect(await seedDemoData(db)).toBe(false);
    expect([await countOf(db, users), await countOf(db, userRoles)]).toEqual(before);
    expect((await existingDemoAccounts(db)).map((a) => a.username)).toEqual(DEMO_ACCOUNTS.map((a) => a.username));
  }, 60_000);

  it('leaves a database that already has users alone', async () => {
    const { db } = await freshApp();
    await createUser(db);
    expect(await seedDemoData(db)).toBe(false);
    expect(await countOf(db, users)).toBe(1);
    expect(await existingDemoAccounts(db)).toEqual([]);
  });

  it('lets the demo accounts sign in through the API', async () => {
    const app = await freshApp();
    await seedDemoData(app.db);
    const res = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.50' },
      body: JSON.stringify({ username: 'multirole', password: 'drx-demo-2026' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { role: string[] } }).user.role.sort()).toEqual(['INSTRUCTOR', 'SELLER', 'STUDENT']);
  }, 60_000);
});

describe('ensureAdminAccount', () => {
  it('does nothing unless both variables are set', async () => {
    const { db } = await freshApp();
    expect(await ensureAdminAccount(db, {})).toEqual({ created: false, username: null });
    expect(await ensureAdminAccount(db, { DRX_ADMIN_USERNAME: 'boss' })).toEqual({ created: false, username: null });
    expect(await ensureAdminAccount(db, { DRX_ADMIN_PASSWORD: 'long-enough-password' })).toEqual({ created: false, username: null });
    expect(await countOf(db, users)).toBe(0);
  });

  it('creates the ADMIN once and changes nothing afterwards, not even the password', async () => {
    const { db } = await freshApp();
    expect(await ensureAdminAccount(db, { DRX_ADMIN_USERNAME: 'Boss', DRX_ADMIN_PASSWORD: 'first-password' })).toEqual({ created: true, username: 'Boss' });
    const [row] = await db.select().from(users).where(eq(users.username, 'Boss'));
    expect(await rolesOf(db, 'Boss')).toEqual(['ADMIN']);
    expect(await verifyPassword('first-password', row!.passwordHash)).toBe(true);

    expect(await ensureAdminAccount(db, { DRX_ADMIN_USERNAME: 'boss', DRX_ADMIN_PASSWORD: 'second-password' })).toEqual({ created: false, username: 'boss' });
    const [after] = await db.select().from(users).where(eq(users.id, row!.id));
    expect(after!.passwordHash).toBe(row!.passwordHash);
    expect(await countOf(db, users)).toBe(1);
  });

  it('does not make an existing user of that name an admin', async () => {
    const { db } = await freshApp();
    const existing = await createUser(db, { username: 'owner' });
    expect(await ensureAdminAccount(db, { DRX_ADMIN_USERNAME: 'owner', DRX_ADMIN_PASSWORD: 'some-password' })).toMatchObject({ created: false });
    expect(await rolesOf(db, existing.username)).toEqual(['STUDENT']);
  });

  it('creates one account when two starts race', async () => {
    const { db } = await freshApp();
    const env = { DRX_ADMIN_USERNAME: 'racer', DRX_ADMIN_PASSWORD: 'racing-password' };
    await Promise.all([ensureAdminAccount(db, env), ensureAdminAccount(db, env)]);
    expect(await countOf(db, users)).toBe(1);
    expect(await rolesOf(db, 'racer')).toEqual(['ADMIN']);
  }, 60_000);

  it('refuses an unusable name or a short password with a clear error', async () => {
    const { db } = await freshApp();
    await expect(ensureAdminAccount(db, { DRX_ADMIN_USERNAME: 'no spaces', DRX_ADMIN_PASSWORD: 'long-enough' })).rejects.toThrow(
      'DRX_ADMIN_USERNAME: Username may contain only letters, digits, dots, underscores and hyphens',
    );
    await expect(ensureAdminAccount(db, { DRX_ADMIN_USERNAME: 'boss', DRX_ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      'DRX_ADMIN_PASSWORD: Password must be at least 8 characters',
    );
    expect(await countOf(db, users)).toBe(0);
  });
});

describe('demo logins only in a local demo (decision 0016)', () => {
  const login = (app: TestApp, username: string) =>
    app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.51' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });

  it('are allowed only without an admin, with DRX_SEED=demo and on the embedded database', () => {
    expect(demoLoginsAllowed({ DRX_SEED: 'demo' })).toBe(true);
    expect(demoLoginsAllowed({ DRX_SEED: 'demo', DRX_ADMIN_USERNAME: 'boss' })).toBe(false);
    expect(demoLoginsAllowed({ DRX_SEED: 'none' })).toBe(false);
    expect(demoLoginsAllowed({ DRX_SEED: 'demo', LIBSQL_URL: 'libsql://drx.example' })).toBe(false);
  });

  it('with a configured admin: demo content and its instructors, but no demo account can sign in', async () => {
    const app = await freshApp();
    const result = await seedForStart(app.db, { DRX_SEED: 'demo', DRX_ADMIN_USERNAME: 'owner', DRX_ADMIN_PASSWORD: 'owner-password-1' });
    expect(result).toMatchObject({ seeded: true, demoLogins: false, admin: { created: true, username: 'owner' } });
    expect((await app.db.select({ n: sql<number>`count(*)` }).from(courses))[0]!.n).toBeGreaterThan(0);
    for (const account of DEMO_ACCOUNTS) {
      const res = await login(app, account.username);
      expect(res.status, account.username).toBe(401);
      const [row] = await app.db.select().from(users).where(eq(users.username, account.username));
      expect(row).toMatchObject({ passwordHash: NO_SIGN_IN_PASSWORD_HASH, email: null, isActive: true });
      expect((await rolesOf(app.db, account.username)).filter((r) => r.includes('ADMIN')), account.username).toEqual([]);
    }
    expect(await existingDemoAccounts(app.db)).toEqual([]);
    // No demo learner progress or certificates on a deployment.
    expect((await app.db.select({ n: sql<number>`count(*)` }).from(enrollments))[0]!.n).toBe(0);
    // The content owners' instructor pages still show.
    const [owner] = await app.db.select().from(users).where(eq(users.username, 'instructor_admin'));
    expect((await app.request(`/api/instructors/${owner!.id}`)).status).toBe(200);
    // Nobody can ask for a reset link to take one over.
    const forgot = await app.request('/api/password/forgot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin' }),
    });
    expect(forgot.status).toBe(202);
    expect((await app.client.execute('SELECT count(*) AS n FROM password_reset_tokens')).rows[0]!.n).toBe(0);
    // The configured admin signs in.
    const admin = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.52' },
      body: JSON.stringify({ username: 'owner', password: 'owner-password-1' }),
    });
    expect(admin.status).toBe(200);
  }, 60_000);

  it('on a remote database, or in the Workers seed script, no demo login is made', async () => {
    const app = await freshApp();
    const result = await seedForStart(app.db, { DRX_SEED: 'demo', LIBSQL_URL: 'libsql://drx.example' });
    expect(result).toMatchObject({ seeded: true, demoLogins: false });
    expect((await login(app, 'admin')).status).toBe(401);

    const script = await freshApp();
    expect(await seedForStart(script.db, { DRX_SEED: 'demo' }, { allowDemoLogins: false })).toMatchObject({ seeded: true, demoLogins: false });
    expect((await login(script, 'student')).status).toBe(401);
  }, 60_000);

  it('DRX_SEED=none seeds no demo data at all', async () => {
    const app = await freshApp();
    expect(await seedForStart(app.db, { DRX_SEED: 'none' })).toMatchObject({ seeded: false, demoLogins: false, locked: [] });
    expect(await countOf(app.db, users)).toBe(0);
  });

  it('a local demo start keeps today\'s demo logins', async () => {
    const app = await freshApp();
    expect(await seedForStart(app.db, { DRX_SEED: 'demo' })).toMatchObject({ seeded: true, demoLogins: true, locked: [] });
    expect((await login(app, 'admin')).status).toBe(200);
    expect((await existingDemoAccounts(app.db)).length).toBe(DEMO_ACCOUNTS.length);
  }, 60_000);

  it('locks demo logins left from an earlier local demo once an admin is configured; a changed password is kept', async () => {
    const app = await freshApp();
    await seedDemoData(app.db);
    const [student] = await app.db.select().from(users).where(eq(users.username, 'student'));
    const [seller] = await app.db.select().from(users).where(eq(users.username, 'seller'));
    const session = await signIn(app.db, student!.id);
    await app.db.update(users).set({ passwordHash: await hashPassword('seller-owns-this-1') }).where(eq(users.id, seller!.id));

    const result = await seedForStart(app.db, { DRX_SEED: 'demo', DRX_ADMIN_USERNAME: 'owner', DRX_ADMIN_PASSWORD: 'owner-password-1' });
    expect(result.locked.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).filter((n) => n !== 'seller').sort());
    expect((await login(app, 'admin')).status).toBe(401);
    expect(await rolesOf(app.db, 'admin')).toEqual([]);
    expect((await app.request('/api/me', { headers: { authorization: `Bearer ${session}` } })).status).toBe(401);
    const [sellerAfter] = await app.db.select().from(users).where(eq(users.id, seller!.id));
    expect(await verifyPassword('seller-owns-this-1', sellerAfter!.passwordHash)).toBe(true);
    expect(await lockPublicDemoLogins(app.db)).toEqual([]);
  }, 60_000);
});
