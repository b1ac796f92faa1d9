import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';

// An admin's change is recorded in the audit log, which the admin finds with the
// viewer's filters and opens to see the fields it changed; the page fits a phone.

test('an admin deactivates a coupon and finds the entry, with its diff, in the audit log', async ({ page, loginAs, request }) => {
  const code = `AUDIT${Date.now().toString(36).toUpperCase()}`;
  const token = await loginAs(ACCOUNTS.admin);
  const made = await request.post('/api/admin/coupons', { data: { code, discountType: 'percent', percentOff: 15 }, headers: { authorization: `Bearer ${token}` } });
  expect(made.ok()).toBeTruthy();
  const main = page.getByRole('main');

  // The change, made on the Coupons page.
  await page.goto('/admin/coupons');
  await hydrated(page);
  await main.getByLabel('Search coupons').fill(code);
  // The search's answer first (its address, then its read settled): a read under way when the
  // deactivation lands would show the coupon as it was.
  await expect(page).toHaveURL(new RegExp(`q=${code}`));
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(main.getByText('1 coupon', { exact: true })).toBeVisible();
  await main.getByRole('button', { name: `Deactivate ${code}` }).click();
  await page.getByRole('alertdialog', { name: `Deactivate ${code}?` }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(main.getByRole('row').filter({ hasText: code })).toContainText('Inactive');

  // The audit log, from the admin menu.
  await page.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  await main.getByLabel('Action').selectOption({ label: 'Coupon deactivated' });
  await main.getByLabel('Search summaries').fill(code);
  await expect(page).toHaveURL(new RegExp(`action=coupon.deactivate.*q=${code}`));
  await expect(main.getByText('1 entry')).toBeVisible();
  const row = main.getByRole('row').filter({ hasText: `Deactivated coupon ${code}.` });
  await expect(row).toContainText('admin');
  await expect(row).toContainText(/Coupons #\d+/);
  await row.getByText(/fields? changed/).click();
  const diff = row.getByRole('definition').filter({ hasText: 'Before: 1' });
  await expect(diff).toContainText('After: 0');
  await expect(row.getByRole('term').filter({ hasText: 'Active' })).toBeVisible();
  expect(await seriousViolations(page), 'axe on /admin/audit-log').toEqual([]);

  // The creation is there too under another filter; Clear filters shows every entry again.
  await main.getByLabel('Action').selectOption({ label: 'Coupon created' });
  await expect(main.getByRole('row').filter({ hasText: `Created coupon ${code}.` })).toBeVisible();
  await main.getByRole('button', { name: 'Clear filters' }).click();
  await expect(main.getByLabel('Action')).toHaveValue('');
  await expect(main.getByRole('row').filter({ hasText: `Deactivated coupon ${code}.` })).toBeVisible();

  // On a phone the table stacks and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/audit-log?q=${code}`);
  await hydrated(page);
  await expect(main.getByText('2 entries')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/admin-audit-390.png', fullPage: true });
});
