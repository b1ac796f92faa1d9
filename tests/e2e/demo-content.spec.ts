import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };

/** Serious and critical findings of axe, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}

/** The demo learner's certificate of the course the seed completes for them (other specs may issue more). */
async function studentCertificate(request: APIRequestContext): Promise<{ id: number; course: { id: number; title: string } }> {
  const login = await request.post('/api/login', { data: { username: ACCOUNTS.student, password: DEMO_PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await request.get('/api/certificates', { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as unknown;
  const list = (Array.isArray(body) ? body : ((body as { certificates?: unknown[]; data?: unknown[] }).certificates ?? (body as { data?: unknown[] }).data ?? [])) as {
    id: number;
    course: { id: number; title: string };
  }[];
  const demo = list.find((c) => c.course.title === 'Foundations of Classical Ballet Teaching');
  expect(demo, 'the seeded certificate').toBeDefined();
  return demo!;
}

test.describe('demo content that looks real', () => {
  test('the home page shows course cards with their cover art', async ({ page }) => {
    await page.goto('/');
    const featured = page.getByRole('list', { name: 'Featured courses' });
    await expect(featured.getByRole('listitem')).toHaveCount(3);
    const first = featured.getByRole('listitem').first();
    await expect(first.getByRole('heading', { level: 3 })).toBeVisible();
    const image = first.getByRole('img');
    await expect(image).toHaveAttribute('alt', / — .+ course cover$/);
    await expect(image).toHaveAttribute('src', /^\/uploads\/demo-art\/.+\.svg$/);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Each course has its own cover.
    const sources = await featured.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(new Set(sources).size).toBe(sources.length);
    await page.getByRole('link', { name: 'See all courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
  });

  test('instructor portraits are served as images', async ({ request }) => {
    const res = await request.get('/api/courses?pageSize=100');
    const body = (await res.json()) as { data?: { instructor?: { id: number } }[] } | { instructor?: { id: number } }[];
    const list = Array.isArray(body) ? body : (body.data ?? []);
    const instructorId = list.find((c) => c.instructor)?.instructor?.id;
    expect(instructorId).toBeDefined();
    const profile = (await (await request.get(`/api/instructors/${instructorId}`)).json()) as { profile_image_url: string | null; bio: string };
    expect(profile.bio.length).toBeGreaterThan(40);
    expect(profile.profile_image_url).toMatch(/^\/uploads\/demo-art\//);
    const image = await request.get(profile.profile_image_url!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/svg+xml');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the catalog keeps its filters in a sheet and shows the active ones as chips', async ({ page }) => {
      await page.goto('/courses');
      await hydrated(page);
      await expect(page.getByLabel('Search courses')).toBeVisible();
      await expect(page.getByLabel('Dance style')).toBeHidden();
      const open = page.getByRole('button', { name: /^Filters/ });
      await expect(open).toBeEnabled();
      await open.click();

      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByLabel('Dance style')).toBeFocused();
      // Escape closes without applying; focus returns to the button.
      await sheet.getByLabel('Dance style').selectOption('Ballet');
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(open).toBeFocused();
      await expect(page).toHaveURL(/\/courses$/);
      await expect(page.getByRole('list', { name: 'Active filters' })).toBeHidden();

      await open.click();
      expect(await seriousViolations(page)).toEqual([]);
      await sheet.getByLabel('Dance style').selectOption('Tap');
      await sheet.getByRole('button', { name: 'Apply' }).click();
      await expect(sheet).toBeHidden();
      await expect(page).toHaveURL(/category=Tap/);
      // Other specs publish tap courses too: the demo's is there, the ballet one is not.
      const results = page.getByRole('list', { name: 'Courses' });
      await expect(results.getByRole('heading', { name: 'Teaching Tap to Young Children' })).toBeVisible();
      await expect(results.getByRole('heading', { name: 'Foundations of Classical Ballet Teaching' })).toHaveCount(0);
      const count = page.locator('[data-catalog-count]');
      const filteredCount = await count.textContent();

      const chip = page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: 'Remove filter Style: Tap' });
      await expect(chip).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await chip.click();
      await expect(page).not.toHaveURL(/category=/);
      await expect(page.getByRole('list', { name: 'Active filters' })).toBeHidden();
      await expect(count).not.toHaveText(filteredCount!);
    });

    test('a certificate fits the screen and prints on one landscape page', async ({ page, loginAs, request }) => {
      const certificate = await studentCertificate(request);
      await loginAs(ACCOUNTS.student);
      await page.goto(`/certificates/${certificate.id}`);
      await hydrated(page);
      const sheet = page.getByRole('region', { name: /^Certificate of / });
      await expect(sheet).toBeVisible();
      await noSidewaysScroll(page);
      // Everything on the certificate stays inside its frame.
      const spill = await sheet.evaluate((frame) => {
        const box = frame.getBoundingClientRect();
        return [...frame.querySelectorAll('*')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1))
          .map((r) => `${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.bottom)}`);
      });
      expect(spill).toEqual([]);
      const size = await sheet.boundingBox();
      expect(size!.width).toBeLessThanOrEqual(PHONE.width);
      expect(size!.width / size!.height).toBeCloseTo(297 / 210, 1);
      expect(await seriousViolations(page)).toEqual([]);

      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const text = pdf.toString('latin1');
      const pages = text.match(/\/Type\s*\/Page[^s]/g) ?? [];
      expect(pages).toHaveLength(1);
      // A4 landscape: 842 × 595 points.
      const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
      expect(box).not.toBeNull();
      expect(Number(box![1])).toBeGreaterThan(Number(box![2]));
    });

    test('the learn page shows the lesson above the outline, which opens from its button', async ({ page, loginAs, request }) => {
      const certificate = await studentCertificate(request);
      await loginAs(ACCOUNTS.student);
      await page.goto(`/learn/courses/${certificate.course.id}`);
      await hydrated(page);
      const toggle = page.getByRole('button', { name: /Course outline/ });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const lessonHeading = page.locator('.player-lesson-region').getByRole('heading', { level: 2 }).first();
      await expect(lessonHeading).toBeVisible();
      const lessonTop = (await lessonHeading.boundingBox())!.y;
      const outlineTop = (await toggle.boundingBox())!.y;
      expect(lessonTop).toBeLessThan(outlineTop);
      const outline = page.locator('#player-outline');
      await expect(outline).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(outline).toBeVisible();
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
