import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, tokenOf } from './admin-store-fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test, uniqueName } from './fixtures.ts';

// /admin/settings: an admin changes the site's name and a feature switch and sees
// their effect on the public pages; the settings are put back after each test.

const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/** Dismisses the toasts on screen, so what follows checks the page alone. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

async function restore(request: APIRequestContext, admin: string, values: Record<string, unknown>) {
  const res = await request.patch('/api/admin/settings', { headers: bearer(admin), data: values });
  expect(res.ok(), await res.text()).toBeTruthy();
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

test.describe('admin settings', () => {
  test('an admin renames the site and closes registration: /contact and /register show it; a bad value is refused inline', async ({ page, browser, request, loginAs }) => {
    const admin = await tokenOf(request, ACCOUNTS.admin);
    const before = (await (await request.get('/api/site-settings')).json()) as { site_name: string; features: { registrations_open: boolean } };
    const name = `Studio ${uniqueName('e2e').slice(-8)}`;
    try {
      await loginAs(ACCOUNTS.admin);
      await page.goto('/admin/settings');
      await hydrated(page);
      const main = page.getByRole('main');
      for (const heading of ['Site', 'Curriculum store', 'Booking policy defaults', 'Mail', 'Feature switches'])
        await expect(main.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();

      const site = main.getByRole('form', { name: 'Site settings' });
      const siteName = site.getByLabel('Site name');
      await expect(siteName).toHaveValue(before.site_name);
      // An empty name is refused before anything is sent.
      await siteName.fill('   ');
      await site.getByRole('button', { name: 'Save site' }).click();
      await expect(site.getByText('Enter the site name')).toBeVisible();
      await expect(siteName).toHaveAttribute('aria-invalid', 'true');
      await siteName.fill(name);
      await site.getByRole('button', { name: 'Save site' }).click();
      await expect(page.getByText('Site saved.')).toBeVisible();
      await expect(site.getByText(/^Last changed /)).toBeVisible();

      const switches = main.getByRole('form', { name: 'Feature switches settings' });
      const registration = switches.getByRole('switch', { name: /New accounts can register/ });
      await expect(registration).toBeChecked();
      await registration.uncheck();
      await switches.getByRole('button', { name: 'Save feature switches' }).click();
      await expect(page.getByText('Feature switches saved.')).toBeVisible();
      await dismissToasts(page);
      expect(await seriousViolations(page), 'axe on /admin/settings').toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-settings-1280.png`, fullPage: true });

      // The effect, as a visitor sees it.
      const visitor = await browser.newPage();
      try {
        await visitor.goto('/contact');
        await expect(visitor.getByRole('heading', { name: `Reach ${name}` })).toBeVisible();
        await visitor.goto('/register');
        await visitor.getByLabel('Username').fill(uniqueName('closed'));
        await visitor.getByLabel('Password', { exact: true }).fill('correct-horse-42');
        await visitor.getByLabel('Confirm password').fill('correct-horse-42');
        await visitor.getByRole('button', { name: 'Create Account' }).click();
        const alert = visitor.getByRole('alert');
        await expect(alert).toContainText('Registration failed');
        await expect(alert).toContainText('Registration is closed at the moment.');
      } finally {
        await visitor.close();
      }

      // Switched on again, registration works.
      await registration.check();
      await switches.getByRole('button', { name: 'Save feature switches' }).click();
      await expect(page.getByText('Feature switches saved.').last()).toBeVisible();
      const open = await request.post('/api/register', { data: { username: uniqueName('open'), password: 'correct-horse-42' } });
      expect(open.status()).toBe(201);
    } finally {
      await restore(request, admin, { site_name: before.site_name, registrations_open: before.features.registrations_open });
    }
  });

  test('fits a 390 px phone, and the curriculum admin sees the store section only', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/settings');
    await hydrated(page);
    await expect(page.getByRole('form', { name: 'Mail settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send test email' })).toBeVisible();
    await noSidewaysScroll(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-settings-390.png`, fullPage: true });

    const curriculum = await page.context().browser()!.newPage();
    try {
      const token = (await (await curriculum.request.post('/api/login', { data: { username: ACCOUNTS.curriculumAdmin, password: 'drx-demo-2026' } })).json()) as { access_token: string };
      await curriculum.addInitScript((t) => window.localStorage.setItem('access_token', t), token.access_token);
      await curriculum.goto('/admin/settings');
      await hydrated(curriculum);
      const main = curriculum.getByRole('main');
      await expect(main.getByRole('form', { name: 'Store settings' })).toBeVisible();
      await expect(main.getByRole('heading', { level: 2 })).toHaveCount(1);
      await expect(main.getByRole('form', { name: 'Site settings' })).toHaveCount(0);
    } finally {
      await curriculum.close();
    }
  });
});
