import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, registerUser, test } from './fixtures.ts';
import { watchErrors } from './page-checks.ts';

// The questions of the public pages (decision 0075): a resource's page and an instructor's
// profile render their questions with their own data; the small island asks, answers and opens a
// thread in place.

async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A resource the demo student owns, and the demo account that sells it. */
async function ownedResource(request: APIRequestContext): Promise<{ id: number; seller: string }> {
  const token = await tokenOf(request, ACCOUNTS.student);
  const owned = (await (await request.get('/api/my-resources', { headers: auth(token) })).json()) as { resource: { id: number } }[];
  for (const { resource } of owned) {
    const detail = (await (await request.get(`/api/resources/${resource.id}`)).json()) as { seller: { username: string } };
    if (Object.values(ACCOUNTS).includes(detail.seller.username as never)) return { id: resource.id, seller: detail.seller.username };
  }
  throw new Error('The demo student owns no resource of a demo seller');
}

/** A first post waits for a moderator: the admin approves it, as the moderation queue does. */
async function approveIfHeld(request: APIRequestContext, postId: number, status: string): Promise<void> {
  if (status !== 'pending') return;
  const res = await request.post(`/api/admin/community/posts/${postId}/approve`, { headers: auth(await tokenOf(request, ACCOUNTS.admin)) });
  expect(res.ok(), 'the admin approves the held post').toBeTruthy();
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('#questions').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The question the page posted, read from the answer of its POST. */
function postedQuestion(page: Page): Promise<{ id: number; status: string }> {
  return page
    .waitForResponse((res) => res.url().endsWith('/api/community/questions') && res.request().method() === 'POST')
    .then(async (res) => {
      expect(res.status()).toBe(201);
      return (await res.json()) as { id: number; status: string };
    });
}

test.describe('a resource page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a buyer asks, the seller answers in the thread, and the buyer reads the answer', async ({ browser, request }) => {
    const { id, seller } = await ownedResource(request);
    const buyer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await buyer.newPage();
    const errors = watchErrors(page);
    await signIn(page, await tokenOf(request, ACCOUNTS.student));
    await page.goto(`/curriculum/${id}`);
    const questions = page.getByRole('region', { name: 'Questions' });
    await questions.getByRole('button', { name: 'Ask a question' }).click();
    const form = questions.getByRole('form', { name: 'Ask a question' });
    // The shared limits speak first.
    await form.getByRole('button', { name: 'Post question' }).click();
    await expect(form.getByText('Write a title of at least 8 characters.')).toBeVisible();
    const title = `Does it work for a mixed-age class? ${Date.now()}`;
    await form.getByLabel('Your question').fill(title);
    await form.getByLabel('Details').fill('I teach **6 to 9** year olds together.');
    const posted = postedQuestion(page);
    await form.getByRole('button', { name: 'Post question' }).click();
    const question = await posted;
    await expect(questions.getByRole('link', { name: title })).toBeVisible();
    await approveIfHeld(request, question.id, question.status);
    await buyer.close();

    // The seller opens the thread from its address and answers with the Seller badge.
    const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sellerPage = await sellerContext.newPage();
    const sellerErrors = watchErrors(sellerPage);
    await signIn(sellerPage, await tokenOf(request, seller));
    await sellerPage.goto(`/curriculum/${id}?question=${question.id}#questions`);
    const thread = sellerPage.locator(`[data-question-id="${question.id}"]`);
    await expect(thread.getByRole('list', { name: 'Answers' })).toBeAttached();
    await thread.getByLabel('Your answer').fill('Yes: start with the **younger** group’s warm-up.');
    await thread.getByRole('button', { name: 'Post answer' }).click();
    const answer = thread.getByRole('list', { name: 'Answers' }).getByRole('listitem').filter({ hasText: 'younger' });
    await expect(answer).toBeVisible();
    await expect(answer.getByText('Seller', { exact: true })).toBeVisible();
    await expect(answer.locator('strong')).toHaveText('younger');
    await expectNoAxeViolations(sellerPage);
    expect(sellerErrors()).toEqual([]);
    await sellerContext.close();

    // The page moved: the buyer reads the answer count, then the answer in the thread.
    const again = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const buyerPage = await again.newPage();
    await signIn(buyerPage, await tokenOf(request, ACCOUNTS.student));
    await buyerPage.goto(`/curriculum/${id}`);
    const item = buyerPage.locator(`[data-question-id="${question.id}"]`);
    await expect(item.getByText('1 answer', { exact: true })).toBeVisible();
    await item.getByRole('link', { name: title }).click();
    await expect(item.getByRole('list', { name: 'Answers' }).getByText('younger')).toBeVisible();
    await expect(buyerPage).toHaveURL(new RegExp(`\\?question=${question.id}#questions$`));
    expect(errors()).toEqual([]);
    await again.close();
  });

  test('a signed-in member who did not buy it may ask but not answer', async ({ page, request }) => {
    const { id } = await ownedResource(request);
    const member = await registerUser(page, 'asker');
    await signIn(page, await tokenOf(request, member.username, member.password));
    await page.goto(`/curriculum/${id}#questions`);
    const questions = page.getByRole('region', { name: 'Questions' });
    await questions.getByRole('button', { name: 'Ask a question' }).click();
    const form = questions.getByRole('form', { name: 'Ask a question' });
    await form.getByLabel('Your question').fill('Is there a version for tap classes?');
    await form.getByLabel('Details').fill('My studio teaches tap.');
    const posted = postedQuestion(page);
    await form.getByRole('button', { name: 'Post question' }).click();
    const question = await posted;
    // A new member's first post waits for a moderator; its author sees it so.
    const item = page.locator(`[data-question-id="${question.id}"]`);
    await expect(item).toBeVisible();
    if (question.status === 'pending') await expect(item.getByText('Waiting for approval')).toBeVisible();
    await approveIfHeld(request, question.id, question.status);
    await item.getByRole('link', { name: 'Is there a version for tap classes?' }).click();
    await expect(item.getByText('Only buyers of this resource and its seller can answer here.')).toBeVisible();
    await expect(item.getByLabel('Your answer')).toHaveCount(0);
  });
});

/** A post written through the API (the journey of writing one is the tests above), approved if it was held. */
async function write(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<{ id: number }> {
  const res = await request.post(path, { headers: auth(token), data });
  expect(res.status(), `POST ${path}`).toBe(201);
  const posted = (await res.json()) as { id: number; status: string };
  await approveIfHeld(request, posted.id, posted.status);
  return posted;
}

test("a resource's seller accepts an answer and hides a reply; the asker edits the question and deletes the reply", async ({ browser, request }) => {
  const { id, seller } = await ownedResource(request);
  const buyerToken = await tokenOf(request, ACCOUNTS.student);
  const sellerToken = await tokenOf(request, seller);
  const title = `Can the warm-up be split in two? ${Date.now()}`;
  const question = await write(request, buyerToken, '/api/community/questions', { target_kind: 'resource', target_id: id, title, body: 'Before and after the barre.' });
  // The seller answers first, so the buyer's answer comes second until it is accepted.
  await write(request, sellerToken, `/api/community/questions/${question.id}/answers`, { body: 'Keep it whole for beginners.' });
  const answer = await write(request, buyerToken, `/api/community/questions/${question.id}/answers`, { body: 'Ten minutes before the barre and five after worked for me.' });
  const reply = await write(request, buyerToken, `/api/community/posts/${answer.id}/replies`, { body: 'Also: my studio sells mats, ask me.' });

  // The seller accepts the buyer's answer (it moves first) and hides the reply (shown to them as hidden, with Restore).
  const sellerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sellerPage = await sellerContext.newPage();
  const sellerErrors = watchErrors(sellerPage);
  await signIn(sellerPage, sellerToken);
  await sellerPage.goto(`/curriculum/${id}?question=${question.id}#questions`);
  const item = sellerPage.locator(`[data-question-id="${question.id}"]`);
  const answers = item.getByRole('list', { name: 'Answers' });
  await expect(answers.locator(':scope > li').first()).not.toHaveAttribute('data-post-id', String(answer.id));
  const answerItem = sellerPage.locator(`[data-post-id="${answer.id}"]`);
  await answerItem.getByRole('button', { name: /^Accept / }).click();
  await expect(answerItem.getByText('Accepted answer', { exact: true })).toBeVisible();
  await expect(answerItem.getByRole('button', { name: /^Unaccept / })).toBeFocused();
  await expect(answers.locator(':scope > li').first()).toHaveAttribute('data-post-id', String(answer.id));
  await expect(item.getByText('Answered', { exact: true })).toBeVisible();
  const replyItem = sellerPage.locator(`[data-post-id="${reply.id}"]`);
  await replyItem.getByRole('button', { name: /^Hide / }).click();
  await expect(replyItem.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(replyItem.getByRole('button', { name: /^Restore / })).toBeFocused();
  await expectNoAxeViolations(sellerPage);
  expect(sellerErrors()).toEqual([]);
  await sellerContext.close();

  // A visitor no longer reads the hidden reply.
  const visitorThread = (await (await request.get(`/api/community/questions/${question.id}`)).json()) as { answers: { id: number; replies: { id: number }[] }[] };
  expect(visitorThread.answers.find((a) => a.id === answer.id)?.replies.map((r) => r.id)).toEqual([]);

  // The asker, on a phone, edits the question (it says "edited") and deletes their hidden reply after a confirmation.
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await buyerContext.newPage();
  const errors = watchErrors(page);
  await signIn(page, buyerToken);
  await page.goto(`/curriculum/${id}?question=${question.id}#questions`);
  const mine = page.locator(`[data-question-id="${question.id}"]`);
  await mine.getByRole('button', { name: 'Edit the question' }).click();
  const edit = mine.getByRole('form', { name: 'Edit the question' });
  await expect(edit.getByLabel('Your question')).toHaveValue(title);
  await edit.getByLabel('Your question').fill(`${title} (or in three?)`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine.getByRole('link', { name: `${title} (or in three?)` })).toBeVisible();
  await expect(mine.locator('.community-q-meta').getByText('(edited)')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Edit the question' })).toBeFocused();
  const myReply = page.locator(`[data-post-id="${reply.id}"]`);
  await expect(myReply.getByText('Hidden', { exact: true })).toBeVisible();
  await myReply.getByRole('button', { name: /^Delete / }).click();
  const confirm = myReply.getByRole('group', { name: /^Delete / });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(myReply).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // Read again from the server, the question keeps its new title and says it was edited.
  await page.reload();
  await expect(mine.locator('.community-q-meta').getByText('(edited)')).toBeVisible();
  await expect(mine.getByRole('link', { name: `${title} (or in three?)` })).toBeVisible();
  expect(errors()).toEqual([]);
  await buyerContext.close();
});

test('visitors read the questions without JavaScript, with a link to sign in and ask', async ({ browser, request }) => {
  const { id, seller } = await ownedResource(request);
  const title = `Which music do you use? ${Date.now()}`;
  // The seller's own question is never held.
  const res = await request.post('/api/community/questions', {
    headers: auth(await tokenOf(request, seller)),
    data: { target_kind: 'resource', target_id: id, title, body: 'Counts of **eight**, <script>alert(1)</script>' },
  });
  expect(res.status()).toBe(201);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/curriculum/${id}`);
  const questions = page.getByRole('region', { name: 'Questions' });
  const item = questions.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.locator('strong')).toHaveText('eight');
  await expect(item.getByText('Seller', { exact: true })).toBeVisible();
  await expect(item).toContainText('<script>alert(1)</script>');
  await expect(questions.getByRole('link', { name: 'Sign in to ask' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent(`/curriculum/${id}#questions`)}`);
  await expect(questions.getByRole('button', { name: 'Ask a question' })).toBeHidden();
  await context.close();
});

test.describe("an instructor's profile at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a member asks the instructor a question', async ({ page, request }) => {
    const instructorToken = await tokenOf(request, ACCOUNTS.instructorAdmin);
    const me = (await (await request.get('/api/me', { headers: auth(instructorToken) })).json()) as { id: number };
    const errors = watchErrors(page);
    await signIn(page, await tokenOf(request, ACCOUNTS.student));
    await page.goto(`/instructors/${me.id}`);
    const questions = page.getByRole('region', { name: 'Questions' });
    await questions.getByRole('button', { name: 'Ask a question' }).click();
    const form = questions.getByRole('form', { name: 'Ask a question' });
    const title = `How often should beginners practise? ${Date.now()}`;
    await form.getByLabel('Your question').fill(title);
    await form.getByLabel('Details').fill('Between classes.');
    const posted = postedQuestion(page);
    await form.getByRole('button', { name: 'Post question' }).click();
    const question = await posted;
    await expect(questions.getByRole('link', { name: title })).toBeVisible();
    await approveIfHeld(request, question.id, question.status);
    await expectNoAxeViolations(page);
    // The page has no horizontal scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // Rendered again from the database, the question is part of the page.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Questions' }).getByRole('link', { name: title })).toBeVisible();
    expect(errors()).toEqual([]);
  });
});
