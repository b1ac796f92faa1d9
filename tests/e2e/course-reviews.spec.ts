import { createClient } from '@libsql/client';
import type { APIRequestContext } from '@playwright/test';
import { e2eDatabaseFile } from './booking-fixtures.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, registerUser, test, uniqueName } from './fixtures.ts';

// Course reviews and the instructor block (decision 0066): a learner who finished a course reviews
// it on the course page; the page names its instructor with a link to the profile; the catalog
// sorts by rating.

async function token(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call<T>(request: APIRequestContext, auth: string, method: 'post' | 'patch' | 'delete', path: string, data?: unknown): Promise<T> {
  const res = await request[method](path, { data, headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A published free course of one lesson, made by the admin (its instructor). */
async function oneLessonCourse(request: APIRequestContext, admin: string, title: string) {
  const course = await call<{ id: number }>(request, admin, 'post', '/api/courses', { title, description: `${title}: a short course for dance teachers.`, price: '0' });
  const mod = await call<{ id: number }>(request, admin, 'post', '/api/modules', { courseId: course.id, title: 'Getting started', description: 'The first steps.' });
  const lesson = await call<{ id: number }>(request, admin, 'post', '/api/lessons', { moduleId: mod.id, title: 'Counting the music', description: 'Eights, phrases and the downbeat.', content: 'Count 5, 6, 7, 8 before every combination.', type: 'text' });
  await call(request, admin, 'patch', `/api/courses/${course.id}`, { status: 'published' });
  return { id: course.id, lessonId: lesson.id };
}

/** The learner enrols and completes the course's one lesson: the course is finished. */
async function finish(request: APIRequestContext, auth: string, course: { id: number; lessonId: number }) {
  await call(request, auth, 'post', '/api/enrollments', { courseId: course.id });
  await call(request, auth, 'post', `/api/learn/lessons/${course.lessonId}/complete`);
}

test('a learner who finished a course reviews it on the course page: the review shows with its stars and the average moves', async ({ page, request }) => {
  const admin = await token(request, ACCOUNTS.admin);
  const course = await oneLessonCourse(request, admin, `Reviewed turns ${uniqueName('r')}`);
  const learner = await registerUser(page, 'reviewer');
  const auth = await token(request, learner.username, learner.password);
  await finish(request, auth, course);
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), auth);

  await page.goto(`/courses/${course.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();
  await expect(reviews.getByRole('heading', { name: 'Write a review' })).toBeVisible();
  const form = reviews.locator('form[data-review-form]');
  await expect(form).toBeVisible();

  // Without a rating the form says what is missing, in the API's words.
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Choose a rating')).toBeVisible();

  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel(/Your review/).fill('Clear counts, and the turns finally make sense.');
  await form.getByRole('button', { name: 'Post review' }).click();

  const item = reviews.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first();
  await expect(item).toContainText('Clear counts, and the turns finally make sense.');
  await expect(item.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(reviews.getByText('You rated this course 4 out of 5.')).toBeVisible();
  // The average in the page's header and above the reviews.
  const header = page.locator('[data-course-rating]');
  await expect(header.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await expect(header).toContainText('4.0');
  await expect(header).toContainText('1 review');
  await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();

  // Edited: the same review, a new rating.
  await reviews.getByRole('button', { name: 'Edit your review' }).click();
  await form.getByRole('radio', { name: '2 stars' }).check();
  await form.getByRole('button', { name: 'Save review' }).click();
  await expect(header).toContainText('2.0');
  await expect(reviews.getByRole('list', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(1);

  // A visitor reading the page later sees the review the server renders.
  const [saved] = await (await request.get(`/api/courses/${course.id}/reviews`)).json().then((p: { data: { rating: number }[] }) => p.data);
  expect(saved?.rating).toBe(2);
});

test('the instructor block shows who teaches the course and links to their profile', async ({ page, request }) => {
  const list = (await (await request.get('/api/courses?pageSize=1')).json()) as { data: { id: number; instructor: { id: number; first_name: string; last_name: string } }[] };
  const course = list.data[0]!;
  const name = `${course.instructor.first_name} ${course.instructor.last_name}`;
  await page.goto(`/courses/${course.id}`);
  const block = page.getByRole('region', { name: 'Your instructor' });
  await expect(block.getByRole('heading', { name, exact: true })).toBeVisible();
  // The photo, or the initials when there is none.
  await expect(block.locator('.avatar')).toBeVisible();
  await expect(block.getByText(/\S/).first()).toBeVisible();
  await block.getByRole('link', { name: `View ${name}'s profile` }).click();
  await expect(page).toHaveURL(new RegExp(`/instructors/${course.instructor.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('/courses?sort=rating lists the highest rated courses first', async ({ page, request }) => {
  const admin = await token(request, ACCOUNTS.admin);
  const tag = uniqueName('s');
  const good = await oneLessonCourse(request, admin, `Rated five ${tag}`);
  const fair = await oneLessonCourse(request, admin, `Rated three ${tag}`);
  const learner = await registerUser(page, 'rater');
  const auth = await token(request, learner.username, learner.password);
  for (const [course, rating] of [[fair, 3], [good, 5]] as const) {
    await finish(request, auth, course);
    await call(request, auth, 'post', `/api/courses/${course.id}/reviews`, { rating });
  }

  await page.goto('/courses?sort=rating');
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Highest rated');
  const titles = page.locator('.course-card-link');
  await expect(titles.nth(0)).toHaveText(`Rated five ${tag}`);
  await expect(titles.nth(1)).toHaveText(`Rated three ${tag}`);
  await expect(page.locator('.course-card').nth(0).getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();
});

test('an admin hides a review: its author sees it marked on the course page, a visitor does not see it', async ({ page, request, browser }) => {
  const admin = await token(request, ACCOUNTS.admin);
  const course = await oneLessonCourse(request, admin, `Hidden review ${uniqueName('h')}`);
  const learner = await registerUser(page, 'hidden');
  const auth = await token(request, learner.username, learner.password);
  await finish(request, auth, course);
  const { review } = await call<{ review: { id: number } }>(request, auth, 'post', `/api/courses/${course.id}/reviews`, { rating: 1, body: 'Buy my course instead.' });
  await call(request, admin, 'delete', `/api/courses/${course.id}/reviews/${review.id}`);

  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), auth);
  await page.goto(`/courses/${course.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const mine = reviews.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: 'Buy my course instead.' });
  await expect(mine.getByText('Hidden by an admin — only you can see it')).toBeVisible();
  await expect(reviews.getByText(/You rated this course 1 out of 5\. An admin hid your review/)).toBeVisible();
  await expect(reviews.locator('[data-review-summary]')).toBeHidden();

  const visitor = await browser.newContext();
  const guestPage = await visitor.newPage();
  await guestPage.goto(`/courses/${course.id}`);
  await expect(guestPage.getByRole('region', { name: 'Reviews' }).getByText('No reviews yet.')).toBeVisible();
  await expect(guestPage.getByText('Buy my course instead.')).toHaveCount(0);
  await visitor.close();
});

test('“Show more reviews” adds the next page of reviews and goes away at the end of the list', async ({ page, request }) => {
  const admin = await token(request, ACCOUNTS.admin);
  const course = await oneLessonCourse(request, admin, `Many reviews ${uniqueName('m')}`);
  // Twelve reviews, one a minute, by twelve accounts of the demo database (the list pages by ten).
  const db = createClient({ url: `file:${e2eDatabaseFile()}` });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    const users = await db.execute('SELECT id FROM users ORDER BY id LIMIT 12');
    expect(users.rows).toHaveLength(12);
    const base = Date.parse('2026-11-01T10:00:00.000Z');
    await db.batch(
      users.rows.map((u, i) => ({
        sql: 'INSERT INTO course_reviews (course_id, user_id, rating, body, created_at, updated_at) VALUES (?, ?, 4, ?, ?, ?)',
        args: [course.id, Number(u.id), `Review number ${i + 1}`, new Date(base + i * 60_000).toISOString(), new Date(base + i * 60_000).toISOString()],
      })),
      'write',
    );
    await db.execute({ sql: 'UPDATE courses SET rating_count = 12, rating_sum = 48, rating_average = 4 WHERE id = ?', args: [course.id] });
  } finally {
    db.close();
  }

  await page.goto(`/courses/${course.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const items = reviews.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  // Newest first: the page ends at the third review.
  await expect(items.first()).toContainText('Review number 12');
  await expect(items.last()).toContainText('Review number 3');
  await reviews.getByRole('button', { name: 'Show more reviews' }).click();
  await expect(items).toHaveCount(12);
  await expect(items.nth(10)).toContainText('Review number 2');
  await expect(items.last()).toContainText('Review number 1');
  // Dated as the server dates the first page.
  await expect(items.last().locator('time')).toHaveText('Nov 1, 2026');
  await expect(reviews.getByRole('button', { name: 'Show more reviews' })).toHaveCount(0);
});
