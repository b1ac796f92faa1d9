import type { Page } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';

// Decision 0033: the interactive API reference at /api/docs, generated from the API's own
// description (/api/openapi.json): every operation by area, its fields, and Try it as the user.

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

test('anyone reads the API reference: every operation by area, searched, with its body fields; the page keeps its CSP', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const described = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(described.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  expect(operations).toBeGreaterThan(150);

  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(main.getByText(`${operations} operations`, { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'admin coupons' })).toBeVisible();

  await main.getByLabel('Search operations').fill('post admin coupons');
  await expect(main.getByRole('status').filter({ hasText: /of \d+ operations/ })).toBeVisible();
  const create = page.locator('#postAdminCoupons');
  await create.locator('summary').click();
  await expect(create.getByText('Requires permission')).toBeVisible();
  await expect(create.locator('code', { hasText: 'coupons.manage' }).first()).toBeVisible();
  await expect(create.locator('dt').filter({ hasText: 'discountType' })).toContainText('required');
  await expect(create.locator('dd').filter({ hasText: '"percent" | "fixed"' })).toBeVisible();
  await expect(create.getByText('The signed-in user may not do this.')).toBeVisible();
  await expect(create.getByLabel('Request body (JSON)')).toHaveValue(/"discountType": "percent"/);

  await main.getByLabel('Search operations').fill('zzz-no-such-operation');
  await expect(main.getByText('No operation matches')).toBeVisible();
  await main.getByLabel('Search operations').fill('');
  expect(await seriousViolations(page), 'axe on /api/docs').toEqual([]);
  expect(await violations()).toEqual([]);
});

test('an admin tries GET /api/me from the reference and sees the 200 JSON answer; the page fits a phone and a desktop', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.admin);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/api/docs');
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByLabel('Search operations').fill('get /api/me');
    const me = page.locator('#getMe');
    await me.locator('summary').click();
    await expect(me.getByText('Requires a signed-in user.')).toBeVisible();
    await me.getByRole('button', { name: 'Send GET' }).click();
    await expect(me.locator('.api-result-status')).toContainText('200');
    const body = me.getByLabel('Answer body of GET /api/me');
    await expect(body).toContainText('"username": "admin"');
    await page.screenshot({ path: `test-results/api-docs-${width}.png`, fullPage: false });
    await fitsWidth(page);
    if (width === 390) expect(await seriousViolations(page), 'axe with an answer shown').toEqual([]);
  }

  // A request the API refuses shows its error answer, and a missing path parameter is asked for.
  const page2 = page.getByRole('main');
  await page2.getByLabel('Search operations').fill('get admin coupons');
  const one = page.locator('#getAdminCouponsById');
  await one.locator('summary').click();
  await one.getByRole('button', { name: 'Send GET' }).click();
  await expect(one.getByRole('alert')).toHaveText('Enter id');
  await one.getByRole('textbox', { name: 'id', exact: true }).fill('999999999');
  await one.getByRole('button', { name: 'Send GET' }).click();
  await expect(one.locator('.api-result-status')).toContainText('404');
  await expect(one.getByLabel('Answer body of GET /api/admin/coupons/{id}')).toContainText('"message"');
});
