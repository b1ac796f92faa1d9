import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import { root, templateDb, tmpDir } from '../support/paths.ts';

/**
 * The Workers deployment's database steps (decision 0005) against a libSQL server reached over
 * HTTP, the local Hrana server standing in for Turso or sqld: `npm run db:migrate:remote` on an
 * empty database, then `npm run db:seed:remote` (their commands, started without npm).
 */

/**
 * Runs a package.json script's command as `npm run` would (node_modules/.bin first on the PATH),
 * without npm itself: the command is read from package.json, so the test runs what the script says.
 */
function npmRun(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const scripts = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [bin, ...args] = scripts[script]!.split(' ');
  // `node` is the Node running the tests (npm's PATH puts the project's own first); other commands are the packages' bins.
  const command = bin === 'node' ? process.execPath : resolve(root, 'node_modules/.bin', bin!);
  const path = `${resolve(root, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`;
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, PATH: path, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, output }));
  });
}

/** Tables, indexes and triggers of a database file, by type and name. */
function schemaOf(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as { type: string; name: string }[];
    return rows.map((r) => `${r.type} ${r.name}`);
  } finally {
    db.close();
  }
}

function query<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('db:migrate:remote and db:seed:remote against a libSQL server over HTTP', () => {
  let dir: string;
  let file: string;
  let server: HranaServer;
  const token = 'remote-migrate-token';

  beforeAll(async () => {
    dir = resolve(tmpDir, `remote-${randomUUID()}`);
    mkdirSync(dir, { recursive: true });
    file = resolve(dir, 'remote.db');
    server = await startHranaServer({ file, authToken: token });
  });
  afterAll(() => server?.close());

  it('migrates an empty database: every table, index and trigger, and the migrations journal', { timeout: 60_000 }, async () => {
    const run = await npmRun('db:migrate:remote', { LIBSQL_URL: server.url, LIBSQL_AUTH_TOKEN: token });
    expect(run.code, run.output).toBe(0);
    // The same schema the embedded runtime gets from drizzle's migrator (the suite's template).
    const schema = schemaOf(file);
    expect(schema).toEqual(schemaOf(templateDb));
    expect(schema).toContain('table users');
    expect(schema).toContain('table __drizzle_migrations');

    const journal = JSON.parse(readFileSync(resolve(root, 'db/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
    const applied = query<{ hash: string; created_at: number }>(file, 'SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at');
    expect(applied.map((m) => Number(m.created_at))).toEqual(journal.entries.map((e) => e.when));
    const hashOf = (tag: string) => createHash('sha256').update(readFileSync(resolve(root, 'db/migrations', `${tag}.sql`), 'utf8')).digest('hex');
    expect(applied.map((m) => m.hash)).toEqual(journal.entries.map((e) => hashOf(e.tag)));

    // Run again: nothing left to apply.
    const again = await npmRun('db:migrate:remote', { LIBSQL_URL: server.url, LIBSQL_AUTH_TOKEN: token });
    expect(again.code, again.output).toBe(0);
    expect(query(file, 'SELECT id FROM __drizzle_migrations')).toHaveLength(journal.entries.length);
  });

  it('refuses a wrong token', { timeout: 60_000 }, async () => {
    const run = await npmRun('db:migrate:remote', { LIBSQL_URL: server.url, LIBSQL_AUTH_TOKEN: 'wrong' });
    // drizzle-kit shows no reason, only fails.
    expect(run.code).not.toBe(0);
  });

  it('seeds it: reference data, the admin, demo content whose owners cannot sign in', { timeout: 60_000 }, async () => {
    const run = await npmRun('db:seed:remote', {
      LIBSQL_URL: server.url,
      LIBSQL_AUTH_TOKEN: token,
      DATA_DIR: dir,
      DRX_SEED: 'demo',
      DRX_ADMIN_USERNAME: 'remote_admin',
      DRX_ADMIN_PASSWORD: 'remote-admin-password-2026',
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Admin account remote_admin created.');
    expect(run.output).toContain('Seed done.');
    const roles = query<{ name: string }>(file, 'SELECT name FROM roles').map((r) => r.name);
    expect(roles).toEqual(expect.arrayContaining(['ADMIN', 'STUDENT', 'INSTRUCTOR']));
    expect(query(file, "SELECT id FROM users WHERE username = 'remote_admin'")).toHaveLength(1);
    expect(query<{ n: number }>(file, "SELECT count(*) AS n FROM courses WHERE status = 'published'")[0]!.n).toBeGreaterThan(0);
  });
});
