import type { APIRequestContext, Page } from '@playwright/test';
import { mp4 } from '../support/file-samples.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, test, uniqueName } from './fixtures.ts';

// The learner's side of courses: the catalog, a course page, guest enrolment,
// the player, a quiz failed then passed, the certificate and its public verification.

async function token(request: APIRequestContext, username: string = ACCOUNTS.admin): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(request: APIRequestContext, auth: string, method: 'post' | 'patch', path: string, data: unknown): Promise<T> {
  const res = await request[method](path, { data, headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function categoryId(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get('/api/categories');
  const { data } = (await res.json()) as { data: { id: number; name: string }[] };
  const found = data.find((c) => c.name === name);
  expect(found, `category ${name}`).toBeTruthy();
  return found!.id;
}

interface CourseSpec {
  title: string;
  category: string;
  level: 'beginner' | 'intermediate' | 'advanced';
  price: string;
}

/** A published course made through the API as the admin, after the build (so served fresh). */
async function publishCourse(request: APIRequestContext, auth: string, spec: CourseSpec, build?: (courseId: number) => Promise<void>) {
  const course = await api<{ id: number }>(request, auth, 'post', '/api/courses', {
    title: spec.title,
    description: `${spec.title}: a certification course for dance teachers.`,
    price: spec.price,
    status: 'draft',
    category_id: await categoryId(request, spec.category),
    difficulty_level: spec.level,
  });
  if (build) await build(course.id);
  await api(request, auth, 'patch', `/api/courses/${course.id}`, { status: 'published' });
  return course.id;
}

const QUESTIONS = [
  { question: 'How many counts are in a standard phrase of music for dance?', options: ['Four', 'Eight', 'Twelve'], correct: 1 },
  { question: 'Which foot position has the heels together and toes turned out?', options: ['First position', 'Fourth position', 'Parallel'], correct: 0 },
];

/** Module 1: a reading, an uploaded practice video and a quiz lesson with a two-question quiz (pass mark 70). */
async function buildLearningCourse(request: APIRequestContext, auth: string, courseId: number) {
  const mod = await api<{ id: number }>(request, auth, 'post', '/api/modules', {
    courseId,
    title: 'Foundations of teaching',
    description: 'Warm-up, musicality and the first positions.',
  });
  await api(request, auth, 'post', '/api/lessons', {
    moduleId: mod.id,
    title: 'Warm-up and alignment',
    description: 'How to open every class safely.',
    content: '## Warm-up\n\nStart with **pliés** and *tendus*.\n\n- Breathe\n- Align',
    type: 'text',
  });
  const upload = await request.post('/api/upload', {
    headers: { authorization: `Bearer ${auth}` },
    multipart: { file: { name: 'shuffle-practice.mp4', mimeType: 'video/mp4', buffer: Buffer.from(mp4) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  await api(request, auth, 'post', '/api/lessons', {
    moduleId: mod.id,
    title: 'Shuffle practice video',
    description: 'Practise the shuffle with the video.',
    content: url,
    type: 'video',
  });
  const quizLesson = await api<{ id: number }>(request, auth, 'post', '/api/lessons', {
    moduleId: mod.id,
    title: 'Check your basics',
    description: 'A short quiz on the foundations.',
    content: 'Answer both questions; you need 70% to pass.',
    type: 'quiz',
  });
  const quiz = await api<{ id: number }>(request, auth, 'post', '/api/quizzes', {
    lessonId: quizLesson.id,
    title: 'Foundations quiz',
    description: 'Two questions on counts and positions.',
    passScore: 70,
  });
  for (const q of QUESTIONS) {
    await api(request, auth, 'post', '/api/quiz-questions', { quizId: quiz.id, question: q.question, options: q.options, correctOption: q.correct });
  }
}

async function answer(page: Page, choices: number[]) {
  for (const [i, q] of QUESTIONS.entries()) {
    await page.getByRole('group', { name: q.question }).getByLabel(q.options[choices[i]!]!).check();
  }
}

test.describe('catalog', () => {
  test('a visitor filters by style, level and price, the address carries the filters, and opens a course', async ({ page, request }) => {
    const auth = await token(request);
    const tag = uniqueName('tap').replace(/_/g, ' ');
    const free = await publishCourse(request, auth, { title: `Tap rhythms ${tag}`, category: 'Tap', level: 'advanced', price: '0' }, async (id) => {
      await api(request, auth, 'post', '/api/modules', { courseId: id, title: 'Paradiddles and riffs', description: 'The advanced vocabulary of tap.' });
    });
    await publishCourse(request, auth, { title: `Tap masterclass ${tag}`, category: 'Tap', level: 'advanced', price: '25' });
    await publishCourse(request, auth, { title: `Tap first steps ${tag}`, category: 'Tap', level: 'beginner', price: '0' });

    await page.goto('/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Certification courses' })).toBeVisible();
    await page.getByLabel('Dance style').selectOption('Tap');
    await page.getByLabel('Level').selectOption('advanced');
    await page.getByLabel('Price', { exact: true }).selectOption('free');
    await page.getByLabel('Search courses').fill(tag);

    const results = page.getByRole('list', { name: 'Courses' });
    await expect(results.getByRole('link', { name: `Tap rhythms ${tag}` })).toBeVisible();
    await expect(results.getByRole('link', { name: `Tap masterclass ${tag}` })).toHaveCount(0);
    await expect(results.getByRole('link', { name: `Tap first steps ${tag}` })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /1 course match/ })).toBeVisible();
    await expect(page).toHaveURL(/category=Tap/);
    await expect(page).toHaveURL(/level=advanced/);
    await expect(page).toHaveURL(/price=free/);
    await expect(page).toHaveURL(/q=/);

    // The filtered list can be shared: the same address shows the same list.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByLabel('Dance style')).toHaveValue('Tap');
    await expect(other.getByLabel('Price', { exact: true })).toHaveValue('free');
    await expect(other.getByRole('list', { name: 'Courses' }).getByRole('link')).toHaveText([`Tap rhythms ${tag}`]);
    await other.close();

    // Sorting by price, then clearing the filters.
    await page.getByLabel('Price', { exact: true }).selectOption('');
    await page.getByLabel('Sort by').selectOption('price_desc');
    await expect(page).toHaveURL(/sort=price_desc/);
    await expect(results.getByRole('link').first()).toHaveText(`Tap masterclass ${tag}`);
    await page.getByRole('link', { name: 'Clear filters' }).first().click();
    await expect(page).not.toHaveURL(/category=/);

    // The course page.
    await page.getByLabel('Search courses').fill(tag);
    await page.getByLabel('Sort by').selectOption('newest');
    await results.getByRole('link', { name: `Tap rhythms ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${free}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Tap rhythms ${tag}` })).toBeVisible();
    // The course's own price (the instructor's other courses below show theirs).
    await expect(page.locator('.course-price-lg').getByText('$0.00')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Course outline' })).toBeVisible();
    await expect(page.getByText('Paradiddles and riffs')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enrol' })).toHaveAttribute('href', `/courses/${free}/enroll`);
  });

  test('a withdrawn course answers 404 and leaves the list at once', async ({ page, request }) => {
    const auth = await token(request);
    const title = `Withdrawn ballet ${uniqueName('w')}`;
    const id = await publishCourse(request, auth, { title, category: 'Ballet', level: 'beginner', price: '0' });
    await api(request, auth, 'patch', `/api/courses/${id}`, { status: 'draft' });
    const res = await page.goto(`/courses/${id}`);
    expect(res?.status()).toBe(404);
    await page.goto(`/courses?q=${encodeURIComponent(title)}`);
    await expect(page.getByText('No courses match your filters.')).toBeVisible();
  });

  test('a signed-in learner sees a paid course\'s price with Add to Cart and Buy now', async ({ page, request, loginAs }) => {
    const auth = await token(request);
    const id = await publishCourse(request, auth, { title: `Jazz technique ${uniqueName('j')}`, category: 'Jazz', level: 'intermediate', price: '49' });
    await loginAs(ACCOUNTS.student);
    await page.goto(`/courses/${id}/enroll`);
    await expect(page.getByRole('heading', { level: 1, name: /^Enrol in Jazz technique/ })).toBeVisible();
    await expect(page.getByText('$49.00')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', `/simple-checkout?type=COURSE&itemId=${id}`);
    await expect(page.getByRole('button', { name: 'Enrol', exact: true })).toHaveCount(0);
  });
});

test.describe('learning', () => {
  test('a guest enrols, completes every lesson, fails then passes the quiz, and a stranger verifies the certificate', async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const auth = await token(request);
    const title = `Teaching tap foundations ${uniqueName('t')}`;
    const id = await publishCourse(request, auth, { title, category: 'Tap', level: 'beginner', price: '0' }, (courseId) =>
      buildLearningCourse(request, auth, courseId),
    );

    // A visitor without an account enrols as a guest.
    await page.goto(`/courses/${id}/enroll`);
    await page.getByRole('link', { name: 'Enrol as a guest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Enrol in ${title}` })).toBeVisible();
    const form = page.getByRole('form', { name: 'Guest enrolment' });
    await form.getByLabel('First name').fill('Rosa');
    await form.getByLabel('Last name').fill('Guest');
    await form.getByLabel('Email').fill(`${uniqueName('rosa')}@example.com`);
    await form.getByLabel('Password').fill('tap-dance-42');
    await form.getByRole('button', { name: 'Enrol and start learning' }).click();

    // The player opens at the first lesson.
    await expect(page).toHaveURL(new RegExp(`/learn/courses/${id}`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const progress = page.getByRole('progressbar', { name: 'Course progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('heading', { level: 2, name: 'Warm-up and alignment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Warm-up', exact: true })).toBeVisible(); // the markdown
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await expect(page.getByText('✓ Completed')).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '33');

    // The uploaded video has the practice controls.
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Shuffle practice video' })).toBeVisible();
    const controls = page.getByRole('group', { name: 'Practice controls' });
    const mirror = controls.getByRole('button', { name: 'Mirror' });
    await mirror.click();
    await expect(mirror).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('video.practice-video')).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
    for (const speed of ['0.5×', '0.75×', '1×']) await expect(controls.getByRole('button', { name: speed, exact: true })).toBeVisible();
    await controls.getByRole('button', { name: '0.5×', exact: true }).click();
    await expect(controls.getByRole('button', { name: '0.5×', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(controls.getByRole('button', { name: /^Set A/ })).toBeVisible();
    await expect(controls.getByRole('button', { name: /^Set B/ })).toBeVisible();
    await expect(controls.getByRole('button', { name: 'Clear loop' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '67');

    // The quiz lesson completes by passing its quiz.
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect(page.getByText('Pass the quiz to complete this lesson.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
    await page.getByRole('link', { name: /Take quiz/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Foundations quiz' })).toBeVisible();
    // The breadcrumb names the module and the lesson the quiz belongs to.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Foundations of teaching' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Check your basics' })).toBeVisible();
    await expect(page.getByText('pass mark 70%').first()).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please answer every question.')).toBeVisible();
    await answer(page, [0, 2]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Not passed yet')).toBeVisible();
    await expect(page.getByText('Your score: 0%')).toBeVisible();
    // Which answers were wrong, but not the correct options before a pass (decision 0012).
    await expect(page.getByText('✗ Incorrect')).toHaveCount(2);
    await expect(page.getByText('The correct answers are shown once you pass.')).toBeVisible();
    await expect(page.getByText('Correct answer', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Retake quiz' }).click();
    await answer(page, QUESTIONS.map((q) => q.correct));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('You passed!')).toBeVisible();
    await expect(page.getByText('Your score: 100%')).toBeVisible();
    await expect(page.getByText('Congratulations! You earned your certificate.')).toBeVisible();

    // The certificate.
    await page.getByRole('link', { name: 'View your certificate' }).click();
    const sheet = page.getByRole('region', { name: /^Certificate of Rosa Guest/ });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Rosa Guest', { exact: true })).toBeVisible();
    await expect(sheet.getByText(title, { exact: true })).toBeVisible();
    await expect(sheet.getByRole('img', { name: /QR code linking to the verification page/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    const codeText = await sheet.getByText(/Certificate code: DRX-/).first().textContent();
    const code = /DRX-[0-9A-Z]+/.exec(codeText ?? '')![0];

    // My courses lists it with its progress; /lesson/{courseId} resumes at a lesson page.
    await page.goto('/my-courses');
    const mine = page.getByRole('list', { name: 'My courses' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(mine.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await page.goto(`/lesson/${id}`);
    await expect(page).toHaveURL(new RegExp(`/courses/${id}/modules/\\d+/lessons/\\d+$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Foundations of teaching' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Foundations of teaching' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Module progress' })).toHaveAttribute('aria-valuenow', '100');
    await page.goto('/my-certifications');
    await expect(page.getByRole('rowheader', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();

    // Anyone, signed out, verifies it through the public page; a wrong code is denied.
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    await visitor.goto(`/verify/${code}`);
    await expect(visitor.getByRole('heading', { name: '✓ Valid certificate' })).toBeVisible();
    await expect(visitor.getByText('Rosa Guest')).toBeVisible();
    await expect(visitor.getByText(title)).toBeVisible();
    await visitor.getByLabel('Certificate code').fill('DRX-0000000000ZZ');
    await visitor.getByRole('button', { name: 'Verify' }).click();
    await expect(visitor.getByRole('heading', { name: '✗ Not a valid certificate' })).toBeVisible();
    await expect(visitor).toHaveURL(/\/verify\/DRX-0000000000ZZ$/);
    await stranger.close();
  });

  test('signed-in pages send an anonymous visitor to sign in', async ({ page }) => {
    await page.goto('/my-courses');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-courses/);
  });
});
