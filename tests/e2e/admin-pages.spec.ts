import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';

// An admin list pages by keyset (decision 0045): Next and Previous follow the tokens the shown page
// answered (kept in the address, so a reload shows the same rows), First and Last read either end.

test('an admin walks the audit log page by page, to the last page and back', async ({ page, loginAs, request }) => {
  const tag = `PAGES${Date.now().toString(36).toUpperCase()}`;
  const token = await loginAs(ACCOUNTS.admin);
  // 55 entries: pages of 25, 25 and 5.
  for (let i = 0; i < 55; i++) {
    const made = await request.post('/api/admin/coupons', {
      data: { code: `${tag}${String(i).padStart(2, '0')}`, discountType: 'percent', percentOff: 5 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(made.ok()).toBeTruthy();
  }
  const main = page.getByRole('main');
  const pager = main.getByRole('navigation', { name: 'Pagination' });
  const rows = main.getByRole('row').filter({ hasText: `Created coupon ${tag}` });
  const codes = async () => (await rows.allInnerTexts()).map((text) => text.match(new RegExp(`${tag}\\d\\d`))?.[0]);

  await page.goto(`/admin/audit-log?q=${tag}`);
  await hydrated(page);
  await expect(main.getByText('55 entries')).toBeVisible();
  await expect(pager.getByText('Page 1 of 3')).toBeVisible();
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(`${tag}54`);
  await expect(pager.getByRole('button', { name: 'First' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2 of 3')).toBeVisible();
  await expect(page).toHaveURL(/page=2&after=/);
  await expect(rows.first()).toContainText(`${tag}29`);
  const second = await codes();

  // A reload keeps the page: its token is in the address.
  await page.reload();
  await hydrated(page);
  await expect(pager.getByText('Page 2 of 3')).toBeVisible();
  await expect(rows.first()).toContainText(`${tag}29`);
  expect(await codes()).toEqual(second);

  await pager.getByRole('button', { name: 'Last' }).click();
  await expect(pager.getByText('Page 3 of 3')).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText(`${tag}00`);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText('Page 2 of 3')).toBeVisible();
  await expect(page).toHaveURL(/page=2&before=/);
  await expect(rows.first()).toContainText(`${tag}29`);
  expect(await codes()).toEqual(second);

  await pager.getByRole('button', { name: 'First' }).click();
  await expect(pager.getByText('Page 1 of 3')).toBeVisible();
  await expect(rows.first()).toContainText(`${tag}54`);
  await expect(page).not.toHaveURL(/after=|before=/);

  // On a phone the pager wraps inside the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await pager.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/admin-pages-390.png', fullPage: false });
});
