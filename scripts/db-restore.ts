import { existsSync } from 'node:fs';
import { cp, copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv } from '../worker/src/platform/env.ts';
import { databaseFile, openNativeDatabase, uploadsFolder } from '../worker/src/platform/node-data-files.ts';

// `npm run db:restore -- <backup folder>`: puts a copy made by `npm run db:backup` back into
// DATA_DIR (decision 0057), with the server stopped. The copy's integrity is checked first; the
// database and uploads folder it replaces are kept beside it (drx.db.replaced-<time>,
// uploads.replaced-<time>), to delete once the restored data is known good.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) fail('Usage: npm run db:restore -- <backup folder>   (the server stopped; DATA_DIR names its data folder)');
const env = parseEnv(process.env);
if (env.LIBSQL_URL) fail('LIBSQL_URL is set: the database is a libSQL server; restore it with its own tools (README, Backups).');

const from = resolve(positionals[0]!);
const copy = join(from, 'drx.db');
if (!existsSync(copy)) fail(`No drx.db in ${from}: name a folder made by npm run db:backup.`);

// 1. The copy is whole: PRAGMA integrity_check, read-only (the backup is left as it is).
let verdict: string;
try {
  const db = openNativeDatabase(copy, { readonly: true, fileMustExist: true });
  try {
    verdict = db
      .prepare('PRAGMA integrity_check')
      .raw(true)
      .all()
      .map((row) => String(row[0]))
      .join('; ');
  } finally {
    db.close();
  }
} catch (err) {
  verdict = err instanceof Error ? err.message : String(err);
}
if (verdict !== 'ok') fail(`${copy} failed its integrity check, nothing was changed: ${verdict}`);

// 2. No server holds the database: an exclusive lock is refused while any other connection is open.
const target = databaseFile(env);
await mkdir(resolve(env.DATA_DIR), { recursive: true });
if (existsSync(target)) {
  try {
    const db = openNativeDatabase(target, { fileMustExist: true });
    try {
      db.exec('PRAGMA busy_timeout = 0');
      db.exec('PRAGMA locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
      db.exec('COMMIT');
    } finally {
      // The last connection: its close writes the WAL into the file, so the file set aside is whole.
      db.close();
    }
  } catch (err) {
    fail(`${target} is in use (${err instanceof Error ? err.message : err}): stop the server first, then restore.`);
  }
}

// 3. The copy beside its place, then the old data set aside and the copy renamed in.
const stamp = new Date().toISOString().replaceAll(':', '-');
const uploads = uploadsFolder(env);
const incoming = { db: `${target}.restoring`, uploads: `${uploads}.restoring` };
await rm(incoming.db, { force: true });
await rm(incoming.uploads, { recursive: true, force: true });
await copyFile(copy, incoming.db);
const withUploads = existsSync(join(from, 'uploads'));
if (withUploads) await cp(join(from, 'uploads'), incoming.uploads, { recursive: true, preserveTimestamps: true });

const aside: string[] = [];
if (existsSync(target)) {
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(target + suffix)) await rename(target + suffix, `${target}.replaced-${stamp}${suffix}`);
  }
  aside.push(`${target}.replaced-${stamp}`);
}
if (existsSync(uploads)) {
  await rename(uploads, `${uploads}.replaced-${stamp}`);
  aside.push(`${uploads}.replaced-${stamp}`);
}
await rename(incoming.db, target);
if (withUploads) await rename(incoming.uploads, uploads);

console.log(`Restored ${from} into ${resolve(env.DATA_DIR)}.`);
if (aside.length > 0) console.log(`Kept aside (delete once the restored data is known good):\n  ${aside.join('\n  ')}`);
console.log('Start the server: it migrates the restored database if it is older than the code.');
