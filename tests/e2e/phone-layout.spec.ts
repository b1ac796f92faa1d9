import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bookAndPay, firstOpenSlot, publishedInstructor } from './booking-fixtures.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { expectFitsWidth } from './page-checks.ts';
import { freshAccount } from './plan-fixtures.ts';

// Every page of the route table is loaded at 390 × 844 by routes.spec.ts, which expects it to
// scroll only up and down. Here, the booking pages in states a page load alone does not reach: a
// time chosen, a confirmed booking. Their screenshots land in test-results/phone/ for review.

const SHOTS = fileURLToPath(new URL('../../test-results/phone/', import.meta.url));

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });

test.describe('phones: the booking pages with real data', () => {
  test.describe.configure({ timeout: 60_000 });
  mkdirSync(SHOTS, { recursive: true });

  test('the booking flow with a time chosen, and My Bookings with a confirmed booking, fit 390 px', async ({ page, request, loginAs }) => {
    const instructor = await publishedInstructor(request);
    const booker = await freshAccount(request, 'phone', 'Pia', 'Phone');
    await bookAndPay(request, booker.token, instructor, await firstOpenSlot(request, instructor));
    await loginAs(booker.username, booker.password);

    await page.goto(`/connect/book/${instructor.id}`);
    await hydrated(page);
    await page.getByRole('list', { name: /^Times on / }).getByRole('button').first().click();
    await expect(page.getByRole('region', { name: '3. Note and payment' })).toBeVisible();
    for (const [path, slug] of [
      [`/connect/book/${instructor.id}`, 'booking-flow-chosen'],
      ['/my-bookings', 'my-bookings-confirmed'],
    ] as const) {
      if (path === '/my-bookings') {
        await page.goto(path);
        await hydrated(page);
        await expect(page.getByRole('button', { name: /Add to calendar/ })).toBeVisible();
      }
      await page.screenshot({ path: `${SHOTS}${slug}.png`, fullPage: true });
      await expectFitsWidth(page, path);
    }
  });
});
