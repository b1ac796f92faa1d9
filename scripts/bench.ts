import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { guardOf } from '../site/src/routes.ts';
import { measurePages } from './bench/page-weight.ts';

// `npm run bench`: throughput and latency of the app against a bare Hono hello-world measured
// in the same run, the server's peak memory under that load, and the JavaScript of each page.
// It prints figures; nothing here is a pass/fail test.

const root = resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const APP_PORT = 4510;
const HELLO_PORT = 4511;
const JS_BUDGET = 80 * 1024;
const RSS_BUDGET_MB = 250;

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Peak resident set size (VmHWM) of a process, in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

interface Measure {
  name: string;
  rps: number;
  p99: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measure> {
  // a short warm-up, then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) console.warn(`  ${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

if (!existsSync(resolve(root, 'dist/index.html')) || !existsSync(resolve(root, 'build/server/index.mjs'))) {
  console.log('Building first (npm run build)...');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = resolve(root, 'tests/.tmp/bench-data');
rmSync(dataDir, { recursive: true, force: true });
// As `npm run serve` starts it (package.json), V8 flag included.
const appServer = start(['--max-semi-space-size=4', 'build/server/index.mjs'], { PORT: String(APP_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DRX_SEED: 'demo' });
const helloServer = start(['scripts/bench/hello.ts'], { PORT: String(HELLO_PORT) });

try {
  await Promise.all([waitFor(`http://127.0.0.1:${APP_PORT}/api/health`), waitFor(`http://127.0.0.1:${HELLO_PORT}/`)]);
  const login = await fetch(`http://127.0.0.1:${APP_PORT}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'drx-demo-2026' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };

  console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION} s per target (autocannon)\n`);
  const hello = await measure('hello-world (bare Hono)', `http://127.0.0.1:${HELLO_PORT}/`);
  const catalog = (await (await fetch(`http://127.0.0.1:${APP_PORT}/api/courses`)).json()) as { data: { id: number }[] };
  const courseId = catalog.data[0]?.id;
  if (!courseId) throw new Error('the demo seed has no published course');
  const targets = [
    await measure('GET /api/health', `http://127.0.0.1:${APP_PORT}/api/health`),
    await measure('GET /api/me (signed in)', `http://127.0.0.1:${APP_PORT}/api/me`, { authorization: `Bearer ${access_token}` }),
    await measure('GET /', `http://127.0.0.1:${APP_PORT}/`),
    await measure('GET /api/courses', `http://127.0.0.1:${APP_PORT}/api/courses`),
    await measure(`GET /api/courses/${courseId}`, `http://127.0.0.1:${APP_PORT}/api/courses/${courseId}`),
  ];
  const rows = [hello, ...targets].map((m) => ({
    target: m.name,
    'req/s': Math.round(m.rps),
    'p99 ms': m.p99,
    'vs hello': m === hello ? '1.00' : (m.rps / hello.rps).toFixed(2),
  }));
  console.table(rows);

  const rss = peakRssMb(appServer.pid!);
  console.log(`\nServer peak resident memory under load: ${rss.toFixed(1)} MB (budget ${RSS_BUDGET_MB} MB: ${rss <= RSS_BUDGET_MB ? 'within' : 'OVER'})`);
} finally {
  appServer.kill('SIGTERM');
  helloServer.kill('SIGTERM');
}

const pages = measurePages(resolve(root, 'dist'));
console.log('\nJavaScript per built page (gzipped, everything the page loads before any interaction; the 80 KB budget is for public pages):');
console.table(
  pages.map((p) => {
    const isPublic = guardOf(p.page) === 'public';
    return {
      page: p.page,
      guard: guardOf(p.page),
      'JS gzip KB': (p.gzipBytes / 1024).toFixed(1),
      files: p.scripts,
      hydration: p.directives.join(' ') || '-',
      budget: !isPublic ? '-' : p.gzipBytes <= JS_BUDGET ? 'ok' : 'OVER 80 KB',
    };
  }),
);
const overBudget = pages.filter((p) => guardOf(p.page) === 'public' && p.gzipBytes > JS_BUDGET);
console.log(overBudget.length ? `Public pages over 80 KB: ${overBudget.map((p) => p.page).join(', ')}` : 'Every public page is within 80 KB of JavaScript.');
const eager = pages.filter((p) => p.directives.includes('load'));
console.log(eager.length ? `Pages hydrating before idle (client:load): ${eager.map((p) => p.page).join(', ')}` : 'No island hydrates before the page is idle or visible.');
