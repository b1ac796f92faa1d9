import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test } from './fixtures.ts';
import { watchViolations } from './page-checks.ts';
import { apiGet } from './route-fixtures.ts';

// Decision 0015: every page is served with a Content-Security-Policy (scripts from this origin
// and the build's hashes only); routes.spec.ts loads every page of the route table and expects no
// violation. Here, a lesson's video, which a page load alone does not play.

test('the learner plays a video lesson through a signed link, with no violation', async ({ page, request, loginAs }) => {
  const violations = await watchViolations(page);
  const login = await request.post('/api/login', { data: { username: ACCOUNTS.student, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const list = await apiGet<{ course: { id: number } }[]>(request, '/api/enrollments', token);
  let target: string | null = null;
  for (const e of list) {
    const player = await apiGet<{ modules: { id: number; locked: boolean; lessons: { id: number; type: string }[] }[] }>(
      request,
      `/api/learn/courses/${e.course.id}`,
      token,
    );
    for (const m of player.modules) {
      const video = m.lessons.find((l) => l.type === 'video');
      if (video && !m.locked) {
        target = `/courses/${e.course.id}/modules/${m.id}/lessons/${video.id}`;
        break;
      }
    }
    if (target) break;
  }
  expect(target, 'the demo learner has a video lesson').not.toBeNull();

  await loginAs(ACCOUNTS.student);
  await page.goto(target!);
  await hydrated(page);
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  expect(await video.getAttribute('src')).toMatch(/^\/uploads\/.+\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
  // The browser loads the clip through the signed link: metadata arrives, no media error.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.error ? `error ${v.error.code}` : v.readyState)), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  expect(await violations()).toEqual([]);
});
