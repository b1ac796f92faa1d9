import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { MailMessage } from '../platform/mailer.ts';
import { createSmtpMailer } from '../platform/smtp-mailer.ts';
import { sendEmail } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (kind = 'test') => ({ to: 'someone@example.com', subject: 'Hello', text: 'Line one\nLine two', kind });
const rowOf = async (id: number) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

describe('sendEmail', () => {
  it('without mail configured: kept as logged for the admin', async () => {
    const { id, status, delivered } = await sendEmail(t.platform, message());
    await delivered;
    expect(status).toBe('logged');
    expect(await rowOf(id)).toMatchObject({ toAddress: 'someone@example.com', subject: 'Hello', textBody: 'Line one\nLine two', status: 'logged', sentAt: null });
  });

  it('with a mailer: pending, then sent', async () => {
    const sent: MailMessage[] = [];
    const { id, status, delivered } = await sendEmail({ ...t.platform, mailer: async (m) => void sent.push(m) }, message('welcome'));
    expect(status).toBe('pending');
    await delivered;
    expect(sent).toEqual([{ to: 'someone@example.com', subject: 'Hello', text: 'Line one\nLine two' }]);
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(Date.parse(row.sentAt!)).not.toBeNaN();
  });

  it('a refused delivery is marked failed with the reason, and the caller is not affected', async () => {
    const failing = async () => {
      throw new Error('550 mailbox unavailable');
    };
    const { id, delivered } = await sendEmail({ ...t.platform, mailer: failing }, message());
    await delivered;
    expect(await rowOf(id)).toMatchObject({ status: 'failed', error: '550 mailbox unavailable' });
  });

  it('SMTP_URL set where there is no mailer (Workers): pending, waiting for one', async () => {
    const { id } = await sendEmail({ ...t.platform, env: { ...t.platform.env, SMTP_URL: 'smtp://mail.example:587' } }, message());
    expect((await rowOf(id)).status).toBe('pending');
  });
});

/** A tiny SMTP server that accepts every message and keeps its DATA. */
function fakeSmtpServer(received: string[]): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    let data: string | null = null;
    socket.write('220 fake ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data !== null) {
          if (line === '.') {
            received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })));
}

describe('createSmtpMailer', () => {
  it('delivers through the SMTP server of SMTP_URL, from MAIL_FROM', async () => {
    const received: string[] = [];
    const { server, port } = await fakeSmtpServer(received);
    try {
      const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'DRX <no-reply@drx.example>');
      const { id, delivered } = await sendEmail({ ...t.platform, mailer }, { ...message('password-reset'), text: 'Open https://drx.example/reset-password?token=abc' });
      await delivered;
      expect((await rowOf(id)).status).toBe('sent');
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('From: DRX <no-reply@drx.example>');
      expect(received[0]).toContain('To: someone@example.com');
      expect(received[0]).toContain('Subject: Hello');
      expect(received[0]).toContain('reset-password?token=abc');
    } finally {
      server.close();
    }
  });

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => createSmtpMailer('http://mail.example', 'x@example.com')).toThrow('SMTP_URL must start with smtp:// or smtps://');
  });
});
