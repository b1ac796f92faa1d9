import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_CLIP_URL } from '../../db/seed-media.ts';
import { PACK_PRICE_RANGE } from '../../shared/course-feedback-settings.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test, uniqueName } from './fixtures.ts';

/**
 * The course editor's "Feedback on takes" (decision 0070): an instructor sells feedback credits
 * on their course and makes a video lesson completable only with an approved take. Each test
 * makes its own course, so the seeded courses other specs learn in stay as they are.
 */

/** A draft course of the signed-in instructor with one video lesson playing the demo clip. */
async function courseWithVideoLesson(request: APIRequestContext, token: string): Promise<{ id: number; title: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const title = `Bachata Footwork ${uniqueName('fb')}`;
  const course = await request.post('/api/courses', { headers, data: { title, description: 'Footwork patterns for teachers of bachata classes.' } });
  expect(course.ok(), await course.text()).toBeTruthy();
  const { id } = (await course.json()) as { id: number };
  const made = await request.post('/api/modules', { headers, data: { courseId: id, title: 'Basics', description: 'The basic step and its tap, to the count.' } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const moduleId = ((await made.json()) as { id: number }).id;
  const lesson = await request.post('/api/lessons', {
    headers,
    data: { moduleId, title: 'Practice: the basic step', description: 'Dance the basic step with the clip.', content: DEMO_CLIP_URL, type: 'video' },
  });
  expect(lesson.ok(), await lesson.text()).toBeTruthy();
  return { id, title };
}

const toastWith = (page: Page, text: string) => page.locator('.toaster').getByText(text, { exact: true }).first();

test.describe('feedback on takes in the course editor', () => {
  test('an instructor sells feedback credits and makes a lesson need an approved take', async ({ page, loginAs, request }) => {
    test.setTimeout(60_000);
    const token = await loginAs(ACCOUNTS.instructorAdmin);
    const course = await courseWithVideoLesson(request, token);
    await page.goto(`/instructor/courses/${course.id}`);
    await hydrated(page);

    const panel = page.getByRole('region', { name: 'Feedback on takes' });
    await expect(panel.getByRole('radio', { name: /No feedback on takes/ })).toBeChecked();
    const lesson = panel.getByRole('listitem').filter({ hasText: 'Practice: the basic step' });
    const rule = lesson.getByRole('checkbox', { name: 'Complete only with an approved take' });
    // Nobody could approve a take yet.
    await expect(rule).toBeDisabled();

    await panel.getByRole('radio', { name: /Feedback credits sold in packs/ }).check();
    await panel.getByRole('button', { name: 'Save feedback settings' }).click();
    await expect(panel.locator('.field-error').getByText(PACK_PRICE_RANGE)).toBeVisible();
    await panel.getByLabel('Pack price (USD)').fill('15');
    await panel.getByLabel('Credits per pack').fill('3');
    await expect(panel.getByText('$5.00 a review.')).toBeVisible();
    await panel.getByRole('button', { name: 'Save feedback settings' }).click();
    await expect(toastWith(page, 'Feedback settings saved')).toBeVisible();

    await expect(rule).toBeEnabled();
    // The box shows what the server kept: clicked, it is ticked once the answer is in.
    await rule.click();
    await expect(toastWith(page, 'The lesson now needs an approved take')).toBeVisible();
    await expect(rule).toBeChecked();

    // Kept: read again after a reload.
    await page.reload();
    await hydrated(page);
    await expect(panel.getByLabel('Pack price (USD)')).toHaveValue('15.00');
    await expect(panel.getByLabel('Credits per pack')).toHaveValue('3');
    await expect(rule).toBeChecked();

    // Turning feedback off would leave that lesson impossible to complete: refused, with the reason.
    await panel.getByRole('radio', { name: /No feedback on takes/ }).check();
    await panel.getByRole('button', { name: 'Save feedback settings' }).click();
    await expect(panel.locator('.field-error')).toContainText('“Practice: the basic step” is completed only with an approved take');
    expect(await seriousViolations(page), 'axe on the course editor').toEqual([]);
  });

  test('the panel fits a phone', async ({ page, loginAs, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await loginAs(ACCOUNTS.instructorAdmin);
    const course = await courseWithVideoLesson(request, token);
    await page.goto(`/instructor/courses/${course.id}`);
    await hydrated(page);
    const panel = page.getByRole('region', { name: 'Feedback on takes' });
    await panel.getByRole('radio', { name: /Reviews included with the course/ }).check();
    await expect(panel.getByLabel('Reviews per learner')).toBeVisible();
    await panel.getByRole('button', { name: 'Save feedback settings' }).click();
    await expect(toastWith(page, 'Feedback settings saved')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page), 'axe at 390 px').toEqual([]);
  });
});
