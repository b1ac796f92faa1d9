import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, expect, registerUser, test } from './fixtures.ts';

// The site shell of §2.1–§2.4: header, footer, user menu, guards, landing redirects, 404, toasts.

const HEADER = [
  { name: 'Home', href: '/' },
  { name: 'Certification', href: '/courses' },
  { name: 'Curriculum', href: '/curriculum' },
  { name: 'Connect & Book', href: '/connect' },
  { name: 'Plans & Pricing', href: '/subscription' },
];

const FOOTER_HREFS = ['/courses', '/resources', '/connect', '/dashboard', '/about', '/pricing', '/contact', '/terms', '/privacy', '/cookies'];

test.describe('header and footer', () => {
  test('the header has the five links of §2.1', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(5);
    for (const [i, link] of HEADER.entries()) {
      await expect(links.nth(i)).toHaveText(link.name);
      await expect(links.nth(i)).toHaveAttribute('href', link.href);
    }
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  });

  for (const { path, active } of [
    { path: '/', active: 'Home' },
    { path: '/courses', active: 'Certification' },
    // /curriculum (and /resources under it), /connect and /subscription are built by later
    // issues; the rule that highlights them, /resources included, is unit-tested in
    // worker/src/domain/navigation.test.ts.
  ]) {
    test(`${path} highlights ${active}`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: active, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    });
  }

  test('the footer has the ten links of §2.1', async ({ page }) => {
    await page.goto('/');
    const links = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' }).getByRole('link');
    await expect(links).toHaveCount(10);
    for (const [i, href] of FOOTER_HREFS.entries()) await expect(links.nth(i)).toHaveAttribute('href', href);
  });
});

const BASE_ITEMS = ['My Dashboard', 'My Courses', 'My Purchases', 'Manage Subscription', 'My Profile'];
const MENU_BY_ACCOUNT: Record<string, string[]> = {
  [ACCOUNTS.student]: [...BASE_ITEMS, 'Sign Out'],
  [ACCOUNTS.seller]: [...BASE_ITEMS, 'Seller Payments', 'Sign Out'],
  [ACCOUNTS.curriculumSeller]: [...BASE_ITEMS, 'Seller Payments', 'Sign Out'],
  [ACCOUNTS.multirole]: [...BASE_ITEMS, 'Seller Payments', 'Sign Out'],
  [ACCOUNTS.admin]: [...BASE_ITEMS, 'Admin Panel', 'Sign Out'],
  [ACCOUNTS.instructorAdmin]: [...BASE_ITEMS, 'Admin Panel', 'Sign Out'],
  [ACCOUNTS.curriculumAdmin]: [...BASE_ITEMS, 'Admin Panel', 'Sign Out'],
};

test.describe('user menu', () => {
  test('a guest sees Sign In and Create Account', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(header.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?mode=signup');
    await expect(header.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  });

  for (const [username, expected] of Object.entries(MENU_BY_ACCOUNT)) {
    test(`${username} sees ${expected.filter((i) => !BASE_ITEMS.includes(i)).join(', ')}`, async ({ page, loginAs }) => {
      await loginAs(username);
      await page.goto('/about');
      await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(expected);
      await expect(menu.getByRole('menuitem', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard');
      if (expected.includes('Seller Payments')) await expect(menu.getByRole('menuitem', { name: 'Seller Payments' })).toHaveAttribute('href', '/seller/payments');
      if (expected.includes('Admin Panel')) await expect(menu.getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    });
  }

  test('works by keyboard: Enter opens on the first item, arrows move, Escape closes and returns focus', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.student);
    await page.goto('/about');
    const button = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menuitem', { name: 'My Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'My Courses' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByRole('menuitem', { name: 'My Dashboard' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('not found', () => {
  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown member id shows a not-found message', async ({ page }) => {
    await page.goto('/profile/987654321');
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
  });
});

test.describe('contact', () => {
  test('the form checks its fields, then stores the message and says so', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send a message' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Enter a valid email address')).toBeVisible();
    await expect(form.getByLabel('Name')).toBeFocused();
    await form.getByLabel('Name').fill('Ana Pavlova');
    await form.getByLabel('Email').fill('ana@example.com');
    await form.getByLabel('Subject').fill('Studio licence');
    await form.getByLabel('Message').fill('Can our three teachers share one curriculum purchase?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Message sent' });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText('Thank you! Your message has been sent.');
  });
});

const MY_SIGNED_IN_PAGES = ['/multi-dashboard', '/dashboard/user', '/profile', '/profile/edit'];

test.describe('guards', () => {
  for (const path of MY_SIGNED_IN_PAGES) {
    test(`${path} sends an anonymous visitor to /auth?redirect=${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(path)}`);
    });
  }

  test("'Verifying authentication...' shows while the user loads", async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.student);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/profile');
    await expect(page.getByText('Verifying authentication...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Maya Thompson' })).toBeVisible();
    await expect(page.getByText('Verifying authentication...')).toHaveCount(0);
  });

  test('a signed-in user sees their pages', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.multirole);
    await page.goto('/multi-dashboard');
    for (const area of ['Learner', 'Seller', 'Instructor']) await expect(page.getByRole('heading', { name: area, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Administration', exact: true })).toHaveCount(0);
    await page.goto('/dashboard/user');
    for (const name of ['My Courses', 'My Purchases', 'Plans', 'Connect & Book']) await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
  });
});

test.describe('landing redirect of /dashboard (§2.2)', () => {
  test('an anonymous visitor goes to /auth', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });

  for (const [username, target] of [
    [ACCOUNTS.student, '/dashboard/user'],
    [ACCOUNTS.seller, '/dashboard/user'],
    [ACCOUNTS.multirole, '/multi-dashboard'],
    [ACCOUNTS.instructorAdmin, '/multi-dashboard'],
    [ACCOUNTS.curriculumAdmin, '/multi-dashboard'],
    [ACCOUNTS.curriculumSeller, '/multi-dashboard'],
  ] as const) {
    test(`${username} goes to ${target}`, async ({ page, loginAs }) => {
      await loginAs(username);
      await page.goto('/dashboard');
      await expect(page).toHaveURL(target);
      await page.goto('/my-dashboard');
      await expect(page).toHaveURL(target);
    });
  }

  test('admin goes to /admin', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/my-dashboard');
    // /admin itself is a server redirect to /admin/dashboard.
    await expect(page).toHaveURL(/\/admin(\/dashboard)?$/);
  });
});

const avatarPng = readFileSync(fileURLToPath(new URL('../../site/public/images/default-user.png', import.meta.url)));

test.describe('profile', () => {
  test('editing names and bio saves them and says so in a toast, which a swipe dismisses', async ({ page, loginAs }) => {
    const { username, password } = await registerUser(page, 'editor');
    await loginAs(username, password);
    await page.goto('/profile/edit');
    await page.getByLabel('First name').fill('Margot');
    await page.getByLabel('Last name').fill('Fonteyn');
    await page.getByLabel('Bio').fill('Ballet teacher in Leeds.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Profile updated' });
    await expect(toast).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Margot Fonteyn' })).toBeVisible();

    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 3 });
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Margot Fonteyn' })).toBeVisible();
    await expect(page.getByText('Ballet teacher in Leeds.')).toBeVisible();
  });

  test('uploading a profile image updates the avatar in the header', async ({ page, loginAs }) => {
    const { username, password } = await registerUser(page, 'avatar');
    await loginAs(username, password);
    await page.goto('/profile/edit');
    const headerAvatar = page.getByRole('banner').getByRole('img', { name: "Test Dancer's profile picture" });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Test Dancer' })).toBeVisible();
    await expect(headerAvatar).toHaveCount(0);

    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatarPng });
    await expect(headerAvatar).toHaveAttribute('src', /\/uploads\//);
    await page.goto('/profile');
    await expect(page.getByRole('main').getByRole('img', { name: "Test Dancer's profile picture" })).toBeVisible();
  });
});
