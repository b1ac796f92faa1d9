import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../../../tests/support/file-samples.ts';
import { storedState } from '../../../tests/support/stored-uploads.ts';
import { createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type TestApp } from '../../../tests/support/test-app.ts';
import { SNIFF_BYTES } from '../services/uploads.ts';
import type { UploadAnswer } from './upload.ts';

// Uploads are read part by part (decision 0061): the type comes from a file's first bytes, and
// text is checked for UTF-8 over all of its bytes as they pass, whatever their cut into chunks.

/** Text of `length` bytes: ASCII with a two-byte "é" across the end of the sniffed head. */
function textAcrossHead(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length).fill(0x61);
  bytes.set([0xc3, 0xa9], SNIFF_BYTES - 1);
  return bytes;
}

describe('streamed uploads', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t.db, (await createUser(t.db)).id);
  });
  afterAll(() => t.close());

  const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, before: Record<string, string> = {}, after: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(before)) body.append(k, v);
    body.append('file', new File([bytes], name));
    for (const [k, v] of Object.entries(after)) body.append(k, v);
    return t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
  };

  it('takes text longer than the sniffed head, a character cut at its end included, and stores every byte', async () => {
    const bytes = textAcrossHead(SNIFF_BYTES + 300_000);
    const res = await upload(bytes, 'notes.txt');
    expect(res.status).toBe(201);
    const body = await read<UploadAnswer>(res);
    expect(body).toMatchObject({ mimetype: 'text/plain', size: bytes.length });
    const served = new Uint8Array(await (await t.request(body.url)).arrayBuffer());
    expect(Buffer.from(served).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each([
    ['a byte that is not UTF-8', 0xff],
    ['a NUL', 0x00],
  ])('refuses text with %s past the sniffed head (415), storing nothing', async (_, byte) => {
    const before = await storedState(t);
    const bytes = textAcrossHead(SNIFF_BYTES + 300_000);
    bytes[SNIFF_BYTES + 200_000] = byte;
    const res = await upload(bytes, 'notes.txt');
    expect(res.status).toBe(415);
    expect(await read(res)).toEqual({ message: 'Invalid file type' });
    expect(await storedState(t)).toEqual(before);
  });

  it('reads folder and resource_type whether they come before or after the file', async () => {
    for (const [before, after] of [
      [{ folder: 'Course Images' }, { resource_type: 'image' }],
      [{}, { folder: 'Course Images', resource_type: 'image' }],
    ] as const) {
      const res = await upload(sample.png, 'a.png', before, after);
      expect(res.status).toBe(201);
      expect((await read<UploadAnswer>(res)).url).toMatch(/^\/uploads\/course-images\/[0-9a-f-]{36}\.png$/);
    }
    const before = await storedState(t);
    const refused = await upload(sample.pdf, 'a.pdf', {}, { resource_type: 'image' });
    expect(refused.status).toBe(415);
    expect(await storedState(t)).toEqual(before);
  });
});
