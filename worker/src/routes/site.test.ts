import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('site routes', () => {
  it('serves a built page', async () => {
    const res = await t.request('/about');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('About');
  });

  it('makes the redirects of the route table on the server', async () => {
    const cases: [string, string][] = [
      ['/course/12', '/courses/12'],
      ['/resources', '/curriculum'],
      ['/resources/7', '/curriculum/7'],
      ['/resources/7/edit', '/curriculum/7/edit'],
      ['/subscription/manage', '/profile/manage'],
      ['/pricing?x=1', '/subscription?x=1'],
      ['/admin/courses/create', '/instructor/courses/create'],
      ['/admin', '/admin/dashboard'],
    ];
    for (const [from, to] of cases) {
      const res = await t.request(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  it('serves the shell of a dynamic route', async () => {
    const res = await t.request('/profile/42');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Profile shell');
  });

  it('answers any other path with the not-found page and 404', async () => {
    const res = await t.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Not found');
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});
