import { hc } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import type { AppType } from './app.ts';

// The exported AppType is what a typed client (hc<AppType>) sees: this test compiles only while
// the routers stay chained, and it calls them through the real app.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('typed client over AppType', () => {
  it('reaches chained routes with typed answers', async () => {
    const client = hc<AppType>('http://drx.test', { fetch: (input: RequestInfo | URL, init?: RequestInit) => t.request(String(input), init) });
    const health = await client.api.health.$get();
    expect(health.status).toBe(200);
    const body = await health.json();
    expect(body.status).toBe('ok');

    const me = await client.api.me.$get();
    expect(me.status).toBe(401);
  });
});
