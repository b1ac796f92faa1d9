import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import { appWorker, bundleWorker, Miniflare, prepareDatabase, runtimeLog, siteAssets } from './harness.ts';
import { journeyClient, type JourneyCall } from './journeys.ts';

/**
 * The app as a deployment runs it, for a workerd test file: the worker bundled by wrangler as for
 * `wrangler deploy`, booted in workerd (Miniflare, R2 simulated) with LIBSQL_URL pointing at the
 * local libSQL server of scripts/hrana over a migrated database file in a scratch folder.
 */
export interface WorkerdApp {
  scratch: string;
  hrana: HranaServer;
  mf: Miniflare;
  /** Requests to the worker, checked against the status each expects (journeys.ts). */
  call: JourneyCall;
  /** workerd's own output since the last take: shown for a failing test. */
  log: ReturnType<typeof runtimeLog>;
  dispose(): Promise<void>;
}

export async function startWorkerdApp(options: {
  /** Names the scratch folder. */
  name: string;
  hranaToken: string;
  /** The worker's variables beside the database's address and token. */
  bindings: Record<string, string>;
  /** Runs on the database server before the worker boots (seed data). */
  beforeBoot?: (hrana: HranaServer) => Promise<void>;
}): Promise<WorkerdApp> {
  const scratch = mkdtempSync(join(tmpdir(), `drx-${options.name}-`));
  const file = join(scratch, 'drx.db');
  const assets = siteAssets(scratch);
  const bundleDir = join(scratch, 'app');
  const log = runtimeLog();
  const [, hrana] = await Promise.all([bundleWorker(bundleDir, assets), prepareDatabase(file).then(() => startHranaServer({ file, authToken: options.hranaToken }))]);
  await options.beforeBoot?.(hrana);
  const mf = new Miniflare({
    handleRuntimeStdio: log.handleRuntimeStdio,
    workers: [appWorker(bundleDir, assets, { LIBSQL_URL: hrana.url, LIBSQL_AUTH_TOKEN: options.hranaToken, ...options.bindings })],
  });
  await mf.ready;
  const call = journeyClient((url, init) => mf.dispatchFetch(url, init as never) as unknown as Promise<Response>);
  return {
    scratch,
    hrana,
    mf,
    call,
    log,
    async dispose() {
      await mf.dispose();
      await hrana.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
