import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Download, Page } from '@playwright/test';
import { ACCOUNTS, expect, hydrated, registerUser, test } from './fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';

// Every admin list exports its rows as CSV with the list's current filters.

/** Clicks the list's Export CSV and reads the downloaded file back with an independent CSV parser. */
async function exportAndParse(page: Page, name: string): Promise<{ file: Download; header: string[]; rows: string[][] }> {
  const main = page.getByRole('main');
  const download = page.waitForEvent('download');
  await main.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const [header, ...rows] = parse(await readFile((await file.path())!, 'utf8')) as string[][];
  await expect(main.getByRole('link', { name: 'Export CSV' })).toBeVisible(); // back from "Exporting..."
  return { file, header: header!, rows };
}

test('an admin exports the filtered users and coupons lists as CSV and reads them back', async ({ page, loginAs, request }) => {
  test.slow();
  const main = page.getByRole('main');
  const token = await loginAs(ACCOUNTS.admin);
  const learner = await registerUser(page, 'csvuser');
  const code = `CSV${Date.now().toString(36).toUpperCase()}`;
  const description = `=Spring, "early" sale ${code}`;
  const created = await request.post('/api/admin/coupons', {
    data: { code, description, discountType: 'percent', percentOff: 15 },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Users: search one username and the STUDENT role; the export holds exactly the matching user.
  await page.goto('/admin/users');
  await hydrated(page);
  await main.getByLabel('Search users').fill(learner.username);
  await main.getByLabel('Role', { exact: true }).selectOption('STUDENT');
  await expect(main.getByText('1 user', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/users/export.csv?search=${learner.username}&role=STUDENT`);
  const users = await exportAndParse(page, 'users');
  expect(users.header.slice(0, 6)).toEqual(['ID', 'Username', 'First name', 'Last name', 'Email', 'Roles']);
  expect(users.rows).toHaveLength(1);
  expect(users.rows[0]!.slice(1, 4)).toEqual([learner.username, 'Test', 'Dancer']);
  expect(users.rows[0]![5]).toContain('STUDENT');
  expect(await seriousViolations(page), 'axe on /admin/users').toEqual([]);

  // Coupons: the search by code; the description's comma and quotes survive, its formula start is disarmed.
  await page.goto('/admin/coupons');
  await hydrated(page);
  await main.getByLabel('Search coupons').fill(code);
  await expect(main.getByText('1 coupon', { exact: true })).toBeVisible();
  const coupons = await exportAndParse(page, 'coupons');
  expect(coupons.rows).toHaveLength(1);
  const cell = (name: string) => coupons.rows[0]![coupons.header.indexOf(name)];
  expect(cell('Code')).toBe(code);
  expect(cell('Description')).toBe(`'${description}`);
  expect(cell('Percent off')).toBe('15');
  expect(cell('State')).toBe('active');

  // A refused export (here: too many rows) says why beside the button.
  await page.route('**/api/admin/coupons/export.csv*', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Too many rows to export (more than 2,000,000). Narrow the filters and try again.' }) }),
  );
  await main.getByRole('link', { name: 'Export CSV' }).click();
  await expect(main.getByRole('alert')).toHaveText('Export failed: Too many rows to export (more than 2,000,000). Narrow the filters and try again.');
  expect(await seriousViolations(page), 'axe on /admin/coupons with the failure').toEqual([]);
});
