import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZIP_TABLE_ASSET } from '../../worker/src/services/connect/zip-data.ts';
import { root } from '../support/paths.ts';
import { appWorker, bundleWorker, runtimeLog, siteAssets } from './harness.ts';

/**
 * The ZIP code table on Workers (decision 0055): not in the worker's bundle, but a file of the
 * built site that the lookup reads through the ASSETS binding on its first call. Needs the built
 * site (npm test builds it first); without it the test is skipped. No database: the lookup needs none.
 */
const tableBuilt = existsSync(join(root, 'dist/index.html')) && existsSync(join(root, 'dist', ZIP_TABLE_ASSET));

describe.runIf(tableBuilt)('the ZIP code lookup in workerd', () => {
  let scratch: string;
  let mf: Miniflare;
  const log = runtimeLog();

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'drx-workerd-zip-'));
    const assets = siteAssets(scratch);
    const bundleDir = join(scratch, 'app');
    await bundleWorker(bundleDir, assets);
    mf = new Miniflare({ handleRuntimeStdio: log.handleRuntimeStdio, workers: [appWorker(bundleDir, assets, { APP_ENV: 'test' })] });
    await mf.ready;
  }, 120_000);

  afterEach((context) => {
    const output = log.take();
    if (context.task.result?.state === 'fail' && output) console.error(`workerd output:\n${output}`);
  });

  afterAll(async () => {
    await mf?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const get = (path: string) => mf.dispatchFetch(`http://localhost${path}`, { redirect: 'manual' } as never);

  it('answers a place from the table of the built site, and 404 for an unknown code', async () => {
    const ny = await get('/api/zipcode-lookup/10001');
    expect(ny.status).toBe(200);
    expect(await ny.json()).toEqual({ zip: '10001', city: 'New York', state: 'NY', latitude: 40.7484, longitude: -73.9967, timeZone: 'America/New_York' });
    const la = await get('/api/zipcode-lookup/90210');
    expect(await la.json()).toMatchObject({ city: 'Beverly Hills', state: 'CA', timeZone: 'America/Los_Angeles' });
    expect((await get('/api/zipcode-lookup/00000')).status).toBe(404);
  });
});
