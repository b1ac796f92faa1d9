import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { verifyPassword } from '../worker/src/domain/password.ts';
import { ROLE_NAMES } from '../worker/src/domain/roles.ts';
import {
  AGE_GROUPS,
  DANCE_CATEGORIES,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureAdminAccount,
  existingDemoAccounts,
  LEVELS,
  seedDemoData,
  seedReferenceData,
} from './seed.ts';
import { ageGroups, categories, levels, roles, userRoles, users } from './schema/index.ts';
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

  it('has the enumerations of the spec', () => {
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
      ['instructor_admin', ['INSTRUCTOR_ADMIN', 'INSTRUCTOR']],
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
