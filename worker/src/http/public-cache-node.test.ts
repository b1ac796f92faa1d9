import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { AppContext } from '../app-context.ts';
import { cachePublic, createPublicCache } from './public-cache.ts';
import { nodeAnswerStore, publicCacheListener } from './public-cache-node.ts';

// The Node entry's listener on a real socket: hits are written from memory without the app, with
// the very bytes the app's entry answers; everything else reaches the app.

let t: TestApp;
let server: Server;
let base: { host: string; port: number };
const runs: Record<string, number> = {};
const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
const LONG = 'Contemporary, ballet and tap for every age. '.repeat(60);

beforeAll(async () => {
  t = await createTestApp();
  const app = new Hono<AppContext>()
    .use('*', async (c, next) => {
      c.set('platform', t.platform);
      await next();
      c.res.headers.set('content-security-policy', "default-src 'self'");
      c.res.headers.set('x-frame-options', 'DENY');
    })
    .get('/page', async (c) => {
      count('page');
      cachePublic(c, 'catalog');
      const rows = await t.db.select().from(categories);
      return c.html(`<!doctype html><p>${rows.length}</p><p>${LONG}</p>`);
    })
    .post('/write', async (c) => {
      await t.db.insert(categories).values({ name: `Node ${Math.random()}` });
      return c.json({ ok: true }, 201);
    });
  const cache = createPublicCache({ store: nodeAnswerStore(), versionTtlMs: 1000 });
  const appListener = getRequestListener((req) => cache.fetch(req, t.platform, () => app.fetch(req, { platform: t.platform })));
  server = createServer(
    publicCacheListener(cache, t.platform, (incoming, outgoing) => {
      count('listener');
      return appListener(incoming, outgoing);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add and decode), the body as sent. */
function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ ...base, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const withoutDate = ({ date: _date, ...rest }: IncomingHttpHeaders) => rest;

describe('the Node listener in front of the app', () => {
  it('writes a hit from memory with the headers and bytes of the answer the app made', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await send('/page?v=1', browser);
    const reachedApp = runs.listener;
    const second = await send('/page?v=1', browser);
    expect(runs.page).toBe(1);
    // Not even @hono/node-server's listener (no Request object) was reached.
    expect(runs.listener).toBe(reachedApp);
    expect(second.status).toBe(200);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['content-security-policy']).toBe("default-src 'self'");
    expect(second.headers['x-frame-options']).toBe('DENY');
    expect(second.body.equals(first.body)).toBe(true);
    expect(brotliDecompressSync(second.body).toString()).toContain(LONG);
    const plain = await send('/page?v=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain(LONG);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(runs.page).toBe(1);
  });

  it('answers 304 for the ETag the client holds and HEAD without a body', async () => {
    const first = await send('/page?v=2', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag!;
    const again = await send('/page?v=2', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.body.length).toBe(0);
    const head = await send('/page?v=2', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('leaves credentials, dot segments and writes to the app, and shows a write on the next read', async () => {
    const before = runs.page ?? 0;
    await send('/page?v=3');
    await send('/page?v=3', { authorization: 'Bearer abc' });
    expect(runs.page).toBe(before + 2);
    // The app sees /x/../page as /page: the same stored answer, found through the app's entry.
    const dotted = await send('/x/../page?v=3');
    expect(dotted.status).toBe(200);
    expect(runs.page).toBe(before + 2);
    const n = Number(/<p>(\d+)<\/p>/.exec((await send('/page?v=3')).body.toString())![1]);
    expect((await send('/write', { 'content-type': 'application/json' }, 'POST')).status).toBe(201);
    const after = await send('/page?v=3');
    expect(after.body.toString()).toContain(`<p>${n + 1}</p>`);
    expect(runs.page).toBe(before + 3);
  });
});
