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
});
