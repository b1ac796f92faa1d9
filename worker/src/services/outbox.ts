import { count, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../../db/schema/index.ts';
import type { Platform } from '../platform/context.ts';
import type { MailAttachment } from '../platform/mailer.ts';
import type { Db } from '../platform/db.ts';
import { DEFAULT_MAIL_FROM, mailSender } from '../domain/settings.ts';
import { readSettings } from './settings.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import type { OutboxMessageView, OutboxStatus } from '../../../shared/outbox.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the message is for (password-reset, course-invitation, ...). */
  kind: string;
  /** Files sent with it (a booking's ICS), kept in email_outbox.attachments as JSON. */
  attachments?: MailAttachment[];
}

/**
 * Where a message starts: 'pending' when something will deliver it (a mailer, or SMTP_URL set on a
 * runtime that has none yet, Workers), else 'logged' — the admin reads it at /admin/messages.
 */
export function initialStatus(platform: Pick<Platform, 'env' | 'mailer'>): OutboxStatus {
  return platform.mailer || platform.env.SMTP_URL ? 'pending' : 'logged';
}

let warnedNoMailer = false;
const ERROR_MAX = 500;

/**
 * Hands a message already written to the outbox to the runtime's mailer (no-op without one): for
 * messages inserted inside a batch with the change they report (a payment's receipt).
 */
export function deliverOutboxMessage(platform: Deliverer, id: number, email: OutgoingEmail): Promise<void> {
  return deliver(platform, id, email);
}

/** What delivery needs: the database, the mailer, and MAIL_FROM (the sender when the Mail settings name none). */
type Deliverer = Pick<Platform, 'db' | 'mailer'> & Partial<Pick<Platform, 'waitUntil'>> & { env?: Pick<Platform['env'], 'MAIL_FROM'> };

/** Delivers after the answer: where the runtime would cancel that work, it is kept up until the message is sent and marked. */
function deliver(platform: Deliverer, id: number, email: OutgoingEmail): Promise<void> {
  if (!platform.mailer) return Promise.resolve();
  const delivered = deliverNow(platform, platform.mailer, id, email);
  platform.waitUntil?.(delivered);
  return delivered;
}

async function deliverNow(platform: Deliverer, mailer: NonNullable<Platform['mailer']>, id: number, email: OutgoingEmail): Promise<void> {
  const { db } = platform;
  try {
    // From and Reply-To of the admin's Mail settings (decision 0033), read as the message leaves.
    const sender = mailSender(await readSettings(db), platform.env?.MAIL_FROM ?? DEFAULT_MAIL_FROM);
    await mailer({ to: email.to, subject: email.subject, text: email.text, ...sender, ...(email.attachments?.length ? { attachments: email.attachments } : {}) });
    await db
      .update(emailOutbox)
      .set({ status: 'sent', error: null, sentAt: sqlNow })
      .where(eq(emailOutbox.id, id));
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX) || 'Delivery failed';
    console.error(`Email ${id} (${email.kind}) could not be delivered: ${reason}`);
    await db.update(emailOutbox).set({ status: 'failed', error: reason }).where(eq(emailOutbox.id, id)).catch(() => undefined);
  }
}

/**
 * The one way the app sends an email: the message is written to email_outbox first, then handed
 * to the runtime's mailer when there is one. Delivery is not awaited by the caller (`delivered`
 * settles when it is done): a request such as "forgot password" answers at once, and as fast for
 * an unknown address as for a known one. In development the message is also written to the
 * server log, so a reset link can be followed at once.
 */
export async function sendEmail(
  platform: Pick<Platform, 'env' | 'db' | 'mailer'>,
  email: OutgoingEmail,
): Promise<{ id: number; status: OutboxStatus; delivered: Promise<void> }> {
  const status = initialStatus(platform);
  const [row] = await platform.db
    .insert(emailOutbox)
    .values({ toAddress: email.to, subject: email.subject, textBody: email.text, kind: email.kind, status, attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null })
    .returning({ id: emailOutbox.id });
  const id = row!.id;
  if (platform.env.APP_ENV === 'development') {
    console.log(`[outbox] ${email.kind} to ${email.to}: ${email.subject}\n${email.text}`);
  }
  if (status === 'pending' && !platform.mailer && !warnedNoMailer) {
    warnedNoMailer = true;
    console.warn('SMTP_URL is set but this runtime has no mailer (Workers): emails wait in the outbox (/admin/messages) as pending.');
  }
  const delivered = deliver(platform, id, email);
  return { id, status, delivered };
}

const view = {
  id: emailOutbox.id,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  text: emailOutbox.textBody,
  kind: emailOutbox.kind,
  status: emailOutbox.status,
  error: emailOutbox.error,
  created_at: emailOutbox.createdAt,
  sent_at: emailOutbox.sentAt,
  attachments: emailOutbox.attachments,
};

function attachmentNames(json: string | null): string[] {
  if (!json) return [];
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.map((a) => String((a as { filename?: unknown }).filename ?? '')).filter(Boolean) : [];
  } catch {
    return [];
  }
}

/** GET /api/admin/outbox: newest first, a page at a time. */
export async function listOutbox(db: Db, query: { page: number; pageSize: number; kind?: string }) {
  const where = query.kind ? eq(emailOutbox.kind, query.kind) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(view)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  const data: OutboxMessageView[] = rows.map(({ attachments, ...row }) => ({ ...row, attachment_names: attachmentNames(attachments) }));
  return { data, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
