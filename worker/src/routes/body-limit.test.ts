import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

/** The API's JSON body limit (1 MB): by the declared length when there is one, else by counting the stream. */
describe('JSON body limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (body: BodyInit, headers: Record<string, string>) =>
    t.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('refuses a declared length over 1 MB with 413, without reading the body', async () => {
    const res = await post('{}', { 'content-length': String(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body too large' });
  });

  it('passes a body within its declared length to the route', async () => {
    const body = JSON.stringify({ username: 'nobody-here', password: 'not-the-password' });
    const res = await post(body, { 'content-length': String(Buffer.byteLength(body)) });
    expect(res.status).toBe(401);
  });

  it('counts a body without a declared length and refuses it past 1 MB', async () => {
    const big = new TextEncoder().encode(JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'p' }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 64 * 1024) controller.enqueue(big.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const res = await t.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('refuses JSON nested past 64 levels with 400 before parsing it, and passes a body nested 10 deep', async () => {
    // About 1 MB of nested arrays: parsing it used to hold the event loop for most of a second.
    const depth = 500_000;
    const deep = '['.repeat(depth) + ']'.repeat(depth);
    const started = performance.now();
    const res = await post(deep, {});
    console.log(`deep JSON body (${deep.length} bytes) answered in ${(performance.now() - started).toFixed(1)} ms`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'JSON nested more than 64 levels deep' });

    // Brackets inside strings are text, not nesting.
    const quoted = JSON.stringify({ username: '['.repeat(100), password: 'not-the-password' });
    expect((await post(quoted, {})).status).toBe(401);

    // Ten levels deep is legal: the route runs (and refuses the credentials).
    let nested: unknown = 'leaf';
    for (let i = 0; i < 10; i++) nested = i % 2 ? [nested] : { next: nested };
    const legal = await post(JSON.stringify({ username: 'nobody-here', password: 'not-the-password', extra: nested }), {});
    expect(legal.status).toBe(401);
  });
});
