import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  ACCOUNT_FREE_FAILURES,
  beginLoginAttempt,
  CLIENT_FREE_FAILURES,
  delayAfter,
  failuresOf,
  FIRST_DELAY_MS,
  forgetExpired,
  loginFailed,
  loginSucceeded,
  MAX_DELAY_MS,
  THROTTLE_WINDOW_MS,
  throttleKeys,
  tooManySignInAttempts,
  waitText,
  type LoginAttempt,
} from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const keysFor = () => throttleKeys(`Account${++n}`, `192.0.2.${n}`);
const granted = (attempt: LoginAttempt) => {
  if (!attempt.allowed) throw new Error('expected the attempt to be allowed');
  return attempt;
};
const blockedUntilOf = async (key: string) =>
  (await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0]?.blockedUntil ?? 0;

describe('login throttle', () => {
  it('has growing delays: 5 free failures per account and address, 20 per address, then 30 s doubling to 15 min', () => {
    expect([ACCOUNT_FREE_FAILURES, CLIENT_FREE_FAILURES, FIRST_DELAY_MS, MAX_DELAY_MS]).toEqual([5, 20, 30_000, 15 * 60_000]);
    expect([4, 5, 6, 7, 8, 9, 10, 30].map((f) => delayAfter(f, 5) / 1000)).toEqual([0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('keys an account by lowercased name together with its address, and the address alone', () => {
    expect(throttleKeys('  MiXed.Case ', '10.0.0.1')).toEqual({ account: 'user:mixed.case|ip:10.0.0.1', client: 'ip:10.0.0.1' });
  });

  it('allows 5 attempts per account and address, then blocks for 30 s, then for twice as long per failure', async () => {
    const keys = keysFor();
    const now = 1_000_000_000_000;
    for (let i = 0; i < 5; i++) expect((await beginLoginAttempt(t.db, keys, now + i)).allowed).toBe(true);
    expect(await blockedUntilOf(keys.account)).toBe(now + 4 + 30_000);
    expect(await beginLoginAttempt(t.db, keys, now + 10_004)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    // The refused attempt counted nowhere.
    expect(await failuresOf(t.db, keys.account, now + 10_000)).toBe(5);
    expect(await failuresOf(t.db, keys.client, now + 10_000)).toBe(5);

    const later = now + 40_000;
    expect((await beginLoginAttempt(t.db, keys, later)).allowed).toBe(true);
    expect(await blockedUntilOf(keys.account)).toBe(later + 60_000);
    const refused = await beginLoginAttempt(t.db, keys, later + 1000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });

  it('forgets failures once the window has passed and the key is not blocked', async () => {
    const keys = keysFor();
    const now = 1_100_000_000_000;
    for (let i = 0; i < 5; i++) await beginLoginAttempt(t.db, keys, now);
    const later = now + THROTTLE_WINDOW_MS;
    expect((await beginLoginAttempt(t.db, keys, later)).allowed).toBe(true);
    expect(await failuresOf(t.db, keys.account, later)).toBe(1);
    expect(await blockedUntilOf(keys.account)).toBe(0);
  });

  it('blocks an address after 20 failures across accounts, without counting against the refused account', async () => {
    const client = `192.0.2.${++n}`;
    const now = Date.now();
    for (let i = 0; i < 20; i++) expect((await beginLoginAttempt(t.db, throttleKeys(`spray${n}-${i}`, client), now)).allowed).toBe(true);
    const fresh = throttleKeys(`fresh${n}`, client);
    const refused = await beginLoginAttempt(t.db, fresh, now);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await failuresOf(t.db, fresh.account, now)).toBe(0);
    expect(await blockedUntilOf(fresh.account)).toBe(0);
  });

  it('does not block the same account at another address', async () => {
    const owner = throttleKeys(`Owner${++n}`, '203.0.113.7');
    const attacker = throttleKeys(`Owner${n}`, '198.51.100.66');
    const now = Date.now();
    for (let i = 0; i < 10; i++) await beginLoginAttempt(t.db, attacker, now);
    expect((await beginLoginAttempt(t.db, attacker, now)).allowed).toBe(false);
    expect((await beginLoginAttempt(t.db, owner, now)).allowed).toBe(true);
  });

  it('a success clears the account at this address and gives the address its slot back, block included', async () => {
    const keys = keysFor();
    const now = Date.now();
    for (let i = 0; i < 4; i++) await beginLoginAttempt(t.db, keys, now);
    const fifth = granted(await beginLoginAttempt(t.db, keys, now));
    expect(await blockedUntilOf(keys.account)).toBeGreaterThan(now);
    await loginSucceeded(t.db, fifth);
    expect(await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, keys.account))).toEqual([]);
    expect(await failuresOf(t.db, keys.client, now)).toBe(4);
  });

  it('a success from an address in its delays does not leave the address blocked', async () => {
    const client = `192.0.2.${++n}`;
    // 21 failures: the address was blocked for a minute; that minute has passed.
    await t.db.insert(loginThrottle).values({ key: `ip:${client}`, failures: 21, windowStartedAt: Date.now() - 10 * 60_000, blockedUntil: Date.now() - 1000 });
    const attempt = granted(await beginLoginAttempt(t.db, throttleKeys(`owner${n}`, client)));
    expect(await blockedUntilOf(`ip:${client}`)).toBeGreaterThan(Date.now());
    await loginSucceeded(t.db, attempt);
    expect(await blockedUntilOf(`ip:${client}`)).toBe(0);
    expect(await failuresOf(t.db, `ip:${client}`)).toBe(21);
  });

  it('lifts a block that attempts still being checked set, once they turn out right, in whatever order they end', async () => {
    const client = `192.0.2.${++n}`;
    const now = Date.now();
    // 20 attempts from one address at once: the 20th reservation blocks the address.
    const attempts = [];
    for (let i = 0; i < 20; i++) attempts.push(granted(await beginLoginAttempt(t.db, throttleKeys(`right${n}-${i}`, client), now)));
    expect(await blockedUntilOf(`ip:${client}`)).toBeGreaterThan(now);
    // All of them had the right password; the one that set the block ends last.
    for (const attempt of attempts) await loginSucceeded(t.db, attempt);
    expect(await blockedUntilOf(`ip:${client}`)).toBe(0);
    expect(await failuresOf(t.db, `ip:${client}`)).toBe(0);
    expect((await beginLoginAttempt(t.db, throttleKeys(`next${n}`, client))).allowed).toBe(true);
  });

  it('keeps the block of verified failures while other attempts are still being checked', async () => {
    const client = `192.0.2.${++n}`;
    const now = Date.now();
    const attempts = [];
    for (let i = 0; i < 20; i++) attempts.push(granted(await beginLoginAttempt(t.db, throttleKeys(`wrong${n}-${i}`, client), now)));
    // 19 wrong passwords and one still being checked: the block stands until that one is known.
    for (const attempt of attempts.slice(0, 19)) await loginFailed(t.db, attempt);
    expect(await blockedUntilOf(`ip:${client}`)).toBeGreaterThan(now);
    // It was wrong too: 20 verified failures, the address stays blocked.
    await loginFailed(t.db, attempts[19]!);
    expect(await blockedUntilOf(`ip:${client}`)).toBeGreaterThan(now);
    expect(await failuresOf(t.db, `ip:${client}`)).toBe(20);
  });

  it('never lowers an address counter below zero', async () => {
    const keys = keysFor();
    const attempt = granted(await beginLoginAttempt(t.db, keys));
    await t.db.update(loginThrottle).set({ failures: 0 }).where(eq(loginThrottle.key, keys.client));
    await loginSucceeded(t.db, attempt);
    expect(await failuresOf(t.db, keys.client)).toBe(0);
  });

  it('lets exactly 5 of 12 concurrent attempts on one account at one address through', async () => {
    const keys = keysFor();
    const results = await Promise.all(Array.from({ length: 12 }, () => beginLoginAttempt(t.db, keys)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(await failuresOf(t.db, keys.account)).toBe(5);
    expect(await failuresOf(t.db, keys.client)).toBe(5);
  });

  it('lets exactly 20 of 30 concurrent attempts from one address through', async () => {
    const client = `192.0.2.${++n}`;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => beginLoginAttempt(t.db, throttleKeys(`c${n}-${i}`, client))));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
  });

  it('removes rows that neither count nor block any more', async () => {
    const keys = keysFor();
    const old = Date.now() - THROTTLE_WINDOW_MS - 1000;
    await beginLoginAttempt(t.db, keys, old);
    await forgetExpired(t.db);
    expect(await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, keys.account))).toEqual([]);
  });

  it('says how long to wait in words and in Retry-After', () => {
    expect([1, 30, 60, 61, 900].map(waitText)).toEqual(['1 second', '30 seconds', '1 minute', '2 minutes', '15 minutes']);
    const err = tooManySignInAttempts(30);
    expect([err.status, err.message, err.headers]).toEqual([
      429,
      'Too many failed sign-in attempts. Please try again in 30 seconds.',
      { 'Retry-After': '30' },
    ]);
  });
});
