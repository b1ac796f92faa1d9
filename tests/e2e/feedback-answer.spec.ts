import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { seriousViolations } from './commerce-fixtures.ts';

// Feedback on takes (decision 0070): the course's instructor answers the seeded waiting take on its
// timeline — two timed notes, one drawn over the frame — with a verdict; the learner opens the
// answer from the notification, sees each note at its moment and replies. Desktop and phone.

test('an instructor answers a waiting take with timed notes; the learner opens it from the notification and replies', async ({ page, browser, loginAs, savedSignIn }) => {
  await loginAs(ACCOUNTS.instructorAdmin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/instructor');
  await hydrated(page);
  const main = page.getByRole('main');

  // The dashboard counts the takes waiting; the menu entry carries the count and leads to the queue,
  // whose Waiting tab lists the seeded request.
  await expect(main.getByRole('group', { name: 'Feedback figures' })).toContainText(/[1-9]\d*\s*takes? waiting for your feedback/);
  await page.getByRole('link', { name: /^Feedback\W+\d+ waiting$/ }).click();
  await expect(page).toHaveURL(/\/instructor\/feedback$/);
  await hydrated(page);
  await expect(main.getByRole('tab', { name: /^Waiting \d+$/ })).toHaveAttribute('aria-selected', 'true');
  await main.getByRole('link', { name: /^Open .+'s take of / }).first().click();
  await expect(page).toHaveURL(/\/practice\/feedback\/\d+$/);
  const feedbackPath = new URL(page.url()).pathname;
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: /'s take$/ })).toBeVisible();
  const timeline = page.getByTestId('feedback-timeline');
  // Measured at each click: the take's frame takes its video's shape once loaded, moving what is below it.
  const clickTimelineAt = async (fraction: number) => {
    const bar = (await timeline.boundingBox())!;
    await timeline.click({ position: { x: bar.width * fraction, y: bar.height / 2 } });
  };
  const notes = page.getByRole('list', { name: 'Notes', exact: true });

  // A note at a moment: a click on the timeline opens it there.
  await clickTimelineAt(0.2);
  const editor = page.getByRole('form', { name: /^New note at / });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Save note' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Write a note or draw on the frame');
  await editor.getByLabel('Note').fill('Land the step on the one, heel first.');
  await editor.getByRole('button', { name: 'Save note' }).click();
  await expect(editor).toBeHidden();
  await expect(notes.getByText('Land the step on the one, heel first.')).toBeVisible();

  // A second note, drawn: an arrow dragged over the take's frame.
  await clickTimelineAt(0.6);
  await expect(editor).toBeVisible();
  const canvas = page.getByRole('figure', { name: 'Take' }).getByRole('img');
  await canvas.scrollIntoViewIfNeeded();
  const frame = (await canvas.boundingBox())!;
  await page.mouse.move(frame.x + frame.width * 0.4, frame.y + frame.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(frame.x + frame.width * 0.5, frame.y + frame.height * 0.6, { steps: 4 });
  await page.mouse.move(frame.x + frame.width * 0.6, frame.y + frame.height * 0.7, { steps: 4 });
  await page.mouse.up();
  await expect(editor.getByText('1 of 50 shapes')).toBeVisible();
  await editor.getByLabel('Note').fill('Keep the knee over the toe here.');
  await editor.getByRole('button', { name: 'Save note' }).click();
  await expect(editor).toBeHidden();
  const drawn = notes.getByRole('listitem').filter({ hasText: 'Keep the knee over the toe here.' });
  await expect(drawn.getByText('Drawing', { exact: true })).toBeVisible();
  const drawnMoment = ((await drawn.getByRole('button', { name: /^Play from / }).getAttribute('aria-label')) ?? '').replace('Play from ', '');

  // The answer: the verdict is required, then sent.
  const answer = page.getByRole('form', { name: 'Your answer' });
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.getByText('Choose Approved or Try again')).toBeVisible();
  await answer.getByLabel('Summary').fill('Good energy. Work on the landings, then send another take.');
  await answer.getByRole('radio', { name: 'Try again' }).check();
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Answer\s*Try again$/ })).toBeVisible();
  await expect(answer).toBeHidden();
  expect(await seriousViolations(page), 'axe on the answering page').toEqual([]);

  // The learner, on a phone, opens it from the notification.
  const learner = await browser.newContext({ storageState: await savedSignIn(ACCOUNTS.student), viewport: { width: 390, height: 844 } });
  const phone = await learner.newPage();
  await phone.goto('/notifications');
  await hydrated(phone);
  await phone.locator(`a[href="${feedbackPath}"]`).first().click();
  await expect(phone).toHaveURL(new RegExp(`${feedbackPath}$`));
  await hydrated(phone);
  await expect(phone.getByRole('heading', { level: 1, name: 'Feedback on your take' })).toBeVisible();
  await expect(phone.getByText('Good energy. Work on the landings, then send another take.')).toBeVisible();

  // Each note shows at its moment, with its drawing over the frame.
  const learnerNotes = phone.getByRole('list', { name: 'Notes', exact: true });
  const now = phone.getByRole('list', { name: 'Notes at this moment' });
  await learnerNotes.getByRole('button', { name: `Play from ${drawnMoment}` }).click();
  await expect(now).toContainText('Keep the knee over the toe here.');
  await expect(now).not.toContainText('Land the step on the one');
  await expect(phone.getByRole('figure', { name: 'Take' }).getByRole('img', { name: 'Drawing: 1 shape over the frame' })).toBeVisible();

  // A reply under the note.
  const note = learnerNotes.getByRole('listitem').filter({ hasText: 'Keep the knee over the toe here.' }).first();
  await note.getByLabel(`Reply to the note at ${drawnMoment}`).fill('Thank you! Trying it again tonight.');
  await note.getByRole('button', { name: 'Reply' }).click();
  await expect(note.getByText('Thank you! Trying it again tonight.')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scroll on a phone').toBe(true);
  expect(await seriousViolations(phone), 'axe on the learner page').toEqual([]);
  await learner.close();
});

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
