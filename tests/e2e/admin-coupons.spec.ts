import { ACCOUNTS, expect, hydrated, registerUser, test } from './fixtures.ts';
import { paidDemoCourse, PAYING_CARD, payWithCard, seriousViolations, TEST_MODE } from './commerce-fixtures.ts';

// An admin creates a 20% coupon that a buyer applies at checkout; the use is counted
// once the order is paid.

const cents = (n: number) => `$${(n / 100).toFixed(2)}`;

test('an admin creates a 20% coupon, a buyer applies it at checkout and pays, and the admin sees it used', async ({ page, loginAs, browser, request }) => {
  test.slow();
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
  const course = await paidDemoCourse(request, 1);
  const main = page.getByRole('main');

  // The admin creates the coupon from the sidebar's Coupons page.
  await loginAs(ACCOUNTS.admin);
  await page.goto('/admin/dashboard');
  await hydrated(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Coupons' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons$/);
  await hydrated(page);
  await main.getByRole('button', { name: 'New coupon' }).click();
  const form = main.getByRole('region', { name: 'New coupon' });
  await expect(form.getByRole('heading', { name: 'New coupon' })).toBeFocused();
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Description (optional)').fill('Spring sale');
  await expect(form.getByRole('radio', { name: 'Percentage' })).toBeChecked();
  // A percentage out of range is refused before anything is sent.
  await form.getByLabel('Percent off').fill('120');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText('Enter a percentage from 1 to 100.')).toBeVisible();
  await form.getByLabel('Percent off').fill('20');
  await form.getByRole('checkbox', { name: 'Courses' }).check();
  await form.getByLabel('Uses per buyer (optional)').fill('1');
  expect(await seriousViolations(page), 'axe on the coupon form').toEqual([]);
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText('Coupon created')).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = main.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('Courses');
  await expect(row).toContainText('0 used');
  await expect(row).toContainText('Active');
  // The toast is dismissed, so the checks below see the page alone.
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByText('Coupon created')).toHaveCount(0);
  expect(await seriousViolations(page), 'axe on /admin/coupons').toEqual([]);

  // A buyer with the course in their cart applies the code at checkout.
  const buyer = await registerUser(page, 'cpnbuyer');
  const login = await request.post('/api/login', { data: buyer });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const added = await request.post('/api/cart', { data: { type: 'COURSE', itemId: course.id }, headers: { authorization: `Bearer ${token}` } });
  expect(added.ok()).toBeTruthy();
  const buyerContext = await browser.newContext();
  await buyerContext.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  const shop = await buyerContext.newPage();
  const shopMain = shop.getByRole('main');
  await shop.goto('/checkout');
  await expect(shopMain.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await expect(shopMain.getByText(TEST_MODE).first()).toBeVisible();
  const discount = Math.floor((course.price_cents * 20 + 50) / 100);
  await shopMain.getByLabel('Coupon code').fill(code.toLowerCase());
  await shopMain.getByRole('button', { name: 'Apply' }).click();
  await expect(shopMain.getByRole('status').filter({ hasText: `Coupon ${code} applied` })).toContainText(`−${cents(discount)}`);
  const total = cents(course.price_cents - discount);
  await shopMain.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(shop).toHaveURL(/\/checkout\/stripe\?session=/);
  await payWithCard(shop, PAYING_CARD);
  await expect(shop.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await buyerContext.close();

  // Counted once, on payment: the admin's list shows one use.
  await page.reload();
  await hydrated(page);
  await main.getByLabel('Search coupons').fill(code);
  await expect(main.getByRole('row').filter({ hasText: code })).toContainText('1 used');

  // Deactivating asks first, then the code stops applying.
  await main.getByRole('button', { name: `Deactivate ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Deactivate ${code}?` });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(main.getByRole('row').filter({ hasText: code })).toContainText('Inactive');
});
