import { randomBytes } from 'node:crypto';
import { createClient as createHttpClient } from '@libsql/client';
import { createDb } from '../../worker/src/platform/db.ts';
import { png } from '../support/file-samples.ts';
import { createUser, DEFAULT_PASSWORD } from '../support/factories.ts';
import { answersFor, buildCourse, type BuiltCourse } from '../support/learning-factories.ts';
import { givePlan } from '../support/subscription-factories.ts';

/**
 * The API suite's main journeys as plain HTTP calls, for any runtime that answers `fetch`: the
 * workerd tests assert on what they return, the Workers CPU bench runs them many times. Each call
 * names its route (`x-journey-step`), so a trace of the runtime can be read per route.
 */

export type Dispatch = (url: string, init: RequestInit) => Promise<Response>;

export interface JourneyData {
  course: BuiltCourse;
  instructor: { username: string; password: string };
}

/** What the journeys need in the database, written through the libSQL server (as a deployment's admin would). */
export async function seedJourneyData(libsqlUrl: string, authToken?: string): Promise<JourneyData> {
  const client = createHttpClient({ url: libsqlUrl, authToken });
  try {
    const db = createDb(client);
    const instructor = await createUser(db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' });
    // She edits her course in the journeys: writing courses as a non-admin instructor needs Educator (decision 0031).
    await givePlan(db, instructor.id, 'educator');
    const course = await buildCourse(db, {
      instructorId: instructor.id,
      title: `Workerd Waltz ${randomBytes(3).toString('hex')}`,
      priceCents: 0,
      modules: [{ lessons: [{ type: 'text' }, { type: 'quiz' }] }],
    });
    return { course, instructor: { username: instructor.username, password: DEFAULT_PASSWORD } };
  } finally {
    client.close();
  }
}

export class JourneyError extends Error {}

/** One HTTP call of a journey, checked for its status; the body read as JSON, text or bytes. */
export function journeyClient(dispatch: Dispatch, origin = 'http://localhost') {
  async function call<T = unknown>(
    step: string,
    path: string,
    options: { method?: string; json?: unknown; token?: string; form?: FormData; headers?: Record<string, string>; expect?: number } = {},
  ): Promise<{ res: Response; body: T }> {
    const headers: Record<string, string> = { 'x-journey-step': step, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      // Encoded here, so any fetch (Miniflare's own included) sends the same multipart bytes.
      const encoded = new Request(origin, { method: 'POST', body: options.form });
      headers['content-type'] = encoded.headers.get('content-type')!;
      body = new Uint8Array(await encoded.arrayBuffer());
    }
    const res = await dispatch(new URL(path, origin).href, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : type.startsWith('text/') ? await res.text() : new Uint8Array(await res.arrayBuffer());
    const wanted = options.expect ?? 200;
    if (res.status !== wanted) throw new JourneyError(`${step} ${path}: ${res.status} (expected ${wanted}) ${JSON.stringify(parsed).slice(0, 300)}`);
    return { res, body: parsed as T };
  }
  return call;
}

export type JourneyCall = ReturnType<typeof journeyClient>;

interface AuthAnswer {
  access_token: string;
  user: { id: number; username: string };
}
interface Certificate {
  id: number;
  code: string;
}
interface Completion {
  course_completed: boolean;
  certificate: Certificate | null;
}

/** Sign up, sign in, who am I. */
export async function signUpAndIn(call: JourneyCall) {
  const username = `wd_${randomBytes(5).toString('hex')}`;
  const password = 'workerd-journey-pass-1';
  const registered = await call<AuthAnswer>('POST /api/register', '/api/register', {
    json: { username, password, email: `${username}@test.drx.example`, first_name: 'Maya', last_name: 'Thompson' },
    expect: 201,
  });
  const login = await call<AuthAnswer>('POST /api/login', '/api/login', { json: { username, password } });
  const me = await call<{ username: string }>('GET /api/me', '/api/me', { token: login.body.access_token });
  return { username, registered: registered.body, token: login.body.access_token, me: me.body };
}

/** The catalog list and a course's detail, as anyone reads them. */
export async function browseCatalog(call: JourneyCall, data: JourneyData) {
  const list = await call<{ data: { id: number; title: string }[]; total: number }>('GET /api/courses', `/api/courses?q=${encodeURIComponent(data.course.title)}`);
  const detail = await call<{ id: number; title: string; modules: unknown[] }>('GET /api/courses/:id', `/api/courses/${data.course.id}`);
  return { list: list.body, detail: detail.body };
}

/** Enrol in the free course, complete its lessons, pass its quiz; read and verify the certificate. */
export async function learnAndCertify(call: JourneyCall, data: JourneyData, token: string) {
  const enrolment = await call<{ id: number }>('POST /api/enrollments', '/api/enrollments', { json: { courseId: data.course.id }, token, expect: 201 });
  const outline = await call<{ course_id?: number }>('GET /api/learn/courses/:id', `/api/learn/courses/${data.course.id}`, { token });
  let last: Completion | null = null;
  for (const lesson of data.course.lessons) {
    await call('GET /api/learn/lessons/:id', `/api/learn/lessons/${lesson.id}`, { token });
    if (lesson.type === 'quiz') {
      for (const quiz of lesson.quizzes) {
        await call('GET /api/learn/quizzes/:id', `/api/learn/quizzes/${quiz.id}`, { token });
        last = (await call<Completion>('POST /api/learn/quizzes/:id/attempts', `/api/learn/quizzes/${quiz.id}/attempts`, { json: { answers: answersFor(quiz) }, token, expect: 201 })).body;
      }
    } else {
      last = (await call<Completion>('POST /api/learn/lessons/:id/complete', `/api/learn/lessons/${lesson.id}/complete`, { json: {}, token })).body;
    }
  }
  if (!last?.certificate) throw new JourneyError(`no certificate after the last lesson: ${JSON.stringify(last)}`);
  const certificate = await call<{ code: string; course_title: string; learner_name: string }>('GET /api/certificates/:id', `/api/certificates/${last.certificate.id}`, { token });
  const verified = await call<{ valid: boolean; course?: string; learner?: string }>('GET /api/certificates/verify/:code', `/api/certificates/verify/${last.certificate.code}`);
  return { enrolment: enrolment.body, outline: outline.body, completion: last, certificate: certificate.body, verified: verified.body };
}

/** A PNG uploaded to R2 and read back from its public address. */
export async function uploadAndReadBack(call: JourneyCall, token: string) {
  const form = new FormData();
  form.append('file', new File([png], 'step.png', { type: 'image/png' }));
  form.append('resource_type', 'image');
  const uploaded = await call<{ url: string; size: number; mimetype: string }>('POST /api/upload', '/api/upload', { form, token, expect: 201 });
  const back = await call<Uint8Array>('GET /uploads/:key', uploaded.body.url);
  return { uploaded: uploaded.body, back: back.body, type: back.res.headers.get('content-type') };
}

/** The catalog pages through the site router. */
export async function catalogPages(call: JourneyCall, data: JourneyData) {
  const list = await call<string>('GET /courses', '/courses');
  const page = await call<string>('GET /courses/:id', `/courses/${data.course.id}`);
  return { list: list.body, page: page.body, listSource: list.res.headers.get('x-catalog-source'), pageSource: page.res.headers.get('x-catalog-source') };
}
