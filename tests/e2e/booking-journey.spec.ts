import { readFile } from 'node:fs/promises';
import { Temporal } from 'temporal-polyfill';
import { bookAndPay, fillSession, firstOpenSlot, heldPackage, pastLesson, publishedInstructor } from './booking-fixtures.ts';
import { PAYING_CARD, payWithCard, seriousViolations } from './commerce-fixtures.ts';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { apiToken, bearer, freshAccount } from './plan-fixtures.ts';

// Connect & Book on the demo data (decision 0032): a visitor in London finds a New York ballet teacher by ZIP code and style,
// books a lesson shown in their own time zone (the teacher's noted), pays in test mode, sees it in
// My Bookings and adds it to their calendar; the teacher declines it and the booker is refunded.

const BOOKER_ZONE = 'Europe/London';
const INSTRUCTOR_ZONE = 'America/New_York';

test.use({ timezoneId: BOOKER_ZONE });

/** The instant of a wall time on a date in a zone. */
function instantOf(date: string, time: string, zone: string): Date {
  return new Date(Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone).epochMilliseconds);
}

const timeIn = (at: Date, zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(at);
const dayIn = (at: Date, zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(at);
const dayKeyIn = (at: Date, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** RFC 5545 UTC form: 20261128T140000Z. */
const icsUtc = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

test('a visitor searches by ZIP and style, books in their own zone, pays, downloads the ICS; the instructor declines and the booker is refunded', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Brooklyn Heights: a ZIP code no demo instructor uses, searched from the same place.
  const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE, zip: '11201', city: 'Brooklyn', state: 'NY', latitude: 40.6947, longitude: -73.9903 });
  const booker = await freshAccount(request, 'booker', 'Bea', 'Booker');

  // The directory: ZIP code and style.
  await page.goto('/connect');
  const search = page.getByRole('search', { name: 'Instructors' });
  // The page's script opens the filters on wide screens once it has run (it marks itself ready); open them if they are still closed.
  await expect(page.locator('[data-island="connect-directory"][data-connect-ready]')).toHaveCount(1);
  const disclosure = search.locator('details');
  if ((await disclosure.getAttribute('open')) === null) await search.getByText('Filters and sort').click();
  await expect(search.getByLabel('Dance style')).toBeVisible();
  await search.getByLabel('Dance style').selectOption({ label: 'Ballet' });
  await search.getByLabel('ZIP code').fill('11201');
  await search.getByLabel('Sort by').selectOption({ label: 'Distance' });
  await search.getByRole('button', { name: 'Show instructors' }).click();
  const card = page.getByRole('article', { name: instructor.name });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: `Book a lesson with ${instructor.name}` }).click();

  // Booking needs an account: sign in, and come back to the booking page.
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Username').fill(booker.username);
  await signIn.getByLabel('Password').fill(booker.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  // The page keeps its choices in the address (?type=&at=) as they are made.
  await expect(page).toHaveURL(new RegExp(`/instructors/${instructor.id}/book(\\?|$)`));
  await hydrated(page);

  // Step 1: the lesson type (the only one, chosen). The instructor's zone is noted.
  await expect(page.getByText(`teaches in New York time (${INSTRUCTOR_ZONE})`)).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(instructor.lessonTitle) })).toBeChecked();
  await expect(page.getByLabel('Times shown in')).toHaveValue(BOOKER_ZONE);

  // Step 2: a day with open times and its first time, the instructor's 9:00 AM. Not today (the
  // minimum notice may have closed some), and more than a day away: a lesson that starts within 24
  // hours is not refunded when cancelled, and the summary says so instead of the free cancellation.
  const days = page.getByRole('list', { name: 'Days' });
  const openDays = days.getByRole('button', { name: /: \d+ open$/ });
  await expect(openDays.first()).toBeVisible();
  const openDates = (await openDays.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-day') ?? ''))).slice(1);
  const date = openDates.find((d) => d !== '' && instantOf(d, '09:00', INSTRUCTOR_ZONE).getTime() - Date.now() > 26 * 3600_000)!;
  expect(date, 'an open day more than a day away').toBeTruthy();
  await days.locator(`[data-day="${date}"]`).click();
  // The instructor's 9:00 AM on that date, shown in London with New York's noted.
  const start = instantOf(date, '09:00', INSTRUCTOR_ZONE);
  const slotName = `${timeIn(start, BOOKER_ZONE)} your time (9:00 AM in New York)`;
  const times = page.getByRole('list', { name: /^Times on / });
  await expect(times.getByRole('button').first()).toHaveAccessibleName(slotName);
  await times.getByRole('button', { name: slotName }).click();

  // Step 3: summary in the booker's zone, the policy, a note, Pay.
  const summary = page.getByRole('region', { name: '3. Note and payment' });
  await expect(summary.getByText(`${dayIn(start, BOOKER_ZONE)} at ${timeIn(start, BOOKER_ZONE)} your time (9:00 AM in New York)`)).toBeVisible();
  await expect(summary.getByText(/Free cancellation until/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await summary.getByLabel(/^Note for /).fill('Working on pirouettes.');
  await summary.getByRole('button', { name: 'Pay $50.00' }).click();

  // The test provider's hosted page: pay with 4242…, then back on the success page.
  await expect(page).toHaveURL(/\/checkout\/stripe/);
  await payWithCard(page, PAYING_CARD, 'Bea Booker');
  await expect(page).toHaveURL(/\/payment-success/, { timeout: 15_000 });
  await page.getByRole('link', { name: /View booking/ }).first().click();
  await expect(page).toHaveURL(/\/my-bookings/);
  await hydrated(page);

  // My Bookings: confirmed, at the booker's local time, the instructor's noted.
  const booking = page.getByRole('article', { name: instructor.lessonTitle });
  await expect(async () => {
    await page.reload();
    await expect(booking.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(booking.getByText(`${dayIn(start, BOOKER_ZONE)} at ${timeIn(start, BOOKER_ZONE)} your time (9:00 AM in New York)`)).toBeVisible();
  await expect(booking.getByRole('link', { name: /Join lesson/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Add to calendar: an RFC 5545 file with the lesson's start in UTC.
  const [download] = await Promise.all([page.waitForEvent('download'), booking.getByRole('button', { name: /Add to calendar \(\.ics\)/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`DTSTART:${icsUtc(start)}`);

  // The instructor, in their own browser, declines it with a reason.
  const token = await apiToken(request, instructor.username, instructor.password);
  const mine = await request.get('/api/bookings?scope=upcoming', { headers: bearer(booker.token) });
  const { data } = (await mine.json()) as { data: { number: string }[] };
  const number = data[0]!.number;
  const teacher = await browser.newContext({ timezoneId: INSTRUCTOR_ZONE });
  const teacherPage = await teacher.newPage();
  await teacherPage.addInitScript((t) => window.localStorage.setItem('access_token', t), token);
  await teacherPage.goto('/instructor/bookings');
  await hydrated(teacherPage);
  await teacherPage.getByRole('button', { name: `Decline Bea Booker's booking ${number}` }).click();
  const dialog = teacherPage.getByRole('alertdialog');
  await dialog.getByLabel('Reason (the booker sees it)').fill('I am travelling that week, sorry.');
  await dialog.getByRole('button', { name: 'Decline and refund' }).click();
  await expect(dialog).toBeHidden();
  await teacher.close();

  // The booker sees it declined and refunded in full.
  await page.reload();
  await hydrated(page);
  // Declined, it is filed with the cancelled ones.
  await page.getByRole('tab', { name: 'Cancelled' }).click();
  const declined = page.getByRole('article', { name: instructor.lessonTitle });
  await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
  await expect(declined.getByText('Refunded $50.00')).toBeVisible();
  await expect(declined.getByText(/I am travelling that week/)).toBeVisible();
});

/** On the booking page: choose the second open day (today's times depend on the hour) and its first time; its start. */
async function chooseFirstTimeOfSecondOpenDay(page: Page): Promise<string> {
  const days = page.getByRole('list', { name: 'Days' });
  const openDays = days.getByRole('button', { name: /: \d+ open$/ });
  await expect(openDays.nth(1)).toBeVisible();
  await openDays.nth(1).click();
  const chosen = page.getByRole('list', { name: /^Times on / }).getByRole('button').first();
  await expect(chosen).toBeVisible();
  const startsAt = (await chosen.getAttribute('data-starts-at'))!;
  await chosen.click();
  return startsAt;
}

for (const { name, hours, label } of [
  { name: 'the same day', hours: { start: '09:00', end: '17:00' }, label: 'Other open times that day:' },
  { name: 'the next open day, when it was that day\'s last', hours: { start: '16:00', end: '17:00' }, label: 'No other time is open that day. The next open times:' },
]) {
  test(`a time taken while the booker decides: Pay shows the message and other times of ${name}, and one of them can be booked`, async ({ page, request, loginAs }) => {
    const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE, ...hours });
    const booker = await freshAccount(request, 'late', 'Lou', 'Late');
    const rival = await freshAccount(request, 'rival', 'Rik', 'Rival');
    await loginAs(booker.username, booker.password);
    await page.goto(`/connect/book/${instructor.id}`);
    await hydrated(page);
    const startsAt = await chooseFirstTimeOfSecondOpenDay(page);
    // Someone else holds that time first.
    const held = await request.post('/api/bookings', {
      headers: bearer(rival.token),
      data: { instructorId: instructor.id, lessonTypeId: instructor.lessonTypeId, startsAt, note: '', timeZone: INSTRUCTOR_ZONE },
    });
    expect(held.status(), await held.text()).toBe(201);
    await page.getByRole('button', { name: 'Pay $50.00' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This time was just taken by someone else. Please choose another time.' });
    await expect(alert).toBeVisible();
    await expect(alert.getByText(label, { exact: true })).toBeVisible();
    const others = alert.getByRole('list', { name: 'Other open times' }).getByRole('button');
    await expect(others.first()).toBeVisible();
    const taken = dayIn(new Date(startsAt), BOOKER_ZONE);
    if (hours.start === '16:00') await expect(others.first()).not.toContainText(taken);
    else await expect(others.first()).toContainText(taken);
    await others.first().click();
    await expect(alert).toBeHidden();
    await page.getByRole('button', { name: 'Pay $50.00' }).click();
    await expect(page).toHaveURL(/\/checkout\/stripe/);
  });
}

test('My Bookings: reschedule a paid lesson to another time, then cancel it in time for a full refund', async ({ page, request, loginAs }) => {
  const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE });
  const booker = await freshAccount(request, 'move', 'Mo', 'Mover');
  const first = await firstOpenSlot(request, instructor, 48);
  await bookAndPay(request, booker.token, instructor, first);
  await loginAs(booker.username, booker.password);
  await page.goto('/my-bookings');
  await hydrated(page);
  const booking = page.getByRole('article', { name: instructor.lessonTitle });
  const at = new Date(first);
  await expect(booking.getByText(`${dayIn(at, BOOKER_ZONE)} at ${timeIn(at, BOOKER_ZONE)} your time (${timeIn(at, INSTRUCTOR_ZONE)} in New York)`)).toBeVisible();

  // Reschedule: it opens on the booking's day; another open time of that day.
  await booking.getByRole('button', { name: /^Reschedule:/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Reschedule / });
  await expect(dialog.getByRole('list', { name: 'Days' }).getByRole('button', { pressed: true })).toHaveAttribute('data-day', dayKeyIn(at, BOOKER_ZONE));
  const slotButtons = dialog.getByRole('list', { name: /^Times on / }).getByRole('button');
  await expect(slotButtons.first()).toBeVisible();
  const label = (await slotButtons.nth(1).textContent())!;
  await slotButtons.nth(1).click();
  await dialog.getByRole('button', { name: /^Move to / }).click();
  await expect(dialog).toBeHidden();
  const moved = label.slice(0, label.indexOf(' your time'));
  await expect(booking.getByText(new RegExp(` at ${moved.replace(/\s/g, '\\s')} your time \\(`))).toBeVisible();

  // Cancel more than 24 hours before: the dialog promises the full refund, and it is made.
  await booking.getByRole('button', { name: /^Cancel:/ }).click();
  const cancel = page.getByRole('alertdialog', { name: /^Cancel / });
  await expect(cancel.getByText(/You get a full refund of \$50\.00/)).toBeVisible();
  await cancel.getByLabel(/^Reason/).fill('Exam week');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancel).toBeHidden();
  // A cancelled lesson that was still to come is filed under Cancelled, not Past.
  await page.getByRole('tab', { name: 'Cancelled' }).click();
  const cancelled = page.getByRole('article', { name: instructor.lessonTitle });
  await expect(cancelled.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(cancelled.getByText('Refunded $50.00')).toBeVisible();
});


test('a lesson package credit books without paying, and its credits go down; an ended lesson is reviewed once', async ({ page, request, loginAs }) => {
  const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE });
  const booker = await freshAccount(request, 'credit', 'Cleo', 'Credit');
  const title = await heldPackage(booker.id, instructor, 3);
  await pastLesson(booker.id, instructor);
  await loginAs(booker.username, booker.password);

  await page.goto(`/connect/book/${instructor.id}`);
  await hydrated(page);
  await page.getByRole('radio', { name: `Use a package credit: ${title} (3 of 3 left)` }).check();
  await page.getByRole('list', { name: /^Times on / }).getByRole('button').first().click();
  const pay = page.getByRole('region', { name: '3. Note and payment' });
  await expect(pay.getByText(`1 lesson credit of ${title} (3 left)`)).toBeVisible();
  await pay.getByRole('button', { name: 'Book now' }).click();

  // No checkout: straight to My Bookings, confirmed, paid with the credit.
  await expect(page).toHaveURL(/\/my-bookings$/);
  await hydrated(page);
  const upcoming = page.getByRole('list', { name: 'Upcoming bookings' }).getByRole('article', { name: instructor.lessonTitle });
  await expect(upcoming.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(upcoming.getByText(/Package credit/)).toBeVisible();
  await page.getByRole('tab', { name: 'Packages' }).click();
  await expect(page.getByRole('list', { name: 'My lesson packages' }).getByText('2 of 3 lessons left')).toBeVisible();

  // The ended lesson: 4 stars and a comment, once.
  await page.getByRole('tab', { name: 'Past' }).click();
  const ended = page.getByRole('list', { name: 'Past bookings' }).getByRole('article', { name: instructor.lessonTitle });
  await expect(ended.getByText('Completed', { exact: true })).toBeVisible();
  await ended.getByRole('button', { name: /^Review:/ }).click();
  const review = page.getByRole('dialog', { name: `Review ${instructor.name}` });
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(review.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
  await review.getByRole('radio', { name: '4 stars' }).check();
  await review.getByLabel('Comment').fill('Clear corrections, lovely barre.');
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(review).toBeHidden();
  await expect(ended.getByText('Your review: ★★★★')).toBeVisible();
  await expect(ended.getByRole('button', { name: /^Review:/ })).toHaveCount(0);
});

test('a full group class offers its waitlist; the place shows under Waitlist and can be left', async ({ page, request, loginAs }) => {
  const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE, groupCapacity: 2, lessonTitle: 'Adult ballet class', priceCents: 2000 });
  const startsAt = await firstOpenSlot(request, instructor, 30);
  const seated = [await freshAccount(request, 'seat', 'Sia', 'Seated'), await freshAccount(request, 'seat', 'Sol', 'Seated')];
  await fillSession(instructor, startsAt, seated.map((s) => s.id));
  const booker = await freshAccount(request, 'wait', 'Wes', 'Waiter');
  await loginAs(booker.username, booker.password);

  await page.goto(`/connect/book/${instructor.id}`);
  await hydrated(page);
  await page.locator(`[data-day="${dayKeyIn(new Date(startsAt), BOOKER_ZONE)}"]`).click();
  const label = `${timeIn(new Date(startsAt), BOOKER_ZONE)} your time (${timeIn(new Date(startsAt), INSTRUCTOR_ZONE)} in New York)`;
  const full = page.getByRole('list', { name: /^Times on / }).getByRole('listitem').filter({ hasText: label });
  await expect(full.getByText('· Full')).toBeVisible();
  await full.getByRole('button', { name: `Full — join waitlist: ${label}` }).click();
  await expect(page.getByText('You are on the waitlist')).toBeVisible();

  await page.goto('/my-bookings?tab=waitlist');
  await hydrated(page);
  await expect(page.getByRole('tab', { name: 'Waitlist' })).toHaveAttribute('aria-selected', 'true');
  const place = page.getByRole('list', { name: 'My waitlist places' }).getByRole('listitem').filter({ hasText: 'Adult ballet class' });
  await expect(place.getByText('#1 in line')).toBeVisible();
  // The booker's time, and the instructor's beside it, as every booking shows (decision 0068).
  await expect(place.getByText(`${dayIn(new Date(startsAt), BOOKER_ZONE)} at ${label}`)).toBeVisible();
  await place.getByRole('button', { name: 'Leave the waitlist: Adult ballet class' }).click();
  await expect(page.getByText('You are not on any waitlist.')).toBeVisible();
});

test('a place freed in a full group class is offered to the first in line, who accepts it and pays', async ({ page, request, loginAs }) => {
  const instructor = await publishedInstructor(request, { timeZone: INSTRUCTOR_ZONE, groupCapacity: 1, lessonTitle: 'Pointe class', priceCents: 2500 });
  const startsAt = await firstOpenSlot(request, instructor, 48);
  const seated = await freshAccount(request, 'seat', 'Sia', 'Seated');
  await fillSession(instructor, startsAt, [seated.id]);
  const booker = await freshAccount(request, 'wait', 'Wyn', 'Waiter');
  const joined = await request.post('/api/waitlist', {
    headers: bearer(booker.token),
    data: { instructorId: instructor.id, lessonTypeId: instructor.lessonTypeId, startsAt, timeZone: BOOKER_ZONE },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  // The seated person cancels: the place is offered to the waiter.
  const theirs = (await (await request.get('/api/bookings?scope=upcoming', { headers: bearer(seated.token) })).json()) as { data: { id: number }[] };
  const cancelled = await request.post(`/api/bookings/${theirs.data[0]!.id}/cancel`, { headers: bearer(seated.token), data: { reason: 'Injured' } });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();

  await loginAs(booker.username, booker.password);
  await page.goto('/my-bookings?tab=waitlist');
  await hydrated(page);
  const place = page.getByRole('list', { name: 'My waitlist places' }).getByRole('listitem').filter({ hasText: 'Pointe class' });
  await expect(place.getByText('Place offered')).toBeVisible();
  await expect(place.getByText(/^Accept by .* · \d+h \d+m remaining$/)).toBeVisible();
  await place.getByRole('button', { name: 'Accept: Pointe class' }).click();
  await expect(page).toHaveURL(/\/checkout\/stripe/);
  await payWithCard(page, PAYING_CARD, 'Wyn Waiter');
  await expect(page).toHaveURL(/\/payment-success/, { timeout: 15_000 });
  await expect
    .poll(async () => ((await (await request.get('/api/bookings?scope=upcoming', { headers: bearer(booker.token) })).json()) as { data: { status: string }[] }).data.map((b) => b.status))
    .toEqual(['confirmed']);
});
