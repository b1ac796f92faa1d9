import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createClient, type Client, type InStatement, type ResultSet } from '@libsql/client/web';
import { LibsqlBatchError, LibsqlError } from '@libsql/core/api';
import { expandConfig } from '@libsql/core/config';
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/src/platform/db.ts';
import { createHranaClient } from '../../worker/src/platform/hrana-client.ts';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import { tmpDir } from '../support/paths.ts';

/**
 * The worker's own database client (worker/src/platform/hrana-client.ts, decision 0036) against
 * the local Hrana server, answer for answer beside `@libsql/client/web`, the client it replaced.
 */

function scratchFile(): string {
  const dir = resolve(tmpDir, `hrana-client-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  return resolve(dir, 'hrana.db');
}

/** What a result set says, in plain values: each row by index and by its own enumerable keys. */
function plain(result: ResultSet) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
    byIndex: result.rows.map((row) => Array.prototype.slice.call(row).map((v) => (v instanceof ArrayBuffer ? [...new Uint8Array(v)] : v))),
    byName: result.rows.map((row) => Object.fromEntries(Object.keys(row).map((k) => [k, row[k] instanceof ArrayBuffer ? [...new Uint8Array(row[k] as ArrayBuffer)] : row[k]]))),
    lengths: result.rows.map((row) => row.length),
    json: JSON.parse(JSON.stringify(result.rows)),
  };
}

describe("the worker's Hrana client, beside @libsql/client/web", () => {
  let server: HranaServer;
  let ours: Client;
  let theirs: Client;

  beforeAll(async () => {
    server = await startHranaServer({ file: scratchFile(), authToken: 'client-token' });
    ours = createHranaClient(expandConfig({ url: server.url, authToken: 'client-token' }, true));
    theirs = createClient({ url: server.url, authToken: 'client-token' });
    await theirs.execute('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, price REAL, data BLOB, label TEXT)');
  });
  afterAll(async () => {
    theirs?.close();
    await server?.close();
  });

  /** Runs the same statement through both clients (each on its own rows where it writes) and compares. */
  async function same(stmt: (who: 'ours' | 'theirs') => InStatement) {
    const [a, b] = [await ours.execute(stmt('ours')), await theirs.execute(stmt('theirs'))];
    const [pa, pb] = [plain(a), plain(b)];
    // Writes of the two clients insert different rows: their ids differ by design.
    expect({ ...pa, lastInsertRowid: typeof pa.lastInsertRowid }).toEqual({ ...pb, lastInsertRowid: typeof pb.lastInsertRowid });
    return a;
  }

  it('answers reads exactly as @libsql/client/web: columns, types, rows by index and by name', async () => {
    await theirs.execute({ sql: 'INSERT INTO items (name, price, data, label) VALUES (?, ?, ?, ?), (?, ?, ?, ?)', args: ['plié', 12.5, new Uint8Array([0, 1, 250, 255]), null, 'tendu', 3, null, 'x'] });
    const read = await same(() => ({ sql: 'SELECT id, name, price, data, label, 3 AS three, 3.0 AS three_f, NULL AS nil FROM items ORDER BY id', args: [] }));
    expect(read.rows).toHaveLength(2);
    expect(read.rows[0]!.name).toBe('plié');
    expect(read.rows[0]![1]).toBe('plié');
    expect(Object.keys(read.rows[0]!)).toEqual(['id', 'name', 'price', 'data', 'label', 'three', 'three_f', 'nil']);
    // Columns of the same name (a join's ids): the first keeps the name, every value keeps its index.
    await same(() => 'SELECT a.id, b.id, a.name AS length, a.name AS "1" FROM items a JOIN items b ON b.id = a.id ORDER BY a.id');
    await same(() => ({ sql: 'SELECT count(*) AS n FROM items WHERE name = ? OR name = :other', args: ['nobody'] as never }));
    await same(() => 'SELECT 1 WHERE 0');
  });

  it('binds every kind of argument as @libsql/client/web does', async () => {
    const args = (tag: string) => [`${tag}-kinds`, 0.1, new Uint8Array([9, 8, 7]).buffer, true, 2n ** 40n + (tag === 'ours' ? 0n : 1n), new Date(86_400_000), tag === 'ours' ? 42 : 43] as never[];
    await same((who) => ({ sql: 'INSERT INTO items (name, price, data, label, id) VALUES (?, ?, ?, ?, ?) RETURNING price, data, label, typeof(label) AS t', args: args(who).slice(0, 5) }));
    await same((who) => ({ sql: "SELECT ? AS d, typeof(?) AS n, ? AS b, typeof(?) AS bt", args: [args(who)[5], args(who)[6], false, true] }));
    await same(() => ({ sql: 'SELECT :a AS a, @b AS b, $c AS c', args: { a: 'named', b: 7, c: null } }));
    await expect(ours.execute({ sql: 'SELECT ?', args: [Number.NaN] })).rejects.toThrow(RangeError);
    await expect(ours.execute({ sql: 'SELECT ?', args: [2n ** 64n] })).rejects.toThrow(RangeError);
  });

  it('refuses integers beyond 2^53 as a JavaScript number can not hold them', async () => {
    await expect(theirs.execute('SELECT 9007199254740993 AS big')).rejects.toThrow(RangeError);
    await expect(ours.execute('SELECT 9007199254740993 AS big')).rejects.toThrow(RangeError);
    expect((await ours.execute('SELECT 9007199254740991 AS big')).rows[0]!.big).toBe(9007199254740991);
  });

  it('reports writes: rows affected and the last inserted rowid as a bigint', async () => {
    const insert = await ours.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['rowid'] });
    expect(insert.rowsAffected).toBe(1);
    expect(typeof insert.lastInsertRowid).toBe('bigint');
    const row = await ours.execute({ sql: 'SELECT id FROM items WHERE name = ?', args: ['rowid'] });
    expect(BigInt(row.rows[0]!.id as number)).toBe(insert.lastInsertRowid);
    await same((who) => ({ sql: 'UPDATE items SET label = ? WHERE name = ?', args: [who, 'nobody'] }));
    expect(JSON.parse(JSON.stringify(insert))).toMatchObject({ rowsAffected: 1, lastInsertRowid: String(insert.lastInsertRowid), rows: [] });
  });

  it('runs a batch as one transaction: all of it, in order, with each statement answered', async () => {
    const [insert, read] = await ours.batch(
      [{ sql: 'INSERT INTO items (name) VALUES (?) RETURNING name', args: ['batch-1'] }, ['SELECT count(*) AS n FROM items WHERE name LIKE ?', ['batch-%']]],
      'write',
    );
    expect(insert!.rows[0]!.name).toBe('batch-1');
    expect(read!.rows[0]!.n).toBe(1);
    for (const mode of ['deferred', 'read'] as const) {
      const mine = await ours.batch(['SELECT name FROM items WHERE name = ?'.replace('?', "'batch-1'"), 'SELECT 2 AS two'], mode);
      const reference = await theirs.batch(['SELECT name FROM items WHERE name = ?'.replace('?', "'batch-1'"), 'SELECT 2 AS two'], mode);
      expect(mine.map(plain)).toEqual(reference.map(plain));
    }
  });

  it('rolls a failed batch back and throws the failed statement’s error, as @libsql/client/web does', async () => {
    const statements = (tag: string) => [
      { sql: 'INSERT INTO items (name) VALUES (?)', args: [`${tag}-kept-only-if-all`] },
      { sql: 'INSERT INTO items (name) VALUES (?)', args: ['plié'] },
      'SELECT 1',
    ];
    const mine = await ours.batch(statements('ours')).catch((err: unknown) => err);
    const reference = await theirs.batch(statements('theirs')).catch((err: unknown) => err);
    expect(mine).toBeInstanceOf(LibsqlBatchError);
    expect(reference).toBeInstanceOf(LibsqlBatchError);
    const [a, b] = [mine as LibsqlBatchError, reference as LibsqlBatchError];
    expect({ code: a.code, index: a.statementIndex }).toEqual({ code: b.code, index: b.statementIndex });
    // The same message, but for the code that @libsql/client/web puts in front of it twice.
    expect(b.message).toBe(`${b.code}: ${a.message}`);
    expect(a.statementIndex).toBe(1);
    expect(a.message).toMatch(/UNIQUE constraint failed: items\.name/);
    const left = await ours.execute("SELECT count(*) AS n FROM items WHERE name LIKE '%-kept-only-if-all'");
    expect(left.rows[0]!.n).toBe(0);
    await expect(ours.batch(['SELECT 1'], 'sideways' as never)).rejects.toThrow(RangeError);
  });

  it('throws SQLite errors as LibsqlErrors with their code and message, and goes on working', async () => {
    const mine = await ours.execute('SELECT * FROM nowhere').catch((err: unknown) => err);
    const reference = await theirs.execute('SELECT * FROM nowhere').catch((err: unknown) => err);
    expect(mine).toBeInstanceOf(LibsqlError);
    expect({ message: (mine as LibsqlError).message, code: (mine as LibsqlError).code }).toEqual({
      message: (reference as LibsqlError).message,
      code: (reference as LibsqlError).code,
    });
    expect((await ours.execute('SELECT 5 AS five')).rows[0]!.five).toBe(5);
  });

  it('sends its token, and says what the server answered when refused or unreachable', async () => {
    const anonymous = createHranaClient(expandConfig({ url: server.url }, true));
    await expect(anonymous.execute('SELECT 1')).rejects.toThrow(/SERVER_ERROR: Server returned HTTP status 401: Unauthorized/);
    const nowhere = createHranaClient(expandConfig({ url: 'http://127.0.0.1:9' }, true));
    await expect(nowhere.execute('SELECT 1')).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(() => createHranaClient(expandConfig({ url: 'file:local.db' }, true))).toThrow(/URL_SCHEME_NOT_SUPPORTED/);
    await expect(ours.transaction()).rejects.toThrow(/NOT_SUPPORTED/);
    // A JSON error body says its message (`message`, or `error` as some proxies send it).
    const config = expandConfig({ url: 'https://db.example' }, true);
    const answering = (body: string, status: number) => createHranaClient(config, async () => new Response(body, { status }));
    await expect(answering('{"error":"Invalid token"}', 401).execute('SELECT 1')).rejects.toThrow('SERVER_ERROR: Server returned HTTP status 401: Invalid token');
    await expect(answering('{"message":"Overloaded"}', 503).execute('SELECT 1')).rejects.toThrow('SERVER_ERROR: Server returned HTTP status 503: Overloaded');
    await expect(answering('{"results":[]}', 200).execute('SELECT 1')).rejects.toThrow(/HRANA_PROTO_ERROR/);
  });

  it('is one HTTP request per call, holding no stream between calls', async () => {
    const before = server.engine.requests;
    await ours.execute('SELECT 1');
    await ours.batch(['SELECT 1', 'SELECT 2']);
    await Promise.all([ours.execute('SELECT 3'), ours.execute('SELECT 4')]);
    expect(server.engine.requests - before).toBe(4);
  });

  it('carries drizzle: selects map to objects, raw SQL to rows by name, batches and runs as before', async () => {
    const items = sqliteTable('items', { id: integer('id').primaryKey(), name: text('name').notNull(), label: text('label') });
    const db = createDb(ours);
    const [inserted] = await db.insert(items).values({ name: 'drizzle' }).returning();
    expect(inserted).toEqual({ id: expect.any(Number), name: 'drizzle', label: null });
    const selected = await db.select({ id: items.id, name: items.name }).from(items).where(sql`${items.name} = ${'drizzle'}`).get();
    expect(selected).toEqual({ id: inserted!.id, name: 'drizzle' });
    expect(await db.all(sql`SELECT name, label FROM items WHERE name = ${'drizzle'}`)).toEqual([{ name: 'drizzle', label: null }]);
    const [updated, count] = await db.batch([db.update(items).set({ label: 'set' }).where(sql`${items.id} = ${inserted!.id}`), db.select({ n: sql<number>`count(*)` }).from(items).where(sql`${items.label} = 'set'`)]);
    expect(updated.rowsAffected).toBe(1);
    expect(count).toEqual([{ n: 1 }]);
  });
});
