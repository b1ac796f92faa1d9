import type { Page } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { apiGet, token } from './route-fixtures.ts';

// /profile-image-debug applies the image URL helper (lib/image-url.ts) step by step to the
// signed-in user's profile image, or to any URL typed in, and previews it as the shared image
// display would show it. It is a staff page (diagnostics.read: admins and sub-admins); the
// refusal of everyone else is in wayfinding.spec.ts.

const step = (page: Page, name: string) => page.getByRole('listitem', { name: new RegExp(`^\\d\\. ${name}$`) });

test.describe('profile image debug', () => {
  test('starts from my profile image, shows each rule, the final URL and the image', async ({ page, request, loginAs }) => {
    const me = await apiGet<{ profile_image_url: string | null }>(request, '/api/me', await token(request, ACCOUNTS.admin));
    expect(me.profile_image_url, 'the demo admin has a portrait').toMatch(/^\/uploads\//);
    await loginAs(ACCOUNTS.admin);
    await page.goto('/profile-image-debug');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Image Debug' })).toBeVisible();
    const field = page.getByLabel('Image URL to check');
    await expect(field).toHaveValue(me.profile_image_url!);
    // The server says whether the address names a stored upload.
    await expect(page.getByRole('status', { name: 'On the server' })).toContainText(/Stored: .+, [\d.]+ KB, image\/svg\+xml\./);
    // A local path: every rule is reached, none changes it.
    await expect(page.getByRole('list').filter({ has: step(page, 'No URL') }).getByRole('listitem')).toHaveCount(8);
    await expect(step(page, 'Leading slash')).toContainText('Did not apply');
    await expect(page.getByRole('status', { name: 'Final URL' })).toContainText(me.profile_image_url!);
    const preview = page.getByRole('img', { name: 'Preview of the image URL' });
    await expect(preview).toHaveAttribute('src', me.profile_image_url!);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('walks a typed URL through the rules, and back to my image', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/profile-image-debug');
    await hydrated(page);
    const field = page.getByLabel('Image URL to check');
    const mine = await field.inputValue();

    await field.fill('http://localhost:3000/public/uploads/thumbnails/me.png');
    await expect(step(page, 'Own hosts and uploads to local paths')).toContainText('Applied');
    await expect(step(page, 'Own hosts and uploads to local paths')).toContainText(/http:\/\/localhost:3000\/public\/uploads\/thumbnails\/me\.png → becomes\s+\/public\/uploads\/thumbnails\/me\.png$/);
    await expect(step(page, 'Public folder prefix')).toContainText(/\/public\/uploads\/thumbnails\/me\.png → becomes\s+\/uploads\/thumbnails\/me\.png$/);
    await expect(step(page, 'Thumbnail timestamp')).toContainText('Applied');
    await expect(page.getByRole('status', { name: 'Final URL' })).toContainText(/\/uploads\/thumbnails\/me\.png\?t=\d+/);

    // A known avatar service keeps its URL; the rules after it are not reached.
    await field.fill('https://ui-avatars.com/api/?name=Maya+Thompson');
    await expect(step(page, 'Avatar and image hosts')).toContainText('Applied');
    await expect(step(page, 'Thumbnail timestamp')).toContainText('Not reached');
    await expect(page.getByRole('status', { name: 'Final URL' })).toContainText('https://ui-avatars.com/api/?name=Maya+Thompson');

    await page.getByRole('button', { name: 'Use my profile image' }).click();
    await expect(field).toHaveValue(mine);
    await expect(page.getByRole('button', { name: 'Use my profile image' })).toBeDisabled();
  });

  test('a broken image walks the fallback chain to the default image, or to nothing', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/profile-image-debug');
    await hydrated(page);
    await page.getByLabel('Image URL to check').fill('/uploads/no-such-image.png');
    const tries = page.getByRole('list', { name: 'Addresses the display tries' }).getByRole('listitem');
    await expect(tries).toHaveText(['/uploads/no-such-image.png', '/uploads/resources/no-such-image.png', /^http:\/\/127\.0\.0\.1:\d+\/uploads\/no-such-image\.png$/, '/images/default-profile.png']);
    const preview = page.getByRole('img', { name: 'Preview of the image URL' });
    await expect(preview).toHaveAttribute('src', '/images/default-profile.png');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // An address the page's policy blocks (another origin over http) fails at once: the display
    // still moves one address at a time and reaches the fallback image.
    await page.getByLabel('Image URL to check').fill('http://localhost:3000/public/uploads/thumbnails/no-such-image.png');
    await expect(tries).toHaveText([/^\/uploads\/thumbnails\/no-such-image\.png\?t=\d+$/, 'http://localhost:3000/public/uploads/thumbnails/no-such-image.png', '/images/default-profile.png']);
    await expect(preview).toHaveAttribute('src', '/images/default-profile.png');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.getByLabel('Image URL to check').fill('/uploads/no-such-image.png');
    await page.getByLabel('Fall back to the default profile image').uncheck();
    await expect(tries).toHaveCount(3);
    await expect(page.getByText('No image: every address failed.')).toBeVisible();
    await expect(preview).toHaveCount(0);
  });

  test('fits a 390 px phone', async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(ACCOUNTS.admin);
    await page.goto('/profile-image-debug');
    await hydrated(page);
    await page.getByLabel('Image URL to check').fill('https://www.example.org/a/very/long/path/public/uploads/thumbnails/a-picture-with-a-long-name.png?size=large');
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  });
});
