import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test, uniqueName } from './fixtures.ts';
import { PAYING_CARD, payWithCard, seriousViolations, TEST_MODE } from './commerce-fixtures.ts';
import { bearer, tokenOf } from './admin-store-fixtures.ts';
import { subscribeToPlan } from './plan-fixtures.ts';

// The seller area on the demo store: a user applies to sell from their dashboard, a curriculum admin approves the
// application at /admin/sellers, the seller creates a resource with two files (each with its
// progress bar), submits it, the admin approves it at /admin/resources, and it is in the store at
// /curriculum at once (no rebuild). A buyer pays for it in test mode, and the seller finds the sale
// and what they earned after the platform fee in /seller/payments. Fresh accounts throughout.

/** The smallest PNG: a cover picture for the upload widget. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function lessonPlanPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const week of [1, 2]) {
    const p = pdf.addPage([595, 842]);
    p.drawText(`${title} — week ${week}`, { x: 50, y: 780, size: 16, font });
    p.drawText('Warm-up, across the floor, combination, cool-down.', { x: 50, y: 750, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}

/** One figure of a seller page's summary: its label (a term) with its value. */
function figure(page: Page, label: string) {
  return page.getByRole('main').getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('..');
}

/** A page of its own browser context, signed in as `username` (the admin and the buyer beside the seller). */
async function signedInPage(browser: Browser, baseURL: string, username: string, password = DEMO_PASSWORD): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  const { access_token } = (await res.json()) as { access_token: string };
  await context.addInitScript((token) => window.localStorage.setItem('access_token', token), access_token);
  return context.newPage();
}

test('a user becomes a seller, sells a resource that a curriculum admin approved, and sees the sale net of the fee', async ({ page, browser, baseURL, loginAs }) => {
  test.setTimeout(180_000);
  const main = page.getByRole('main');

  // A fresh account applies from its dashboard.
  const username = uniqueName('seller');
  const password = 'correct-horse-42';
  const registered = await page.request.post('/api/register', { data: { username, password, first_name: 'Marta', last_name: 'Lopez' } });
  expect(registered.status(), await registered.text()).toBe(201);
  // Selling needs Educator or higher (decision 0031): the new account starts its trial first.
  await subscribeToPlan(page.request, await loginAs(username, password));
  const storeName = `Marta Moves ${username.slice(-6)}`;

  await page.goto('/dashboard/user');
  await hydrated(page);
  await main.getByRole('link', { name: 'Start selling' }).click();
  await expect(page).toHaveURL(/\/seller\?apply=1$/);
  const form = main.getByRole('form', { name: 'Apply to sell' });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page), 'axe on the application').toEqual([]);

  // The shared schema's messages, before anything is sent.
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Store name must be at least 2 characters')).toBeVisible();
  await expect(form.getByText('Bio must be at least 20 characters')).toBeVisible();

  await form.getByLabel('Store name').fill(storeName);
  await form.getByLabel('Bio').fill('Salsa and bachata teacher; my beginner plans have run for ten years.');
  await form.getByLabel('Sample link').fill('https://example.com/sample-lesson');
  await form.getByLabel('Note to the reviewer (optional)').fill('Happy to send more samples.');
  await form.getByRole('radio', { name: /^SELLER/ }).check();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(main.getByRole('heading', { name: 'Your application is being reviewed' })).toBeVisible();
  await page.reload();
  await expect(main.getByRole('heading', { name: 'Your application is being reviewed' })).toBeVisible();
  expect(await seriousViolations(page), 'axe on a pending application').toEqual([]);

  // A curriculum admin approves it at /admin/sellers.
  const admin = await signedInPage(browser, baseURL!, ACCOUNTS.curriculumAdmin);
  const adminMain = admin.getByRole('main');
  await admin.goto('/admin/sellers?status=pending');
  await hydrated(admin);
  await adminMain.getByLabel('Search sellers').fill(storeName);
  await adminMain.getByRole('button', { name: `Approve ${storeName}` }).click();
  await expect(adminMain.getByRole('button', { name: `Approve ${storeName}` })).toHaveCount(0);

  // The seller's area opens: an empty dashboard, with the approval among the notices.
  await page.goto('/seller');
  await hydrated(page);
  await expect(main.getByText(`Your store: ${storeName}`)).toBeVisible();
  await expect(main.getByRole('region', { name: /^Notices/ }).getByText('Your seller application was approved')).toBeVisible();
  await expect(main.getByText('No sales yet.')).toBeVisible();
  expect(await seriousViolations(page), 'axe on /seller').toEqual([]);

  // A new resource, through the sidebar.
  await page.getByRole('navigation', { name: 'Seller menu' }).getByRole('link', { name: 'Add Resource' }).click();
  await expect(page).toHaveURL(/\/seller\/resources\/add$/);
  await hydrated(page);
  const title = `Salsa Footwork Ladder ${username.slice(-6)}`;
  const priceCents = 1200;
  await main.getByLabel('Title').fill(title);
  await main.getByLabel('Description', { exact: true }).fill('## Eight weeks of footwork\n\nA ladder of **salsa** footwork drills for beginners, with counts and music.');
  await main.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(main.getByRole('region', { name: 'Description preview' }).getByRole('heading', { name: 'Eight weeks of footwork' })).toBeVisible();
  await main.getByRole('button', { name: 'Write', exact: true }).click();
  await main.getByLabel('Dance style').selectOption('Latin');
  await main.getByLabel('Age group').selectOption('Adult (18+)');
  await main.getByLabel('Level').selectOption('Beginner');
  await main.getByLabel('Category').selectOption({ label: 'Lesson Plans' });
  await main.getByLabel('Price (USD)').fill('12');
  await expect(main.getByText('Buyers pay: $12.00')).toBeVisible();

  // A cover through the upload widget: one picture uploads by itself and shows at once.
  const pictures = main.getByRole('region', { name: 'Pictures' });
  await pictures.getByLabel('Choose cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await expect(pictures.getByRole('status').filter({ hasText: 'Upload complete' })).toBeVisible();
  await expect(pictures.getByRole('img', { name: 'Cover image' })).toBeVisible();
  expect(await seriousViolations(page), 'axe on the resource form').toEqual([]);

  // Two files, each sent by itself with its progress bar; the draft is saved first.
  const files = main.getByRole('region', { name: /^Files/ });
  await files.getByLabel('Choose files').setInputFiles([
    { name: 'footwork-ladder.pdf', mimeType: 'application/pdf', buffer: await lessonPlanPdf(title) },
    { name: 'music-list.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Oye Como Va — 180 bpm\n2. Vivir Mi Vida — 200 bpm\n') },
  ]);
  await expect(files.getByRole('list', { name: 'Selected files' }).getByText('footwork-ladder.pdf')).toBeVisible();
  await files.getByRole('button', { name: 'Upload', exact: true }).click();
  const pdfBar = files.getByRole('progressbar', { name: 'Upload of footwork-ladder.pdf' });
  const txtBar = files.getByRole('progressbar', { name: 'Upload of music-list.txt' });
  await expect(pdfBar).toBeVisible();
  await expect(pdfBar).toHaveJSProperty('value', 1, { timeout: 20_000 });
  await expect(txtBar).toHaveJSProperty('value', 1, { timeout: 20_000 });
  await expect(files.getByRole('status').filter({ hasText: 'Upload complete' })).toBeVisible();
  await expect(page).toHaveURL(/\/curriculum\/\d+\/edit$/);
  const resourceId = Number(/\/curriculum\/(\d+)\/edit$/.exec(page.url())![1]);
  const listed = files.getByRole('list', { name: 'Files of the resource' });
  await expect(listed.getByRole('listitem')).toHaveCount(2);
  await expect(listed.getByText('footwork-ladder.pdf')).toBeVisible();
  await expect(listed.getByText(/PDF · .* · 2 pages/)).toBeVisible();
  await expect(files.getByRole('heading', { name: 'Files (2 of 5)' })).toBeVisible();

  // Submitted for review: the list shows it waiting.
  await main.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/seller\/resources\?status=submitted$/);
  const row = main.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(row.getByText('$12.00')).toBeVisible();
  await expect(row.getByText(/^Lesson Plans · Latin · Adult \(18\+\) · Beginner$/)).toBeVisible();
  expect(await seriousViolations(page), 'axe on /seller/resources').toEqual([]);

  // Not in the store yet.
  const before = await page.request.get(`/curriculum/${resourceId}`);
  expect(before.status()).toBe(404);

  // The curriculum admin approves it from the review queue.
  await admin.goto('/admin/resources?status=submitted');
  await hydrated(admin);
  await adminMain.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(adminMain.getByRole('button', { name: `Approve ${title}` })).toHaveCount(0);
  await admin.context().close();

  // In the store at once: the list and its page, no rebuild.
  const buyer = await (async () => {
    const name = uniqueName('buyer');
    const res = await page.request.post('/api/register', { data: { username: name, password, first_name: 'Bo', last_name: 'Buyer' } });
    expect(res.status(), await res.text()).toBe(201);
    return signedInPage(browser, baseURL!, name, password);
  })();
  const buyerMain = buyer.getByRole('main');
  await buyer.goto(`/curriculum?q=${encodeURIComponent(title)}`);
  await expect(buyerMain.getByRole('link', { name: title }).first()).toBeVisible();
  await buyer.goto(`/curriculum/${resourceId}`);
  await hydrated(buyer);
  await expect(buyerMain.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyerMain.getByText(storeName).first()).toBeVisible();

  // The platform fee the sale will carry (an admin setting).
  const payments = await page.request.get('/api/seller/payments', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}` } });
  const { platform_fee_percent: percent } = (await payments.json()) as { platform_fee_percent: number };
  const fee = Math.round((priceCents * percent) / 100);
  const net = priceCents - fee;

  // A buyer pays for it in test mode.
  await expect(buyerMain.getByText(TEST_MODE)).toBeVisible();
  await buyerMain.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyerMain.getByText('In cart', { exact: true })).toBeVisible();
  await buyerMain.getByRole('link', { name: 'View cart' }).click();
  await buyerMain.getByRole('link', { name: 'Checkout' }).click();
  await expect(buyerMain.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await buyerMain.getByRole('button', { name: `Pay ${money(priceCents)}` }).click();
  await expect(buyer).toHaveURL(/\/checkout\/stripe\?session=/);
  await payWithCard(buyer, PAYING_CARD, 'Bo Buyer');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await buyer.context().close();

  // The seller sees the sale and what it earned after the fee.
  await page.goto('/seller/payments');
  await hydrated(page);
  await expect(main.getByText(/^Test mode/).first()).toBeVisible();
  const sale = main.getByRole('row').filter({ hasText: title });
  await expect(sale.getByText('Sale', { exact: true })).toBeVisible();
  await expect(sale.getByText(money(priceCents), { exact: true })).toBeVisible();
  await expect(sale.getByText(`-${money(fee)}`, { exact: true })).toBeVisible();
  await expect(sale.getByText(money(net), { exact: true })).toBeVisible();
  await expect(figure(page, 'Balance')).toContainText(money(net));
  await expect(figure(page, 'Earned')).toContainText(money(net));
  await expect(figure(page, 'Platform fee')).toContainText(`-${money(fee)}`);
  await expect(main.getByText(`${percent}% of each sale`)).toBeVisible();
  expect(await seriousViolations(page), 'axe on /seller/payments').toEqual([]);

  // Payouts: the (simulated) payout account first, then the whole balance goes out.
  await expect(main.getByRole('button', { name: 'Pay out balance' })).toBeDisabled();
  await expect(main.getByText('Set up your payout account before requesting a payout.')).toBeVisible();
  await main.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page).toHaveURL(/\/seller\/payments\/onboarding$/);
  await hydrated(page);
  await main.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/seller\/payments(\?connect=return)?$/);
  await expect(main.getByText('Your payout account is set up: you can pay out your balance.')).toBeVisible();
  await main.getByRole('button', { name: 'Pay out balance' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Pay out ${money(net)}?` });
  await confirm.getByRole('button', { name: 'Pay out balance' }).click();
  await expect(page.getByText(`${money(net)} was sent to your payout account (test mode: no money moved).`)).toBeVisible();
  await expect(figure(page, 'Balance')).toContainText('$0.00');
  await expect(figure(page, 'Paid out')).toContainText(money(net));
  const payout = main.getByRole('region', { name: 'Payout history' }).getByRole('row').filter({ hasText: money(net) });
  await expect(payout.getByText('Paid', { exact: true })).toBeVisible();
  await expect(payout.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: /Payout/ }).getByText(`-${money(net)}`)).toBeVisible();

  // And on the dashboard: one sale, gross and net.
  await page.goto('/seller');
  await hydrated(page);
  await expect(figure(page, 'Sales')).toContainText('1');
  await expect(figure(page, 'Revenue (gross)')).toContainText(money(priceCents));
  await expect(figure(page, 'Revenue (net)')).toContainText(money(net));
  await expect(main.getByRole('row').filter({ hasText: title }).getByText(money(net))).toBeVisible();
});

/** A fresh account with an application sent through the API; its token and store name. */
async function applicant(request: APIRequestContext, prefix: string) {
  const username = uniqueName(prefix);
  const password = 'correct-horse-42';
  expect((await request.post('/api/register', { data: { username, password, first_name: 'Ana', last_name: 'Ruiz' } })).status()).toBe(201);
  const token = ((await (await request.post('/api/login', { data: { username, password } })).json()) as { access_token: string }).access_token;
  const storeName = `Ana Studio ${username.slice(-6)}`;
  const applied = await request.post('/api/sellers/apply', {
    headers: { authorization: `Bearer ${token}` },
    data: { store_name: storeName, bio: 'Ballet and contemporary classes for children, twelve years.', requested_role: 'SELLER' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { user_id: id } = (await applied.json()) as { user_id: number };
  return { username, password, token, storeName, id };
}

async function decide(request: APIRequestContext, sellerId: number, decision: 'approve' | 'reject', reason?: string) {
  const admin = ((await (await request.post('/api/login', { data: { username: ACCOUNTS.curriculumAdmin, password: DEMO_PASSWORD } })).json()) as { access_token: string }).access_token;
  const res = await request.post(`/api/admin/sellers/${sellerId}/${decision}`, { headers: { authorization: `Bearer ${admin}` }, data: reason ? { reason } : {} });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('a rejected application shows its reason and can be sent again; other seller pages point a non-seller to Start selling', async ({ page, request, loginAs }) => {
  const main = page.getByRole('main');
  const who = await applicant(request, 'rejected');
  await decide(request, who.id, 'reject', 'Please add a sample of a lesson plan');
  await loginAs(who.username, who.password);

  await page.goto('/seller');
  await hydrated(page);
  await expect(main.getByRole('heading', { name: 'Your application was not approved' })).toBeVisible();
  await expect(main.getByText('Reason: Please add a sample of a lesson plan')).toBeVisible();
  expect(await seriousViolations(page), 'axe on a rejected application').toEqual([]);
  await main.getByRole('button', { name: 'Apply again' }).click();
  const form = main.getByRole('form', { name: 'Apply to sell' });
  await expect(form.getByLabel('Store name')).toHaveValue(who.storeName);

  // The sample as a file, through the upload widget.
  await form.getByLabel('Choose sample file').setInputFiles({ name: 'sample-plan.txt', mimeType: 'text/plain', buffer: Buffer.from('Week 1: pliés, tendus, a short combination.\n') });
  await expect(form.getByText('Sample attached: sample-plan.txt')).toBeVisible();
  await expect(form.getByLabel('Sample link')).toHaveValue(/^\/uploads\/seller-samples\//);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(main.getByRole('heading', { name: 'Your application is being reviewed' })).toBeVisible();

  // The other seller pages say where to start.
  for (const path of ['/seller/resources', '/seller/analytics', '/seller/payments', '/seller/settings', '/seller/resources/add']) {
    await page.goto(path);
    await hydrated(page);
    await expect(main.getByRole('heading', { name: 'Your application is being reviewed' })).toBeVisible();
  }
  const student = await browserlessStudent(request);
  await loginAs(student.username, student.password);
  await page.goto('/my-store');
  await hydrated(page);
  await expect(main.getByRole('heading', { name: 'You are not selling yet' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Start selling' })).toHaveAttribute('href', '/seller?apply=1');
});

/** A fresh account that never applied. */
async function browserlessStudent(request: APIRequestContext) {
  const username = uniqueName('learner');
  const password = 'correct-horse-42';
  expect((await request.post('/api/register', { data: { username, password, first_name: 'Lee', last_name: 'Learner' } })).status()).toBe(201);
  return { username, password };
}

test('store settings: a new seller renames the store and uploads a logo, and the storefront shows them', async ({ page, request, loginAs }) => {
  const main = page.getByRole('main');
  const who = await applicant(request, 'settings');
  await decide(request, who.id, 'approve');
  await loginAs(who.username, who.password);

  await page.goto('/seller/settings');
  await hydrated(page);
  const form = main.getByRole('form', { name: 'Store profile' });
  await expect(form.getByLabel('Store name')).toHaveValue(who.storeName);
  await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  await form.getByLabel('Bio').fill('Too short');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Bio must be at least 20 characters')).toBeVisible();
  const renamed = `${who.storeName} Dance`;
  await form.getByLabel('Store name').fill(renamed);
  await form.getByLabel('Bio').fill('Ballet and contemporary for children: plans tested in real classes.');
  await form.getByLabel('Choose logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  await expect(form.getByRole('img', { name: 'Your store logo' })).toBeVisible();
  expect(await seriousViolations(page), 'axe on /seller/settings').toEqual([]);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Your store settings were saved.')).toBeVisible();

  const me = (await (await request.get('/api/sellers/me', { headers: { authorization: `Bearer ${who.token}` } })).json()) as { store_name: string; logo_url: string | null };
  expect(me.store_name).toBe(renamed);
  expect(me.logo_url).toMatch(/^\/uploads\/seller-logos\//);

  // My Store: the storefront as buyers see it, with the way to the public one.
  await page.goto('/my-store');
  await hydrated(page);
  await expect(main.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(main.getByText('Nothing is on sale yet.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Open public storefront' })).toHaveAttribute('href', `/sellers/${who.id}`);
  expect(await seriousViolations(page), 'axe on /my-store').toEqual([]);
});

test("analytics: the demo seller's figures as charts, each with its table, over 30 days and a year", async ({ page, loginAs }) => {
  // Read only: the demo seller's seeded sales, views and downloads.
  const main = page.getByRole('main');
  await loginAs(ACCOUNTS.seller);
  await page.goto('/seller/analytics');
  await hydrated(page);
  await expect(main.getByRole('heading', { name: 'Over time (per day)' })).toBeVisible();
  const sales = main.getByRole('figure', { name: 'Sales', exact: true });
  await expect(sales.getByRole('img', { name: /^Sales (Sales: \d+ in total|No sales in this period)/ })).toBeVisible();
  await sales.getByText('Sales as a table').click();
  await expect(sales.getByRole('table', { name: 'Sales' }).getByRole('row')).toHaveCount(31);
  expect(await seriousViolations(page), 'axe on /seller/analytics').toEqual([]);

  await main.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(page).toHaveURL(/\/seller\/analytics\?days=365$/);
  await expect(main.getByRole('heading', { name: 'Over time (per month)' })).toBeVisible();
  const views = main.getByRole('figure', { name: 'Page views', exact: true });
  await views.getByText('Page views as a table').click();
  const rows = await views.getByRole('table', { name: 'Page views' }).getByRole('row').count();
  expect(rows).toBeGreaterThanOrEqual(13);
  await expect(main.getByRole('figure', { name: 'Revenue per resource' }).getByRole('listitem').first()).toBeVisible();
  await expect(main.getByRole('table', { name: 'Per resource, last 12 months' })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(main.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');
});

// Last in this file: the journey above checks a sale's fee, and tests of one file run in turn.
test('a curriculum admin changes the platform fee from Settings: out of range is refused, a new one saved', async ({ page, request, loginAs }) => {
  const main = page.getByRole('main');
  const menu = page.getByRole('navigation', { name: 'Curriculum Admin menu' });
  await loginAs(ACCOUNTS.curriculumAdmin);
  await page.goto('/admin/curriculum-officer');
  await hydrated(page);
  const admin = await tokenOf(request, ACCOUNTS.curriculumAdmin);
  const before = ((await (await request.get('/api/admin/store-settings', { headers: bearer(admin) })).json()) as { platform_fee_percent: number }).platform_fee_percent;
  const target = before === 15 ? 16 : 15;
  try {
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await hydrated(page);
    const form = main.getByRole('form', { name: 'Store settings' });
    const fee = form.getByLabel('Platform fee (%)');
    await expect(fee).toHaveValue(String(before));
    await fee.fill('60');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Platform fee must be a whole percent from 0 to 50')).toBeVisible();
    await fee.fill(String(target));
    const keeps = Math.round((1000 * target) / 100);
    await expect(form.getByText(`On a $10.00 sale the platform keeps $${(keeps / 100).toFixed(2)} and the seller earns $${((1000 - keeps) / 100).toFixed(2)}.`)).toBeVisible();
    expect(await seriousViolations(page), 'axe on /admin/settings').toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Platform fee set to ${target}%. It applies to sales from now on.`)).toBeVisible();
    await expect(form.getByText(/^Last changed /)).toBeVisible();
    const saved = (await (await request.get('/api/admin/store-settings', { headers: bearer(admin) })).json()) as { platform_fee_percent: number };
    expect(saved.platform_fee_percent).toBe(target);
  } finally {
    // Other journeys read the fee at the time of their sale: put it back at once.
    await request.patch('/api/admin/store-settings', { headers: bearer(admin), data: { platform_fee_percent: before } });
  }
});
