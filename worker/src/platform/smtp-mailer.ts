import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Seconds to wait for the mail server before a message counts as failed. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The Node runtime's mailer: SMTP through nodemailer, to the server of SMTP_URL
 * (smtp://user:pass@host:587 or smtps://...:465), from MAIL_FROM. Not used on Workers, which
 * cannot open SMTP connections (decision 0016).
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return async (message) => {
    await transport.sendMail({
      from: message.from ?? from,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachments?.length ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
    });
  };
}
