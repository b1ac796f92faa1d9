import { createClient } from '@libsql/client';
import type { APIRequestContext } from '@playwright/test';
import { e2eDatabaseFile } from './booking-fixtures.ts';
import { PAYING_CARD, payWithCard } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test, uniqueName } from './fixtures.ts';
import { apiToken, bearer, freshAccount, subscribeToPlan } from './plan-fixtures.ts';

// Decision 0063: a plan includes the courses of its level. A subscriber enrols without a cart; a
// free user sees the plan first and the price second; the gate's Upgrade Subscription opens the
// upgrade dialog, where the subscription is finished (the test provider's card form in the dialog).

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'patch', path: string, data?: unknown): Promise<T> {
  const res = await request[method](path, { data, headers: bearer(token) });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A published Premium course at $79 with one reading lesson, made as the admin. */
async function premiumCourse(request: APIRequestContext): Promise<{ id: number; title: string; lessonTitle: string }> {
  const admin = await apiToken(request, ACCOUNTS.admin);
  const title = `Premium partnering ${uniqueName('p')}`;
  const course = await call<{ id: number }>(request, admin, 'post', '/api/courses', { title, description: `${title}: connection and lead for teachers.`, price: '79' });
  const mod = await call<{ id: number }>(request, admin, 'post', '/api/modules', { courseId: course.id, title: 'Connection', description: 'Frame and lead.' });
  const lessonTitle = 'The open frame';
  await call(request, admin, 'post', '/api/lessons', { moduleId: mod.id, title: lessonTitle, description: 'Frame and posture.', content: 'Keep the **frame** open.', type: 'text' });
  await call(request, admin, 'patch', `/api/courses/${course.id}`, { status: 'published', required_level: 20 });
  return { id: course.id, title, lessonTitle };
}

test('a Premium subscriber sees “Included in your plan”, enrols without a cart and opens a lesson', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  const course = await premiumCourse(request);
  const who = await freshAccount(request, 'incl', 'Pia', 'Premium');
  await subscribeToPlan(request, who.token, 'premium');
  await loginAs(who.username, who.password);
  const carts: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/cart') && r.method() !== 'GET') carts.push(r.url());
  });

  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Included in your plan')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  // The course's own price is not shown (other courses' cards on the page may cost the same).
  await expect(main.locator('.course-price-lg').filter({ visible: true })).toHaveCount(0);
  await main.getByRole('button', { name: 'Enrol', exact: true }).click();
  const cont = main.getByRole('link', { name: 'Continue', exact: true });
  await expect(cont).toBeVisible();
  expect(carts, 'no cart on the way').toEqual([]);
  const mine = (await (await request.get('/api/enrollments', { headers: bearer(who.token) })).json()) as { course_id: number; source: string }[];
  expect(mine.find((e) => e.course_id === course.id)?.source).toBe('plan');

  await cont.click();
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${course.id}`));
  // Continue opens the first lesson in the player.
  await expect(page.getByRole('heading', { name: course.lessonTitle })).toBeVisible();
  await expect(page.getByText('Keep the')).toBeVisible();
});

test('a free user sees the plan that includes the course first and the price second', async ({ page, request, loginAs }) => {
  const course = await premiumCourse(request);
  await loginAs(ACCOUNTS.student);
  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  const main = page.getByRole('main');
  const gate = main.locator('[data-plan-gate]');
  await expect(gate.getByText(/^Included in Premium — from \$\d+(\.\d\d)?\/month$/)).toBeVisible();
  const upgrade = gate.getByRole('link', { name: 'Upgrade Subscription' });
  const addToCart = main.getByRole('button', { name: 'Add to Cart' });
  await expect(main.locator('.course-price-lg').getByText('$79.00')).toBeVisible();
  await expect(addToCart).toBeVisible();
  const [planBox, priceBox] = [await upgrade.boundingBox(), await addToCart.boundingBox()];
  expect(planBox!.y, 'the plan comes before the price').toBeLessThan(priceBox!.y);
  await expect(main.getByText('Included in your plan')).toHaveCount(0);

  // The enrol page says the same.
  await page.goto(`/courses/${course.id}/enroll`);
  await hydrated(page);
  await expect(main.locator('[data-plan-gate]').getByText(/^Included in Premium/)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});

test('the gate’s Upgrade Subscription opens the upgrade dialog (a visitor signs in first); subscribing there completes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const course = await premiumCourse(request);
  const who = await freshAccount(request, 'dlg', 'Dana', 'Dialog');

  // A visitor is sent to sign in and comes back to the dialog.
  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  const upgradeLink = page.locator('[data-plan-gate]').getByRole('link', { name: 'Upgrade Subscription' });
  await expect(upgradeLink).toHaveAttribute('data-wired', '1');
  await upgradeLink.click();
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(who.username);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`));

  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(dialog).toBeVisible();
  const plans = dialog.getByRole('list', { name: 'Plans' }).locator(':scope > li');
  await expect(plans).toHaveCount(3);
  await expect(dialog.locator('[data-plan="free"]')).toHaveCount(0);
  await expect(dialog.locator('[data-plan="premium"]')).toContainText('Recommended');
  await dialog.getByRole('radio', { name: /^Yearly/ }).check();
  await dialog.getByRole('radio', { name: /^Monthly/ }).check();
  await dialog.getByRole('button', { name: 'Start free trial: Premium' }).click();

  const card = dialog.getByRole('form', { name: 'Card details' });
  await expect(card.getByText(/14-day free trial/)).toBeVisible();
  await card.getByLabel('Card number').fill(PAYING_CARD);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('Name on card').fill('Dana Dialog');
  await card.getByRole('button', { name: 'Start free trial' }).click();
  await expect(dialog.getByText('Your free trial of Premium has started.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`));
  const me = (await (await request.get('/api/me', { headers: bearer(who.token) })).json()) as { subscription_tier: string; subscription_status: string };
  expect(me).toMatchObject({ subscription_tier: 'premium', subscription_status: 'trialing' });

  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('main').getByText('Included in your plan')).toBeVisible();
});

test('a learner whose plan ended buys the course on its page, and its lessons open for good', async ({ page, request, loginAs }) => {
  test.slow();
  const course = await premiumCourse(request);
  const who = await freshAccount(request, 'lapsed', 'Lena', 'Lapsed');
  // Enrolled through Premium, which has since ended (the account is back on the free plan).
  const db = createClient({ url: `file:${e2eDatabaseFile()}` });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    await db.execute({ sql: "INSERT INTO enrollments (user_id, course_id, source) VALUES (?, ?, 'plan')", args: [who.id, course.id] });
  } finally {
    db.close();
  }
  await loginAs(who.username, who.password);

  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Your plan has ended')).toBeVisible();
  await expect(main.getByRole('link', { name: /^Renew or upgrade/ })).toBeVisible();
  // The course's own price stays beside the way back: bought, it is kept whatever the plan.
  await expect(main.getByText('Or buy this course on its own')).toBeVisible();
  await main.getByRole('link', { name: 'Buy now' }).click();

  await expect(page).toHaveURL(new RegExp(`/simple-checkout\\?type=COURSE&itemId=${course.id}`));
  await main.getByRole('button', { name: 'Pay $79.00' }).click();
  await payWithCard(page, PAYING_CARD);
  await expect(main.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await main.getByRole('link', { name: `Start course: ${course.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${course.id}`));
  await expect(page.getByRole('heading', { name: course.lessonTitle })).toBeVisible();
  await expect(page.getByText('Keep the')).toBeVisible();
  const mine = (await (await request.get('/api/enrollments', { headers: bearer(who.token) })).json()) as { course_id: number; source: string }[];
  expect(mine.find((e) => e.course_id === course.id)?.source).toBe('purchase');

  // The course page now shows the learner's own course, not the plan's notice.
  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  await expect(main.getByRole('link', { name: 'Continue', exact: true })).toBeVisible();
  await expect(main.getByText('Your plan has ended')).toHaveCount(0);
});
