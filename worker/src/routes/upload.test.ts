import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads, users } from '../../../db/schema/index.ts';
import * as sample from '../../../tests/support/file-samples.ts';
import { storedState } from '../../../tests/support/stored-uploads.ts';
import { createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp, read } from '../../../tests/support/test-app.ts';
import type { ProfileUploadAnswer, UploadAnswer } from './upload.ts';

const MB = 1024 * 1024;

const errorOf = (res: Response) => read<{ message: string }>(res);

async function signedInUser(t: TestApp): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
  return { id: user.id, token: await signIn(t.db, user.id) };
}



function form(fields: Record<string, string | File | File[]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/octet-stream') => new File([bytes], name, { type });

describe('uploads', () => {
  let t: TestApp;
  let user: { id: number; token: string };

  const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}, token: string | null = user.token) =>
    t.request(path, {
      method: 'POST',
      body,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  describe('POST /api/upload', () => {
    it('stores one file under a random key and serves the same bytes back', async () => {
      const res = await post('/api/upload', form({ file: file(sample.png, 'Studio photo.png', 'image/png') }));
      expect(res.status).toBe(201);
      const body = await read<UploadAnswer>(res);
      expect(body).toEqual({
        url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/),
        image_url: body.url,
        file_url: body.url,
        size: sample.png.length,
        original_name: 'Studio photo.png',
        mimetype: 'image/png',
        fileId: expect.any(Number),
        uploadInfo: { originalName: 'Studio photo.png', mimetype: 'image/png', size: sample.png.length },
      });

      const [row] = await t.db.select().from(uploads).where(eq(uploads.id, body.fileId));
      expect(row).toMatchObject({ key: body.url.slice('/uploads/'.length), originalName: 'Studio photo.png', mimetype: 'image/png', size: sample.png.length, userId: user.id });

      const served = await t.request(body.url);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(sample.png);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-disposition')).toBe('inline');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('gives two uploads of the same file different keys', async () => {
      const a = await read<UploadAnswer>(await post('/api/upload', form({ file: file(sample.gif, 'a.gif') })));
      const b = await read<UploadAnswer>(await post('/api/upload', form({ file: file(sample.gif, 'a.gif') })));
      expect(a.url).not.toBe(b.url);
      expect(a.fileId).not.toBe(b.fileId);
    });

    it('trusts the bytes, not the name or the declared type: PDF bytes named .png are a PDF', async () => {
      const res = await post('/api/upload', form({ file: file(sample.pdf, 'lesson-plan.png', 'image/png') }));
      expect(res.status).toBe(201);
      const body = await read<UploadAnswer>(res);
      expect(body.mimetype).toBe('application/pdf');
      expect(body.url).toMatch(/\.pdf$/);
      const served = await t.request(body.url);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('content-disposition')).toBe('inline');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(sample.pdf);
    });

    it('serves documents, text and archives as attachments, text as UTF-8', async () => {
      const txt = await read<UploadAnswer>(await post('/api/upload', form({ file: file(sample.text, 'notes.txt') })));
      expect(txt.mimetype).toBe('text/plain');
      const servedText = await t.request(txt.url);
      expect(servedText.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(servedText.headers.get('content-disposition')).toBe('attachment');
      expect(await servedText.text()).toBe(new TextDecoder().decode(sample.text));

      const docx = await read<UploadAnswer>(await post('/api/upload', form({ file: file(sample.docx, 'plan.docx') })));
      expect(docx.mimetype).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const servedDocx = await t.request(docx.url);
      expect(servedDocx.headers.get('content-disposition')).toBe('attachment');
      expect(servedDocx.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it.each([
      ['an executable named .jpg', sample.exe, 'photo.jpg'],
      ['HTML named .jpg', sample.html, 'photo.jpg'],
      ['an SVG image', sample.svg, 'logo.svg'],
      ['a legacy Office file with a wrong name', sample.cfb, 'tool.msi'],
    ])('refuses %s with 415 and stores nothing', async (_, bytes, name) => {
      const before = await storedState(t);
      const res = await post('/api/upload', form({ file: file(bytes, name, 'image/jpeg') }));
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toEqual({ message: 'Invalid file type' });
      expect(await storedState(t)).toEqual(before);
    });

    it('accepts several files in `files` and answers a list', async () => {
      const res = await post(
        '/api/upload',
        form({ files: [file(sample.png, 'one.png'), file(sample.pdf, 'two.pdf'), file(sample.csv, 'three.csv')] }),
      );
      expect(res.status).toBe(201);
      const body = await read<UploadAnswer[]>(res);
      expect(body).toHaveLength(3);
      expect(body.map((b: { original_name: string }) => b.original_name)).toEqual(['one.png', 'two.pdf', 'three.csv']);
      expect(body.map((b: { mimetype: string }) => b.mimetype)).toEqual(['image/png', 'application/pdf', 'text/csv']);
      for (const item of body) {
        const served = await t.request(item.url);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toContain(item.mimetype);
      }
      expect(new Set(body.map((b: { fileId: number }) => b.fileId)).size).toBe(3);
    });

    it('answers a list for `files` even with one file', async () => {
      const res = await post('/api/upload', form({ files: file(sample.png, 'one.png') }));
      expect(res.status).toBe(201);
      expect(await read<UploadAnswer[]>(res)).toHaveLength(1);
    });

    it('refuses more than 5 files with 400 and stores nothing', async () => {
      const before = await storedState(t);
      const six = Array.from({ length: 6 }, (_, i) => file(sample.png, `p${i}.png`));
      const res = await post('/api/upload', form({ files: six }));
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({ message: 'Maximum of 5 files allowed' });
      expect(await storedState(t)).toEqual(before);
    });

    it('stores none of several files when one of them is refused', async () => {
      const before = await storedState(t);
      const res = await post('/api/upload', form({ files: [file(sample.png, 'ok.png'), file(sample.pdf, 'ok.pdf'), file(sample.exe, 'bad.png')] }));
      expect(res.status).toBe(415);
      expect(await storedState(t)).toEqual(before);
    });

    it('removes what it had stored when the store fails half-way', async () => {
      const before = await storedState(t);
      const storage = t.platform.storage;
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      let puts = 0;
      t.platform.storage = {
        ...storage,
        put: async (key, data, type) => {
          if (++puts === 2) throw new Error('disk full');
          return storage.put(key, data, type);
        },
      };
      try {
        const res = await post('/api/upload', form({ files: [file(sample.png, 'a.png'), file(sample.png, 'b.png')] }));
        expect(res.status).toBe(500);
        expect(await errorOf(res)).toEqual({ message: 'Internal server error' });
      } finally {
        t.platform.storage = storage;
        quiet.mockRestore();
      }
      expect(await storedState(t)).toEqual(before);
    });

    it('answers 400 when no file is sent', async () => {
      const before = await storedState(t);
      const cases: [BodyInit | null, Record<string, string>][] = [
        [form({ folder: 'images' }), {}],
        [form({ file: new File([], '') }), {}],
        [form({ file: new File([], 'empty.txt') }), {}],
        [JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' }],
        [null, {}],
      ];
      for (const [body, headers] of cases) {
        const res = await post('/api/upload', body, headers);
        expect(res.status).toBe(400);
        expect(await errorOf(res)).toEqual({ message: 'No file uploaded' });
      }
      expect(await storedState(t)).toEqual(before);
    });

    it('answers 400 for an empty or malformed multipart body, never 500', async () => {
      const before = await storedState(t);
      const bodies: [string, string][] = [
        ['', 'multipart/form-data; boundary=xyz'],
        ['this is not multipart', 'multipart/form-data; boundary=xyz'],
        ['--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated', 'multipart/form-data; boundary=xyz'],
        ['--xyz--\r\n', 'multipart/form-data'],
      ];
      for (const [body, type] of bodies) {
        const res = await post('/api/upload', body, { 'content-type': type });
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toEqual(expect.any(String));
      }
      expect(await storedState(t)).toEqual(before);
    });

    it('refuses two files in the single `file` field', async () => {
      const res = await post('/api/upload', form({ file: [file(sample.png, 'a.png'), file(sample.png, 'b.png')] }));
      expect(res.status).toBe(400);
    });

    it('answers 401 without a token and with a bad one, storing nothing', async () => {
      const before = await storedState(t);
      const none = await post('/api/upload', form({ file: file(sample.png, 'a.png') }), {}, null);
      expect(none.status).toBe(401);
      expect(await errorOf(none)).toEqual({ message: 'Authentication required' });
      const bad = await post('/api/upload', form({ file: file(sample.png, 'a.png') }), {}, 'not-a-token');
      expect(bad.status).toBe(401);
      expect(await errorOf(bad)).toEqual({ message: 'Invalid token' });
      expect(await storedState(t)).toEqual(before);
    });

    it('uses a sanitised folder as the key prefix', async () => {
      const res = await post('/api/upload', form({ file: file(sample.png, 'a.png'), folder: 'Course Images/../x', resource_type: 'image' }));
      expect(res.status).toBe(201);
      const body = await read<UploadAnswer>(res);
      expect(body.url).toMatch(/^\/uploads\/course-images-x\/[0-9a-f-]{36}\.png$/);
      expect((await t.request(body.url)).status).toBe(200);
    });

    it('accepts only images when resource_type is image', async () => {
      const res = await post('/api/upload', form({ file: file(sample.pdf, 'a.pdf'), resource_type: 'image', folder: 'images' }));
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toEqual({ message: 'Invalid file type' });
    });

    it('refuses a declared length above the limit before reading the body', async () => {
      const res = await post('/api/upload', form({ file: file(sample.png, 'a.png') }), {
        'content-length': String(200 * MB),
      });
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ message: 'File too large' });
    });
  });

  describe('size limits (MAX_UPLOAD_MB=1)', () => {
    let small: TestApp;
    let token: string;
    beforeAll(async () => {
      small = await createTestApp({ MAX_UPLOAD_MB: '1' });
      ({ token } = await signedInUser(small));
    });
    afterAll(() => small.close());

    const send = (body: BodyInit, headers: Record<string, string> = {}) =>
      small.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...headers }, duplex: 'half' } as RequestInit);

    it('accepts a file of exactly the limit', async () => {
      const res = await send(form({ file: file(sample.sized(sample.pdf, MB), 'big.pdf') }));
      expect(res.status).toBe(201);
      expect((await read<UploadAnswer>(res)).size).toBe(MB);
    });

    it('refuses a file above the limit with 413 and stores nothing', async () => {
      const before = await storedState(small);
      const res = await send(form({ file: file(sample.sized(sample.pdf, MB + 1), 'big.pdf') }));
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ message: 'File too large' });
      const many = await send(form({ files: [file(sample.png, 'ok.png'), file(sample.sized(sample.pdf, MB + 1), 'big.pdf')] }));
      expect(many.status).toBe(413);
      expect(await storedState(small)).toEqual(before);
    });

    it('cuts off a body streamed without a length once it passes the limit', async () => {
      const before = await storedState(small);
      const chunk = new Uint8Array(256 * 1024);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > 20 * MB) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const res = await send(stream, { 'content-type': 'multipart/form-data; boundary=xyz' });
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ message: 'File too large' });
      expect(sent).toBeLessThan(8 * MB);
      expect(await storedState(small)).toEqual(before);
    });
  });

  describe('POST /api/upload/profile', () => {
    it("stores the image and sets the user's profile image", async () => {
      const res = await post('/api/upload/profile', form({ file: file(sample.jpeg, 'me.jpg', 'image/jpeg') }));
      expect(res.status).toBe(201);
      const body = await read<ProfileUploadAnswer>(res);
      expect(body).toMatchObject({
        url: expect.stringMatching(/^\/uploads\/profile\/[0-9a-f-]{36}\.jpg$/),
        mimetype: 'image/jpeg',
        original_name: 'me.jpg',
        size: sample.jpeg.length,
        fileId: expect.any(Number),
        uploadInfo: { originalName: 'me.jpg', mimetype: 'image/jpeg', size: sample.jpeg.length },
      });
      expect(body.profile_image_url).toBe(body.url);
      expect(body.image_url).toBe(body.url);
      expect(body.user).toMatchObject({ id: user.id, profile_image_url: body.url, first_name: 'Ada' });
      const [row] = await t.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, user.id));
      expect(row.url).toBe(body.url);
      const served = await t.request(body.url);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(sample.jpeg);
    });

    it('accepts images only', async () => {
      const before = await storedState(t);
      const res = await post('/api/upload/profile', form({ file: file(sample.pdf, 'me.png', 'image/png') }));
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toEqual({ message: 'Invalid file type' });
      expect(await storedState(t)).toEqual(before);
    });

    it('refuses an image above 5 MB, and a body declared above the bound', async () => {
      const before = await storedState(t);
      const res = await post('/api/upload/profile', form({ file: file(sample.sized(sample.png, 5 * MB + 1), 'me.png') }));
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({ message: 'File too large' });
      const declared = await post('/api/upload/profile', form({ file: file(sample.png, 'me.png') }), { 'content-length': String(6 * MB) });
      expect(declared.status).toBe(413);
      expect(await storedState(t)).toEqual(before);
    });

    it('answers 400 without a file and 401 without a token', async () => {
      expect((await post('/api/upload/profile', form({ folder: 'x' }))).status).toBe(400);
      expect((await post('/api/upload/profile', form({ file: file(sample.png, 'me.png') }), {}, null)).status).toBe(401);
    });
  });

  describe('GET /uploads/{key}', () => {
    it('answers 404 for an unknown or malformed key', async () => {
      for (const path of ['/uploads/00000000-0000-0000-0000-000000000000.png', '/uploads/nope', '/uploads/', '/uploads/a/b/c.png']) {
        const res = await t.request(path);
        expect(res.status, path).toBe(404);
        expect(await errorOf(res)).toEqual({ message: 'Not found' });
      }
      // Encoded dots, slashes or backslashes are never part of a key: refused, not decoded (decision 0015).
      for (const path of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/%2e%2e%2fdrx.db', '/uploads/a%5c..%5cdrx.db']) {
        const res = await t.request(path);
        expect(res.status, path).toBe(400);
        expect(await errorOf(res)).toEqual({ message: 'Invalid file path' });
      }
    });
  });
});
