import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test, uniqueName } from './fixtures.ts';

// Account recovery and session control as people use them (decision 0016).

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A new account with an email address (a reset link needs one). */
async function newAccount(page: Page) {
  const username = uniqueName('reset');
  const email = `${username}@example.com`;
  const password = 'first-password-42';
  const res = await page.request.post('/api/register', { data: { username, password, email, first_name: 'Rosa', last_name: 'Reyes' } });
  expect(res.status()).toBe(201);
  return { username, email, password, token: ((await res.json()) as { access_token: string }).access_token };
}

/** A browser context whose page starts signed in with the given token. */
async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  return context.newPage();
}

async function apiToken(page: Page, username: string, password: string, userAgent?: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { username, password }, headers: userAgent ? { 'user-agent': userAgent } : {} });
  expect(res.status(), `login as ${username}`).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Serious and critical findings of axe on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

async function signInThroughForm(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('forgot password: the reset link from the outbox sets a new password and signs the old session out', async ({ browser, page }) => {
  // Four browsers, four accessibility scans and five password hashes: ~25 s on a loaded CI machine.
  test.slow();
  const account = await newAccount(page);

  // The person is signed in somewhere (this page)...
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), account.token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // ...and, elsewhere, has forgotten the password.
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto('/auth');
  await elsewhere.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(elsewhere).toHaveURL(/\/forgot-password$/);
  await hydrated(elsewhere);
  await elsewhere.getByLabel('Email or username').fill(account.email);
  await elsewhere.getByRole('button', { name: 'Send reset link' }).click();
  await expect(elsewhere.getByText('Check your email')).toBeVisible();
  expect(await seriousViolations(elsewhere)).toEqual([]);
  await expect(elsewhere.getByText(/If an account matches what you entered/)).toBeVisible();

  // No mail is configured: the admin reads the link in the outbox of /admin/messages.
  const admin = await signedInPage(browser, await apiToken(page, ACCOUNTS.admin, DEMO_PASSWORD));
  await admin.goto('/admin/messages');
  await hydrated(admin);
  await admin.getByRole('tab', { name: 'Outbox' }).click();
  const message = admin.getByRole('article').filter({ hasText: account.email }).first();
  await expect(message.getByRole('heading', { name: 'Reset your DRX password' })).toBeVisible();
  await message.getByText('Show message').click();
  const body = await message.locator('.admin-message-body').innerText();
  expect(await seriousViolations(admin)).toEqual([]);
  const link = new URL(body.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)![0]);

  // The link, opened in a fresh browser, sets a new password.
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(link.pathname + link.search);
  await hydrated(fresh);
  // The token leaves the address bar (and the history) once read.
  await expect(fresh).toHaveURL(/\/reset-password$/);
  expect(await seriousViolations(fresh)).toEqual([]);
  await fresh.getByLabel('New password', { exact: true }).fill('second-password-42');
  await fresh.getByLabel('Confirm new password').fill('second-password-42');
  await fresh.getByRole('button', { name: 'Reset password' }).click();
  await expect(fresh.getByText('Password reset', { exact: true })).toBeVisible();
  await fresh.getByRole('link', { name: 'Sign in with your new password' }).click();
  await expect(fresh).toHaveURL(/\/auth$/);

  // The old password fails, the new one works.
  await signInThroughForm(fresh, account.username, account.password);
  await expect(fresh.getByText('Invalid username or password.')).toBeVisible();
  await signInThroughForm(fresh, account.username, 'second-password-42');
  await expect(fresh).not.toHaveURL(/\/auth/);

  // The link works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link.pathname + link.search);
  await hydrated(again);
  await again.getByLabel('New password', { exact: true }).fill('third-password-42');
  await again.getByLabel('Confirm new password').fill('third-password-42');
  await again.getByRole('button', { name: 'Reset password' }).click();
  await expect(again.getByText(/already been used/)).toBeVisible();

  // The first browser's session ended with the reset: its next call is refused and it lands on /auth.
  const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${account.token}` } });
  expect(me.status()).toBe(401);
  expect(((await me.json()) as { message: string }).message).toBe('Invalid token');
  await page.goto('/profile/manage');
  await expect(page).toHaveURL(/\/auth/);
});

test('change password on /profile/manage signs out the other sessions and keeps this one', async ({ browser, page }) => {
  const account = await newAccount(page);
  const other = await apiToken(page, account.username, account.password, SAFARI_IPHONE);
  const manage = await signedInPage(browser, account.token);
  await manage.goto('/profile/manage');
  await hydrated(manage);
  await expect(manage.getByRole('heading', { level: 1, name: 'Manage Account' })).toBeVisible();

  const form = manage.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill('changed-password-42');
  await form.getByLabel('Confirm new password').fill('changed-password-42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();

  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(manage.getByText('Password changed')).toBeVisible();
  await expect(manage.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(1);

  expect((await page.request.get('/api/me', { headers: { authorization: `Bearer ${other}` } })).status()).toBe(401);
  expect((await page.request.get('/api/me', { headers: { authorization: `Bearer ${account.token}` } })).status()).toBe(200);
  await apiToken(page, account.username, 'changed-password-42');
});

test('/profile/manage lists the sessions; "Sign out" ends one, "Sign out everywhere" the rest', async ({ browser, page }) => {
  const account = await newAccount(page);
  const phone = await apiToken(page, account.username, account.password, SAFARI_IPHONE);
  const third = await apiToken(page, account.username, account.password);
  const manage = await signedInPage(browser, account.token);
  await manage.setViewportSize({ width: 390, height: 844 });
  await manage.goto('/profile/manage');
  await hydrated(manage);

  const list = manage.getByRole('list', { name: 'Active sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('This device')).toBeVisible();
  expect(await manage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(manage)).toEqual([]);

  await list.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect((await page.request.get('/api/me', { headers: { authorization: `Bearer ${phone}` } })).status()).toBe(401);

  await manage.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await page.request.get('/api/me', { headers: { authorization: `Bearer ${third}` } })).status()).toBe(401);
  await expect(manage.getByRole('button', { name: 'Sign out everywhere' })).toBeDisabled();

  // Signing out this device from the list signs this browser out.
  await list.getByRole('button', { name: 'Sign out of this device' }).click();
  await expect(manage).toHaveURL(/\/auth/);
  expect((await page.request.get('/api/me', { headers: { authorization: `Bearer ${account.token}` } })).status()).toBe(401);
});

test('/reset-password without a token, and /forgot-password at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/reset-password');
  await hydrated(page);
  await expect(page.getByText('This link is incomplete')).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter your email address or username')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
