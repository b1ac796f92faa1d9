import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import config from '../../playwright.config.ts';
import { CAMERA_REFUSED } from '../../site/src/islands/practice/take-rules.ts';
import { TAKE_WRONG_TYPE, type CourseFeedbackSettingsView, type PracticeLessonView, type TakeView } from '../../shared/practice.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, registerUser, test } from './fixtures.ts';
import { expectFitsWidth, watchErrors } from './page-checks.ts';
import { writeY4m } from './support/y4m.ts';

/**
 * The learner's practice room (decision 0070): opened from a video lesson, the clip beside the
 * camera (Chromium's fake camera, fed a generated Y4M), a recorded take kept and sent for feedback;
 * on a phone, a filmed take uploaded and lined up, the camera refused; with no credits left, a
 * pack of credits put in the cart.
 */

const CLIP = resolve(import.meta.dirname, '../../db/demo-media/practice-clip.webm');
const CAMERA = writeY4m(resolve(import.meta.dirname, '../.tmp/practice-camera.y4m'));
const base = config.use?.launchOptions ?? {};

// The fake camera needs its own browser: these flags are the browser's, not a page's.
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA}`],
  },
  permissions: ['camera'],
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function token(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

interface PracticeLesson {
  courseId: number;
  path: string;
  lessonId: number;
}

/** The demo learner's video lessons that open a practice room, one per enrolled course. */
async function practiceLessons(request: APIRequestContext, student: string): Promise<PracticeLesson[]> {
  const enrolments = (await (await request.get('/api/enrollments', { headers: bearer(student) })).json()) as { course: { id: number } }[];
  const found: PracticeLesson[] = [];
  for (const { course } of enrolments) {
    const player = (await (await request.get(`/api/learn/courses/${course.id}`, { headers: bearer(student) })).json()) as {
      modules: { id: number; locked: boolean; lessons: { id: number; type: string }[] }[];
    };
    for (const m of player.modules) {
      const lesson = m.locked ? undefined : m.lessons.find((l) => l.type === 'video');
      if (!lesson) continue;
      const room = await request.get(`/api/practice/lessons/${lesson.id}`, { headers: bearer(student) });
      if (!room.ok()) continue;
      found.push({ courseId: course.id, lessonId: lesson.id, path: `/courses/${course.id}/modules/${m.id}/lessons/${lesson.id}` });
      break;
    }
  }
  expect(found.length, 'the demo learner has a video lesson with a practice room').toBeGreaterThan(0);
  return found;
}

/** Sets a course's feedback offer as an admin would. */
async function offerFeedback(request: APIRequestContext, courseId: number, settings: Partial<Omit<CourseFeedbackSettingsView, 'course_id'>>) {
  const admin = await token(request, ACCOUNTS.admin);
  const res = await request.put(`/api/courses/${courseId}/feedback-settings`, {
    headers: bearer(admin),
    data: { mode: 'included', included_reviews: 3, credit_pack_cents: 2500, credits_per_pack: 5, response_days: 3, delete_takes_after_days: null, ...settings },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function openRoom(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('button', { name: 'Practice', exact: true }).click();
  const room = page.getByRole('region', { name: 'Practice room' });
  await expect(room.getByRole('heading', { name: 'Practice room' })).toBeFocused();
  await expect(room.getByRole('heading', { name: 'Your takes of this lesson' })).toBeVisible();
  return room;
}

test.describe('the practice room', () => {
  test.use({ signedInAs: ACCOUNTS.student });

  test('the learner records a take beside the clip, keeps it and asks for feedback', async ({ page, request }) => {
    test.setTimeout(60_000);
    const errors = watchErrors(page);
    const student = await token(request, ACCOUNTS.student);
    const [lesson] = await practiceLessons(request, student);
    await offerFeedback(request, lesson!.courseId, { mode: 'included', included_reviews: 50 });

    const room = await openRoom(page, lesson!.path);
    // The address keeps the room open: a reload opens it again.
    expect(new URL(page.url()).hash).toBe('#practice');
    await room.getByRole('button', { name: 'Turn on camera' }).click();
    const camera = room.getByLabel('Your camera');
    await expect.poll(() => camera.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect(room.getByRole('button', { name: 'Mirror camera' })).toHaveAttribute('aria-pressed', 'true');

    // A three-second count-in, then the camera is recorded while the clip plays.
    await room.getByLabel('Count-in').selectOption({ label: '3 seconds' });
    await room.getByRole('button', { name: '● Record' }).click();
    await expect(room.getByRole('status').filter({ hasText: 'Recording starts in 3' })).toBeVisible();
    const stop = room.getByRole('button', { name: '■ Stop' });
    await expect(stop).toBeFocused({ timeout: 6_000 });
    const clip = room.getByLabel(/reference clip$/);
    await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expect(room.getByRole('status').filter({ hasText: /^Recording 0:0[2-9]/ })).toBeVisible({ timeout: 6_000 });
    await stop.press('Enter');

    // The review: the take beside the clip, played from the device before it is kept.
    const review = room.getByRole('region', { name: 'Your new take' });
    await expect(review.getByRole('heading', { name: 'Your new take' })).toBeFocused();
    const take = review.getByLabel('Take', { exact: true });
    await expect.poll(() => take.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 10_000 }).toBeGreaterThan(1.5);
    expect(await take.evaluate((v: HTMLVideoElement) => Number.isFinite(v.duration))).toBe(true);
    await review.getByRole('button', { name: 'Keep take' }).click();
    await expect(page.getByText('Take kept', { exact: true })).toBeVisible();
    await expect(review).toHaveCount(0);

    const newest = room.getByRole('listitem').first();
    await expect(newest).toContainText('Recorded');
    await expect(newest.getByText('Not sent for feedback')).toBeVisible();
    const takeName = (await newest.locator('strong').textContent())!;

    // Asking for feedback: an empty question is refused before anything is sent.
    await newest.getByRole('button', { name: `Ask for feedback ${takeName.toLowerCase()}` }).click();
    const form = newest.getByRole('form', { name: `Ask for feedback on ${takeName.toLowerCase()}` });
    await expect(form.getByText(/^Uses 1 of the \d+ reviews left with this course\./)).toBeVisible();
    await form.getByRole('button', { name: 'Send for feedback' }).click();
    await expect(form.getByText('Write what you would like feedback on')).toBeVisible();
    await form.getByLabel('What would you like feedback on?').fill('Is my spot on the turn at 5–6 sharp enough?');
    await form.getByRole('button', { name: 'Send for feedback' }).click();
    await expect(newest.getByText('Waiting for feedback')).toBeVisible();
    const request_ = newest.getByRole('link', { name: /^See your request/ });
    await expect(request_).toHaveAttribute('href', /^\/practice\/feedback\/\d+$/);

    // What the API holds: the recorded take, its timing, and the request waiting.
    const view = (await (await request.get(`/api/practice/lessons/${lesson!.lessonId}`, { headers: bearer(student) })).json()) as PracticeLessonView;
    const kept = view.takes[0]!;
    expect(kept).toMatchObject({ source: 'recorded', speed: 1, feedback: { status: 'waiting' } });
    expect(kept.duration_ms).toBeGreaterThan(1500);
    expect(kept.ref_end_ms).toBeGreaterThan(kept.ref_start_ms);
    // The kept file carries its length (the browser's recorder leaves WebM's Duration out): an
    // instructor's player can seek it at once.
    const head = (await (await request.get(kept.video_url!, { headers: { range: 'bytes=0-511' } })).body()).subarray(0, 512);
    expect(head.indexOf(Buffer.from([0x44, 0x89, 0x88])), 'a Duration element in the Segment Info').toBeGreaterThan(0);

    expect(await seriousViolations(page), 'axe on the practice room').toEqual([]);
    expect(errors()).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });

    test('the room stacks; a filmed take is uploaded and lined up; a refused camera leaves the upload', async ({ page, request }) => {
      test.setTimeout(60_000);
      const errors = watchErrors(page);
      const student = await token(request, ACCOUNTS.student);
      const [lesson] = await practiceLessons(request, student);
      // The browser refuses the camera, as when the learner said no.
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      const room = await openRoom(page, lesson!.path);
      await expectFitsWidth(page, lesson!.path);
      const reference = await room.getByText('Reference clip', { exact: true }).boundingBox();
      const camera = await room.getByText('Your camera', { exact: true }).boundingBox();
      expect(camera!.y, 'the camera under the clip').toBeGreaterThan(reference!.y + reference!.height);

      await room.getByRole('button', { name: 'Turn on camera' }).click();
      await expect(room.getByRole('alert').filter({ hasText: CAMERA_REFUSED })).toBeVisible();

      // A file that is not a video is refused in the API's words, before it is sent.
      const upload = room.getByRole('region', { name: 'Upload a video' });
      const input = upload.getByLabel('Choose a video');
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
      await expect(upload.getByRole('alert')).toHaveText(TAKE_WRONG_TYPE);

      await input.setInputFiles(CLIP);
      await expect(page.getByText('Take uploaded', { exact: true })).toBeVisible({ timeout: 15_000 });
      const player = room.getByRole('region', { name: /^Take \d+ beside the clip$/ });
      const nudge = player.getByRole('group', { name: 'Move the clip' });
      await nudge.getByRole('button', { name: '0.1 s later' }).click();
      await nudge.getByRole('button', { name: '0.1 s later' }).click();
      await expect(nudge.getByRole('status')).toHaveText('Offset +0.2 s');
      await player.getByRole('button', { name: 'Save line-up' }).click();
      await expect(page.getByText(/^Take \d+ lined up$/)).toBeVisible();

      const view = (await (await request.get(`/api/practice/lessons/${lesson!.lessonId}`, { headers: bearer(student) })).json()) as PracticeLessonView;
      const uploaded = view.takes.find((t) => t.source === 'uploaded' && t.offset_ms === 200) as TakeView | undefined;
      expect(uploaded, 'the uploaded take, lined up').toBeTruthy();
      await expectFitsWidth(page, lesson!.path);
      expect(await seriousViolations(page), 'axe on the practice room at 390 px').toEqual([]);
      expect(errors()).toEqual([]);
    });
  });

  test('with no credits left, the learner puts a pack of feedback credits in the cart', async ({ page, request, loginAs }) => {
    test.setTimeout(45_000);
    const student = await token(request, ACCOUNTS.student);
    const [lesson] = await practiceLessons(request, student);
    await offerFeedback(request, lesson!.courseId, { mode: 'credits', included_reviews: 0, credit_pack_cents: 2500, credits_per_pack: 5 });

    // A new learner of the course, with one take and no credits.
    const { username, password } = await registerUser(page, 'practice');
    const learner = await token(request, username, password);
    const me = (await (await request.get('/api/me', { headers: bearer(learner) })).json()) as { id: number };
    const admin = await token(request, ACCOUNTS.admin);
    const enrolled = await request.post('/api/enrollments', { headers: bearer(admin), data: { courseId: lesson!.courseId, userId: me.id } });
    expect(enrolled.ok(), await enrolled.text()).toBeTruthy();
    const kept = await request.post(`/api/practice/lessons/${lesson!.lessonId}/takes`, {
      headers: bearer(learner),
      multipart: {
        file: { name: 'take.webm', mimeType: 'video/webm', buffer: readFileSync(CLIP) },
        source: 'uploaded',
        duration_ms: '18000',
        ref_start_ms: '0',
        speed: '1',
        offset_ms: '0',
      },
    });
    expect(kept.status(), await kept.text()).toBe(201);

    await loginAs(username, password);
    const room = await openRoom(page, lesson!.path);
    await room.getByRole('button', { name: 'Ask for feedback take 1' }).click();
    await expect(room.getByText('You have no feedback credits left for this course. Buy a pack to ask for feedback.')).toBeVisible();
    await room.getByRole('button', { name: /^Buy feedback credits: 5 for \$25/ }).click();
    await expect(page.getByText('Added to cart', { exact: true })).toBeVisible();
    await expect(room.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');

    const cart = await (await request.get('/api/cart', { headers: bearer(learner) })).text();
    expect(cart).toContain('FEEDBACK_CREDITS');
  });
});
