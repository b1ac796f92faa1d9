import { expect, hydrated, registerUser, test } from './fixtures.ts';
import { DECLINED_CARD, paidDemoCourse, payWithCard, seriousViolations } from './commerce-fixtures.ts';

// A declined card leaves a pending payment; the dialog shows it with its
// time left, cannot be closed while it is pending, and Dismiss removes it.

test('a declined card leaves a pending payment that the dialog shows and Dismiss removes', async ({ page, request, loginAs }) => {
  test.slow();
  const course = await paidDemoCourse(request, 2);
  const price = `$${(course.price_cents / 100).toFixed(2)}`;
  const { username, password } = await registerUser(page, 'declined');
  await loginAs(username, password);
  const main = page.getByRole('main');

  await page.goto(`/simple-checkout?type=COURSE&itemId=${course.id}`);
  await main.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/checkout\/stripe\?session=/);
  const hosted = page.url();

  // Declined: the buyer is told so and may try again or cancel.
  await payWithCard(page, DECLINED_CARD);
  await expect(main.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  expect(await seriousViolations(page), 'axe on the declined card form').toEqual([]);
  await expect(main.getByRole('button', { name: `Pay ${price}` })).toBeEnabled();
  await expect(main.getByRole('link', { name: 'Cancel and return to DRX' })).toHaveAttribute('href', /\/cancel-payment\?session_id=/);

  // The buyer leaves without paying: on their next page the dialog lists the pending payment.
  await page.goto('/my-courses');
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Pending Payments' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const item = dialog.getByRole('listitem').filter({ hasText: 'Course Purchase' });
  await expect(item).toBeVisible();
  await expect(item).toContainText(price);
  await expect(item.getByText(/^(\d+h \d+m|\d+m) remaining$/)).toBeVisible();
  await expect(item.getByRole('link', { name: /^Complete Payment/ })).toHaveAttribute('href', new RegExp(`${escapeRe(new URL(hosted).search)}$`));
  await expect(dialog.getByText('Complete your pending payments to access all features and content.')).toBeVisible();
  expect(await seriousViolations(page), 'axe with the dialog open').toEqual([]);

  // It cannot be closed while the payment is pending.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);

  // Dismiss clears it; the empty dialog can then be closed.
  await item.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(dialog.getByText('No pending payments')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Nothing pending any more: the next page has no dialog, and the order shows as cancelled.
  await page.goto('/my-purchases');
  await hydrated(page);
  const order = main.getByRole('article').filter({ hasText: course.title });
  await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog', { name: 'Pending Payments' })).toHaveCount(0);
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
