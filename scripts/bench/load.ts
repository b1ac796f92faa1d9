import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/**
 * The load generator of the bench's reads (decision 0028). wrk (C, Debian's
 * `wrk` package) when it is installed: its own CPU per answer is small and hardly grows with the
 * answer's bytes, so a ratio against the hello-world measures the server. autocannon otherwise
 * (JavaScript: it parses every answer with http-parser-js and turns each body into a string, so on
 * two cores its own CPU caps the ratio of a 5 KB page near 0.35 whatever the server does). The
 * hello-world and every target of one run use the same generator. BENCH_LOAD=autocannon forces it.
 */

export interface LoadResult {
  requests: number;
  /** Seconds the run lasted. */
  seconds: number;
  /** 99th percentile latency in ms. */
  p99: number;
  /** Answers that were not 2xx (wrk: status ≥ 400) plus socket errors and timeouts. */
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export type LoadGeneratorName = 'wrk' | 'autocannon';

/** wrk's threads: one leaves the other core to the server on a two-core machine. */
const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);

/** Prints one JSON line at the end of a wrk run (wrk's Lua `done` hook). */
const REPORT_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"durationUs":%d,"p99Us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.status + e.connect + e.read + e.write + e.timeout))
end
`;
let reportScript: string | undefined;

function wrkInstalled(): boolean {
  // `wrk -v` prints its version and exits 1; a missing binary is ENOENT.
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  return probe.error === undefined && /wrk/i.test(`${probe.stdout}${probe.stderr}`);
}

/** Which generator this run uses, and a line saying so (and why) for the bench's header. */
export function chooseLoadGenerator(): { name: LoadGeneratorName; note: string } {
  if (process.env.BENCH_LOAD === 'autocannon') return { name: 'autocannon', note: 'autocannon (BENCH_LOAD=autocannon)' };
  if (wrkInstalled()) return { name: 'wrk', note: `wrk (${WRK_THREADS} thread${WRK_THREADS === 1 ? '' : 's'})` };
  return {
    name: 'autocannon',
    note: 'autocannon — wrk is not installed (apt-get install wrk): on two cores autocannon\'s own CPU per answer caps the pages\' ratios near 0.35 (decisions 0021, 0028)',
  };
}

function runWrk(url: string, options: LoadOptions): Promise<LoadResult> {
  reportScript ??= (() => {
    const path = join(tmpdir(), `drx-bench-wrk-${process.pid}.lua`);
    writeFileSync(path, REPORT_LUA);
    return path;
  })();
  const args = ['-t', String(WRK_THREADS), '-c', String(options.connections), '-d', `${options.seconds}s`, '-s', reportScript];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (code !== 0 || !line) {
        reject(new Error(`wrk ${args.join(' ')} failed (${code}): ${out.slice(-500)}`));
        return;
      }
      const r = JSON.parse(line) as { requests: number; durationUs: number; p99Us: number; errors: number };
      resolve({ requests: r.requests, seconds: r.durationUs / 1e6, p99: Math.round(r.p99Us / 100) / 10, errors: r.errors });
    });
  });
}

async function runAutocannon(url: string, options: LoadOptions): Promise<LoadResult> {
  const r = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers ?? {} });
  return { requests: r.requests.total, seconds: r.duration, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

/** Loads one URL with GETs for a while from `connections` kept-alive connections. */
export function load(generator: LoadGeneratorName, url: string, options: LoadOptions): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(url, options) : runAutocannon(url, options);
}
