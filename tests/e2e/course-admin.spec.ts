import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Buffer } from 'node:buffer';
import { png } from '../support/file-samples.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, test, uniqueName } from './fixtures.ts';

/**
 * Course administration (decision 0010): an instructor builds and publishes a course
 * through the dialogs, an admin edits one on the edit page, and the access rules hold.
 */

async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

/**
 * A toast's text (toasts stack; any of them may hold the text). Found by the list, not by the
 * region's role: while a modal dialog is open, everything outside it is aria-hidden.
 */
function toastWith(page: Page, text: string): Locator {
  return page.locator('.toaster').getByText(text, { exact: true }).first();
}

test.describe('course administration screen', () => {
  test('an instructor admin builds a course with module, lesson, quiz and question, publishes it, and the catalog shows it', async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    const title = `Salsa Foundations ${uniqueName('e2e')}`;
    const moduleTitle = 'Warm-up and timing';
    const lessonTitle = 'Counting the basic step';

    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/admin/courses');
    await expect(page.getByRole('tab', { name: 'All Courses' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Course Details' })).toBeDisabled();

    // Create course: the dialog's validation messages, then a valid course.
    await page.getByRole('button', { name: 'Create Course' }).click();
    const courseDialog = dialog(page, 'Create Course');
    await expect(courseDialog.getByLabel('Price (USD)')).toHaveValue('0');
    await expect(courseDialog.getByLabel('Status')).toHaveValue('draft');
    // Only ADMIN sees the instructor selector.
    await expect(courseDialog.getByLabel('Instructor')).toHaveCount(0);
    await courseDialog.getByLabel('Title').fill('Sa');
    await courseDialog.getByLabel('Description').fill('Too short');
    await courseDialog.getByLabel('Price (USD)').fill('-5');
    await courseDialog.getByRole('button', { name: 'Create Course' }).click();
    await expect(courseDialog.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(courseDialog.getByText('Description must be at least 10 characters')).toBeVisible();
    await expect(courseDialog.getByText('Price must be a non-negative number')).toBeVisible();

    await courseDialog.getByLabel('Title').fill(title);
    await courseDialog.getByLabel('Description').fill('Timing, basic steps and partner connection for teachers of salsa classes.');
    await courseDialog.getByLabel('Price (USD)').fill('49');
    // The preview video URL follows the full video URL while it is empty.
    await courseDialog.getByLabel('Full video URL').pressSequentially('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(courseDialog.getByLabel('Preview video URL')).toHaveValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await courseDialog.getByRole('button', { name: 'Create Course' }).click();
    await expect(toastWith(page, 'Course created successfully')).toBeVisible();
    await expect(courseDialog).toHaveCount(0);

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Draft')).toBeVisible();
    await expect(card.getByText('$49.00')).toBeVisible();
    await expect(card.getByText('0 modules')).toBeVisible();

    // Manage: the details tab.
    await card.getByRole('button', { name: `Manage ${title}` }).click();
    await expect(page.getByRole('tab', { name: 'Course Details' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(page.getByText('No modules available. Add your first module to get started.')).toBeVisible();

    // Module.
    await page.getByRole('button', { name: 'Add Module' }).click();
    const moduleDialog = dialog(page, 'Create Module');
    await expect(moduleDialog.getByLabel('Position')).toHaveValue('1');
    await moduleDialog.getByLabel('Module title').fill(moduleTitle);
    await moduleDialog.getByLabel('Module description').fill('Find the one, hear the clave and keep the count.');
    await moduleDialog.getByRole('button', { name: 'Create Module' }).click();
    await expect(toastWith(page, 'Module created successfully')).toBeVisible();
    await expect(moduleDialog).toHaveCount(0);
    await expect(page.getByRole('heading', { name: new RegExp(moduleTitle) })).toBeVisible();
    await expect(page.getByText('No lessons in this module.')).toBeVisible();

    // Lesson: content is required.
    await page.getByRole('button', { name: `Add lesson to ${moduleTitle}` }).click();
    const lessonDialog = dialog(page, 'Create Lesson');
    await expect(lessonDialog.getByLabel('Lesson type')).toHaveValue('text');
    // A quiz belongs to a quiz lesson: only those rows offer Add Quiz.
    await lessonDialog.getByLabel('Lesson type').selectOption('quiz');
    await lessonDialog.getByLabel('Lesson title').fill(lessonTitle);
    await lessonDialog.getByLabel('Lesson description').fill('Count 1-2-3, 5-6-7 with the music and the feet.');
    await lessonDialog.getByRole('button', { name: 'Create Lesson' }).click();
    await expect(lessonDialog.getByText('Content is required')).toBeVisible();
    await lessonDialog.getByLabel('Quiz instructions').fill('Step forward on 1, replace on 2, close on 3: then answer the question.');
    await lessonDialog.getByRole('button', { name: 'Create Lesson' }).click();
    await expect(toastWith(page, 'Lesson created successfully')).toBeVisible();
    await expect(lessonDialog).toHaveCount(0);
    const lessonRow = page.getByRole('list', { name: `Lessons of ${moduleTitle}` }).getByRole('listitem');
    await expect(lessonRow).toContainText(lessonTitle);
    await expect(lessonRow).toContainText('Quiz');

    // Quiz with its defaults ('Quiz for {lesson title}', 70 to pass).
    await page.getByRole('button', { name: `Add quiz to ${lessonTitle}` }).click();
    const quizDialog = dialog(page, 'Create Quiz');
    await expect(quizDialog.getByLabel('Quiz title')).toHaveValue(`Quiz for ${lessonTitle}`);
    await expect(quizDialog.getByLabel('Quiz description')).toHaveValue('Test your knowledge of this lesson');
    await expect(quizDialog.getByLabel('Pass score (%)')).toHaveValue('70');
    await quizDialog.getByRole('button', { name: 'Create Quiz' }).click();
    await expect(toastWith(page, 'Quiz created successfully')).toBeVisible();
    await expect(quizDialog).toHaveCount(0);

    // Question: the editor's rules (2 options at least, one correct, all filled).
    await page.getByRole('button', { name: `View quiz of ${lessonTitle}` }).click();
    const viewDialog = dialog(page, `Quiz for ${lessonTitle}`);
    await expect(viewDialog.getByText('No questions yet. Add the first one.')).toBeVisible();
    await viewDialog.getByRole('button', { name: 'Add Question' }).click();
    const questionDialog = dialog(page, 'Add Question');
    await expect(questionDialog.getByRole('textbox', { name: /^Option \d$/ })).toHaveCount(2);
    await expect(questionDialog.getByRole('radio', { name: 'Option 1 is correct' })).toBeChecked();
    await expect(questionDialog.getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
    await expect(questionDialog.getByText('A question must have at least 2 options')).toBeVisible();
    await questionDialog.getByRole('textbox', { name: 'Question', exact: true }).fill('On which counts do you pause in the basic step?');
    await questionDialog.getByRole('textbox', { name: 'Option 1' }).fill('4 and 8');
    await questionDialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(questionDialog.getByText('All options must have content')).toBeVisible();
    // A third option, marked correct, then the first removed: the correct index moves down with it.
    await questionDialog.getByRole('button', { name: 'Add Option' }).click();
    await questionDialog.getByRole('textbox', { name: 'Option 2' }).fill('1 and 5');
    await questionDialog.getByRole('textbox', { name: 'Option 3' }).fill('4 and 8 (pause)');
    await questionDialog.getByRole('radio', { name: 'Option 3 is correct' }).check();
    await questionDialog.getByRole('button', { name: 'Remove option 1' }).click();
    await expect(questionDialog.getByRole('textbox', { name: /^Option \d$/ })).toHaveCount(2);
    await expect(questionDialog.getByRole('radio', { name: 'Option 2 is correct' })).toBeChecked();
    await expect(questionDialog.getByRole('textbox', { name: 'Option 2' })).toHaveValue('4 and 8 (pause)');
    await questionDialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(toastWith(page, 'Question added successfully')).toBeVisible();
    await expect(questionDialog).toHaveCount(0);

    // Publish: edit the course and set its status.
    await page.getByRole('tab', { name: 'All Courses' }).click();
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = dialog(page, 'Edit Course');
    await expect(editDialog.getByLabel('Title')).toHaveValue(title);
    await editDialog.getByLabel('Status').selectOption('published');
    await editDialog.getByRole('button', { name: 'Update Course' }).click();
    await expect(toastWith(page, 'Course updated successfully')).toBeVisible();
    await expect(editDialog).toHaveCount(0);
    await expect(card.getByText('Published')).toBeVisible();
    await expect(card.getByText('1 module')).toBeVisible();

    // The public catalog shows it without a rebuild.
    await page.goto('/courses');
    await expect(page.getByText(title).first()).toBeVisible();
  });

  test('deleting a course asks for confirmation and removes it', async ({ page, loginAs, request }) => {
    const token = await apiToken(request, ACCOUNTS.instructorAdmin);
    const title = `Tap Rhythms ${uniqueName('del')}`;
    const res = await request.post('/api/courses', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: 'Shuffles, flaps and time steps for young tappers.', price: '0', status: 'draft' },
    });
    expect(res.status()).toBe(201);

    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/admin/courses');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Course' });
    await expect(confirm.getByText('Are you sure you want to delete this course? This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toastWith(page, 'Course deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('the course dialog uploads an image: 5 MB, images only, then the image URL is patched', async ({ page, loginAs, request }) => {
    const token = await apiToken(request, ACCOUNTS.instructorAdmin);
    const title = `Ballroom Frame ${uniqueName('img')}`;
    const created = await request.post('/api/courses', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: 'Posture, hold and connection for standard dances.', price: '0' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/admin/courses');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = dialog(page, 'Edit Course');
    await editDialog.getByRole('button', { name: 'Upload Image' }).click();
    await expect(toastWith(page, 'No File Selected')).toBeVisible();
    await expect(toastWith(page, 'Please select a file to upload.')).toBeVisible();

    const chooser = editDialog.getByLabel('Choose image');
    await chooser.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(toastWith(page, 'File Too Large')).toBeVisible();
    await expect(toastWith(page, 'File size exceeds 5MB limit.')).toBeVisible();

    await chooser.setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await expect(editDialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await editDialog.getByRole('button', { name: 'Upload Image' }).click();
    await expect(toastWith(page, 'Image Uploaded')).toBeVisible();
    await expect(toastWith(page, 'The course image has been successfully uploaded.')).toBeVisible();

    const read = await request.get(`/api/courses/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await read.json()) as { image_url: string | null }).image_url).toMatch(/^\/uploads\/courses\/.+\.png$/);
  });

  test('a user who is neither ADMIN nor INSTRUCTOR_ADMIN sees Access Denied', async ({ page, loginAs }) => {
    // /admin/courses is a signed-in route: the screen itself refuses other roles.
    await loginAs(ACCOUNTS.student);
    await page.goto('/admin/courses');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to access this page. This page is only for instructors and admins.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All Courses' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an instructor on the free plan who is not an admin sees the feature gate', async ({ page, loginAs }) => {
    // multirole: STUDENT, SELLER and INSTRUCTOR, free tier, no admin role.
    await loginAs(ACCOUNTS.multirole);
    await page.goto('/instructor/courses');
    await expect(page.getByRole('heading', { name: 'Course Administration' })).toBeVisible();
    await expect(page.getByText('Upgrade to Educator or higher to access course administration features.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All Courses' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Upgrade Subscription' }).click();
    // The upgrade dialog in place (decision 0063): the gate, and the plans above the free one.
    const upgrade = dialog(page, 'Upgrade your plan');
    await expect(upgrade.getByText('Course Administration.', { exact: true })).toBeVisible();
    await expect(upgrade.locator('[data-plan="educator"]')).toContainText('Recommended');
    await expect(upgrade.locator('[data-plan="free"]')).toHaveCount(0);
  });
});

test.describe('course create wizard (instructor area)', () => {
  test('details with style, level and About text, module, a text and a quiz lesson, quiz, publish, then the style filter finds it', async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    const title = `Hip Hop Grooves ${uniqueName('wiz')}`;
    await loginAs(ACCOUNTS.instructorAdmin);
    // One way to create a course in the instructor area, and the subtitle once.
    await page.goto('/instructor/courses');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Create Course' })).toHaveCount(1);
    await expect(main.getByRole('button', { name: 'Create Course' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Course wizard' })).toHaveCount(0);
    await expect(page.getByText('Your courses, their modules, lessons and quizzes.')).toHaveCount(1);
    await main.getByRole('link', { name: 'Create Course' }).click();
    await expect(page).toHaveURL(/\/instructor\/courses\/create/);
    const steps = page.getByRole('navigation', { name: 'Wizard steps' });
    await expect(steps.getByText('Details')).toBeVisible();

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description', { exact: true }).fill('Bounce, rock and the first grooves for classes of teenagers.');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Choose a dance style')).toBeVisible();
    await page.getByLabel('Dance style').selectOption({ label: 'Hip Hop' });
    await page.getByLabel('Level').selectOption('intermediate');
    await page.getByLabel('Detailed description').fill('Six weeks of grooves, from the bounce to a first routine.');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(toastWith(page, 'Course created successfully')).toBeVisible();
    await expect(page).toHaveURL(/course=\d+/);

    await expect(page.getByRole('heading', { name: 'Modules', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next: Lessons' })).toBeDisabled();
    await page.getByLabel('Module title').fill('Grooves');
    await page.getByLabel('Module description').fill('Bounce and rock, on and off the beat.');
    await page.getByRole('button', { name: 'Add Module' }).click();
    await expect(toastWith(page, 'Module created successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Next: Lessons' }).click();

    // The course is read again after each save; slowed down here, the next lesson is typed as soon
    // as the success shows and must not be lost when the read lands (it was, until 26 Nov).
    const slowDetail = /\/api\/courses\/\d+$/;
    await page.route(slowDetail, async (route) => {
      if (route.request().method() === 'GET') await new Promise((done) => setTimeout(done, 1000));
      await route.continue();
    });
    await page.getByLabel('Lesson title').fill('Groove history');
    await page.getByLabel('Lesson description').fill('Where the bounce and the rock come from.');
    await page.getByLabel('Content').fill('From the block parties of the 1970s to the studio.');
    await page.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(toastWith(page, 'Lesson created successfully')).toBeVisible();
    await page.getByLabel('Lesson title').fill('The bounce');
    await page.getByLabel('Lesson type').selectOption('quiz');
    await page.getByLabel('Lesson description').fill('Knees soft, chest loose, on every beat.');
    await page.getByLabel('Quiz instructions').fill('Bounce down on every beat of the count, then answer.');
    await page.getByRole('button', { name: 'Add Lesson' }).click();
    // The first lesson's toast may still show: wait for the second lesson in the list itself (the
    // innermost item that names it; its module's item names it too).
    await expect(page.getByRole('list', { name: 'Modules and lessons' }).getByRole('listitem').filter({ hasText: 'The bounce' }).last()).toContainText('Quiz');
    await page.unroute(slowDetail);
    await page.getByRole('button', { name: 'Next: Quizzes' }).click();
    // Only the quiz lesson takes a quiz.
    await expect(page.getByRole('button', { name: 'Add quiz to Groove history' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add quiz to The bounce' }).click();
    await expect(page.getByLabel('Quiz title')).toHaveValue('Quiz for The bounce');
    await page.getByRole('button', { name: 'Create Quiz' }).click();
    await expect(toastWith(page, 'Quiz created successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Add Question' }).click();
    const questionDialog = dialog(page, 'Add Question');
    await questionDialog.getByRole('textbox', { name: 'Question', exact: true }).fill('Where does the bounce go on the beat?');
    await questionDialog.getByRole('textbox', { name: 'Option 1' }).fill('Down');
    await questionDialog.getByRole('textbox', { name: 'Option 2' }).fill('Up');
    await questionDialog.getByRole('button', { name: 'Add Question' }).click();
    await expect(toastWith(page, 'Question added successfully')).toBeVisible();
    await expect(page.getByText('1 question', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Next: Publish' }).click();

    await page.getByRole('button', { name: 'Publish Course' }).click();
    await expect(page.getByText('Your course is published.')).toBeVisible();
    await page.getByRole('link', { name: 'view it as learners see it' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About this course' })).toBeVisible();
    await expect(page.getByText('Six weeks of grooves, from the bounce to a first routine.')).toBeVisible();

    // The catalog's style and level filters find it.
    await page.goto('/courses');
    await page.getByLabel('Dance style').selectOption({ label: 'Hip Hop' });
    await page.getByLabel('Level').selectOption('intermediate');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  });
});

test.describe('admin course edit page', () => {
  test('an admin edits a course: on-blur messages, save, success text and the redirect', async ({ page, loginAs, request }) => {
    const token = await apiToken(request, ACCOUNTS.admin);
    const title = `Ballet Barre Basics ${uniqueName('edit')}`;
    const created = await request.post('/api/courses', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: 'Pliés, tendus and port de bras for beginners of every age.', price: '25', status: 'draft' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await loginAs(ACCOUNTS.admin);
    await page.goto(`/admin/courses/${id}/edit`);
    await expect(page.getByRole('link', { name: /Back to courses/ })).toHaveAttribute('href', '/admin/courses');
    const titleField = page.getByLabel('Title', { exact: true });
    await expect(titleField).toHaveValue(title);

    await titleField.fill('Bar');
    await titleField.blur();
    await expect(page.getByText('Title must be at least 5 characters')).toBeVisible();
    const shortName = page.getByLabel('Short name');
    await shortName.fill('B');
    await shortName.blur();
    await expect(page.getByText('Short name must be at least 2 characters')).toBeVisible();
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Too short still');
    await description.blur();
    await expect(page.getByText('Description must be at least 20 characters')).toBeVisible();

    const newTitle = `${title} (revised)`;
    await titleField.fill(newTitle);
    await shortName.fill('BBB');
    await description.fill('Pliés, tendus, port de bras and a first adage, taught step by step.');
    await page.getByLabel('Difficulty level').selectOption('intermediate');
    await page.getByRole('switch', { name: /Visible/ }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Course updated successfully').first()).toBeVisible();
    await expect(page.getByText('Redirecting to course list...').first()).toBeVisible();
    await page.waitForURL(/\/admin\/courses\/?$/, { timeout: 10_000 });

    const read = await request.get(`/api/courses/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const course = (await read.json()) as { title: string; short_name: string; difficulty_level: string; visible: boolean };
    expect(course).toMatchObject({ title: newTitle, short_name: 'BBB', difficulty_level: 'intermediate', visible: true });
  });

  test('the edit page shows every field of the course, category and instructor included', async ({ page, loginAs, request }) => {
    const instructorToken = await apiToken(request, ACCOUNTS.instructorAdmin);
    const categories = (await (await request.get('/api/categories')).json()) as { data: { id: number; name: string }[] };
    const tap = categories.data.find((c) => c.name === 'Tap')!;
    const created = await request.post('/api/courses', {
      headers: { authorization: `Bearer ${instructorToken}` },
      data: {
        title: `Tap Time Steps ${uniqueName('pre')}`,
        description: 'Single, double and triple time steps, counted and played.',
        price: '30',
        category_id: tap.id,
        difficulty_level: 'advanced',
        detailed_description: 'Eight weeks of time steps.',
        short_name: 'TTS',
        duration: '8 weeks',
      },
    });
    expect(created.status()).toBe(201);
    const course = (await created.json()) as { id: number; instructor_id: number };

    await loginAs(ACCOUNTS.admin);
    await page.goto(`/admin/courses/${course.id}/edit`);
    await expect(page.getByLabel('Category')).toHaveValue(String(tap.id));
    await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Tap');
    await expect(page.getByLabel('Instructor')).toHaveValue(String(course.instructor_id));
    await expect(page.getByLabel('Instructor').locator('option:checked')).not.toHaveText('No instructor');
    await expect(page.getByLabel('Difficulty level')).toHaveValue('advanced');
    await expect(page.getByLabel('Short name')).toHaveValue('TTS');
    await expect(page.getByLabel('Duration')).toHaveValue('8 weeks');
    await expect(page.getByLabel('Detailed description')).toHaveValue('Eight weeks of time steps.');
    await expect(page.getByLabel('Price (USD)')).toHaveValue('30');
  });

  test('a non-numeric id leads back to the course list', async ({ page, loginAs }) => {
    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/courses/not-a-number/edit');
    await page.waitForURL(/\/admin\/courses\/?$/);
  });
});

test.describe('course categories, certificates and templates', () => {
  test('an admin creates, renames and deletes a category, and a category in use is refused', async ({ page, loginAs, request }) => {
    const token = await apiToken(request, ACCOUNTS.admin);
    const name = `Flamenco ${uniqueName('cat')}`.slice(0, 40);
    const used = `Kathak ${uniqueName('cat')}`.slice(0, 40);
    const usedCategory = await request.post('/api/categories', { headers: { authorization: `Bearer ${token}` }, data: { name: used } });
    expect(usedCategory.status()).toBe(201);
    const { id: usedId } = (await usedCategory.json()) as { id: number };
    const course = await request.post('/api/courses', {
      headers: { authorization: `Bearer ${token}` },
      data: { title: `Kathak footwork ${uniqueName('c')}`, description: 'Tatkar, chakkars and the rhythm cycle.', price: '0', category_id: usedId },
    });
    expect(course.status()).toBe(201);

    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/course-categories');
    // The list has loaded (the island is live) before the form is used.
    await expect(page.getByRole('row').filter({ hasText: used })).toBeVisible();
    await page.getByLabel('Category name').fill(name);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(toastWith(page, 'Category created successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Rename ${name}` }).click();
    await page.getByLabel(`New name for ${name}`).fill(`${name} Nuevo`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastWith(page, 'Category updated successfully')).toBeVisible();
    const renamed = page.getByRole('row').filter({ hasText: `${name} Nuevo` });
    await renamed.getByRole('button', { name: `Delete ${name} Nuevo` }).click();
    await page.getByRole('alertdialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toastWith(page, 'Category deleted successfully')).toBeVisible();
    await expect(renamed).toHaveCount(0);

    await page.getByRole('row').filter({ hasText: used }).getByRole('button', { name: `Delete ${used}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Category is in use by 1 course(s)' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: used })).toBeVisible();
  });

  test('an instructor designs a certificate template with a live preview', async ({ page, loginAs }) => {
    const name = `Studio ${uniqueName('tpl')}`.slice(0, 60);
    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/certificate-templates');
    await page.getByRole('button', { name: 'New Template' }).click();
    await page.getByLabel('Template name').fill(name);
    await page.getByLabel('Certificate title').fill('Certificate of Excellence');
    await page.getByLabel('Wording').fill('Awarded to {learner} for {course}.');
    const preview = page.getByRole('figure', { name: 'Live preview of the certificate' });
    await expect(preview.getByRole('heading', { name: 'Certificate of Excellence' })).toBeVisible();
    await expect(preview).toContainText('Awarded to Alex Morgan for Foundations of Ballet Teaching.');
    await page.getByLabel('Signatory name').fill('Elena Petrova');
    await expect(preview).toContainText('Elena Petrova');
    await page.getByRole('button', { name: 'Create Template' }).click();
    await expect(toastWith(page, 'Template created successfully')).toBeVisible();
    await expect(page.getByLabel('Template', { exact: true })).toHaveValue(/\d+/);
  });

  test('an admin finds a certificate and revokes it with a reason', async ({ page, loginAs, request }) => {
    const token = await apiToken(request, ACCOUNTS.admin);
    const auth = { authorization: `Bearer ${token}` };
    const created = await request.post('/api/courses', {
      headers: auth,
      data: { title: `Contemporary Floorwork ${uniqueName('cert')}`, description: 'Rolls, spirals and safe weight transfer.', price: '0', status: 'published' },
    });
    expect(created.status()).toBe(201);
    const { id: courseId } = (await created.json()) as { id: number };
    const me = await request.post('/api/login', { data: { username: ACCOUNTS.student, password: DEMO_PASSWORD } });
    const { user } = (await me.json()) as { user: { id: number } };
    const enrolled = await request.post('/api/enrollments', { headers: auth, data: { courseId, userId: user.id } });
    expect(enrolled.ok()).toBeTruthy();
    const issued = await request.post('/api/certificates', { headers: auth, data: { userId: user.id, courseId } });
    expect(issued.status()).toBe(201);
    const { code } = (await issued.json()) as { code: string };

    await loginAs(ACCOUNTS.admin);
    await page.goto('/admin/certificates');
    // The list has loaded (the island is live) before the search is typed.
    await expect(page.getByText(/^\d+ certificates?$/)).toBeVisible();
    await page.getByLabel('Search certificates').fill(code);
    await expect(page.getByText('1 certificate', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?q=${code}$`));
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: `Revoke certificate ${code}` }).click();
    const revoke = dialog(page, 'Revoke Certificate');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(revoke.getByText('A reason is required')).toBeVisible();
    await revoke.getByLabel('Reason').fill('Issued to the wrong learner.');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(toastWith(page, 'Certificate revoked')).toBeVisible();
    await expect(row.getByText('Revoked')).toBeVisible();
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

    // The verification page says so, with the date and the reason the dialog promised to show.
    await page.goto(`/verify/${code}`);
    await expect(page.getByRole('heading', { name: '✗ Certificate revoked' })).toBeVisible();
    await expect(page.getByText('Issued to the wrong learner.')).toBeVisible();
    await expect(page.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  });
});

test.describe('instructor area', () => {
  test('an instructor sees who is enrolled and issues a certificate by hand', async ({ page, loginAs, request }) => {
    const token = await apiToken(request, ACCOUNTS.instructorAdmin);
    const auth = { authorization: `Bearer ${token}` };
    const title = `Jazz Isolations ${uniqueName('ins')}`;
    const created = await request.post('/api/courses', {
      headers: auth,
      data: { title, description: 'Head, shoulders, ribs and hips, one at a time.', price: '0', status: 'published' },
    });
    expect(created.status()).toBe(201);
    const { id: courseId } = (await created.json()) as { id: number };
    const login = await request.post('/api/login', { data: { username: ACCOUNTS.student, password: DEMO_PASSWORD } });
    const { user, access_token: studentToken } = (await login.json()) as { user: { id: number }; access_token: string };
    // Instructors add learners by invitation, which the learner accepts (decision 0013).
    const invited = await request.post(`/api/courses/${courseId}/invitations`, { headers: auth, data: { email: 'student@demo.drx.example' } });
    expect(invited.status()).toBe(201);
    const { id: invitationId } = (await invited.json()) as { id: number };
    const accepted = await request.post(`/api/me/invitations/${invitationId}/accept`, { headers: { authorization: `Bearer ${studentToken}` } });
    expect(accepted.ok()).toBeTruthy();

    await loginAs(ACCOUNTS.instructorAdmin);
    await page.goto('/instructor');
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    await page.goto('/instructor/students');
    await page.getByRole('search').getByLabel('Course').selectOption({ label: title });
    const row = page.getByRole('row').filter({ hasText: 'Maya Thompson' });
    await expect(row).toContainText('0%');
    await row.getByRole('link', { name: 'Issue' }).click();

    await expect(page).toHaveURL(/\/instructor\/certificates\/issue\?courseId=\d+&userId=\d+/);
    await expect(page.getByLabel('Learner')).toHaveValue(String(user.id));
    await page.getByRole('button', { name: 'Issue Certificate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'holds certificate' })).toBeVisible();

    await page.goto('/instructor/certificates');
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('By hand');
  });
});
