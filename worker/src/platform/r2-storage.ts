import type { ObjectData, ObjectStore, Spool } from './storage.ts';

/** Bytes of `data` in one array: R2's put takes a stream only with a length known beforehand. */
async function bytesOf(data: ObjectData): Promise<Uint8Array> {
  return data instanceof Uint8Array ? data : new Uint8Array(await new Response(data).arrayBuffer());
}

/** On Workers an upload waits in memory, as it did before uploads were streamed (decision 0061). */
function memorySpool(): Spool {
  let chunks: Uint8Array[] = [];
  let size = 0;
  return {
    get size() {
      return size;
    },
    async write(chunk) {
      chunks.push(chunk);
      size += chunk.byteLength;
    },
    data() {
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      chunks = [bytes];
      return bytes;
    },
    async discard() {
      chunks = [];
    },
  };
}

/** The object store of the Workers runtime: an R2 bucket binding. */
export function createR2Storage(bucket: R2Bucket): ObjectStore {
  return {
    async put(key, data, contentType) {
      await bucket.put(key, await bytesOf(data), { httpMetadata: { contentType } });
    },
    async spool() {
      return memorySpool();
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
