import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResetTokens, sessions, users } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { NO_SIGN_IN_PASSWORD_HASH } from '../domain/content-accounts.ts';
import { verifyPassword } from '../domain/password.ts';
import { hashToken } from '../domain/tokens.ts';
import { CURRENT_PASSWORD_WRONG } from '../services/accounts.ts';
import type { OutboxMessageView } from '../../../shared/outbox.ts';
import {
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  RESET_REQUESTED,
} from '../services/password-reset.ts';
import type { SessionView } from '../../../shared/sessions.ts';
import { NEW_PASSWORD_SAME } from '../schemas/account.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://drx.example' });
});
afterAll(() => t.close());

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const me = (token: string) => t.json('GET', '/api/me', undefined, token);
const resetLinksTo = async (email: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((m) => m.textBody.match(/token=([\w-]+)/)?.[1]);

async function loginAs(username: string, password: string, userAgent = CHROME_LINUX, address = '203.0.113.7') {
  return t.app.request(
    '/api/login',
    { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': userAgent }, body: JSON.stringify({ username, password }) },
    { platform: t.platform, clientAddress: address },
  );
}

/** Asks for a reset link and returns its token, read from the outbox as the admin would. */
async function resetTokenFor(user: { email: string | null }): Promise<string> {
  const res = await t.json('POST', '/api/password/forgot', { email: user.email });
  expect(res.status).toBe(202);
  const tokens = await resetLinksTo(user.email!);
  return tokens.at(-1)!;
}

describe('POST /api/me/password', () => {
  it('changes the password with the current one and ends every other session, not this one', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const other = await signIn(t.db, user.id);
    const res = await t.json('POST', '/api/me/password', { currentPassword: user.password, newPassword: 'a-brand-new-secret' }, token);
    expect(res.status).toBe(200);
    expect((await me(token)).status).toBe(200);
    const stale = await me(other);
    expect(stale.status).toBe(401);
    expect((await read<ErrorBody>(stale)).message).toBe('Invalid token');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword('a-brand-new-secret', row!.passwordHash)).toBe(true);
    expect((await loginAs(user.username, user.password)).status).toBe(401);
    expect((await loginAs(user.username, 'a-brand-new-secret')).status).toBe(200);
  });

  it('answers 400 with validationErrors for a wrong current password and changes nothing', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const res = await t.json('POST', '/api/me/password', { currentPassword: 'not-my-password', newPassword: 'a-brand-new-secret' }, token);
    expect(res.status).toBe(400);
    expect(await read<ErrorBody>(res)).toEqual({ message: CURRENT_PASSWORD_WRONG, validationErrors: { currentPassword: [CURRENT_PASSWORD_WRONG] } });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(user.password, row!.passwordHash)).toBe(true);
  });

  it('refuses a weak, missing or unchanged new password, and a missing current one', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const cases: [unknown, string, string][] = [
      [{ currentPassword: user.password, newPassword: 'short' }, 'newPassword', 'Password must be at least 8 characters'],
      [{ currentPassword: user.password }, 'newPassword', 'New password is required'],
      [{ currentPassword: user.password, newPassword: user.password }, 'newPassword', NEW_PASSWORD_SAME],
      [{ newPassword: 'a-brand-new-secret' }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: '', newPassword: 'a-brand-new-secret' }, 'currentPassword', 'Current password is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.json('POST', '/api/me/password', body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors?.[field]).toEqual([message]);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.json('POST', '/api/me/password', { currentPassword: 'x', newPassword: 'a-brand-new-secret' })).status).toBe(401);
  });
});

describe('sessions: list, sign out one, sign out everywhere else', () => {
  it('lists the live sessions with device, address, times and the current flag, current first', async () => {
    const user = await createUser(t.db);
    const phone = await read<{ access_token: string }>(await loginAs(user.username, user.password, SAFARI_IPHONE, '198.51.100.23'));
    const laptop = await read<{ access_token: string }>(await loginAs(user.username, user.password, CHROME_LINUX, '203.0.113.7'));
    const res = await t.json('GET', '/api/me/sessions', undefined, laptop.access_token);
    expect(res.status).toBe(200);
    const { data } = await read<{ data: SessionView[] }>(res);
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ device: 'Chrome on Linux', ip_address: '203.0.113.7', current: true });
    expect(data[1]).toMatchObject({ device: 'Safari on iOS', ip_address: '198.51.100.23', current: false });
    for (const s of data) {
      expect(Date.parse(s.created_at)).not.toBeNaN();
      expect(Date.parse(s.last_seen_at)).not.toBeNaN();
    }
    expect(phone.access_token).not.toBe(laptop.access_token);
  });

  it('leaves out ended sessions and those of other users', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const ended = await signIn(t.db, user.id);
    await t.json('POST', '/api/logout', undefined, ended);
    await createSignedInUser(t.db);
    const { data } = await read<{ data: SessionView[] }>(await t.json('GET', '/api/me/sessions', undefined, token));
    expect(data.map((s) => s.current)).toEqual([true]);
  });

  it('signs out one of my sessions by id; another user\'s session is 404 and stays', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const other = await signIn(t.db, user.id);
    const { data } = await read<{ data: SessionView[] }>(await t.json('GET', '/api/me/sessions', undefined, token));
    const otherId = data.find((s) => !s.current)!.id;
    const res = await t.json('DELETE', `/api/me/sessions/${otherId}`, undefined, token);
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(token)).status).toBe(200);
    expect((await t.json('DELETE', `/api/me/sessions/${otherId}`, undefined, token)).status).toBe(404);

    const stranger = await createSignedInUser(t.db);
    const [strangerSession] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(stranger.token)));
    const foreign = await t.json('DELETE', `/api/me/sessions/${strangerSession!.id}`, undefined, token);
    expect(foreign.status).toBe(404);
    expect((await read<ErrorBody>(foreign)).message).toBe('Session not found');
    expect((await me(stranger.token)).status).toBe(200);
    expect((await t.json('DELETE', '/api/me/sessions/abc', undefined, token)).status).toBe(400);
    expect((await t.json('DELETE', `/api/me/sessions/${otherId}`)).status).toBe(401);
  });

  it('signs out of the current session too when its id is given', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.json('DELETE', `/api/me/sessions/${row!.id}`, undefined, token);
    expect(await read(res)).toMatchObject({ id: row!.id, current: true });
    expect((await me(token)).status).toBe(401);
    expect(user.id).toBeGreaterThan(0);
  });

  it('"sign out everywhere" ends every other session and keeps this one', async () => {
    const { user, token } = await createSignedInUser(t.db);
    const others = [await signIn(t.db, user.id), await signIn(t.db, user.id)];
    const res = await t.json('POST', '/api/me/sessions/revoke-others', undefined, token);
    expect(res.status).toBe(200);
    expect(await read(res)).toMatchObject({ revoked: 2 });
    for (const o of others) expect((await me(o)).status).toBe(401);
    expect((await me(token)).status).toBe(200);
  });
});

describe('idle sessions', () => {
  const age = (token: string, days: number) =>
    t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - days * 86_400_000).toISOString() })
      .where(eq(sessions.tokenHash, hashToken(token)));

  it('a session unused for 7 days is an invalid token; one used 6 days ago still works', async () => {
    const { token } = await createSignedInUser(t.db);
    await age(token, 6);
    expect((await me(token)).status).toBe(200);
    await age(token, 7.01);
    const res = await me(token);
    expect(res.status).toBe(401);
    expect((await read<ErrorBody>(res)).message).toBe('Invalid token');
  });

  it('an old session without last_seen_at counts from its creation', async () => {
    const { token } = await createSignedInUser(t.db);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: null, createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(token)).status).toBe(401);
  });

  it('moves last_seen_at forward only when it is a few minutes old', async () => {
    const { token } = await createSignedInUser(t.db);
    const seen = async () => (await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0]!.lastSeenAt!;
    const fresh = await seen();
    await me(token);
    expect(await seen()).toBe(fresh);
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.tokenHash, hashToken(token)));
    await me(token);
    expect(await seen()).not.toBe(old);
    expect(Date.parse(await seen())).toBeGreaterThan(Date.now() - 60_000);
  });

  it('SESSION_IDLE_DAYS sets the limit', async () => {
    const short = await createTestApp({ SESSION_IDLE_DAYS: '1' });
    try {
      const { token } = await createSignedInUser(short.db);
      await short.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 2 * 86_400_000).toISOString() })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await short.json('GET', '/api/me', undefined, token)).status).toBe(401);
    } finally {
      short.close();
    }
  });
});

describe('POST /api/password/forgot', () => {
  it('answers 202 with the same message for an email, a username, and names that have no account', async () => {
    const user = await createUser(t.db);
    const bodies = [{ email: user.email }, { username: user.username }, { email: 'nobody@nowhere.example' }, { username: 'no-such-user-here' }];
    for (const body of bodies) {
      const res = await t.json('POST', '/api/password/forgot', body);
      expect(res.status).toBe(202);
      expect(await read(res)).toEqual({ message: RESET_REQUESTED });
    }
    expect(await resetLinksTo(user.email!)).toHaveLength(2);
  });

  it('writes a link on PUBLIC_URL to the outbox and keeps only the token hash, expiring in an hour', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    const [message] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email!));
    expect(message).toMatchObject({ kind: 'password-reset', status: 'logged', subject: 'Reset your DRX password' });
    expect(message!.textBody).toContain(`https://drx.example/reset-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    const ttl = Date.parse(row!.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('with mail configured, the link is delivered and the answer does not wait for the mail server', async () => {
    const user = await createUser(t.db);
    let release: () => void = () => undefined;
    const delivered: string[] = [];
    t.platform.mailer = (m) =>
      new Promise<void>((resolve) => {
        release = () => {
          delivered.push(m.text);
          resolve();
        };
      });
    try {
      const res = await t.json('POST', '/api/password/forgot', { email: user.email });
      expect(res.status).toBe(202);
      const [pending] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email!));
      expect(pending!.status).toBe('pending');
      release();
      await expect.poll(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, pending!.id)))[0]!.status).toBe('sent');
      expect(delivered[0]).toContain('https://drx.example/reset-password?token=');
    } finally {
      delete t.platform.mailer;
    }
  });

  it('sends nothing for a deactivated account, one without email, or a demo content owner', async () => {
    const inactive = await createUser(t.db, { isActive: false });
    const noEmail = await createUser(t.db, { email: null });
    const owner = await createUser(t.db);
    await t.db.update(users).set({ passwordHash: NO_SIGN_IN_PASSWORD_HASH }).where(eq(users.id, owner.id));
    for (const u of [inactive, noEmail, owner]) {
      const res = await t.json('POST', '/api/password/forgot', { username: u.username });
      expect(res.status).toBe(202);
      expect(await read(res)).toEqual({ message: RESET_REQUESTED });
      expect((await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id))).length).toBe(0);
    }
  });

  it('sends at most 3 links an hour to one account, and still answers the same', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await t.json('POST', '/api/password/forgot', { username: user.username });
      expect(res.status).toBe(202);
      expect(await read(res)).toEqual({ message: RESET_REQUESTED });
    }
    expect(await resetLinksTo(user.email!)).toHaveLength(3);
  });

  it('needs an email or a username', async () => {
    const res = await t.json('POST', '/api/password/forgot', {});
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({ email: ['Enter your email address or username'] });
    expect((await t.json('POST', '/api/password/forgot', { email: 42 })).status).toBe(400);
  });
});

describe('POST /api/password/reset', () => {
  it('sets the new password, ends every session and every other reset link of the account', async () => {
    const { user, token: session } = await createSignedInUser(t.db);
    const first = await resetTokenFor(user);
    const second = await resetTokenFor(user);
    const res = await t.json('POST', '/api/password/reset', { token: second, newPassword: 'reset-to-this-one' });
    expect(res.status).toBe(200);
    expect((await me(session)).status).toBe(401);
    expect((await loginAs(user.username, user.password)).status).toBe(401);
    expect((await loginAs(user.username, 'reset-to-this-one')).status).toBe(200);
    const again = await t.json('POST', '/api/password/reset', { token: first, newPassword: 'and-once-more-1' });
    expect(again.status).toBe(400);
    expect((await read<ErrorBody>(again)).message).toBe(RESET_LINK_USED);
  });

  it('works once', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    expect((await t.json('POST', '/api/password/reset', { token, newPassword: 'reset-to-this-one' })).status).toBe(200);
    const res = await t.json('POST', '/api/password/reset', { token, newPassword: 'someone-else-123' });
    expect(res.status).toBe(400);
    expect(await read(res)).toEqual({ message: RESET_LINK_USED, validationErrors: { token: [RESET_LINK_USED] } });
  });

  it('refuses an expired or unknown token with a clear message', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const expired = await t.json('POST', '/api/password/reset', { token, newPassword: 'reset-to-this-one' });
    expect(expired.status).toBe(400);
    expect((await read<ErrorBody>(expired)).message).toBe(RESET_LINK_EXPIRED);
    const unknown = await t.json('POST', '/api/password/reset', { token: 'x'.repeat(43), newPassword: 'reset-to-this-one' });
    expect(unknown.status).toBe(400);
    expect((await read<ErrorBody>(unknown)).message).toBe(RESET_LINK_INVALID);
  });

  it('checks the new password by the same rules, and keeps the link for a second try', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    const weak = await t.json('POST', '/api/password/reset', { token, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect((await read<ErrorBody>(weak)).validationErrors?.newPassword).toEqual(['Password must be at least 8 characters']);
    expect((await t.json('POST', '/api/password/reset', { newPassword: 'long-enough-1' })).status).toBe(400);
    expect((await t.json('POST', '/api/password/reset', { token, newPassword: 'long-enough-1' })).status).toBe(200);
  });

  it('lets only one of two concurrent resets with the same link succeed', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    const answers = await Promise.all([
      t.json('POST', '/api/password/reset', { token, newPassword: 'first-racer-pass' }),
      t.json('POST', '/api/password/reset', { token, newPassword: 'second-racer-pass' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'first-racer-pass' : 'second-racer-pass';
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(winner, row!.passwordHash)).toBe(true);
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists messages newest first, a page at a time, for ADMIN only', async () => {
    const admin = await createAdmin(t.db);
    const adminToken = await signIn(t.db, admin.id);
    const user = await createUser(t.db);
    await resetTokenFor(user);
    await resetTokenFor(user);
    const res = await t.json('GET', '/api/admin/outbox?pageSize=1', undefined, adminToken);
    expect(res.status).toBe(200);
    const page = await read<{ data: OutboxMessageView[]; total: number; page: number; pageSize: number }>(res);
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.data[0]).toMatchObject({ to: user.email, kind: 'password-reset', status: 'logged' });
    const [newest] = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(sql`${emailOutbox.id} DESC`).limit(1);
    expect(page.data[0]!.id).toBe(newest!.id);

    for (const roles of [['STUDENT'], ['CURRICULUM_ADMIN'], ['INSTRUCTOR_ADMIN']] as const) {
      const { token } = await createSignedInUser(t.db, { roles });
      expect((await t.json('GET', '/api/admin/outbox', undefined, token)).status, roles.join()).toBe(403);
    }
    expect((await t.json('GET', '/api/admin/outbox')).status).toBe(401);
    expect((await t.json('GET', '/api/admin/outbox?page=0', undefined, adminToken)).status).toBe(400);
  });
});
