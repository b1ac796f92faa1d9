import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expect, hydrated, registerUser, test } from './fixtures.ts';
import { paidDemoCourse, seriousViolations, TEST_MODE } from './commerce-fixtures.ts';

// An admin refunds an order and the learner's enrolment ends.

const cents = (n: number) => `$${(n / 100).toFixed(2)}`;

/** A new learner who bought the course through the API (Buy now, paid with 4242 at the test provider). */
async function learnerWithPaidOrder(request: APIRequestContext, page: Parameters<typeof registerUser>[0], courseId: number) {
  const learner = await registerUser(page, 'refundee');
  const login = await request.post('/api/login', { data: learner });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/simple-checkout', { data: { type: 'COURSE', itemId: courseId }, headers });
  expect(started.status(), await started.text()).toBe(201);
  const { order, sessionId } = (await started.json()) as { order: { id: number; number: string }; sessionId: string };
  const paid = await request.post(`/api/payments/test-checkout/${encodeURIComponent(sessionId)}/pay`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Refund Learner' },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { ...learner, token, order };
}

async function enrolledCourseIds(request: APIRequestContext, token: string): Promise<number[]> {
  const res = await request.get('/api/enrollments', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { course?: { id: number }; course_id?: number }[];
  return body.map((e) => e.course?.id ?? e.course_id ?? 0);
}

test('an admin finds an order, refunds it in full, and the learner’s enrolment ends', async ({ page, loginAs, request }) => {
  test.slow();
  const course = await paidDemoCourse(request, 2);
  const learner = await learnerWithPaidOrder(request, page, course.id);
  expect(await enrolledCourseIds(request, learner.token)).toContain(course.id);
  const main = page.getByRole('main');

  await loginAs(ACCOUNTS.admin);
  await page.goto('/admin/dashboard');
  await hydrated(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await hydrated(page);

  // Search by the buyer's username and filter paid orders: the export link carries the filters.
  await main.getByLabel('Search orders').fill(learner.username);
  await main.getByLabel('Status').selectOption('paid');
  await expect(page).toHaveURL(new RegExp(`q=${learner.username}.*status=paid|status=paid.*q=${learner.username}`));
  const row = main.getByRole('row').filter({ hasText: learner.order.number });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(cents(course.price_cents));
  await expect(main.getByText(TEST_MODE)).toBeVisible();
  const exportLink = main.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/admin/orders/export.csv?q=${learner.username}&status=paid`);
  const download = page.waitForEvent('download');
  await exportLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await seriousViolations(page), 'axe on /admin/orders').toEqual([]);

  // The order's page: items as sold, the payment event, the refund form.
  await row.getByRole('link', { name: learner.order.number, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${learner.order.id}$`));
  await hydrated(page);
  await expect(main.getByRole('heading', { name: `Order ${learner.order.number}` })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Items (as sold)' })).toContainText(course.title);
  await expect(main.getByRole('region', { name: 'Items (as sold)' })).toContainText('Granted');
  await expect(main.getByRole('region', { name: 'Payment events' })).toContainText('checkout.session.completed');
  const refund = main.getByRole('region', { name: 'Refund', exact: true });
  await expect(refund.getByRole('radio', { name: /^Everything left/ })).toBeChecked();
  expect(await seriousViolations(page), 'axe on the order page').toEqual([]);

  // Choosing lines fills in what was paid for them.
  await refund.getByRole('radio', { name: 'Chosen lines, ending their access' }).check();
  await refund.getByRole('checkbox', { name: new RegExp(course.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).check();
  await expect(refund.getByLabel('Amount to refund (USD)')).toHaveValue((course.price_cents / 100).toFixed(2));
  expect(await seriousViolations(page), 'axe on the refund form by lines').toEqual([]);

  // An amount above what was paid is refused before asking.
  await refund.getByRole('radio', { name: 'An amount only (access kept)' }).check();
  await refund.getByLabel('Amount to refund (USD)').fill(((course.price_cents + 100) / 100).toFixed(2));
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByRole('alert')).toHaveText(`At most ${cents(course.price_cents)} can be refunded.`);

  // The full refund, confirmed.
  await refund.getByRole('radio', { name: /^Everything left/ }).check();
  await refund.getByLabel('Reason (optional)').fill('Asked by the learner');
  await refund.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Refund ${cents(course.price_cents)} to Test Dancer?` });
  await expect(dialog).toContainText('Every item’s access ends');
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText('Refund made')).toBeVisible();
  await expect(main.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('region', { name: 'Items (as sold)' })).toContainText('Ended (refunded)');
  await expect(main.getByRole('region', { name: 'Refunds', exact: true })).toContainText('Asked by the learner');
  await expect(main.getByRole('region', { name: 'Payment events' })).toContainText('charge.refunded');
  await expect(refund.getByText('This order has been refunded in full.')).toBeVisible();

  // The learner's enrolment has ended.
  expect(await enrolledCourseIds(request, learner.token)).not.toContain(course.id);
});
