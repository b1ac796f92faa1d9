import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * What the Workers CPU bench (./worker-cpu.ts) reads and subtracts: the CPU of workerd processes
 * from Linux's per-thread scheduler statistics, and the cost of one outgoing fetch with and
 * without Miniflare (which sends every fetch of a worker through an extra interceptor worker,
 * something Cloudflare does not).
 */

/** The workerd processes started by this process (Miniflare's, and the plain one below). */
export function workerdPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces, so read after its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm.startsWith('workerd')) pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

/** CPU nanoseconds spent so far by every thread of the processes. */
export function cpuNanos(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return total;
}

/** A body the size of a small Hrana pipeline, so the calibration fetch looks like a database round trip. */
const PIPELINE_LIKE = JSON.stringify({
  baton: null,
  requests: [{ type: 'execute', stmt: { sql: 'SELECT "id", "title" FROM "courses" WHERE "id" = ?', args: [{ type: 'integer', value: '1' }], want_rows: true } }, { type: 'close' }],
});

/** A worker that POSTs to `target` `n` times (query parameters), reading each answer. */
export const FETCHER_SCRIPT = `const BODY = ${JSON.stringify(PIPELINE_LIKE)};
export default { async fetch(request) { const url = new URL(request.url); const n = Number(url.searchParams.get('n')); const target = url.searchParams.get('target'); for (let i = 0; i < n; i++) { const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY }); await res.arrayBuffer(); } return new Response('ok'); } }`;

/**
 * The CPU of one fetch: `get(n)` asks a fetcher worker for n fetches; the cost of a request with
 * none is taken off, the rest divided by n.
 */
export async function perFetchCpuMs(pids: number[], get: (n: number) => Promise<void>, n = 300): Promise<number> {
  for (let i = 0; i < 3; i++) await get(30);
  const a = cpuNanos(pids);
  await get(0);
  const b = cpuNanos(pids);
  await get(n);
  const c = cpuNanos(pids);
  return Math.max(0, c - b - (b - a)) / 1e6 / n;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** The CPU of one fetch of `target` from a worker in a plain workerd (no Miniflare in between). */
export async function plainWorkerdFetchMs(scratch: string, target: string): Promise<number> {
  const binary = (createRequire(import.meta.url)('workerd') as { default: string }).default;
  const port = await freePort();
  writeFileSync(join(scratch, 'fetcher.js'), FETCHER_SCRIPT);
  writeFileSync(
    join(scratch, 'fetcher.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .fetcher), (name = "net", network = (allow = ["public", "private", "local"])) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const fetcher :Workerd.Worker = ( modules = [ (name = "fetcher.js", esModule = embed "fetcher.js") ], compatibilityDate = "2025-01-01", globalOutbound = "net" );
`,
  );
  const child = spawn(binary, ['serve', join(scratch, 'fetcher.capnp')], { stdio: 'ignore' });
  try {
    const get = async (n: number) => {
      const res = await fetch(`http://127.0.0.1:${port}/?n=${n}&target=${encodeURIComponent(target)}`);
      await res.arrayBuffer();
    };
    for (let attempt = 0; ; attempt++) {
      try {
        await get(0);
        break;
      } catch (err) {
        if (attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return await perFetchCpuMs([child.pid!], get);
  } finally {
    child.kill();
  }
}
