import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { AppContext } from '../app-context.ts';
import { cachePublic, chooseEncoding, createPublicCache, markPersonal, VersionClock, type PublicCacheOptions } from './public-cache.ts';
import { nodeCompressor } from './public-cache-node.ts';
import { etagOf, memoryAnswerStore } from './public-cache-store.ts';

// The cache in front of a small Hono app on a real libSQL database (the migrated template): the
// versions come from the content_versions table its triggers move.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LONG = 'Ballet, contemporary and jazz for every age. '.repeat(60);

/** A cache with its app: each route counts how often it really ran. */
function harness(options: PublicCacheOptions = {}) {
  const runs: Record<string, number> = {};
  const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
  const app = new Hono<AppContext>()
    .use('*', async (c, next) => {
      c.set('platform', t.platform);
      await next();
      c.res.headers.set('content-security-policy', "default-src 'none'");
    })
    .get('/list', async (c) => {
      count('list');
      cachePublic(c, 'catalog');
      const rows = await t.db.select().from(categories);
      return c.json({ n: rows.length, q: c.req.query('q') ?? null, text: LONG });
    })
    .get('/small', (c) => {
      count('small');
      cachePublic(c, 'catalog');
      return c.json({ ok: true });
    })
    .get('/big/:n', (c) => {
      count(`big${c.req.param('n')}`);
      cachePublic(c, 'catalog');
      return c.text('x'.repeat(4000));
    })
    .get('/mine', (c) => {
      count('mine');
      cachePublic(c, 'catalog');
      markPersonal(c);
      return c.json({ who: 'me' });
    })
    .get('/broken', (c) => {
      count('broken');
      cachePublic(c, 'catalog');
      return c.json({ message: 'no' }, 500);
    })
    .get('/gone', (c) => {
      count('gone');
      cachePublic(c, 'catalog');
      return c.json({ message: 'Not found' }, 404);
    })
    .get('/racing', async (c) => {
      count('racing');
      cachePublic(c, 'catalog');
      // A write lands while the answer is being made: it must not be stored as current.
      if (runs.racing === 1) await t.db.insert(categories).values({ name: `Race ${Date.now()}` });
      return c.json({ run: runs.racing });
    })
    .post('/write', async (c) => {
      await t.db.insert(categories).values({ name: `Style ${Math.random()}` });
      return c.json({ ok: true }, 201);
    })
    .get('/api/open', (c) => {
      count('open');
      return c.json({ text: LONG });
    })
    .get('/sometimes', (c) => {
      count('sometimes');
      // Not public on its first run (say, an error), public from then on.
      if (runs.sometimes! > 1) cachePublic(c, 'catalog');
      else markPersonal(c);
      return c.json({ run: runs.sometimes });
    });
  const cache = createPublicCache({ versionTtlMs: 250, ...options });
  const request = (path: string, init: RequestInit = {}) => {
    const req = new Request(`http://localhost${path}`, init);
    return cache.fetch(req, t.platform, () => app.fetch(req, { platform: t.platform }));
  };
  return { cache, runs, request };
}

describe('public answers', () => {
  it('answers the second identical request from memory, with every header of the first', async () => {
    const h = harness();
    const first = await h.request('/list?q=a');
    const second = await h.request('/list?q=a');
    expect(h.runs.list).toBe(1);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
    expect(second.headers.get('etag')).toMatch(/^"[0-9a-f]{16}-[0-9a-z]+"$/);
    // Another query is another answer.
    await h.request('/list?q=b');
    expect(h.runs.list).toBe(2);
  });

  it('runs the route again once a write in this process moved the version', async () => {
    const h = harness();
    const before = (await (await h.request('/list')).json()) as { n: number };
    expect((await h.request('/write', { method: 'POST' })).status).toBe(201);
    const after = (await (await h.request('/list')).json()) as { n: number };
    expect(after.n).toBe(before.n + 1);
    expect(h.runs.list).toBe(2);
  });

  it('sees a write made outside the app (another process) once the versions are read again', async () => {
    const h = harness({ versionTtlMs: 100 });
    const before = (await (await h.request('/list')).json()) as { n: number };
    await t.db.insert(categories).values({ name: `Outside ${Math.random()}` });
    await new Promise((r) => setTimeout(r, 120));
    const after = (await (await h.request('/list')).json()) as { n: number };
    expect(after.n).toBe(before.n + 1);
  });

  it('stores an answer under the version read before its route ran, so a racing write is never served as current', async () => {
    const h = harness({ versionTtlMs: 0 });
    expect(await (await h.request('/racing')).json()).toEqual({ run: 1 });
    expect(await (await h.request('/racing')).json()).toEqual({ run: 2 });
    expect(await (await h.request('/racing')).json()).toEqual({ run: 2 });
    expect(h.runs.racing).toBe(2);
  });

  it('answers 304 to If-None-Match with the current ETag, and the body again once it changed', async () => {
    const h = harness();
    const first = await h.request('/list');
    const etag = first.headers.get('etag')!;
    const again = await h.request('/list', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    await h.request('/write', { method: 'POST' });
    const changed = await h.request('/list', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('keeps gzip and brotli bodies made once and serves the one asked for', async () => {
    const h = harness({ store: memoryAnswerStore({ compressor: nodeCompressor }) });
    const plain = await (await h.request('/list')).text();
    const br = await h.request('/list', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await h.request('/list', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(plain);
    const refused = await h.request('/list', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    expect(h.runs.list).toBe(1);
    // Each representation has its own strong ETag.
    expect(new Set([br.headers.get('etag'), gz.headers.get('etag')]).size).toBe(2);
    // Small answers are sent as they are.
    const small = await h.request('/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('compresses a JSON answer that is not stored, when worth it', async () => {
    const h = harness({ store: memoryAnswerStore({ compressor: nodeCompressor }) });
    const res = await h.request('/api/open', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString())).toEqual({ text: LONG });
    await h.request('/api/open');
    expect(h.runs.open).toBe(2);
  });

  it('answers HEAD from the store without a body', async () => {
    const h = harness();
    await h.request('/list');
    const head = await h.request('/list', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(h.runs.list).toBe(1);
  });

  it('never stores an answer for a signed-in request or one that read a session', async () => {
    const h = harness();
    await h.request('/list', { headers: { authorization: 'Bearer abc' } });
    await h.request('/list', { headers: { authorization: 'Bearer abc' } });
    expect(h.runs.list).toBe(2);
    // An anonymous request is not answered with what a signed-in one got either.
    await h.request('/list');
    expect(h.runs.list).toBe(3);
    await h.request('/mine');
    await h.request('/mine');
    expect(h.runs.mine).toBe(2);
  });

  it('runs the route once for identical requests arriving before the first answer is stored', async () => {
    const h = harness({ store: memoryAnswerStore({ compressor: nodeCompressor }) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.request('/list?cold', { headers: { 'accept-encoding': 'br' } })));
    expect(h.runs.list).toBe(1);
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    expect(answers.every((a) => a.headers.get('content-encoding') === 'br')).toBe(true);
    // An answer that is not stored is made for each request that waited for it.
    await Promise.all([h.request('/broken'), h.request('/broken'), h.request('/broken')]);
    expect(h.runs.broken).toBe(3);
  });

  it('stores a 404 but never an error', async () => {
    const h = harness();
    await h.request('/broken');
    await h.request('/broken');
    expect(h.runs.broken).toBe(2);
    expect((await h.request('/gone')).status).toBe(404);
    expect((await h.request('/gone')).status).toBe(404);
    expect(h.runs.gone).toBe(1);
  });

  it('asks the store once for an answer it did not store, again only when the versions moved, and stores it once it is public', async () => {
    // The store's `get` is a Cache API lookup on Workers: counted here.
    const memory = memoryAnswerStore();
    const asked: string[] = [];
    const store = { ...memory, get: (key: string) => (asked.push(key), memory.get(key)) };
    const h = harness({ store, versionTtlMs: 10_000 });
    await h.request('/api/open');
    await h.request('/api/open');
    await h.request('/api/open');
    expect(h.runs.open).toBe(3);
    expect(asked.filter((k) => k === '/api/open')).toHaveLength(1);
    // A write moves the catalog version: the store is asked again, once.
    await h.request('/write', { method: 'POST' });
    await h.request('/api/open');
    await h.request('/api/open');
    expect(asked.filter((k) => k === '/api/open')).toHaveLength(2);
    // An answer not stored the first time is stored when it is public the next time, and served from then on.
    expect(await (await h.request('/sometimes')).json()).toEqual({ run: 1 });
    expect(await (await h.request('/sometimes')).json()).toEqual({ run: 2 });
    expect(await (await h.request('/sometimes')).json()).toEqual({ run: 2 });
    expect(h.runs.sometimes).toBe(2);
  });

  it('drops the least recently used answers beyond its byte budget', async () => {
    const store = memoryAnswerStore({ maxBytes: 12_000 });
    const h = harness({ store });
    await h.request('/big/1');
    await h.request('/big/2');
    await h.request('/big/1'); // 1 is now the most recent
    await h.request('/big/3'); // over budget: 2 goes
    expect(store.stats().entries).toBe(2);
    await h.request('/big/1');
    await h.request('/big/2');
    expect(h.runs).toMatchObject({ big1: 1, big2: 2, big3: 1 });
    expect(store.stats().bytes).toBeLessThanOrEqual(12_000);
  });
});

describe('VersionClock', () => {
  it('reads the versions at most once per TTL, one read shared, and again at once after a write', async () => {
    const clock = new VersionClock(10_000);
    expect(clock.fresh()).toBeUndefined();
    const [a, b] = await Promise.all([clock.read(t.db), clock.read(t.db)]);
    expect(a).toBe(b);
    expect(clock.fresh()).toBe(a);
    clock.invalidate();
    expect(clock.fresh()).toBeUndefined();
  });

  it('does not trust a read that was under way when a write completed', async () => {
    const clock = new VersionClock(10_000);
    const pending = clock.read(t.db);
    clock.invalidate();
    await pending;
    expect(clock.fresh()).toBeUndefined();
  });
});

describe('helpers', () => {
  it('chooses brotli, then gzip, then identity, honouring q=0', () => {
    const answer = { br: {}, gzip: {} } as Parameters<typeof chooseEncoding>[1];
    expect(chooseEncoding('gzip, deflate, br', answer)).toBe('br');
    expect(chooseEncoding('gzip', answer)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', answer)).toBe('identity');
    expect(chooseEncoding(null, answer)).toBe('identity');
  });

  it('makes a strong ETag that changes with the bytes', () => {
    const a = etagOf(new TextEncoder().encode('one'));
    expect(a).toBe(etagOf(new TextEncoder().encode('one')));
    expect(a).not.toBe(etagOf(new TextEncoder().encode('two')));
    expect(a.startsWith('W/')).toBe(false);
  });
});
