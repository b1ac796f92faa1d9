import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test, uniqueName } from './fixtures.ts';
import { PAYING_CARD, paidDemoCourse, payWithCard, seriousViolations } from './commerce-fixtures.ts';

// Checkout without an account first (decision 0065): a visitor pays with an email and a name, or
// signs in on the checkout page itself; the success page keeps its promises (where the receipt
// went, a Download that downloads); the pending payments dialog opens only where payments matter.

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function newAccount(request: APIRequestContext, prefix: string) {
  const username = uniqueName(prefix);
  const password = 'correct-horse-42';
  const email = `${username}@example.com`;
  const res = await request.post('/api/register', { data: { username, password, email, first_name: 'Rosa', last_name: 'Delgado' } });
  expect(res.status(), await res.text()).toBe(201);
  const { access_token } = (await res.json()) as { access_token: string };
  return { username, password, email, token: access_token };
}

test('a visitor checks out a course with an email and a name, pays with the test card and is told where the receipt went', async ({ page, request }) => {
  test.slow();
  const course = await paidDemoCourse(request, 0);
  const main = page.getByRole('main');
  const email = `${uniqueName('guest')}@example.com`;

  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  await main.getByRole('button', { name: 'Add to Cart' }).first().click();
  await main.getByRole('link', { name: 'View cart' }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await main.getByRole('link', { name: 'Checkout' }).click();

  // The review stays, with the visitor's details beside the payment.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await expect(main.getByRole('list').getByText(course.title)).toBeVisible();
  const details = main.getByRole('form', { name: 'Your details' });
  // Field messages first, then the real details.
  await details.getByRole('button', { name: `Pay ${money(course.price_cents)}` }).click();
  await expect(details.getByText('Email is required')).toBeVisible();
  expect(await seriousViolations(page), 'axe on the guest checkout').toEqual([]);
  await details.getByLabel('Email').fill(email);
  await details.getByLabel('First name').fill('Maya');
  await details.getByLabel('Last name').fill('Lopez');
  await details.getByRole('button', { name: `Pay ${money(course.price_cents)}` }).click();

  await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
  await payWithCard(page, PAYING_CARD);
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(main.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(main.getByText(`Your receipt is on its way to ${email}. We also sent a link there to choose a password for your new account.`)).toBeVisible();
  await expect(main.getByRole('link', { name: `Start course: ${course.title}` })).toHaveAttribute('href', `/learn/courses/${course.id}`);
  await expect(main.getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/my-courses');
  await expect(main.getByRole('link', { name: 'Browse courses' })).toHaveCount(0);
});

test('a visitor opens the coupon field, is told why a code is refused, applies a valid one and pays the discounted total', async ({ page, request }) => {
  test.slow();
  const course = await paidDemoCourse(request, 0);
  const login = await request.post('/api/login', { data: { username: ACCOUNTS.admin, password: DEMO_PASSWORD } });
  const { access_token: admin } = (await login.json()) as { access_token: string };
  const code = uniqueName('VISIT').toUpperCase();
  const made = await request.post('/api/admin/coupons', { data: { code, discountType: 'percent', percentOff: 25 }, headers: { authorization: `Bearer ${admin}` } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const discounted = course.price_cents - Math.round(course.price_cents * 0.25);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  const main = page.getByRole('main');

  await page.goto(`/simple-checkout?type=COURSE&itemId=${course.id}`);
  const details = main.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Email').fill(`${uniqueName('coupon')}@example.com`);
  await details.getByLabel('First name').fill('Nora');
  // The coupon's code loads only when the field is opened.
  expect(scripts.filter((s) => /checkout-coupon/.test(s))).toEqual([]);
  await main.getByRole('button', { name: 'Have a coupon code?' }).click();
  const field = main.getByLabel('Coupon code');
  await expect(field).toBeFocused();
  await field.fill('NOT-A-REAL-CODE');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByRole('alert').getByText('This coupon code is not valid.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByRole('status').getByText(`Coupon ${code} applied`)).toBeVisible();
  await expect(main.locator('.checkout-grand-total')).toContainText(money(discounted));
  await expect(main.getByText(`Discount (${code})`)).toBeVisible();
  // What the visitor typed stays; Pay asks the discounted total.
  await expect(details.getByLabel('Email')).not.toHaveValue('');
  await details.getByRole('button', { name: `Pay ${money(discounted)}` }).click();

  await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
  await expect(page.getByRole('form', { name: 'Card details' }).getByRole('button', { name: `Pay ${money(discounted)}` })).toBeVisible();
  await payWithCard(page, PAYING_CARD);
  await expect(main.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(main.getByText(`Discount (${code})`)).toBeVisible();
});

test('a visitor with an account is asked to sign in on the page, and the summary stays', async ({ page, request }) => {
  test.slow();
  const course = await paidDemoCourse(request, 1);
  const account = await newAccount(request, 'inline');
  const main = page.getByRole('main');

  await page.goto(`/simple-checkout?type=COURSE&itemId=${course.id}`);
  const details = main.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Email').fill(account.email.toUpperCase());
  await details.getByLabel('First name').fill('Rosa');
  await details.getByRole('button', { name: /^Pay \$/ }).click();

  // The address has an account: nothing is created, its owner signs in here.
  const signIn = main.getByRole('form', { name: 'Sign in to check out' });
  await expect(signIn.getByText('An account already uses this email. Sign in to check out with it.')).toBeVisible();
  await expect(main.getByRole('list').getByText(course.title)).toBeVisible();
  await signIn.getByLabel('Username').fill(account.username);
  await signIn.getByLabel('Password').fill(account.password);
  await signIn.getByRole('button', { name: 'Sign in and continue' }).click();

  // Signed in, on the same page: the buyer's review with the coupon field, the summary unchanged.
  await expect(main.getByLabel('Coupon code')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/simple-checkout\\?type=COURSE&itemId=${course.id}$`));
  await expect(main.getByRole('list').getByText(course.title)).toBeVisible();
  await expect(main.getByRole('button', { name: `Pay ${money(course.price_cents)}` })).toBeEnabled();
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test("a resource's success page downloads the file it sold", async ({ page, request, loginAs }) => {
  test.slow();
  const found = await request.get(`/api/resources?q=${encodeURIComponent('Tap Rhythm Ladders')}`);
  const resource = ((await found.json()) as { data: { id: number; title: string }[] }).data[0]!;
  const account = await newAccount(request, 'filebuyer');
  await loginAs(account.username, account.password);
  const main = page.getByRole('main');

  await page.goto(`/simple-checkout?type=RESOURCE&itemId=${resource.id}`);
  await main.getByRole('button', { name: /^Pay \$/ }).click();
  await payWithCard(page, PAYING_CARD);
  await expect(main.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(main.getByText(`Your receipt is on its way to ${account.email}.`)).toBeVisible();
  await expect(main.getByRole('link', { name: 'My Resources' })).toHaveAttribute('href', '/my-resources');

  const downloading = page.waitForEvent('download');
  await main.getByRole('button', { name: `Download: ${resource.title}` }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(await file.failure()).toBeNull();
});

test('the pending payments dialog stays off the home page and opens on the cart', async ({ page, request, loginAs }) => {
  const course = await paidDemoCourse(request, 2);
  const account = await newAccount(request, 'unfinished');
  const started = await request.post('/api/simple-checkout', { data: { type: 'COURSE', itemId: course.id }, headers: { authorization: `Bearer ${account.token}` } });
  expect(started.status(), await started.text()).toBe(201);
  await loginAs(account.username, account.password);

  const pendingRead = (path: string) => page.waitForResponse((res) => new URL(res.url()).pathname === '/api/payments/pending', { timeout: 3_000 }).then(() => path, () => null);

  // Home: the list is not even asked for.
  const onHome = pendingRead('/');
  await page.goto('/');
  await hydrated(page);
  expect(await onHome).toBeNull();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/cart');
  const dialog = page.getByRole('dialog', { name: 'Payment not finished' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText(`You have a payment that was not finished: ${money(course.price_cents)} for ${course.title}.`);
  await expect(dialog.getByRole('link', { name: /^Finish paying/ })).toHaveAttribute('href', /\/checkout\/stripe\?session=/);
});
