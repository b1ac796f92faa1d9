import type { Client } from '@libsql/core/api';
import { expandConfig } from '@libsql/core/config';
import { createApp } from './app.ts';
import { IMMUTABLE_CACHE_CONTROL } from './http/public-cache.ts';
import { workersAnswerStore } from './http/public-cache-workers.ts';
import type { AssetFetcher, Platform, RuntimeMemo } from './platform/context.ts';
import { createDb, type Db } from './platform/db.ts';
import { createHranaClient } from './platform/hrana-client.ts';
import { parseEnv, type AppEnv } from './platform/env.ts';
import { workersMailer } from './platform/http-mailer.ts';
import type { Mailer } from './platform/mailer.ts';
import { createR2Storage } from './platform/r2-storage.ts';
import { sweepBookings } from './services/bookings/sweep.ts';
import { sweepTakeFiles } from './services/practice/retention.ts';
import { sendCommunityDigests } from './services/community/digest.ts';
import { paymentConfigurationProblem } from './services/payments/provider.ts';
// The build's server-rendered pages (decision 0020): wrangler.toml aliases this to build/astro/entry.mjs.
import { renderer } from 'drx-page-renderer';

/** The bindings of wrangler.toml; the string variables and secrets are read by `parseEnv`. */
export interface WorkerBindings {
  ASSETS: Fetcher;
  UPLOADS: R2Bucket;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  [name: string]: unknown;
}

// The app holds no environment: built once per isolate, the platform is made per request.
// Public answers in the isolate's memory and the data center's Cache API (decision 0021).
const app = createApp({ publicCache: { store: workersAnswerStore() } });

/**
 * What the runtime works out once per set of bindings and keeps as long as the isolate: the
 * parsed environment, the database handle, and the memo of values such as the media signing key
 * and the build's CSP hashes. Parsing the environment and the database URL on every request cost
 * more CPU than many a request's own work (decision 0035). The database client holds nothing
 * between calls but its settings — each call is one HTTP request of its own (decision 0036) — so
 * one client and one drizzle handle serve every request of the isolate, and the queries the
 * services build once per handle (`preparedOnce`) are built once per isolate.
 */
interface Runtime {
  env: AppEnv;
  db: Db;
  memo: RuntimeMemo;
  /** Mail over the provider's HTTP API (decision 0062); absent: emails stay in the outbox. */
  mailer: Mailer | undefined;
}
const runtimes = new WeakMap<object, Runtime>();
function runtimeOf(bindings: WorkerBindings): Runtime {
  let runtime = runtimes.get(bindings);
  if (!runtime) {
    const env = parseEnv(bindings);
    // Payments fail closed (decision 0060): every payment call refuses, and this says why, once per isolate.
    const paymentsProblem = paymentConfigurationProblem(env);
    if (paymentsProblem) console.error(`DRX payments are refused: ${paymentsProblem}.`);
    runtime = { env, db: createDb(openDatabase(env)), memo: new Map(), mailer: workersMailer(env) };
    runtimes.set(bindings, runtime);
  }
  return runtime;
}

/**
 * Without LIBSQL_URL the worker still serves the site and /api/health; anything that touches
 * the database fails with this message (a 500 to the visitor, the reason in the logs).
 */
function missingDatabase(): Client {
  const fail = () => {
    throw new Error('LIBSQL_URL is not set: the worker has no database (see the README, "Cloudflare Workers")');
  };
  return new Proxy({} as Client, {
    get(_, property) {
      if (property === 'closed') return false;
      if (property === 'protocol') return 'http';
      if (property === 'then') return undefined;
      return async () => fail();
    },
  });
}

/** The database client of LIBSQL_URL (and LIBSQL_AUTH_TOKEN), or the one that says it is missing. */
function openDatabase(env: AppEnv): Client {
  if (!env.LIBSQL_URL) return missingDatabase();
  return createHranaClient(expandConfig({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }, true));
}

const MAX_ASSET_REDIRECTS = 3;

/**
 * Serves files of the built site through the ASSETS binding, resolving directories to their
 * index.html the way the Node runtime does. Workers' own HTML handling may answer a file with a
 * redirect to its canonical address (`/about/index.html` → `/about/`); such redirects are
 * followed here, so the site's routing stays ours on both runtimes.
 */
export function createWorkersAssets(assets: Fetcher): AssetFetcher {
  async function fetchFollowing(url: URL, request: Request): Promise<Response | null> {
    let target = url;
    for (let hop = 0; hop <= MAX_ASSET_REDIRECTS; hop++) {
      const res = await assets.fetch(
        new Request(target, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers: request.headers, redirect: 'manual' }),
      );
      if (res.status >= 300 && res.status < 400 && res.status !== 304) {
        const location = res.headers.get('location');
        if (!location) return null;
        const next = new URL(location, target);
        if (next.origin !== target.origin) return null;
        target = next;
        continue;
      }
      if (res.status === 404) return null;
      // The binding's answer has immutable headers; the app's middleware adds its own.
      const out = new Response(res.body, res);
      // The build's hashed files never change under their name.
      if (target.pathname.startsWith('/_astro/')) out.headers.set('cache-control', IMMUTABLE_CACHE_CONTROL);
      return out;
    }
    return null;
  }

  return async (path, request) => {
    const url = new URL(path, request.url);
    url.search = '';
    const last = url.pathname.split('/').pop() ?? '';
    const candidates = url.pathname.endsWith('/')
      ? [url.pathname + 'index.html']
      : last.includes('.')
        ? [url.pathname]
        : [`${url.pathname}/index.html`, url.pathname];
    for (const candidate of candidates) {
      const res = await fetchFollowing(new URL(candidate, url), request);
      if (res) return res;
    }
    return null;
  };
}

export default {
  async fetch(request: Request, bindings: WorkerBindings, ctx: ExecutionContext): Promise<Response> {
    const { env, db, memo, mailer } = runtimeOf(bindings);
    const platform: Platform = {
      env,
      db,
      storage: createR2Storage(bindings.UPLOADS),
      assets: createWorkersAssets(bindings.ASSETS),
      renderer,
      memo,
      mailer,
      // The outbox sends after the answer (decision 0062): the request stays up until it is done.
      waitUntil: (work) => ctx.waitUntil(work),
    };
    // Cloudflare sets CF-Connecting-IP itself (a client's own is overwritten): the client address.
    const clientAddress = request.headers.get('cf-connecting-ip') ?? undefined;
    return app.fetch(request, { ...bindings, platform, clientAddress }, ctx);
  },
  // The cron trigger of wrangler.toml (every minute): the bookings' clock (decision 0032).
  async scheduled(_controller: ScheduledController, bindings: WorkerBindings, ctx: ExecutionContext): Promise<void> {
    const { env, db, mailer } = runtimeOf(bindings);
    ctx.waitUntil(
      sweepBookings({ env, db, mailer, waitUntil: (work) => ctx.waitUntil(work) }).then(
        () => undefined,
        (err: unknown) => console.error('The bookings sweep failed', err instanceof Error ? err.message : err),
      ),
    );
    // The practice room's files whose time has come (decision 0070).
    ctx.waitUntil(
      sweepTakeFiles({ db, storage: createR2Storage(bindings.UPLOADS) }).then(
        () => undefined,
        (err: unknown) => console.error('The take files sweep failed', err instanceof Error ? err.message : err),
      ),
    );
    // The community's daily digests that are due (decision 0075).
    ctx.waitUntil(
      sendCommunityDigests({ env, db, mailer }).then(
        () => undefined,
        (err: unknown) => console.error('The community digest sweep failed', err instanceof Error ? err.message : err),
      ),
    );
  },
} satisfies ExportedHandler<WorkerBindings>;
