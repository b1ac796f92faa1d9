import type { APIRequestContext } from '@playwright/test';
import { fillPattern, isDynamic, type RouteEntry, type RouteParams } from '../../site/src/routes.ts';
import { ACCOUNTS, DEMO_PASSWORD, expect } from './fixtures.ts';

// The route table's paths filled with real ids of the demo seed, and who visits each: shared by
// the walks over the whole table (phone-layout.spec.ts, route-walk.spec.ts; csp.spec.ts its apiGet).

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS] | null;

/** Who visits a route: a visitor for public pages, otherwise the account the page is made for. */
export function visitorOf(route: RouteEntry): Account {
  const p = route.pattern;
  if (route.guard === 'public') return null;
  if (p === '/multi-dashboard') return ACCOUNTS.multirole;
  if (/^\/(seller|my-store|my-resources)|^\/curriculum\/\{id\}\/edit/.test(p)) return ACCOUNTS.seller;
  if (/^\/(instructor|certificate-templates|connect\/(profile|get-booked))|^\/admin\/(courses|course-creator)$/.test(p)) return ACCOUNTS.instructorAdmin;
  if (/curriculum-officer|^\/admin\/(curriculum|sellers|settings)$/.test(p)) return ACCOUNTS.curriculumAdmin;
  if (route.guard === 'admin') return ACCOUNTS.admin;
  return ACCOUNTS.student;
}

export async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function apiGet<T>(request: APIRequestContext, path: string, bearer?: string): Promise<T> {
  const res = await request.get(path, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

export interface CourseRead {
  id: number;
  instructor_id: number | null;
  modules: { id: number; lessons: { id: number; quizzes: { id: number }[] }[] }[];
}

/** A course's ids for the route table: the course, its first module with a lesson (a quiz's module when it has a quiz), that lesson, the quiz, its instructor. */
export function courseParams(courseId: number, course: CourseRead): Record<string, string> {
  const mod = course.modules.find((m) => m.lessons.length > 0)!;
  const quiz = course.modules.flatMap((m) => m.lessons.flatMap((l) => l.quizzes.map((q) => ({ moduleId: m.id, quizId: q.id }))))[0];
  const id = String(courseId);
  return {
    id,
    courseId: id,
    moduleId: String(quiz?.moduleId ?? mod.id),
    lessonId: String(mod.lessons[0]!.id),
    quizId: String(quiz?.quizId ?? 1),
    instructorId: String(course.instructor_id ?? 1),
  };
}

let params: Record<string, string> | null = null;

/** Real ids of the demo seed: the student's first course with lessons, their certificate, the seller, a quiz. */
export async function demoParams(request: APIRequestContext): Promise<Record<string, string>> {
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
  const me = await apiGet<{ id: number }>(request, '/api/me', student);
  const seller = await apiGet<{ id: number }>(request, '/api/me', await token(request, ACCOUNTS.seller));
  const certificates = await apiGet<{ id: number; code: string }[] | { data: { id: number; code: string }[] }>(request, '/api/certificates', student);
  const certificate = (Array.isArray(certificates) ? certificates : certificates.data)[0];
  // The newest order, when a commerce spec made one (the seed has none): /admin/orders/{orderId}.
  const orders = await apiGet<{ data: { id: number }[] }>(request, '/api/admin/orders?pageSize=1', await token(request, ACCOUNTS.admin));
  // The demo seller's first published resource: /curriculum/{id} and its edit page.
  const store = await apiGet<{ resources: { id: number }[] }>(request, `/api/sellers/${seller.id}`);
  // The student's answered feedback request of the seed: /practice/feedback/{id}.
  const feedback = await apiGet<{ data: { id: number }[] }>(request, `/api/instructor/feedback?status=answered&learner_id=${me.id}`, await token(request, ACCOUNTS.admin));
  params = {
    ...courseParams(courseId, course),
    userId: String(me.id),
    sellerId: String(seller.id),
    certificateId: String(certificate?.id ?? 1),
    code: certificate?.code ?? 'DRX-0000000000AA',
    orderId: String(orders.data[0]?.id ?? 1),
    resourceId: String(store.resources[0]?.id ?? 1),
    feedbackId: String(feedback.data[0]?.id ?? 1),
  };
  return params;
}

/** The path to visit for a route: its pattern with the demo's ids (a curriculum page's {id} is a resource's, not a course's). */
export function routePath(route: RouteEntry, params: RouteParams): string {
  if (!isDynamic(route.pattern)) return route.pattern;
  if (route.pattern === '/practice/feedback/{id}') return fillPattern(route.pattern, { ...params, id: params.feedbackId! });
  return fillPattern(route.pattern, /^\/(curriculum|resources)\//.test(route.pattern) ? { ...params, id: params.resourceId! } : params);
}
