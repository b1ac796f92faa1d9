import type { Page } from '@playwright/test';
import { routeTable, type RouteEntry } from '../../site/src/routes.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { demoParams, routePath, visitorOf, type Account } from './route-fixtures.ts';

// Issue 13 §1: every path of the route table (§2.4) answers a real page to the person it is for,
// every guard of §2.3 holds, and every redirect of §2.4 lands where it should.

const pages = routeTable.filter((r) => !r.redirect);
const redirects = routeTable.filter((r) => r.redirect);

/**
 * Pages that lead on by design, and where (§2.2: the role-based dashboard chooser sends a
 * learner to their dashboard; visited as a learner, not as a visitor, who goes to /auth;
 * /lesson/{courseId} resumes the course at the learner's lesson, islands/ResumeLesson.tsx).
 */
const LEADS_ON: Record<string, { as: Account; to: string | RegExp }> = {
  '/dashboard': { as: ACCOUNTS.student, to: '/dashboard/user' },
  '/my-dashboard': { as: ACCOUNTS.student, to: '/dashboard/user' },
  '/lesson/{courseId}': { as: ACCOUNTS.student, to: /\/courses\/\d+\/modules\/\d+\/lessons\/\d+$/ },
};

/** A real page: answered 200, not the not-found page, not the load-failure page, with a main heading. */
async function expectRealPage(page: Page, path: string, status: number | undefined) {
  expect(status, `${path} answers 200`).toBe(200);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Page not found' }), `${path} is not the not-found page`).toHaveCount(0);
  await expect(page.getByText('Page Not Found'), `${path} did not fail to load`).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${path} has a main heading`).toBeVisible();
}

test.describe('route table walk: every page is real for the person it is for', () => {
  test.describe.configure({ timeout: 45_000 });

  for (const route of pages) {
    const lead = LEADS_ON[route.pattern];
    const account = lead ? lead.as : visitorOf(route);
    test(`${route.pattern} (${account ?? 'visitor'})`, async ({ page, request, loginAs }) => {
      const path = routePath(route, await demoParams(request));
      if (account) await loginAs(account);
      const response = await page.goto(path);
      if (lead) await expect(page).toHaveURL(lead.to);
      else {
        await hydrated(page);
        // No guard or page sent the visitor elsewhere.
        expect(new URL(page.url()).pathname, `${path} stays on its address`).toBe(path);
      }
      await expectRealPage(page, path, response?.status());
    });
  }
});

/** Visits each path and expects to land on `target(path)`; every mismatch is reported at once. */
async function expectEachLandsOn(page: Page, paths: string[], target: (path: string) => string | RegExp) {
  const wrong: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const want = target(path);
    try {
      await expect(page).toHaveURL(want, { timeout: 5_000 });
    } catch {
      wrong.push(`${path} → ${page.url()} (expected ${String(want)})`);
    }
  }
  expect(wrong, 'guard redirects that did not happen').toEqual([]);
}

/**
 * Signed-in routes that keep a guest on the page and ask them there to sign in, with a link back
 * (the checkout keeps a guest's cart; the provider's return pages: see checkout.astro and
 * islands/checkout-return.ts), instead of sending them to /auth.
 */
const SIGN_IN_IN_PLACE = ['/checkout', '/checkout-complete', '/checkout/success'];

test.describe('guards of §2.3 on every guarded route', () => {
  test.describe.configure({ timeout: 180_000 });

  async function guarded(request: Parameters<typeof demoParams>[0], guard: RouteEntry['guard']): Promise<string[]> {
    const params = await demoParams(request);
    return pages.filter((r) => r.guard === guard).map((r) => routePath(r, params));
  }

  test('an anonymous visitor of a signed-in route goes to /auth?redirect={path}', async ({ page, request }) => {
    const paths = (await guarded(request, 'signed-in')).filter((path) => !SIGN_IN_IN_PLACE.includes(path));
    expect(paths.length).toBeGreaterThan(40);
    await expectEachLandsOn(page, paths, (path) => `/auth?redirect=${encodeURIComponent(path)}`);
  });

  test('the checkout and its return pages ask an anonymous visitor to sign in there, and to come back', async ({ page }) => {
    for (const path of SIGN_IN_IN_PLACE) {
      // A return page is opened by the provider with its payment's session.
      const address = path === '/checkout' ? path : `${path}?session_id=cs_test_walk`;
      await page.goto(address);
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' }), address).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent(address)}`);
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  test('an anonymous visitor of an admin route goes to /auth', async ({ page, request }) => {
    const paths = await guarded(request, 'admin');
    expect(paths.length).toBeGreaterThan(20);
    await expectEachLandsOn(page, paths, () => /\/auth(\?|$)/);
  });

  test('a signed-in user without an admin role on an admin route goes to /', async ({ page, request, loginAs }) => {
    const paths = await guarded(request, 'admin');
    await loginAs(ACCOUNTS.student);
    await expectEachLandsOn(page, paths, () => '/');
  });
});

test.describe('redirects of §2.4', () => {
  for (const route of redirects) {
    const account = route.guard === 'public' ? null : route.guard === 'admin' ? ACCOUNTS.admin : ACCOUNTS.student;
    test(`${route.pattern} → ${route.redirect} (${account ?? 'visitor'})`, async ({ page, request, loginAs }) => {
      const params = await demoParams(request);
      const from = routePath(route, params);
      const to = routePath({ ...route, pattern: route.redirect! }, params);
      // The server answers the redirect itself, keeping the query string.
      const answer = await request.get(`${from}?from=walk`, { maxRedirects: 0 });
      expect(answer.status(), `${from} is a permanent redirect`).toBe(301);
      expect(answer.headers().location).toBe(`${to}?from=walk`);
      // And the person it is for lands on a real page there.
      if (account) await loginAs(account);
      const landed = await page.goto(from);
      await expect(page).toHaveURL(to);
      await expectRealPage(page, to, landed?.status());
    });
  }
});
