import { constants, createGzip } from 'node:zlib';

/**
 * gzip of a stream whose every chunk leaves as soon as it is compressed. The web's
 * CompressionStream keeps its output until deflate closes a block (some 100 KB of CSV): a streamed
 * export's first bytes then waited for several pages, 150–800 ms. Here each chunk the source hands
 * over (the header, then a page of records) is followed by a sync flush, which ends the block at a
 * byte boundary and keeps the window, so the reader gets every page as it is made for a few bytes
 * a page. The compression itself runs on zlib's thread pool, off the event loop.
 *
 * One chunk is asked of the source at a time, and only when the reader wants more: a slow reader
 * slows the reading down. Cancelling the result cancels the source.
 */
export function gzipAsItComes(source: ReadableStream<Uint8Array>, level = 6): ReadableStream<Uint8Array> {
  const gzip = createGzip({ level });
  const reader = source.getReader();
  let ended: Promise<void> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Events of a stream already cancelled find the controller closed: nothing is left to tell.
        const settled = (step: () => void) => {
          try {
            step();
          } catch {
            // Cancelled by the reader.
          }
        };
        gzip.on('data', (chunk: Buffer) => settled(() => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))));
        ended = new Promise<void>((resolve) => {
          gzip.once('end', () => {
            settled(() => controller.close());
            resolve();
          });
          gzip.once('error', (err) => {
            settled(() => controller.error(err));
            resolve();
          });
        });
      },
      async pull() {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (err) {
          gzip.destroy();
          throw err;
        }
        const { done, value } = next;
        if (done) {
          gzip.end();
          // Nothing more is asked of the source: the stream closes when the gzip trailer is out.
          await ended;
          return;
        }
        await new Promise<void>((resolve) => {
          gzip.write(value);
          gzip.flush(constants.Z_SYNC_FLUSH, () => resolve());
        });
      },
      async cancel(reason) {
        gzip.destroy();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 1 },
  );
}
