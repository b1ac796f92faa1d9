import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signIn } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Every API route, however it is called badly, answers a 4xx in the error shape — never a 500.
// The routes are read from the app itself, so a route added later is covered too.

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.db);
  adminToken = await signIn(t.db, admin.id);
});
afterAll(() => t.close());

/** The probes ran as a signed-in admin to the end (none of them ended or broke the session). */
afterEach(async () => {
  const me = await t.request('/api/me', { headers: { authorization: `Bearer ${adminToken}` } });
  expect(me.status).toBe(200);
});

function apiRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of t.app.routes) {
    if (!r.path.startsWith('/api/') || r.method === 'ALL' || r.path.includes('*')) continue;
    // Signing out would end the admin session the probes run with (so would ending session 1, the
    // admin's own, by id; that route's bad ids are tested in worker/src/routes/account.test.ts).
    if (r.path === '/api/logout' || r.path === '/api/me/sessions/:id') continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999999999999', '%00', '1e3'];

function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, value);
}

async function expectClientError(res: Response, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  expect(typeof body?.message, `${what}: error shape`).toBe('string');
}

describe('malformed input never answers 500', () => {
  it('finds the API routes to probe', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('bad ids in the path, anonymous and as admin', async () => {
    let refused = 0;
    for (const { method, path } of apiRoutes()) {
      if (!path.includes(':')) continue;
      for (const id of BAD_IDS) {
        for (const token of [undefined, adminToken]) {
          const url = fill(path, id);
          const res = await t.request(url, {
            method,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
          });
          if (res.status < 400) continue; // e.g. a public lookup answering "not valid" with 200
          await expectClientError(res, `${method} ${url} ${token ? 'admin' : 'anonymous'}`);
          refused++;
        }
      }
    }
    // Nearly every probe is refused; the few 2xx are lookups that answer "not valid" by design.
    expect(refused).toBeGreaterThan(400);
  });

  it('malformed JSON, wrong types and a wrong content type on every write, as admin', async () => {
    let refused = 0;
    const bodies: [string, string][] = [
      ['application/json', '{"unterminated": '],
      ['application/json', '[1,2,3]'],
      ['application/json', 'null'],
      ['application/json', '{"title": {"$gt": ""}, "price": [], "courseId": "x", "id": {}}'],
      ['text/plain', 'hello'],
    ];
    for (const { method, path } of apiRoutes()) {
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') continue;
      const url = fill(path, '1');
      for (const [type, body] of bodies) {
        const res = await t.request(url, { method, headers: { 'content-type': type, authorization: `Bearer ${adminToken}` }, body });
        if (res.status < 400) continue; // a body-less action (logout, complete) may succeed
        await expectClientError(res, `${method} ${url} with ${type} ${body}`);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('an oversized JSON body is refused with 413', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
    for (const path of ['/api/register', '/api/courses', '/api/contact']) {
      const res = await t.request(path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: big });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ message: 'Request body too large' });
    }
  });

  it('query strings of the wrong kind on every list', async () => {
    for (const { method, path } of apiRoutes()) {
      if (method !== 'GET' || path.includes(':')) continue;
      const res = await t.request(`${path}?page=-5&pageSize=100000&sort=%27%3B&q=${'%25'.repeat(50)}&status=zzz&courseId=abc`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      if (res.status < 400) continue;
      await expectClientError(res, `GET ${path} with bad query`);
    }
  });
});
