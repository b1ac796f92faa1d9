import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';

// Decision 0052: the interactive API reference at /api/docs is Scalar's viewer of the API's own
// description (/api/openapi.json), served from this origin under the page policy.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`);
    });
  });
  return async () => (await page.evaluate(() => window.__cspViolations ?? [])) as string[];
}

async function fitsWidth(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'no sideways scroll').toBeLessThanOrEqual(client);
}

test('anyone reads the API reference: the operations by area, what each requires; the page keeps its CSP', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const described = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(described.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  expect(operations).toBeGreaterThan(150);

  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  // The viewer, loaded from this origin, shows the document's areas and operations.
  await expect(main.getByText('admin coupons', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await main.getByText('admin coupons', { exact: true }).first().click();
  await expect(main.getByText('Post to admin coupons').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a signed-in admin opens the reference; the page fits a phone and a desktop', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.admin);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/api/docs');
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.getByText('admin coupons', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/api-docs-${width}.png`, fullPage: false });
    await fitsWidth(page);
  }
});
