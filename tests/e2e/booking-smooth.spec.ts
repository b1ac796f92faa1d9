import { bookAndPay, firstOpenSlot, publishedInstructor } from './booking-fixtures.ts';
import { PAYING_CARD, payWithCard } from './commerce-fixtures.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { bearer, freshAccount } from './plan-fixtures.ts';

// Booking without friction (decision 0068): a time clicked on a profile arrives chosen on the
// booking page; one time zone story from slot to confirmation (the booker's time, the
// instructor's beside); a cancelled lesson is filed under Cancelled; My Bookings hydrates cleanly
// in a zone that is not the server's.

const BOOKER_ZONE = 'America/New_York';
const INSTRUCTOR_ZONE = 'America/Los_Angeles';

test.use({ timezoneId: BOOKER_ZONE });

const timeIn = (at: Date, zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(at);
const dayIn = (at: Date, zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(at);

test('a time clicked on a profile arrives chosen, survives a reload, and reads in both zones up to the confirmation', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE, lastName: 'Westcoast' });
  const booker = await freshAccount(request, 'smooth', 'Sam', 'Ooth');
  await loginAs(booker.username, booker.password);

  await page.goto(`/instructors/${instructor.id}`);
  const firstTime = page.locator('[data-preview-slots] a').first();
  await expect(firstTime).toBeVisible();
  const href = (await firstTime.getAttribute('href'))!;
  const at = new URL(href, 'http://x').searchParams.get('at')!;
  expect(href).toContain(`type=${instructor.lessonTypeId}`);
  const start = new Date(at);
  await firstTime.click();

  await expect(page).toHaveURL(new RegExp(`/instructors/${instructor.id}/book\\?type=${instructor.lessonTypeId}&at=`));
  await hydrated(page);
  const both = `${timeIn(start, BOOKER_ZONE)} your time (${timeIn(start, INSTRUCTOR_ZONE)} in Los Angeles)`;
  const chosen = page.getByRole('list', { name: /^Times on / }).getByRole('button', { pressed: true });
  await expect(chosen).toHaveAccessibleName(both);
  await expect(chosen).toHaveAttribute('data-starts-at', at);
  // The next step is in view, with the chosen time in the booker's zone and the instructor's beside.
  const summary = page.getByRole('region', { name: '3. Note and payment' });
  await expect(summary.getByRole('heading', { name: '3. Note and payment' })).toBeInViewport();
  const when = `${dayIn(start, BOOKER_ZONE)} at ${both}`;
  await expect(summary.getByText(when)).toBeVisible();

  // The address keeps the choice: a reload shows it chosen again.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('list', { name: /^Times on / }).getByRole('button', { pressed: true })).toHaveAttribute('data-starts-at', at);
  await expect(summary.getByText(when)).toBeVisible();

  // The zone picker: friendly names with offsets, the browser's first, searchable.
  const zones = page.getByLabel('Times shown in');
  await expect(zones).toHaveValue(BOOKER_ZONE);
  await expect(zones.locator('option').first()).toHaveText(/^Eastern Time — New York \(UTC−0[45]:00\)$/);
  await page.getByLabel('Find a time zone').fill('tokyo');
  await expect(zones).toHaveValue('Asia/Tokyo');
  await expect(chosen).toHaveAccessibleName(new RegExp(`^${timeIn(start, 'Asia/Tokyo')} your time \\(`));
  await page.getByLabel('Find a time zone').fill('eastern new york');
  await expect(zones).toHaveValue(BOOKER_ZONE);

  // Pay; the confirmation names the booker's time with the instructor's beside.
  await summary.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/stripe/);
  await payWithCard(page, PAYING_CARD, 'Sam Ooth');
  await expect(page).toHaveURL(/\/payment-success/, { timeout: 15_000 });
  await expect(page.getByText(new RegExp(`${timeIn(start, BOOKER_ZONE)} E[SD]T \\(${timeIn(start, INSTRUCTOR_ZONE)} in Los Angeles\\)`)).first()).toBeVisible();

  // My Bookings tells the same story.
  await page.goto('/my-bookings');
  await hydrated(page);
  const booking = page.getByRole('article', { name: instructor.lessonTitle });
  await expect(async () => {
    await page.reload();
    await expect(booking.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(booking.getByText(when)).toBeVisible();
});

test('a cancelled lesson that was still to come is under Cancelled, not Upcoming or Past', async ({ page, request, loginAs }) => {
  const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE });
  const booker = await freshAccount(request, 'cancelled', 'Cal', 'Celled');
  const booked = await bookAndPay(request, booker.token, instructor, await firstOpenSlot(request, instructor, 30), BOOKER_ZONE);
  const cancel = await request.post(`/api/bookings/${booked.id}/cancel`, { headers: bearer(booker.token), data: { reason: 'Change of plans' } });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await loginAs(booker.username, booker.password);
  await page.goto('/my-bookings');
  await hydrated(page);
  const booking = page.getByRole('article', { name: instructor.lessonTitle });
  await expect(page.getByText('No upcoming lessons.')).toBeVisible();
  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(page.getByText('No past bookings yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(page).toHaveURL(/tab=cancelled/);
  await expect(booking.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(booking.getByText(/Change of plans/)).toBeVisible();
});

test('My Bookings in a zone that is not the server’s hydrates without a console error', async ({ page, request, loginAs }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const booker = await freshAccount(request, 'zone', 'Zo', 'Ne');
  await loginAs(booker.username, booker.password);
  await page.goto('/my-bookings');
  await hydrated(page);
  await expect(page.getByText(/Times are shown in your time zone: Eastern Time — New York/)).toBeVisible();
  await expect(page.getByText('No upcoming lessons.')).toBeVisible();
  expect(errors).toEqual([]);
});
