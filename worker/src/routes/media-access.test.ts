import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets, lessons, uploads } from '../../../db/schema/index.ts';
import { createCourse, createEnrollment, createLesson, createModule } from '../../../tests/support/course-factories.ts';
import { createAdmin, createSignedInUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import * as sample from '../../../tests/support/file-samples.ts';
import { givePlan } from '../../../tests/support/subscription-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { importSigningKey, signedUploadUrl } from '../domain/media-links.ts';
import type { CourseDetail, CourseSummary, Page } from '../../../shared/courses.ts';
import type { LessonView } from '../../../shared/learning.ts';
import { markExistingCourseMedia } from '../services/media-access.ts';
import type { UploadAnswer } from './upload.ts';

const REFUSED = 'This media link is invalid or has expired';
const DESC = 'A course for dance teachers.';
const SECRET = 'media-signing-secret-for-tests-0123456789';

describe('course media (decision 0015)', () => {
  let t: TestApp;
  let instructor: { user: FactoryUser; token: string };
  let learner: { user: FactoryUser; token: string };
  let stranger: { user: FactoryUser; token: string };
  let adminToken: string;

  const get = (path: string, token?: string) => t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  async function upload(bytes: Uint8Array<ArrayBuffer>, name: string, token = instructor.token): Promise<UploadAnswer> {
    const body = new FormData();
    body.append('file', new File([bytes], name));
    const res = await t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
    expect(res.status, await res.clone().text()).toBe(201);
    return read<UploadAnswer>(res);
  }

  const accessOf = async (url: string) => {
    const [row] = await t.db.select({ access: uploads.access, courseId: uploads.courseId }).from(uploads).where(eq(uploads.key, url.slice('/uploads/'.length)));
    return row;
  };

  /** A paid course of the instructor, made through the API, with a video lesson playing an uploaded file. */
  async function paidCourseWithVideo() {
    const video = await upload(sample.mp4, 'lesson.mp4');
    const fullVideo = await upload(sample.mp4, 'full.mp4');
    const preview = await upload(sample.mp4, 'preview.mp4');
    const created = await t.json(
      'POST',
      '/api/courses',
      { title: 'Paid course', description: DESC, price: '49', status: 'published', fullVideoUrl: fullVideo.url, previewVideoUrl: preview.url },
      instructor.token,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const course = await read<{ id: number }>(created);
    const mod = await read<{ id: number }>(await t.json('POST', '/api/modules', { courseId: course.id, title: 'Module one', description: DESC }, instructor.token));
    const lessonRes = await t.json('POST', '/api/lessons', { moduleId: mod.id, title: 'Video', description: DESC, content: video.url, type: 'video' }, instructor.token);
    expect(lessonRes.status, await lessonRes.clone().text()).toBe(201);
    const lesson = await read<{ id: number }>(lessonRes);
    return { courseId: course.id, moduleId: mod.id, lessonId: lesson.id, video, fullVideo, preview };
  }

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_SIGNING_SECRET: SECRET });
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    await givePlan(t.db, instructor.user.id, 'educator');
    learner = await createSignedInUser(t.db);
    stranger = await createSignedInUser(t.db);
    adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  });
  afterAll(() => t.close());

  it('marks lesson media and the full video as the course\'s, the preview as public', async () => {
    const c = await paidCourseWithVideo();
    expect(await accessOf(c.video.url)).toEqual({ access: 'course', courseId: c.courseId });
    expect(await accessOf(c.fullVideo.url)).toEqual({ access: 'course', courseId: c.courseId });
    expect(await accessOf(c.preview.url)).toEqual({ access: 'public', courseId: null });
  });

  it('refuses lesson media to anyone without a signed link (403 in the error shape)', async () => {
    const c = await paidCourseWithVideo();
    for (const token of [undefined, stranger.token, learner.token]) {
      const res = await get(c.video.url, token);
      expect(res.status).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: REFUSED });
    }
    expect((await get(c.fullVideo.url)).status).toBe(403);
  });

  it('gives an enrolled learner signed links that play', async () => {
    const c = await paidCourseWithVideo();
    await createEnrollment(t.db, learner.user.id, c.courseId);
    const res = await get(`/api/learn/lessons/${c.lessonId}`, learner.token);
    expect(res.status).toBe(200);
    const lesson = await read<LessonView>(res);
    expect(lesson.video?.kind).toBe('file');
    expect(lesson.video!.url).toMatch(new RegExp(`^${c.video.url.replace('.', '\\.')}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(lesson.content).toBe(lesson.video!.url);

    const file = await get(lesson.video!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(sample.mp4);
  });

  it('refuses a tampered, foreign or expired signature', async () => {
    const c = await paidCourseWithVideo();
    await createEnrollment(t.db, learner.user.id, c.courseId);
    const { video } = await read<LessonView>(await get(`/api/learn/lessons/${c.lessonId}`, learner.token));
    const url = new URL(video!.url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = Number(url.searchParams.get('exp'));

    const tampered = `${url.pathname}?exp=${exp}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const longer = `${url.pathname}?exp=${exp + 3600}&sig=${sig}`;
    const otherFile = `${c.fullVideo.url}?exp=${exp}&sig=${sig}`;
    for (const link of [tampered, longer, otherFile, `${url.pathname}?exp=${exp}`, `${url.pathname}?sig=${sig}`]) {
      const res = await get(link);
      expect(res.status, link).toBe(403);
      expect(await read<ErrorBody>(res)).toEqual({ message: REFUSED });
    }

    const key = await importSigningKey(SECRET);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await signedUploadUrl(key, c.video.url.slice('/uploads/'.length), past);
    expect((await get(expired)).status).toBe(403);
    const fresh = await signedUploadUrl(key, c.video.url.slice('/uploads/'.length), past + 3600);
    expect((await get(fresh)).status).toBe(200);
  });

  it('does not hand signed links to someone who is not enrolled', async () => {
    const c = await paidCourseWithVideo();
    expect((await get(`/api/learn/lessons/${c.lessonId}`, stranger.token)).status).toBe(403);
    expect((await get(`/api/learn/lessons/${c.lessonId}`)).status).toBe(401);
  });

  it('keeps preview videos, course images and profile images public', async () => {
    const c = await paidCourseWithVideo();
    expect((await get(c.preview.url)).status).toBe(200);

    const image = new FormData();
    image.append('file', new File([sample.png], 'cover.png'));
    image.append('entityType', 'course');
    image.append('entityId', String(c.courseId));
    const cover = await t.request('/api/upload/course', { method: 'POST', body: image, headers: { authorization: `Bearer ${instructor.token}` } });
    expect(cover.status).toBe(201);
    const coverRes = await get((await read<UploadAnswer>(cover)).url);
    expect(coverRes.status).toBe(200);
    expect(coverRes.headers.get('cache-control')).toContain('public');

    const avatar = new FormData();
    avatar.append('file', new File([sample.png], 'me.png'));
    const profile = await t.request('/api/upload/profile', { method: 'POST', body: avatar, headers: { authorization: `Bearer ${learner.token}` } });
    expect(profile.status).toBe(201);
    expect((await get((await read<UploadAnswer>(profile)).url)).status).toBe(200);
  });

  it('a file that is both the preview and the full video stays public', async () => {
    const clip = await upload(sample.mp4, 'both.mp4');
    const res = await t.json(
      'POST',
      '/api/courses',
      { title: 'Same clip', description: DESC, price: '10', status: 'published', fullVideoUrl: clip.url, previewVideoUrl: clip.url },
      instructor.token,
    );
    expect(res.status).toBe(201);
    expect(await accessOf(clip.url)).toEqual({ access: 'public', courseId: null });
    expect((await get(clip.url)).status).toBe(200);
  });

  it('GET /api/courses/{id}: no full video for visitors; signed for learners; raw for its instructor', async () => {
    const c = await paidCourseWithVideo();
    const anonymous = await read<CourseDetail>(await get(`/api/courses/${c.courseId}`));
    expect(anonymous.video_url).toBeNull();
    expect(anonymous.preview_video_url).toBe(c.preview.url);
    expect(JSON.stringify(anonymous)).not.toContain(c.fullVideo.url);
    expect(JSON.stringify(anonymous)).not.toContain(c.video.url);

    expect((await read<CourseDetail>(await get(`/api/courses/${c.courseId}`, stranger.token))).video_url).toBeNull();

    await createEnrollment(t.db, learner.user.id, c.courseId);
    const enrolled = await read<CourseDetail>(await get(`/api/courses/${c.courseId}`, learner.token));
    expect(enrolled.video_url).toMatch(/\?exp=\d+&sig=/);
    expect((await get(enrolled.video_url!)).status).toBe(200);

    const editor = await read<CourseDetail>(await get(`/api/courses/${c.courseId}`, instructor.token));
    expect(editor.video_url).toBe(c.fullVideo.url);
    const admin = await read<CourseDetail>(await get(`/api/courses/${c.courseId}`, adminToken));
    expect(admin.video_url).toBe(c.fullVideo.url);
  });

  it('lists never carry a full video; the managers\' list keeps it for editing', async () => {
    const c = await paidCourseWithVideo();
    const catalog = await read<Page<CourseSummary>>(await get('/api/courses?pageSize=100'));
    const listed = catalog.data.find((x) => x.id === c.courseId);
    expect(listed?.video_url).toBeNull();
    expect(JSON.stringify(catalog)).not.toContain(c.fullVideo.url);

    const instructorPage = await get(`/api/instructors/${instructor.user.id}`);
    expect(await instructorPage.text()).not.toContain(c.fullVideo.url);

    const managed = await read<{ data: { id: number; fullVideoUrl: string | null }[] }>(await get('/api/courses?scope=manage&pageSize=100', instructor.token));
    expect(managed.data.find((x) => x.id === c.courseId)?.fullVideoUrl).toBe(c.fullVideo.url);
  });

  it('external video links stay as they are, for those allowed only', async () => {
    const res = await t.json(
      'POST',
      '/api/courses',
      { title: 'External', description: DESC, price: '10', status: 'published', fullVideoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      instructor.token,
    );
    const { id } = await read<{ id: number }>(res);
    expect((await read<CourseDetail>(await get(`/api/courses/${id}`))).video_url).toBeNull();
    await createEnrollment(t.db, learner.user.id, id);
    expect((await read<CourseDetail>(await get(`/api/courses/${id}`, learner.token))).video_url).toBe('https://youtu.be/dQw4w9WgXcQ');
  });

  it('signs /uploads/ links inside lesson markdown, in the text and the HTML', async () => {
    const c = await paidCourseWithVideo();
    const picture = await upload(sample.png, 'diagram.png');
    const res = await t.json(
      'POST',
      '/api/lessons',
      { moduleId: c.moduleId, title: 'Reading', description: DESC, content: `See ![diagram](${picture.url}) and https://example.com/x.png`, type: 'text' },
      instructor.token,
    );
    const { id } = await read<{ id: number }>(res);
    expect(await accessOf(picture.url)).toEqual({ access: 'course', courseId: c.courseId });
    expect((await get(picture.url)).status).toBe(403);

    await createEnrollment(t.db, learner.user.id, c.courseId);
    const lesson = await read<LessonView>(await get(`/api/learn/lessons/${id}`, learner.token));
    const signed = /\(([^)]+)\)/.exec(lesson.content)![1]!;
    expect(signed).toMatch(/\?exp=\d+&sig=/);
    expect(lesson.content_html).toContain(signed.replace('&', '&amp;'));
    expect(lesson.content_html).toContain('https://example.com/x.png');
    expect((await get(signed)).status).toBe(200);
  });

  it("linking someone else's file does not lock it away", async () => {
    const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    await givePlan(t.db, other.user.id, 'educator');
    const theirs = await upload(sample.png, 'theirs.png', learner.token);
    const course = await read<{ id: number }>(
      await t.json('POST', '/api/courses', { title: 'Other', description: DESC, price: '5', fullVideoUrl: theirs.url }, other.token),
    );
    expect(course.id).toBeGreaterThan(0);
    expect(await accessOf(theirs.url)).toEqual({ access: 'public', courseId: null });
    expect((await get(theirs.url)).status).toBe(200);
  });

  it('marks the media of existing lessons once per database', async () => {
    const file = await upload(sample.mp4, 'old.mp4');
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceCents: 1000, status: 'published' });
    const mod = await createModule(t.db, course.id);
    await createLesson(t.db, mod.id, { type: 'video', content: file.url });
    expect(await accessOf(file.url)).toEqual({ access: 'public', courseId: null });
    await t.db.delete(appSecrets).where(eq(appSecrets.name, 'course-media-marked-v1'));
    await markExistingCourseMedia(t.db);
    expect(await accessOf(file.url)).toEqual({ access: 'course', courseId: course.id });
    expect((await get(file.url)).status).toBe(403);

    // Later starts skip it: a lesson written behind the API's back stays as it is.
    const later = await upload(sample.mp4, 'later.mp4');
    await t.db.update(lessons).set({ content: later.url }).where(eq(lessons.moduleId, mod.id));
    await markExistingCourseMedia(t.db);
    expect(await accessOf(later.url)).toEqual({ access: 'public', courseId: null });
  });

  it('answers 404 for an unknown key and refuses traversal in the path', async () => {
    expect((await get('/uploads/0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c99.mp4')).status).toBe(404);
    expect((await get('/uploads/not-a-key')).status).toBe(404);
    for (const path of ['/uploads/%2e%2e/x', '/uploads/.%2e/x', '/uploads/demo%2f..%2fx', '/uploads/%2E%2E%2Fdrx.db', '/uploads/a/..%5c..%5cdrx.db']) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.get('content-type'), path).toMatch(/json|html/);
    }
    const encoded = await get('/uploads/demo%2f..%2fx');
    expect(encoded.status).toBe(400);
    expect(await read<ErrorBody>(encoded)).toEqual({ message: 'Invalid file path' });
  });
});

describe('the signing secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is generated once and kept in app_secrets when MEDIA_SIGNING_SECRET is unset', async () => {
    const instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    await givePlan(t.db, instructor.user.id, 'educator');
    const body = new FormData();
    body.append('file', new File([sample.mp4], 'a.mp4'));
    const up = await read<UploadAnswer>(await t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${instructor.token}` } }));
    const course = await read<{ id: number }>(
      await t.json('POST', '/api/courses', { title: 'Signed course', description: DESC, price: '1', status: 'published', fullVideoUrl: up.url }, instructor.token),
    );
    const first = await read<CourseDetail>(await t.request(`/api/courses/${course.id}`, { headers: { authorization: `Bearer ${instructor.token}` } }));
    expect(first.video_url).toBe(up.url);
    const learner = await createSignedInUser(t.db);
    await createEnrollment(t.db, learner.user.id, course.id);
    const read1 = await read<CourseDetail>(await t.request(`/api/courses/${course.id}`, { headers: { authorization: `Bearer ${learner.token}` } }));
    const rows = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'media-signing-key'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const key = await importSigningKey(rows[0]!.value);
    const exp = Number(new URL(read1.video_url!, 'http://x').searchParams.get('exp'));
    expect(read1.video_url).toBe(await signedUploadUrl(key, up.url.slice('/uploads/'.length), exp));
    expect((await t.request(read1.video_url!)).status).toBe(200);
  });
});
