import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { routeTable } from '../../site/src/routes.ts';
import { bookAndPay, firstOpenSlot, publishedInstructor } from './booking-fixtures.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { freshAccount } from './plan-fixtures.ts';
import { demoParams, routePath, visitorOf } from './route-fixtures.ts';

// Issue 7 §1: every page of the route table at 390 × 844, as the person it is for, scrolls only
// up and down: neither the document nor the body is wider than the screen. One full-page
// screenshot per page lands in test-results/phone/ for review (not committed).

const SHOTS = fileURLToPath(new URL('../../test-results/phone/', import.meta.url));

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });

/** The widths that matter, and the elements that reach past the right edge (to say what to fix). */
async function measure(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const body = document.body;
    const limit = doc.clientWidth;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} (right ${Math.round(el.getBoundingClientRect().right)})`;
    };
    const culprits: string[] = [];
    if (doc.scrollWidth > limit || body.scrollWidth > body.clientWidth) {
      for (const el of Array.from(body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > limit + 0.5 && !Array.from(el.children).some((c) => c.getBoundingClientRect().right > limit + 0.5)) {
          culprits.push(describe(el));
          if (culprits.length >= 8) break;
        }
      }
    }
    return { doc: [doc.scrollWidth, doc.clientWidth], body: [body.scrollWidth, body.clientWidth], culprits };
  });
}

const pages = routeTable.filter((r) => !r.redirect);

test.describe('phones: no page scrolls sideways at 390 px', () => {
  test.describe.configure({ timeout: 45_000 });
  mkdirSync(SHOTS, { recursive: true });

  for (const route of pages) {
    const account = visitorOf(route);
    test(`${route.pattern} (${account ?? 'visitor'})`, async ({ page, request, loginAs }) => {
      const path = routePath(route, await demoParams(request));
      if (account) await loginAs(account);
      await page.goto(path);
      await hydrated(page);
      // Late islands, data and images settle.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await page.waitForTimeout(200);
      const { doc, body, culprits } = await measure(page);
      const slug =
        route.pattern
          .replace(/[{}]/g, '')
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: `${SHOTS}${slug}.png`, fullPage: true });
      const where = `${path} at 390 px; widest elements: ${culprits.join(', ') || 'none'}`;
      expect(doc[0], `document scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(doc[1]!);
      expect(body[0], `body scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(body[1]!);
    });
  }
});

test.describe('phones: the booking pages with real data', () => {
  test.describe.configure({ timeout: 60_000 });

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
      const { doc, body, culprits } = await measure(page);
      await page.screenshot({ path: `${SHOTS}${slug}.png`, fullPage: true });
      const where = `${path} at 390 px; widest elements: ${culprits.join(', ') || 'none'}`;
      expect(doc[0], `document scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(doc[1]!);
      expect(body[0], `body scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(body[1]!);
    }
  });
});
