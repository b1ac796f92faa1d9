import type { Page } from '@playwright/test';
import { routeTable, type RouteEntry } from '../../site/src/routes.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { expectFitsWidth, settled, watchErrors, watchViolations } from './page-checks.ts';
import { demoParams, routePath, visitorOf, type Account } from './route-fixtures.ts';

// Every path of the route table, visited once per person who matters, on a 390 px phone. One page
// load checks it all: the page is real for the person it is for (answered 200, not the not-found or
// load-failure page, a main heading, no guard sent them elsewhere), it carries the
// Content-Security-Policy and nothing breaks it (decision 0015), it logs and throws no error, and it
// scrolls only up and down. Signed-in pages are also loaded by the admin, whose menus and controls
// differ, for the policy, the errors and the width. A new route is covered by adding it to the route
// table. The guards and the server's redirects follow.

// A phone: the layout check needs it, and the others hold at any width. (A failed test keeps its
// screenshot: playwright.config.ts.) A browser west of UTC: the server renders dates in UTC, so a
// date an island formats in the browser's zone while it hydrates would not match and log an error.
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true, timezoneId: 'America/Los_Angeles' });

const pages = routeTable.filter((r) => !r.redirect);
const redirects = routeTable.filter((r) => r.redirect);

/**
 * Pages that lead on by design, and where (the role-based dashboard chooser sends a learner to
 * their dashboard; visited as a learner, not as a visitor, who goes to /auth; /lesson/{courseId}
 * resumes the course at the learner's lesson, islands/ResumeLesson.tsx).
 */
const LEADS_ON: Record<string, { as: Account; to: string | RegExp }> = {
  '/dashboard': { as: ACCOUNTS.student, to: '/dashboard/user' },
  '/my-dashboard': { as: ACCOUNTS.student, to: '/dashboard/user' },
  '/lesson/{courseId}': { as: ACCOUNTS.student, to: /\/courses\/\d+\/modules\/\d+\/lessons\/\d+$/ },
};

interface Visit {
  route: RouteEntry;
  /** The person it is for (the page must be real for them), or another who only must meet no error. */
  owner: boolean;
  lead?: string | RegExp;
}

/** Each account's visits: the person each page is for, and the admin on every signed-in page. */
function visitsBy(): Map<Account, Visit[]> {
  const by = new Map<Account, Visit[]>();
  const add = (account: Account, visit: Visit) => by.set(account, [...(by.get(account) ?? []), visit]);
  for (const route of pages) {
    const lead = LEADS_ON[route.pattern];
    const owner = lead ? lead.as : visitorOf(route);
    add(owner, { route, owner: true, lead: lead?.to });
    if (route.guard !== 'public' && owner !== ACCOUNTS.admin) add(ACCOUNTS.admin, { route, owner: false });
  }
  return by;
}

/** A real page: answered 200, not the not-found page, not the load-failure page, with a main heading. */
async function expectRealPage(page: Page, path: string, status: number | undefined) {
  expect(status, `${path} answers 200`).toBe(200);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Page not found' }), `${path} is not the not-found page`).toHaveCount(0);
  await expect(page.getByText('Page Not Found'), `${path} did not fail to load`).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${path} has a main heading`).toBeVisible();
}

test.describe('every page, once per person, on a phone', () => {
  test.describe.configure({ timeout: 45_000 });

  for (const [account, visits] of visitsBy()) {
    test.describe(`as ${account ?? 'a visitor'}`, () => {
      test.use({ signedInAs: account });

      for (const { route, owner, lead } of visits) {
        test(`${route.pattern}${owner ? '' : ' (policy, errors, width)'}`, async ({ page, request }) => {
          const path = routePath(route, await demoParams(request));
          const violations = await watchViolations(page);
          const errors = watchErrors(page);
          const quiet = settled(page);
          const response = await page.goto(path);
          expect(response?.headers()['content-security-policy'], `${path} carries the policy`).toContain("script-src 'self'");
          if (lead) await expect(page).toHaveURL(lead);
          else {
            await hydrated(page);
            // No guard or page sent them elsewhere.
            if (owner) expect(new URL(page.url()).pathname, `${path} stays on its address`).toBe(path);
          }
          if (owner) await expectRealPage(page, path, response?.status());
          // Late islands, data and images settle.
          await quiet();
          expect(await violations(), `${path}: policy violations`).toEqual([]);
          expect(errors(), `${path}: errors`).toEqual([]);
          await expectFitsWidth(page, path);
        });
      }
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

async function guarded(request: Parameters<typeof demoParams>[0], guard: RouteEntry['guard']): Promise<string[]> {
  const params = await demoParams(request);
  return pages.filter((r) => r.guard === guard).map((r) => routePath(r, params));
}

test.describe('the guards on every guarded route', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an anonymous visitor of a signed-in route goes to /auth?redirect={path}', async ({ page, request }) => {
    const paths = (await guarded(request, 'signed-in')).filter((path) => !SIGN_IN_IN_PLACE.includes(path));
    expect(paths.length).toBeGreaterThan(40);
    await expectEachLandsOn(page, paths, (path) => `/auth?redirect=${encodeURIComponent(path)}`);
  });

  test('the checkout serves an anonymous visitor in place, and its return pages ask them to sign in there and come back', async ({ page }) => {
    for (const path of SIGN_IN_IN_PLACE) {
      if (path === '/checkout') {
        // A visitor checks out without an account (decision 0065): with nothing in this browser's cart, the page says so.
        await page.goto(path);
        await expect(page.getByRole('main').getByText('Your cart is empty.'), path).toBeVisible();
        expect(new URL(page.url()).pathname).toBe(path);
        continue;
      }
      // A return page is opened by the provider with its payment's session.
      const address = `${path}?session_id=cs_test_walk`;
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

  test.describe('signed in without an admin role', () => {
    test.use({ signedInAs: ACCOUNTS.student });

    test('an admin route sends them to /', async ({ page, request }) => {
      const paths = await guarded(request, 'admin');
      await expectEachLandsOn(page, paths, () => '/');
    });
  });
});

test.describe("the server's redirects", () => {
  for (const route of redirects) {
    const account = route.guard === 'public' ? null : route.guard === 'admin' ? ACCOUNTS.admin : ACCOUNTS.student;
    test.describe(`${route.pattern} (${account ?? 'visitor'})`, () => {
      test.use({ signedInAs: account });

      test(`→ ${route.redirect}`, async ({ page, request }) => {
        const params = await demoParams(request);
        const from = routePath(route, params);
        const to = routePath({ ...route, pattern: route.redirect! }, params);
        // The server answers the redirect itself, keeping the query string.
        const answer = await request.get(`${from}?from=walk`, { maxRedirects: 0 });
        expect(answer.status(), `${from} is a permanent redirect`).toBe(301);
        expect(answer.headers().location).toBe(`${to}?from=walk`);
        // And the person it is for lands on a real page there.
        const landed = await page.goto(from);
        await expect(page).toHaveURL(to);
        await expectRealPage(page, to, landed?.status());
      });
    });
  }
});
