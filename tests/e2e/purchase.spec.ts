import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, registerUser, test, uniqueName } from './fixtures.ts';
import { paidDemoCourse, PAYING_CARD, payWithCard, seriousViolations, TEST_MODE } from './commerce-fixtures.ts';

// A guest adds a paid course to the cart, signs up before paying (the cart is kept), pays
// with 4242… in test mode, lands on the success page, starts the course, and finds the order and
// its receipt in /my-purchases.

test('a guest buys a paid course: cart, sign-up at checkout, test card, success, start, My Purchases and receipt', async ({ page, request }) => {
  test.slow();
  const course = await paidDemoCourse(request);
  const price = `$${(course.price_cents / 100).toFixed(2)}`;
  const main = page.getByRole('main');

  // A guest adds the course to the cart from its page.
  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  await expect(main.getByText(TEST_MODE)).toBeVisible();
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(main.getByText('In cart', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');

  // From the cart to checkout, which shows a guest the review with the details to pay without an
  // account (guest-checkout.spec.ts pays that way); this buyer creates an account first, and the cart stays.
  await main.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(main.getByText(course.title).first()).toBeVisible();
  await main.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: course.title })).toBeVisible();
  await expect(main.getByRole('form', { name: 'Your details' })).toBeVisible();
  expect(await seriousViolations(page), 'axe on the guest review').toEqual([]);
  await page.goto('/auth?mode=signup&redirect=%2Fcheckout');

  const username = uniqueName('buyer');
  const form = page.getByRole('form', { name: 'Create account' });
  await expect(form.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  await form.getByLabel('First name').fill('Bea');
  await form.getByLabel('Last name').fill('Buyer');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await form.getByLabel('Confirm password').fill('correct-horse-42');
  await form.getByRole('button', { name: 'Create Account' }).click();

  // Back at checkout, signed in, with the guest's course in the account's cart.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: course.title })).toBeVisible();
  await expect(main.getByText(TEST_MODE)).toBeVisible();
  expect(await seriousViolations(page), 'axe on /checkout').toEqual([]);

  // A code that does not exist is refused with its reason.
  await main.getByLabel('Coupon code').fill('NO-SUCH-CODE');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByRole('alert').filter({ hasText: 'This coupon code is not valid.' })).toBeVisible();

  await main.getByRole('button', { name: `Pay ${price}` }).click();

  // The test provider's hosted page: clearly a test, with the amount, the items and the test cards.
  await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
  await expect(main.getByText('TEST MODE', { exact: true }).first()).toBeVisible();
  await expect(main.getByText(TEST_MODE).first()).toBeVisible();
  await expect(main.getByText(PAYING_CARD)).toBeVisible();
  await expect(main.getByText(course.title)).toBeVisible();
  expect(await seriousViolations(page), 'axe on the hosted page').toEqual([]);
  await payWithCard(page, PAYING_CARD);

  // The success page: paid, with what to do next.
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  const start = main.getByRole('link', { name: new RegExp(`^(Start course|Go to course): ${escape(course.title)}`) });
  await expect(start).toBeVisible();
  expect(await seriousViolations(page), 'axe on the success page').toEqual([]);
  await start.click();
  await expect(page).toHaveURL(new RegExp(`/learn/courses/${course.id}`));
  await hydrated(page);
  await expect(main.getByText(course.title).first()).toBeVisible();

  // My Purchases (from the account menu): the order, paid, with its receipt.
  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My Purchases' }).click();
  await expect(page).toHaveURL(/\/my-purchases$/);
  const order = main.getByRole('article').filter({ hasText: course.title });
  await expect(order).toBeVisible();
  await expect(order.getByText('Paid', { exact: true })).toBeVisible();
  await expect(order.getByText(price).first()).toBeVisible();
  await expect(order.getByText(TEST_MODE)).toBeVisible();
  expect(await seriousViolations(page), 'axe on /my-purchases').toEqual([]);
  const heading = (await order.getByRole('heading', { level: 2 }).textContent())!;
  const orderNumber = heading.replace(/^Order /, '').trim();
  await order.getByRole('link', { name: /^Receipt/ }).click();

  await expect(page).toHaveURL(/\/my-purchases\/\d+\/receipt$/);
  const receipt = main.getByRole('article');
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receipt.getByText(orderNumber, { exact: true })).toBeVisible();
  await expect(receipt.getByRole('cell', { name: course.title })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /Total/ })).toContainText(price);
  await expect(main.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  expect(await seriousViolations(page), 'axe on the receipt').toEqual([]);
});

test('Buy now on the enrol page pays for one item directly, with a 20% coupon; the buyer is then offered the course, not the purchase', async ({ page, request, loginAs }) => {
  test.slow();
  const course = await paidDemoCourse(request, 1);
  const main = page.getByRole('main');

  // A visitor's Buy now reviews the same item, with the details to pay without an account or a sign-in there.
  await page.goto(`/courses/${course.id}/enroll`);
  await hydrated(page);
  await main.getByRole('link', { name: 'Buy now' }).click();
  const direct = `/simple-checkout?type=COURSE&itemId=${course.id}`;
  await expect(page).toHaveURL(new RegExp(`${escape(direct)}$`));
  await expect(main.getByRole('heading', { name: 'Review your purchase' })).toBeVisible();
  await expect(main.getByRole('form', { name: 'Your details' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Sign in to check out' })).toBeVisible();

  const { username, password } = await registerUser(page, 'buynow');
  await loginAs(username, password);
  await page.goto(direct);
  await expect(main.getByRole('heading', { name: 'Review your purchase' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: course.title })).toBeVisible();

  // A 20% coupon (made by the admin) lowers the total before paying.
  const code = uniqueName('SAVE').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 20);
  const admin = await request.post('/api/login', { data: { username: ACCOUNTS.admin, password: DEMO_PASSWORD } });
  const { access_token } = (await admin.json()) as { access_token: string };
  const created = await request.post('/api/admin/coupons', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { code, description: '20% off', discountType: 'percent', percentOff: 20 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const discounted = Math.round(course.price_cents * 0.8);
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  await main.getByLabel('Coupon code').fill(code.toLowerCase());
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByRole('status').filter({ hasText: `Coupon ${code} applied` })).toBeVisible();
  await expect(main.getByText(`Discount (${code})`)).toBeVisible();
  await main.getByRole('button', { name: `Pay ${money(discounted)}` }).click();
  await expect(main.getByText(money(discounted)).first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
  const hosted = page.url();
  await payWithCard(page, PAYING_CARD);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(main.getByText(`Discount (${code})`)).toBeVisible();

  // The provider's page of a paid session says so and takes no card again.
  await page.goto(hosted);
  await expect(main.getByRole('heading', { name: 'Already paid' })).toBeVisible();
  await expect(main.getByRole('form', { name: 'Card details' })).toHaveCount(0);

  // Bought: a second Buy now names why it cannot be bought again.
  await page.goto(direct);
  await expect(main.getByText('You are already enrolled in this course.')).toBeVisible();
  await expect(main.getByRole('button', { name: /^Pay \$/ })).toBeDisabled();

  // Enrolled now: the enrol page offers the course instead of Add to Cart / Buy now.
  await page.goto(`/courses/${course.id}/enroll`);
  await expect(main.getByRole('link', { name: 'Continue', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Buy now' })).toHaveCount(0);
});

test('cancelling on the provider\'s page cancels the order and keeps the cart', async ({ page, request, loginAs }) => {
  const course = await paidDemoCourse(request, 1);
  const { username, password } = await registerUser(page, 'canceller');
  const token = await loginAs(username, password);
  const added = await request.post('/api/cart', { headers: { authorization: `Bearer ${token}` }, data: { type: 'COURSE', itemId: course.id } });
  expect(added.ok(), await added.text()).toBeTruthy();
  const main = page.getByRole('main');

  await page.goto('/checkout');
  await main.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
  await main.getByRole('link', { name: 'Cancel and return to DRX' }).click();

  await expect(page).toHaveURL(/\/cancel-payment\?session_id=/);
  await expect(main.getByText('Your payment was cancelled and nothing was charged.')).toBeVisible();
  await expect(main.getByText(/Your cart is kept/)).toBeVisible();
  expect(await seriousViolations(page), 'axe on /cancel-payment').toEqual([]);
  await main.getByRole('link', { name: 'Back to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(main.getByText(course.title).first()).toBeVisible();

  await page.goto('/my-purchases');
  const order = main.getByRole('article').filter({ hasText: course.title });
  await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(order.getByRole('link', { name: /^Complete Payment/ })).toHaveCount(0);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
