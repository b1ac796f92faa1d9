import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './fixtures.ts';
import { paidDemoCourse } from './commerce-fixtures.ts';

// Decision 0023: the header is static markup whose account menu and toaster load only when
// needed, and nothing on these pages moves while they load (zero layout shift, decision 0037).

/** Records every layout shift from the start of the page, for `shiftTotal`. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, once the page is idle (its idle-time scripts have run). */
async function shiftTotal(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })));
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test('a guest gets the header links without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?mode=signup');
  await context.close();
});

test("a guest's page loads neither the account menu nor the toaster until needed", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await shiftTotal(page);
  expect(scripts.filter((s) => /user-menu|toaster/.test(s))).toEqual([]);

  // Signing in on the page brings the account menu in.
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(ACCOUNTS.student);
  await form.getByLabel('Password').fill('drx-demo-2026');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
});

for (const width of [390, 1280]) {
  test.describe(`no layout shift at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    for (const path of ['/', '/about', '/auth', '/forgot-password', '/reset-password?token=abc', '/verify', '/courses', '/connect']) {
      test(`guest on ${path}`, async ({ page }) => {
        await recordShifts(page);
        await page.goto(path);
        expect(await shiftTotal(page)).toBe(0);
      });
    }

    test('on a slow device (CPU 6× slower), signed in: nothing painted moves while the page is parsed and its scripts run', async ({ page, loginAs }) => {
      test.slow();
      await loginAs(ACCOUNTS.student);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await recordShifts(page);
      // The header, a grid of cards, a list opened by its script on wide screens.
      for (const path of ['/about', '/curriculum', '/courses', '/connect']) {
        await page.goto(path);
        expect(await shiftTotal(page), path).toBe(0);
      }
    });

    test('signed in on /about: the account button takes the reserved place', async ({ page, loginAs }) => {
      await loginAs(ACCOUNTS.student);
      await recordShifts(page);
      await page.goto('/about');
      await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
      expect(await shiftTotal(page)).toBe(0);
    });
  });
}

// The curriculum store's public pages: a resource page and a storefront of the demo
// seed, the list and a filtered view of it.
async function storePaths(request: APIRequestContext): Promise<string[]> {
  const sellers = (await (await request.get('/api/sellers')).json()) as { data: { id: number }[] };
  const seller = sellers.data[0]!;
  const store = (await (await request.get(`/api/sellers/${seller.id}`)).json()) as { resources: { id: number; price_cents: number }[] };
  const paid = store.resources.find((r) => r.price_cents > 0) ?? store.resources[0]!;
  return ['/curriculum', '/curriculum?age_group=teen-13-17&sort=rating', `/curriculum/${paid.id}`, `/sellers/${seller.id}`];
}

/** Gzipped JavaScript the page loaded until idle (every script answer and inline script), as the bench measures it (decision 0023). */
async function javaScriptBeforeInteraction(page: Page, path: string): Promise<number> {
  const bodies: Promise<number>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && !/javascript/.test(res.headers()['content-type'] ?? '')) return;
    bodies.push(res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  });
  await page.goto(path);
  await shiftTotal(page);
  await page.waitForTimeout(600);
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    Array.from(document.querySelectorAll('script:not([src])'))
      .map((s) => s.textContent ?? '')
      .filter((t) => t.trim() !== '' && !/^\s*\{/.test(t)),
  );
  const files = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  return files + inline.reduce((n, code) => n + gzipSync(code, { level: 9 }).length, 0);
}

test.describe('a paid course page and its enrol page', () => {
  test("load at most 15 KB of gzipped JavaScript before interaction for a guest, and none of a learner's code", async ({ browser, request }) => {
    const course = await paidDemoCourse(request);
    for (const path of [`/courses/${course.id}`, `/courses/${course.id}/enroll`]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      const bytes = await javaScriptBeforeInteraction(page, path);
      console.log(`JavaScript before interaction on ${path}: ${(bytes / 1024).toFixed(1)} KB`);
      expect(bytes, path).toBeLessThanOrEqual(15 * 1024);
      expect(scripts.filter((s) => /learner-action|enroll-learner|enrolment/.test(s)), path).toEqual([]);
      // What a guest needs is there: Add to Cart works before anyone signs in.
      await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByRole('main').getByText('In cart', { exact: true })).toBeVisible();
      await context.close();
    }
  });
});

test.describe('the checkout of a visitor', () => {
  test('loads at most 15 KB of gzipped JavaScript before interaction, and none of a buyer\'s code', async ({ browser, request }) => {
    const course = await paidDemoCourse(request);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('main').getByText('In cart', { exact: true })).toBeVisible();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const bytes = await javaScriptBeforeInteraction(page, '/checkout');
    console.log(`JavaScript before interaction on /checkout (a visitor with a course in the cart): ${(bytes / 1024).toFixed(1)} KB`);
    expect(bytes).toBeLessThanOrEqual(15 * 1024);
    // The visitor's form is there; the buyer's coupon and Pay are not loaded.
    await expect(page.getByRole('main').getByLabel('Email')).toBeVisible();
    expect(scripts.filter((s) => /checkout-buyer/.test(s))).toEqual([]);
    await context.close();
  });
});

test.describe('the store pages', () => {
  test('load at most 15 KB of gzipped JavaScript before interaction', async ({ browser, request }) => {
    for (const path of await storePaths(request)) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const bytes = await javaScriptBeforeInteraction(page, path);
      console.log(`JavaScript before interaction on ${path}: ${(bytes / 1024).toFixed(1)} KB`);
      expect(bytes, path).toBeLessThanOrEqual(15 * 1024);
      await context.close();
    }
  });

  for (const width of [390, 1280]) {
    test(`do not shift at ${width} px, for a guest and for someone signed in`, async ({ browser, request }) => {
      const paths = await storePaths(request);
      const login = await request.post('/api/login', { data: { username: ACCOUNTS.student, password: 'drx-demo-2026' } });
      const token = ((await login.json()) as { access_token: string }).access_token;
      // For someone signed in, also a resource they own: the buy box becomes "You own this" and the
      // files' Download buttons appear, in places kept for them.
      const owned = (await (await request.get('/api/my-resources', { headers: { authorization: `Bearer ${token}` } })).json()) as { resource: { id: number } }[];
      expect(owned.length, 'the demo student owns a resource').toBeGreaterThan(0);
      for (const signedIn of [false, true]) {
        const context = await browser.newContext({ viewport: { width, height: 844 } });
        if (signedIn) await context.addInitScript((t) => localStorage.setItem('access_token', t), token);
        const page = await context.newPage();
        await recordShifts(page);
        for (const path of signedIn ? [...paths, `/curriculum/${owned[0]!.resource.id}`] : paths) {
          await page.goto(path);
          expect(await shiftTotal(page), `${path}${signedIn ? ' (signed in)' : ''}`).toBe(0);
        }
        await context.close();
      }
    });
  }
});
