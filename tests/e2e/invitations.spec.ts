import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test, uniqueName } from './fixtures.ts';

// Decision 0013: an instructor adds a learner by email; the learner sees the
// invitation, accepts it in their own account and finds the course in My Courses.

const STUDENT_EMAIL = 'student@demo.drx.example';

async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

test('an instructor invites the demo student by email; the student accepts and sees the course in My Courses', async ({ page, browser, loginAs, request }) => {
  const title = `Invited Waltz ${uniqueName('c')}`;
  const instructorToken = await token(request, ACCOUNTS.instructorAdmin);
  const created = await request.post('/api/courses', {
    headers: { authorization: `Bearer ${instructorToken}` },
    data: { title, description: 'A waltz course that learners join by invitation.', price: '0', status: 'published' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await loginAs(ACCOUNTS.instructorAdmin);
  await page.goto('/instructor/students');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Invite learner by email' });
  await form.getByLabel('Course').selectOption({ label: title });
  await form.getByLabel("Learner's email").fill(STUDENT_EMAIL);
  await form.getByRole('button', { name: 'Invite' }).click();
  const row = page.getByRole('row').filter({ hasText: title }).filter({ hasText: STUDENT_EMAIL });
  await expect(row.getByText('Pending')).toBeVisible();

  const student = await browser.newContext();
  const studentPage = await student.newPage();
  const studentToken = await token(request, ACCOUNTS.student);
  await studentPage.addInitScript((t) => window.localStorage.setItem('access_token', t), studentToken);
  await studentPage.goto('/my-courses');
  await hydrated(studentPage);
  const invitations = studentPage.getByRole('region', { name: 'Course invitations' });
  const invitation = invitations.getByRole('listitem').filter({ hasText: title });
  await expect(invitation).toContainText('Elena Petrova invited you');
  await invitation.getByRole('button', { name: /^Accept\b/ }).click();
  await expect(studentPage.getByRole('list', { name: 'My courses' }).getByRole('heading', { name: title })).toBeVisible();
  await expect(invitation).toHaveCount(0);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('row').filter({ hasText: title }).filter({ hasText: STUDENT_EMAIL }).getByText('Accepted')).toBeVisible();
  await student.close();

  // Now enrolled, the learner can get a certificate by hand; its public check says who issued it.
  const courseId = ((await created.json()) as { id: number }).id;
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${studentToken}` } })).json()) as { id: number };
  await page.goto(`/instructor/certificates/issue?courseId=${courseId}&userId=${me.id}`);
  await hydrated(page);
  await expect(page.getByLabel('Learner')).toHaveValue(String(me.id));
  await page.getByRole('button', { name: 'Issue Certificate' }).click();
  const issued = page.getByRole('status').filter({ hasText: 'Certificate issued' });
  const code = (await issued.getByRole('link').textContent())!.trim();
  expect(code).toMatch(/^DRX-/);
  await page.goto(`/verify/${code}`);
  await expect(page.getByRole('heading', { name: '✓ Valid certificate' })).toBeVisible();
  await expect(page.getByText('Issued by the instructor')).toBeVisible();
});

test('the invitation form works at 390 px wide', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(ACCOUNTS.instructorAdmin);
  await page.goto('/instructor/students');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Invite learner by email' });
  await expect(form.getByRole('button', { name: 'Invite' })).toBeVisible();
  await form.getByRole('button', { name: 'Invite' }).click();
  await expect(form.getByText('Choose a course')).toBeVisible();
  // Nothing sticks out of the page (tables scroll inside their frames).
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => {
        if (e.getBoundingClientRect().right <= window.innerWidth + 1) return false;
        for (let a = e.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return false;
        return true;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  );
  expect(outside).toEqual([]);
});
