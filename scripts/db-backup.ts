import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { PARTIAL_FOLDER } from '../worker/src/platform/disk-storage.ts';
import { parseEnv } from '../worker/src/platform/env.ts';
import { databaseFile, openNativeDatabase, uploadsFolder } from '../worker/src/platform/node-data-files.ts';

// `npm run db:backup [-- --to <folder>]`: a copy of the Node server's data (decision 0057), taken
// while the server runs. DATA_DIR's database is copied with VACUUM INTO, which reads one snapshot:
// every write committed before it began is in the copy, none after, and the server's writes go on
// meanwhile. Then the uploads folder is copied. The copy goes into a new folder named by the time,
// under DATA_DIR/backups or under --to: `drx.db` and `uploads/`. `npm run db:restore` puts one back.
const { values } = parseArgs({ options: { to: { type: 'string' } } });
const env = parseEnv(process.env);
if (env.LIBSQL_URL) {
  console.error('LIBSQL_URL is set: the database is a libSQL server; back it up with its own tools (README, Backups).');
  process.exit(1);
}
const source = databaseFile(env);
if (!existsSync(source)) {
  console.error(`No database at ${source}: set DATA_DIR to the server's data folder.`);
  process.exit(1);
}

// The time as ISO 8601, its colons made dashes so the name is valid on every file system.
const stamp = new Date().toISOString().replaceAll(':', '-');
const folder = resolve(values.to ?? resolve(env.DATA_DIR, 'backups'), stamp);
if (existsSync(folder)) {
  console.error(`${folder} exists already.`);
  process.exit(1);
}
await mkdir(folder, { recursive: true });
const copy = join(folder, 'drx.db');

const started = performance.now();
const live = openNativeDatabase(source, { fileMustExist: true });
try {
  // A reader of the WAL never waits for the writers; the wait covers a start-up that holds the file.
  live.exec('PRAGMA busy_timeout = 5000');
  live.prepare('VACUUM INTO ?').run(copy);
} finally {
  live.close();
}

// Copied after the database: a file is written before the row that names it, so every upload the
// copied rows name is in the folder by now (files added since are kept too; nothing names them).
const uploadsDir = uploadsFolder(env);
let files = 0;
if (existsSync(uploadsDir)) {
  const partials = join(uploadsDir, PARTIAL_FOLDER);
  await cp(uploadsDir, join(folder, 'uploads'), {
    recursive: true,
    preserveTimestamps: true,
    // Files still being written are not uploads yet.
    filter: (path) => path !== partials && !path.startsWith(partials + sep),
  });
  files = (await readdir(join(folder, 'uploads'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

const check = openNativeDatabase(copy, { readonly: true, fileMustExist: true });
try {
  const verdict = check
    .prepare('PRAGMA integrity_check')
    .raw(true)
    .all()
    .map((row) => String(row[0]))
    .join('; ');
  if (verdict !== 'ok') {
    console.error(`The copy failed its integrity check: ${verdict}`);
    process.exit(1);
  }
} finally {
  check.close();
}
const megabytes = ((await stat(copy)).size / 1024 / 1024).toFixed(1);
console.log(`Backup made in ${((performance.now() - started) / 1000).toFixed(1)} s: ${folder}`);
console.log(`  drx.db ${megabytes} MB (integrity check ok), uploads ${files} files`);
console.log(`Restore it with the server stopped: npm run db:restore -- ${folder}`);
