import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { api, call, keyOf, publicApi } from './api-client.ts';

/** The typed client's requests are the ones hc builds, sent with what apiFetch sends. */

let calls: { url: string; init: RequestInit }[];
let answer: { status: number; body: unknown };

beforeEach(() => {
  calls = [];
  answer = { status: 200, body: { ok: true } };
  vi.stubGlobal('localStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('location', { pathname: '/cart', search: '', assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the typed client', () => {
  it('builds the path from param and query, and keys are those paths', () => {
    expect(keyOf(api.orders[':id'], { param: { id: '7' } })).toBe('/api/orders/7');
    expect(keyOf(api.bookings, { query: { scope: 'upcoming' } })).toBe('/api/bookings?scope=upcoming');
    expect(keyOf(api.enrollments, { query: {} })).toBe('/api/enrollments');
    expect(keyOf(api.seller.analytics, { query: { days: '30' } })).toBe('/api/seller/analytics?days=30');
    expect(api.bookings[':id'].ics.$path({ param: { id: '3' } })).toBe('/api/bookings/3/ics');
  });

  it('sends a JSON body with its content type, the bearer token and cookies', async () => {
    expect(await call(api.cart[':id'].$patch({ param: { id: '4' }, json: { quantity: 2 } }))).toEqual({ ok: true });
    const [sent] = calls;
    expect(sent!.url).toBe('/api/cart/4');
    expect(sent!.init.method).toBe('PATCH');
    expect(sent!.init.body).toBe(JSON.stringify({ quantity: 2 }));
    expect(sent!.init.credentials).toBe('include');
    const headers = new Headers(sent!.init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer tok');
  });

  it('throws the error shape as an ApiError, and a lost connection as a network error', async () => {
    answer = { status: 409, body: { message: 'Taken', validationErrors: { startsAt: ['Taken'] } } };
    const refused = await call(api.cart.$get()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, message: 'Taken', validationErrors: { startsAt: ['Taken'] } });
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('offline'));
    await expect(call(api.cart.$get())).rejects.toMatchObject({ status: 0, message: 'Network error occurred' });
  });

  it('reads a public answer without the session', async () => {
    await publicApi.payments.mode.$get(undefined, { headers: { accept: 'application/json' } });
    const headers = new Headers(calls[0]!.init.headers);
    expect(calls[0]!.url).toBe('/api/payments/mode');
    expect(headers.get('authorization')).toBeNull();
    expect(headers.get('accept')).toBe('application/json');
  });
});
