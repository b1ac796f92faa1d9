import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../../db/schema/index.ts';
import { createSignedInUser, uniqueUsername } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { DbRateLimitStore, forgetEndedWindows } from '../services/rate-limit-store.ts';
import { RATE_LIMITS } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  // A tenth of the real limits: 2 new accounts and 1 contact message an hour per address.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.1' });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const post = (path: string, body: unknown, ip: string) =>
  t.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip }, body: JSON.stringify(body) });
const register = (ip: string) => post('/api/register', { username: uniqueUsername('rl'), password: 'a-good-password-1' }, ip);

async function expectThrottled(res: Response, message: RegExp) {
  expect(res.status).toBe(429);
  expect((await read<ErrorBody>(res)).message).toMatch(message);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('per-address rate limits', () => {
  it('keeps real defaults that leave room for a classroom', () => {
    expect([RATE_LIMITS.newAccounts.limit, RATE_LIMITS.contact.limit, RATE_LIMITS.uploads.limit]).toEqual([20, 10, 120]);
    expect([RATE_LIMITS.newAccounts.windowMs, RATE_LIMITS.contact.windowMs, RATE_LIMITS.uploads.windowMs]).toEqual([3_600_000, 3_600_000, 3_600_000]);
  });

  it('answers registration past the limit with 429 in the error shape, per address', async () => {
    const ip = freshIp();
    expect((await register(ip)).status).toBe(201);
    expect((await register(ip)).status).toBe(201);
    await expectThrottled(await register(ip), /^Too many new accounts from this address\. Please try again in \d+ minutes?\.$/);
    expect((await register(freshIp())).status).toBe(201);
  });

  it('counts guest enrolment with registration: both create accounts', async () => {
    const instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const course = await buildCourse(t.db, { instructorId: instructor.user.id });
    const ip = freshIp();
    const guest = (n: number) =>
      post('/api/enrollments/guest', { courseId: course.id, first_name: 'Ana', last_name: 'Lima', email: `g${ip}-${n}@example.com`, password: 'guest-password-1' }, ip);
    expect((await register(ip)).status).toBe(201);
    expect((await guest(1)).status).toBe(201);
    await expectThrottled(await guest(2), /^Too many new accounts from this address\./);
  });

  it('limits contact messages per address', async () => {
    const ip = freshIp();
    const message = { name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: 'A question about courses.' };
    expect((await post('/api/contact', message, ip)).status).toBe(201);
    await expectThrottled(await post('/api/contact', message, ip), /^Too many messages from this address\./);
  });

  it('counts concurrent requests atomically: no more than the limit get through', async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 8 }, () => register(ip)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
  });
});

describe('DbRateLimitStore', () => {
  let clock = 1_000_000_000_000;
  const store = () => {
    const s = new DbRateLimitStore(t.db, () => clock);
    s.init({ windowMs: 60_000 });
    return s;
  };

  it('counts hits in a window and starts afresh when it has ended', async () => {
    const s = store();
    expect(await s.increment('k:a')).toEqual({ totalHits: 1, resetTime: new Date(clock + 60_000) });
    clock += 1000;
    expect((await s.increment('k:a')).totalHits).toBe(2);
    expect(await s.get('k:a')).toEqual({ totalHits: 2, resetTime: new Date(clock - 1000 + 60_000) });
    clock += 60_000;
    expect(await s.get('k:a')).toBeUndefined();
    expect(await s.increment('k:a')).toEqual({ totalHits: 1, resetTime: new Date(clock + 60_000) });
  });

  it('decrements without going below zero and resets a key', async () => {
    const s = store();
    await s.increment('k:b');
    await s.decrement('k:b');
    await s.decrement('k:b');
    expect((await s.get('k:b'))?.totalHits).toBe(0);
    await s.resetKey('k:b');
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'k:b'))).toEqual([]);
  });

  it('forgets ended windows', async () => {
    const s = store();
    await s.increment('k:c');
    await forgetEndedWindows(t.db, clock + 60_000);
    expect(await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'k:c'))).toEqual([]);
  });
});
