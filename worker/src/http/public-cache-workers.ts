import type { VersionScope } from '../../../db/schema/index.ts';
import { memoryAnswerStore, type AnswerStore, type StoredAnswer } from './public-cache-store.ts';

/**
 * The Workers store of the public-read cache (decision 0021): answers in the isolate's memory
 * (small budget), behind them the data center's Cache API (`caches.default`), shared by every
 * isolate there. An answer is put there under a private URL made of its path and query; its scope,
 * version and status travel in headers, and the cache checks the version on the way out exactly
 * as for memory, so an answer of an older version is never served, only overwritten.
 * Workers compresses answers by itself: nothing is compressed here.
 */

/** Not a real host: the Cache API only needs a URL, and this one can never be fetched. */
const CACHE_ORIGIN = 'https://public-cache.drx.invalid';
/** How long the Cache API may keep an answer; the version check decides whether it is still current. */
const CACHE_API_SECONDS = 24 * 3600;
const ISOLATE_BYTES = 8 * 1024 * 1024;
const META = {
  scope: 'x-drx-cache-scope',
  version: 'x-drx-cache-version',
  until: 'x-drx-cache-until',
  status: 'x-drx-cache-status',
  cacheControl: 'x-drx-cache-control',
};

function defaultCache(): Cache | undefined {
  // `caches` exists on Workers only (and in workerd-based tests).
  return (globalThis as { caches?: { default?: Cache } }).caches?.default;
}

export function workersAnswerStore(cache: () => Cache | undefined = defaultCache): AnswerStore {
  const memory = memoryAnswerStore({ maxBytes: ISOLATE_BYTES });
  const urlOf = (key: string) => new Request(CACHE_ORIGIN + key);

  async function fromCacheApi(key: string): Promise<StoredAnswer | undefined> {
    const shared = cache();
    if (!shared) return undefined;
    const res = await shared.match(urlOf(key));
    if (!res) return undefined;
    const scope = res.headers.get(META.scope) as VersionScope | null;
    const version = Number(res.headers.get(META.version));
    const until = res.headers.get(META.until);
    const status = Number(res.headers.get(META.status) ?? 200);
    const etag = res.headers.get('etag');
    if (!scope || !Number.isFinite(version) || !etag) return undefined;
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name === 'content-length' || name === 'etag' || name === 'vary' || name.startsWith('x-drx-cache-') || name === 'cache-control') return;
      headers[name] = value;
    });
    const cacheControl = res.headers.get(META.cacheControl);
    if (cacheControl) headers['cache-control'] = cacheControl;
    const body = new Uint8Array(await res.arrayBuffer());
    return memory.put(key, { scope, version, ...(until !== null && Number.isFinite(Number(until)) ? { until: Number(until) } : {}), status, headers, body, etag });
  }

  return {
    peek: memory.peek,
    get(key) {
      return memory.peek(key) ?? fromCacheApi(key).catch(() => undefined);
    },
    async put(key, input) {
      const answer = await memory.put(key, input);
      const shared = cache();
      if (shared) {
        const headers = new Headers(answer.identity.headers);
        headers.set(META.scope, answer.scope);
        headers.set(META.version, String(answer.version));
        if (answer.until !== undefined) headers.set(META.until, String(answer.until));
        headers.set(META.status, String(answer.status));
        headers.set(META.cacheControl, headers.get('cache-control') ?? '');
        headers.set('cache-control', `public, max-age=${CACHE_API_SECONDS}`);
        // The Cache API keeps 200s; the real status travels in a header.
        await shared.put(urlOf(key), new Response(answer.identity.body, { status: 200, headers })).catch((err: unknown) => {
          console.error('Could not put an answer into the Cache API', err);
        });
      }
      return answer;
    },
    finish: (res) => res,
    stats: memory.stats,
  };
}
