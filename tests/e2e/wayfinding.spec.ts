import type { Page } from '@playwright/test';
import { SIDEBAR_MENUS } from '../../worker/src/domain/navigation.ts';
import { can } from '../../worker/src/domain/permissions.ts';
import type { WorkQueues } from '../../shared/dashboards/queues.ts';
import type { StoreStats } from '../../shared/store/store-stats.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { apiGet, token } from './route-fixtures.ts';

// Wayfinding for people with several roles (decision 0067): the sidebar follows the area the page
// is in, the header's user menu reaches every area of the user's roles, a sub-admin lands on what
// waits for them, and the image debug page is for staff only.

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Admin sidebar' });

async function openUserMenu(page: Page) {
  await page.goto('/about');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  return page.getByRole('menu');
}

test.describe('a student, seller and instructor at once', () => {
  test('sees the instructor menu in the instructor area, and the seller area one click away', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.multirole);
    await page.goto('/instructor/dashboard');
    await hydrated(page);
    const menu = sidebar(page).getByRole('navigation', {
      name: 'Instructor menu',
      exact: true,
    });
    await expect(menu).toBeVisible();
    // Every entry their roles may use (moderating practice reports is staff's); Feedback carries its waiting count.
    const multirole = ['STUDENT', 'SELLER', 'INSTRUCTOR'];
    const theirs = SIDEBAR_MENUS.instructor.filter((i) => !i.requires || can(multirole, i.requires));
    await expect(menu.getByRole('link')).toHaveText(theirs.map((i) => new RegExp(`^${i.label}(,?\\s*[\\d,]+\\s*waiting)?$`)));
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(
      sidebar(page).getByRole('navigation', {
        name: 'Seller menu',
        exact: true,
      }),
    ).toHaveCount(0);

    await sidebar(page).getByRole('navigation', { name: 'Your other areas' }).getByRole('link', { name: 'Seller Dashboard' }).click();
    await expect(page).toHaveURL(/\/seller\/?$/);
    await expect(
      sidebar(page).getByRole('navigation', {
        name: 'Seller menu',
        exact: true,
      }),
    ).toBeVisible();
  });

  test('reaches each of their areas from the user menu, which names their roles in words', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.multirole);
    const areas: [string, RegExp, string | RegExp][] = [
      ['My Dashboard', /\/multi-dashboard$/, 'Welcome, Sofia Marin'],
      ['My Courses', /\/my-courses$/, /courses/i],
      ['My Bookings', /\/my-bookings$/, /bookings/i],
      ['Instructor Dashboard', /\/instructor\/dashboard$/, 'Instructor Dashboard'],
      ['Seller Dashboard', /\/seller\/?$/, /seller|store/i],
    ];
    const menu = await openUserMenu(page);
    await expect(page.getByRole('banner').getByText('Student · Seller · Instructor')).toBeVisible();
    await expect(menu.getByRole('menuitem')).toContainText(areas.map(([label]) => label));
    for (const [label, url, heading] of areas) {
      await (await openUserMenu(page)).getByRole('menuitem', { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first(), label).toBeVisible();
    }
  });
});

test.describe('a sub-admin lands on what waits for them', () => {
  test('the curriculum admin sees how many resources await review, the oldest first, and reviews one', async ({ page, loginAs, request }) => {
    const bearer = await token(request, ACCOUNTS.curriculumAdmin);
    const stats = await apiGet<StoreStats>(request, '/api/admin/store-stats', bearer);
    const queues = await apiGet<WorkQueues>(request, '/api/admin/queues', bearer);
    expect(stats.submitted_count, 'the demo store has resources waiting for review').toBeGreaterThan(0);
    const first = queues.review!.first[0]!;

    await loginAs(ACCOUNTS.curriculumAdmin);
    await page.goto('/admin/dashboard');
    await hydrated(page);
    const review = page.getByRole('region', { name: 'Review queue' });
    await expect(review.getByTestId('awaiting-review')).toHaveText(`${stats.submitted_count} awaiting review`);
    await expect(review.getByRole('list', { name: 'Waiting the longest' }).getByRole('listitem').first()).toContainText(first.title);
    await expect(page.getByRole('region', { name: 'Seller applications' })).toContainText(`${stats.sellers_pending} waiting for approval`);
    await expect(page.getByRole('region', { name: 'The store' }).getByRole('listitem').filter({ hasText: 'Published' })).toContainText(
      String(stats.published_count),
    );

    await review.getByRole('button', { name: `Review ${first.title}` }).click();
    await expect(page.getByRole('dialog', { name: first.title })).toBeVisible();
  });

  test('the instructor admin sees their sessions; their profile names their roles in words', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/admin/dashboard');
    await hydrated(page);
    const sessions = page.getByRole('region', { name: 'Your sessions' });
    await expect(sessions).toContainText(/\d+ coming up/);
    await expect(sessions.getByRole('list', { name: 'Next sessions' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Review queue' })).toHaveCount(0);

    await (await openUserMenu(page)).getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByRole('main').getByText('Instructor admin', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('main').getByText(/INSTRUCTOR_ADMIN/)).toHaveCount(0);
  });
});

test('the profile image debug page is for staff: a student is refused, page and API', async ({ page, loginAs, request }) => {
  const refused = await request.get('/api/me/profile-image-debug', {
    headers: {
      authorization: `Bearer ${await token(request, ACCOUNTS.student)}`,
    },
  });
  expect(refused.status()).toBe(403);

  await loginAs(ACCOUNTS.student);
  await page.goto('/profile-image-debug');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByLabel('Image URL to check')).toHaveCount(0);

  const admin = await page.context().browser()!.newPage();
  await admin.addInitScript((t) => localStorage.setItem('access_token', t), await token(request, ACCOUNTS.admin));
  await admin.goto(new URL('/profile-image-debug', page.url()).href);
  await expect(admin.getByLabel('Image URL to check')).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
  await admin.close();
});
