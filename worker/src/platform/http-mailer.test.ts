import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { CHECKS, runDeploymentChecks } from '../services/deployment-checks.ts';
import { sendEmail } from '../services/outbox.ts';
import { parseEnv } from './env.ts';
import { createHttpMailer, httpMailConfigProblem, workersMailer } from './http-mailer.ts';

/** A stand-in for the provider's API on a local port: records each request, answers `reply`. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
let server: Server;
let apiUrl: string;
const received: Received[] = [];
let reply = { status: 200, body: '{"id":"4ef9a417-02e9-4d39-ad75-9611e0fcc33c"}' };

let t: TestApp;
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(text) });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
  t = await createTestApp();
});
afterAll(async () => {
  t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  reply = { status: 200, body: '{"id":"4ef9a417-02e9-4d39-ad75-9611e0fcc33c"}' };
});

const mailEnv = (overrides: Record<string, string> = {}) =>
  parseEnv({ MAIL_HTTP_PROVIDER: 'resend', MAIL_API_KEY: 're_test_key', MAIL_API_URL: apiUrl, MAIL_FROM: 'DRX <mail@drx.example>', ...overrides });

describe('mail over HTTP (Resend, decision 0062)', () => {
  it('posts one JSON message with the key as a bearer token, the attachments in base64', async () => {
    const mailer = createHttpMailer(mailEnv());
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Pliés – été\r\nEND:VCALENDAR\r\n';
    await mailer({
      to: 'lee@example.test',
      subject: 'Booked',
      text: 'See you',
      replyTo: 'studio@drx.example',
      attachments: [{ filename: 'BK-TEST2345.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/emails');
    expect(request!.headers.authorization).toBe('Bearer re_test_key');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      from: 'DRX <mail@drx.example>',
      to: ['lee@example.test'],
      subject: 'Booked',
      text: 'See you',
      reply_to: 'studio@drx.example',
      attachments: [{ filename: 'BK-TEST2345.ics', content: Buffer.from(ics, 'utf8').toString('base64'), content_type: 'text/calendar; charset=utf-8' }],
    });
    // A sender of the message (the Mail settings) wins over MAIL_FROM; no attachments, no key for them.
    await mailer({ to: 'kim@example.test', subject: 'Hello', text: 'Hi', from: 'Studio <hello@studio.example>' });
    expect(received[1]!.body).toEqual({ from: 'Studio <hello@studio.example>', to: ['kim@example.test'], subject: 'Hello', text: 'Hi' });
  });

  it('through the outbox: a message the provider accepts is sent, one it refuses is failed with its words', async () => {
    const platform = { ...t.platform, mailer: createHttpMailer(mailEnv()) };
    const attachments = [{ filename: 'BK-TEST2345.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }];
    const ok = await sendEmail(platform, { to: 'lee@example.test', subject: 'Booked', text: 'See you', kind: 'booking_confirmed', attachments });
    expect(ok.status).toBe('pending');
    await ok.delivered;
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, ok.id));
    expect(sent).toMatchObject({ status: 'sent', error: null, sentAt: expect.any(String) });
    expect(received[0]!.body).toMatchObject({ to: ['lee@example.test'], attachments: [{ filename: 'BK-TEST2345.ics', content: Buffer.from(attachments[0]!.content).toString('base64') }] });

    reply = { status: 422, body: '{"statusCode":422,"name":"validation_error","message":"The drx.example domain is not verified."}' };
    const refused = await sendEmail(platform, { to: 'kim@example.test', subject: 'Hello', text: 'Hi', kind: 'test' });
    await refused.delivered;
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, refused.id));
    expect(failed!.status).toBe('failed');
    expect(failed!.error).toContain('Resend refused the message (HTTP 422)');
    expect(failed!.error).toContain('The drx.example domain is not verified.');
    expect(failed!.sentAt).toBeNull();
    // The deployment check below counts failed emails: this one is not its subject.
    await t.db.delete(emailOutbox).where(eq(emailOutbox.id, refused.id));
  });

  it('fails closed: a provider without its key refuses to start on Node, fails every message and the deployment check on Workers, in the same words', async () => {
    const words = 'MAIL_HTTP_PROVIDER is resend but MAIL_API_KEY is not set: no email can be sent.';
    const env = parseEnv({ MAIL_HTTP_PROVIDER: 'resend', MAIL_API_URL: apiUrl });
    expect(httpMailConfigProblem(env)).toBe(words);
    expect(() => createHttpMailer(env)).toThrow(words);
    const refusing = workersMailer(env)!;
    await expect(refusing({ to: 'lee@example.test', subject: 'S', text: 'T' })).rejects.toThrow(words);
    expect(received).toHaveLength(0);

    const outboxCheck = CHECKS.filter((c) => c.key === 'outbox');
    const report = await runDeploymentChecks({ ...t.platform, env: { ...t.platform.env, ...env }, mailer: refusing }, outboxCheck);
    expect(report.checks[0]).toMatchObject({ status: 'fail', message: words });
    // Configured: the check names the provider.
    const good = { ...t.platform.env, ...mailEnv() };
    const fine = await runDeploymentChecks({ ...t.platform, env: good, mailer: createHttpMailer(good) }, outboxCheck);
    expect(fine.checks[0]!.message).toContain('delivered by Resend over HTTP');

    expect(httpMailConfigProblem(parseEnv({ MAIL_HTTP_PROVIDER: 'postmark', MAIL_API_KEY: 'k' }))).toBe('MAIL_HTTP_PROVIDER must be one of: resend (it is "postmark").');
    expect(httpMailConfigProblem(parseEnv({ MAIL_API_KEY: 'k' }))).toBe('MAIL_API_KEY is set but MAIL_HTTP_PROVIDER is not: set MAIL_HTTP_PROVIDER=resend, or remove the key.');
    // Nothing set: no HTTP mail, no problem.
    expect(httpMailConfigProblem(parseEnv({}))).toBeUndefined();
    expect(workersMailer(parseEnv({}))).toBeUndefined();
  });
});
