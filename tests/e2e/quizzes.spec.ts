import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, registerUser, test, uniqueName } from './fixtures.ts';

// Quizzes must be earned (decision 0012), in the browser: a learner sees which of their answers were
// wrong but not the correct option until they pass; an instructor sets a quiz's attempt rules.

async function token(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(request: APIRequestContext, auth: string, method: 'get' | 'post' | 'patch', path: string, data?: unknown): Promise<T> {
  const res = await request[method](path, { data, headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

const QUESTIONS = [
  { question: 'On which count does a basic salsa step pause?', options: ['Counts 4 and 8', 'Counts 1 and 5', 'It never pauses'], correct: 0 },
  { question: 'Which part of the foot leads a ballet tendu?', options: ['The heel', 'The toes', 'The arch'], correct: 0 },
];

/** A published course with one quiz lesson and a two-question quiz (pass mark 70: one wrong fails). */
async function courseWithQuiz(request: APIRequestContext, auth: string) {
  const lessonTitle = `Rhythm check ${uniqueName('l')}`;
  const course = await api<{ id: number }>(request, auth, 'post', '/api/courses', {
    title: `Rhythm and placement ${uniqueName('c')}`,
    description: 'Rhythm and placement for new dance teachers.',
    price: '0',
    status: 'draft',
  });
  const mod = await api<{ id: number }>(request, auth, 'post', '/api/modules', { courseId: course.id, title: 'Counting', description: 'Counts, pauses and phrasing.' });
  const lesson = await api<{ id: number }>(request, auth, 'post', '/api/lessons', {
    moduleId: mod.id,
    title: lessonTitle,
    description: 'A short quiz on rhythm and placement.',
    content: 'Answer both questions.',
    type: 'quiz',
  });
  const quiz = await api<{ id: number }>(request, auth, 'post', '/api/quizzes', { lessonId: lesson.id, title: 'Rhythm quiz', passScore: 70 });
  for (const q of QUESTIONS) await api(request, auth, 'post', '/api/quiz-questions', { quizId: quiz.id, question: q.question, options: q.options, correctOption: q.correct });
  await api(request, auth, 'patch', `/api/courses/${course.id}`, { status: 'published' });
  return { courseId: course.id, moduleId: mod.id, quizId: quiz.id, lessonTitle };
}

async function answer(page: Page, choices: number[]) {
  for (const [i, q] of QUESTIONS.entries()) await page.getByRole('group', { name: q.question }).getByLabel(q.options[choices[i]!]!).check();
}

test.describe('quizzes must be earned', () => {
  test('a learner fails with one wrong answer, sees which was wrong but no correct option, retakes and passes', async ({ page, request, loginAs }) => {
    const { courseId, moduleId, quizId } = await courseWithQuiz(request, await token(request, ACCOUNTS.admin));
    const learner = await registerUser(page, 'quizzer');
    const learnerToken = await loginAs(learner.username, learner.password);
    await api(request, learnerToken, 'post', '/api/enrollments', { courseId });

    await page.goto(`/courses/${courseId}/modules/${moduleId}/quizzes/${quizId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rhythm quiz' })).toBeVisible();
    await hydrated(page);
    await expect(page.getByText('Unlimited attempts')).toBeVisible();

    // Every question must be answered before the attempt is sent.
    await page.getByRole('group', { name: QUESTIONS[0]!.question }).getByLabel(QUESTIONS[0]!.options[0]!).check();
    await expect(page.getByText('1 of 2 answered — answer every question to submit.')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please answer every question.')).toBeVisible();
    await expect(page.getByText('Choose an answer.')).toBeVisible();

    // One wrong answer: fails, says which, and keeps the correct option to itself.
    await answer(page, [0, 1]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Not passed yet')).toBeVisible();
    await expect(page.getByText('Your score: 50%')).toBeVisible();
    const first = page.getByRole('listitem').filter({ has: page.getByRole('group', { name: QUESTIONS[0]!.question }) });
    const second = page.getByRole('listitem').filter({ has: page.getByRole('group', { name: QUESTIONS[1]!.question }) });
    await expect(first.getByText('✓ Correct')).toBeVisible();
    await expect(second.getByText('✗ Incorrect')).toBeVisible();
    await expect(second.getByText('Your answer')).toBeVisible();
    await expect(page.getByText('Correct answer', { exact: true })).toHaveCount(0);
    await expect(page.getByText('The correct answers are shown once you pass.')).toBeVisible();

    // Retake with both right: passes.
    await page.getByRole('button', { name: 'Retake quiz' }).click();
    await expect(page.getByText('Not passed yet')).toHaveCount(0);
    await answer(page, [0, 0]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('You passed!')).toBeVisible();
    await expect(page.getByText('Your score: 100%')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retake quiz' })).toHaveCount(0);

    // Coming back, the passed quiz takes no further attempt.
    await page.reload();
    await expect(page.getByText('You have passed this quiz.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  });

  test('an instructor sets 3 attempts and a 10 minute wait in the quiz dialog; the learner is held to them', async ({ page, request, browser, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const instructorToken = await loginAs(ACCOUNTS.instructorAdmin);
    const { courseId, moduleId, quizId, lessonTitle } = await courseWithQuiz(request, instructorToken);

    await page.goto('/instructor/quizzes');
    await hydrated(page);
    await page.getByRole('button', { name: `Edit quiz of ${lessonTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Quiz' });
    await expect(dialog.getByLabel('Quiz title')).toHaveValue('Rhythm quiz');
    await expect(dialog.getByLabel('Attempts allowed')).toHaveValue('');
    await expect(dialog.getByLabel('Wait between attempts (minutes)')).toHaveValue('0');
    await expect(dialog.getByLabel('Show correct answers')).toHaveValue('after_pass');
    await dialog.getByLabel('Attempts allowed').fill('3');
    await dialog.getByLabel('Wait between attempts (minutes)').fill('10');
    await dialog.getByRole('button', { name: 'Save Quiz' }).click();
    await expect(page.getByText('Quiz updated successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(await api(request, instructorToken, 'get', `/api/quizzes/${quizId}`)).toMatchObject({ maxAttempts: 3, attemptWaitMinutes: 10 });

    // The view dialog lists the rules.
    await page.getByRole('row').filter({ hasText: lessonTitle }).getByRole('button', { name: 'View Quiz' }).click();
    await expect(page.getByText('3 attempts · 10 min wait after a fail')).toBeVisible();

    // A learner sees the attempts left and, after a failed attempt, when the next one opens.
    const learner = await registerUser(page, 'waiter');
    const learnerToken = await token(request, learner.username, learner.password);
    await api(request, learnerToken, 'post', '/api/enrollments', { courseId });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((t) => window.localStorage.setItem('access_token', t), learnerToken);
    const learnerPage = await context.newPage();
    await learnerPage.goto(`/courses/${courseId}/modules/${moduleId}/quizzes/${quizId}`);
    await hydrated(learnerPage);
    await expect(learnerPage.getByText('3 of 3 attempts left · 10 minutes wait after a failed attempt')).toBeVisible();
    await answer(learnerPage, [1, 1]);
    await learnerPage.getByRole('button', { name: 'Submit' }).click();
    await expect(learnerPage.getByText('Not passed yet')).toBeVisible();
    await expect(learnerPage.getByRole('status').getByText('2 of 3 attempts left')).toBeVisible();
    await expect(learnerPage.getByText(/^Your next attempt opens at .+\.$/)).toBeVisible();
    await expect(learnerPage.getByRole('button', { name: 'Retake quiz' })).toHaveCount(0);
    await context.close();
  });

  test('the course screens say why a course with a quiz without questions cannot be published', async ({ page, request, loginAs }) => {
    const auth = await loginAs(ACCOUNTS.instructorAdmin);
    const lessonTitle = `Empty check ${uniqueName('l')}`;
    const course = await api<{ id: number }>(request, auth, 'post', '/api/courses', {
      title: `Musicality basics ${uniqueName('c')}`,
      description: 'Musicality for new dance teachers.',
      price: '0',
      status: 'draft',
    });
    const mod = await api<{ id: number }>(request, auth, 'post', '/api/modules', { courseId: course.id, title: 'Listening', description: 'Hearing the phrase.' });
    const lesson = await api<{ id: number }>(request, auth, 'post', '/api/lessons', {
      moduleId: mod.id,
      title: lessonTitle,
      description: 'A quiz that has no questions yet.',
      content: 'Answer every question.',
      type: 'quiz',
    });
    await api(request, auth, 'post', '/api/quizzes', { lessonId: lesson.id, title: 'Listening quiz' });

    // The course details tab names the quiz.
    await page.goto(`/instructor/courses/${course.id}`);
    await hydrated(page);
    const note = page.getByRole('note', { name: 'Why this course cannot be published' });
    await expect(note).toContainText('This course cannot be published yet');
    await expect(note).toContainText(`“Listening quiz” (lesson “${lessonTitle}”)`);

    // Publishing anyway is refused with the server's reason.
    await page.getByRole('button', { name: 'Edit Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Course' });
    await dialog.getByLabel('Status').selectOption('published');
    await dialog.getByRole('button', { name: /Update Course|Save/ }).click();
    await expect(
      page.locator('.toaster').getByText(`Failed to update course: This course cannot be published: the quiz “Listening quiz” (lesson “${lessonTitle}”) has no questions.`, { exact: false }),
    ).toBeVisible();
  });
});
