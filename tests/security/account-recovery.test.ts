import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, emailOutbox, passwordResetTokens, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../worker/src/domain/tokens.ts';
import { createCourse } from '../support/course-factories.ts';
import { createSignedInUser, createUser, signIn } from '../support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Account recovery as an attacker would try it (decision 0016): guessing which accounts
 * exist, replaying or outliving a reset link, keeping a stolen session after the owner resets,
 * and planting their own host in links the app makes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (body: unknown) => t.json('POST', '/api/password/forgot', body);
const reset = (token: string, newPassword: string) => t.json('POST', '/api/password/reset', { token, newPassword });

async function linkFor(email: string): Promise<string> {
  expect((await forgot({ email })).status).toBe(202);
  const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  return rows.at(-1)!.textBody.match(/token=([\w-]+)/)![1]!;
}

describe('forgot password does not tell who has an account', () => {
  it('answers an existing and an unknown email or username byte for byte the same', async () => {
    const user = await createUser(t.db);
    const answers = await Promise.all(
      [{ email: user.email }, { email: `no-${user.email}` }, { username: user.username }, { username: `${user.username}-x` }].map(async (body) => {
        const res = await forgot(body);
        return { status: res.status, body: await res.text() };
      }),
    );
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(202);
  });
});

describe('forgot password is limited per address', () => {
  it('the 11th request within an hour from one address answers 429 with Retry-After', async () => {
    const real = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const ask = () =>
        real.json('POST', '/api/password/forgot', { email: `someone-${randomBytes(3).toString('hex')}@example.com` });
      for (let i = 0; i < 10; i++) expect((await ask()).status).toBe(202);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await read<ErrorBody>(refused)).message).toMatch(/^Too many password reset requests from this address\./);
    } finally {
      real.close();
    }
  });
});

describe('a reset link', () => {
  it('is stored only as its hash, so a copy of the database gives no usable link', async () => {
    const user = await createUser(t.db);
    const token = await linkFor(user.email!);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    const leaked = await reset(rows[0]!.tokenHash, 'attacker-chosen-1');
    expect(leaked.status).toBe(400);
  });

  it('works once: a replay after the owner used it is refused', async () => {
    const user = await createUser(t.db);
    const token = await linkFor(user.email!);
    expect((await reset(token, 'owner-new-pass-1')).status).toBe(200);
    const replay = await reset(token, 'attacker-chosen-1');
    expect(replay.status).toBe(400);
    expect((await read<ErrorBody>(replay)).message).toMatch(/already been used/);
  });

  it('dies after an hour', async () => {
    const user = await createUser(t.db);
    const token = await linkFor(user.email!);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const late = await reset(token, 'attacker-chosen-1');
    expect(late.status).toBe(400);
    expect((await read<ErrorBody>(late)).message).toMatch(/expired/);
  });

  it('cannot be guessed: random tokens are refused', async () => {
    for (let i = 0; i < 5; i++) {
      const guess = randomBytes(32).toString('base64url');
      expect((await reset(guess, 'attacker-chosen-1')).status).toBe(400);
    }
  });

  it('once used, signs out every session, so a stolen session ends with the reset', async () => {
    const { user, token: stolen } = await createSignedInUser(t.db);
    const another = await signIn(t.db, user.id);
    const link = await linkFor(user.email!);
    expect((await reset(link, 'owner-new-pass-1')).status).toBe(200);
    for (const session of [stolen, another]) {
      const res = await t.json('GET', '/api/me', undefined, session);
      expect(res.status).toBe(401);
      expect((await read<ErrorBody>(res)).message).toBe('Invalid token');
    }
  });
});

describe('a password change', () => {
  it('needs the current password, so a stolen session cannot lock the owner out', async () => {
    const { token } = await createSignedInUser(t.db);
    const res = await t.json('POST', '/api/me/password', { currentPassword: 'a-guess-123', newPassword: 'attacker-chosen-1' }, token);
    expect(res.status).toBe(400);
  });
});

describe('sessions', () => {
  it('another user cannot end my session by its id', async () => {
    const victim = await createSignedInUser(t.db);
    const attacker = await createSignedInUser(t.db);
    const { data } = await read<{ data: { id: number }[] }>(await t.json('GET', '/api/me/sessions', undefined, victim.token));
    expect((await t.json('DELETE', `/api/me/sessions/${data[0]!.id}`, undefined, attacker.token)).status).toBe(404);
    expect((await t.json('GET', '/api/me', undefined, victim.token)).status).toBe(200);
  });

  it('a session unused for 7 days no longer works', async () => {
    const { token } = await createSignedInUser(t.db);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.json('GET', '/api/me', undefined, token)).status).toBe(401);
  });
});

describe('absolute links never come from the Host header', () => {
  it('a certificate asked for with Host: evil.example links to the configured origin', async () => {
    const configurations: Record<string, string>[] = [{}, { PUBLIC_URL: 'https://drx.example' }];
    for (const overrides of configurations) {
      const app = await createTestApp(overrides);
      try {
        const { user, token } = await createSignedInUser(app.db);
        const course = await createCourse(app.db);
        const [cert] = await app.db
          .insert(certificates)
          .values({ code: `DRX-${randomBytes(4).toString('hex').toUpperCase()}`, userId: user.id, courseId: course.id })
          .returning();
        const res = await app.request(`http://evil.example/api/certificates/${cert!.id}`, {
          headers: { host: 'evil.example', authorization: `Bearer ${token}`, 'x-forwarded-host': 'evil.example' },
        });
        expect(res.status).toBe(200);
        const body = await res.text();
        expect(body).not.toContain('evil.example');
        const view = JSON.parse(body) as { verify_url_absolute: string; verify_url: string };
        const origin = 'PUBLIC_URL' in overrides ? 'https://drx.example' : 'http://localhost:3000';
        expect(view.verify_url_absolute).toBe(`${origin}${view.verify_url}`);
      } finally {
        app.close();
      }
    }
  });

  it('a reset email asked for with Host: evil.example links to the configured origin', async () => {
    const user = await createUser(t.db);
    const res = await t.request('http://evil.example/api/password/forgot', {
      method: 'POST',
      headers: { host: 'evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(202);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email!));
    expect(mail!.textBody).not.toContain('evil.example');
    expect(mail!.textBody).toContain('http://localhost:3000/reset-password?token=');
  });
});
