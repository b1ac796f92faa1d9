import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './db.ts';
import { insertSelection } from './insert-select.ts';
import { openEmbeddedClient } from './node-db.ts';

const sources = sqliteTable('sources', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  cents: integer('cents').notNull(),
});

const copies = sqliteTable('copies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  sourceId: integer('source_id').notNull().unique(),
  label: text('label').notNull(),
  status: text('status').notNull().default('new'),
  doubled: integer('doubled').notNull().default(0),
  note: text('note'),
  stamped: text('stamped')
    .notNull()
    .default(sql`('stamp')`),
});

/** An INSERT … SELECT built with drizzle fills the columns it does not name as a plain insert would. */
describe('insertSelection', () => {
  let dir: string;
  let client: Client;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'drx-insert-select-'));
    client = await openEmbeddedClient(join(dir, 'test.db'));
    db = createDb(client);
    await client.execute('CREATE TABLE sources (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, cents INTEGER NOT NULL)');
    await client.execute(
      "CREATE TABLE copies (id INTEGER PRIMARY KEY AUTOINCREMENT, source_id INTEGER NOT NULL UNIQUE, label TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'new', doubled INTEGER NOT NULL DEFAULT 0, note TEXT, stamped TEXT NOT NULL DEFAULT ('stamp'))",
    );
    await db.insert(sources).values([
      { name: 'a', cents: 5 },
      { name: 'b', cents: 7 },
    ]);
  });
  afterAll(() => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the columns given and takes the declared defaults (or NULL) for the rest', async () => {
    const insert = () =>
      db
        .insert(copies)
        .select(
          db
            .select(insertSelection(copies, { sourceId: sources.id, label: sql<string>`upper(${sources.name})`, doubled: sql<number>`${sources.cents} * 2` }))
            .from(sources)
            .where(sql`true`),
        )
        .onConflictDoNothing();
    const first = await insert();
    expect(first.rowsAffected).toBe(2);
    // The unique source_id holds: the same statement again adds nothing.
    expect((await insert()).rowsAffected).toBe(0);
    const rows = await db.select().from(copies).orderBy(copies.id);
    expect(rows).toEqual([
      { id: 1, sourceId: 1, label: 'A', status: 'new', doubled: 10, note: null, stamped: 'stamp' },
      { id: 2, sourceId: 2, label: 'B', status: 'new', doubled: 14, note: null, stamped: 'stamp' },
    ]);
  });

  it('takes plain values as parameters', async () => {
    await db
      .insert(copies)
      .select(
        db
          .select(insertSelection(copies, { sourceId: sql<number>`${sources.id} + 100`, label: "it's", status: 'kept', note: 'n' }))
          .from(sources)
          .where(eq(sources.name, 'a')),
      );
    const [row] = await db.select().from(copies).where(eq(copies.sourceId, 101));
    expect(row).toMatchObject({ label: "it's", status: 'kept', note: 'n', doubled: 0, stamped: 'stamp' });
  });
});
