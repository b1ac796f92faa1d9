import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './fixtures.ts';

// Decision 0023: the header is static markup whose account menu and toaster load only when
// needed, and nothing on these pages moves while they load (issue 8 §2).

/** Records every layout shift from the start of the page, for `shiftTotal`. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, once the page is idle (its idle-time scripts have run). */
async function shiftTotal(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })));
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test('a guest gets the header links without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?mode=signup');
  await context.close();
});

test("a guest's page loads neither the account menu nor the toaster until needed", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await shiftTotal(page);
  expect(scripts.filter((s) => /user-menu|toaster/.test(s))).toEqual([]);

  // Signing in on the page brings the account menu in.
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(ACCOUNTS.student);
  await form.getByLabel('Password').fill('drx-demo-2026');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
});

for (const width of [390, 1280]) {
  test.describe(`no layout shift at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    for (const path of ['/', '/about', '/auth', '/forgot-password', '/reset-password?token=abc', '/verify']) {
      test(`guest on ${path}`, async ({ page }) => {
        await recordShifts(page);
        await page.goto(path);
        expect(await shiftTotal(page)).toBe(0);
      });
    }

    test('signed in on /about: the account button takes the reserved place', async ({ page, loginAs }) => {
      await loginAs(ACCOUNTS.student);
      await recordShifts(page);
      await page.goto('/about');
      await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
      expect(await shiftTotal(page)).toBe(0);
    });
  });
}
