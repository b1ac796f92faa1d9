import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../support/file-samples.ts';
import { root } from '../support/paths.ts';
import {
  browseCatalog,
  catalogPages,
  learnAndCertify,
  seedJourneyData,
  signUpAndIn,
  uploadAndReadBack,
  type JourneyCall,
  type JourneyData,
} from './journeys.ts';
import { startWorkerdApp, type WorkerdApp } from './workerd-app.ts';

/**
 * The worker proven on a database (decisions 0035 and 0036): bundled by wrangler as for `wrangler deploy`,
 * booted in workerd with LIBSQL_URL pointing at a libSQL server over HTTP (the local Hrana
 * server of scripts/hrana on a migrated database file), R2 simulated by Miniflare. The API
 * suite's main journeys go through it over HTTP.
 */

const MEDIA_SIGNING_SECRET = 'workerd-journeys-media-signing-secret-0123';
/** The catalog pages need the built site (npm test builds it first); without it they are skipped. */
const siteBuilt = existsSync(join(root, 'dist/index.html')) && existsSync(join(root, 'build/astro/entry.mjs'));
const HRANA_TOKEN = 'workerd-journeys-hrana-token';

describe('the worker in workerd on a libSQL server', () => {
  let app: WorkerdApp;
  let data: JourneyData;
  let call: JourneyCall;

  beforeAll(async () => {
    app = await startWorkerdApp({
      name: 'workerd-db',
      hranaToken: HRANA_TOKEN,
      beforeBoot: async (hrana) => {
        data = await seedJourneyData(hrana.url, HRANA_TOKEN);
      },
      bindings: {
        APP_ENV: 'test',
        MEDIA_SIGNING_SECRET,
        // A remote database makes this a deployment: the test checkout is asked for by name.
        PAYMENTS: 'test',
        RATE_LIMIT_MULTIPLIER: '1000',
      },
    });
    call = app.call;
  }, 120_000);

  afterEach((context) => {
    const output = app?.log.take();
    if (context.task.result?.state === 'fail' && output) console.error(`workerd output:\n${output}`);
  });

  afterAll(async () => {
    await app?.dispose();
  });

  it('signs up, signs in and knows who is signed in', async () => {
    const { username, registered, token, me } = await signUpAndIn(call);
    expect(registered).toMatchObject({ access_token: expect.any(String), user: { username } });
    expect(token).toEqual(expect.any(String));
    expect(me).toMatchObject({ username });
    // The database answers refusals too: a wrong password, a taken name.
    await call('POST /api/login', '/api/login', { json: { username, password: 'not-the-password-1' }, expect: 401 });
    await call('POST /api/register', '/api/register', { json: { username, password: 'another-password-1' }, expect: 409 });
  });

  it('lists the catalog and shows a course', async () => {
    const { list, detail } = await browseCatalog(call, data);
    expect(list.data.map((c) => c.title)).toContain(data.course.title);
    expect(detail).toMatchObject({ id: data.course.id, title: data.course.title });
    expect(detail.modules).toHaveLength(1);
    await call('GET /api/courses/:id', '/api/courses/99999999', { expect: 404 });
  });

  it('enrols in a free course, completes its lessons, passes the quiz and gets a certificate anyone can verify', async () => {
    const { token } = await signUpAndIn(call);
    const journey = await learnAndCertify(call, data, token);
    expect(journey.completion.course_completed).toBe(true);
    expect(journey.certificate).toMatchObject({ code: journey.completion.certificate!.code, course_title: data.course.title, learner_name: 'Maya Thompson' });
    expect(journey.verified).toMatchObject({ valid: true, course: data.course.title, learner: 'Maya Thompson' });
    // Enrolling again answers the enrolment there is, completed.
    const again = await call<{ id: number; completed_at: string | null }>('POST /api/enrollments', '/api/enrollments', { json: { courseId: data.course.id }, token });
    expect(again.body).toMatchObject({ id: journey.enrolment.id, completed_at: expect.any(String) });
  });

  it('uploads an image to R2 and reads it back', async () => {
    const { token } = await signUpAndIn(call);
    const { uploaded, back, type } = await uploadAndReadBack(call, token);
    expect(uploaded).toMatchObject({ size: png.length, mimetype: 'image/png' });
    expect(type).toBe('image/png');
    expect(back).toEqual(png);
    const usage = await call<{ usedBytes?: number; used_bytes?: number }>('GET /api/upload/usage', '/api/upload/usage', { token });
    expect(JSON.stringify(usage.body)).toContain(String(png.length));
  });

  it("serves lesson media only through the signed links the API hands an enrolled learner", async () => {
    const instructor = (await call<{ access_token: string }>('POST /api/login', '/api/login', { json: data.instructor })).body.access_token;
    const { uploaded } = await uploadAndReadBack(call, instructor);
    const lesson = data.course.lessons.find((l) => l.type === 'text')!;
    await call('PATCH /api/lessons/:id', `/api/lessons/${lesson.id}`, {
      method: 'PATCH',
      json: { content: `# Warm-up\n\n![The first position](${uploaded.url})` },
      token: instructor,
    });
    // Now course media: no longer public.
    await call('GET /uploads/:key', uploaded.url, { expect: 403 });

    const { token } = await signUpAndIn(call);
    await call('POST /api/enrollments', '/api/enrollments', { json: { courseId: data.course.id }, token, expect: 201 });
    const view = await call<{ content: string }>('GET /api/learn/lessons/:id', `/api/learn/lessons/${lesson.id}`, { token });
    const link = /\/uploads\/[^\s)"'<]+\?exp=\d+&(?:amp;)?sig=[\w-]+/.exec(view.body.content)?.[0]?.replace('&amp;', '&');
    expect(link, view.body.content).toBeDefined();
    const signed = await call<Uint8Array>('GET /uploads/:key (signed)', link!);
    expect(signed.body).toEqual(png);
    expect(signed.res.headers.get('cache-control')).toMatch(/^private/);
  });

  it.runIf(siteBuilt)('serves the catalog pages through the site router, from the database', async () => {
    const pages = await catalogPages(call, data);
    expect(pages.list).toMatch(/<html|<!doctype html/i);
    expect(pages.page).toMatch(/<html|<!doctype html/i);
    expect(pages.page).toContain(data.course.title);
    await call('GET /courses/:id', '/courses/99999999', { expect: 404 });
  });

  it.runIf(siteBuilt)('shows a changed course at once: the page rendered from the database, never the old price (last: the course is paid after it)', async () => {
    await catalogPages(call, data);
    const instructor = (await call<{ access_token: string }>('POST /api/login', '/api/login', { json: data.instructor })).body.access_token;
    const title = `${data.course.title} (revised)`;
    await call('PATCH /api/courses/:id', `/api/courses/${data.course.id}`, { method: 'PATCH', json: { title, price: '19.99' }, token: instructor });
    const detail = await call<{ title: string; price: number | string }>('GET /api/courses/:id', `/api/courses/${data.course.id}`);
    expect(detail.body.title).toBe(title);
    const pages = await catalogPages(call, data);
    expect(pages.page).toContain(title);
    expect(pages.page).toContain('19.99');
    expect(pages.pageSource).toBe('rendered');
    expect(pages.list).toContain(title);
  });
});
