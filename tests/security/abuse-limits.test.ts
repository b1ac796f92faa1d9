import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, uploads } from '../../db/schema/index.ts';
import { createSignedInUser, createUser, DEFAULT_PASSWORD, uniqueUsername } from '../support/factories.ts';
import { buildCourse } from '../support/learning-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Abuse limits as an attacker would try them (decision 0014): locking a real user out by failing
 * their sign-in from elsewhere, slipping past the throttle with a forged address header, filling
 * the server's memory with oversized uploads, and mass sign-ups and messages from one address.
 * These run with the real per-address limits (RATE_LIMIT_MULTIPLIER=1).
 */
const MB = 1024 * 1024;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', MAX_UPLOAD_MB: '1', UPLOAD_QUOTA_MB: '3' });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

/** A request as the Node entry hands it over: from a socket, with whatever headers the caller wrote. */
const fromSocket = (path: string, init: RequestInit, remoteAddress: string) =>
  t.app.request(path, init, { platform: t.platform, incoming: { socket: { remoteAddress } } });

const login = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  fromSocket('/api/login', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username, password }) }, remoteAddress);

describe('sign-in throttling cannot be turned against the owner', () => {
  it('an attacker failing 10 times for a user does not lock the user out of their own address', async () => {
    const victim = await createUser(t.db);
    const attacker = freshIp();
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(victim.username, `guess-${i}`, attacker)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);

    const owner = await login(victim.username, DEFAULT_PASSWORD, freshIp());
    expect(owner.status).toBe(200);
    // The attacker, even with the right password now, is still made to wait.
    const still = await login(victim.username, DEFAULT_PASSWORD, attacker);
    expect(still.status).toBe(429);
    expect(Number(still.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toHaveLength(1);
  }, 60_000);

  it('forged address headers do not give a throttled socket a fresh address', async () => {
    const victim = await createUser(t.db);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) await login(victim.username, `guess-${i}`, attacker);
    for (const header of ['cf-connecting-ip', 'x-forwarded-for', 'x-real-ip']) {
      const res = await login(victim.username, 'another-guess', attacker, { [header]: freshIp() });
      expect(res.status).toBe(429);
    }
  }, 60_000);

  it('one address spraying many accounts is slowed down after 20 failures', async () => {
    const attacker = freshIp();
    const results = await Promise.all(Array.from({ length: 25 }, () => login(uniqueUsername('spray'), 'password-guess', attacker)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  }, 60_000);
});

describe('oversized uploads are refused before they fill memory', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await createSignedInUser(t.db));
  });

  function filesUnder(dir: string): string[] {
    try {
      return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    } catch {
      return [];
    }
  }
  const stored = async () => ({ rows: (await t.db.select({ key: uploads.key }).from(uploads)).length, files: filesUnder(resolve(t.dir, 'uploads')).length });

  /** A 95 MB multipart "file", produced only as fast as the server reads it. */
  function hugeUpload() {
    const boundary = 'attackerboundary';
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF-1.4\n`);
    const chunk = new Uint8Array(256 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 95 * MB) return controller.close();
        const next = pulled === 0 ? head : chunk;
        pulled += next.length;
        controller.enqueue(next);
      },
    });
    return { body, type: `multipart/form-data; boundary=${boundary}`, pulled: () => pulled };
  }
  const upload = (body: BodyInit, headers: Record<string, string>) =>
    t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}`, ...headers }, duplex: 'half' } as RequestInit);

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const before = await stored();
    const huge = hugeUpload();
    const res = await upload(huge.body, { 'content-type': huge.type, 'content-length': String(95 * MB) });
    expect(res.status).toBe(413);
    expect(await read<ErrorBody>(res)).toEqual({ message: 'File too large' });
    expect(huge.pulled()).toBeLessThan(1024 * 1024);
    expect(await stored()).toEqual(before);
  });

  it('cuts off a body sent without a length, or with a false one, at the limit', async () => {
    const before = await stored();
    for (const headers of [{}, { 'content-length': '2048' }] as Record<string, string>[]) {
      const huge = hugeUpload();
      const res = await upload(huge.body, { 'content-type': huge.type, ...headers });
      expect(res.status).toBe(413);
      expect(await read<ErrorBody>(res)).toEqual({ message: 'File too large' });
      expect(huge.pulled()).toBeLessThan(2 * MB);
    }
    expect(await stored()).toEqual(before);
  });

  it('stops an account at its quota with a clear 413', async () => {
    const { token: own } = await createSignedInUser(t.db);
    const pdf = (size: number) => {
      const form = new FormData();
      const bytes = new Uint8Array(size);
      bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
      form.append('file', new File([bytes], 'notes.pdf', { type: 'application/pdf' }));
      return form;
    };
    const send = (size: number) => t.request('/api/upload', { method: 'POST', body: pdf(size), headers: { authorization: `Bearer ${own}` } });
    for (let i = 0; i < 3; i++) expect((await send(MB - 1000)).status).toBe(201);
    const over = await send(5000);
    expect(over.status).toBe(413);
    expect(await read<ErrorBody>(over)).toEqual({ message: 'Upload quota exceeded (3 MB per account)' });
  });
});

describe('mass sign-ups and messages from one address', () => {
  const post = (path: string, body: unknown, ip: string) =>
    t.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip }, body: JSON.stringify(body) });

  it('registration: 20 accounts an hour per address, then 429 with Retry-After', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await post('/api/register', { username: uniqueUsername('bulk'), password: 'bulk-password-1' }, ip)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
    // Guest enrolment creates accounts too and shares the counter.
    const instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const course = await buildCourse(t.db, { instructorId: instructor.user.id });
    const guest = await post('/api/enrollments/guest', { courseId: course.id, first_name: 'Bot', last_name: 'Net', email: `bot-${ip}@example.com`, password: 'bulk-password-1' }, ip);
    expect(guest.status).toBe(429);
    expect(Number(guest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await read<ErrorBody>(guest)).message).toMatch(/^Too many new accounts from this address\. Please try again in \d+ minutes?\.$/);
  }, 120_000);

  it('contact: 10 messages an hour per address, then 429', async () => {
    const ip = freshIp();
    const message = { name: 'Spam', email: 'spam@example.com', subject: 'Offer', message: 'Buy followers for your studio now.' };
    for (let i = 0; i < 10; i++) expect((await post('/api/contact', message, ip)).status).toBe(201);
    const refused = await post('/api/contact', message, ip);
    expect(refused.status).toBe(429);
    expect((await read<ErrorBody>(refused)).message).toMatch(/^Too many messages from this address\./);
    expect((await post('/api/contact', message, freshIp())).status).toBe(201);
  });
});
