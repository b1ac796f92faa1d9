import { readFile } from 'node:fs/promises';
import { approvedSeller, publish, sellerResource } from './admin-store-fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { expect, hydrated, registerUser, test } from './fixtures.ts';

// A user takes a free resource from its page and downloads its file from
// /my-resources, which /my-purchases links to. Fresh accounts: a seller whose free resource a
// curriculum admin approved, and a new user.

test('a user takes a free resource and downloads it from My Resources', async ({ page, request, loginAs }) => {
  test.slow();
  const main = page.getByRole('main');
  const seller = await approvedSeller(request, 'freeseller');
  const resource = await sellerResource(request, seller, { title: `Free Tap Warm-up ${seller.username.slice(-6)}`, priceCents: 0 });
  await publish(request, resource.id);

  const user = await registerUser(page, 'freetaker');
  await loginAs(user.username, user.password);

  // Nothing yet: the empty state leads to the store.
  await page.goto('/my-resources');
  await hydrated(page);
  await expect(main.getByText('You have no resources yet.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Browse the store' })).toHaveAttribute('href', '/curriculum');
  expect(await seriousViolations(page), 'axe on the empty /my-resources').toEqual([]);

  // Take it from its page (the free resource's Download).
  await page.goto(`/curriculum/${resource.id}`);
  await expect(main.getByRole('heading', { level: 1, name: resource.title })).toBeVisible();
  const buy = page.locator('[data-store-buy]');
  await expect(buy).toHaveAttribute('data-ready', 'take');
  await Promise.all([page.waitForEvent('download'), buy.getByRole('button', { name: 'Download', exact: true }).click()]);
  await expect(buy.getByText('You own this')).toBeVisible();

  // My Purchases leads to My Resources.
  await page.goto('/my-purchases');
  await hydrated(page);
  await main.getByRole('link', { name: 'My Resources' }).click();
  await expect(page).toHaveURL(/\/my-resources$/);
  await hydrated(page);
  const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: resource.title }) });
  await expect(card).toContainText(/Free download, taken on /);
  await expect(card).toContainText(seller.storeName);
  await expect(card.getByRole('link', { name: `View ${resource.title} in the store` })).toHaveAttribute('href', `/curriculum/${resource.id}`);
  await expect(card.getByRole('link', { name: `Write a review of ${resource.title}` })).toHaveAttribute('href', `/curriculum/${resource.id}#reviews`);
  expect(await seriousViolations(page), 'axe on /my-resources').toEqual([]);

  // The download is the file itself, through a signed link made at the click.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download ${resource.fileName}` }).click()]);
  expect(download.suggestedFilename()).toBe(resource.fileName);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(download.url()).toMatch(/\/api\/resources\/files\//);
  await expect(card.getByRole('button', { name: `Download ${resource.fileName}` })).toBeEnabled();

  // The same page on a phone: the card stacks, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await hydrated(page);
  await expect(card).toBeVisible();
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client!);
});
