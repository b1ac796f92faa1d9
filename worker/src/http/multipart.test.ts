import { describe, expect, it } from 'vitest';
import { MalformedMultipart, readMultipartParts, type MultipartPart } from './multipart.ts';

const encoder = new TextEncoder();

/** `bytes` as a stream of chunks of `size` bytes. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function encoded(form: FormData): Promise<{ bytes: Uint8Array; boundary: string }> {
  const res = new Response(form);
  const boundary = /boundary=(.+)$/.exec(res.headers.get('content-type')!)![1]!;
  return { bytes: new Uint8Array(await res.arrayBuffer()), boundary };
}

type Read = { kind: 'field'; name: string; value: string } | { kind: 'file'; name: string; filename: string; bytes: string };

/** Bytes compared as text: the same whatever kind of array holds them. */
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function readAll(body: ReadableStream<Uint8Array>, boundary: string): Promise<Read[]> {
  const out: Read[] = [];
  for await (const part of readMultipartParts(body, boundary) as AsyncGenerator<MultipartPart>) {
    if (part.kind === 'field') {
      out.push(part);
      continue;
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of part.chunks) chunks.push(chunk);
    out.push({ kind: 'file', name: part.name, filename: part.filename, bytes: b64(Buffer.concat(chunks)) });
  }
  return out;
}

describe('readMultipartParts', () => {
  // File bytes that look like the start of a delimiter, so a cut across chunks is tested at every place.
  const tricky = encoder.encode('a\r\n-b\r\n--c\r\n--\r\n\r\n--');
  const big = new Uint8Array(300 * 1024).map((_, i) => (i * 31) % 251);

  it('reads fields and files as a browser sends them, whatever the chunk sizes', async () => {
    const form = new FormData();
    form.append('folder', 'Lessons');
    form.append('files', new File([tricky], 'one.txt'));
    form.append('files', new File([big], 'two.bin'));
    form.append('files', new File([], ''));
    form.append('resource_type', 'vidéo');
    const { bytes, boundary } = await encoded(form);
    for (const size of [1, 2, 3, 7, 64, 1000, 65536, bytes.length]) {
      const parts = await readAll(chunked(bytes, size), boundary);
      expect(parts, `chunks of ${size}`).toEqual([
        { kind: 'field', name: 'folder', value: 'Lessons' },
        { kind: 'file', name: 'files', filename: 'one.txt', bytes: b64(tricky) },
        { kind: 'file', name: 'files', filename: 'two.bin', bytes: b64(big) },
        // Undici sends a nameless file without a filename: a text field, as its own parser reads it.
        { kind: 'field', name: 'files', value: '' },
        { kind: 'field', name: 'resource_type', value: 'vidéo' },
      ]);
    }
  });

  it('drains a file part its reader left unread, so the next part is read', async () => {
    const form = new FormData();
    form.append('file', new File([big], 'skipped.bin'));
    form.append('folder', 'after');
    const { bytes, boundary } = await encoded(form);
    const seen: string[] = [];
    for await (const part of readMultipartParts(chunked(bytes, 4096), boundary)) seen.push(part.kind === 'field' ? `${part.name}=${part.value}` : part.filename);
    expect(seen).toEqual(['skipped.bin', 'folder=after']);
  });

  it('reads quoted, escaped, extended (UTF-8) and empty file names, and ignores a preamble', async () => {
    const body = encoder.encode(
      [
        'a preamble to ignore',
        '--xyz',
        'Content-Disposition: form-data; name="file"; filename="say \\"hi\\".txt"',
        '',
        'hi',
        '--xyz',
        `Content-Disposition: form-data; name="file"; filename="plain.txt"; filename*=UTF-8''${encodeURIComponent('déjà vu.txt')}`,
        'Content-Type: text/plain',
        '',
        'vu',
        '--xyz',
        'Content-Disposition: form-data; name="files"; filename=""',
        'Content-Type: application/octet-stream',
        '',
        '',
        '--xyz--',
        '',
      ].join('\r\n'),
    );
    const parts = await readAll(chunked(body, 5), 'xyz');
    expect(parts.map((p) => (p.kind === 'file' ? p.filename : p.name))).toEqual(['say "hi".txt', 'déjà vu.txt', '']);
    // A browser's "no file chosen": a file part with an empty name and no bytes.
    expect(parts[2]).toEqual({ kind: 'file', name: 'files', filename: '', bytes: '' });
  });

  it.each([
    ['an empty body', ''],
    ['no delimiter', 'this is not multipart'],
    ['an unterminated part', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated'],
    ['a part without a name', '--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--\r\n'],
    ['a part that is not form-data', '--xyz\r\nContent-Disposition: attachment; name="a"\r\n\r\nx\r\n--xyz--\r\n'],
    ['endless headers', `--xyz\r\nContent-Disposition: form-data; name="a"\r\nX: ${'y'.repeat(20_000)}`],
    ['a text field over 64 KB', `--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'y'.repeat(70_000)}\r\n--xyz--\r\n`],
  ])('refuses %s as malformed', async (_, text) => {
    await expect(readAll(chunked(encoder.encode(text), 1000), 'xyz')).rejects.toBeInstanceOf(MalformedMultipart);
  });

  it('reads an empty form (only the closing delimiter)', async () => {
    expect(await readAll(chunked(encoder.encode('--xyz--\r\n'), 3), 'xyz')).toEqual([]);
  });

  it('reports a body stream that fails as malformed, with the failure as its cause', async () => {
    const failure = new Error('cut off');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nsome bytes'));
        controller.error(failure);
      },
    });
    const err = await readAll(body, 'xyz').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MalformedMultipart);
    expect((err as Error).cause).toBe(failure);
  });
});
