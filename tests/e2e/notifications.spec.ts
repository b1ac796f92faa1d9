import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, registerUser, test } from './fixtures.ts';

/**
 * Notifications (decision 0033): the header's bell shows the unread count, /notifications lists the
 * notices and marks them read, and the choices per kind are saved and respected (an enrolment
 * with its in-app notice turned off leaves none).
 */

async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function courses(request: APIRequestContext) {
  const res = await request.get('/api/courses?pageSize=100');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { id: number; title: string; price_cents: number; required_level?: number }[] }).data.filter((c) => !c.required_level);
}

test('the bell counts unread notices; the page marks them read and saves the choices, which are respected', async ({ page, request }) => {
  const { username, password } = await registerUser(page, 'notified');
  const token = await tokenOf(request, username, password);
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number };
  const adminToken = await tokenOf(request, ACCOUNTS.admin, DEMO_PASSWORD);
  const list = await courses(request);
  const free = list.find((c) => c.price_cents === 0)!;
  const [paidA, paidB] = list.filter((c) => c.price_cents > 0);
  // Two events: the learner enrols in the free course, an admin enrols them in a paid one.
  expect((await request.post('/api/enrollments', { data: { courseId: free.id }, headers: { authorization: `Bearer ${token}` } })).status()).toBe(201);
  expect((await request.post('/api/enrollments', { data: { courseId: paidA!.id, userId: me.id }, headers: { authorization: `Bearer ${adminToken}` } })).status()).toBe(201);

  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  await page.goto('/');
  const bell = page.getByRole('link', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await hydrated(page);
  const notices = page.getByRole('list', { name: 'Your notifications' });
  await expect(notices.getByRole('listitem')).toHaveCount(2);
  await expect(notices).toContainText(`You are enrolled in “${free.title}”`);
  await expect(page.getByRole('heading', { name: /Notifications \(2 unread\)/ })).toBeVisible();

  // Mark one read: the count drops here and on the bell.
  await notices.getByRole('button', { name: `Mark read: You are enrolled in “${free.title}”` }).click();
  await expect(page.getByRole('heading', { name: /Notifications \(1 unread\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('heading', { name: /Notifications \(all read\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();

  // The choices: password reset by email cannot be turned off; enrolment in-app is turned off and saved.
  const reset = page.getByRole('checkbox', { name: 'Email: Password reset' });
  await expect(reset).toBeChecked();
  await expect(reset).toBeDisabled();
  // axe on the page itself: the toasts shown so far are dismissed first.
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await dismiss.click();
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'In-app: Enrolment' }).uncheck();
  await page.getByRole('button', { name: 'Save choices' }).click();
  await expect(page.getByText('Notification choices saved')).toBeVisible();

  // Respected: another enrolment leaves no notice, and the choice is still off after a reload.
  expect((await request.post('/api/enrollments', { data: { courseId: paidB!.id, userId: me.id }, headers: { authorization: `Bearer ${adminToken}` } })).status()).toBe(201);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('checkbox', { name: 'In-app: Enrolment' })).not.toBeChecked();
  await expect(page.getByRole('list', { name: 'Your notifications' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
});

test('an account without notices sees the empty state; the page fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { username, password } = await registerUser(page, 'quiet');
  const token = await tokenOf(page.request, username, password);
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  await page.goto('/notifications');
  await hydrated(page);
  await expect(page.getByText('No notifications yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, none unread' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Email: Enrolment' })).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
