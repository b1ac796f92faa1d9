import { readFile } from 'node:fs/promises';
import { applicant, approvedSeller, sellerResource, tokenOf } from './admin-store-fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';

// A curriculum admin approves a pending seller application, reviews the seller's
// submitted resources (rejects one with a reason the seller then reads, approves the other) and
// features the approved one. Fresh accounts; the demo curriculum admin. (The platform fee is
// changed in seller.spec.ts, after the journey that checks a sale's fee: tests of one file run in
// turn, so no sale of that file races the change.)

/** Closes the toasts on screen, so what follows checks the page alone. */
async function dismissAll(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

test('a curriculum admin approves a seller, rejects and approves resources and features one', async ({ page, browser, request, loginAs }) => {
  test.slow();
  const main = page.getByRole('main');
  const seller = await applicant(request, 'storeapp');
  const dismissToasts = () => dismissAll(page);

  // The curriculum admin's dashboard, then Sellers from the sidebar.
  await loginAs(ACCOUNTS.curriculumAdmin);
  await page.goto('/admin/curriculum-officer');
  await hydrated(page);
  await expect(main.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'The store at a glance' })).toBeVisible();
  await expect(main.getByRole('list', { name: "The store's figures" })).toContainText('Awaiting review');
  expect(await seriousViolations(page), 'axe on /admin/curriculum-officer').toEqual([]);
  const menu = page.getByRole('navigation', { name: 'Curriculum Admin menu' });
  await menu.getByRole('link', { name: 'Sellers' }).click();
  await expect(page).toHaveURL(/\/admin\/sellers$/);
  await hydrated(page);

  // The application: pending, with what the applicant wrote.
  const status = main.getByRole('group', { name: 'Status' });
  await status.getByRole('button', { name: /^Pending/ }).click();
  await expect(page).toHaveURL(/status=pending/);
  await main.getByLabel('Search sellers').fill(seller.storeName);
  const card = main.getByRole('article', { name: seller.storeName });
  await expect(card).toContainText('Pending');
  await expect(card).toContainText(seller.bio);
  await expect(card).toContainText(seller.note);
  await expect(card.getByRole('link', { name: new RegExp(seller.sampleUrl.replace(/[.]/g, '\\.')) })).toHaveAttribute('href', seller.sampleUrl);
  expect(await seriousViolations(page), 'axe on /admin/sellers').toEqual([]);
  await card.getByRole('button', { name: `Approve ${seller.storeName}` }).click();
  await expect(page.getByText(`${seller.storeName} was approved: the seller can now add resources.`)).toBeVisible();
  // It leaves the pending list; under Approved it can be suspended.
  await expect(card).toHaveCount(0);
  await status.getByRole('button', { name: /^Approved/ }).click();
  await expect(card).toContainText('Approved');
  await expect(card.getByRole('button', { name: `Suspend ${seller.storeName}` })).toBeVisible();
  await dismissToasts();

  // The approved seller adds two resources and submits them.
  const suffix = seller.username.slice(-6);
  const rejected = await sellerResource(request, seller, { title: `Shuffle Basics ${suffix}` });
  const approved = await sellerResource(request, seller, { title: `Paddle and Roll ${suffix}` });

  // The review queue is what /admin/resources opens with.
  await menu.getByRole('link', { name: 'Resources' }).click();
  await expect(page).toHaveURL(/\/admin\/resources$/);
  await hydrated(page);
  await expect(main.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Review queue/ })).toHaveAttribute('aria-pressed', 'true');
  await main.getByLabel('Search resources').fill(seller.storeName);
  const rejectedRow = main.getByRole('row').filter({ hasText: rejected.title });
  const approvedRow = main.getByRole('row').filter({ hasText: approved.title });
  await expect(rejectedRow).toContainText('Awaiting review');
  await expect(approvedRow).toContainText(seller.storeName);
  expect(await seriousViolations(page), 'axe on the review queue').toEqual([]);

  // Open the first: its description and its file, which the reviewer downloads to read.
  await rejectedRow.getByRole('button', { name: `View ${rejected.title}` }).click();
  const review = page.getByRole('dialog', { name: rejected.title });
  await expect(review.getByText('a one-hour class plan with warm-up')).toBeVisible();
  await expect(review.getByText(seller.storeName, { exact: true })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), review.getByRole('button', { name: `Download ${rejected.fileName}` }).click()]);
  expect(download.suggestedFilename()).toBe(rejected.fileName);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await seriousViolations(page), 'axe on the review dialog').toEqual([]);

  // Reject it: a reason is required, and the seller reads it.
  await review.getByRole('button', { name: 'Reject', exact: true }).click();
  const reasonDialog = page.getByRole('dialog', { name: `Reject “${rejected.title}”?` });
  await reasonDialog.getByRole('button', { name: 'Reject resource' }).click();
  await expect(reasonDialog.getByText('Give the seller a reason of at least 3 characters')).toBeVisible();
  expect(await seriousViolations(page), 'axe on the reason dialog').toEqual([]);
  const reason = `The PDF has no time signatures for the drills (${suffix}).`;
  await reasonDialog.getByLabel('Reason (the seller reads it)').fill(reason);
  await reasonDialog.getByRole('button', { name: 'Reject resource' }).click();
  await expect(reasonDialog).toHaveCount(0);
  await expect(page.getByText(`“${rejected.title}” was rejected. The seller can read your reason.`)).toBeVisible();
  await expect(review.getByText('Reason given to the seller')).toBeVisible();
  await expect(review.getByText(reason)).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(rejectedRow).toHaveCount(0);

  // Approve the other from its row.
  await approvedRow.getByRole('button', { name: `Approve ${approved.title}` }).click();
  await expect(page.getByText(`“${approved.title}” was approved and is now in the store.`)).toBeVisible();
  await expect(approvedRow).toHaveCount(0);
  await dismissToasts();

  // Published: feature it from its review dialog.
  await main.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Published/ }).click();
  await expect(page).toHaveURL(/status=published/);
  await approvedRow.getByRole('button', { name: `View ${approved.title}` }).click();
  const publishedReview = page.getByRole('dialog', { name: approved.title });
  await publishedReview.getByRole('button', { name: 'Feature', exact: true }).click();
  await expect(page.getByText(`“${approved.title}” is now featured in the store.`)).toBeVisible();
  await expect(publishedReview.getByRole('button', { name: 'Unfeature' })).toBeVisible();
  await publishedReview.getByRole('button', { name: 'Close' }).click();
  await expect(approvedRow).toContainText('Featured');
  const featured = (await (await request.get('/api/resources?featured=true&page_size=100')).json()) as { data: { id: number }[] };
  expect(featured.data.map((r) => r.id)).toContain(approved.id);

  // The seller reads the reason beside their rejected resource.
  const sellerContext = await browser.newContext();
  await sellerContext.addInitScript((t) => window.localStorage.setItem('access_token', t), await tokenOf(request, seller.username, seller.password));
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/seller/resources');
  await expect(sellerPage.getByRole('main').getByText(`Reason: ${reason}`)).toBeVisible();
  await sellerContext.close();
});

test('the curriculum pages: categories with their refusal, the catalogue overview and a phone-width review queue', async ({ page, request, loginAs }) => {
  const main = page.getByRole('main');
  await loginAs(ACCOUNTS.curriculumAdmin);

  // A new category, renamed, then deleted; one in use cannot be deleted.
  const name = `Warm-up cards ${Date.now().toString(36)}`;
  await page.goto('/admin/curriculum-categories');
  await hydrated(page);
  await main.getByLabel('Category name').fill(name);
  await main.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText(`Category “${name}” created successfully`)).toBeVisible();
  const row = main.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Rename ${name}` }).click();
  await row.getByLabel(`New name for ${name}`).fill(`${name} (A5)`);
  await row.getByRole('button', { name: 'Save' }).click();
  const renamed = main.getByRole('row').filter({ hasText: `${name} (A5)` });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: `Delete ${name} (A5)` }).click();
  await page.getByRole('alertdialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Category “${name} (A5)” deleted successfully`)).toBeVisible();
  await expect(renamed).toHaveCount(0);

  const categories = (await (await request.get('/api/categories?kind=resource')).json()) as { id: number; name: string; resource_count: number }[] | { data: { id: number; name: string; resource_count: number }[] };
  const used = (Array.isArray(categories) ? categories : categories.data).find((c) => c.resource_count > 0);
  expect(used, 'the demo store files resources under a category').toBeTruthy();
  await main.getByRole('row').filter({ hasText: used!.name }).getByRole('button', { name: `Delete ${used!.name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
  const refusal = main.getByRole('alert');
  await expect(refusal).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: used!.name })).toBeVisible();
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await dismissAll(page);
  expect(await seriousViolations(page), 'axe on the categories').toEqual([]);

  // The catalogue: counts by status that lead to the list, the featured row, the spread.
  await page.goto('/admin/curriculum');
  await hydrated(page);
  const counts = main.getByRole('list', { name: 'Resources by status' });
  await expect(counts.getByText('Published', { exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Featured row', exact: true })).toBeVisible();
  await expect(main.getByRole('table', { name: 'By dance style' })).toContainText('Tap');
  expect(await seriousViolations(page), 'axe on /admin/curriculum').toEqual([]);
  await counts.getByRole('link', { name: 'See the published list' }).click();
  await expect(page).toHaveURL(/\/admin\/resources\?status=published$/);

  // A seller's draft can be archived: it asks first.
  const seller = await approvedSeller(request, 'archiver');
  const draft = await sellerResource(request, seller, { title: `Spare Draft ${seller.username.slice(-6)}`, submit: false });
  await page.goto(`/admin/resources?status=draft&seller=${seller.id}`);
  await hydrated(page);
  await main.getByRole('button', { name: `View ${draft.title}` }).click();
  const review = page.getByRole('dialog', { name: draft.title });
  await expect(review.getByText('Draft', { exact: true })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await review.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('alertdialog', { name: `Archive “${draft.title}”?` }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`“${draft.title}” was archived and has left the store.`)).toBeVisible();
  await expect(review.getByText('Archived', { exact: true })).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(main.getByText('No resources match these filters.')).toBeVisible();

  // On a phone the list stacks and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/resources?status=published');
  await hydrated(page);
  await expect(main.getByRole('row').nth(1)).toBeVisible();
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]!);
});

test('the resources list sorts as the admin picks, with the order in the address', async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.curriculumAdmin);
  await page.goto('/admin/resources?status=published');
  await hydrated(page);
  const main = page.getByRole('main');
  const table = main.getByRole('table', { name: 'Resources' });
  await expect(table).toBeVisible();
  await main.getByLabel('Sort', { exact: true }).selectOption('price_desc');
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
  await expect(main.getByLabel('Sort', { exact: true })).toHaveValue('price_desc');
  // The prices read top to bottom never rise.
  const cents = async () =>
    (await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('[data-label="Price"]')?.textContent ?? '')))
      .map((text) => (/free/i.test(text) ? 0 : Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100)));
  // The list is read again for the new order: wait for rows that never rise (the old page's rows may show first).
  await expect.poll(async () => {
    const desc = await cents();
    return desc.length > 1 && desc.every((c, i) => i === 0 || desc[i - 1]! >= c);
  }).toBe(true);
  // A reload keeps the order the address names.
  await page.reload();
  await hydrated(page);
  await expect(main.getByLabel('Sort', { exact: true })).toHaveValue('price_desc');
});
