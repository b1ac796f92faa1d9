import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test, uniqueName } from './fixtures.ts';

// Decision 0015 in the browser: a paid course's lesson video plays for its enrolled learner
// through a signed link, while the bare file address is refused to a visitor.

const CLIP = readFileSync(resolve(import.meta.dirname, '../../db/demo-media/practice-clip.webm'));

async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function send<T>(request: APIRequestContext, auth: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), `POST ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test('a paid lesson video plays for the enrolled learner and is refused to a visitor', async ({ page, request, loginAs }) => {
  const admin = await token(request, ACCOUNTS.admin);
  const upload = await request.post('/api/upload', {
    headers: { authorization: `Bearer ${admin}` },
    multipart: { file: { name: 'paid-combination.webm', mimeType: 'video/webm', buffer: CLIP } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };

  const title = `Paid choreography ${uniqueName('m')}`;
  const course = await send<{ id: number }>(request, admin, '/api/courses', {
    title,
    description: 'A paid course whose lesson video is for buyers only.',
    price: '79',
    status: 'draft',
  });
  const mod = await send<{ id: number }>(request, admin, '/api/modules', { courseId: course.id, title: 'The combination', description: 'Learn it in counts of eight.' });
  const lesson = await send<{ id: number }>(request, admin, '/api/lessons', {
    moduleId: mod.id,
    title: 'Combination in full',
    description: 'The whole combination at tempo.',
    content: url,
    type: 'video',
  });
  const published = await request.patch(`/api/courses/${course.id}`, { data: { status: 'published' }, headers: { authorization: `Bearer ${admin}` } });
  expect(published.ok(), await published.text()).toBeTruthy();

  // A visitor who learned the address gets nothing; the public course read does not name it.
  expect((await request.get(url)).status()).toBe(403);
  expect(await (await request.get(`/api/courses/${course.id}`)).text()).not.toContain(url);

  // The admin enrols the demo learner, who opens the lesson and plays it.
  const student = await token(request, ACCOUNTS.student);
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${student}` } })).json()) as { id: number };
  await send(request, admin, '/api/enrollments', { courseId: course.id, userId: me.id });

  await loginAs(ACCOUNTS.student);
  await page.goto(`/courses/${course.id}/modules/${mod.id}/lessons/${lesson.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Combination in full' })).toBeVisible();
  const video = page.locator('video.practice-video');
  const src = await video.getAttribute('src');
  expect(src).toMatch(new RegExp(`^${url.replace(/[.?]/g, '\\$&')}\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.error ? -v.error.code : v.readyState)), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

  // The signed link works only as given.
  expect((await request.get(src!)).status()).toBe(200);
  expect((await request.get(src!.replace(/sig=(.{4})/, (_, four: string) => `sig=${four === 'AAAA' ? 'BBBB' : 'AAAA'}`))).status()).toBe(403);
});
