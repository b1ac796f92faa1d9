import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHranaServer } from '../hrana/server.ts';
import { cpuNanos, FETCHER_SCRIPT, perFetchCpuMs, plainWorkerdFetchMs, workerdPids } from './worker-cpu-calibration.ts';
import { appWorker, bundleWorker, Miniflare, prepareDatabase, runtimeLog, siteAssets } from '../../tests/worker/harness.ts';
import { browseCatalog, catalogPages, journeyClient, learnAndCertify, seedJourneyData, signUpAndIn, uploadAndReadBack, type Dispatch } from '../../tests/worker/journeys.ts';

/**
 * Workers CPU per request (decisions 0035 and 0036: a median ≤ 5 ms), on the journeys of tests/worker/journeys.ts: the worker
 * bundled by wrangler, booted in workerd (Miniflare) against the local Hrana server, each journey
 * run `rounds` times one request at a time.
 *
 * How: a local workerd reports `cpuTime: 0` to tail workers (only Cloudflare fills it in), and
 * inside the isolate `Date.now()`/`performance.now()` stand still while code runs. So the CPU is
 * read from outside, from Linux's per-thread scheduler statistics of the workerd process
 * (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds of CPU): the sum over its threads before the
 * request and after its answer was read. That counts everything workerd did for the request: the
 * worker's JavaScript, its fetches to the database, R2's and the Cache API's simulators, and
 * Miniflare's own workers around it. Two of those are Miniflare's, not the app's, and `netMs`
 * takes them off each sample: the routing in front of a worker (a bare hello-world worker behind
 * the same routing is measured in the same rounds) and, for each database round trip, what
 * Miniflare's outbound interceptor adds to a fetch (one fetch measured in Miniflare and in a plain
 * workerd, the calibration rows). R2 and the cache simulators stay counted: an upper bound. The
 * database's own CPU (the Hrana server, in this Node process) is not counted.
 *
 * The target (median ≤ 5 ms) is judged on the row `ALL_JOURNEY_REQUESTS`: every journey request
 * but sign-up and sign-in, whose scrypt hash costs ~140 ms of CPU by design (Node takes as long).
 */

export interface WorkerCpuRow {
  /** `METHOD /path` with `:id`-style placeholders, e.g. `GET /api/courses/:id`. */
  route: string;
  medianMs: number;
  p95Ms: number;
  samples: number;
  /** The median of each sample less Miniflare's share: the bare worker's median, and the interceptor's cost per round trip. */
  netMs: number;
  /** Median round trips to the database (Hrana requests) per request of the route. */
  dbRequests: number;
}

export interface WorkerCpuOptions {
  /** Measured rounds of every journey (default 20), after `warmup` rounds not counted (default 3). */
  rounds?: number;
  warmup?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** The median the journeys must stay under, judged on the ALL_JOURNEY_REQUESTS row's netMs. */
export const WORKER_CPU_TARGET_MS = 5;
/** The row of every journey request but the password-hashing ones. */
export const ALL_JOURNEY_REQUESTS = 'all journey requests (sign-up/in excluded)';
/** The bare worker's row (Miniflare's routing plus an empty fetch handler). */
export const HELLO_WORKER = 'GET / (hello-world worker)';
/** Calibration rows: the CPU of one fetch from a worker, through Miniflare and in a plain workerd. */
export const FETCH_IN_MINIFLARE = 'calibration: one fetch, Miniflare';
export const FETCH_IN_WORKERD = 'calibration: one fetch, plain workerd';
const SCRYPT_ROUTES = new Set(['POST /api/register', 'POST /api/login']);

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at]!;
}

const round2 = (ms: number) => Math.round(ms * 100) / 100;

/** Boots the worker and the database, runs the journeys, and reports CPU per route (slowest first). */
export async function measureWorkerCpu(options: WorkerCpuOptions = {}): Promise<WorkerCpuRow[]> {
  const rounds = options.rounds ?? 20;
  const warmup = options.warmup ?? 3;
  const log = options.log ?? (() => {});
  if (process.platform !== 'linux') throw new Error('Workers CPU is read from /proc: Linux only');

  const scratch = mkdtempSync(join(tmpdir(), 'drx-worker-cpu-'));
  const file = join(scratch, 'drx.db');
  const assets = siteAssets(scratch);
  const bundleDir = join(scratch, 'app');
  log('worker-cpu: bundling the worker (wrangler deploy --dry-run) and preparing the database');
  await Promise.all([bundleWorker(bundleDir, assets), prepareDatabase(file)]);
  const server = await startHranaServer({ file });
  let mf: Miniflare | undefined;
  const output = runtimeLog();
  try {
    const data = await seedJourneyData(server.url);
    const app = appWorker(bundleDir, assets, {
      APP_ENV: 'production',
      LIBSQL_URL: server.url,
      MEDIA_SIGNING_SECRET: 'worker-cpu-bench-media-signing-secret-0123456789',
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    mf = new Miniflare({
      // The placeholder `request.cf`: no fetch of Cloudflare's (no network needed).
      cf: false,
      handleRuntimeStdio: output.handleRuntimeStdio,
      workers: [
        app,
        // The floor: the same routing and static assets in front of a handler that does nothing.
        {
          ...app,
          name: 'hello',
          scriptPath: undefined,
          modulesRoot: undefined,
          script: "export default { fetch() { return new Response('Hello') } }",
          bindings: {},
          routes: ['hello.bench/*'],
        },
        // The calibration: fetches with Miniflare's outbound interceptor.
        { ...app, name: 'fetcher', scriptPath: undefined, modulesRoot: undefined, script: FETCHER_SCRIPT, bindings: {}, assets: undefined, routes: ['fetcher.bench/*'] },
      ],
    });
    await mf.ready;
    const pids = workerdPids();
    if (pids.length === 0) throw new Error('No workerd process found under this process');

    const samples = new Map<string, { cpu: number[]; db: number[] }>();
    let recording = false;
    const runtime = mf;
    const dispatch: Dispatch = async (url, init) => {
      const step = new Headers(init.headers).get('x-journey-step') ?? 'other';
      const dbBefore = server.engine.requests;
      const before = cpuNanos(pids);
      const res = (await runtime.dispatchFetch(url, init as never)) as unknown as Response;
      const body = await res.arrayBuffer();
      const spent = (cpuNanos(pids) - before) / 1e6;
      if (recording) {
        let entry = samples.get(step);
        if (!entry) samples.set(step, (entry = { cpu: [], db: [] }));
        entry.cpu.push(spent);
        entry.db.push(server.engine.requests - dbBefore);
      }
      return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, headers: res.headers });
    };
    const call = journeyClient(dispatch);

    for (let i = 0; i < warmup + rounds; i++) {
      recording = i >= warmup;
      await call(HELLO_WORKER, 'http://hello.bench/');
      await call('GET /api/health', '/api/health');
      const learner = await signUpAndIn(call);
      await browseCatalog(call, data);
      await learnAndCertify(call, data, learner.token);
      await uploadAndReadBack(call, learner.token);
      await catalogPages(call, data);
      if (i === warmup - 1 || (recording && (i - warmup + 1) % 5 === 0)) log(`worker-cpu: ${recording ? i - warmup + 1 : 'warm-up'} of ${rounds} rounds`);
    }

    log('worker-cpu: calibrating one fetch, in Miniflare and in a plain workerd');
    const target = `${server.url}/health`;
    const fetchInMiniflare = await perFetchCpuMs(pids, async (n) => {
      const res = (await runtime.dispatchFetch(`http://fetcher.bench/?n=${n}&target=${encodeURIComponent(target)}`)) as unknown as Response;
      await res.arrayBuffer();
    });
    const fetchInWorkerd = await plainWorkerdFetchMs(scratch, target);
    const interceptor = Math.max(0, fetchInMiniflare - fetchInWorkerd);

    const journeys = { cpu: [] as number[], db: [] as number[] };
    for (const [route, entry] of samples) {
      if (SCRYPT_ROUTES.has(route) || route === HELLO_WORKER || route === 'GET /api/health') continue;
      journeys.cpu.push(...entry.cpu);
      journeys.db.push(...entry.db);
    }
    const floor = quantile([...(samples.get(HELLO_WORKER)?.cpu ?? [])].sort((a, b) => a - b), 0.5);
    const rowOf = (route: string, { cpu, db }: { cpu: number[]; db: number[] }): WorkerCpuRow => {
      const sorted = [...cpu].sort((a, b) => a - b);
      const net = cpu.map((ms, i) => Math.max(0, ms - floor - db[i]! * interceptor)).sort((a, b) => a - b);
      return {
        route,
        medianMs: round2(quantile(sorted, 0.5)),
        p95Ms: round2(quantile(sorted, 0.95)),
        samples: sorted.length,
        netMs: round2(quantile(net, 0.5)),
        dbRequests: quantile([...db].sort((a, b) => a - b), 0.5),
      };
    };
    const round3 = (ms: number) => Math.round(ms * 1000) / 1000;
    const calibration = (route: string, ms: number): WorkerCpuRow => ({ route, medianMs: round3(ms), p95Ms: round3(ms), samples: 300, netMs: 0, dbRequests: 0 });
    return [
      rowOf(ALL_JOURNEY_REQUESTS, journeys),
      ...[...samples].map(([route, entry]) => rowOf(route, entry)).sort((a, b) => b.medianMs - a.medianMs),
      calibration(FETCH_IN_MINIFLARE, fetchInMiniflare),
      calibration(FETCH_IN_WORKERD, fetchInWorkerd),
    ];
  } catch (err) {
    // workerd's own output says why a request failed (a 500 logs its cause).
    const said = output.take().slice(-3000);
    if (said && err instanceof Error) err.message += `\nworkerd output:\n${said}`;
    throw err;
  } finally {
    await mf?.dispose();
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `node scripts/bench/worker-cpu.ts [rounds]` prints the table alone. */
if (import.meta.filename === process.argv[1]) {
  const rows = await measureWorkerCpu({ rounds: Number(process.argv[2] ?? 20), log: console.log });
  console.table(rows);
  const all = rows.find((r) => r.route === ALL_JOURNEY_REQUESTS)!;
  const met = all.netMs <= WORKER_CPU_TARGET_MS;
  console.log(`Workers CPU per journey request: median ${all.medianMs} ms as measured, ${all.netMs} ms net of Miniflare's share (target ≤ ${WORKER_CPU_TARGET_MS} ms): ${met ? 'met' : 'MISSED'}`);
  if (!met) process.exitCode = 1;
}
