import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Miniflare, supportedCompatibilityDate, type WorkerOptions } from 'miniflare';
import { seedReferenceData } from '../../db/seed.ts';
import { createDb } from '../../worker/src/platform/db.ts';
import { migrateDatabase, openEmbeddedClient } from '../../worker/src/platform/node-db.ts';
import { ensureDefaultCertificateTemplate } from '../../worker/src/services/certificates.ts';
import { root } from '../support/paths.ts';

/**
 * The Workers runtime for real, shared by the workerd tests and the CPU bench: the worker bundled
 * by wrangler exactly as `wrangler deploy` would (dry run), booted in workerd through Miniflare
 * with the bindings of wrangler.toml.
 */

const wranglerToml = readFileSync(resolve(root, 'wrangler.toml'), 'utf8');
const configuredDate = wranglerToml.match(/^compatibility_date\s*=\s*"([^"]+)"/m)?.[1] ?? supportedCompatibilityDate;
/**
 * wrangler.toml's date, capped at the newest one the installed workerd knows (as `wrangler dev`
 * does): Cloudflare accepts any date up to today, a local workerd only up to its release.
 */
export const compatibilityDate = configuredDate > supportedCompatibilityDate ? supportedCompatibilityDate : configuredDate;
export const compatibilityFlags = JSON.parse(wranglerToml.match(/^compatibility_flags\s*=\s*(\[[^\]]*\])/m)?.[1] ?? '[]') as string[];

/** Runs wrangler without telemetry or prompts. */
export function wrangler(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`wrangler ${args.join(' ')} failed (${code}):\n${output}`))));
  });
}

export interface SiteAssets {
  directory: string;
  builtSite: boolean;
  /** A page in a folder of its own (`/{name}` is `{name}/index.html`). */
  nestedPage: string;
}

/** The built site (npm test builds it first); a tiny stand-in when it has not been built. */
export function siteAssets(scratch: string): SiteAssets {
  const dist = resolve(root, 'dist');
  if (existsSync(join(dist, 'index.html')) && existsSync(join(dist, '404.html'))) {
    const nested = readdirSync(dist, { withFileTypes: true }).find(
      (e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(dist, e.name, 'index.html')),
    );
    if (nested) return { directory: dist, builtSite: true, nestedPage: `/${nested.name}` };
  }
  const directory = join(scratch, 'site');
  mkdirSync(join(directory, 'about'), { recursive: true });
  writeFileSync(join(directory, 'index.html'), '<!doctype html><title>DRX</title><h1>DRX</h1>');
  writeFileSync(join(directory, 'about', 'index.html'), '<!doctype html><title>About DRX</title><h1>About</h1>');
  writeFileSync(join(directory, '404.html'), '<!doctype html><title>Not found</title><h1>Page not found</h1>');
  return { directory, builtSite: false, nestedPage: '/about' };
}

/**
 * The app's bundle (`index.js` in `outdir`), as `wrangler deploy` would upload it. Without a
 * build, the server-rendered pages' module (wrangler.toml's alias to the Astro build) is the
 * stub that renders nothing, and a stand-in site is served.
 */
export function bundleWorker(outdir: string, assets: SiteAssets): Promise<void> {
  const renderer = existsSync(resolve(root, 'build/astro/entry.mjs')) ? [] : ['--alias', 'drx-page-renderer=./worker/src/platform/no-page-renderer.ts'];
  const bundle = (dir: string) => wrangler(['deploy', '--dry-run', '--outdir', dir, ...(assets.builtSite ? [] : ['--assets', assets.directory]), ...renderer]);
  // In a Vitest run (its scratch folder is DRX_TEST_TMP) the built app is bundled once and copied.
  const runDir = process.env.DRX_TEST_TMP;
  if (!runDir || !assets.builtSite) return bundle(outdir);
  return sharedBundle(join(runDir, 'worker-bundle'), bundle).then((dir) => cpSync(dir, outdir, { recursive: true }));
}

/**
 * The bundle in `dir`, made by whichever test process gets there first (creating the folder is
 * the claim); the others wait for its `.done` (or `.failed`) marker.
 */
async function sharedBundle(dir: string, bundle: (dir: string) => Promise<void>): Promise<string> {
  const done = join(dir, '.done');
  const failed = join(dir, '.failed');
  let claimed = true;
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    claimed = false;
  }
  if (claimed) {
    try {
      await bundle(dir);
      writeFileSync(done, '');
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? error.message : String(error));
      throw error;
    }
    return dir;
  }
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await new Promise((wait) => setTimeout(wait, 100))) {
    if (existsSync(done)) return dir;
    if (existsSync(failed)) throw new Error(`Bundling the worker failed in another test process:\n${readFileSync(failed, 'utf8')}`);
  }
  throw new Error(`The worker bundle in ${dir} was not ready within 180 s`);
}

/** The options of the app's worker in Miniflare, as wrangler.toml declares it. */
export function appWorker(bundleDir: string, assets: SiteAssets, bindings: Record<string, string>): WorkerOptions {
  return {
    name: 'drx',
    modules: true,
    compatibilityDate,
    compatibilityFlags,
    scriptPath: join(bundleDir, 'index.js'),
    modulesRoot: bundleDir,
    bindings,
    r2Buckets: { UPLOADS: 'drx-uploads' },
    assets: {
      directory: assets.directory,
      binding: 'ASSETS',
      // run_worker_first = true in wrangler.toml
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
  };
}

/** workerd's own output collected, to show for a failing test (a 500 logs its cause on purpose). */
export function runtimeLog() {
  let text = '';
  return {
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.on('data', (d: Buffer) => (text += d));
      stderr.on('data', (d: Buffer) => (text += d));
    },
    take(): string {
      const out = text;
      text = '';
      return out;
    },
  };
}

/** A database file as a deployment gets it: migrated, reference data, the default certificate template. */
export async function prepareDatabase(file: string): Promise<void> {
  const client = await openEmbeddedClient(file);
  try {
    const db = createDb(client);
    await migrateDatabase(db);
    await seedReferenceData(db);
    await ensureDefaultCertificateTemplate(db);
  } finally {
    client.close();
  }
}

export { Miniflare };
