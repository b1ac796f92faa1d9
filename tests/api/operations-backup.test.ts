import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../support/file-samples.ts';
import { root, tmpDir } from '../support/paths.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Backups of the Node server's data (decision 0057): `npm run db:backup` copies the live database
// while writes go on, with the uploads, and `npm run db:restore` puts a copy back, checked first.

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a script as npm runs it, with DATA_DIR set; resolves when it exits. */
function runScript(script: string, args: string[], dataDir: string): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve(root, 'scripts', script), ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LIBSQL_URL: '' } },
      (err, stdout, stderr) => done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const integrityOf = async (file: string) => {
  const client = createClient({ url: `file:${file}` });
  try {
    return String((await client.execute('PRAGMA integrity_check')).rows[0]![0]);
  } finally {
    client.close();
  }
};

describe('db:backup and db:restore', () => {
  let t: TestApp;
  const key = `covers/${randomUUID()}.png`;
  let folder: string;
  let acknowledgedBeforeBackup = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await t.platform.storage.put(key, sample.png, 'image/png');
    await t.client.execute('CREATE TABLE backup_probe (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
    // Some thousand rows first, so the copy takes a while.
    await t.client.execute(
      "INSERT INTO backup_probe (payload) SELECT printf('%.500c', 'x') FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) SELECT i FROM n)",
    );
  });
  afterAll(() => t.close());

  it('copies the live database under a stream of writes, keeping every write acknowledged before it began', async () => {
    // A writer on its own connection, one row at a time, noting each one acknowledged.
    let acknowledged = 5000;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const result = await t.client.execute("INSERT INTO backup_probe (payload) VALUES (printf('%.500c', 'y'))");
        acknowledged = Number(result.lastInsertRowid);
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    acknowledgedBeforeBackup = acknowledged;
    const backup = await runScript('db-backup.ts', ['--to', resolve(t.dir, 'copies')], t.dir);
    const writtenDuring = acknowledged - acknowledgedBeforeBackup;
    writing = false;
    await writer;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(writtenDuring).toBeGreaterThan(0);

    const [made] = readdirSync(resolve(t.dir, 'copies'));
    expect(made).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/);
    folder = resolve(t.dir, 'copies', made!);
    expect(backup.stdout).toContain(folder);
    expect(readFileSync(resolve(folder, 'uploads', key))).toEqual(Buffer.from(sample.png));

    // Restored into a fresh data folder: whole, and holding every row acknowledged before the
    // backup began, with no gap (one snapshot).
    const fresh = resolve(tmpDir, `restore-${randomUUID()}`);
    const restore = await runScript('db-restore.ts', [folder], fresh);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const file = resolve(fresh, 'drx.db');
    expect(await integrityOf(file)).toBe('ok');
    const client = createClient({ url: `file:${file}` });
    try {
      const row = (await client.execute('SELECT count(*) AS n, max(id) AS last FROM backup_probe')).rows[0]!;
      expect(Number(row.last)).toBeGreaterThanOrEqual(acknowledgedBeforeBackup);
      expect(Number(row.n)).toBe(Number(row.last));
    } finally {
      client.close();
    }
    expect(readFileSync(resolve(fresh, 'uploads', key))).toEqual(Buffer.from(sample.png));

    // Restored again over it: the replaced database and uploads are kept aside.
    const again = await runScript('db-restore.ts', [folder], fresh);
    expect(again.code).toBe(0);
    const names = readdirSync(fresh);
    expect(names.filter((n) => /^drx\.db\.replaced-/.test(n))).toHaveLength(1);
    expect(names.filter((n) => /^uploads\.replaced-/.test(n))).toHaveLength(1);
    expect(await integrityOf(resolve(fresh, 'drx.db'))).toBe('ok');
  }, 60_000);

  it('refuses to restore over a database a server holds open', async () => {
    const restore = await runScript('db-restore.ts', [folder], t.dir);
    expect(restore.code).not.toBe(0);
    expect(restore.stderr).toMatch(/stop the server first/);
    expect(readdirSync(t.dir).filter((n) => n.includes('.replaced-'))).toEqual([]);
    // The app's database is the live one still.
    expect((await t.client.execute('SELECT count(*) FROM backup_probe')).rows[0]![0]).toBeGreaterThan(5000);
  }, 30_000);

  it('refuses a damaged copy and changes nothing', async () => {
    const damaged = resolve(tmpDir, `damaged-${randomUUID()}`);
    cpSync(folder, damaged, { recursive: true });
    // Pages of the table's rows overwritten with noise.
    const fd = openSync(resolve(damaged, 'drx.db'), 'r+');
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 40 * 4096);
    closeSync(fd);
    const target = resolve(tmpDir, `target-${randomUUID()}`);
    mkdirSync(target);
    const restore = await runScript('db-restore.ts', [damaged], target);
    expect(restore.code).not.toBe(0);
    expect(restore.stderr).toMatch(/failed its integrity check/);
    expect(existsSync(resolve(target, 'drx.db'))).toBe(false);
  }, 30_000);
});
