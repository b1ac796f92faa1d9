import type { Page } from '@playwright/test';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { watchErrors } from './page-checks.ts';

/**
 * The community's totals where people work (decision 0075): the course outline's questions per
 * lesson for the learner, the instructor's and the seller's "questions wait for an answer" with
 * the way to them, and a member's daily digest choice on the notifications page. At a desktop and
 * a phone's width, with axe and no console error.
 */

const BALLET = 'Foundations of Classical Ballet Teaching';
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function balletCourseId(page: Page): Promise<number> {
  const res = await page.request.get('/api/courses?pageSize=100');
  const body = (await res.json()) as { data: { id: number; title: string }[] };
  return body.data.find((c) => c.title === BALLET)!.id;
}

test.describe('as the demo learner', () => {
  test.use({ signedInAs: ACCOUNTS.student });

  for (const size of WIDTHS) {
    test(`the course outline shows each lesson's questions (${size.name})`, async ({ page }) => {
      await page.setViewportSize(size);
      const errors = watchErrors(page);
      await page.goto(`/learn/courses/${await balletCourseId(page)}`);
      await hydrated(page);
      const outline = page.getByRole('navigation', { name: 'Course outline' });
      if (size.width < 800) await outline.getByRole('button', { name: /Course outline/ }).click();
      // The seeded question on the first lesson (others may have asked more meanwhile).
      const first = outline.locator('.player-lesson').first();
      await expect(first.locator('.lesson-questions')).toHaveText(/^, ?\d+ questions?$|^\d+ questions?$/);
      await expect(first).toHaveAccessibleName(/\d+ questions?/);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors()).toEqual([]);
    });
  }

  test('chooses the daily digest on the notifications page, and the choice stays', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/notifications');
    await hydrated(page);
    const digest = page.getByRole('checkbox', { name: "Send the community's emails as one digest a day" });
    await expect(digest).not.toBeChecked();
    await digest.check();
    await expect(page.getByText('Community emails: one digest a day')).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(digest).toBeChecked();
    // The community's kinds are listed with the others, under their own group.
    await expect(page.getByRole('group', { name: 'Community' })).toContainText('Answer to your question');
    await digest.uncheck();
    await expect(page.getByText('Community emails: one email each')).toBeVisible();
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await dismiss.click();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors()).toEqual([]);
  });
});

test.describe("the owners' dashboards", () => {
  test.describe('the instructor', () => {
    test.use({ signedInAs: ACCOUNTS.instructorAdmin });
    for (const size of WIDTHS) {
      test(`sees the questions waiting on their courses and where to answer them (${size.name})`, async ({ page }) => {
        await page.setViewportSize(size);
        const errors = watchErrors(page);
        await page.goto('/instructor/dashboard');
        await hydrated(page);
        const panel = page.getByRole('region', { name: 'Community questions' });
        // The seeded question at a moment of the video lesson waits for its answer. The link goes to
        // the place with the most waiting: a course's questions, or their profile when other specs
        // sharing this database have asked there.
        await expect(panel).toContainText(/\d+ questions? waits? for an answer\./);
        await expect(panel.getByRole('link', { name: 'Answer them' })).toHaveAttribute('href', /^\/(learn\/courses\/\d+\/questions\?sort=unanswered|instructors\/\d+#questions)$/);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors()).toEqual([]);
      });
    }
  });

  test.describe('the seller', () => {
    test.use({ signedInAs: ACCOUNTS.seller });
    test("sees their store's line", async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto('/seller');
      await hydrated(page);
      const panel = page.getByRole('region', { name: 'Community questions' });
      // The seeded question on the seller's resource is answered; the newcomer's waits for a moderator, not for them.
      await expect(panel).toContainText(/No question waits for an answer on your pages\.|\d+ questions? waits? for an answer\./);
      expect(errors()).toEqual([]);
    });
  });
});
