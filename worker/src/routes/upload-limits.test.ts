import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../../db/schema/index.ts';
import * as sample from '../../../tests/support/file-samples.ts';
import { storedState } from '../../../tests/support/stored-uploads.ts';
import { createSignedInUser as signedIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { multipartBoundary } from '../services/upload-limits.ts';

const MB = 1024 * 1024;

const createSignedInUser = async (db: TestApp['db'], options: Parameters<typeof signedIn>[1] = {}) => {
  const { user, token } = await signedIn(db, options);
  return { id: user.id, token };
};



const usedBytes = async (t: TestApp, userId: number) =>
  Number((await t.db.select({ n: sql<number>`coalesce(sum(${uploads.size}), 0)` }).from(uploads).where(eq(uploads.userId, userId)))[0]!.n);

const pdfForm = (size: number, field = 'file') => {
  const body = new FormData();
  body.append(field, new File([sample.sized(sample.pdf, size)], 'doc.pdf', { type: 'application/pdf' }));
  return body;
};

/**
 * A multipart body with one file part of `fileBytes` bytes, produced as it is read; `pulled()`
 * says how many bytes the server asked for.
 */
function streamedUpload(fileBytes: number) {
  const boundary = 'drxtestboundary';
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  let headSent = false;
  let left = fileBytes;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headSent) {
        headSent = true;
        sent += head.length;
        return controller.enqueue(head);
      }
      if (left <= 0) {
        sent += tail.length;
        controller.enqueue(tail);
        return controller.close();
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, left));
      left -= piece.length;
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => sent };
}

describe('upload limits', () => {
  describe('size (MAX_UPLOAD_MB=1)', () => {
    let t: TestApp;
    let user: { id: number; token: string };
    beforeAll(async () => {
      t = await createTestApp({ MAX_UPLOAD_MB: '1' });
      user = await createSignedInUser(t.db);
    });
    afterAll(() => t.close());

    const send = (body: BodyInit, headers: Record<string, string> = {}) =>
      t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${user.token}`, ...headers }, duplex: 'half' } as RequestInit);

    it('cuts a body off at the limit when its Content-Length lies, storing nothing', async () => {
      const before = await storedState(t);
      const upload = streamedUpload(40 * MB);
      const res = await send(upload.body, { 'content-type': upload.contentType, 'content-length': '1000' });
      expect(res.status).toBe(413);
      expect(await read<ErrorBody>(res)).toEqual({ message: 'File too large' });
      expect(upload.pulled()).toBeLessThan(2 * MB);
      expect(await storedState(t)).toEqual(before);
    });

    it('cuts one oversized file off after about the per-file limit, though the request limit is 5 files', async () => {
      const before = await storedState(t);
      const upload = streamedUpload(4 * MB);
      const res = await send(upload.body, { 'content-type': upload.contentType });
      expect(res.status).toBe(413);
      expect(await read<ErrorBody>(res)).toEqual({ message: 'File too large' });
      expect(upload.pulled()).toBeLessThan(2 * MB);
      expect(await storedState(t)).toEqual(before);
    });

    it('still accepts several files that are each within the limit', async () => {
      const body = new FormData();
      for (let i = 0; i < 3; i++) body.append('files', new File([sample.sized(sample.pdf, MB - 10)], `d${i}.pdf`, { type: 'application/pdf' }));
      const res = await send(body);
      expect(res.status).toBe(201);
      expect(await read<unknown[]>(res)).toHaveLength(3);
    });

    it('reads the boundary of a multipart type, quoted or not', () => {
      expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
      expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
      expect(multipartBoundary('application/json')).toBeNull();
    });
  });

  describe('quota (UPLOAD_QUOTA_MB=2, ADMIN_UPLOAD_QUOTA_MB=4)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ MAX_UPLOAD_MB: '1', UPLOAD_QUOTA_MB: '2', ADMIN_UPLOAD_QUOTA_MB: '4' });
    });
    afterAll(() => t.close());

    const send = (token: string, body: BodyInit, headers: Record<string, string> = {}, path = '/api/upload') =>
      t.request(path, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...headers }, duplex: 'half' } as RequestInit);
    const QUOTA = { message: 'Upload quota exceeded (2 MB per account)' };

    it('refuses the upload that would pass the quota with 413, storing nothing', async () => {
      const user = await createSignedInUser(t.db);
      expect((await send(user.token, pdfForm(MB - 100))).status).toBe(201);
      expect((await send(user.token, pdfForm(MB - 100))).status).toBe(201);
      const before = await storedState(t);
      const res = await send(user.token, pdfForm(1000));
      expect(res.status).toBe(413);
      expect(await read<ErrorBody>(res)).toEqual(QUOTA);
      expect(await storedState(t)).toEqual(before);
      // Another account has its own quota.
      const other = await createSignedInUser(t.db);
      expect((await send(other.token, pdfForm(1000))).status).toBe(201);
    });

    it('refuses by declared length before reading when the quota left is too small', async () => {
      const user = await createSignedInUser(t.db);
      await send(user.token, pdfForm(MB - 100));
      await send(user.token, pdfForm(MB - 100));
      const upload = streamedUpload(900 * 1024);
      const res = await send(user.token, upload.body, { 'content-type': upload.contentType, 'content-length': String(MB) });
      expect(res.status).toBe(413);
      expect(await read<ErrorBody>(res)).toEqual(QUOTA);
      // At most the part header a stream hands over when made; none of the file.
      expect(upload.pulled()).toBeLessThan(1024);
    });

    it('counts profile images too', async () => {
      const user = await createSignedInUser(t.db);
      await send(user.token, pdfForm(MB - 100));
      await send(user.token, pdfForm(MB - 100));
      const image = new FormData();
      image.append('file', new File([sample.sized(sample.png, 200 * 1024)], 'me.png', { type: 'image/png' }));
      const res = await send(user.token, image, {}, '/api/upload/profile');
      expect(res.status).toBe(413);
      expect(await read<ErrorBody>(res)).toEqual(QUOTA);
    });

    it('lets racing uploads together pass the quota by no byte', async () => {
      const user = await createSignedInUser(t.db);
      const results = await Promise.all(Array.from({ length: 6 }, () => send(user.token, pdfForm(700 * 1024))));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 413)).toHaveLength(4);
      expect(await usedBytes(t, user.id)).toBe(2 * 700 * 1024);
    }, 60_000);

    it('gives a role containing ADMIN the larger quota', async () => {
      const admin = await createSignedInUser(t.db, { roles: ['ADMIN'] });
      for (let i = 0; i < 3; i++) expect((await send(admin.token, pdfForm(MB - 100))).status).toBe(201);
      const res = await send(admin.token, pdfForm(MB - 100, 'file'));
      expect(res.status).toBe(201);
      const over = await send(admin.token, pdfForm(1000));
      expect(await read<ErrorBody>(over)).toEqual({ message: 'Upload quota exceeded (4 MB per account)' });
    });

    it('shows the account its usage and quota', async () => {
      const user = await createSignedInUser(t.db);
      await send(user.token, pdfForm(1234));
      const res = await t.request('/api/upload/usage', { headers: { authorization: `Bearer ${user.token}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ usedBytes: 1234, quotaBytes: 2 * MB });
      expect((await t.request('/api/upload/usage')).status).toBe(401);
    });
  });

  describe('rate (RATE_LIMIT_MULTIPLIER=0.05: 6 uploads an hour)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.05' });
    });
    afterAll(() => t.close());

    it('answers 429 with Retry-After past the per-address upload limit', async () => {
      const user = await createSignedInUser(t.db);
      const send = (ip: string) =>
        t.request('/api/upload', { method: 'POST', body: pdfForm(100), headers: { authorization: `Bearer ${user.token}`, 'cf-connecting-ip': ip } });
      for (let i = 0; i < 6; i++) expect((await send('203.0.113.50')).status).toBe(201);
      const refused = await send('203.0.113.50');
      expect(refused.status).toBe(429);
      expect((await read<ErrorBody>(refused)).message).toMatch(/^Too many uploads from this address\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await send('203.0.113.51')).status).toBe(201);
    });
  });
});
