import { expect, hydrated, registerUser, test } from './fixtures.ts';
import { DECLINED_CARD, paidDemoCourse, payWithCard, seriousViolations } from './commerce-fixtures.ts';

// A declined card leaves a pending payment; where payments matter (here My Purchases) the dialog
// says so plainly with its time left; Not now closes it, and Cancel it ends the payment.

test('a declined card leaves a pending payment that the dialog shows and Cancel it ends', async ({ page, request, loginAs }) => {
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

  // The buyer leaves without paying: the rest of the site stays quiet...
  await page.goto('/my-courses');
  await hydrated(page);
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // ...and My Purchases, where payments matter, says what is waiting.
  await page.goto('/my-purchases');
  await hydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Payment not finished' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText(`You have a payment that was not finished: ${price} for ${course.title}.`);
  const item = dialog.getByRole('listitem').filter({ hasText: course.title });
  await expect(item).toContainText('Course Purchase');
  await expect(item.getByText(/^(\d+h \d+m|\d+m) remaining$/)).toBeVisible();
  await expect(item.getByRole('link', { name: /^Finish paying/ })).toHaveAttribute('href', new RegExp(`${escapeRe(new URL(hosted).search)}$`));
  expect(await seriousViolations(page), 'axe with the dialog open').toEqual([]);

  // Not now closes it for this page.
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toHaveCount(0);

  // Cancel it ends the payment; the dialog then says nothing is waiting and can be closed.
  await page.reload();
  await hydrated(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('listitem').filter({ hasText: course.title }).getByRole('button', { name: /^Cancel the payment/ }).click();
  await expect(dialog.getByText('Nothing is waiting for payment.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Nothing pending any more: the next page has no dialog, and the order shows as cancelled.
  await page.goto('/my-purchases');
  await hydrated(page);
  const order = main.getByRole('article').filter({ hasText: course.title });
  await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog', { name: /not finished/ })).toHaveCount(0);
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
