import type { ObjectStore } from './storage.ts';

/** The object store of the Workers runtime: an R2 bucket binding. */
export function createR2Storage(bucket: R2Bucket): ObjectStore {
  return {
    async put(key, data, contentType) {
      await bucket.put(key, data, { httpMetadata: { contentType } });
    },
    async get(key) {
      const object = await bucket.get(key);
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
