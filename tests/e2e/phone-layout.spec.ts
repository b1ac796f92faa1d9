import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { fillPattern, isDynamic, routeTable, type RouteEntry } from '../../site/src/routes.ts';
import { bookAndPay, firstOpenSlot, publishedInstructor } from './booking-fixtures.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect, hydrated, test } from './fixtures.ts';
import { freshAccount } from './plan-fixtures.ts';

// Issue 7 §1: every page of the route table at 390 × 844, as the person it is for, scrolls only
// up and down: neither the document nor the body is wider than the screen. One full-page
// screenshot per page lands in test-results/phone/ for review (not committed).

const SHOTS = fileURLToPath(new URL('../../test-results/phone/', import.meta.url));

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });

type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS] | null;

/** Who visits a route: a visitor for public pages, otherwise the account the page is made for. */
function visitorOf(route: RouteEntry): Account {
  const p = route.pattern;
  if (route.guard === 'public') return null;
  if (p === '/multi-dashboard') return ACCOUNTS.multirole;
  if (/^\/(seller|my-store|my-resources)|^\/curriculum\/\{id\}\/edit/.test(p)) return ACCOUNTS.seller;
  if (/^\/(instructor|certificate-templates|connect\/(profile|get-booked))|^\/admin\/(courses|course-creator)$/.test(p)) return ACCOUNTS.instructorAdmin;
  if (/curriculum-officer|^\/admin\/(curriculum|sellers|settings)$/.test(p)) return ACCOUNTS.curriculumAdmin;
  if (route.guard === 'admin') return ACCOUNTS.admin;
  return ACCOUNTS.student;
}

async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

async function apiGet<T>(request: APIRequestContext, path: string, bearer?: string): Promise<T> {
  const res = await request.get(path, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

interface CourseRead {
  id: number;
  instructor_id: number | null;
  modules: { id: number; lessons: { id: number; quizzes: { id: number }[] }[] }[];
}

let params: Record<string, string> | null = null;

/** Real ids of the demo seed: the student's first course with lessons, their certificate, the seller, a quiz. */
async function demoParams(request: APIRequestContext): Promise<Record<string, string>> {
  if (params) return params;
  const student = await token(request, ACCOUNTS.student);
  const enrolled = await apiGet<{ course: { id: number } }[]>(request, '/api/enrollments', student);
  const list = await apiGet<{ data: { id: number; lesson_count: number }[] }>(request, '/api/courses?pageSize=100');
  // The student's first enrolled course with a lesson (other specs enrol the student in empty
  // test courses), else a published course with lessons.
  const published = new Set(list.data.map((c) => c.id));
  const candidates = [
    ...enrolled.map((e) => e.course.id).filter((id) => published.has(id)),
    ...list.data.filter((c) => c.lesson_count > 0).map((c) => c.id),
  ];
  let courseId = candidates[0] ?? list.data[0]!.id;
  let course = await apiGet<CourseRead>(request, `/api/courses/${courseId}`);
  for (const candidate of candidates) {
    const read = candidate === courseId ? course : await apiGet<CourseRead>(request, `/api/courses/${candidate}`);
    if (read.modules.some((m) => m.lessons.length > 0)) {
      [courseId, course] = [candidate, read];
      break;
    }
  }
  const mod = course.modules.find((m) => m.lessons.length > 0)!;
  const quiz = course.modules.flatMap((m) => m.lessons.flatMap((l) => l.quizzes.map((q) => ({ moduleId: m.id, quizId: q.id }))))[0];
  const me = await apiGet<{ id: number }>(request, '/api/me', student);
  const seller = await apiGet<{ id: number }>(request, '/api/me', await token(request, ACCOUNTS.seller));
  const certificates = await apiGet<{ id: number; code: string }[] | { data: { id: number; code: string }[] }>(request, '/api/certificates', student);
  const certificate = (Array.isArray(certificates) ? certificates : certificates.data)[0];
  // The newest order, when a commerce spec made one (the seed has none): /admin/orders/{orderId}.
  const orders = await apiGet<{ data: { id: number }[] }>(request, '/api/admin/orders?pageSize=1', await token(request, ACCOUNTS.admin));
  // The demo seller's first published resource: /curriculum/{id} and its edit page.
  const store = await apiGet<{ resources: { id: number }[] }>(request, `/api/sellers/${seller.id}`);
  const id = String(courseId);
  params = {
    id,
    courseId: id,
    moduleId: String(quiz?.moduleId ?? mod.id),
    lessonId: String(mod.lessons[0]!.id),
    quizId: String(quiz?.quizId ?? 1),
    instructorId: String(course.instructor_id ?? 1),
    userId: String(me.id),
    sellerId: String(seller.id),
    certificateId: String(certificate?.id ?? 1),
    code: certificate?.code ?? 'DRX-0000000000AA',
    orderId: String(orders.data[0]?.id ?? 1),
    resourceId: String(store.resources[0]?.id ?? 1),
  };
  return params;
}

/** The widths that matter, and the elements that reach past the right edge (to say what to fix). */
async function measure(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const body = document.body;
    const limit = doc.clientWidth;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} (right ${Math.round(el.getBoundingClientRect().right)})`;
    };
    const culprits: string[] = [];
    if (doc.scrollWidth > limit || body.scrollWidth > body.clientWidth) {
      for (const el of Array.from(body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > limit + 0.5 && !Array.from(el.children).some((c) => c.getBoundingClientRect().right > limit + 0.5)) {
          culprits.push(describe(el));
          if (culprits.length >= 8) break;
        }
      }
    }
    return { doc: [doc.scrollWidth, doc.clientWidth], body: [body.scrollWidth, body.clientWidth], culprits };
  });
}

const pages = routeTable.filter((r) => !r.redirect);

test.describe('phones: no page scrolls sideways at 390 px', () => {
  test.describe.configure({ timeout: 45_000 });
  mkdirSync(SHOTS, { recursive: true });

  for (const route of pages) {
    const account = visitorOf(route);
    test(`${route.pattern} (${account ?? 'visitor'})`, async ({ page, request, loginAs }) => {
      const params = await demoParams(request);
      // A curriculum page's {id} is a resource's, not a course's.
      const path = isDynamic(route.pattern) ? fillPattern(route.pattern, route.pattern.startsWith('/curriculum/') ? { ...params, id: params.resourceId! } : params) : route.pattern;
      if (account) await loginAs(account);
      await page.goto(path);
      await hydrated(page);
      // Late islands, data and images settle.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await page.waitForTimeout(200);
      const { doc, body, culprits } = await measure(page);
      const slug =
        route.pattern
          .replace(/[{}]/g, '')
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: `${SHOTS}${slug}.png`, fullPage: true });
      const where = `${path} at 390 px; widest elements: ${culprits.join(', ') || 'none'}`;
      expect(doc[0], `document scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(doc[1]!);
      expect(body[0], `body scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(body[1]!);
    });
  }
});

test.describe('phones: the booking pages with real data', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the booking flow with a time chosen, and My Bookings with a confirmed booking, fit 390 px', async ({ page, request, loginAs }) => {
    const instructor = await publishedInstructor(request);
    const booker = await freshAccount(request, 'phone', 'Pia', 'Phone');
    await bookAndPay(request, booker.token, instructor, await firstOpenSlot(request, instructor));
    await loginAs(booker.username, booker.password);

    await page.goto(`/connect/book/${instructor.id}`);
    await hydrated(page);
    await page.getByRole('list', { name: /^Times on / }).getByRole('button').first().click();
    await expect(page.getByRole('region', { name: '3. Note and payment' })).toBeVisible();
    for (const [path, slug] of [
      [`/connect/book/${instructor.id}`, 'booking-flow-chosen'],
      ['/my-bookings', 'my-bookings-confirmed'],
    ] as const) {
      if (path === '/my-bookings') {
        await page.goto(path);
        await hydrated(page);
        await expect(page.getByRole('button', { name: /Add to calendar/ })).toBeVisible();
      }
      const { doc, body, culprits } = await measure(page);
      await page.screenshot({ path: `${SHOTS}${slug}.png`, fullPage: true });
      const where = `${path} at 390 px; widest elements: ${culprits.join(', ') || 'none'}`;
      expect(doc[0], `document scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(doc[1]!);
      expect(body[0], `body scrollWidth <= clientWidth on ${where}`).toBeLessThanOrEqual(body[1]!);
    }
  });
});
