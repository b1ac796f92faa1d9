import type { Db } from './db.ts';
import type { AppEnv } from './env.ts';
import type { Mailer } from './mailer.ts';
import type { PageRenderer } from './page-renderer.ts';
import type { ObjectStore } from './storage.ts';

/** Serves a file of the built site, or null when there is none. */
export type AssetFetcher = (path: string, request: Request) => Promise<Response | null>;

/** Everything a request handler needs from its runtime, made once per runtime at the entry. */
export interface Platform {
  env: AppEnv;
  db: Db;
  storage: ObjectStore;
  assets: AssetFetcher;
  /**
   * Values worked out once per process (Node) or isolate (Workers) and kept with the runtime, not
   * in module state: the media signing key, the build's CSP hashes. Absent: worked out each time.
   */
  memo?: RuntimeMemo;
  /** Delivers the outbox's emails (Node with SMTP_URL); absent: they stay in the outbox. */
  mailer?: Mailer;
  /**
   * Keeps the runtime up for work that outlives the answer (Workers: the request's
   * `ctx.waitUntil`, else the work is cancelled once the answer is sent); absent (Node): the
   * process outlives the answer anyway.
   */
  waitUntil?: (work: Promise<unknown>) => void;
  /**
   * Renders the public pages from the site's Astro components on request (the build's
   * build/astro/entry.mjs, decision 0020); absent (no build): built files only.
   */
  renderer?: PageRenderer;
  /**
   * gzip of a streamed answer that hands each chunk on as soon as it is compressed (Node:
   * node-gzip.ts); absent: the web's CompressionStream, which holds its output until a block fills.
   */
  gzipStream?: (body: ReadableStream<Uint8Array>) => ReadableStream<Uint8Array>;
}

export type RuntimeMemo = Map<string, Promise<unknown>>;

/** The memoised value of `name`, made once; a failed attempt is forgotten so the next one retries. */
export function memoized<T>(platform: Pick<Platform, 'memo'>, name: string, make: () => Promise<T>): Promise<T> {
  const memo = platform.memo;
  if (!memo) return make();
  let value = memo.get(name) as Promise<T> | undefined;
  if (!value) {
    value = make();
    memo.set(name, value);
    value.catch(() => {
      if (memo.get(name) === value) memo.delete(name);
    });
  }
  return value;
}
