import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { pdf } from '../support/file-samples.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test, uniqueName } from './fixtures.ts';

/**
 * Media that seeks (decision 0017): a site-hosted lesson video answers byte ranges, so the
 * practice player's seeking and A–B loop work; videos show the course image as their poster; an
 * instructor uploads a lesson video from the lesson dialog and sees its progress.
 */

const CLIP = readFileSync(resolve(import.meta.dirname, '../../db/demo-media/practice-clip.webm'));

interface Outline {
  id: number;
  title: string;
  image_url: string | null;
  preview_video_url: string | null;
  modules: { id: number; lessons: { id: number; title: string; type: string }[] }[];
}

async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A published demo course whose lessons play the demo practice clip, and one of those lessons. */
async function demoVideoLesson(request: APIRequestContext) {
  // Other specs publish courses of their own, so the demo courses may be on a later page.
  for (let page = 1; page <= 50; page += 1) {
    const list = (await (await request.get(`/api/courses?pageSize=100&page=${page}`)).json()) as { data: { id: number }[] };
    if (list.data.length === 0) break;
    for (const { id } of list.data) {
      const course = (await (await request.get(`/api/courses/${id}`)).json()) as Outline;
      if (!course.preview_video_url?.startsWith('/uploads/demo/')) continue;
      for (const mod of course.modules) {
        const lesson = mod.lessons.find((l) => l.type === 'video');
        if (lesson) return { course, moduleId: mod.id, lesson };
      }
    }
  }
  throw new Error('no demo course with a video lesson');
}

const time = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

async function openDemoLesson(page: Page, request: APIRequestContext, loginAs: (u: string) => Promise<string>) {
  const demo = await demoVideoLesson(request);
  // An admin may open every lesson of a course without enrolling.
  await loginAs(ACCOUNTS.admin);
  await page.goto(`/courses/${demo.course.id}/modules/${demo.moduleId}/lessons/${demo.lesson.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: demo.lesson.title })).toBeVisible();
  const video = page.locator('video.practice-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (v.error ? -v.error.code : v.readyState)), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  return { demo, video };
}

test.describe('media that seeks', () => {
  test('the lesson video is served in ranges and shows the course image as its poster', async ({ page, request, loginAs }) => {
    const { demo, video } = await openDemoLesson(page, request, loginAs);
    expect(demo.course.image_url).toBeTruthy();
    await expect(video).toHaveAttribute('poster', /\S/);
    expect(await video.getAttribute('poster')).toContain(demo.course.image_url!.split('?')[0]);

    const src = (await video.getAttribute('src'))!;
    const part = await request.get(src, { headers: { range: 'bytes=1000-2000' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes 1000-2000/${CLIP.length}`);
    expect(part.headers()['accept-ranges']).toBe('bytes');
    expect((await part.body()).equals(CLIP.subarray(1000, 2001))).toBe(true);

    // 18 s: a count-in and four eight-counts at 120 BPM.
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(18, 0);
  });

  test('seeking moves the video, and the A–B loop brings playback back to A', async ({ page, request, loginAs }) => {
    test.setTimeout(60_000);
    // The player fetches the file in ranges; each answer must be a 206 part, never the whole file.
    const mediaStatuses: number[] = [];
    page.on('response', (res) => {
      if (/\/uploads\/demo\/[^/]+\.webm/.test(res.url())) mediaStatuses.push(res.status());
    });
    const { video } = await openDemoLesson(page, request, loginAs);

    // Seeking: the video goes where it is sent, and stays there.
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 12;
    });
    await expect.poll(() => time(video)).toBeCloseTo(12, 0);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.seeking)).toBe(false);
    expect(await time(video)).toBeCloseTo(12, 0);

    // Mark A at 4 s and B at 6 s with the practice controls (one eight-count's first half).
    const controls = page.getByRole('group', { name: 'Practice controls' });
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 4;
    });
    await expect.poll(() => time(video)).toBeCloseTo(4, 1);
    await controls.getByRole('button', { name: /^Set A/ }).click();
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 6;
    });
    await expect.poll(() => time(video)).toBeCloseTo(6, 1);
    await controls.getByRole('button', { name: /^Set B/ }).click();
    await expect(controls.getByRole('status')).toHaveText('Looping 0:04 to 0:06');

    // Play (muted, as autoplay rules allow) and watch the time: it reaches B, then is back at A.
    await video.evaluate((v: HTMLVideoElement) => {
      const times: number[] = [];
      (window as unknown as { loopTimes: number[] }).loopTimes = times;
      v.addEventListener('timeupdate', () => times.push(v.currentTime));
      v.muted = true;
      v.currentTime = 4;
      return v.play();
    });
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const times = (window as unknown as { loopTimes: number[] }).loopTimes;
            const nearB = times.findIndex((t) => t >= 5.6);
            return nearB >= 0 && times.slice(nearB).some((t) => t < 4.5);
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    // It never ran on past B into the rest of the clip.
    const times = await page.evaluate(() => (window as unknown as { loopTimes: number[] }).loopTimes);
    expect(Math.max(...times)).toBeLessThan(6.6);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    expect(mediaStatuses.length).toBeGreaterThan(0);
    expect(mediaStatuses.every((status) => status === 206)).toBe(true);
  });

  test('an instructor uploads a lesson video in the lesson dialog, with progress, and the lesson plays it', async ({ page, request, loginAs }) => {
    test.setTimeout(60_000);
    const auth = await token(request, ACCOUNTS.instructorAdmin);
    const title = `Jazz count-ins ${uniqueName('m')}`;
    const headers = { authorization: `Bearer ${auth}` };
    const course = (await (
      await request.post('/api/courses', { headers, data: { title, description: 'Count-ins and eight-counts for jazz classes.', price: '0', status: 'draft' } })
    ).json()) as { id: number };
    const moduleTitle = 'Counting in';
    const mod = await request.post('/api/modules', { headers, data: { courseId: course.id, title: moduleTitle, description: 'Hear the count-in and start on one.' } });
    expect(mod.ok(), await mod.text()).toBeTruthy();

    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/admin/courses');
    await hydrated(page);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByRole('button', { name: `Manage ${title}` }).click();
    await page.getByRole('button', { name: `Add lesson to ${moduleTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Lesson' });
    await dialog.getByLabel('Lesson title').fill('Count-in at 120 BPM');
    await dialog.getByLabel('Lesson description').fill('Start on one after "5, 6, 7, 8" at 120 BPM.');
    // The uploader is offered for video lessons only.
    await expect(dialog.getByText('Upload a video file')).toHaveCount(0);
    await dialog.getByLabel('Lesson type').selectOption('video');

    // Hold the answer back a moment so the progress bar can be seen while the upload is under way.
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/upload', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByLabel('Upload a video file').setInputFiles({ name: 'count-in.webm', mimeType: 'video/webm', buffer: CLIP });
    await expect(dialog.getByRole('progressbar', { name: 'Uploading count-in.webm' })).toBeVisible();
    release();
    await expect(dialog.getByRole('status').filter({ hasText: 'count-in.webm uploaded' })).toBeVisible();
    await page.unroute('**/api/upload');
    const content = dialog.getByLabel('Video URL or embed code');
    await expect(content).toHaveValue(/^\/uploads\/lessons\/[0-9a-f-]{36}\.webm$/);
    const url = await content.inputValue();
    await dialog.getByRole('button', { name: 'Create Lesson' }).click();
    await expect(dialog).toHaveCount(0);

    // Saved with the lesson, the file is the course's media (decision 0015): no bare link plays it.
    expect((await request.get(url)).status()).toBe(403);

    // The instructor previews the lesson: it plays through a signed link, and seeks.
    const outline = (await (await request.get(`/api/courses/${course.id}`, { headers })).json()) as Outline;
    const lesson = outline.modules[0]!.lessons[0]!;
    await page.goto(`/courses/${course.id}/modules/${outline.modules[0]!.id}/lessons/${lesson.id}`);
    await hydrated(page);
    const video = page.locator('video.practice-video');
    await expect(video).toHaveAttribute('src', new RegExp(`^${url.replace(/[.]/g, '\\.')}\\?exp=\\d+&sig=`));
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => (v.error ? -v.error.code : v.readyState)), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 9;
    });
    await expect.poll(() => time(video)).toBeCloseTo(9, 0);
  });

  test('an upload that is not a video is refused with its friendly message', async ({ page, request, loginAs }) => {
    const auth = await token(request, ACCOUNTS.instructorAdmin);
    const headers = { authorization: `Bearer ${auth}` };
    const title = `Tap rhythms ${uniqueName('m')}`;
    const course = (await (
      await request.post('/api/courses', { headers, data: { title, description: 'Rhythm patterns for tap teachers.', price: '0', status: 'draft' } })
    ).json()) as { id: number };
    await request.post('/api/modules', { headers, data: { courseId: course.id, title: 'Shuffles', description: 'Shuffles in eights and sixteens.' } });

    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/admin/courses');
    await hydrated(page);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByRole('button', { name: `Manage ${title}` }).click();
    await page.getByRole('button', { name: 'Add lesson to Shuffles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Lesson' });
    await dialog.getByLabel('Lesson type').selectOption('video');
    await dialog.getByLabel('Upload a video file').setInputFiles({ name: 'notes.webm', mimeType: 'video/webm', buffer: Buffer.from(pdf) });
    await expect(dialog.getByRole('alert')).toHaveText('File type not supported. Please choose a different file.');
    await expect(dialog.getByLabel('Video URL or embed code')).toHaveValue('');
  });
});
