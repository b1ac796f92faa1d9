import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test, uniqueName } from './fixtures.ts';
import { bearer, freshAccount, subscribeToPlan } from './plan-fixtures.ts';

// Decision 0031: the after-login rule for a paid tier whose subscription is not
// active, and the premium course gate with the upgrade dialog it opens (decision 0063).

declare global {
  interface Window {
    __planCspViolations?: string[];
  }
}

/** A fresh account on the free plan (signs in on the page with its username and password). */
const newAccount = (request: APIRequestContext, prefix: string) => freshAccount(request, prefix, 'Ines', 'Tapper');

/** CSP reports of the page (as tests/e2e/csp.spec.ts watches them). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (msg) => {
    if (/Content[ -]Security[ -]Policy/i.test(msg.text())) logged.push(`console: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    window.__planCspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__planCspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`);
    });
  });
  return async () => [...logged, ...((await page.evaluate(() => window.__planCspViolations ?? [])) as string[])];
}

async function premiumCourse(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const res = await request.get('/api/courses?pageSize=100');
  const { data } = (await res.json()) as { data: { id: number; title: string; required_level: number }[] };
  const course = data.find((c) => c.required_level === 20);
  expect(course, 'the demo seed has a premium course').toBeTruthy();
  return course!;
}

test('a user whose paid plan ended signs in at /auth and is sent to renew it at /subscription?tier=educator', async ({ page, request }) => {
  test.setTimeout(90_000);
  const who = await newAccount(request, 'lapsed');
  await subscribeToPlan(request, who.token, 'educator');
  const [sub] = (await (await request.get('/api/subscriptions/user', { headers: bearer(who.token) })).json()) as { id: number }[];
  expect((await request.post('/api/subscriptions/cancel', { headers: bearer(who.token) })).ok()).toBeTruthy();
  // The trial's period ends (the test provider's clock): the subscription is over, the tier stays.
  const moved = await request.post('/api/subscriptions/test-clock', { headers: bearer(who.token), data: { subscriptionId: sub!.id, days: 15 } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  const me = (await (await request.get('/api/me', { headers: bearer(who.token) })).json()) as { subscription_tier: string; subscription_status: string; is_active: boolean };
  expect(me).toMatchObject({ subscription_tier: 'educator', subscription_status: 'canceled', is_active: true });

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(who.username);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/subscription\?tier=educator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans & Pricing' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plans' }).getByRole('listitem', { name: 'Educator' })).toBeVisible();

  // A subscriber whose plan is current goes to the dashboard as before.
  const current = await newAccount(request, 'current');
  await subscribeToPlan(request, current.token, 'educator');
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await page.goto('/auth');
  await form.getByLabel('Username').fill(current.username);
  await form.getByLabel('Password').fill(current.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a premium course shows its badge and, below Premium, the plan first; the upgrade dialog opens without a CSP violation', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  const course = await premiumCourse(request);
  const violations = await watchViolations(page);
  await loginAs(ACCOUNTS.student);
  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Premium', { exact: true })).toBeVisible();
  const gate = main.locator('[data-plan-gate]');
  await expect(gate.getByText(/^Included in Premium/)).toBeVisible();
  await expect(gate.getByText('Upgrade to Premium or higher to enrol in premium courses.')).toBeVisible();

  // The page's script wires the button to the dialog (before that, the link opens /subscription).
  await expect(gate.getByRole('link', { name: 'Upgrade Subscription' })).toHaveAttribute('data-wired', '1');
  await expect(gate.getByRole('link', { name: 'Upgrade Subscription' })).toHaveAttribute('href', '/subscription?tier=premium');
  await gate.getByRole('link', { name: 'Upgrade Subscription' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade.getByText('Premium Courses.', { exact: true })).toBeVisible();
  // Only the plans above the user's (the student is on the free plan).
  await expect(upgrade.getByRole('list', { name: 'Plans' }).locator(':scope > li')).toHaveCount(3);
  await expect(upgrade.locator('[data-plan="premium"]')).toContainText('Recommended');
  expect(await seriousViolations(page), 'axe with the upgrade dialog').toEqual([]);
  await upgrade.getByRole('radio', { name: /^Yearly/ }).check();
  await expect(upgrade.getByText('Save 25%')).toBeVisible();
  await upgrade.getByRole('button', { name: 'Close' }).click();
  await expect(upgrade).toBeHidden();
  expect(await violations(), 'no CSP violation while the dialogs open').toEqual([]);

  // The enrol page shows the same plan first.
  await page.goto(`/courses/${course.id}/enroll`);
  await hydrated(page);
  await expect(main.locator('[data-plan-gate]').getByText(/^Included in Premium/)).toBeVisible();
});

test('a Premium subscriber passes the premium gate: the course is included, not sold', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  const course = await premiumCourse(request);
  const who = await newAccount(request, 'premium');
  await subscribeToPlan(request, who.token, 'premium');
  await loginAs(who.username, who.password);
  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Included in your plan')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(main.locator('[data-plan-gate]')).toHaveCount(0);
});

test('the premium gate at 390 px and 1280 px: no sideways scroll', async ({ page, request, loginAs }) => {
  const course = await premiumCourse(request);
  await loginAs(ACCOUNTS.multirole);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/courses/${course.id}`);
    await hydrated(page);
    await expect(page.locator('[data-plan-gate]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `width ${width}`).toBeLessThanOrEqual(width);
    await expect(page.getByRole('link', { name: 'Upgrade Subscription' })).toHaveAttribute('data-wired', '1');
    await page.getByRole('link', { name: 'Upgrade Subscription' }).click();
    await expect(page.getByRole('dialog', { name: 'Upgrade your plan' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`plan-gate-${width}.png`) });
    await page.getByRole('dialog', { name: 'Upgrade your plan' }).getByRole('button', { name: 'Close' }).click();
  }
});

test('an admin sets a course’s Required plan on the edit page, and an instructor in the course dialog', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  const login = await request.post('/api/login', { data: { username: ACCOUNTS.admin, password: 'drx-demo-2026' } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const title = `Royal Waltz ${uniqueName('lvl')}`;
  const created = await request.post('/api/courses', {
    headers: bearer(token),
    data: { title, short_name: 'RW', description: 'Rise and fall, sway and the natural turn, for teachers of ballroom.', price: '0', status: 'draft' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await loginAs(ACCOUNTS.admin);
  await page.goto(`/admin/courses/${id}/edit`);
  const plan = page.getByLabel('Required plan');
  await expect(plan).toHaveValue('0');
  await expect(plan.locator('option')).toHaveText(['Everyone', 'Premium', 'Royalty']);
  await plan.selectOption({ label: 'Royalty' });
  await page.getByLabel('Short name').fill('RW');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Course updated successfully' }).first()).toBeVisible();
  const read = async () => ((await (await request.get(`/api/courses/${id}`, { headers: bearer(token) })).json()) as { required_level: number }).required_level;
  expect(await read()).toBe(30);

  // The course administration dialog shows and changes it too.
  await page.goto('/admin/courses');
  await hydrated(page);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Course' });
  await expect(dialog.getByLabel('Required plan')).toHaveValue('30');
  await dialog.getByLabel('Required plan').selectOption({ label: 'Premium' });
  await dialog.getByRole('button', { name: 'Update Course' }).click();
  await expect.poll(read).toBe(20);
});

test('a seller on the free plan meets the selling gate at /seller/resources/add; an Educator seller gets the form', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.multirole);
  await page.goto('/seller/resources/add');
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Sell in the Curriculum Store' })).toBeVisible();
  await expect(main.getByText('Upgrade to Educator or higher to sell your lesson plans and curricula in the store.')).toBeVisible();
  await expect(main.getByLabel('Title')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.evaluate(() => localStorage.removeItem('access_token'));
  await loginAs(ACCOUNTS.seller);
  await page.goto('/seller/resources/add');
  await hydrated(page);
  await expect(main.getByLabel('Title')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Sell in the Curriculum Store' })).toHaveCount(0);
});
