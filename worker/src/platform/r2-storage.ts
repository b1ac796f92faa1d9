import type { ObjectStore } from './storage.ts';

/** The object store of the Workers runtime: an R2 bucket binding. */
export function createR2Storage(bucket: R2Bucket): ObjectStore {
  return {
    async put(key, data, contentType) {
      await bucket.put(key, data, { httpMetadata: { contentType } });
    },
    async head(key) {
      const object = await bucket.head(key);
      if (!object) return null;
      return { size: object.size, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream' };
    },
    async get(key, range) {
      // R2 reads only the range asked for; `size` stays the whole object's.
      const object = await bucket.get(key, range ? { range: { offset: range.offset, length: range.length } } : undefined);
      if (!object) return null;
      return {
        body: object.body as ReadableStream<Uint8Array>,
        size: object.size,
        contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}
