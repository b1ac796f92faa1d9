import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { PracticeLessonView, TakeView } from '../../shared/practice.ts';
import { seriousViolations } from './commerce-fixtures.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test } from './fixtures.ts';
import { expectFitsWidth, watchErrors } from './page-checks.ts';

/**
 * The practice room's reports (decision 0070): the course's instructor reports two of a learner's
 * takes; an admin finds them under Practice Reports, dismisses one and hides the other, whose
 * video the learner then no longer gets; the queue fits a phone.
 */

const CLIP = readFileSync(resolve(import.meta.dirname, '../../db/demo-media/practice-clip.webm'));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The demo learner's practice lesson that holds their seeded takes. */
async function seededPracticeLesson(request: APIRequestContext, student: string): Promise<number> {
  const enrolments = (await (await request.get('/api/enrollments', { headers: bearer(student) })).json()) as { course: { id: number } }[];
  for (const { course } of enrolments) {
    const player = (await (await request.get(`/api/learn/courses/${course.id}`, { headers: bearer(student) })).json()) as { modules: { lessons: { id: number; type: string }[] }[] };
    for (const lesson of player.modules.flatMap((m) => m.lessons).filter((l) => l.type === 'video')) {
      const room = await request.get(`/api/practice/lessons/${lesson.id}`, { headers: bearer(student) });
      if (room.ok() && ((await room.json()) as PracticeLessonView).takes.length > 0) return lesson.id;
    }
  }
  throw new Error('The demo learner has no seeded takes');
}

async function uploadTake(request: APIRequestContext, student: string, lessonId: number): Promise<TakeView> {
  const res = await request.post(`/api/practice/lessons/${lessonId}/takes`, {
    headers: bearer(student),
    multipart: { file: { name: 'take.webm', mimeType: 'video/webm', buffer: CLIP }, source: 'uploaded', duration_ms: '18000', ref_start_ms: '0', speed: '1', offset_ms: '0' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TakeView;
}

test('an admin dismisses one reported take and hides another, which its learner then no longer sees', async ({ page, request, loginAs }) => {
  const errors = watchErrors(page);
  const student = await token(request, ACCOUNTS.student);
  const instructor = await token(request, ACCOUNTS.instructorAdmin);
  const lessonId = await seededPracticeLesson(request, student);
  const [kept, hidden] = [await uploadTake(request, student, lessonId), await uploadTake(request, student, lessonId)];
  const stamp = Date.now().toString(36);
  const reasons = { kept: `The sound is off (${stamp}).`, hidden: `Someone else is in the frame (${stamp}).` };
  for (const [take, reason] of [
    [kept, reasons.kept],
    [hidden, reasons.hidden],
  ] as const) {
    const res = await request.post('/api/practice/reports', { headers: bearer(instructor), data: { target_kind: 'take', target_id: take.id, reason } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await loginAs(ACCOUNTS.admin);
  await page.goto('/admin/dashboard');
  await hydrated(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Practice Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/practice-reports$/);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Reports' })).toBeVisible();
  const card = (reason: string) => main.getByRole('article').filter({ hasText: reason });
  await expect(card(reasons.kept)).toContainText('A take danced to');
  expect(await seriousViolations(page), 'axe on /admin/practice-reports').toEqual([]);

  await card(reasons.kept).getByRole('button', { name: 'Dismiss' }).click();
  await expect(card(reasons.kept)).toHaveCount(0);

  await card(reasons.hidden).getByRole('button', { name: 'Hide take' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Hide this take?' });
  await dialog.getByRole('button', { name: 'Hide take' }).click();
  await expect(card(reasons.hidden)).toHaveCount(0);

  await main.getByRole('button', { name: 'Hidden', exact: true }).click();
  await expect(page).toHaveURL(/status=actioned/);
  await expect(card(reasons.hidden)).toContainText('Hidden');
  await main.getByRole('button', { name: 'Dismissed', exact: true }).click();
  await expect(card(reasons.kept)).toContainText('Dismissed');

  const seen = async (take: TakeView) => ((await (await request.get(`/api/practice/takes/${take.id}`, { headers: bearer(student) })).json()) as TakeView).video_url;
  expect(await seen(hidden)).toBeNull();
  expect(await seen(kept)).not.toBeNull();

  // On a phone the cards stack and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/practice-reports?status=actioned');
  await hydrated(page);
  await expect(card(reasons.hidden)).toBeVisible();
  await expectFitsWidth(page, '/admin/practice-reports');
  expect(errors()).toEqual([]);
});
