import { createClient } from '@libsql/client';
import { bookAndPay, e2eDatabaseFile, firstOpenSlot, publishedInstructor } from './booking-fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { bearer, freshAccount } from './plan-fixtures.ts';

// The admin's Connect & Book screens — dance styles (add, hide one in use, which
// cannot be deleted), instructors (verify, suspend with refunds), bookings (cancel with a refund).

const letters = () => Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6);

/** Links a seeded style to an instructor's profile straight in the e2e database (the style is then in use). */
async function useStyle(instructorId: number, styleName: string): Promise<void> {
  const db = createClient({ url: `file:${e2eDatabaseFile()}` });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    await db.execute({ sql: 'INSERT INTO instructor_styles (instructor_id, style_id) SELECT ?, id FROM dance_styles WHERE name = ?', args: [instructorId, styleName] });
  } finally {
    db.close();
  }
}

test('an admin adds a dance style, hides one in use and cannot delete it, and deletes an unused one', async ({ page, loginAs, request }) => {
  const used = `Kizomba ${letters()}`;
  const spare = `Zouk ${letters()}`;
  const instructor = await publishedInstructor(request);
  await loginAs(ACCOUNTS.admin);
  await page.goto('/admin/dance-styles');
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('row').filter({ hasText: 'Ballet' }).first()).toBeVisible();

  const form = main.getByRole('form', { name: 'Add a style' });
  await form.getByLabel('Name', { exact: true }).fill(used);
  await form.getByLabel('Description (optional)').fill('Angolan partner dance');
  await form.getByRole('button', { name: 'Add Style' }).click();
  await expect(page.getByText('Style added')).toBeVisible();
  const usedRow = main.getByRole('row').filter({ hasText: used });
  await expect(usedRow).toContainText('Not used');
  // The same name again is refused with the API's message.
  await form.getByLabel('Name', { exact: true }).fill(used.toUpperCase());
  await form.getByRole('button', { name: 'Add Style' }).click();
  await expect(form.getByRole('alert')).toHaveText('A style with this name already exists.');
  await form.getByLabel('Name', { exact: true }).fill(spare);
  await form.getByRole('button', { name: 'Add Style' }).click();
  await expect(main.getByRole('row').filter({ hasText: spare })).toBeVisible();

  // An instructor lists it: in use, so Delete and Rename are disabled with the hint; Hide works.
  await useStyle(instructor.id, used);
  await page.reload();
  await hydrated(page);
  await expect(usedRow).toContainText('1 instructor');
  await expect(usedRow.getByRole('button', { name: `Delete ${used}` })).toBeDisabled();
  await expect(usedRow.getByRole('button', { name: `Rename ${used}` })).toBeDisabled();
  await expect(usedRow.getByText('In use: hide it instead of renaming or deleting it.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await usedRow.getByRole('button', { name: `Hide ${used}` }).click();
  await expect(usedRow).toContainText('Hidden');
  await expect(usedRow.getByRole('button', { name: `Show ${used}` })).toBeVisible();
  const visible = (await (await request.get('/api/dance-styles')).json()) as { name: string }[];
  expect(visible.map((s) => s.name)).not.toContain(used);
  expect(visible.map((s) => s.name)).toContain(spare);

  // The unused one is deleted after the confirmation.
  const spareRow = main.getByRole('row').filter({ hasText: spare });
  await spareRow.getByRole('button', { name: `Delete ${spare}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${spare}?` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Style deleted')).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: spare })).toHaveCount(0);
});

test('an admin verifies an instructor and suspends them: future bookings are cancelled and refunded', async ({ page, loginAs, request }) => {
  test.slow();
  const instructor = await publishedInstructor(request, { lastName: `Suspendee${letters()}` });
  const booker = await freshAccount(request, 'suspbooker', 'Sam', 'Booker');
  const booking = await bookAndPay(request, booker.token, instructor, await firstOpenSlot(request, instructor));

  await loginAs(ACCOUNTS.admin);
  await page.goto('/admin/dashboard');
  await hydrated(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Instructors', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/instructors$/);
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByLabel('Search instructors').fill(instructor.name);
  const row = main.getByRole('row').filter({ hasText: instructor.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Published');

  await row.getByRole('checkbox', { name: /Verified/ }).check();
  await expect(page.getByText('Instructor verified')).toBeVisible();
  await expect(row.getByText('Verified', { exact: true }).first()).toBeVisible();

  await row.getByRole('button', { name: `Suspend ${instructor.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Suspend ${instructor.name}?` });
  await expect(dialog).toContainText('cancelled and refunded in full');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Suspend and refund' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason for the suspension');
  await dialog.getByLabel('Reason (the instructor sees it)').fill('Identity documents expired');
  await dialog.getByRole('button', { name: 'Suspend and refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText('Identity documents expired');

  // The booker's booking is cancelled with the full price refunded; the profile left the directory.
  const mine = (await (await request.get(`/api/bookings/${booking.id}`, { headers: bearer(booker.token) })).json()) as { status: string; refund_cents: number; cancelled_by: string };
  expect(mine).toMatchObject({ status: 'cancelled', refund_cents: instructor.priceCents, cancelled_by: 'system' });
  expect((await request.get(`/api/connect/instructors/${instructor.id}`)).status()).toBe(404);

  // Lifting the suspension leaves a draft.
  await row.getByRole('button', { name: `Lift the suspension of ${instructor.name}` }).click();
  await page.getByRole('dialog', { name: `Lift the suspension of ${instructor.name}?` }).getByRole('button', { name: 'Lift suspension' }).click();
  await expect(row).toContainText('Draft');
});

test('an admin finds a booking by instructor and number and cancels it with a full refund', async ({ page, loginAs, request }) => {
  test.slow();
  const instructor = await publishedInstructor(request, { lastName: `Cancels${letters()}` });
  const booker = await freshAccount(request, 'admbooker', 'Ada', 'Booker');
  const booking = await bookAndPay(request, booker.token, instructor, await firstOpenSlot(request, instructor));

  await loginAs(ACCOUNTS.admin);
  await page.goto('/admin/bookings');
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByLabel('Instructor').selectOption({ label: instructor.name });
  await expect(page).toHaveURL(new RegExp(`instructorId=${instructor.id}`));
  await main.getByLabel('Status').selectOption('upcoming');
  await main.getByLabel('Search bookings').fill(booking.number);
  const row = main.getByRole('row').filter({ hasText: booking.number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('Ada Booker');
  await expect(row).toContainText(`$${(instructor.priceCents / 100).toFixed(2)}`);

  await row.getByRole('button', { name: `Cancel booking ${booking.number}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel booking ${booking.number}?` });
  await expect(dialog).toContainText('Ada Booker is refunded in full');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Reason (sent to both)').fill('The instructor asked us to cancel.');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Booking cancelled')).toBeVisible();

  // Upcoming no longer lists it; All statuses shows it cancelled with the refund.
  await expect(main.getByText('No bookings match these filters.')).toBeVisible();
  await main.getByLabel('Status').selectOption('');
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(`Refunded $${(instructor.priceCents / 100).toFixed(2)}`);
  const mine = (await (await request.get(`/api/bookings/${booking.id}`, { headers: bearer(booker.token) })).json()) as { status: string; cancelled_by: string };
  expect(mine).toMatchObject({ status: 'cancelled', cancelled_by: 'admin' });
});
