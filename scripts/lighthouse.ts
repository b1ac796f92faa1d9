import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from './bench/page-js.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.ts';

// `npm run lighthouse`: Lighthouse (mobile, its default simulated slow-4G throttling) scores the
// performance and accessibility of the main public pages of the built app in Debian's Chromium,
// prints them with the page's CLS, LCP and TBT, and exits non-zero when a score is below 100
// (decision 0023). Like the bench it is a measurement, not part of `npm test`.

const root = resolve(import.meta.dirname, '..');
const APP_PORT = Number(process.env.LIGHTHOUSE_APP_PORT ?? 4435);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 4436);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
// LIGHTHOUSE_URL scores a server that is already running (with the demo content) instead.
const external = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
const base = external ?? `http://127.0.0.1:${APP_PORT}`;
const chromePath = process.env.CHROME_PATH ?? CHROMIUM_PATH;
if (!chromePath) {
  console.error('No Chromium found: set CHROME_PATH (Debian: /usr/bin/chromium).');
  process.exit(1);
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up`);
}

const children: ChildProcess[] = [];
if (!external) {
  if (!existsSync(resolve(root, 'dist/index.html')) || !existsSync(resolve(root, 'build/server/index.mjs'))) {
    console.log('Building first (npm run build)...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const dataDir = resolve(root, 'tests/.tmp/lighthouse-data');
  rmSync(dataDir, { recursive: true, force: true });
  // As `npm run serve` starts it (package.json), with the demo content.
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'build/server/index.mjs'], {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, PORT: String(APP_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DRX_SEED: 'demo' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
}
const profile = mkdtempSync(join(tmpdir(), 'drx-lighthouse-'));
const chrome = spawn(
  chromePath,
  [
    '--headless=new',
    '--no-sandbox',
    `--remote-debugging-port=${DEBUG_PORT}`,
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    'about:blank',
  ],
  { stdio: 'ignore' },
);
children.push(chrome);

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  misses: string[];
}

async function score(page: string): Promise<Row> {
  const result = await lighthouse(`${base}${page}`, {
    port: DEBUG_PORT,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  const { lhr } = result;
  const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The audits that cost points, so a score below 100 says why.
  const misses: string[] = [];
  for (const id of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) misses.push(`${id}: ${audit.id} (${audit.displayValue ?? audit.score})`);
    }
  }
  return {
    page,
    performance: category('performance'),
    accessibility: category('accessibility'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    misses,
  };
}

let failed = false;
try {
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 'the server');
  await waitFor(async () => (await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok, 'Chromium');
  const listed = (await (await fetch(`${base}/api/courses`)).json()) as { data: { id: number }[] };
  const courseId = listed.data[0]?.id;
  const pages = ['/', '/courses', ...(courseId ? [`/courses/${courseId}`] : []), '/about', '/verify'];

  const rows: Row[] = [];
  for (const page of pages) {
    // Lighthouse's scores vary from run to run with the machine's load: each page is scored
    // RUNS times and the median run (by performance score) is kept, as Lighthouse advises.
    const runs: Row[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await score(page));
    runs.sort((a, b) => a.performance - b.performance || a.accessibility - b.accessibility);
    rows.push(runs[Math.floor((runs.length - 1) / 2)]!);
  }

  console.log(`\nLighthouse (mobile, simulated throttling; median of ${RUNS} runs per page)\n`);
  console.log(`${'page'.padEnd(22)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'CLS'.padStart(7)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)}`);
  for (const r of rows) {
    const low = r.performance < 100 || r.accessibility < 100;
    failed ||= low;
    console.log(
      `${r.page.padEnd(22)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${r.cls.toFixed(3).padStart(7)} ${`${Math.round(r.lcpMs)} ms`.padStart(8)} ${`${Math.round(r.tbtMs)} ms`.padStart(7)}${low ? '  below 100' : ''}`,
    );
    if (low) for (const miss of r.misses) console.log(`    ${miss}`);
  }
  console.log(failed ? '\nA score is below 100.' : '\nEvery score is 100.');
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await Promise.all(children.map((child) => new Promise((done) => (child.exitCode !== null ? done(null) : (child.once('exit', done), child.kill('SIGTERM'))))));
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
