import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, registerUser, test, uniqueName } from './fixtures.ts';

// Where a learner stands with a course, on the course page and the enrol page.
// Reading never writes: no POST on load; a free course enrols on its button; an enrolled learner
// continues (or reviews, with the certificate); a paid course shows its price, not a failing button.

async function token(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call<T>(request: APIRequestContext, auth: string, method: 'post' | 'patch', path: string, data?: unknown): Promise<T> {
  const res = await request[method](path, { data, headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A published course with one module and one reading lesson, made as the admin. */
async function oneLessonCourse(request: APIRequestContext, title: string, price: string) {
  const admin = await token(request, ACCOUNTS.admin);
  const course = await call<{ id: number }>(request, admin, 'post', '/api/courses', {
    title,
    description: `${title}: a short course for dance teachers.`,
    price,
  });
  const mod = await call<{ id: number }>(request, admin, 'post', '/api/modules', { courseId: course.id, title: 'Getting started', description: 'The first steps.' });
  const lesson = await call<{ id: number }>(request, admin, 'post', '/api/lessons', {
    moduleId: mod.id,
    title: 'Counting the music',
    description: 'Eights, phrases and the downbeat.',
    content: 'Count **5, 6, 7, 8** before every combination.',
    type: 'text',
  });
  await call(request, admin, 'patch', `/api/courses/${course.id}`, { status: 'published' });
  return { courseId: course.id, lessonId: lesson.id };
}

/** Every write the page sends to /api/enrollments. */
function enrolmentWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/enrollments')) writes.push(r);
  });
  return writes;
}

async function signIn(page: Page, request: APIRequestContext, username: string, password: string) {
  const auth = await token(request, username, password);
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), auth);
  return auth;
}

test('a free course: Enrol on the enrol page enrols on click only, then Continue on both pages', async ({ page, request }) => {
  const title = `Free musicality ${uniqueName('m')}`;
  const { courseId } = await oneLessonCourse(request, title, '0');
  const learner = await registerUser(page, 'learner');
  await signIn(page, request, learner.username, learner.password);
  const writes = enrolmentWrites(page);

  await page.goto(`/courses/${courseId}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Enrol', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/enroll$`));
  const enrolButton = page.getByRole('button', { name: 'Enrol', exact: true });
  await expect(enrolButton).toBeVisible();
  await expect(page.getByText('$0.00')).toBeVisible();
  expect(writes, 'nothing is written on load').toHaveLength(0);

  await enrolButton.click();
  await expect(page.getByRole('status').filter({ hasText: `You are enrolled in ${title}.` })).toBeVisible();
  const cont = page.getByRole('link', { name: 'Continue', exact: true });
  await expect(cont).toBeFocused();
  expect(writes).toHaveLength(1);

  // Back on the course page and on the enrol page: Continue, never Enrol.
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole('link', { name: 'Continue', exact: true })).toHaveAttribute('href', new RegExp(`^/learn/courses/${courseId}`));
  await expect(page.getByRole('link', { name: 'Enrol', exact: true })).toHaveCount(0);
  await page.goto(`/courses/${courseId}/enroll`);
  await expect(page.getByRole('link', { name: 'Continue', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enrol', exact: true })).toHaveCount(0);
  expect(writes).toHaveLength(1);
  await page.getByRole('link', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${courseId}`));
});

test('a learner who completed a course sees Review and the certificate link', async ({ page, request }) => {
  const title = `Completed counting ${uniqueName('c')}`;
  const { courseId, lessonId } = await oneLessonCourse(request, title, '0');
  const learner = await registerUser(page, 'graduate');
  const auth = await signIn(page, request, learner.username, learner.password);
  await call(request, auth, 'post', '/api/enrollments', { courseId });
  const done = await call<{ certificate: { id: number } | null }>(request, auth, 'post', `/api/learn/lessons/${lessonId}/complete`);
  expect(done.certificate, 'the certificate is issued on completion').toBeTruthy();

  for (const path of [`/courses/${courseId}`, `/courses/${courseId}/enroll`]) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Review', exact: true })).toHaveAttribute('href', `/learn/courses/${courseId}`);
    await expect(page.getByRole('link', { name: 'View certificate' })).toHaveAttribute('href', `/certificates/${done.certificate!.id}`);
    await expect(page.getByText('You completed this course.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enrol', exact: true })).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'View certificate' }).click();
  await expect(page).toHaveURL(new RegExp(`/certificates/${done.certificate!.id}$`));
});

test('a paid course shows its price with Add to Cart and Buy now (no Enrol that would fail), and nothing is sent on load', async ({ page, request, loginAs }) => {
  const title = `Paid jazz ${uniqueName('j')}`;
  const { courseId } = await oneLessonCourse(request, title, '49');
  await loginAs(ACCOUNTS.student);
  const writes = enrolmentWrites(page);
  const failures: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failures.push(r.status());
  });

  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', `/simple-checkout?type=COURSE&itemId=${courseId}`);
  await page.goto(`/courses/${courseId}/enroll`);
  await expect(page.getByRole('heading', { level: 1, name: `Enrol in ${title}` })).toBeVisible();
  await expect(page.getByText('$49.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy now' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Enrol/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(writes, 'no enrolment is attempted').toHaveLength(0);
  expect(failures, 'no request fails (no 402)').toEqual([]);
});
