import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  ACCOUNT_FAILURE_LIMIT,
  beginLoginAttempt,
  CLIENT_FAILURE_LIMIT,
  failuresOf,
  loginSucceeded,
  THROTTLE_WINDOW_MS,
  throttleKeys,
} from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const keysFor = () => throttleKeys(`Account${++n}`, `192.0.2.${n}`);

describe('login throttle', () => {
  it('has the limits of the issue: 5 per account, 20 per client, within 15 minutes', () => {
    expect([ACCOUNT_FAILURE_LIMIT, CLIENT_FAILURE_LIMIT, THROTTLE_WINDOW_MS]).toEqual([5, 20, 15 * 60_000]);
  });

  it('keys accounts by lowercased name and clients by address', () => {
    expect(throttleKeys('  MiXed.Case ', '10.0.0.1')).toEqual({ account: 'user:mixed.case', client: 'ip:10.0.0.1' });
  });

  it('allows 5 attempts per account, then refuses until the window has passed', async () => {
    const keys = keysFor();
    const now = 1_000_000_000_000;
    for (let i = 0; i < 5; i++) expect(await beginLoginAttempt(t.db, keys, now + i)).toEqual({ allowed: true });
    const refused = await beginLoginAttempt(t.db, keys, now + 60_000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 - 60 });
    expect(await failuresOf(t.db, keys.account, now + 60_000)).toBe(5);

    // The refused attempt does not count against the client.
    expect(await failuresOf(t.db, keys.client, now + 60_000)).toBe(5);

    const later = now + THROTTLE_WINDOW_MS;
    expect(await beginLoginAttempt(t.db, keys, later)).toEqual({ allowed: true });
    expect(await failuresOf(t.db, keys.account, later)).toBe(1);
  });

  it('allows 20 attempts per client across accounts', async () => {
    const client = `192.0.2.${++n}`;
    const now = Date.now();
    for (let i = 0; i < 20; i++) expect((await beginLoginAttempt(t.db, throttleKeys(`spray${n}-${i}`, client), now)).allowed).toBe(true);
    const refused = await beginLoginAttempt(t.db, throttleKeys(`fresh${n}`, client), now);
    expect(refused.allowed).toBe(false);
    // The account that was refused because of its client keeps a clean slate.
    expect(await failuresOf(t.db, `user:fresh${n}`, now)).toBe(0);
  });

  it('a success clears the account and gives the client its slot back', async () => {
    const keys = keysFor();
    for (let i = 0; i < 3; i++) await beginLoginAttempt(t.db, keys);
    await beginLoginAttempt(t.db, keys);
    await loginSucceeded(t.db, keys);
    expect(await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, keys.account))).toEqual([]);
    expect(await failuresOf(t.db, keys.client)).toBe(3);
  });

  it('never lowers a client counter below zero', async () => {
    const keys = keysFor();
    await loginSucceeded(t.db, keys);
    await t.db.insert(loginThrottle).values({ key: keys.client, failures: 0, windowStartedAt: Date.now() });
    await loginSucceeded(t.db, keys);
    expect(await failuresOf(t.db, keys.client)).toBe(0);
  });

  it('lets exactly 5 of 12 concurrent attempts on one account through', async () => {
    const keys = keysFor();
    const results = await Promise.all(Array.from({ length: 12 }, () => beginLoginAttempt(t.db, keys)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(await failuresOf(t.db, keys.account)).toBe(5);
    expect(await failuresOf(t.db, keys.client)).toBe(5);
  });

  it('lets exactly 20 of 30 concurrent attempts from one client through', async () => {
    const client = `192.0.2.${++n}`;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => beginLoginAttempt(t.db, throttleKeys(`c${n}-${i}`, client))));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
  });
});
