import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importSigningKey, signedUploadUrl } from '../../worker/src/domain/media-links.ts';
import { png } from '../support/file-samples.ts';
import { appWorker, bundleWorker, compatibilityDate, compatibilityFlags, siteAssets, wrangler, type SiteAssets } from './harness.ts';

/**
 * The Workers runtime for real: the worker is bundled by wrangler exactly as `wrangler deploy`
 * would (dry run), then booted in workerd through Miniflare with the bindings of wrangler.toml.
 * No database here: this file checks what works without one (and that it fails cleanly where
 * one is needed); workerd-journeys.test.ts runs the API against a libSQL server.
 */

const MEDIA_SIGNING_SECRET = 'workerd-test-media-signing-secret-0123456789';

describe('the worker in workerd', () => {
  let scratch: string;
  let site: SiteAssets;
  let mf: Miniflare;
  let probe: Awaited<ReturnType<Miniflare['getWorker']>>;
  /** workerd's own output, shown only for a failing test (a 500 logs its cause on purpose). */
  let runtimeLog = '';

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'drx-workerd-'));
    const assets = (site = siteAssets(scratch));
    const appOut = join(scratch, 'app');
    const probeOut = join(scratch, 'probe');
    await Promise.all([
      bundleWorker(appOut, assets),
      wrangler(['deploy', '--dry-run', '--outdir', probeOut, '--config', 'tests/worker/wrangler.r2-probe.toml']),
    ]);

    mf = new Miniflare({
      handleRuntimeStdio(stdout: Readable, stderr: Readable) {
        stdout.on('data', (d: Buffer) => (runtimeLog += d));
        stderr.on('data', (d: Buffer) => (runtimeLog += d));
      },
      workers: [
        appWorker(appOut, assets, { APP_ENV: 'test', MEDIA_SIGNING_SECRET }),
        {
          name: 'r2-probe',
          modules: true,
          compatibilityDate,
          compatibilityFlags,
          r2Buckets: { UPLOADS: 'drx-uploads' },
          scriptPath: join(probeOut, 'r2-probe.js'),
          modulesRoot: probeOut,
        },
      ],
    });
    await mf.ready;
    probe = await mf.getWorker('r2-probe');
  }, 120_000);

  afterEach((context) => {
    if (context.task.result?.state === 'fail' && runtimeLog) console.error(`workerd output:\n${runtimeLog}`);
    runtimeLog = '';
  });

  afterAll(async () => {
    await mf?.dispose();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const get = (path: string, init: RequestInit = {}) => mf.dispatchFetch(`http://localhost${path}`, { redirect: 'manual', ...init } as never);

  it('answers GET /api/health', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the built site through the ASSETS binding', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toMatch(/<html|<!doctype html/i);
  });

  it('serves a page of its own folder at its clean address, with the headers of the app', async () => {
    const res = await get(site.nestedPage);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).toMatch(/<html|<!doctype html/i);
  });

  it("makes the route table's redirects", async () => {
    const res = await get('/pricing');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/subscription');
    await res.arrayBuffer();
  });

  it('answers an unknown page with the not-found page and 404, an unknown API path with JSON 404', async () => {
    const page = await get('/no-such-page-here');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    await page.arrayBuffer();
    const api = await get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });

  it('refuses an upload without a token, and fails cleanly where a database would be needed', async () => {
    const body = new FormData();
    body.append('file', new File([png], 'a.png', { type: 'image/png' }));
    const anonymous = await get('/api/upload', { method: 'POST', body } as RequestInit);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Authentication required' });
    const withToken = await get('/api/upload', { method: 'POST', body, headers: { authorization: 'Bearer abc' } } as RequestInit);
    expect(withToken.status).toBe(500);
    expect(await withToken.json()).toEqual({ message: 'Internal server error' });
  });

  it('round-trips an object through the R2 adapter, and the app serves it from R2', async () => {
    const key = `${crypto.randomUUID()}.png`;
    const put = await probe.fetch(`http://probe/objects/${key}`, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(204);

    const back = await probe.fetch(`http://probe/objects/${key}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(back.headers.get('x-object-size')).toBe(String(png.length));
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(png);

    // Who may fetch a file is in the database; a signed link (decision 0015) is proof enough
    // without it, so the worker serves the object from R2 through one, and fails cleanly without.
    const link = await signedUploadUrl(await importSigningKey(MEDIA_SIGNING_SECRET), key, Math.floor(Date.now() / 1000) + 600);
    const unsigned = await get(`/uploads/${key}`);
    expect(unsigned.status).toBe(500);
    await unsigned.arrayBuffer();
    const served = await get(link);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    const removed = await probe.fetch(`http://probe/objects/${key}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const gone = await probe.fetch(`http://probe/objects/${key}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    const goneFromApp = await get(link);
    expect(goneFromApp.status).toBe(404);
    await goneFromApp.arrayBuffer();
  });

  it('serves byte ranges of a video from R2 (decision 0017), so players can seek', async () => {
    const size = 50_000;
    const video = new Uint8Array(size).map((_, i) => i % 251);
    const key = `${crypto.randomUUID()}.webm`;
    const put = await probe.fetch(`http://probe/objects/${key}`, { method: 'PUT', body: video, headers: { 'content-type': 'video/webm' } });
    expect(put.status).toBe(204);
    const link = await signedUploadUrl(await importSigningKey(MEDIA_SIGNING_SECRET), key, Math.floor(Date.now() / 1000) + 600);

    const part = await get(link, { headers: { range: 'bytes=1000-2000' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-2000/${size}`);
    expect(part.headers.get('content-length')).toBe('1001');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-type')).toBe('video/webm');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(1000, 2001));

    const suffix = await get(link, { headers: { range: 'bytes=-500' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(video.slice(-500));

    const open = await get(link, { headers: { range: 'bytes=49000-' } });
    expect(open.status).toBe(206);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(video.slice(49_000));

    const refused = await get(link, { headers: { range: `bytes=${size}-` } });
    expect(refused.status).toBe(416);
    expect(refused.headers.get('content-range')).toBe(`bytes */${size}`);
    await refused.arrayBuffer();

    const whole = await get(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(size));
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(video);

    const head = await get(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    await head.arrayBuffer();

    await (await probe.fetch(`http://probe/objects/${key}`, { method: 'DELETE' })).arrayBuffer();
  });
});
