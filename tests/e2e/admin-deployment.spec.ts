import type { Page } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';

// /admin/deployment shows what the server runs on and runs its checks.

const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/** Dismisses the toasts on screen, so what follows checks the page alone. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

test.describe('admin deployment', () => {
  test('an admin reads the facts and runs the checks: every one passes on the test server', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/deployment');
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.getByText('Healthy', { exact: true })).toBeVisible();
    await expect(main.getByText(/^Node\.js \d+\./)).toBeVisible();
    await expect(main.getByText(/^Embedded file .*drx\.db$/)).toBeVisible();
    await expect(main.getByText(/^All \d+ applied \(latest \d{4}_/)).toBeVisible();
    await expect(main.getByText('Built-in test provider (no card is charged)')).toBeVisible();

    await main.getByRole('button', { name: 'Run checks' }).click();
    const results = main.getByRole('list', { name: 'Check results' });
    await expect(results.getByRole('listitem')).toHaveCount(5);
    for (const label of ['Database round trip', 'Migrations up to date', 'Object store write, read, delete', 'Payment provider reachable', 'Email delivery']) {
      const row = results.getByRole('listitem').filter({ hasText: label });
      await expect(row.getByText('OK', { exact: true })).toBeVisible();
    }
    await expect(main.getByText(/^Every check passed/)).toBeVisible();
    await dismissToasts(page);
    expect(await seriousViolations(page), 'axe on /admin/deployment').toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-deployment-1280.png`, fullPage: true });
  });

  test('fits a 390 px phone', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/deployment');
    await hydrated(page);
    await page.getByRole('button', { name: 'Run checks' }).click();
    await expect(page.getByText(/^Every check passed/)).toBeVisible();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/admin-deployment-390.png`, fullPage: true });
  });

  test('a curriculum admin is not shown the deployment', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.curriculumAdmin);
    await page.goto('/admin/deployment');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  });
});
