import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, hydrated, registerUser, test } from './fixtures.ts';

/** Serious and critical findings of axe on a page, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const PUBLIC_PAGES = ['/', '/about', '/contact', '/terms', '/auth', '/register', '/courses', '/verify', '/curriculum'];

test.describe('accessibility (axe): no serious or critical violations', () => {
  for (const path of PUBLIC_PAGES) {
    test(`public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('a course page', async ({ page }) => {
    await page.goto('/courses');
    await page.getByRole('main').getByRole('link').filter({ hasText: /\w/ }).first().click();
    await expect(page).toHaveURL(/\/courses\/\d+/);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a resource page and its seller\'s storefront', async ({ page }) => {
    await page.goto('/curriculum');
    await page.locator('ul.store-grid .store-card-link').first().click();
    await expect(page).toHaveURL(/\/curriculum\/\d+$/);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('region', { name: 'About the seller' }).getByRole('link', { name: 'Visit the store' }).click();
    await expect(page).toHaveURL(/\/sellers\/\d+$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  const SIGNED_IN: [string, string, string][] = [
    [ACCOUNTS.student, '/dashboard/user', 'Maya'],
    [ACCOUNTS.student, '/profile/edit', 'Save'],
    [ACCOUNTS.student, '/my-courses', 'Continue'],
    [ACCOUNTS.admin, '/admin/dashboard', 'Users'],
    [ACCOUNTS.admin, '/admin/users', 'Search users'],
    [ACCOUNTS.admin, '/admin/courses', 'All Courses'],
    [ACCOUNTS.instructorAdmin, '/instructor/students', 'Invite learner by email'],
    [ACCOUNTS.curriculumAdmin, '/admin/users', 'Not available for your role'],
    [ACCOUNTS.admin, '/admin/dance-styles', 'Add a style'],
    [ACCOUNTS.admin, '/admin/instructors', 'Search instructors'],
    [ACCOUNTS.admin, '/admin/bookings', 'Search bookings'],
    [ACCOUNTS.student, '/connect/book', 'taking bookings'],
    [ACCOUNTS.student, '/my-bookings', 'Times are shown in your time zone'],
  ];
  for (const [account, path, text] of SIGNED_IN) {
    test(`signed-in page ${path} (${account})`, async ({ page, loginAs }) => {
      await loginAs(account);
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole('main').getByText(text).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('a page while a toast shows (each toast is a status region, not a list item)', async ({ page, loginAs }) => {
    const { username, password } = await registerUser(page, 'toast');
    await loginAs(username, password);
    await page.goto('/profile/edit');
    await hydrated(page);
    await page.getByLabel('First name').fill('Anna');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
