import type { Page } from '@playwright/test';
import type { CommunityQuestionView, CommunityThreadView } from '../../shared/community.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { expectFitsWidth, watchErrors } from './page-checks.ts';
import { bearer, demoToken, practiceLessons } from './support/practice.ts';
import { dismissToasts } from './support/toasts.ts';

/**
 * A lesson's questions (decision 0075): the learner asks beside the clip, pointing to a moment of
 * it; the course's instructor answers (with the Instructor badge) and accepts the answer; the
 * learner follows the notification back to the thread on a phone, and its chip plays the clip from
 * that moment. Then a course's questions searched, and an author's edit.
 */

/** The lesson's questions section, brought near the screen (it loads when the reader comes to it). */
async function questionsOf(page: Page) {
  const section = page.locator('section#questions');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: /^Questions \(\d+\)$/ })).toBeVisible();
  return section;
}

test.describe('questions on a lesson', () => {
  test.use({ signedInAs: ACCOUNTS.student });

  test('the learner asks at a moment of the clip; the instructor answers and accepts; the learner opens the answer from the notification on a phone', async ({
    page,
    request,
    browser,
    savedSignIn,
  }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    const student = await demoToken(savedSignIn, ACCOUNTS.student);
    const teacherToken = await demoToken(savedSignIn, ACCOUNTS.instructorAdmin);
    const teacher = (await (await request.get('/api/me', { headers: bearer(teacherToken) })).json()) as { id: number };
    // A video lesson of a course the demo instructor_admin teaches: they own its questions.
    const lesson = (await practiceLessons(request, student)).find((l) => l.instructorId === teacher.id);
    expect(lesson, "a video lesson of instructor_admin's course").toBeTruthy();
    const title = `Where do my eyes go on the turn ${Date.now().toString(36)}?`;

    // 1. The learner, at 1280 px, pauses the clip at 0:02 and asks about that moment.
    await page.goto(lesson!.path);
    await hydrated(page);
    const clip = page.locator('video.practice-video');
    await clip.evaluate(async (v: HTMLVideoElement) => {
      if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      v.currentTime = 2.4;
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    });
    let section = await questionsOf(page);
    await section.getByRole('button', { name: 'Ask a question' }).click();
    const ask = section.getByRole('form', { name: 'Ask a question about this lesson' });
    await expect(ask.getByLabel('Your question')).toBeFocused();
    // Too short a title is refused with the API's own words, before anything is sent.
    await ask.getByLabel('Your question').fill('Eyes?');
    await ask.getByRole('button', { name: 'Post question' }).click();
    await expect(ask.getByText('Write a title of at least 8 characters.')).toBeVisible();
    await ask.getByLabel('Your question').fill(title);
    await ask.getByLabel('Details').fill('I lose my **spot** halfway through the pirouette.');
    await ask.getByLabel('At 0:02').check();
    await ask.getByRole('button', { name: 'Post question' }).click();

    // The thread opens in place, its address shareable; the body is the server's safe markdown.
    const heading = section.getByRole('heading', { name: title });
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(/\?question=\d+#questions$/);
    const questionId = Number(new URL(page.url()).searchParams.get('question'));
    await expect(section.locator('.cq-body strong')).toHaveText('spot');
    await expect(section.getByRole('button', { name: 'Play the lesson from 0:02' })).toBeVisible();
    const asked = (await (await request.get(`/api/community/questions/${questionId}`, { headers: bearer(student) })).json()) as CommunityThreadView;
    expect(asked.question.video_at_ms).toBeGreaterThanOrEqual(2000);
    expect(asked.question.video_at_ms).toBeLessThan(3000);
    if (asked.question.status === 'pending') {
      // A member's first post waits for a moderator: its author sees it so, and a moderator approves it.
      await expect(section.getByText('Waiting for approval').first()).toBeVisible();
      const approved = await request.post(`/api/admin/community/posts/${questionId}/approve`, { headers: bearer(await demoToken(savedSignIn, ACCOUNTS.admin)) });
      expect(approved.ok(), await approved.text()).toBeTruthy();
    }
    await dismissToasts(page);
    expect(await seriousViolations(page)).toEqual([]);

    // 2. The course's instructor opens the thread, answers with the Instructor badge and accepts the answer.
    const teacherContext = await browser.newContext({ storageState: await savedSignIn(ACCOUNTS.instructorAdmin), viewport: { width: 1280, height: 900 } });
    const teacherPage = await teacherContext.newPage();
    const teacherErrors = watchErrors(teacherPage);
    await teacherPage.goto(`${lesson!.path}?question=${questionId}#questions`);
    await hydrated(teacherPage);
    const thread = teacherPage.locator('section#questions');
    await expect(thread.getByRole('heading', { name: title })).toBeVisible();
    await thread.getByLabel('Your answer').fill('Keep your eyes on one point at eye level and whip the head around last.');
    await thread.getByRole('button', { name: 'Post answer' }).click();
    const answer = thread.getByRole('listitem', { name: /'s answer/ }).first();
    await expect(answer.getByText('Instructor', { exact: true })).toBeVisible();
    await expect(thread.getByRole('heading', { name: '1 answer' })).toBeVisible();
    await answer.getByRole('button', { name: /^Accept / }).click();
    await expect(thread.getByRole('listitem', { name: /'s answer \(accepted\)/ }).getByText('✓ Accepted answer')).toBeVisible();
    expect(teacherErrors()).toEqual([]);
    await teacherContext.close();

    // 3. The learner, on a phone, follows the notification to the thread; the chip plays the clip from 0:02.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/notifications');
    await hydrated(page);
    await page.getByRole('link', { name: /answered your question/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`\\?question=${questionId}#questions$`));
    await hydrated(page);
    section = page.locator('section#questions');
    await expect(section.getByRole('heading', { name: title })).toBeFocused();
    await expect(section.getByRole('listitem', { name: /'s answer \(accepted\)/ })).toContainText('whip the head around last');
    await page.locator('video.practice-video').evaluate(async (v: HTMLVideoElement) => {
      if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    });
    await section.getByRole('button', { name: 'Play the lesson from 0:02' }).click();
    await expect.poll(() => page.locator('video.practice-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(2);
    await expect(page.locator('video.practice-video')).toBeInViewport();
    // Back to the list: the question is there, answered, with its moment.
    await section.getByRole('button', { name: '← All questions' }).click();
    await expect(page).not.toHaveURL(/question=/);
    const row = section.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('✓ Answered')).toBeVisible();
    await expect(row.getByText('1 answer', { exact: true })).toBeVisible();
    await expectFitsWidth(page, lesson!.path);
    await dismissToasts(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors()).toEqual([]);
  });

  test("a course's questions are searched over its lessons and open at their thread; the author edits their question", async ({ page, request, savedSignIn }) => {
    const errors = watchErrors(page);
    const student = await demoToken(savedSignIn, ACCOUNTS.student);
    const [lesson] = await practiceLessons(request, student);
    const word = `arabesque${Date.now().toString(36)}`;
    const res = await request.post('/api/community/questions', {
      headers: bearer(student),
      data: { target_kind: 'lesson', target_id: lesson!.lessonId, title: `How high should the ${word} be?`, body: 'At hip height or above?' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const question = (await res.json()) as CommunityQuestionView;

    // The course's search finds it by a word of its title, and says on which lesson it was asked.
    await page.goto(`/learn/courses/${lesson!.courseId}/questions`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: /^Questions in / })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
    const link = page.getByRole('link', { name: `How high should the ${word} be?` });
    await expect(link).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: link })).toContainText('Lesson: ');
    expect(await seriousViolations(page)).toEqual([]);

    // Its link opens the thread on the lesson's page; the author edits the question and it shows "edited".
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${lesson!.path}\\?question=${question.id}#questions$`));
    const section = page.locator('section#questions');
    await expect(section.getByRole('heading', { name: `How high should the ${word} be?` })).toBeVisible();
    await section.getByRole('button', { name: 'Edit the question' }).click();
    await section.getByLabel('Title').fill(`How high should the ${word} be at first?`);
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('heading', { name: `How high should the ${word} be at first?` })).toBeVisible();
    await expect(section.locator('.cq-question .cq-meta')).toContainText('edited');
    expect(errors()).toEqual([]);
  });

  test("a member reports an answer with a reason and deletes their own reply; the page's owner hides and restores a post", async ({ page, request, browser, savedSignIn }) => {
    const errors = watchErrors(page);
    const student = await demoToken(savedSignIn, ACCOUNTS.student);
    const teacherToken = await demoToken(savedSignIn, ACCOUNTS.instructorAdmin);
    const teacher = (await (await request.get('/api/me', { headers: bearer(teacherToken) })).json()) as { id: number };
    const lesson = (await practiceLessons(request, student)).find((l) => l.instructorId === teacher.id)!;
    const post = async (token: string, path: string, data: object) => {
      const res = await request.post(path, { headers: bearer(token), data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: number; status: string };
    };
    const question = await post(student, '/api/community/questions', { target_kind: 'lesson', target_id: lesson.lessonId, title: `Tempo of the tendus ${Date.now().toString(36)}`, body: 'Slow or fast?' });
    const answer = await post(teacherToken, `/api/community/questions/${question.id}/answers`, { body: 'Slow first, then at tempo.' });
    const reply = await post(student, `/api/community/posts/${answer.id}/replies`, { body: 'Noted with thanks.' });
    const own = await post(student, `/api/community/questions/${question.id}/answers`, { body: 'Update: slow works best for me.' });
    const held = [question, reply, own].filter((p) => p.status === 'pending');
    const admin = await demoToken(savedSignIn, ACCOUNTS.admin);
    for (const p of held) await request.post(`/api/admin/community/posts/${p.id}/approve`, { headers: bearer(admin) });

    // The owner hides the learner's answer (it shows as hidden to them, with Restore) and restores it.
    const teacherContext = await browser.newContext({ storageState: await savedSignIn(ACCOUNTS.instructorAdmin) });
    const teacherPage = await teacherContext.newPage();
    await teacherPage.goto(`${lesson.path}?question=${question.id}#questions`);
    const owned = teacherPage.locator('section#questions');
    const learnerAnswer = owned.getByRole('listitem').filter({ hasText: 'Update: slow works best for me.' });
    await learnerAnswer.getByRole('button', { name: /^Hide .*'s answer$/ }).click();
    await expect(learnerAnswer.getByRole('button', { name: /^Restore .*'s answer$/ })).toBeVisible();
    await expect(learnerAnswer.getByText('Hidden', { exact: true })).toBeVisible();
    await learnerAnswer.getByRole('button', { name: /^Restore .*'s answer$/ }).click();
    await expect(learnerAnswer.getByRole('button', { name: /^Hide .*'s answer$/ })).toBeVisible();
    await teacherContext.close();

    // The learner reports the instructor's answer: a reason first, then it is sent.
    await page.goto(`${lesson.path}?question=${question.id}#questions`);
    await hydrated(page);
    const section = page.locator('section#questions');
    await section.getByRole('listitem').filter({ hasText: 'Slow first, then at tempo.' }).getByRole('button', { name: /^Report .*'s answer$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Report .*'s answer\?$/ });
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await dialog.getByLabel('Off topic').check();
    await dialog.getByLabel('Anything to add (optional)').fill('Not about this lesson.');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Reported', { exact: true })).toBeVisible();

    // The learner deletes their own reply after confirming.
    await section.getByRole('button', { name: /^Delete .*'s reply$/ }).click();
    await page.getByRole('alertdialog', { name: /^Delete .*'s reply\?$/ }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(section.getByText('Noted with thanks.')).toHaveCount(0);
    expect(errors()).toEqual([]);
  });
});
