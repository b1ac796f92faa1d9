import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipAsItComes } from './node-gzip.ts';

const encoder = new TextEncoder();
/** What the gzip bytes so far decompress to (a stream cut after a sync flush is readable up to it). */
const inflated = (bytes: Uint8Array) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }).toString();

/** A source that hands `chunks` out one per pull and then, unless `endless`, ends; it records its pulls and cancels. */
function source(chunks: string[], { endless = false } = {}) {
  const seen = { pulls: 0, cancelled: undefined as unknown };
  let i = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulls += 1;
        if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
        else if (endless) return new Promise<void>(() => undefined);
        else controller.close();
        return undefined;
      },
      cancel(reason) {
        seen.cancelled = reason;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

describe('gzip as it comes', () => {
  it('hands out each chunk compressed before the source gives the next', async () => {
    const { stream, seen } = source(['"ID","Name"\r\n'], { endless: true });
    const reader = gzipAsItComes(stream).getReader();
    // The second chunk never comes: a compressor that held the first until more came would never
    // answer these reads (the gzip header and the flushed block may come as two pieces).
    let bytes = new Uint8Array();
    while (inflated(bytes) === '') {
      const { done, value } = await reader.read();
      expect(done).toBe(false);
      bytes = new Uint8Array([...bytes, ...value!]);
    }
    expect(inflated(bytes)).toBe('"ID","Name"\r\n');
    expect(seen.pulls).toBeLessThanOrEqual(2);
    await reader.cancel('done');
  });

  it('ends in one gzip member that decompresses to the whole source, compressed', async () => {
    const pages = Array.from({ length: 40 }, (_, p) => Array.from({ length: 100 }, (_, r) => `${p * 100 + r},"Dancer ${p * 100 + r}","2026-11-${String((r % 28) + 1).padStart(2, '0')}"\r\n`).join(''));
    const whole = pages.join('');
    const bytes = new Uint8Array(await new Response(gzipAsItComes(source(pages).stream)).arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(whole);
    expect(bytes.byteLength).toBeLessThan(whole.length / 3);
  });

  it('cancels the source when the reader goes away', async () => {
    const { stream, seen } = source(['a\r\n', 'b\r\n'], { endless: true });
    const reader = gzipAsItComes(stream).getReader();
    await reader.read();
    await reader.cancel('gone');
    expect(seen.cancelled).toBe('gone');
  });

  it('fails when the source fails', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error('the database went away');
      },
    });
    await expect(new Response(gzipAsItComes(failing)).arrayBuffer()).rejects.toThrow('the database went away');
  });
});
