import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, users } from '../../../db/schema/index.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { audited } from './audit.ts';

// The writer of decision 0033: the entry and the change in one batch, before and after read from
// the database; a creation keys the new row; secrets never reach a snapshot.

let t: TestApp;
let actor: { id: number; username: string; roles: string[] };
beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser(t.db, { roles: ['ADMIN'] });
  actor = { id: u.id, username: u.username, roles: ['ADMIN'] };
});
afterAll(() => t.close());

const entriesOf = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('audited', () => {
  it('records a creation with its new key, no before, and the row after', async () => {
    await t.db.batch(audited(t.db, actor, { action: 'category.create', table: categories, id: 'new', summary: 'Created Waltz' }, [t.db.insert(categories).values({ name: 'Audit Waltz' })]));
    const [row] = await t.db.select().from(categories).where(eq(categories.name, 'Audit Waltz'));
    const [entry] = await entriesOf('category.create');
    expect(entry).toMatchObject({ actorId: actor.id, actorName: actor.username, actorRoles: 'ADMIN', entity: 'categories', entityId: String(row!.id), summary: 'Created Waltz', before: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ id: row!.id, name: 'Audit Waltz' });
  });

  it('records an update with the row before and after', async () => {
    const [row] = await t.db.insert(categories).values({ name: 'Audit Tango' }).returning();
    await t.db.batch(audited(t.db, actor, { action: 'category.update', table: categories, id: row!.id }, [t.db.update(categories).set({ name: 'Audit Tango Nuevo' }).where(eq(categories.id, row!.id))]));
    const [entry] = await entriesOf('category.update');
    expect(entry!.entityId).toBe(String(row!.id));
    expect(JSON.parse(entry!.before!)).toMatchObject({ name: 'Audit Tango' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: 'Audit Tango Nuevo' });
  });

  it('records a deletion with no after', async () => {
    const [row] = await t.db.insert(categories).values({ name: 'Audit Polka' }).returning();
    await t.db.batch(audited(t.db, actor, { action: 'category.delete', table: categories, id: row!.id }, [t.db.delete(categories).where(eq(categories.id, row!.id))]));
    const [entry] = await entriesOf('category.delete');
    expect(JSON.parse(entry!.before!)).toMatchObject({ name: 'Audit Polka' });
    expect(entry!.after).toBeNull();
  });

  it('writes nothing when the change fails: the batch is one transaction', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)` }).from(auditLog);
    const duplicate = t.db.insert(categories).values({ name: 'Audit Waltz' });
    await expect(t.db.batch(audited(t.db, actor, { action: 'category.create', table: categories, id: 'new' }, [duplicate]))).rejects.toThrow();
    const [after] = await t.db.select({ n: sql<number>`count(*)` }).from(auditLog);
    expect(after!.n).toBe(before!.n);
  });

  it('never copies a password hash into a snapshot', async () => {
    await t.db.batch(audited(t.db, actor, { action: 'user.update', table: users, id: actor.id }, [t.db.update(users).set({ firstName: 'Audited' }).where(eq(users.id, actor.id))]));
    const [entry] = await entriesOf('user.update');
    expect(entry!.before).not.toContain('password');
    expect(JSON.parse(entry!.after!)).toMatchObject({ first_name: 'Audited' });
  });
});

describe('audited: only a change that happened leaves an entry', () => {
  it('drops the entry when the main statement touched no row, and keeps the earlier entry intact', async () => {
    const [row] = await t.db.insert(categories).values({ name: 'Audit Rumba' }).returning();
    await t.db.batch(audited(t.db, actor, { action: 'category.rename', table: categories, id: row!.id }, [t.db.update(categories).set({ name: 'Audit Rumba II' }).where(eq(categories.id, row!.id))]));
    const [first] = await entriesOf('category.rename');
    await t.db.batch(audited(t.db, actor, { action: 'category.rename', table: categories, id: row!.id }, [t.db.update(categories).set({ name: 'Never' }).where(sql`0`)]));
    const entries = await entriesOf('category.rename');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual(first);
  });

  it('drops a creation whose insert did nothing', async () => {
    await t.db.batch(audited(t.db, actor, { action: 'category.create_noop', table: categories, id: 'new' }, [t.db.insert(categories).values({ name: 'Audit Waltz' }).onConflictDoNothing()]));
    expect(await entriesOf('category.create_noop')).toHaveLength(0);
  });

  it('adds extra snapshot fields', async () => {
    await t.db.batch(
      audited(t.db, actor, { action: 'user.extra', table: users, id: actor.id, extra: (key) => ({ roles: sql`(SELECT 'R' || ${key})` }) }, [t.db.update(users).set({ lastName: 'Extra' }).where(eq(users.id, actor.id))]),
    );
    const [entry] = await entriesOf('user.extra');
    expect(JSON.parse(entry!.after!)).toMatchObject({ last_name: 'Extra', roles: `R${actor.id}` });
  });
});
