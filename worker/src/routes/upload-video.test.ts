import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../../db/schema/index.ts';
import { createSignedInUser, type FactoryUser } from '../../../tests/support/factories.ts';
import { givePlan } from '../../../tests/support/subscription-factories.ts';
import * as sample from '../../../tests/support/file-samples.ts';
import { root } from '../../../tests/support/paths.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import type { UploadAnswer } from './upload.ts';

const DESC = 'A course for dance teachers.';
const CLIP = new Uint8Array(readFileSync(resolve(root, 'db/demo-media/practice-clip.webm')));

/** The lesson dialog's video uploader (decision 0017): resource_type video, folder lessons. */
describe('uploading a lesson video', () => {
  let t: TestApp;
  let instructor: { user: FactoryUser; token: string };

  const upload = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const body = new FormData();
    body.append('file', new File([bytes], name));
    body.append('resource_type', 'video');
    body.append('folder', 'lessons');
    return t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${instructor.token}` } });
  };

  beforeAll(async () => {
    t = await createTestApp();
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    // Writing lessons as a non-admin instructor needs Educator (decision 0031).
    await givePlan(t.db, instructor.user.id, 'educator');
  });
  afterAll(() => t.close());

  it('accepts a video by its bytes and stores it under lessons/', async () => {
    for (const [bytes, name, type] of [
      [CLIP, 'count-in.webm', 'video/webm'],
      [sample.mp4, 'routine.mp4', 'video/mp4'],
    ] as const) {
      const res = await upload(new Uint8Array(bytes), name);
      expect(res.status, await res.clone().text()).toBe(201);
      const body = await read<UploadAnswer>(res);
      expect(body.url).toMatch(/^\/uploads\/lessons\/[0-9a-f-]{36}\.(webm|mp4)$/);
      expect(body.mimetype).toBe(type);
    }
  });

  it('refuses anything that is not a video with 415, whatever its name says', async () => {
    for (const [bytes, name] of [
      [sample.png, 'still.webm'],
      [sample.pdf, 'notes.mp4'],
      [sample.mp3, 'music.mp4'],
    ] as const) {
      const res = await upload(new Uint8Array(bytes), name);
      expect(res.status, name).toBe(415);
      expect(await read<ErrorBody>(res)).toEqual({ message: 'Invalid file type' });
    }
  });

  it('is private from upload, before any lesson refers to it: 403 to anyone without a signature, served through the signed link its uploader gets', async () => {
    const res = await upload(CLIP, 'count-in.webm');
    expect(res.status).toBe(201);
    const video = await read<UploadAnswer>(res);
    const [row] = await t.db.select({ access: uploads.access, courseId: uploads.courseId }).from(uploads).where(eq(uploads.key, video.url.slice('/uploads/'.length)));
    expect(row).toEqual({ access: 'course', courseId: null });

    const anonymous = await t.request(video.url);
    expect(anonymous.status).toBe(403);
    expect(await read<ErrorBody>(anonymous)).toEqual({ message: 'This media link is invalid or has expired' });
    // A signed-in stranger's request (a bearer token is no signature) is refused too.
    const stranger = await createSignedInUser(t.db);
    expect((await t.request(video.url, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(403);

    expect(video.signed_url).toMatch(/^\/uploads\/lessons\/[0-9a-f-]{36}\.webm\?exp=\d+&sig=/);
    const signed = await t.request(video.signed_url!);
    expect(signed.status).toBe(200);
    expect(new Uint8Array(await signed.arrayBuffer())).toEqual(CLIP);
  });

  it('becomes course media when the lesson is saved with its URL (decision 0015); the lesson read gives the poster', async () => {
    const video = await read<UploadAnswer>(await upload(CLIP, 'count-in.webm'));
    const image = '/uploads/demo/cover-jazz.svg';
    const course = await read<{ id: number }>(
      await t.json('POST', '/api/courses', { title: 'Jazz basics', description: DESC, price: '0', status: 'draft', imageUrl: image }, instructor.token),
    );
    const mod = await read<{ id: number }>(await t.json('POST', '/api/modules', { courseId: course.id, title: 'Module one', description: DESC }, instructor.token));
    const lesson = await t.json('POST', '/api/lessons', { moduleId: mod.id, title: 'Count-in', description: DESC, content: video.url, type: 'video' }, instructor.token);
    expect(lesson.status, await lesson.clone().text()).toBe(201);
    const [row] = await t.db.select({ access: uploads.access, courseId: uploads.courseId }).from(uploads).where(eq(uploads.key, video.url.slice('/uploads/'.length)));
    expect(row).toEqual({ access: 'course', courseId: course.id });

    // The lesson read names the course image, the poster of its video.
    const { id } = await read<{ id: number }>(lesson);
    const view = await read<{ course: { image_url: string | null } }>(await t.json('GET', `/api/learn/lessons/${id}`, undefined, instructor.token));
    expect(view.course.image_url).toBe(image);
  });
});
