import { bookAndPay, firstOpenSlot, publishedInstructor } from './booking-fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { apiToken, bearer, freshAccount } from './plan-fixtures.ts';

// An instructor sets their weekly hours and a day off, saves and finds them again;
// sees a booking in their own zone and copies their private calendar feed address.

const ZONE = 'America/Chicago';
test.use({ timezoneId: ZONE, permissions: ['clipboard-read', 'clipboard-write'] });

/** A date about five weeks ahead, 'YYYY-MM-DD'. */
function dateAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('an instructor sets weekly hours and a day off, saves, and sees them after a reload', async ({ page, request }) => {
  const instructor = await publishedInstructor(request, { timeZone: ZONE });
  const token = await apiToken(request, instructor.username, instructor.password);
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  await page.goto('/instructor/availability');
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Time zone', { exact: true })).toHaveValue(ZONE);

  // Monday: 10:00–12:00 and 14:00–16:00; then the same for every weekday.
  const monday = main.getByRole('group', { name: 'Monday' });
  await monday.getByLabel('From (Monday)').first().fill('10:00');
  await monday.getByLabel('To (Monday)').first().fill('12:00');
  await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
  await monday.getByLabel('From (Monday)').nth(1).fill('14:00');
  await monday.getByLabel('To (Monday)').nth(1).fill('16:00');
  await main.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
  await expect(main.getByRole('group', { name: 'Friday' }).getByLabel('From (Friday)')).toHaveCount(2);
  // Sunday off.
  await main.getByRole('group', { name: 'Sunday' }).getByRole('button', { name: /^Remove Sunday/ }).click();
  await expect(main.getByRole('group', { name: 'Sunday' }).getByText('Unavailable')).toBeVisible();

  // Rules in human units.
  await main.getByLabel('Minimum notice').selectOption({ label: '1 day' });
  await main.getByLabel('Booking horizon (days ahead)').fill('45');
  await main.getByLabel('Buffer between lessons').selectOption({ label: '15 minutes' });

  // A day off on a date.
  const off = dateAhead(35);
  await main.getByLabel('Date', { exact: true }).fill(off);
  await main.getByRole('button', { name: 'Add date' }).click();
  const offLabel = new Date(`${off}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const offItem = main.getByRole('listitem').filter({ hasText: offLabel });
  await expect(offItem.getByLabel('Day off')).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // An overlap is refused with the API's message, then fixed.
  const tuesday = main.getByRole('group', { name: 'Tuesday' });
  await tuesday.getByLabel('From (Tuesday)').nth(1).fill('11:00');
  await main.getByRole('button', { name: 'Save availability' }).click();
  await expect(tuesday.getByRole('alert')).toHaveText('These hours overlap other hours of the same day.');
  await tuesday.getByLabel('From (Tuesday)').nth(1).fill('14:00');
  await main.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Availability saved')).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(main.getByRole('group', { name: 'Monday' }).getByLabel('From (Monday)').nth(1)).toHaveValue('14:00');
  await expect(main.getByRole('group', { name: 'Thursday' }).getByLabel('To (Thursday)').first()).toHaveValue('12:00');
  await expect(main.getByRole('group', { name: 'Saturday' }).getByLabel('From (Saturday)')).toHaveValue('09:00');
  await expect(main.getByRole('group', { name: 'Sunday' }).getByText('Unavailable')).toBeVisible();
  await expect(main.getByLabel('Minimum notice')).toHaveValue('1440');
  await expect(main.getByLabel('Booking horizon (days ahead)')).toHaveValue('45');
  await expect(main.getByLabel('Buffer between lessons')).toHaveValue('15');
  await expect(main.getByRole('listitem').filter({ hasText: offLabel }).getByLabel('Day off')).toBeChecked();

  // The preview lists open times at the new hours, in the instructor's zone.
  const preview = main.getByRole('region', { name: 'Preview of your open times' });
  await expect(preview.getByRole('listitem').first()).toBeVisible();
  // Every time shown starts a 60-minute lesson inside that day's hours: weekdays 10–12 and 14–16,
  // Saturday the seeded 9–17, never Sunday. (Which day comes first depends on the hour the test runs.)
  const weekdayTimes = ['10:00', '10:30', '11:00', '14:00', '14:30', '15:00'];
  const saturdayTimes = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];
  for (const item of await preview.getByRole('listitem').allInnerTexts()) {
    const [, day, time] = /^(\w{3}),.*· (\d{2}:\d{2})/.exec(item) ?? [];
    expect(day, item).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat)$/);
    expect(day === 'Sat' ? saturdayTimes : weekdayTimes, item).toContain(time);
  }

  const saved = (await (await request.get('/api/instructor/availability', { headers: bearer(token) })).json()) as { weekly: unknown[]; overrides: unknown[] };
  expect(saved.weekly).toHaveLength(5 * 2 + 1);
  expect(saved.overrides).toEqual([{ date: off, start: null, end: null }]);
});

test('an instructor sees a booking in their zone and copies the private feed address; Rotate replaces it', async ({ page, request }) => {
  test.slow();
  const instructor = await publishedInstructor(request, { timeZone: ZONE });
  const booker = await freshAccount(request, 'feedbooker', 'Lia', 'Booker');
  const startsAt = await firstOpenSlot(request, instructor);
  const booking = await bookAndPay(request, booker.token, instructor, startsAt, 'Europe/Paris');
  const token = await apiToken(request, instructor.username, instructor.password);
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  await page.goto('/instructor/bookings');
  await hydrated(page);
  const main = page.getByRole('main');

  await expect(main.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  const card = main.getByRole('listitem').filter({ hasText: 'Lia Booker' });
  await expect(card).toContainText(instructor.lessonTitle);
  await expect(card).toContainText('Confirmed');
  const local = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE }).format(new Date(startsAt));
  await expect(card).toContainText(local);
  await expect(card).toContainText("Booker's time:");
  await expect(card.getByRole('button', { name: `Decline Lia Booker's booking ${booking.number}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The feed: Copy puts the address on the clipboard; it serves the booking as ICS.
  const address = main.getByLabel('Your private calendar feed address');
  const url = await address.inputValue();
  expect(url).toMatch(/\/api\/connect\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  await main.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const feed = await request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  // Rotate: a new address; the old one stops working.
  await main.getByRole('button', { name: 'Rotate' }).click();
  await page.getByRole('alertdialog', { name: 'Make a new feed address?' }).getByRole('button', { name: 'Make a new address' }).click();
  await expect(address).not.toHaveValue(url);
  expect((await request.get(new URL(url).pathname)).status()).toBe(404);
  expect((await request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);

  // Past and Cancelled tabs.
  await main.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(main.getByText('No cancelled or declined bookings.')).toBeVisible();
});
