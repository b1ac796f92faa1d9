import type { Page } from '@playwright/test';
import { alternateImagePath } from '../../site/src/lib/image-fallback.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { expect, registerUser, test } from './fixtures.ts';

// The curriculum store's public pages on the demo seed (db/seed-store-content.ts):
// three sellers' published resources across styles, age groups and levels, with files and reviews.

interface Summary {
  id: number;
  title: string;
  price_cents: number;
  rating_count: number;
  file_count: number;
  seller: { id: number; store_name: string };
}

/** The demo sellers' published resources, read from their storefronts (GET /api/sellers, /api/sellers/{id}). */
async function demoResources(page: Page): Promise<Summary[]> {
  const sellers = (await (await page.request.get('/api/sellers')).json()) as { data: { id: number }[] };
  const stores = await Promise.all(sellers.data.map(async (s) => (await (await page.request.get(`/api/sellers/${s.id}`)).json()) as { resources: Summary[] }));
  const all = stores.flatMap((s) => s.resources);
  expect(all.length, 'the demo seed has published resources').toBeGreaterThan(3);
  return all;
}

/** The list's script is mounted (it mounts when the browser is idle; a change before that reloads the page). */
async function listReady(page: Page): Promise<void> {
  await expect(page.locator('[data-island="store-list"][data-ready]')).toHaveCount(1);
}

/** A facet or the sort (a chip's label names the facet too). */
const field = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
const count = (page: Page) => page.locator('[data-store-count]');
const resultCards = (page: Page) => page.locator('[data-store-swap="results"] section:has(#results-heading) ul.store-grid > li');

test.describe('the curriculum store', () => {
  test('a visitor filters by age group and style: the address keeps the view, the cards narrow, Back and Clear work', async ({ page }) => {
    await page.goto('/curriculum');
    await listReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Curriculum store' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Curriculum' })).toHaveAttribute('aria-current', 'page');
    const everything = (await count(page).textContent())!;
    expect(everything).toMatch(/^\d+ resources$/);
    const total = Number(everything.split(' ')[0]);
    await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();

    // Age group: Teen (13-17) (the demo has hip hop, breaking, jazz funk and cha-cha for teens).
    await field(page, 'Age group').selectOption('teen-13-17');
    await expect(page).toHaveURL(/\/curriculum\?age_group=teen-13-17$/);
    await expect(count(page)).toHaveText(/^\d+ resources? match(es)? your search$/);
    const teens = Number((await count(page).textContent())!.split(' ')[0]);
    expect(teens).toBeGreaterThan(1);
    expect(teens).toBeLessThan(total);
    await expect(resultCards(page)).toHaveCount(teens);
    for (const card of await resultCards(page).all()) await expect(card).toContainText('Teen (13-17)');
    await expect(page.getByRole('heading', { name: 'Featured' })).toHaveCount(0);

    // And style: Hip Hop.
    await field(page, 'Dance style').selectOption('hip-hop');
    await expect(page).toHaveURL(/\/curriculum\?style=hip-hop&age_group=teen-13-17$/);
    await expect(count(page)).toHaveText(/^\d+ resources? match(es)? your search$/);
    const both = Number((await count(page).textContent())!.split(' ')[0]);
    expect(both).toBeGreaterThanOrEqual(1);
    expect(both).toBeLessThan(teens);
    await expect(resultCards(page)).toHaveCount(both);
    for (const card of await resultCards(page).all()) {
      await expect(card).toContainText('Hip Hop');
      await expect(card).toContainText('Teen (13-17)');
    }
    await expect(page.getByRole('link', { name: 'Remove filter Style: Hip Hop' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Remove filter Age group: Teen (13-17)' })).toBeVisible();

    // The address reproduces the view: opened afresh, the server renders it.
    await page.reload();
    await listReady(page);
    await expect(field(page, 'Dance style')).toHaveValue('hip-hop');
    await expect(field(page, 'Age group')).toHaveValue('teen-13-17');
    await expect(resultCards(page)).toHaveCount(both);

    // Back goes to the view before.
    await page.goBack();
    await expect(page).toHaveURL(/\/curriculum\?age_group=teen-13-17$/);
    await expect(resultCards(page)).toHaveCount(teens);
    await expect(field(page, 'Dance style')).toHaveValue('');
    await page.goForward();
    await expect(page).toHaveURL(/style=hip-hop/);
    await expect(resultCards(page)).toHaveCount(both);

    // A view with nothing in it offers Clear filters, which resets everything.
    await field(page, 'Price').selectOption('free');
    await expect(page).toHaveURL(/price=free/);
    await expect(page.getByText('No resources match your filters.')).toBeVisible();
    await page.locator('[data-store-empty]').getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/curriculum$/);
    await expect(count(page)).toHaveText(everything);
    await expect(field(page, 'Age group')).toHaveValue('');
    await expect(field(page, 'Price')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Featured' })).toBeVisible();
  });

  test('the search, the sort and the pages are views with their own address', async ({ page }) => {
    await page.goto('/curriculum');
    await listReady(page);
    await field(page, 'Sort by').selectOption('price_asc');
    await expect(page).toHaveURL(/\/curriculum\?sort=price_asc$/);
    const prices = await resultCards(page).locator('[data-store-price]').allTextContents();
    const cents = prices.map((p) => (p === 'Free' ? 0 : Math.round(Number(p.replace(/[^0-9.]/g, '')) * 100)));
    expect(cents).toEqual([...cents].sort((a, b) => a - b));

    await page.getByLabel('Search resources').fill('ballroom');
    await expect(page).toHaveURL(/\/curriculum\?q=ballroom&sort=price_asc$/);
    await expect(resultCards(page).first()).toContainText(/ballroom/i);

    // Twelve to a page: the demo has more, so there is a next page.
    await page.goto('/curriculum');
    await listReady(page);
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' });
    await next.click();
    await expect(page).toHaveURL(/\/curriculum\?page=2$/);
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
    await expect(count(page)).toBeFocused();
  });

  test('a visitor opens a resource and sees its files, its reviews and its seller', async ({ page }) => {
    const reviewed = (await demoResources(page)).find((r) => r.rating_count > 0 && r.file_count > 0)!;
    await page.goto('/curriculum');
    await listReady(page);
    // The page is answered from the public cache; its script counts the view for the seller.
    const viewed = page.waitForResponse((r) => r.url().endsWith(`/api/resources/${reviewed.id}/view`) && r.request().method() === 'POST');
    await page.getByRole('link', { name: reviewed.title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/curriculum/${reviewed.id}$`));
    expect((await viewed).status()).toBe(204);
    await expect(page.getByRole('heading', { level: 1, name: reviewed.title })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Curriculum' })).toHaveAttribute('aria-current', 'page');

    const included = page.getByRole('region', { name: 'What’s included' });
    await expect(included.getByRole('listitem')).toHaveCount(reviewed.file_count);
    await expect(included.getByRole('listitem').first()).toContainText(/(PDF|CSV|Text) · [\d.,]+ (bytes|KB|MB)/);
    // A visitor cannot download: the buttons are kept out of sight (their place is reserved).
    await expect(included.getByRole('button', { name: /Download/ })).toHaveCount(0);

    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('list', { name: 'Reviews by rating' })).toBeVisible();
    await expect(reviews.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem')).toHaveCount(reviewed.rating_count);
    await expect(page.getByRole('form', { name: 'Write a review' })).toBeHidden();

    const buy = page.locator('[data-store-buy]');
    await expect(buy).toHaveAttribute('data-ready', reviewed.price_cents > 0 ? 'buy' : 'sign-in');

    const seller = page.getByRole('region', { name: 'About the seller' });
    await seller.getByRole('link', { name: reviewed.seller.store_name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/sellers/${reviewed.seller.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: reviewed.seller.store_name })).toBeVisible();
    await expect(page.getByRole('link', { name: reviewed.title, exact: true })).toBeVisible();
    // The same storefront at its other address.
    await page.goto(`/seller-store/${reviewed.seller.id}`);
    await expect(page.getByRole('heading', { level: 1, name: reviewed.seller.store_name })).toBeVisible();
  });

  test('a guest adds a paid resource to the cart, and the page remembers it', async ({ page }) => {
    const paid = (await demoResources(page)).find((r) => r.price_cents > 0)!;
    await page.goto(`/curriculum/${paid.id}`);
    const buy = page.locator('[data-store-buy]');
    await expect(buy).toHaveAttribute('data-ready', 'buy');
    await expect(buy.getByText('Test mode — no card is charged')).toBeVisible();
    await buy.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(buy.getByText('In cart')).toBeVisible();
    await expect(buy.getByRole('link', { name: 'View cart' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Shopping cart, 1 item' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('drx_cart') ?? '[]') as { type: string; itemId: number }[]);
    expect(stored).toEqual([expect.objectContaining({ type: 'resource', itemId: paid.id })]);

    await page.reload();
    await expect(buy).toHaveAttribute('data-ready', 'in-cart');
    await page.getByRole('button', { name: 'Shopping cart, 1 item' }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' }).getByText(paid.title)).toBeVisible();
  });

  test("a signed-in teacher's Add to Cart goes to their cart on the server, which the page then reads", async ({ page, loginAs }) => {
    const paid = (await demoResources(page)).find((r) => r.price_cents > 0)!;
    const { username, password } = await registerUser(page, 'cartbuyer');
    await loginAs(username, password);
    await page.goto(`/curriculum/${paid.id}`);
    const buy = page.locator('[data-store-buy]');
    await expect(buy).toHaveAttribute('data-ready', 'buy');
    await buy.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(buy.getByRole('link', { name: 'View cart' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Shopping cart, 1 item' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('drx_cart'))).toBeNull();
    await page.reload();
    await expect(buy).toHaveAttribute('data-ready', 'in-cart');
  });

  test('a free resource sends a guest to sign in and back', async ({ page }) => {
    const free = (await demoResources(page)).find((r) => r.price_cents === 0)!;
    await page.goto(`/curriculum/${free.id}`);
    const buy = page.locator('[data-store-buy]');
    await expect(buy).toHaveAttribute('data-ready', 'sign-in');
    await buy.getByRole('link', { name: 'Download' }).click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fcurriculum%2F${free.id}$`));
  });

  test('a signed-in teacher takes a free resource: it downloads, the page says they own it, and they review it', async ({ page, loginAs }) => {
    const free = (await demoResources(page)).find((r) => r.price_cents === 0 && r.file_count > 0)!;
    const { username, password } = await registerUser(page, 'taker');
    await loginAs(username, password);
    await page.goto(`/curriculum/${free.id}`);
    const buy = page.locator('[data-store-buy]');
    await expect(buy).toHaveAttribute('data-ready', 'take');
    const included = page.getByRole('region', { name: 'What’s included' });
    await expect(included.getByRole('button', { name: /Download/ })).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await buy.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.(pdf|csv|txt)$/);
    await expect(buy.getByText('You own this')).toBeVisible();
    await expect(included.getByRole('button', { name: /^Download / })).toHaveCount(free.file_count);

    // An owner may review: the form checks what the server checks, then posts.
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(form.getByText('Choose a rating from 1 to 5')).toBeVisible();
    await expect(form.getByText('Write a few words about the resource')).toBeVisible();
    await form.getByRole('radio', { name: '4 stars' }).check();
    const words = `Clear warm-ups my adult class liked from week one (${username}).`;
    await form.getByLabel('Your review').fill(words);
    await form.getByRole('button', { name: 'Submit review' }).click();
    // The page is read again: the review is among everyone's, and the owner sees theirs.
    const mine = page.getByRole('region', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: words });
    await expect(mine).toBeVisible({ timeout: 10_000 });
    await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(page.getByText('You rated this resource 4 out of 5.')).toBeVisible();

    // And may change it.
    await page.getByRole('button', { name: 'Edit your review' }).click();
    const edit = page.getByRole('form', { name: 'Edit your review' });
    await expect(edit.getByLabel('Your review')).toHaveValue(words);
    await edit.getByRole('radio', { name: '5 stars' }).check();
    await edit.getByRole('button', { name: 'Save review' }).click();
    await expect(page.getByText('You rated this resource 5 out of 5.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: words }).getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  });

  test('the old addresses lead to the store, and pages that are not public are not found', async ({ page }) => {
    const [first] = await demoResources(page);
    await page.goto('/resources');
    await expect(page).toHaveURL(/\/curriculum$/);
    await page.goto(`/resources/${first!.id}`);
    await expect(page).toHaveURL(new RegExp(`/curriculum/${first!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    const missing = await page.goto('/curriculum/999999');
    expect(missing?.status()).toBe(404);
    expect((await page.goto('/sellers/999999'))?.status()).toBe(404);
  });

  test('a resource picture that fails tries its other paths, then shows the default resource image', async ({ page }) => {
    const tried: string[] = [];
    await page.route('**/uploads/**', (route) => {
      tried.push(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 404, body: 'gone' });
    });
    const [first] = await demoResources(page);
    await page.goto(`/curriculum/${first!.id}`);
    const cover = page.locator('img[data-gallery-main]');
    await expect(cover).toHaveJSProperty('complete', true);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc || img.src).pathname)).toBe('/images/default-resource.jpg');
    // The cover's own path first, then its alternate (a flat /uploads/ file and /uploads/resources/
    // swap; a file in another folder tries its thumbnail), then the absolute URL, then the default.
    const html = await (await page.request.get(`/curriculum/${first!.id}`)).text();
    const original = /<img src="([^"]+)"[^>]*data-gallery-main/.exec(html)![1]!;
    expect(original).toMatch(/^\/uploads\//);
    expect(tried).toContain(original);
    expect(tried).toContain(alternateImagePath(original));
    expect(tried.filter((p) => p === original).length).toBeGreaterThanOrEqual(2);
  });

  test('axe finds nothing serious on the list, a filtered view, a resource page and a storefront', async ({ page }) => {
    const [first] = await demoResources(page);
    for (const path of ['/curriculum', '/curriculum?style=ballet&age_group=children-5-8', `/curriculum/${first!.id}`, `/sellers/${first!.seller.id}`]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
