import { readFile } from 'node:fs/promises';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test, uniqueName } from './fixtures.ts';
import { PAYING_CARD, payWithCard, seriousViolations, TEST_MODE } from './commerce-fixtures.ts';

// On the demo store: a buyer adds two resources to the cart from their pages, pays in test mode, finds
// them in My Resources, downloads a PDF stamped with their name and the order number on every
// page, and reviews one of them: the review shows on the resource page with the new average.

/** Two paid demo resources whose files are PDFs (db/seed-store-content.ts). */
const TITLES = ['Tap Rhythm Ladders: Progressive Drills', 'Lindy Hop Taster Workshop Outline'] as const;

interface Listed {
  id: number;
  title: string;
  price_cents: number;
  rating_average: number;
  rating_count: number;
}

async function findResource(request: APIRequestContext, title: string): Promise<Listed> {
  const res = await request.get(`/api/resources?q=${encodeURIComponent(title)}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { data: Listed[] };
  const found = body.data.find((r) => r.title === title);
  expect(found, `the demo store sells "${title}"`).toBeTruthy();
  return found!;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The text a page's content streams draw: the strings of its text operators, hex (`<...>`, as
 * pdf-lib writes standard-font text) or literal (`(...)`), in WinAnsi.
 */
function pageText(pdf: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let text = '';
  for (const item of refs) {
    const stream = item instanceof PDFRef ? pdf.context.lookup(item) : item;
    if (!(stream instanceof PDFRawStream)) continue;
    const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const m of ops.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\((?:[^()\\]|\\.)*\)\s*Tj/g)) {
      text += m[1] !== undefined ? Buffer.from(m[1].replace(/\s/g, ''), 'hex').toString('latin1') : m[0].replace(/^\(|\)\s*Tj$/g, '').replace(/\\(.)/g, '$1');
      text += '\n';
    }
  }
  return text;
}

test('a buyer buys two resources, downloads a PDF stamped with their name and order on every page, and reviews it', async ({ page, request, loginAs }) => {
  test.slow();
  const main = page.getByRole('main');
  const [tap, lindy] = [await findResource(request, TITLES[0]), await findResource(request, TITLES[1])];

  // A fresh account with a name to find in the stamp.
  const username = uniqueName('storebuyer');
  const password = 'correct-horse-42';
  const lastName = `Delgado${username.slice(-4)}`;
  const fullName = `Rosa ${lastName}`;
  const registered = await request.post('/api/register', { data: { username, password, first_name: 'Rosa', last_name: lastName } });
  expect(registered.status(), await registered.text()).toBe(201);
  await loginAs(username, password);

  // Add to Cart from each resource's page.
  for (const resource of [tap, lindy]) {
    await page.goto(`/curriculum/${resource.id}`);
    await hydrated(page);
    await expect(main.getByRole('heading', { level: 1, name: resource.title })).toBeVisible();
    await expect(main.getByText(TEST_MODE)).toBeVisible();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(main.getByText('In cart', { exact: true })).toBeVisible();
  }
  expect(await seriousViolations(page), 'axe on a resource page').toEqual([]);

  // The cart holds both; check out and pay with the test card.
  await main.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  for (const resource of [tap, lindy]) await expect(main.getByText(resource.title).first()).toBeVisible();
  await main.getByRole('link', { name: 'Checkout' }).click();
  await expect(main.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  for (const resource of [tap, lindy]) await expect(main.getByRole('listitem').filter({ hasText: resource.title })).toBeVisible();
  const total = tap.price_cents + lindy.price_cents;
  await main.getByRole('button', { name: `Pay ${money(total)}` }).click();
  await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
  await payWithCard(page, PAYING_CARD, fullName);

  // Paid: the success page offers each resource's download.
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  for (const resource of [tap, lindy]) await expect(main.getByRole('button', { name: `Download: ${resource.title}` })).toBeVisible();

  // My Resources: both, bought in one order, each file with its Download.
  await page.goto('/my-resources');
  const owned = main.getByRole('article').filter({ has: page.getByRole('heading', { name: tap.title }) });
  await expect(owned).toBeVisible();
  await expect(main.getByRole('article').filter({ has: page.getByRole('heading', { name: lindy.title }) })).toBeVisible();
  const bought = (await owned.getByText(/Order DRX-/).textContent()) ?? '';
  const orderNumber = /DRX-[0-9A-Z]{5}-[0-9A-Z]{5}/.exec(bought)?.[0];
  expect(orderNumber, bought).toBeTruthy();
  expect(await seriousViolations(page), 'axe on /my-resources').toEqual([]);

  const pdfButton = owned.getByRole('button', { name: /^Download .+\.pdf$/ }).first();
  const fileName = ((await pdfButton.getAttribute('aria-label')) ?? '').replace(/^Download /, '');
  const [download] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = await readFile((await download.path())!);

  // The downloaded file is the PDF, stamped on every page with the buyer's name and the order.
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
  for (const [i, p] of pdf.getPages().entries()) {
    const text = pageText(pdf, p);
    expect(text, `page ${i + 1} carries the buyer's name`).toContain(fullName);
    expect(text, `page ${i + 1} carries the order number`).toContain(orderNumber!);
    expect(text, `page ${i + 1} carries the licence`).toMatch(/Licensed to/);
  }

  // The resource's page knows the buyer owns it, and takes their review.
  await page.goto(`/curriculum/${tap.id}`);
  await hydrated(page);
  await expect(main.getByText('You own this')).toBeVisible();
  const form = main.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  const rating = 3;
  const body = `Clear drills, my ${username} class loved ladder two.`;
  await form.getByRole('radio', { name: `${rating} stars` }).check();
  await form.getByLabel('Your review').fill(body);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Review posted')).toBeVisible();

  // The page shows it among the reviews (it reloads itself), with the average including it.
  const count = tap.rating_count + 1;
  const average = (tap.rating_average * tap.rating_count + rating) / count;
  const figure = (Math.round(average * 10) / 10).toFixed(1);
  const reviews = main.getByRole('list', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem').filter({ hasText: body })).toBeVisible({ timeout: 15_000 });
  await expect(reviews.getByRole('listitem').filter({ hasText: body })).toContainText(fullName);
  await expect(main.getByRole('img', { name: `Rated ${figure} out of 5 from ${count} reviews` }).first()).toBeVisible();
  await expect(main.getByText('You rated this resource 3 out of 5.')).toBeVisible();
  expect(await seriousViolations(page), 'axe on the reviewed resource page').toEqual([]);

  const api = (await (await request.get(`/api/resources/${tap.id}`)).json()) as { rating_average: number; rating_count: number };
  expect(api.rating_count).toBe(count);
  expect(api.rating_average).toBeCloseTo(average, 1);
});
