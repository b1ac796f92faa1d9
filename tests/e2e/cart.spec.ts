import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { paidDemoCourse, TEST_MODE, type PaidCourse } from './commerce-fixtures.ts';
import { expect, hydrated, registerUser, test } from './fixtures.ts';

// The cart (decision 0025). A guest fills the cart from course pages (the badge counts), works it in
// the header's dropdown (quantity − and +, remove, Clear Cart, the empty state) and on /cart,
// then signs in: the guest cart is merged into the account's server cart and the local copy goes.

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Shopping cart/ });
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });

async function addFromCoursePage(page: Page, course: PaidCourse) {
  await page.goto(`/courses/${course.id}`);
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(main.getByText('In cart', { exact: true })).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const storedCart = (page: Page) => page.evaluate(() => localStorage.getItem('drx_cart'));

test('a guest fills the cart, works it in the dropdown and on /cart, and keeps it through sign-in', async ({ page, request }) => {
  test.slow();
  const first = await paidDemoCourse(request, 0);
  const second = await paidDemoCourse(request, 1);
  // The dropdown's code (React, Radix) must run under the site's Content-Security-Policy.
  const cspViolations: string[] = [];
  page.on('console', (msg) => {
    if (/Content[ -]Security[ -]Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });

  // Empty: the badge shows nothing and the dropdown offers Browse Resources.
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, empty');
  await cartButton(page).click();
  await expect(dropdown(page)).toBeVisible();
  await expect(dropdown(page).getByText('Your cart is empty.')).toBeVisible();
  await expect(dropdown(page).getByRole('link', { name: 'Browse Resources' })).toHaveAttribute('href', '/curriculum');
  await page.keyboard.press('Escape');
  await expect(dropdown(page)).toHaveCount(0);
  await expect(cartButton(page)).toBeFocused();

  // Two paid courses from their pages: the badge counts them.
  await addFromCoursePage(page, first);
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 1 item');
  await addFromCoursePage(page, second);
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 2 items');
  await expect(cartButton(page)).toHaveText('2');
  const stored = JSON.parse((await storedCart(page)) ?? '[]') as { type: string; itemId: number; quantity: number }[];
  expect(stored.map((i) => [i.type, i.itemId, i.quantity])).toEqual([
    ['course', first.id, 1],
    ['course', second.id, 1],
  ]);

  // The dropdown: the lines, the total, test mode, View Cart and Checkout to /cart.
  await cartButton(page).click();
  const cart = dropdown(page);
  await expect(cart.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(cart.getByRole('link', { name: first.title })).toBeVisible();
  await expect(cart.getByRole('link', { name: second.title })).toBeVisible();
  await expect(cart.getByText(money(first.price_cents + second.price_cents))).toBeVisible();
  await expect(cart.getByText(TEST_MODE)).toBeVisible();
  await expect(cart.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
  await expect(cart.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/cart');
  await expectNoAxeViolations(page);
  // A course is one enrolment: + stays off; − below 1 removes it.
  await expect(cart.getByRole('button', { name: `Increase quantity of ${first.title}` })).toBeDisabled();
  await cart.getByRole('button', { name: `Decrease quantity of ${first.title}` }).click();
  await expect(cart.getByRole('link', { name: first.title })).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 1 item');
  await cart.getByRole('button', { name: `Remove ${second.title} from cart` }).focus();
  await page.keyboard.press('Enter');
  await expect(cart.getByText('Your cart is empty.')).toBeVisible();
  await expect(cart).toBeFocused();
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, empty');
  expect(await storedCart(page)).toBeNull();
  await page.keyboard.press('Escape');

  // Clear Cart empties it at once.
  await addFromCoursePage(page, first);
  await addFromCoursePage(page, second);
  await cartButton(page).click();
  await dropdown(page).getByRole('button', { name: 'Clear Cart' }).click();
  await expect(dropdown(page).getByText('Your cart is empty.')).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, empty');
  await page.keyboard.press('Escape');

  // /cart: the whole cart, with the same actions and Checkout to /checkout.
  await addFromCoursePage(page, first);
  await addFromCoursePage(page, second);
  await cartButton(page).click();
  await dropdown(page).getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
  await expect(main.getByRole('link', { name: first.title })).toBeVisible();
  await expect(main.getByRole('link', { name: second.title })).toBeVisible();
  await expect(main.getByText(money(first.price_cents + second.price_cents))).toBeVisible();
  await expect(main.getByText(TEST_MODE)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await expectNoAxeViolations(page);

  // Sign in: the guest cart joins the account's (server) cart; the local copy is cleared.
  const account = await registerUser(page, 'cartbuyer');
  await page.goto('/auth?redirect=%2Fcart');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(main.getByRole('link', { name: first.title })).toBeVisible();
  await expect(main.getByRole('link', { name: second.title })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 2 items');
  expect(await storedCart(page)).toBeNull();
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const server = await request.get('/api/cart', { headers: { authorization: `Bearer ${token}` } });
  const serverCart = (await server.json()) as { items: { itemId: number; quantity: number }[]; count: number };
  expect(serverCart.items.map((l) => [l.itemId, l.quantity])).toEqual([
    [first.id, 1],
    [second.id, 1],
  ]);

  // Signed in, /cart works on the server cart: remove one line.
  await main.getByRole('button', { name: `Remove ${first.title} from cart` }).click();
  await expect(main.getByRole('link', { name: first.title })).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 1 item');
  expect(cspViolations).toEqual([]);
});

test('failures of the cart calls show the destructive error toasts and keep the cart', async ({ page, request, loginAs }) => {
  const course = await paidDemoCourse(request, 2);
  const account = await registerUser(page, 'carttoasts');
  const token = await loginAs(account.username, account.password);
  const added = await request.post('/api/cart', { data: { type: 'COURSE', itemId: course.id }, headers: { authorization: `Bearer ${token}` } });
  expect(added.ok()).toBeTruthy();

  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 1 item');
  await cartButton(page).click();
  const cart = dropdown(page);
  await expect(cart.getByRole('link', { name: course.title })).toBeVisible();

  // The server refuses every change from now on.
  await page.route(/\/api\/cart(\/\d+)?$/, (route) =>
    route.request().method() === 'GET' ? route.fallback() : route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
  );
  await cart.getByRole('button', { name: `Remove ${course.title} from cart` }).click();
  await expect(page.getByText('Failed to remove item from cart')).toBeVisible();
  await cart.getByRole('button', { name: `Decrease quantity of ${course.title}` }).click();
  await expect(page.getByText('Failed to update quantity')).toBeVisible();
  await cart.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Failed to clear cart')).toBeVisible();
  await expect(cart.getByRole('link', { name: course.title })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, 1 item');
});

test('a line whose item is gone is flagged with its reason, left out of the total, and holds back checkout', async ({ page, request }) => {
  const course = await paidDemoCourse(request, 0);
  await page.addInitScript((c) => {
    if (localStorage.getItem('drx_cart')) return;
    localStorage.setItem(
      'drx_cart',
      JSON.stringify([
        { id: `course-${c.id}`, type: 'course', itemId: c.id, title: c.title, price: 1, quantity: 1, imageUrl: null },
        { id: 'course-987654', type: 'course', itemId: 987654, title: 'A retired course', price: 15, quantity: 1, imageUrl: null },
      ]),
    );
  }, course);
  await page.goto('/cart');
  const main = page.getByRole('main');
  const gone = main.getByRole('listitem').filter({ hasText: 'A retired course' });
  await expect(gone.getByText('This item no longer exists.')).toBeVisible();
  // The current price of the other course, not the one stored, and only it in the total.
  await expect(main.getByText('Total')).toBeVisible();
  await expect(main.locator('.cart-total')).toContainText(money(course.price_cents));
  await expect(main.getByText('Remove the items that can no longer be bought before you check out.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await gone.getByRole('button', { name: 'Remove A retired course from cart' }).click();
  await expect(main.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
});

test('Add to Cart clicked before its code has loaded still adds the course, on its page and its enrol page', async ({ page, request }) => {
  const course = await paidDemoCourse(request, 0);
  const other = await paidDemoCourse(request, 1);
  // The cart actions' code arrives late: the click lands before the button is wired. (Routing
  // turns the browser's cache off, so each page asks for the code again.)
  let release = () => {};
  let asked = false;
  await page.route(/\/_astro\/checkout-cart-actions\.[^/]*\.js$/, async (route) => {
    asked = true;
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  for (const [path, item] of [
    [`/courses/${course.id}`, course],
    [`/courses/${other.id}/enroll`, other],
  ] as const) {
    asked = false;
    await page.goto(path);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => asked).toBe(true);
    await expect(main.getByText('In cart', { exact: true })).toHaveCount(0);
    release();
    await expect(main.getByText('In cart', { exact: true })).toBeVisible();
    expect(JSON.parse((await storedCart(page)) ?? '[]')).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'course', itemId: item.id, quantity: 1 })]));
  }
});

test('the badge shows 99+ above 99 items', async ({ page }) => {
  await page.addInitScript(() => {
    const items = Array.from({ length: 12 }, (_, i) => ({ id: `resource-${i + 1}`, type: 'resource', itemId: i + 1, title: `Sheet ${i + 1}`, price: 1, quantity: 10, imageUrl: null }));
    localStorage.setItem('drx_cart', JSON.stringify(items));
  });
  await page.goto('/about');
  await expect(cartButton(page)).toHaveText('99+');
  await expect(cartButton(page)).toHaveAccessibleName('Shopping cart, more than 99 items');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the dropdown fits the screen and the page does not scroll sideways', async ({ page, request }) => {
    const course = await paidDemoCourse(request, 0);
    await addFromCoursePage(page, course);
    await cartButton(page).click();
    const box = await dropdown(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/cart/dropdown-390.png' });
    await page.goto('/cart');
    await expect(page.getByRole('main').getByRole('link', { name: course.title })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/cart/cart-page-390.png', fullPage: true });
  });
});
