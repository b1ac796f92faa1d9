import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';

// /admin/documentation shows an admin how to run DRX, rendered by the build from the
// repository's README, architecture notes and decision records.

const DECISIONS = readdirSync(fileURLToPath(new URL('../../docs/decisions/', import.meta.url))).filter((f) => /^\d{4}-.*\.md$/.test(f));

test.describe('admin documentation', () => {
  test("an admin reads the README's sections, jumps through the contents and opens a decision record", async ({ page, loginAs }) => {
    // axe reads the whole page: every document and every decision record.
    test.setTimeout(90_000);
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/documentation');
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    // Headings of README.md, one level below the page's.
    await expect(main.getByRole('heading', { level: 2, name: 'DRX', exact: true })).toBeVisible();
    for (const name of ['Run it', 'Demo accounts', 'Security', 'Deploy to Cloudflare Workers'])
      await expect(main.getByRole('heading', { name, exact: true }).first()).toBeVisible();
    await expect(main.locator('pre code', { hasText: 'npm install && npm start' })).toBeVisible();
    // The developers' sections stay in the repository.
    await expect(main.getByRole('heading', { name: 'Develop', exact: true })).toHaveCount(0);
    await expect(main.getByRole('heading', { level: 2, name: 'Architecture' })).toBeVisible();

    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('link', { name: 'Deploy to Cloudflare Workers' }).click();
    await expect(page).toHaveURL(/#readme-deploy-to-cloudflare-workers$/);
    await expect(main.getByRole('heading', { name: 'Deploy to Cloudflare Workers' })).toBeInViewport();

    // The interactive API reference section points to the reference page and the document (decision 0052).
    await contents.getByRole('link', { name: 'Interactive API reference' }).click();
    const api = page.getByRole('region', { name: 'Interactive API reference' });
    await expect(api.getByRole('link', { name: '/api/docs' })).toBeVisible();
    await expect(api.getByRole('link', { name: '/api/openapi.json' })).toBeVisible();

    // Every decision record is listed by its title, and each one opens.
    const records = page.getByRole('region', { name: 'Decision records' });
    await expect(records.getByRole('listitem')).toHaveCount(DECISIONS.length);
    const adminConsole = records.getByText(/^0033 Admin console/);
    await expect(adminConsole).toBeVisible();
    const body = records.locator('#decision-0033');
    await expect(body.getByRole('heading', { name: 'Context' })).toBeHidden();
    await adminConsole.click();
    await expect(body.getByRole('heading', { name: 'Context' })).toBeVisible();
    await expect(body.getByText('The audit log is written in the change\'s own batch')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('fits a 390 px phone', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/documentation');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 2, name: 'DRX', exact: true })).toBeVisible();
    await page.getByRole('region', { name: 'Decision records' }).getByText(/^0032 /).click();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth, document.body.scrollWidth, document.body.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    expect(widths[2]).toBeLessThanOrEqual(widths[3]!);
  });

  test('a signed-in user without an admin role is sent to /', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.student);
    await page.goto('/admin/documentation');
    await expect(page).toHaveURL('/');
  });

  test('a sub-admin without documentation.read is told it is not for their role', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.curriculumAdmin);
    await page.goto('/admin/documentation');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'DRX', exact: true })).toHaveCount(0);
  });
});
