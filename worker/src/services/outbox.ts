import { count, desc, eq } from 'drizzle-orm';
import { emailOutbox, type OUTBOX_STATUSES } from '../../../db/schema/index.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the message is for (password-reset, course-invitation, ...). */
  kind: string;
}

/**
 * Where a message goes once it is in the outbox. No delivery is built in yet (decision 0016):
 * with SMTP_URL set the message waits as 'pending' for a mailer, otherwise it is 'logged' and the
 * admin reads it at /admin/messages.
 */
function initialStatus(platform: Pick<Platform, 'env'>): OutboxStatus {
  return platform.env.SMTP_URL ? 'pending' : 'logged';
}

let warnedNoMailer = false;

/**
 * The one way the app sends an email: the message is written to email_outbox first. In
 * development it is also written to the server log, so a reset link can be followed at once.
 */
export async function sendEmail(platform: Pick<Platform, 'env' | 'db'>, email: OutgoingEmail): Promise<{ id: number; status: OutboxStatus }> {
  const status = initialStatus(platform);
  const [row] = await platform.db
    .insert(emailOutbox)
    .values({ toAddress: email.to, subject: email.subject, textBody: email.text, kind: email.kind, status })
    .returning({ id: emailOutbox.id });
  if (platform.env.APP_ENV === 'development') {
    console.log(`[outbox] ${email.kind} to ${email.to}: ${email.subject}\n${email.text}`);
  }
  if (status === 'pending' && !warnedNoMailer) {
    warnedNoMailer = true;
    console.warn('SMTP_URL is set but this build has no mailer: emails wait in the outbox (/admin/messages) as pending.');
  }
  return { id: row!.id, status };
}

export interface OutboxMessageView {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: OutboxStatus;
  error: string | null;
  created_at: string;
  sent_at: string | null;
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
};

/** GET /api/admin/outbox: newest first, a page at a time. */
export async function listOutbox(db: Db, query: { page: number; pageSize: number; kind?: string }) {
  const where = query.kind ? eq(emailOutbox.kind, query.kind) : undefined;
  const [data, [total]] = await Promise.all([
    db
      .select(view)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { data, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
