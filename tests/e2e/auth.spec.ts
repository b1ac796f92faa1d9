import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, registerUser, test, uniqueName } from './fixtures.ts';

const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });
const signUpForm = (page: Page) => page.getByRole('form', { name: 'Create account' });

async function signIn(page: Page, username: string, password: string) {
  const form = signInForm(page);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

// Sign up, sign in and sign out through the forms, as a person would.

test.describe('sign up', () => {
  test('?mode=signup opens the Sign Up tab; a new account lands on its dashboard, signed in', async ({ page }) => {
    const username = uniqueName('signup');
    await page.goto('/auth?mode=signup');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    const form = signUpForm(page);
    await form.getByLabel('First name').fill('Ana');
    await form.getByLabel('Last name').fill('Pavlova');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('correct-horse-42');
    await form.getByLabel('Confirm password').fill('correct-horse-42');
    await form.getByRole('button', { name: 'Create Account' }).click();

    // After registration: /dashboard, whose chooser sends a learner on to /dashboard/user.
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    await expect(page.getByRole('heading', { level: 1, name: /Ana/ })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Ana Pavlova' })).toBeVisible();
  });

  test('the tabs work by keyboard and keep the address in step', async ({ page }) => {
    await page.goto('/auth');
    const signInTab = page.getByRole('tab', { name: 'Sign In' });
    const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
    await expect(signInForm(page)).toBeVisible();
    await expect(signUpForm(page)).toBeHidden();
    await expect(signInForm(page).getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await signInTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(signUpTab).toBeFocused();
    await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
    await expect(signUpForm(page)).toBeVisible();
    await expect(signInForm(page)).toBeHidden();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await page.keyboard.press('Home');
    await expect(signInTab).toBeFocused();
    await expect(page).toHaveURL(/\/auth$/);
    await signInForm(page).getByRole('link', { name: 'Create an account' }).click();
    await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
  });

  test('the form checks its fields before sending', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a taken username shows its message under Registration failed', async ({ page }) => {
    const { username } = await registerUser(page, 'taken');
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
    await page.getByLabel('Confirm password').fill('correct-horse-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Registration failed');
    await expect(alert).toContainText('Username already taken. Please choose another.');
  });
});

test.describe('sign in', () => {
  test('a learner with the right password lands on their dashboard', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await signIn(page, ACCOUNTS.student, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Maya Thompson' })).toBeVisible();
  });

  test('an admin lands on the admin dashboard', async ({ page }) => {
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.admin, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('?redirect= brings the visitor back where the guard stopped them', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
    await signIn(page, ACCOUNTS.student, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Maya Thompson' })).toBeVisible();
  });

  test('a wrong password shows Login failed with the exact message', async ({ page }) => {
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.seller, 'not-the-password');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Login failed');
    await expect(alert).toContainText('Invalid username or password.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a deactivated account is told so after the right password, and only then', async ({ page, request }) => {
    const user = await registerUser(page, 'gone');
    const adminLogin = await request.post('/api/login', { data: { username: ACCOUNTS.admin, password: DEMO_PASSWORD } });
    const { access_token } = (await adminLogin.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    const found = await request.get(`/api/users?search=${user.username}`, { headers });
    const { data } = (await found.json()) as { data: { id: number; username: string }[] };
    const id = data.find((u) => u.username === user.username)!.id;
    expect((await request.patch(`/api/users/${id}`, { headers, data: { is_active: false } })).ok()).toBeTruthy();

    await page.goto('/auth');
    await signIn(page, user.username, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Invalid username or password.');
    await signInForm(page).getByLabel('Password').fill(user.password);
    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Login failed');
    await expect(alert).toContainText('This account has been deactivated.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a server error and an unexpected failure have their own messages', async ({ page }) => {
    await page.goto('/auth');
    await page.route('/api/login', (route) => route.fulfill({ status: 500, json: { message: 'Internal error' } }));
    await signIn(page, ACCOUNTS.student, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('A server error occurred. Please try again later.');

    await page.unroute('/api/login');
    await page.route('/api/login', (route) => route.fulfill({ status: 418, json: { message: 'Teapot' } }));
    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Login failed. Please try again.');
  });

  test('a signed-in visitor of /auth is sent on', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.student);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard\/user$/);
  });
});

test.describe('sign out', () => {
  test('returns to / and the header offers Sign In again', async ({ page }) => {
    // Signed in through the form: the loginAs fixture would put the token back on every page.
    await page.goto('/auth');
    await signIn(page, ACCOUNTS.student, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/user$/);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Create Account' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
});
