import { bookAndPay, firstOpenSlot, publishedInstructor } from './booking-fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { freshAccount } from './plan-fixtures.ts';

// Decision 0032's addendum: a published Connect & Book instructor who does not sell in the store
// reaches the payments page from their bookings, sets up the (simulated) payout account and is
// paid a booked lesson's earning, through the same pages as a store seller.

test('an instructor without a store opens Payouts from their bookings, sets up payouts and pays out a lesson’s earning', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  const instructor = await publishedInstructor(request);
  const booker = await freshAccount(request, 'payee_booker', 'Pia', 'Booker');
  await bookAndPay(request, booker.token, instructor, await firstOpenSlot(request, instructor));

  await loginAs(instructor.username, instructor.password);
  await page.goto('/instructor/bookings');
  await hydrated(page);
  await page.getByRole('main').getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect(page).toHaveURL(/\/seller\/payments$/);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText(`Booking: ${instructor.lessonTitle}`)).toBeVisible();
  await expect(main.getByText('Not set up')).toBeVisible();
  expect(await seriousViolations(page), 'axe on the payments page').toEqual([]);

  await main.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page).toHaveURL(/\/seller\/payments\/onboarding$/);
  await hydrated(page);
  await expect(page.getByRole('main').getByText(instructor.name)).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/seller\/payments(\?connect=return)?$/);
  await expect(page.getByText('Your payout account is set up: you can pay out your balance.')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Pay out balance' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pay out balance' }).click();
  // The lesson's $50.00 less the platform fee, paid by a simulated transfer.
  const history = page.getByRole('main').getByRole('region', { name: 'Payout history' });
  await expect(history.getByRole('row', { name: /\$[\d.]+ Paid Test mode/ })).toBeVisible();
  // The provider's transfer id is an internal: the history does not show it.
  await expect(history.getByText(/tr_/)).toHaveCount(0);
  await expect(page.getByRole('main').getByText('There is no balance to pay out.')).toBeVisible();
});

test('the payments page fits a phone for an instructor', async ({ page, request, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const instructor = await publishedInstructor(request);
  await loginAs(instructor.username, instructor.password);
  await page.goto('/seller/payments');
  await hydrated(page);
  await expect(page.getByRole('main').getByRole('button', { name: 'Set up payouts' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
