import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { bearer, freshAccount } from './plan-fixtures.ts';

/**
 * A person becomes a bookable professional — /connect/get-booked, the profile editor
 * at /connect/profile (fields, the ZIP code resolved live, a lesson type), weekly hours on
 * /instructor/availability, publishing, and the link to their public page.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('professional profile', () => {
  test('a new user creates a profile, adds a lesson type and hours, publishes it and finds the link to their public page', async ({ page, request, loginAs }) => {
    const account = await freshAccount(request, 'pro', 'Nadia', 'Keller');
    await loginAs(account.username, account.password);

    await page.goto('/connect/get-booked');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Get Booked' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Premium Directory Listing' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/seller/payments');
    await page.getByRole('link', { name: 'Create your profile' }).click();

    await expect(page).toHaveURL(/\/connect\/profile$/);
    await hydrated(page);
    await expect(page.getByText('Create your profile first; then add your lesson types')).toBeVisible();
    await page.getByLabel('Headline').fill('Contemporary and ballet for adult beginners');
    await page.getByLabel('Bio').fill('I trained in New York and have taught adults for ten years, online and in my studio.');
    await page.getByRole('group', { name: /Dance styles/ }).getByLabel('Ballet').check();
    await page.getByRole('group', { name: /Dance styles/ }).getByLabel('Contemporary').check();
    await page.getByRole('group', { name: 'Levels' }).getByLabel('Beginner').check();
    await page.getByRole('group', { name: 'Languages' }).getByLabel('English').check();
    await page.getByLabel('Meeting link').fill('https://meet.example.test/nadia');
    await page.getByLabel('I teach in person').check();
    await page.getByLabel('ZIP code').fill('10001');
    await expect(page.getByRole('status').filter({ hasText: 'New York, NY' })).toBeVisible();
    await page.getByLabel('ZIP code').fill('00000');
    await expect(page.getByText('ZIP code not found').first()).toBeVisible();
    await page.getByLabel('ZIP code').fill('10001');
    await expect(page.getByRole('status').filter({ hasText: 'New York, NY' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('America/New_York');
    // Premium listing needs the Premium plan: the box is disabled and the gate's prompt shows.
    await expect(page.getByLabel('Show my profile as a premium listing')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Upgrade Subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Create profile' }).click();

    const panel = page.getByRole('region', { name: 'Your profile' });
    await expect(panel.getByText('Draft', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Publish profile' })).toBeDisabled();
    await expect(panel.getByText('At least one active lesson type (missing)')).toBeAttached();

    await page.getByRole('button', { name: 'Add lesson type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a lesson type' });
    await dialog.getByLabel('Title').fill('Private contemporary lesson');
    await dialog.getByLabel('Price (USD)').fill('65');
    await dialog.getByRole('button', { name: 'Save lesson type' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: 'Private contemporary lesson' })).toContainText('$65');

    // Weekly hours are set on the availability page.
    await panel.getByRole('link', { name: 'Set weekly hours' }).click();
    await expect(page).toHaveURL(/\/instructor\/availability$/);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Availability saved')).toBeVisible();

    await page.goto('/connect/profile');
    await hydrated(page);
    await expect(panel.getByText(/^Monday: /)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Publish profile' })).toBeEnabled();
    await panel.getByRole('button', { name: 'Publish profile' }).click();
    await expect(panel.getByText('Published', { exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'View your public page' })).toHaveAttribute('href', `/instructors/${account.id}`);

    // The API agrees, and publishing granted the directory roles.
    const profile = await (await request.get('/api/connect/profile', { headers: bearer(account.token) })).json();
    expect(profile).toMatchObject({ status: 'published', city: 'New York', state: 'NY', missing: [] });
    const me = await (await request.get('/api/me', { headers: bearer(account.token) })).json();
    expect(me.role).toEqual(expect.arrayContaining(['DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL']));

    // /connect/get-booked now shows the status and the public page.
    await page.goto('/connect/get-booked');
    await hydrated(page);
    await expect(page.getByText('Your profile is published')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View your public page' })).toHaveAttribute('href', `/instructors/${account.id}`);
  });

  for (const width of [390, 1280]) {
    test(`the demo instructor's editor and get-booked page fit ${width} px with no serious axe violation`, async ({ page, loginAs }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await loginAs('instructor_admin');
      await page.goto('/connect/profile');
      await hydrated(page);
      await expect(page.getByRole('region', { name: 'Your profile' }).getByText('Published', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Headline')).toHaveValue(/ballet teacher/i);
      await expect(page.getByRole('listitem').filter({ hasText: 'Adult ballet barre' })).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`connect-profile-${width}.png`), fullPage: true });

      await page.getByRole('button', { name: 'Add lesson type' }).click();
      await expect(page.getByRole('dialog', { name: 'Add a lesson type' })).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`connect-profile-dialog-${width}.png`) });
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/connect/get-booked');
      await hydrated(page);
      await expect(page.getByText('Your profile is published')).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`get-booked-${width}.png`), fullPage: true });
    });
  }
});
