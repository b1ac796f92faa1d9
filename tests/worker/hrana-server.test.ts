import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import { tmpDir } from '../support/paths.ts';

/**
 * The local Hrana server (scripts/hrana) as the worker's driver, `@libsql/client/web`, sees it:
 * statements, value types, batches, interactive transactions, errors, auth and the raw protocol.
 */

function scratchFile(): string {
  const dir = resolve(tmpDir, `hrana-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  return resolve(dir, 'hrana.db');
}

describe('the local Hrana server with @libsql/client/web', () => {
  let server: HranaServer;
  let db: Client;

  beforeAll(async () => {
    server = await startHranaServer({ file: scratchFile(), idleMs: 400 });
    db = createClient({ url: server.url });
    await db.execute('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, price REAL, data BLOB, big INTEGER)');
  });
  afterAll(async () => {
    db?.close();
    await server?.close();
  });

  it('executes statements with positional and named arguments', async () => {
    const insert = await db.execute({ sql: 'INSERT INTO items (name, price) VALUES (?, ?)', args: ['plié', 12.5] });
    expect(insert.rowsAffected).toBe(1);
    expect(typeof insert.lastInsertRowid).toBe('bigint');
    const returning = await db.execute({ sql: 'INSERT INTO items (name) VALUES (:name) RETURNING id, name', args: { name: 'tendu' } });
    expect(returning.columns).toEqual(['id', 'name']);
    expect(returning.columnTypes).toEqual(['INTEGER', 'TEXT']);
    expect(returning.rows[0]).toMatchObject({ name: 'tendu' });
    expect(returning.rowsAffected).toBe(1);
    const select = await db.execute({ sql: 'SELECT name FROM items WHERE name IN (?, ?) ORDER BY name', args: ['plié', 'tendu'] });
    expect(select.rows.map((r) => r.name)).toEqual(['plié', 'tendu']);
    expect(select.rowsAffected).toBe(0);
  });

  it('round-trips every type: integers beyond 2^53, floats, text, blobs, null', async () => {
    const big = 2n ** 62n + 7n;
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await db.execute({ sql: 'INSERT INTO items (name, price, data, big) VALUES (?, ?, ?, ?)', args: ['types', 0.1, bytes, big] });
    const exact = createClient({ url: server.url, intMode: 'bigint' });
    try {
      const { rows } = await exact.execute({ sql: 'SELECT price, data, big, NULL AS nil, 3 AS three, 3.0 AS three_f FROM items WHERE name = ?', args: ['types'] });
      const row = rows[0]!;
      expect(row.price).toBe(0.1);
      expect(new Uint8Array(row.data as ArrayBuffer)).toEqual(bytes);
      expect(row.big).toBe(big);
      expect(row.nil).toBeNull();
      expect(row.three).toBe(3n);
      expect(row.three_f).toBe(3);
    } finally {
      exact.close();
    }
  });

  it('runs a batch atomically: all or nothing', async () => {
    const [first, count] = await db.batch(
      [{ sql: 'INSERT INTO items (name) VALUES (?)', args: ['batch-a'] }, 'SELECT count(*) AS n FROM items WHERE name LIKE \'batch-%\''],
      'write',
    );
    expect(first!.rowsAffected).toBe(1);
    expect(count!.rows[0]!.n).toBe(1);
    await expect(
      db.batch(
        [
          { sql: 'INSERT INTO items (name) VALUES (?)', args: ['batch-b'] },
          { sql: 'INSERT INTO items (name) VALUES (?)', args: ['batch-a'] },
        ],
        'write',
      ),
    ).rejects.toThrow(/UNIQUE constraint failed: items\.name/);
    expect((await db.execute("SELECT count(*) AS n FROM items WHERE name = 'batch-b'")).rows[0]!.n).toBe(0);
  });

  it('keeps an interactive transaction across requests, and other streams wait for it', async () => {
    const tx = await db.transaction('write');
    await tx.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['tx-1'] });
    const outside = db.execute("SELECT count(*) AS n FROM items WHERE name LIKE 'tx-%'");
    await tx.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['tx-2'] });
    expect((await tx.execute("SELECT count(*) AS n FROM items WHERE name LIKE 'tx-%'")).rows[0]!.n).toBe(2);
    await tx.commit();
    expect((await outside).rows[0]!.n).toBe(2);

    const undone = await db.transaction('write');
    await undone.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['tx-3'] });
    await undone.rollback();
    expect((await db.execute("SELECT count(*) AS n FROM items WHERE name = 'tx-3'")).rows[0]!.n).toBe(0);
  });

  it('rolls back a transaction left idle, and its stream is gone', async () => {
    const tx = await db.transaction('write');
    await tx.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['abandoned'] });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await db.execute("SELECT count(*) AS n FROM items WHERE name = 'abandoned'")).rows[0]!.n).toBe(0);
    await expect(tx.execute('SELECT 1')).rejects.toThrow(/expired/);
  });

  it('runs several statements at once (executeMultiple)', async () => {
    await db.executeMultiple('CREATE TABLE IF NOT EXISTS notes (body TEXT); INSERT INTO notes VALUES (\'one\'); INSERT INTO notes VALUES (\'two\');');
    expect((await db.execute('SELECT count(*) AS n FROM notes')).rows[0]!.n).toBe(2);
  });

  it('reports SQLite errors with their message and code, and the client goes on working', async () => {
    const failure = await db.execute({ sql: 'INSERT INTO items (name) VALUES (?)', args: ['plié'] }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect((failure as Error).message).toMatch(/UNIQUE constraint failed: items\.name/);
    await expect(db.execute('SELEC 1')).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    await expect(db.execute('SELECT * FROM no_such_table')).rejects.toThrow(/no such table/);
    expect((await db.execute('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });
});

describe('the local Hrana server: auth and the raw protocol', () => {
  let server: HranaServer;
  const post = (path: string, body: unknown, token = 'secret-token') =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startHranaServer({ file: scratchFile(), authToken: 'secret-token' });
  });
  afterAll(() => server?.close());

  it('asks for the Bearer token', async () => {
    const anonymous = createClient({ url: server.url });
    await expect(anonymous.execute('SELECT 1')).rejects.toThrow(/401/);
    anonymous.close();
    const wrong = await post('/v2/pipeline', { baton: null, requests: [] }, 'nope');
    expect(wrong.status).toBe(401);
    await wrong.text();
    const client = createClient({ url: server.url, authToken: 'secret-token' });
    expect((await client.execute('SELECT 2 AS two')).rows[0]!.two).toBe(2);
    client.close();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('answers the version probes: JSON versions 2 and 3, no Protobuf', async () => {
    const probe = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: 'Bearer secret-token' } }).then(async (r) => (await r.text(), r.status));
    expect(await probe('/v2')).toBe(200);
    expect(await probe('/v3')).toBe(200);
    expect(await probe('/v3-protobuf')).toBe(404);
  });

  it('keeps a stream with its baton, stores SQL texts, describes statements and reports autocommit (v3)', async () => {
    const first = await post('/v3/pipeline', {
      baton: null,
      requests: [
        { type: 'execute', stmt: { sql: 'CREATE TABLE kv (k TEXT PRIMARY KEY, v INTEGER)' } },
        { type: 'store_sql', sql_id: 1, sql: 'INSERT INTO kv VALUES (?, ?)' },
        { type: 'execute', stmt: { sql: 'BEGIN' } },
        { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'text', value: 'a' }, { type: 'integer', value: '1' }] } },
        { type: 'get_autocommit' },
        { type: 'describe', sql: 'SELECT k AS key, v FROM kv WHERE k = :k AND v > ?5' },
        { type: 'describe', sql: 'DELETE FROM kv' },
        { type: 'execute', stmt: { sql_id: 99 } },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    const body = (await first.json()) as { baton: string; results: { type: string; response?: Record<string, unknown>; error?: { code: string } }[] };
    expect(body.baton).toEqual(expect.any(String));
    expect(body.results.slice(0, 4).map((r) => r.type)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(body.results[4]!.response).toEqual({ type: 'get_autocommit', is_autocommit: false });
    expect(body.results[5]!.response).toMatchObject({
      type: 'describe',
      result: { params: [{ name: ':k' }, { name: null }, { name: null }, { name: null }, { name: '?5' }], cols: [{ name: 'key', decltype: 'TEXT' }, { name: 'v', decltype: 'INTEGER' }], is_explain: false, is_readonly: true },
    });
    expect(body.results[6]!.response).toMatchObject({ result: { is_readonly: false } });
    expect(body.results[7]).toMatchObject({ type: 'error', error: { code: 'SQL_NOT_FOUND' } });

    const second = await post('/v3/pipeline', {
      baton: body.baton,
      requests: [
        {
          type: 'batch',
          batch: {
            steps: [
              { stmt: { sql_id: 1, args: [{ type: 'text', value: 'a' }, { type: 'integer', value: '2' }] } },
              { condition: { type: 'error', step: 0 }, stmt: { sql: 'ROLLBACK' } },
              { condition: { type: 'ok', step: 0 }, stmt: { sql: 'COMMIT' } },
              { condition: { type: 'is_autocommit' }, stmt: { sql: 'SELECT count(*) FROM kv' } },
            ],
          },
        },
        { type: 'close' },
      ],
    });
    const batch = (await second.json()) as { baton: string | null; results: { response: { result: { step_results: unknown[]; step_errors: unknown[] } } }[] };
    expect(batch.baton).toBeNull();
    const { step_results, step_errors } = batch.results[0]!.response.result;
    expect(step_errors[0]).toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect(step_results[1]).not.toBeNull();
    expect(step_results[2]).toBeNull();
    expect(step_results[3]).toMatchObject({ rows: [[{ type: 'integer', value: '0' }]] });

    // A used baton names nothing any more.
    const stale = await post('/v3/pipeline', { baton: body.baton, requests: [{ type: 'close' }] });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ code: 'STREAM_EXPIRED' });
  });

  it('refuses Hrana 3 requests on the v2 endpoint, and malformed bodies with 400', async () => {
    const v2 = await post('/v2/pipeline', { baton: null, requests: [{ type: 'get_autocommit' }, { type: 'close' }] });
    expect(((await v2.json()) as { results: unknown[] }).results[0]).toMatchObject({ type: 'error', error: { code: 'PROTOCOL_VERSION' } });
    const bad = await post('/v2/pipeline', { requests: 'all of them' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'PROTOCOL_ERROR' });
  });

  it('streams a batch through the cursor endpoint as lines of JSON', async () => {
    const res = await post('/v3/cursor', {
      baton: null,
      batch: { steps: [{ stmt: { sql: 'SELECT 1 AS a UNION ALL SELECT 2' } }, { stmt: { sql: 'SELECT * FROM nowhere' } }] },
    });
    const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as { type?: string });
    expect(lines[0]).toMatchObject({ baton: expect.any(String) });
    expect(lines.slice(1).map((l) => l.type)).toEqual(['step_begin', 'row', 'row', 'step_end', 'step_error']);
  });
});
