import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, test, uniqueName } from './fixtures.ts';

// One markup source (decision 0020): a course changed after the build is served rendered by the
// server from the same Astro components, with its current price; never the old one, and with
// JavaScript off too (so the markup came from the server, not from the browser).

async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function send(request: APIRequestContext, auth: string, method: 'post' | 'patch', path: string, data: unknown) {
  const res = await request[method](path, { data, headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { id: number };
}

/** The card of a course in the list, found by its title link. */
function card(page: Page, title: string) {
  return page.getByRole('list', { name: 'Courses' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test('an instructor reprices a course: the list and the course page show the new price at once, with JavaScript off too', async ({ page, request, browser }) => {
  const auth = await token(request, ACCOUNTS.instructorAdmin);
  const title = `Ballroom frame and connection ${uniqueName('r').replace(/_/g, ' ')}`;
  const { id } = await send(request, auth, 'post', '/api/courses', {
    title,
    description: 'Frame, connection and lead for teachers of ballroom partnering.',
    price: '35',
    status: 'published',
    difficulty_level: 'intermediate',
  });
  await send(request, auth, 'post', '/api/modules', { courseId: id, title: 'Hold and frame', description: 'Closed position.' });

  // Published after the build: rendered on the server.
  await page.goto(`/courses/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('$35.00')).toBeVisible();
  await expect(page.getByText('Hold and frame')).toBeVisible();

  await send(request, auth, 'patch', `/api/courses/${id}`, { price: '42.50' });

  const detail = await page.goto(`/courses/${id}`);
  expect(detail?.headers()['x-catalog-source']).toBe('rendered');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('$42.50')).toBeVisible();
  await expect(page.getByText('$35.00')).toHaveCount(0);
  // A paid course is bought: Buy now leads to the one-item checkout, no JavaScript needed.
  await expect(page.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', `/simple-checkout?type=COURSE&itemId=${id}`);

  const list = await page.goto('/courses');
  expect(list?.headers()['x-catalog-source']).toBe('rendered');
  await expect(card(page, title).getByText('$42.50')).toBeVisible();
  await expect(card(page, title).getByText('$35.00')).toHaveCount(0);
  // A search shows the view the server renders for it, and the address follows.
  await page.getByLabel('Search courses').fill(title);
  await expect(page.getByRole('list', { name: 'Courses' }).getByRole('link')).toHaveText([title]);
  await expect(page).toHaveURL(/\/courses\?q=/);

  // No JavaScript: what is on screen is the server's markup.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await plain.goto(`/courses/${id}`);
    await expect(plain.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(plain.getByText('$42.50')).toBeVisible();
    await expect(plain.getByRole('heading', { name: 'Course outline' })).toBeVisible();
    await expect(plain.getByText('Hold and frame')).toBeVisible();
    await plain.goto('/courses');
    await expect(plain.getByRole('heading', { level: 1, name: 'Certification courses' })).toBeVisible();
    await expect(card(plain, title).getByText('$42.50')).toBeVisible();
    // The search form works without JavaScript: the server answers the view at its one address.
    await plain.getByLabel('Search courses').fill(title);
    await plain.getByLabel('Search courses').press('Enter');
    await expect(plain).toHaveURL(/\/courses\?q=[^&]+$/);
    await expect(plain.getByRole('list', { name: 'Courses' }).getByRole('link')).toHaveText([title]);
    await expect(plain.locator('[data-catalog-count]')).toHaveText('1 course matches your search');
    await plain.goto('/courses');

    // The instructor's pages are rendered on the server as well, with the same card.
    await plain.getByRole('link', { name: title, exact: true }).click();
    await plain.getByText('Taught by').getByRole('link').click();
    await expect(plain.getByText('Instructor', { exact: true })).toBeVisible();
    await expect(card(plain, title).getByText('$42.50')).toBeVisible();
  } finally {
    await noScript.close();
  }

  // Withdrawn: gone from the list and a 404, at once.
  await send(request, auth, 'patch', `/api/courses/${id}`, { status: 'draft' });
  const gone = await page.goto(`/courses/${id}`);
  expect(gone?.status()).toBe(404);
});
