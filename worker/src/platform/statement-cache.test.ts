import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedClient } from './node-db.ts';

/** The embedded client's kept statements (decision 0021) answer as freshly prepared ones do. */
describe('kept prepared statements', () => {
  let dir: string;
  let client: Client;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'drx-statements-'));
    client = await openEmbeddedClient(join(dir, 'test.db'));
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
  });
  afterAll(() => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a statement without rows runs again and again with its own counts', async () => {
    for (const [i, name] of ['a', 'b', 'c'].entries()) {
      const res = await client.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: [name] });
      expect(res.rowsAffected).toBe(1);
      expect(Number(res.lastInsertRowid)).toBe(i + 1);
      expect(res.rows).toEqual([]);
    }
    const update = await client.execute({ sql: 'UPDATE t SET name = upper(name) WHERE id > ?', args: [1] });
    expect(update.rowsAffected).toBe(2);
  });

  it('a statement with rows still answers its rows and columns, also after the same text ran without error', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await client.execute({ sql: 'SELECT id, name FROM t WHERE id <= ? ORDER BY id', args: [2] });
      expect(res.columns).toEqual(['id', 'name']);
      expect(res.rows.map((r) => [r.id, r.name])).toEqual([
        [1, 'a'],
        [2, 'B'],
      ]);
    }
    const inserted = await client.execute({ sql: 'INSERT INTO t (name) VALUES (?) RETURNING id', args: ['d'] });
    expect(inserted.rows.map((r) => r.id)).toEqual([4]);
  });

  it('a kept statement that fails reports its own error each time and then runs again', async () => {
    for (let i = 0; i < 2; i++) await expect(client.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['a'] })).rejects.toThrow(/UNIQUE/);
    const res = await client.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['e'] });
    expect(res.rowsAffected).toBe(1);
  });

  it('batches (BEGIN and COMMIT have no rows) commit as before', async () => {
    for (let i = 0; i < 2; i++) {
      const results = await client.batch(
        [
          { sql: 'INSERT INTO t (name) VALUES (?)', args: [`batch-${i}`] },
          { sql: 'SELECT count(*) AS n FROM t WHERE name LIKE ?', args: ['batch-%'] },
        ],
        'write',
      );
      expect(Number(results[1]!.rows[0]!.n)).toBe(i + 1);
    }
  });
});
