import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import config from '../../playwright.config.ts';
import { CAMERA_REFUSED } from '../../site/src/islands/practice/take-rules.ts';
import { TAKE_WRONG_TYPE, type PracticeLessonView, type TakeView } from '../../shared/practice.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, registerUser, test } from './fixtures.ts';
import { expectFitsWidth, watchErrors } from './page-checks.ts';
import { bearer, demoToken, offerFeedback, openRoom, practiceLessons, token } from './support/practice.ts';
import { dismissToasts } from './support/toasts.ts';
import { writeY4m } from './support/y4m.ts';

/**
 * The practice room (decision 0070). The whole journey: opened from a video lesson, the clip beside
 * the camera (Chromium's fake camera, fed a generated Y4M), a recorded take kept and sent for
 * feedback, answered by the course's instructor with timed notes, one drawn, and a verdict, and
 * opened by the learner on a phone from the notification. Then, on a phone, a filmed take uploaded
 * and lined up, the camera refused; with no credits left, a pack of credits put in the cart. (The
 * instructors' queue's tabs and filters: feedback-answer.spec.ts.)
 */

const CLIP = resolve(import.meta.dirname, '../../db/demo-media/practice-clip.webm');
const CAMERA = writeY4m(resolve(import.meta.dirname, '../.tmp/practice-camera.y4m'));
const base = config.use?.launchOptions ?? {};
const QUESTION = 'Is my spot on the turn at 5–6 sharp enough?';

// The fake camera needs its own browser: these flags are the browser's, not a page's.
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA}`],
  },
  permissions: ['camera'],
});

test.describe('the practice room', () => {
  test.use({ signedInAs: ACCOUNTS.student });

  // The product's promise, as one journey: the take the learner records here is the one the
  // course's instructor answers and the learner then opens on a phone.
  test('the learner records a take and asks for feedback; the instructor answers it with timed notes; the learner opens the answer on a phone and replies', async ({
    page,
    request,
    browser,
    savedSignIn,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const student = await demoToken(savedSignIn, ACCOUNTS.student);
    // A practice lesson of a course the demo instructor_admin teaches (the ballet foundations
    // course of db/seed-courses.ts): they answer its requests.
    const teacher = (await (await request.get('/api/me', { headers: bearer(await demoToken(savedSignIn, ACCOUNTS.instructorAdmin)) })).json()) as { id: number };
    const lesson = (await practiceLessons(request, student)).find((l) => l.instructorId === teacher.id);
    expect(lesson, "a practice lesson of instructor_admin's course").toBeTruthy();
    await offerFeedback(request, await demoToken(savedSignIn, ACCOUNTS.admin), lesson!.courseId, { mode: 'included', included_reviews: 50 });

    // 1. The learner, at 1280 px, records a take beside the clip.
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
    await form.getByLabel('What would you like feedback on?').fill(QUESTION);
    await form.getByRole('button', { name: 'Send for feedback' }).click();
    await expect(newest.getByText('Waiting for feedback')).toBeVisible();
    const request_ = newest.getByRole('link', { name: /^See your request/ });
    await expect(request_).toHaveAttribute('href', /^\/practice\/feedback\/\d+$/);
    const feedbackPath = (await request_.getAttribute('href'))!;

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

    await dismissToasts(page);
    expect(await seriousViolations(page), 'axe on the practice room').toEqual([]);
    expect(errors()).toEqual([]);

    // 2. The course's instructor, at 1280 px: the dashboard counts the takes waiting; the menu entry
    // carries the count and leads to the queue, whose Waiting tab lists this take.
    const desk = await browser.newContext({ storageState: await savedSignIn(ACCOUNTS.instructorAdmin), viewport: { width: 1280, height: 900 } });
    const instructor = await desk.newPage();
    const instructorErrors = watchErrors(instructor);
    await instructor.goto('/instructor');
    await hydrated(instructor);
    const main = instructor.getByRole('main');
    await expect(main.getByRole('group', { name: 'Feedback figures' })).toContainText(/[1-9]\d*\s*takes? waiting for your feedback/);
    await instructor.getByRole('link', { name: /^Feedback\W+\d+ waiting$/ }).click();
    await expect(instructor).toHaveURL(/\/instructor\/feedback$/);
    await hydrated(instructor);
    await expect(main.getByRole('tab', { name: /^Waiting \d+$/ })).toHaveAttribute('aria-selected', 'true');
    const open = main.getByRole('row').filter({ hasText: QUESTION }).getByRole('link', { name: /^Open .+'s take of / });
    await expect(open).toHaveAttribute('href', feedbackPath);
    expect(await seriousViolations(instructor), 'axe on the queue').toEqual([]);
    await open.click();
    await expect(instructor).toHaveURL(new RegExp(`${feedbackPath}$`));
    await hydrated(instructor);
    await expect(instructor.getByRole('heading', { level: 1, name: /'s take$/ })).toBeVisible();
    await expect(instructor.getByText(QUESTION, { exact: true })).toBeVisible();
    const timeline = instructor.getByTestId('feedback-timeline');
    // Measured at each click: the take's frame takes its video's shape once loaded, moving what is below it.
    const clickTimelineAt = async (fraction: number) => {
      const bar = (await timeline.boundingBox())!;
      await timeline.click({ position: { x: bar.width * fraction, y: bar.height / 2 } });
    };
    const notes = instructor.getByRole('list', { name: 'Notes', exact: true });

    // A note at a moment: a click on the timeline opens it there; an empty one is refused. This one
    // is drawn: an arrow dragged over the take's frame.
    await clickTimelineAt(0.2);
    const editor = instructor.getByRole('form', { name: /^New note at / });
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: 'Save note' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Write a note or draw on the frame');
    const canvas = instructor.getByRole('figure', { name: 'Take' }).getByRole('img');
    await canvas.scrollIntoViewIfNeeded();
    const frame = (await canvas.boundingBox())!;
    await instructor.mouse.move(frame.x + frame.width * 0.4, frame.y + frame.height * 0.5);
    await instructor.mouse.down();
    await instructor.mouse.move(frame.x + frame.width * 0.5, frame.y + frame.height * 0.6, { steps: 4 });
    await instructor.mouse.move(frame.x + frame.width * 0.6, frame.y + frame.height * 0.7, { steps: 4 });
    await instructor.mouse.up();
    await expect(editor.getByText('1 of 50 shapes')).toBeVisible();
    await editor.getByLabel('Note').fill('Keep the knee over the toe here.');
    await editor.getByRole('button', { name: 'Save note' }).click();
    await expect(editor).toBeHidden();
    const drawn = notes.getByRole('listitem').filter({ hasText: 'Keep the knee over the toe here.' });
    await expect(drawn.getByText('Drawing', { exact: true })).toBeVisible();
    const drawnMoment = ((await drawn.getByRole('button', { name: /^Play from / }).getAttribute('aria-label')) ?? '').replace('Play from ', '');

    // A second note, later in the take (over 0.75 s later: past the first one's moment).
    await clickTimelineAt(0.7);
    await expect(editor).toBeVisible();
    await editor.getByLabel('Note').fill('Land the step on the one, heel first.');
    await editor.getByRole('button', { name: 'Save note' }).click();
    await expect(editor).toBeHidden();
    await expect(notes.getByText('Land the step on the one, heel first.')).toBeVisible();

    // The answer: the verdict is required, then sent.
    const answer = instructor.getByRole('form', { name: 'Your answer' });
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(answer.getByText('Choose Approved or Try again')).toBeVisible();
    await answer.getByLabel('Summary').fill('Good energy. Work on the landings, then send another take.');
    await answer.getByRole('radio', { name: 'Try again' }).check();
    await answer.getByRole('button', { name: 'Send answer' }).click();
    await expect(instructor.getByRole('heading', { level: 2, name: /^Answer\s*Try again$/ })).toBeVisible();
    await expect(answer).toBeHidden();
    await dismissToasts(instructor);
    expect(await seriousViolations(instructor), 'axe on the answering page').toEqual([]);
    expect(instructorErrors()).toEqual([]);
    await desk.close();

    // 3. The learner, now on a phone (their own browser at 390 px), opens the answer from the
    // notification.
    const phone = page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/notifications');
    await hydrated(phone);
    await phone.locator(`a[href="${feedbackPath}"]`).first().click();
    await expect(phone).toHaveURL(new RegExp(`${feedbackPath}$`));
    await hydrated(phone);
    await expect(phone.getByRole('heading', { level: 1, name: 'Feedback on your take' })).toBeVisible();
    await expect(phone.getByText('Good energy. Work on the landings, then send another take.')).toBeVisible();

    // The drawn note shows at its moment, its drawing over the frame, and the later note not yet.
    const learnerNotes = phone.getByRole('list', { name: 'Notes', exact: true });
    const now = phone.getByRole('list', { name: 'Notes at this moment' });
    await learnerNotes.getByRole('button', { name: `Play from ${drawnMoment}` }).click();
    await expect(now).toContainText('Keep the knee over the toe here.');
    await expect(now).not.toContainText('Land the step on the one');
    await expect(phone.getByRole('figure', { name: 'Take' }).getByRole('img', { name: 'Drawing: 1 shape over the frame' })).toBeVisible();

    // A reply under the note.
    const note = learnerNotes.getByRole('listitem').filter({ hasText: 'Keep the knee over the toe here.' }).first();
    await note.getByLabel(`Reply to the note at ${drawnMoment}`).fill('Thank you! Trying it again tonight.');
    await note.getByRole('button', { name: 'Reply' }).click();
    await expect(note.getByText('Thank you! Trying it again tonight.')).toBeVisible();
    await expectFitsWidth(phone, feedbackPath);
    await dismissToasts(phone);
    expect(await seriousViolations(phone), 'axe on the answer at 390 px').toEqual([]);
    expect(errors()).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });

    test('the room stacks; a filmed take is uploaded and lined up; a refused camera leaves the upload', async ({ page, request, savedSignIn }) => {
      test.setTimeout(60_000);
      const errors = watchErrors(page);
      const student = await demoToken(savedSignIn, ACCOUNTS.student);
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

  test('with no credits left, the learner puts a pack of feedback credits in the cart', async ({ page, request, loginAs, savedSignIn }) => {
    test.setTimeout(45_000);
    const student = await demoToken(savedSignIn, ACCOUNTS.student);
    const admin = await demoToken(savedSignIn, ACCOUNTS.admin);
    const [lesson] = await practiceLessons(request, student);
    await offerFeedback(request, admin, lesson!.courseId, { mode: 'credits', included_reviews: 0, credit_pack_cents: 2500, credits_per_pack: 5 });

    // A new learner of the course, with one take and no credits.
    const { username, password } = await registerUser(page, 'practice');
    const learner = await token(request, username, password);
    const me = (await (await request.get('/api/me', { headers: bearer(learner) })).json()) as { id: number };
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
