import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient as createHttpClient } from '@libsql/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndIn, type JourneyCall } from './journeys.ts';
import { startWorkerdApp, type WorkerdApp } from './workerd-app.ts';

/**
 * Mail on Workers (decision 0062): the worker bundled as for `wrangler deploy`, booted in workerd
 * with MAIL_HTTP_PROVIDER=resend and MAIL_API_URL pointing at a stand-in for Resend's API on a
 * local port. A password reset sends its email there, after the answer, and the outbox records it.
 */

const HRANA_TOKEN = 'workerd-mail-hrana-token';
const MAIL_API_KEY = 're_workerd_mail_test_key';
const PUBLIC_URL = 'https://drx.example';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: { from: string; to: string[]; subject: string; text: string };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((wait) => setTimeout(wait, 50))) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

describe('mail from the worker in workerd, over HTTP', () => {
  let app: WorkerdApp;
  let fake: Server;
  let call: JourneyCall;
  const received: Received[] = [];
  let replyStatus = 200;

  /** The outbox row of the newest message to this address, read from the database directly. */
  async function outboxRow(to: string) {
    const client = createHttpClient({ url: app.hrana.url, authToken: HRANA_TOKEN });
    try {
      const rs = await client.execute({ sql: 'SELECT status, error, sent_at FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1', args: [to] });
      return rs.rows[0] as unknown as { status: string; error: string | null; sent_at: string | null } | undefined;
    } finally {
      client.close();
    }
  }

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk));
      req.on('end', () => {
        received.push({ url: req.url!, headers: req.headers, body: JSON.parse(text) as Received['body'] });
        res.writeHead(replyStatus, { 'content-type': 'application/json' }).end(replyStatus === 200 ? '{"id":"fake-email-id"}' : '{"message":"The fake provider refuses"}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const mailApiUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/emails`;
    app = await startWorkerdApp({
      name: 'workerd-mail',
      hranaToken: HRANA_TOKEN,
      bindings: {
        APP_ENV: 'test',
        RATE_LIMIT_MULTIPLIER: '1000',
        PUBLIC_URL,
        MAIL_HTTP_PROVIDER: 'resend',
        MAIL_API_KEY,
        MAIL_API_URL: mailApiUrl,
        MAIL_FROM: 'DRX <mail@drx.example>',
      },
    });
    call = app.call;
  }, 120_000);

  afterEach((context) => {
    const output = app?.log.take();
    if (context.task.result?.state === 'fail' && output) console.error(`workerd output:\n${output}`);
  });

  afterAll(async () => {
    await app?.dispose();
    await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(undefined)));
  });

  it('sends a password reset email to the provider, marks it sent, and its link resets the password', async () => {
    const { username } = await signUpAndIn(call);
    const email = `${username}@test.drx.example`;
    await call('POST /api/password/forgot', '/api/password/forgot', { json: { email }, expect: 202 });

    const message = await until('the reset email at the provider', () => received.find((r) => r.body.to.includes(email)));
    expect(message.url).toBe('/emails');
    expect(message.headers.authorization).toBe(`Bearer ${MAIL_API_KEY}`);
    expect(message.body).toMatchObject({ from: 'DRX <mail@drx.example>', to: [email], subject: 'Reset your DRX password' });
    const link = new RegExp(`${PUBLIC_URL}/reset-password\\?token=([\\w%-]+)`).exec(message.body.text);
    expect(link, message.body.text).not.toBeNull();

    // The worker answered before sending; it stayed up until the outbox recorded the delivery
    // (without the keep-alive of index.ts the send was cancelled with the answer, the row left pending).
    const row = await until('the outbox row marked sent', async () => {
      const r = await outboxRow(email);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'sent', error: null, sent_at: expect.any(String) });

    const newPassword = 'workerd-mail-new-pass-2';
    await call('POST /api/password/reset', '/api/password/reset', { json: { token: decodeURIComponent(link![1]!), newPassword } });
    await call('POST /api/login', '/api/login', { json: { username, password: newPassword } });
  }, 60_000);

  it('marks the email failed, with the provider\'s words, when the provider refuses it', async () => {
    const { username } = await signUpAndIn(call);
    const email = `${username}@test.drx.example`;
    replyStatus = 422;
    try {
      await call('POST /api/password/forgot', '/api/password/forgot', { json: { email }, expect: 202 });
      const row = await until('the outbox row marked failed', async () => {
        const r = await outboxRow(email);
        return r?.status === 'failed' ? r : undefined;
      });
      expect(row.error).toContain('Resend refused the message (HTTP 422)');
      expect(row.error).toContain('The fake provider refuses');
      expect(row.sent_at).toBeNull();
    } finally {
      replyStatus = 200;
    }
  }, 60_000);
});
