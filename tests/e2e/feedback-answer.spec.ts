import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';

// The instructors' queue of feedback requests (decision 0070): its tabs and filters live in the
// address. Answering a take on its timeline, and the learner opening the answer, are the practice
// room's journey (practice-room.spec.ts), which follows a take the learner records.

test("the queue's tabs and filters: answered requests, one course, one learner", async ({ page, loginAs }) => {
  await loginAs(ACCOUNTS.instructorAdmin);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/instructor/feedback?status=answered');
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: /^Answered \d+$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(main.getByText(/Try again|Approved/).first()).toBeVisible();

  // Only one learner's requests, then every learner again.
  await main.getByRole('button', { name: /^Only .+'s requests$/ }).first().click();
  await expect(page).toHaveURL(/learner_id=\d+/);
  await expect(main.getByText(/^Learner:/)).toBeVisible();
  await main.getByRole('button', { name: /^Show every learner/ }).click();
  await expect(page).not.toHaveURL(/learner_id=/);

  // One course.
  const course = main.getByLabel('Course');
  const firstCourse = await course.locator('option').nth(1).getAttribute('value');
  await course.selectOption(firstCourse!);
  await expect(page).toHaveURL(new RegExp(`course_id=${firstCourse}`));
  await main.getByRole('tab', { name: /^Waiting/ }).click();
  await expect(page).toHaveURL(/\/instructor\/feedback\?course_id=/);
  expect(await seriousViolations(page), 'axe on the queue').toEqual([]);
});
