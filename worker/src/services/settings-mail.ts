import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { emailOutbox, users } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { mailSender, type Settings } from '../domain/settings.ts';
import { AppError } from '../http/errors.ts';
import type { Platform } from '../platform/context.ts';
import { httpMailHost, httpMailProviderLabel, wantsHttpMail } from '../platform/http-mailer.ts';
import type { AuditActor } from './audit.ts';
import { sendEmail } from './outbox.ts';
import { type OutboxStatus } from '../../../shared/outbox.ts';
import { readSettings, requestSettings } from './settings.ts';
import type { MailTransportView, PublicSiteSettings } from '../../../shared/settings-mail.ts';

export function smtpHostOf(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return null;
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return 'unreadable SMTP_URL';
  }
}

export function mailTransport(platform: Pick<Platform, 'env' | 'mailer'>, settings: Settings): MailTransportView {
  const sender = mailSender(settings, platform.env.MAIL_FROM);
  const http = wantsHttpMail(platform.env);
  return {
    transport: http ? 'http' : platform.env.SMTP_URL ? 'smtp' : 'console',
    smtp_host: smtpHostOf(platform.env.SMTP_URL),
    http_provider: http ? (httpMailProviderLabel(platform.env) ?? platform.env.MAIL_HTTP_PROVIDER ?? null) : null,
    http_host: http ? httpMailHost(platform.env) : null,
    delivers_here: Boolean(platform.mailer),
    env_from: platform.env.MAIL_FROM,
    from: sender.from ?? platform.env.MAIL_FROM,
    reply_to: sender.replyTo ?? null,
  };
}

/** The transport in a few words, for the test email. */
function transportWords(transport: MailTransportView): string {
  if (transport.transport === 'http') return `${transport.http_provider ?? 'a mail provider'}'s HTTP API (${transport.http_host ?? 'its default address'})`;
  if (transport.transport === 'smtp') return `SMTP (${transport.smtp_host})`;
  return 'none configured: kept in the outbox';
}

export const TEST_EMAIL_KIND = 'settings-test';
export const NO_ADMIN_EMAIL = 'Your account has no email address to send the test to. Add one on your profile first.';

/**
 * POST /api/admin/settings/test-email: a short email to the admin through the outbox, with the
 * current sender; answers its outbox id and status once delivery was tried (sent, failed, or
 * logged/pending when this server does not deliver).
 */
export async function sendTestEmail(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, actor: AuditActor): Promise<{ id: number; to: string; status: OutboxStatus; error: string | null }> {
  const [row] = await platform.db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  const to = row?.email?.trim();
  if (!to) throw new AppError(409, NO_ADMIN_EMAIL);
  const settings = await readSettings(platform.db);
  const transport = mailTransport(platform, settings);
  const sent = await sendEmail(platform, {
    to,
    kind: TEST_EMAIL_KIND,
    subject: `${settings.site_name}: test email`,
    text: [
      `This is a test email from ${settings.site_name}, sent by ${actor.username} from /admin/settings.`,
      '',
      `From: ${transport.from}`,
      `Reply-To: ${transport.reply_to ?? '(the sender)'}`,
      `Transport: ${transportWords(transport)}`,
    ].join('\n'),
  });
  await sent.delivered;
  const [after] = await platform.db.select({ status: emailOutbox.status, error: emailOutbox.error }).from(emailOutbox).where(eq(emailOutbox.id, sent.id)).limit(1);
  return { id: sent.id, to, status: (after?.status ?? sent.status) as OutboxStatus, error: after?.error ?? null };
}

export async function publicSiteSettings(c: Context<AppContext>): Promise<PublicSiteSettings> {
  const s = await requestSettings(c);
  return {
    site_name: s.site_name,
    contact_email: s.contact_email,
    contact_phone: s.contact_phone || null,
    support_address: s.support_address || null,
    features: { registrations_open: s.registrations_open, guest_checkout: s.guest_checkout, bookings_open: s.bookings_open, seller_applications_open: s.seller_applications_open },
    booking_defaults: {
      min_notice_minutes: s.booking_min_notice_minutes,
      horizon_days: s.booking_horizon_days,
      buffer_minutes: s.booking_buffer_minutes,
      cancellation_hours: s.booking_cancellation_hours,
    },
  };
}
