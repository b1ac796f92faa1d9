import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { ensureDemoImages } from '../db/seed-images.ts';
import { ensureDemoMedia } from '../db/seed-media.ts';
import { ensureDemoStoreFiles } from '../db/seed-store-files.ts';
import { ensureDemoTakeFiles } from '../db/seed-practice.ts';
import { seedForStart } from '../db/seed.ts';
import { parseEnv } from '../worker/src/platform/env.ts';
import { databaseFile, migrateDatabase, openNodeDatabase } from '../worker/src/platform/node-db.ts';
import { createR2Storage } from '../worker/src/platform/r2-storage.ts';
import { markExistingCourseMedia } from '../worker/src/services/media-access.ts';
import { startHranaServer } from './hrana/server.ts';

/**
 * `npm run dev:worker`: the Workers runtime locally, with no Cloudflare account and no network.
 * - The embedded database file (DATA_DIR, default `data/`) is migrated and seeded as `npm start`
 *   does it, and served over HTTP by the local Hrana server (scripts/hrana) on HRANA_PORT (8080).
 * - `wrangler dev` runs the worker in workerd on WORKER_PORT (8787) with LIBSQL_URL pointing at
 *   it, R2 simulated locally under DATA_DIR/wrangler (the demo's media put there first).
 * - `astro dev` (hot reload, port 4321) proxies /api and /uploads to that worker.
 * The worker serves the last build (`npm run build`) on its own port; without one, only the API.
 */

const root = resolve(import.meta.dirname, '..');
const env = parseEnv({ ...process.env, LIBSQL_URL: undefined, LIBSQL_AUTH_TOKEN: undefined, APP_ENV: process.env.APP_ENV ?? 'development' });
const hranaPort = Number(process.env.HRANA_PORT ?? 8080);
const workerPort = process.env.WORKER_PORT ?? '8787';
const persistTo = resolve(env.DATA_DIR, 'wrangler');
const bucketName = /bucket_name\s*=\s*"([^"]+)"/.exec(readFileSync(resolve(root, 'wrangler.toml'), 'utf8'))?.[1] ?? 'drx-uploads';

// 1. The database, as `npm start` prepares it (decision 0005: migrations and seed on Node).
const { client, db } = await openNodeDatabase(env);
await migrateDatabase(db);
const seed = await seedForStart(db, env);
await markExistingCourseMedia(db);

// 2. The demo's media into the local R2 bucket wrangler dev will use (same store, same bucket name).
const r2 = new Miniflare({
  modules: true,
  script: 'export default { fetch() { return new Response(null, { status: 404 }) } }',
  defaultPersistRoot: resolve(persistTo, 'v3'),
  r2Buckets: { UPLOADS: bucketName },
});
try {
  const storage = createR2Storage((await r2.getR2Bucket('UPLOADS')) as unknown as R2Bucket);
  if (env.DRX_SEED === 'demo') await ensureDemoMedia(storage, root);
  if (env.DRX_SEED === 'demo') await ensureDemoTakeFiles(db, storage, root);
  await ensureDemoImages(db, storage);
  await ensureDemoStoreFiles(db, storage);
} finally {
  await r2.dispose();
  client.close();
}
if (seed.seeded) console.log('Demo data added.');

// 3. The database over HTTP.
const hrana = await startHranaServer({ file: databaseFile(env), port: hranaPort });
console.log(`Hrana server (local libSQL over HTTP) on ${hrana.url}, database ${databaseFile(env)}`);

// 4. wrangler dev and astro dev.
const children: ChildProcess[] = [];
let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  void hrana.close().then(() => process.exit(code));
}
function run(command: string, args: string[], extraEnv: Record<string, string>) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  children.push(child);
  child.on('exit', (code) => stop(code ?? 0));
}

const built = existsSync(resolve(root, 'dist/index.html'));
const rendererBuilt = existsSync(resolve(root, 'build/astro/entry.mjs'));
const extra: string[] = [];
if (!built) {
  // wrangler.toml's [assets] folder must exist: a placeholder until `npm run build`.
  const placeholder = resolve(env.DATA_DIR, 'worker-site');
  mkdirSync(placeholder, { recursive: true });
  writeFileSync(resolve(placeholder, 'index.html'), '<!doctype html><title>DRX</title><p>Run <code>npm run build</code> for the site on this port; <code>astro dev</code> serves it meanwhile.</p>');
  extra.push('--assets', placeholder);
}
if (!rendererBuilt) extra.push('--alias', 'drx-page-renderer=./worker/src/platform/no-page-renderer.ts');

run(
  process.execPath,
  [
    resolve(root, 'node_modules/wrangler/bin/wrangler.js'),
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    workerPort,
    '--persist-to',
    persistTo,
    '--var',
    `LIBSQL_URL:${hrana.url}`,
    '--var',
    `APP_ENV:${env.APP_ENV}`,
    '--var',
    `PUBLIC_URL:${process.env.PUBLIC_URL ?? 'http://localhost:4321'}`,
    // A local demo over a database reached by URL: the test checkout is asked for by name unless
    // Stripe is configured (payments fail closed otherwise: decision 0060).
    ...(process.env.STRIPE_SECRET_KEY || process.env.STRIPE_WEBHOOK_SECRET ? [] : ['--var', 'PAYMENTS:test']),
    '--show-interactive-dev-session=false',
    ...extra,
  ],
  // No account, no telemetry: everything wrangler dev needs is local (workerd ships in node_modules).
  { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_LOG: process.env.WRANGLER_LOG ?? 'info' },
);
if (process.env.DEV_WORKER_NO_ASTRO !== '1') {
  run(process.execPath, [resolve(root, 'node_modules/astro/bin/astro.mjs'), 'dev'], { API_PORT: workerPort });
}
console.log(`Worker: http://127.0.0.1:${workerPort} (wrangler dev)${built ? '' : ' — API only until `npm run build`'}; site with hot reload: astro dev (http://localhost:4321)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
