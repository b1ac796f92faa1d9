import type { APIRequestContext } from '@playwright/test';
import type { CommunityQuestionPage, CommunityQuestionView } from '../../shared/community.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test, uniqueName } from './fixtures.ts';
import { expectFitsWidth, watchErrors } from './page-checks.ts';

/**
 * The community's moderation (decision 0075): a member reports a question on an instructor's
 * profile; an admin finds it under Community with the post in context and hides it; a new member's
 * first post waits under Held posts until a curriculum admin approves it, and is then shown.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(request: APIRequestContext, username: string): Promise<{ token: string; id: number }> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  const token = ((await res.json()) as { access_token: string }).access_token;
  const me = (await (await request.get('/api/me', { headers: bearer(token) })).json()) as { id: number };
  return { token, id: me.id };
}

async function ask(request: APIRequestContext, token: string, instructorId: number, title: string): Promise<CommunityQuestionView> {
  const res = await request.post('/api/community/questions', {
    headers: bearer(token),
    data: { target_kind: 'instructor', target_id: instructorId, title, body: 'Which shoes do you recommend for a first **jazz** class?' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CommunityQuestionView;
}

test('an admin hides a reported question from the queue, at desktop and phone widths', async ({ page, request, loginAs }) => {
  const errors = watchErrors(page);
  const instructor = await signIn(request, ACCOUNTS.instructorAdmin);
  const student = await signIn(request, ACCOUNTS.student);
  const stamp = Date.now().toString(36);
  // The page's owner is never held: the question is shown at once.
  const question = await ask(request, instructor.token, instructor.id, `Jazz shoes for beginners ${stamp}`);
  const detail = `A link to a shoe shop, not a question (${stamp}).`;
  const reported = await request.post(`/api/community/posts/${question.id}/reports`, { headers: bearer(student.token), data: { reason: 'spam', detail } });
  expect(reported.status(), await reported.text()).toBe(201);

  await loginAs(ACCOUNTS.admin);
  await page.goto('/admin/dashboard');
  await hydrated(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Community', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/community$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  const main = page.getByRole('main');
  const card = main.getByRole('article').filter({ hasText: detail });
  await expect(card.getByRole('heading', { name: `Jazz shoes for beginners ${stamp}` })).toBeVisible();
  await expect(card).toContainText('Spam or advertising');
  await expect(card.locator('strong', { hasText: 'jazz' })).toBeVisible();
  await expect(card.getByRole('link', { name: /profile/ })).toHaveAttribute('href', `/instructors/${instructor.id}?question=${question.id}#questions`);
  expect(await seriousViolations(page), 'axe on /admin/community').toEqual([]);

  await card.getByRole('button', { name: 'Hide question' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Hide this question?' });
  await dialog.getByRole('button', { name: 'Hide question' }).click();
  await expect(card).toHaveCount(0);

  await main.getByRole('button', { name: 'Acted on', exact: true }).click();
  await expect(page).toHaveURL(/status=actioned/);
  await expect(card).toContainText('Hidden');

  // The question left the profile's list.
  const list = (await (await request.get(`/api/community/questions?target_kind=instructor&target_id=${instructor.id}&sort=newest`)).json()) as CommunityQuestionPage;
  expect(list.data.map((q) => q.id)).not.toContain(question.id);

  // On a phone the cards stack and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/community?status=actioned');
  await hydrated(page);
  await expect(card).toBeVisible();
  await expectFitsWidth(page, '/admin/community?status=actioned');
  expect(await seriousViolations(page), 'axe on /admin/community at 390 px').toEqual([]);
  expect(errors()).toEqual([]);
});

test('a new member’s first post waits under Held posts until a moderator approves it', async ({ page, request, loginAs }) => {
  const errors = watchErrors(page);
  const instructor = await signIn(request, ACCOUNTS.instructorAdmin);
  const username = uniqueName('newcomer');
  const registered = await request.post('/api/register', { data: { username, password: DEMO_PASSWORD, first_name: 'Nora', last_name: 'Newcomer' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = ((await registered.json()) as { access_token: string }).access_token;
  const title = `Is tap harder than jazz? ${Date.now().toString(36)}`;
  const question = await ask(request, token, instructor.id, title);
  expect(question.status).toBe('pending');

  await loginAs(ACCOUNTS.curriculumAdmin);
  await page.goto('/admin/community');
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Held posts' }).click();
  await expect(page).toHaveURL(/tab=held/);
  const card = main.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Nora Newcomer');
  await expect(card).toContainText('Held');
  expect(await seriousViolations(page), 'axe on the held posts').toEqual([]);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0);

  const list = (await (await request.get(`/api/community/questions?target_kind=instructor&target_id=${instructor.id}&sort=newest`)).json()) as CommunityQuestionPage;
  expect(list.data.find((q) => q.id === question.id)?.status).toBe('visible');
  expect(errors()).toEqual([]);
});
