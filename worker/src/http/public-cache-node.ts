import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESS_MIN_BYTES, memoryAnswerStore, type AnswerStore, type Compressor } from './public-cache-store.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * gzip and brotli with node:zlib, off the event loop (zlib's thread pool). A stored answer is
 * compressed once, harder; an uncached one on every request, lightly.
 */
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
          [constants.BROTLI_PARAM_QUALITY]: forStore ? 9 : 4,
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
