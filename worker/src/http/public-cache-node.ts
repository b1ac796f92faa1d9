import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Platform } from '../platform/context.ts';
import { chooseEncoding, clientHolds, type HeaderReader, type PublicCache } from './public-cache.ts';
import { COMPRESS_MIN_BYTES, memoryAnswerStore, type AnswerStore, type Compressor, type StoredAnswer, type Variant } from './public-cache-store.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The body of an answer made by @hono/node-server's Response (a string or bytes kept aside until
 * the answer is written), read without turning it into a web Response; undefined when unknown.
 */
function pendingBodyLength(res: Response): number | undefined {
  for (const symbol of Object.getOwnPropertySymbols(res)) {
    if (symbol.description !== 'cache') continue;
    const kept = (res as unknown as Record<symbol, unknown>)[symbol];
    if (!Array.isArray(kept)) return undefined;
    const body: unknown = kept[1];
    if (typeof body === 'string') return body.length;
    if (body instanceof Uint8Array) return body.byteLength;
    return undefined;
  }
  return undefined;
}

/** Stored bodies up to this size get brotli's best quality. */
const MAX_BEST_BROTLI_BYTES = 64 * 1024;

/**
 * gzip and brotli with node:zlib, off the event loop (zlib's thread pool). A stored answer is
 * compressed once, harder; an uncached one on every request, lightly.
 */
export const nodeCompressor: Compressor = {
  isSmall(res) {
    const length = pendingBodyLength(res);
    return length !== undefined && length < COMPRESS_MIN_BYTES;
  },
  async gzip(body, forStore) {
    return new Uint8Array(await gzipAsync(body, { level: forStore ? 9 : 5 }));
  },
  async br(body, forStore) {
    return new Uint8Array(
      await brotliAsync(body, {
        params: {
          // Stored: the best quality for pages and most JSON (~13% smaller than 9 on a page, ~15–40 ms
          // once per entry off the loop), 9 beyond 64 KB. Uncached answers: light and fast.
          [constants.BROTLI_PARAM_QUALITY]: forStore ? (body.byteLength <= MAX_BEST_BROTLI_BYTES ? 11 : 9) : 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          // A 1 MB window (not 4 MB) is plenty for pages and JSON and keeps each encoder small.
          [constants.BROTLI_PARAM_LGWIN]: 20,
        },
      }),
    );
  },
};

/** The Node runtime's store: answers in memory with their gzip and brotli bodies. */
export function nodeAnswerStore(maxBytes?: number): AnswerStore {
  return memoryAnswerStore({ compressor: nodeCompressor, ...(maxBytes ? { maxBytes } : {}) });
}

type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/** A path the app would see unchanged (no dot segment, nothing URL parsing rewrites), and a plain host. */
const PLAIN_TARGET = /^\/[!$&-;=?-[\]_a-z~]*$/i;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/i;

/** Each representation's headers as the flat [name, value, …] list `writeHead` takes, made once. */
const rawHeaders = new WeakMap<object, string[]>();
function flat(key: object, headers: () => Record<string, string>): string[] {
  let raw = rawHeaders.get(key);
  if (!raw) {
    raw = Object.entries(headers()).flat();
    rawHeaders.set(key, raw);
  }
  return raw;
}

const notModifiedKeys = new WeakMap<Variant, object>();

/** Writes a stored answer to a Node response: its encoding, 304 when the client holds it, no body for HEAD. */
export function writeStoredAnswer(answer: StoredAnswer, incoming: IncomingMessage, outgoing: ServerResponse, header: HeaderReader): void {
  const variant = answer[chooseEncoding(header('accept-encoding'), answer)]!;
  if (clientHolds(variant, header)) {
    let key = notModifiedKeys.get(variant);
    if (!key) notModifiedKeys.set(variant, (key = {}));
    outgoing.writeHead(304, flat(key, () => answer.notModifiedHeaders(variant)));
    outgoing.end();
    return;
  }
  outgoing.writeHead(answer.status, flat(variant, () => variant.headers));
  // HEAD: Node sends no body for it whatever is passed (the length stays the representation's).
  outgoing.end(incoming.method === 'HEAD' ? undefined : variant.body);
}

/**
 * The Node server's request listener: a fresh public answer in memory is written straight from
 * the incoming message's parsed headers with ready-made header lists — no Request, Response or
 * Headers object, no middleware, the same bytes the app's entry would answer (decision 0021);
 * everything else goes to `app` (@hono/node-server's listener around the Hono app).
 */
export function publicCacheListener(cache: PublicCache, platform: Platform, app: NodeListener): NodeListener {
  return (incoming, outgoing) => {
    const url = incoming.url;
    const host = incoming.headers.host;
    if (url !== undefined && host !== undefined && PLAIN_TARGET.test(url) && !DOT_SEGMENT.test(url) && PLAIN_HOST.test(host)) {
      const headers = incoming.headers;
      const header: HeaderReader = (name) => {
        const value = headers[name];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      };
      const answer = cache.peekFresh(incoming.method, url, header, platform);
      if (answer) {
        writeStoredAnswer(answer, incoming, outgoing, header);
        return;
      }
    }
    app(incoming, outgoing);
  };
}
