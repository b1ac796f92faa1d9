import type { VersionScope } from '../../../db/schema/index.ts';

/** One stored representation of an answer, with its ready-made headers (content-length included). */
export interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Record<string, string>;
}

/** A public answer as the cache keeps it: the version it was read at and its representations. */
export interface StoredAnswer {
  scope: VersionScope;
  version: number;
  /** Not served after this time (ms since the epoch): at most COUNTER_LAG_MS after it was made, at most a second for one session. */
  until?: number;
  status: number;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  /** Bytes it takes in the store (bodies and headers), for the LRU budget. */
  size: number;
  /** The headers of a 304 for one of its variants. */
  notModifiedHeaders(variant: Variant): Record<string, string>;
}

/** What the cache hands the store: the final answer of the app, read whole. */
export interface AnswerInput {
  scope: VersionScope;
  version: number;
  until?: number;
  status: number;
  /** Lower-case names, no content-length. */
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  /** The identity body's entity tag, quoted. */
  etag: string;
}

/** Compresses bodies once for the store, and uncached answers on their way out (Node). */
export interface Compressor {
  gzip(body: Uint8Array, forStore: boolean): Promise<Uint8Array<ArrayBuffer>>;
  br(body: Uint8Array, forStore: boolean): Promise<Uint8Array<ArrayBuffer>>;
  /**
   * True when the answer's body is known, without reading it, to be too small to compress (on
   * Node, reading an answer's body or headers turns it into a full web Response, which costs more
   * than a small answer's whole trip).
   */
  isSmall?(res: Response): boolean;
}

export interface AnswerStore {
  /** The answer in this process's memory, synchronously (the hot path). */
  peek(key: string): StoredAnswer | undefined;
  /** The answer in memory or in a shared store (the Cache API on Workers). */
  get(key: string): StoredAnswer | undefined | Promise<StoredAnswer | undefined>;
  put(key: string, input: AnswerInput): Promise<StoredAnswer>;
  /** An answer that is not stored, on its way out: compressed on Node when worth it. */
  finish(res: Response | Promise<Response>, request: Request, header: (name: string) => string | null): Response | Promise<Response>;
  /** Bytes and answers held in memory. */
  stats(): { bytes: number; entries: number };
}

/** 32 MB of answers per process by default. */
export const DEFAULT_STORE_BYTES = 32 * 1024 * 1024;
/** Bodies smaller than this are sent as they are: compressing them gains less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** A strong entity tag from the body's bytes (two FNV-1a hashes and the length). */
export function etagOf(body: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b ^ byte, 0x5bd1e995) ^ (b >>> 15);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `"${hex(a)}${hex(b)}-${body.length.toString(36)}"`;
}

function withVaryAcceptEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

function variant(input: AnswerInput, body: Uint8Array<ArrayBuffer>, encoding: 'gzip' | 'br' | null): Variant {
  const etag = encoding === null ? input.etag : `${input.etag.slice(0, -1)}-${encoding === 'gzip' ? 'gz' : 'br'}"`;
  const headers: Record<string, string> = { ...input.headers, etag, vary: withVaryAcceptEncoding(input.headers.vary) };
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.byteLength);
  return { body, etag, headers };
}

const NOT_MODIFIED_HEADERS = ['cache-control', 'content-location', 'expires', 'vary', 'etag'];

/** Builds the stored form of an answer, its compressed bodies made once when a compressor is given. */
export async function buildAnswer(input: AnswerInput, compressor?: Compressor): Promise<StoredAnswer> {
  const identity = variant(input, input.body, null);
  let gzip: Variant | undefined;
  let br: Variant | undefined;
  if (compressor && input.body.byteLength >= COMPRESS_MIN_BYTES && isCompressible(input.headers['content-type'])) {
    const [g, b] = await Promise.all([compressor.gzip(input.body, true), compressor.br(input.body, true)]);
    gzip = variant(input, g, 'gzip');
    br = variant(input, b, 'br');
  }
  const notModified = new Map<Variant, Record<string, string>>();
  let size = 512;
  for (const v of [identity, gzip, br]) {
    if (!v) continue;
    size += v.body.byteLength;
    for (const [name, value] of Object.entries(v.headers)) size += name.length + value.length;
  }
  return {
    scope: input.scope,
    version: input.version,
    ...(input.until !== undefined ? { until: input.until } : {}),
    status: input.status,
    identity,
    ...(gzip ? { gzip } : {}),
    ...(br ? { br } : {}),
    size,
    notModifiedHeaders(v) {
      let headers = notModified.get(v);
      if (!headers) {
        headers = {};
        for (const name of NOT_MODIFIED_HEADERS) if (v.headers[name] !== undefined) headers[name] = v.headers[name];
        notModified.set(v, headers);
      }
      return headers;
    },
  };
}

/** The coding to compress an uncached answer with, from the request's Accept-Encoding. */
function dynamicEncoding(accept: string | null): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (/(^|,)\s*br\s*(,|$|;(?!\s*q\s*=\s*0(\.0*)?\s*(,|$)))/i.test(accept)) return 'br';
  if (/(^|,)\s*gzip\s*(,|$|;(?!\s*q\s*=\s*0(\.0*)?\s*(,|$)))/i.test(accept)) return 'gzip';
  return null;
}

/**
 * Compresses a JSON or HTML answer that is not stored (Node; Workers compresses by itself). Never
 * uploaded files, ranges or answers already encoded.
 */
export async function compressAnswer(res: Response, request: Request, compressor: Compressor, header: (name: string) => string | null): Promise<Response> {
  if (request.method !== 'GET' || res.status !== 200) return res;
  const encoding = dynamicEncoding(header('accept-encoding'));
  if (!encoding || compressor.isSmall?.(res)) return res;
  const h = res.headers;
  if (h.has('content-encoding') || h.has('content-range') || !isCompressible(h.get('content-type'))) return res;
  if (res.body === null || new URL(request.url).pathname.startsWith('/uploads/')) return res;
  // A download streams (the CSV exports compress themselves as they go): never read it whole here.
  if (/^\s*attachment/i.test(h.get('content-disposition') ?? '')) return res;
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(h);
  headers.set('vary', withVaryAcceptEncoding(h.get('vary') ?? undefined));
  if (body.byteLength < COMPRESS_MIN_BYTES) return new Response(body, { status: res.status, headers });
  const out = await compressor[encoding](body, false);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  return new Response(out, { status: res.status, headers });
}

/**
 * Answers in this process's memory, least recently used first out once `maxBytes` is reached.
 * With a compressor (Node) each answer keeps gzip and brotli bodies made once.
 */
export function memoryAnswerStore(options: { maxBytes?: number; compressor?: Compressor } = {}): AnswerStore {
  const maxBytes = options.maxBytes ?? DEFAULT_STORE_BYTES;
  const compressor = options.compressor;
  const entries = new Map<string, StoredAnswer>();
  let bytes = 0;

  function remove(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.size;
  }

  function peek(key: string): StoredAnswer | undefined {
    const answer = entries.get(key);
    if (answer) {
      // Most recently used last: the Map's order is the eviction order.
      entries.delete(key);
      entries.set(key, answer);
    }
    return answer;
  }

  return {
    peek,
    get: peek,
    async put(key, input) {
      const answer = await buildAnswer(input, compressor);
      remove(key);
      if (answer.size > maxBytes) return answer;
      entries.set(key, answer);
      bytes += answer.size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return answer;
    },
    finish(res, request, header) {
      if (!compressor || header('accept-encoding') === null) return res;
      return Promise.resolve(res).then((r) => compressAnswer(r, request, compressor, header));
    },
    stats: () => ({ bytes, entries: entries.size }),
  };
}
