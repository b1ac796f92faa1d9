import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createApp } from '../../worker/src/app.ts';
import { ensureDefaultCertificateTemplate } from '../../worker/src/services/certificates.ts';
import { type CertificateSummary, type VerifyAnswer } from '../../shared/certificates.ts';
import { createEnrollment } from '../support/course-factories.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../support/factories.ts';
import { buildCourse } from '../support/learning-factories.ts';
import { createTestApp, read, type TestApp } from '../support/test-app.ts';

// Decision 0021: a write is visible on the very next read, in the same process and in a second
// process on the same database file. The app here is built as `npm start` builds it (250 ms
// version TTL, not the test default of 0) on the test's database.

const TTL_MS = 250;

let t: TestApp;
let adminToken: string;
let app: ReturnType<typeof createApp>;

const call = (path: string, init: RequestInit = {}) => app.request(path, init, { platform: t.platform });
const send = (method: string, path: string, body: unknown, token: string) =>
  call(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
const titles = async (res: Response) => ((await res.json()) as { data: { title: string }[] }).data.map((c) => c.title);

beforeAll(async () => {
  t = await createTestApp();
  await ensureDefaultCertificateTemplate(t.db);
  adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  app = createApp({ publicCache: { versionTtlMs: TTL_MS } });
});
afterAll(() => t.close());

describe('in the same process', () => {
  it('the catalog list shows a course changed through the API on the very next read', async () => {
    const course = await buildCourse(t.db);
    const first = await call('/api/courses?pageSize=100');
    expect(await titles(first)).toContain(course.title);
    // Cached: the same answer again, with its ETag.
    const again = await call('/api/courses?pageSize=100', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await send('PATCH', `/api/courses/${course.id}`, { title: `${course.title} renamed` }, adminToken)).status).toBe(200);
    expect(await titles(await call('/api/courses?pageSize=100'))).toContain(`${course.title} renamed`);
    expect((await send('PATCH', `/api/courses/${course.id}`, { status: 'draft' }, adminToken)).status).toBe(200);
    expect(await titles(await call('/api/courses?pageSize=100'))).not.toContain(`${course.title} renamed`);
  });

  it('an enrolment leaves the cached catalog answer in place; a price change replaces it on the very next read', async () => {
    const course = await buildCourse(t.db, { priceCents: 0 });
    // Made beside the app, as another process would: seen once the app reads the versions again.
    await new Promise((r) => setTimeout(r, TTL_MS + 50));
    const path = `/api/courses?pageSize=100&q=${encodeURIComponent(course.title)}`;
    const listed = async (res: Response) => ((await res.json()) as { data: { id: number; enrollment_count: number; price: number }[] }).data.find((c) => c.id === course.id)!;
    const first = await call(path);
    expect(await listed(first.clone())).toMatchObject({ enrollment_count: 0, price: 0 });
    const learner = await createSignedInUser(t.db);
    expect((await send('POST', '/api/enrollments', { courseId: course.id }, learner.token)).status).toBe(201);
    // The counter changed, the content did not: the stored answer is still the one served.
    const again = await call(path, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await send('PATCH', `/api/courses/${course.id}`, { price: 19 }, adminToken)).status).toBe(200);
    expect(await listed(await call(path))).toMatchObject({ enrollment_count: 1, price: 19 });
  });

  it('a stored answer is made again once it is older than the counters may lag', async () => {
    const lagging = createApp({ publicCache: { versionTtlMs: TTL_MS, counterLagMs: 150 } });
    const course = await buildCourse(t.db, { priceCents: 0 });
    const path = `/api/courses/${course.id}`;
    const learners = async () => ((await (await lagging.request(path, {}, { platform: t.platform })).json()) as { enrollment_count: number }).enrollment_count;
    expect(await learners()).toBe(0);
    await createEnrollment(t.db, (await createUser(t.db)).id, course.id);
    expect(await learners()).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(await learners()).toBe(1);
  });

  it('a course page shows a change on the very next read, and 404 once withdrawn', async () => {
    const course = await buildCourse(t.db);
    expect(((await (await call(`/api/courses/${course.id}`)).json()) as { title: string }).title).toBe(course.title);
    await send('PATCH', `/api/courses/${course.id}`, { title: 'A new name for it' }, adminToken);
    expect(((await (await call(`/api/courses/${course.id}`)).json()) as { title: string }).title).toBe('A new name for it');
    await send('PATCH', `/api/courses/${course.id}`, { status: 'archived' }, adminToken);
    expect((await call(`/api/courses/${course.id}`)).status).toBe(404);
  });

  it('the categories show a new one on the very next read', async () => {
    const names = async () => ((await (await call('/api/categories')).json()) as { data: { name: string }[] }).data.map((c) => c.name);
    expect(await names()).not.toContain('Krump');
    expect((await send('POST', '/api/categories', { name: 'Krump' }, adminToken)).status).toBe(201);
    expect(await names()).toContain('Krump');
  });

  it('the verification answer says revoked on the very next read', async () => {
    const course = await buildCourse(t.db);
    const learner = await createUser(t.db);
    await createEnrollment(t.db, learner.id, course.id);
    const issued = await read<CertificateSummary>(await send('POST', '/api/certificates', { userId: learner.id, courseId: course.id }, adminToken));
    const verify = async () => read<VerifyAnswer>(await call(`/api/certificates/verify/${issued.code}`));
    expect(await verify()).toMatchObject({ valid: true });
    expect((await send('POST', `/api/certificates/${issued.id}/revoke`, { reason: 'Issued by mistake' }, adminToken)).status).toBe(200);
    expect(await verify()).toMatchObject({ valid: false, reason: 'revoked' });
  });

  it('a signed-in course page is never the anonymous one, nor stored for others', async () => {
    const course = await buildCourse(t.db, { status: 'draft' });
    expect((await call(`/api/courses/${course.id}`)).status).toBe(404);
    const asAdmin = await call(`/api/courses/${course.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(asAdmin.status).toBe(200);
    expect((await call(`/api/courses/${course.id}`)).status).toBe(404);
  });

  it('GET /api/me is kept for its token only, and a sign-out or a profile change counts at once', async () => {
    const a = await createSignedInUser(t.db, { firstName: 'Ana' });
    const b = await createSignedInUser(t.db, { firstName: 'Bo' });
    const me = (token: string) => call('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(((await (await me(a.token)).json()) as { first_name: string }).first_name).toBe('Ana');
    expect(((await (await me(b.token)).json()) as { first_name: string }).first_name).toBe('Bo');
    expect((await me(a.token)).headers.get('cache-control')).toBe('private, no-cache');
    expect((await send('PATCH', '/api/me', { first_name: 'Anna' }, a.token)).status).toBe(200);
    expect(((await (await me(a.token)).json()) as { first_name: string }).first_name).toBe('Anna');
    expect((await send('POST', '/api/logout', {}, a.token)).status).toBe(200);
    expect((await me(a.token)).status).toBe(401);
    expect((await me(b.token)).status).toBe(200);
  });
});

describe('in a second process on the same database file', () => {
  let peer: ChildProcess;
  let base: string;

  beforeAll(async () => {
    peer = spawn(process.execPath, [resolve(import.meta.dirname, 'public-cache-peer.ts'), resolve(t.dir, 'drx.db')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    base = await new Promise<string>((done, fail) => {
      let out = '';
      peer.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const port = /PORT (\d+)/.exec(out)?.[1];
        if (port) done(`http://127.0.0.1:${port}`);
      });
      peer.on('exit', (code) => fail(new Error(`the peer process ended (${code})`)));
    });
  });
  afterAll(() => {
    peer.kill('SIGTERM');
  });

  /**
   * The peer trusts the versions it read for 250 ms (decision 0021): a write made here shows
   * there once that time has passed. Waiting TTL + 50 ms leaves room for a read under way.
   */
  const pastTtl = () => new Promise((r) => setTimeout(r, TTL_MS + 50));

  it('sees a course changed here once its versions are read again (≤ 250 ms)', async () => {
    const course = await buildCourse(t.db);
    const peerTitle = async () => ((await (await fetch(`${base}/api/courses/${course.id}`)).json()) as { title: string }).title;
    expect(await peerTitle()).toBe(course.title);
    expect(await titles(await fetch(`${base}/api/courses?pageSize=100`))).toContain(course.title);
    await send('PATCH', `/api/courses/${course.id}`, { title: `${course.title} v2` }, adminToken);
    await pastTtl();
    expect(await peerTitle()).toBe(`${course.title} v2`);
    expect(await titles(await fetch(`${base}/api/courses?pageSize=100`))).toContain(`${course.title} v2`);
  });

  it('turns away a session ended here, and a deactivated account, once its versions are read again', async () => {
    const a = await createSignedInUser(t.db);
    const b = await createSignedInUser(t.db);
    const peerMe = (token: string) => fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await peerMe(a.token)).status).toBe(200);
    expect((await peerMe(b.token)).status).toBe(200);
    expect((await send('POST', '/api/logout', {}, a.token)).status).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, b.user.id));
    await pastTtl();
    expect((await peerMe(a.token)).status).toBe(401);
    expect((await peerMe(b.token)).status).toBe(401);
  });
});
