import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { memoryAnswerStore, type AnswerStore, type Compressor } from './public-cache-store.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * gzip and brotli with node:zlib, off the event loop (zlib's thread pool). A stored answer is
 * compressed once, harder; an uncached one on every request, lightly.
 */
export const nodeCompressor: Compressor = {
  async gzip(body, forStore) {
    return new Uint8Array(await gzipAsync(body, { level: forStore ? 9 : 5 }));
  },
  async br(body, forStore) {
    return new Uint8Array(
      await brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: forStore ? 9 : 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
    );
  },
};

/** The Node runtime's store: answers in memory with their gzip and brotli bodies. */
export function nodeAnswerStore(maxBytes?: number): AnswerStore {
  return memoryAnswerStore({ compressor: nodeCompressor, ...(maxBytes ? { maxBytes } : {}) });
}
