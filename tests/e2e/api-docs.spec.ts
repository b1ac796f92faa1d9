import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';

// Decision 0052: the interactive API reference at /api/docs is Scalar's viewer of the API's own
// description (/api/openapi.json), served from this origin under the page policy: every operation
// by area and by search, what it requires and takes, and Test Request as the signed-in user.

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

/**
 * Serious axe violations inside Scalar's own components that neither its configuration nor our
 * styles reach (its markup, not its colours): each rule with the Scalar selector it is allowed on.
 * An entry is dropped only when every element axe names for it matches; anything else still fails.
 */
const SCALAR_INTERNAL: Record<string, RegExp> = {
  // The client's answer body is a read-only CodeMirror editor: its content has role=textbox
  // without a name, and its scroller (tabindex=-1) cannot take the keyboard focus.
  'aria-input-field-name': /^\.cm-content$/,
  'scrollable-region-focusable': /^\.cm-scroller$/,
  // A parameter's "More Information" popover button has role=none and an aria-label (Headless UI).
  'aria-prohibited-attr': /headlessui-popover-button-scalar-client-/,
  // The client's cookie and header key/value inputs are comboboxes without aria-expanded or aria-controls.
  'aria-required-attr': /\.code-input-lite__editor/,
  // The client's "Copy code" button names in aria-controls an element that is not in the page.
  'aria-valid-attr-value': /^button\[aria-label="Copy code"\]$/,
};

/** `seriousViolations` without the Scalar-internal ones above. */
async function ourSeriousViolations(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).filter((violation) => {
    const [, rule = '', targets = ''] = /^(\S+) \([a-z]+\): .* — (.*)$/.exec(violation) ?? [];
    const internal = SCALAR_INTERNAL[rule];
    if (!internal) return true;
    return !targets.split(', ').every((target) => internal.test(target));
  });
}

/** On a phone Scalar hides its sidebar behind a menu button. */
async function sidebar(page: Page, width: number): Promise<void> {
  if (width < 1000) await page.getByRole('button', { name: 'Open Menu' }).click();
}

/** An operation's entry in the sidebar shown (on a phone, the one in its menu). */
function sidebarLink(page: Page, method: string, path: string): Locator {
  return page.locator(`[data-sidebar-id] a[href$="/${method.toUpperCase()}${path}"]`).filter({ visible: true });
}

/** An operation's section, found by its method and path (its id ends with them; the summary is generated and may change). */
function operation(page: Page, method: string, path: string): Locator {
  return page.locator(`section[id$="/${method.toUpperCase()}${path}"]`);
}

async function readsCouponCreation(page: Page): Promise<void> {
  const create = operation(page, 'post', '/api/admin/coupons');
  await expect(create).toBeVisible();
  // Who may call it: our description says the permission (Scalar does not show x-permission).
  const description = create.getByRole('group', { name: 'Description' });
  await expect(description).toContainText('Requires permission');
  await expect(description.locator('code', { hasText: 'coupons.manage' })).toBeVisible();
  // The body fields, with the enum of discountType.
  const discountType = create.getByRole('group', { name: 'Request Body' }).getByRole('listitem').filter({ hasText: /^discountType/ });
  await expect(discountType).toContainText('"percent" or "fixed"');
  await expect(discountType).toContainText('enum');
  await expect(discountType).toContainText('required');
  await expect(create.getByRole('list', { name: 'Responses' })).toContainText('The signed-in user may not do this.');
}

test('anyone reads the API reference: an operation found by search and by area, what it requires and its body fields; the page keeps its CSP', async ({ page, request }) => {
  // Each load parses the viewer's bundle (~4.8 MB): slow on a busy machine.
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const described = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(described.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  expect(operations).toBeGreaterThan(150);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    await hydrated(page);
    const main = page.getByRole('main').first();
    await expect(main.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'DRX API' })).toBeVisible({ timeout: 20_000 });

    if (width === 1280) {
      // By search: the operation id finds it, and choosing the result opens it.
      await page.getByRole('button', { name: /^Open Search/ }).click();
      const search = page.getByRole('dialog', { name: 'Search' });
      await search.getByRole('combobox', { name: 'Enter search query' }).fill('postAdminCoupons');
      await search.getByRole('option', { name: /HTTP Method: post Path: \/api\/admin\/coupons$/ }).click();
    } else {
      // By area, in the phone's menu: the area of the admin's coupons opens its operations, then its POST.
      await sidebar(page, width);
      await page.getByRole('link', { name: 'admin coupons', exact: true }).click();
      await sidebarLink(page, 'post', '/api/admin/coupons').click();
    }
    await readsCouponCreation(page);
    await page.screenshot({ path: `test-results/api-docs-signed-out-${width}.png` });
    await fitsWidth(page);
    if (width === 1280) expect(await ourSeriousViolations(page), 'axe on /api/docs').toEqual([]);
  }
  expect(await violations()).toEqual([]);
});

test('an admin sends GET /api/me from the reference and sees the 200 JSON answer; the page fits a phone and a desktop', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await loginAs(ACCOUNTS.admin);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/api/docs');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'DRX API' })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/api-docs-admin-${width}.png` });

    await sidebar(page, width);
    await page.getByRole('link', { name: 'me', exact: true }).click();
    await sidebarLink(page, 'get', '/api/me').click();
    const me = operation(page, 'get', '/api/me');
    await expect(me.getByRole('group', { name: 'Description' })).toContainText('Requires a signed-in user.');
    await me.getByRole('button', { name: 'Test Request (get /api/me)', exact: true }).click();

    // The client sends with the admin's token (site/src/lib/api-reference.ts fills the bearer scheme).
    const client = page.getByRole('dialog', { name: 'API Client' });
    await client.getByRole('button', { name: /^Send get request to .*\/api\/me$/ }).click();
    const answer = client.getByRole('region', { name: 'Response' });
    await expect(answer.getByRole('link', { name: '200 OK' })).toBeVisible();
    await expect(answer).toContainText('"username": "admin"');
    await page.screenshot({ path: `test-results/api-docs-admin-answer-${width}.png` });
    await fitsWidth(page);
    if (width === 390) expect(await ourSeriousViolations(page), 'axe with an answer shown').toEqual([]);
    await client.getByRole('button', { name: 'Close Client' }).click();
    await expect(client).toBeHidden();
  }
  expect(await violations()).toEqual([]);
});
