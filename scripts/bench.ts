import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { chooseLoadGenerator, load } from './bench/load.ts';
import { measureWrites, WRITE_CONNECTIONS, type WriteMeasure } from './bench/write-load.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.ts';

// `npm run bench`: throughput and latency of the app against a bare Hono hello-world measured in
// the same run, the write path, the server's peak memory under that load and the JavaScript each
// public page loads in Chromium. Each figure with a target (decisions 0021, 0023, 0028 and 0034) is printed against it with
// ok / MISSED, and the bench exits non-zero when one is missed. It is not a test: CI does not run it.

const root = resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
/** Each read target runs in this many slices, each after a slice of the hello-world. */
const SLICES = 3;
const WRITES = Number(process.env.BENCH_WRITES ?? 3000);
const APP_PORT = 4510;
const HELLO_PORT = 4511;
const REPLAY_PORT = 4512;
/**
 * BENCH_ONLY=pages,api,writes,js,workers (comma-separated) runs only those groups (the hello-world
 * always runs; the peak memory is printed for whatever ran). Unset: everything. Within the writes,
 * BENCH_WRITE_KINDS=enrol,quiz,cart,checkout picks some (scripts/bench/write-load.ts).
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((g) => g.trim());
const runs = (group: 'pages' | 'api' | 'writes' | 'js' | 'workers') => !ONLY || ONLY.includes(group);
const RSS_BUDGET_MB = 250;
const PAGE_JS_BUDGET = 15 * 1024;
/**
 * The bench signs up thousands of learners from one address: the per-address limits are scaled
 * (RATE_LIMIT_MULTIPLIER, as the test servers do), so no answer is a 429 of the limiter.
 */
const RATE_LIMIT_MULTIPLIER = '1000';
/** What a browser sends; the app answers public reads with their stored brotli body. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
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
  non2xx: number;
  /** The hello-world's req/s in the slices interleaved with this target's. */
  helloRps: number;
  /** CPU time of the serving process per request, in µs (user + system, all threads). */
  cpuUs: number;
}

/** CPU time (user + system) a process used so far, in µs (Linux clock ticks of 10 ms). */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The reads' load generator: wrk when installed, else autocannon (scripts/bench/load.ts). */
const generator = chooseLoadGenerator();
const warmUp = (url: string, headers: Record<string, string>) => load(generator.name, url, { connections: CONNECTIONS, seconds: 1, headers });

async function slice(url: string, headers: Record<string, string>, seconds: number, pid: number) {
  const before = cpuUs(pid);
  const r = await load(generator.name, url, { connections: CONNECTIONS, seconds, headers });
  return { requests: r.requests, seconds: r.seconds, p99: r.p99, non2xx: r.errors, cpu: cpuUs(pid) - before };
}

/**
 * A target measured in slices interleaved with the hello-world (hello, target, hello, target…),
 * so both see the same background load of the machine; the ratio is their summed requests over
 * the same time. p99 is the worst slice's.
 */
async function measure(name: string, url: string, headers: Record<string, string> = {}, server: ChildProcess = appServer): Promise<Measure> {
  const helloUrl = `http://127.0.0.1:${HELLO_PORT}/`;
  // a short warm-up of both, then the measured slices
  await warmUp(url, headers);
  await warmUp(helloUrl, headers);
  const per = Math.max(1, Math.round(DURATION / SLICES));
  let app = { requests: 0, seconds: 0, p99: 0, non2xx: 0, cpu: 0 };
  let hello = { requests: 0, seconds: 0 };
  for (let i = 0; i < SLICES; i++) {
    const h = await slice(helloUrl, headers, per, helloServer.pid!);
    hello = { requests: hello.requests + h.requests, seconds: hello.seconds + h.seconds };
    const a = await slice(url, headers, per, server.pid!);
    app = { requests: app.requests + a.requests, seconds: app.seconds + a.seconds, p99: Math.max(app.p99, a.p99), non2xx: app.non2xx + a.non2xx, cpu: app.cpu + a.cpu };
  }
  if (app.non2xx > 0) console.warn(`  ${name}: ${app.non2xx} non-2xx answers or errors`);
  return {
    name,
    rps: app.requests / app.seconds,
    p99: app.p99,
    non2xx: app.non2xx,
    helloRps: hello.requests / hello.seconds,
    cpuUs: app.cpu / Math.max(1, app.requests),
  };
}

async function measureHello(): Promise<Measure> {
  const url = `http://127.0.0.1:${HELLO_PORT}/`;
  await warmUp(url, BROWSER);
  const h = await slice(url, BROWSER, DURATION, helloServer.pid!);
  const rps = h.requests / h.seconds;
  return { name: 'hello-world (bare Hono)', rps, p99: h.p99, non2xx: h.non2xx, helloRps: rps, cpuUs: h.cpu / Math.max(1, h.requests) };
}

/** One line of the results: a figure, its target and whether it was met. */
interface Row {
  target: string;
  'req/s': number | string;
  'p99 ms': number | string;
  'hello req/s': number | string;
  'vs hello': string;
  'CPU µs/req': string;
  goal: string;
  result: string;
}
const rows: Row[] = [];
const missed: string[] = [];

function check(name: string, ok: boolean): string {
  if (!ok) missed.push(name);
  return ok ? 'ok' : 'MISSED';
}

function readRow(m: Measure, goal?: { ratio?: number; p99?: number }): void {
  const ratio = m.rps / m.helloRps;
  const parts: string[] = [];
  let ok = m.non2xx === 0;
  if (goal?.ratio !== undefined) {
    parts.push(`≥ ${goal.ratio.toFixed(1)}×`);
    ok &&= ratio >= goal.ratio;
  }
  if (goal?.p99 !== undefined) {
    parts.push(`p99 ≤ ${goal.p99} ms`);
    ok &&= m.p99 <= goal.p99;
  }
  rows.push({
    target: m.name,
    'req/s': Math.round(m.rps),
    'p99 ms': m.p99,
    'hello req/s': Math.round(m.helloRps),
    'vs hello': ratio.toFixed(2),
    'CPU µs/req': m.cpuUs.toFixed(1),
    goal: parts.join(', ') || '-',
    result: goal ? check(m.name, ok) : m.non2xx === 0 ? '-' : `${m.non2xx} errors`,
  });
}

function writeRow(m: WriteMeasure): void {
  // Enrolment and quiz attempt: p99 target and 0 busy; cart and checkout: every answer 2xx, p99 reported.
  const ok = (m.p99Target === undefined || m.p99 <= m.p99Target) && m.busy === 0 && m.non2xx === 0;
  if (m.firstFailure !== undefined) console.warn(`  ${m.name}: ${m.non2xx} answers were not 2xx; the first: ${m.firstFailure}`);
  rows.push({
    target: `${m.name} (${WRITE_CONNECTIONS} conn, ${m.requests} req)`,
    'req/s': Math.round(m.rps),
    'p99 ms': m.p99,
    'hello req/s': '-',
    'vs hello': '-',
    'CPU µs/req': m.cpuUs === undefined ? '-' : String(Math.round(m.cpuUs)),
    goal: `${m.p99Target === undefined ? 'every answer 2xx' : `p99 ≤ ${m.p99Target} ms, 0 busy`} (p50 ${m.p50} ms; busy ${m.busy}, non-2xx ${m.non2xx})`,
    result: check(m.name, ok),
  });
}

/**
 * BENCH_SERVER: another server bundle to measure (one built elsewhere, for A/B runs; nothing is
 * built then, and the pages it serves are its own project's); unset: this build, made if missing.
 */
const SERVER = process.env.BENCH_SERVER ?? 'build/server/index.mjs';
/** BENCH_SERVER_FLAGS: more Node flags for the server, space-separated (`--cpu-prof --cpu-prof-dir=…` to profile it). */
const SERVER_FLAGS = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];

if (process.env.BENCH_SERVER === undefined && (!existsSync(resolve(root, 'dist/index.html')) || !existsSync(resolve(root, 'build/server/index.mjs')))) {
  console.log('Building first (npm run build)...');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = resolve(root, 'tests/.tmp/bench-data');
rmSync(dataDir, { recursive: true, force: true });
const app = `http://127.0.0.1:${APP_PORT}`;
// As `npm run serve` starts it (package.json, scripts/server-flags.ts).
const appServer = start([...SERVER_NODE_FLAGS, ...SERVER_FLAGS, SERVER], {
  ...SERVER_ENV,
  PORT: String(APP_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DRX_SEED: 'demo',
  RATE_LIMIT_MULTIPLIER,
});
const helloServer = start(['scripts/bench/hello.ts'], { PORT: String(HELLO_PORT) });
let replayServer: ChildProcess | undefined;

try {
  await Promise.all([waitFor(`${app}/api/health`), waitFor(`http://127.0.0.1:${HELLO_PORT}/`)]);
  const login = await fetch(`${app}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student', password: 'drx-demo-2026' }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const catalog = (await (await fetch(`${app}/api/courses`)).json()) as { data: { id: number }[] };
  const courseId = catalog.data[0]?.id;
  if (!courseId) throw new Error('the demo seed has no published course');
  // The curriculum store: its list and a resource page, with the same targets.
  const store = (await (await fetch(`${app}/api/resources?page_size=1`)).json()) as { data: { id: number }[] };
  const resourceId = store.data[0]?.id;
  if (!resourceId) throw new Error('the demo seed has no published resource');

  console.log(
    `\nReads: ${CONNECTIONS} connections, ${DURATION} s each in ${SLICES} slices interleaved with the hello-world, Accept-Encoding as a browser sends it`,
  );
  console.log(`Load generator of the reads: ${generator.note}; of the writes: autocannon (per-request bodies and tokens)`);
  console.log(`Server: ${SERVER}, RATE_LIMIT_MULTIPLIER=${RATE_LIMIT_MULTIPLIER}; writes: ${WRITE_CONNECTIONS} connections, ${WRITES} requests each\n`);
  readRow(await measureHello());
  if (runs('api')) {
    readRow(await measure('GET /api/health', `${app}/api/health`, BROWSER));
    readRow(await measure('GET /api/me (signed in)', `${app}/api/me`, { ...BROWSER, authorization: `Bearer ${access_token}` }), { ratio: 0.3 });
  }
  if (runs('pages')) {
    readRow(await measure('GET /', `${app}/`, BROWSER), { ratio: 0.5 });
    readRow(await measure('GET /courses (page)', `${app}/courses`, BROWSER), { ratio: 0.5 });
    readRow(await measure('GET /curriculum (page)', `${app}/curriculum`, BROWSER), { ratio: 0.5 });
    readRow(await measure(`GET /curriculum/${resourceId} (page)`, `${app}/curriculum/${resourceId}`, BROWSER), { ratio: 0.5 });
    // The ceiling: the same bytes (headers and brotli body) answered by a bare node:http server.
    replayServer = start(['scripts/bench/replay.ts'], { PORT: String(REPLAY_PORT), SOURCE: app, PATHS: '/,/courses', ACCEPT_ENCODING: BROWSER['accept-encoding'] });
    await waitFor(`http://127.0.0.1:${REPLAY_PORT}/`);
    readRow(await measure('  same bytes as GET /, bare node:http', `http://127.0.0.1:${REPLAY_PORT}/`, BROWSER, replayServer));
    readRow(await measure('  same bytes as GET /courses, bare node:http', `http://127.0.0.1:${REPLAY_PORT}/courses`, BROWSER, replayServer));
    replayServer.kill('SIGTERM');
  }
  if (runs('api')) {
    readRow(await measure('GET /api/courses', `${app}/api/courses`, BROWSER), { ratio: 0.5, p99: 10 });
    readRow(await measure('GET /api/courses?sort=popular&page=2&pageSize=3', `${app}/api/courses?sort=popular&page=2&pageSize=3`, BROWSER), { ratio: 0.5, p99: 10 });
    readRow(await measure(`GET /api/courses/${courseId}`, `${app}/api/courses/${courseId}`, BROWSER), { ratio: 0.5, p99: 10 });
    readRow(await measure('GET /api/courses (no Accept-Encoding)', `${app}/api/courses`));
    readRow(await measure('GET /api/resources', `${app}/api/resources`, BROWSER), { ratio: 0.5, p99: 10 });
    readRow(await measure(`GET /api/resources/${resourceId}`, `${app}/api/resources/${resourceId}`, BROWSER), { ratio: 0.5, p99: 10 });
  }

  if (runs('writes')) for (const w of await measureWrites(app, resolve(dataDir, 'drx.db'), WRITES, appServer.pid)) writeRow(w);
  console.table(rows);

  const rss = peakRssMb(appServer.pid!);
  console.log(
    `\nServer peak resident memory under load: ${rss.toFixed(1)} MB (budget ${RSS_BUDGET_MB} MB: ${check('peak memory', rss <= RSS_BUDGET_MB) === 'ok' ? 'within' : 'OVER'})`,
  );

  // The JavaScript each public page loads before any interaction, in Chromium (helper C's module).
  if (runs('js')) await measurePageJs();
} finally {
  appServer.kill('SIGTERM');
  helloServer.kill('SIGTERM');
  replayServer?.kill('SIGTERM');
}

async function measurePageJs(): Promise<void> {
  const { measurePagesInChromium, publicPagePaths } = await import('./bench/page-js.ts');
  const pages = await measurePagesInChromium(app, await publicPagePaths(app));
  console.log('\nJavaScript before interaction per public page (Chromium, idle, every chunk, gzipped; budget 15 KB):');
  console.table(
    pages.map((p) => ({
      page: p.page + (p.landedOn ? ` → ${p.landedOn}` : ''),
      'JS gzip KB': (p.gzipBytes / 1024).toFixed(1),
      scripts: p.scripts,
      budget: check(`JS of ${p.page}`, p.gzipBytes <= PAGE_JS_BUDGET),
    })),
  );
}

// Workers CPU per request on the workerd journeys against the local libSQL server (helper D's
// module; self-contained, run after the Node servers stopped so they do not compete for the cores).
if (process.env.BENCH_SKIP_WORKERS !== '1' && runs('workers')) {
  const { measureWorkerCpu, WORKER_CPU_TARGET_MS, ALL_JOURNEY_REQUESTS } = await import('./bench/worker-cpu.ts');
  const cpuRows = await measureWorkerCpu({ rounds: Number(process.env.BENCH_WORKER_ROUNDS ?? 20) });
  console.log('\nWorkers CPU per request (workerd via Miniflare, local libSQL server over HTTP; net = minus the bare worker):');
  console.table(cpuRows.map((r) => ({ route: r.route, 'median ms': r.medianMs, 'p95 ms': r.p95Ms, 'net ms': r.netMs, 'db trips': r.dbRequests })));
  const all = cpuRows.find((r) => r.route === ALL_JOURNEY_REQUESTS);
  const ok = all !== undefined && all.netMs <= WORKER_CPU_TARGET_MS;
  console.log(`Journeys' median Workers CPU (net): ${all ? all.netMs.toFixed(2) : '?'} ms, target ≤ ${WORKER_CPU_TARGET_MS} ms: ${check('Workers CPU per request', ok)}`);
}

if (missed.length > 0) {
  console.log(`\nMISSED: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('\nEvery target met.');
