import type { APIRequestContext, Page } from '@playwright/test';
import { fillPattern, isDynamic, routeTable } from '../../site/src/routes.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test } from './fixtures.ts';
import { apiGet, courseParams, type CourseRead } from './route-fixtures.ts';

// Decision 0015: every page is served with a Content-Security-Policy (scripts from this origin
// and the build's hashes only). Chromium reports what the policy blocks; no page of the route
// table may trigger a report, signed out for public pages and as the admin for the rest.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects the violations Chromium reports, both as events in the page and as console messages. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content[ -]Security[ -]Policy/i.test(text)) logged.push(`console: ${text}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  return async () => [...logged, ...((await page.evaluate(() => window.__cspViolations ?? []).catch(() => [])) as string[])];
}

/** Real ids of the demo data for the dynamic routes: its first course with lessons. */
async function demoParams(request: APIRequestContext): Promise<Record<string, string>> {
  const list = await apiGet<{ data: { id: number; lesson_count: number }[] }>(request, '/api/courses?pageSize=100');
  const courseId = list.data.find((c) => c.lesson_count > 0)?.id ?? list.data[0]!.id;
  const course = await apiGet<CourseRead>(request, `/api/courses/${courseId}`);
  // The store's pages take a published resource's id and its seller's.
  const resource = (await apiGet<{ data: { id: number; seller: { id: number } }[] }>(request, '/api/resources?page_size=1')).data[0]!;
  return {
    resourceId: String(resource.id),
    ...courseParams(courseId, course),
    userId: String(course.instructor_id ?? 1),
    sellerId: String(resource.seller.id),
    certificateId: '1',
    code: 'DRX-0000000000AA',
  };
}

const pages = routeTable.filter((r) => !r.redirect);

test.describe('Content-Security-Policy: no violation on any page', () => {
  test.describe.configure({ timeout: 45_000 });

  for (const route of pages) {
    const who = route.guard === 'public' ? 'a visitor' : 'the admin';
    test(`${route.pattern} (${who})`, async ({ page, request, loginAs }) => {
      const violations = await watchViolations(page);
      const params = await demoParams(request);
      // A curriculum page's {id} is a resource's, not a course's.
      const path = isDynamic(route.pattern)
        ? fillPattern(route.pattern, route.pattern.startsWith('/curriculum/') ? { ...params, id: params.resourceId! } : params)
        : route.pattern;
      if (route.guard !== 'public') await loginAs(ACCOUNTS.admin);
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy'], 'the page carries the header').toContain("script-src 'self'");
      await hydrated(page);
      // Late islands and images have a moment to load.
      await page.waitForTimeout(250);
      expect(await violations()).toEqual([]);
    });
  }

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
});
