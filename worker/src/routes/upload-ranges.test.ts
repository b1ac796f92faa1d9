import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type FactoryUser } from '../../../tests/support/factories.ts';
import { givePlan } from '../../../tests/support/subscription-factories.ts';
import * as sample from '../../../tests/support/file-samples.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { importSigningKey, signedUploadUrl } from '../domain/media-links.ts';
import { createDiskStorage } from '../platform/disk-storage.ts';
import { RANGE_NOT_SATISFIABLE, type UploadAnswer } from './upload.ts';

const SECRET = 'media-signing-secret-for-range-tests-0123';
const DESC = 'A course for dance teachers.';
const SIZE = 10_000;

/** A video file whose every byte says where it is (mod 251), so a wrong slice cannot pass. */
function videoBytes(): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(SIZE);
  for (let i = 0; i < SIZE; i++) out[i] = i % 251;
  out.set(sample.mp4);
  return out;
}

describe('byte ranges of /uploads (decision 0017)', () => {
  let t: TestApp;
  let instructor: { user: FactoryUser; token: string };
  const bytes = videoBytes();
  let publicUrl: string;
  let courseKey: string;

  async function upload(name: string): Promise<UploadAnswer> {
    const body = new FormData();
    body.append('file', new File([bytes], name));
    const res = await t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${instructor.token}` } });
    expect(res.status, await res.clone().text()).toBe(201);
    return read<UploadAnswer>(res);
  }

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => t.request(path, { method, headers });

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_SIGNING_SECRET: SECRET });
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    // Writing lessons as a non-admin instructor needs Educator (decision 0031).
    await givePlan(t.db, instructor.user.id, 'educator');
    publicUrl = (await upload('preview.mp4')).url;
    // A lesson's video becomes course media (decision 0015): served only through a signed link.
    const lessonVideo = await upload('lesson.mp4');
    courseKey = lessonVideo.url.slice('/uploads/'.length);
    const course = await read<{ id: number }>(await t.json('POST', '/api/courses', { title: 'Paid course', description: DESC, price: '49', status: 'published' }, instructor.token));
    const mod = await read<{ id: number }>(await t.json('POST', '/api/modules', { courseId: course.id, title: 'Module one', description: DESC }, instructor.token));
    const lesson = await t.json('POST', '/api/lessons', { moduleId: mod.id, title: 'Video', description: DESC, content: lessonVideo.url, type: 'video' }, instructor.token);
    expect(lesson.status, await lesson.clone().text()).toBe(201);
  });
  afterAll(() => t.close());

  it('answers a whole file 200 with Accept-Ranges and its length when no range is asked', async () => {
    const res = await get(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('content-range')).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers Range: bytes=1000-2000 with 206 and exactly those 1001 bytes', async () => {
    const res = await get(publicUrl, { range: 'bytes=1000-2000' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-2000/${SIZE}`);
    expect(res.headers.get('content-length')).toBe('1001');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes.slice(1000, 2001));
  });

  it('serves an open range to the end, a suffix, and cuts an end past the file', async () => {
    const open = await get(publicUrl, { range: 'bytes=9500-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 9500-9999/${SIZE}`);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes.slice(9500));

    const suffix = await get(publicUrl, { range: 'bytes=-500' });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes 9500-9999/${SIZE}`);
    expect(suffix.headers.get('content-length')).toBe('500');
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(-500));

    const past = await get(publicUrl, { range: 'bytes=9990-20000' });
    expect(past.status).toBe(206);
    expect(past.headers.get('content-range')).toBe(`bytes 9990-9999/${SIZE}`);
    expect(new Uint8Array(await past.arrayBuffer())).toEqual(bytes.slice(9990));

    // What a browser asks first for a video: everything from 0, answered as a range.
    const first = await get(publicUrl, { range: 'bytes=0-' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-length')).toBe(String(SIZE));
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes);
  });

  it('answers 416 with Content-Range bytes */size for a range that starts past the end', async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 100}-${SIZE + 200}`, 'bytes=-0']) {
      const res = await get(publicUrl, { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`);
      expect(await read<ErrorBody>(res)).toEqual({ message: RANGE_NOT_SATISFIABLE });
    }
  });

  it('sends the whole file for several ranges, a malformed range or an If-Range', async () => {
    const wholeFile: Record<string, string>[] = [{ range: 'bytes=0-10,20-30' }, { range: 'bytes=20-10' }, { range: 'lines=1-2' }, { range: 'bytes=0-10', 'if-range': '"x"' }];
    for (const headers of wholeFile) {
      const res = await get(publicUrl, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(SIZE));
      expect((await res.arrayBuffer()).byteLength).toBe(SIZE);
    }
  });

  it('answers HEAD with the headers of the whole file and no body, ranges or not', async () => {
    const asked: Record<string, string>[] = [{}, { range: 'bytes=0-99' }];
    for (const headers of asked) {
      const res = await get(publicUrl, headers, 'HEAD');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(SIZE));
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-type')).toBe('video/mp4');
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await get('/uploads/00000000-0000-0000-0000-000000000000.mp4', {}, 'HEAD')).status).toBe(404);
  });

  it('serves ranges of course media through a signed link, and refuses them without one', async () => {
    const link = await signedUploadUrl(await importSigningKey(SECRET), courseKey, Math.floor(Date.now() / 1000) + 3600);
    for (const range of ['bytes=0-1', 'bytes=1000-2000', 'bytes=-500', 'bytes=4000-']) {
      const res = await get(link, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    }
    const unsatisfiable = await get(link, { range: `bytes=${SIZE}-` });
    expect(unsatisfiable.status).toBe(416);
    const head = await get(link, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(SIZE));

    // A signature with its first character changed (to another one: the signature may start with A).
    const forged = link.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(link);
    for (const path of [`/uploads/${courseKey}`, forged]) {
      for (const method of ['GET', 'HEAD']) {
        const refused = await get(path, { range: 'bytes=0-99' }, method);
        expect(refused.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it('404s a range of an unknown key', async () => {
    const res = await get('/uploads/00000000-0000-0000-0000-000000000000.mp4', { range: 'bytes=0-10' });
    expect(res.status).toBe(404);
  });
});

describe('the disk store reads ranges', () => {
  it('streams only the asked bytes and tells the whole size; head reads no bytes', async () => {
    const t = await createTestApp();
    try {
      const store = createDiskStorage(`${t.dir}/range-store`);
      const bytes = videoBytes();
      await store.put('demo/clip.webm', bytes, 'video/webm');
      const part = await store.get('demo/clip.webm', { offset: 250, length: 100 });
      expect(part?.size).toBe(SIZE);
      expect(part?.contentType).toBe('video/webm');
      expect(new Uint8Array(await new Response(part!.body).arrayBuffer())).toEqual(bytes.slice(250, 350));
      const whole = await store.get('demo/clip.webm');
      expect(new Uint8Array(await new Response(whole!.body).arrayBuffer())).toEqual(bytes);
      expect(await store.head('demo/clip.webm')).toEqual({ size: SIZE, contentType: 'video/webm' });
      expect(await store.head('demo/none.webm')).toBeNull();
      expect(await store.get('demo/none.webm', { offset: 0, length: 1 })).toBeNull();
      expect(await store.head('../escape')).toBeNull();
    } finally {
      t.close();
    }
  });
});
