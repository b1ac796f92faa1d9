import { and, desc, eq, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { emailOutbox, notifications, roles, userRoles, users } from '../../../db/schema/index.ts';
import { NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind, type NotificationKindInfo } from '../domain/notification-kinds.ts';
import { rolesWith, type Action } from '../domain/permissions.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import type { MailAttachment } from '../platform/mailer.ts';
import { publicLink } from '../platform/public-url.ts';
import { sqlNow, sqlNowUnlessSet } from '../platform/sql-expressions.ts';
import { deliverOutboxMessage, initialStatus, sendEmail } from './outbox.ts';
import type { NotificationView } from '../../../shared/notifications.ts';

/**
 * The one notifications service (decision 0033): every in-app notice and every
 * notification email is made here, and each consults the user's choice for its kind
 * (notification_preferences, else the catalogue's defaults) — inside the SQL statement, so a
 * notice written in a payment's batch reads the choice in that same transaction.
 *
 * - `notify` / `notifyHolders`: for a change already written (in-app and email, each if on).
 * - `notificationStatement` / `noticesFromSelect`: the notice as a statement for the change's batch.
 * - `emailsFromSelect` + `deliverOutboxRows`: notification emails written in a batch, delivered after it.
 * - `sendNotificationEmail`: an email alone (a password reset, an invitation, a booking's ICS).
 */

/**
 * What the notice statements hand back: drizzle's INSERT … SELECT wrapped by `db.run` (the emails'
 * by `db.all`), so a caller puts it in any batch as it is, or prepares it once (`sqlPrepared`).
 */
export type BatchStatement = ReturnType<Db['run']>;

export interface Notice {
  userId: number;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A path of the site the notice leads to. */
  url?: string | null;
}

const COLUMN: Record<NotificationChannel, string> = { in_app: 'in_app', email: 'email' };

/**
 * Whether `channel` of `kind` is on for the user `userId` names (an SQL expression or an id), as
 * an SQL expression (1 or 0): a channel the kind has not is off, its required channel on, else the
 * user's stored choice or the kind's default.
 */
export function channelOnSql(userId: SQL | number, kind: NotificationKind, channel: NotificationChannel): SQL {
  const info: NotificationKindInfo = NOTIFICATION_KINDS[kind];
  if (!info.channels.includes(channel)) return sql`0`;
  if (info.required === channel) return sql`1`;
  const user = typeof userId === 'number' ? sql`${userId}` : userId;
  return sql`COALESCE((SELECT np.${sql.raw(COLUMN[channel])} FROM notification_preferences np WHERE np.user_id = ${user} AND np.kind = ${kind}), ${info.defaults[channel] ? 1 : 0})`;
}

/** Whether the user gets `channel` of `kind` now (one read; for what is not written in a batch). */
export async function wantsChannel(db: Db, userId: number, kind: NotificationKind, channel: NotificationChannel): Promise<boolean> {
  const [row] = await db.all<{ on: number }>(sql`SELECT ${channelOnSql(userId, kind, channel)} AS "on"`);
  return Number(row?.on) === 1;
}

/** The columns of notices selected by a query: each an SQL expression over its FROM. */
export interface NoticeColumns {
  userId: SQL;
  title: SQL;
  body: SQL;
  url: SQL;
}

/**
 * The INSERT of the notices `from` selects (`FROM … WHERE …`, or just `WHERE <condition>`), each
 * only for a user whose in-app channel of `kind` is on. For a `db.batch` with the change.
 */
export function noticesFromSelect(db: Db, kind: NotificationKind, columns: NoticeColumns, from: SQL): BatchStatement {
  const selected = sql`(SELECT ${columns.userId} AS user_id, ${columns.title} AS title, ${columns.body} AS body, ${columns.url} AS url ${from}) AS n`;
  return db.run(
    db.insert(notifications).select(
      db
        .select(insertSelection(notifications, { userId: sql<number>`n.user_id`, kind, title: sql<string>`n.title`, body: sql<string>`n.body`, url: sql<string | null>`n.url` }))
        .from(selected)
        .where(and(sql`n.user_id IS NOT NULL`, channelOnSql(sql`n.user_id`, kind, 'in_app'))),
    ),
  );
}

/** The INSERT of one notice, for a `db.batch` with the change it reports; only while `happened` holds, when given. */
export function notificationStatement(db: Db, notice: Notice, happened?: SQL): BatchStatement {
  return noticesFromSelect(
    db,
    notice.kind,
    { userId: sql`${notice.userId}`, title: sql`${notice.title}`, body: sql`${notice.body ?? ''}`, url: sql`${notice.url ?? null}` },
    happened ? sql`WHERE ${happened}` : sql``,
  );
}

/** An outbox row as an INSERT … RETURNING gives it back, for delivery after the batch. */
export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  attachments: string | null;
}

export interface EmailColumns {
  userId: SQL;
  to: SQL;
  subject: SQL;
  text: SQL;
  /** JSON of MailAttachment[], or null. */
  attachments?: SQL;
}

/** The outbox's earlier messages, for an email sent once. */
const sentBefore = alias(emailOutbox, 'e');

/** The start of an email's text in `emailsFromSelect`: "Hello <first name, else username>," and a blank line (the user aliased u). */
export const HELLO_USER = sql`'Hello ' || CASE WHEN u.first_name <> '' THEN u.first_name ELSE u.username END || ',' || char(10) || char(10)`;

/**
 * The INSERT into the outbox of the emails `from` selects, each only for a user whose email channel
 * of `kind` is on and who has an address; `once` skips one whose kind and subject are in the
 * outbox already; `status` (SQL: a placeholder of a statement prepared once) in place of the
 * runtime's initial status. Returns the rows written (deliver them with `deliverOutboxRows` after the batch).
 */
export function emailsFromSelect(
  platform: Pick<Platform, 'db' | 'env' | 'mailer'>,
  kind: NotificationKind,
  columns: EmailColumns,
  from: SQL,
  options: { once?: boolean; status?: SQL } = {},
) {
  const { db } = platform;
  const selected = sql`(SELECT ${columns.userId} AS user_id, ${columns.to} AS to_address, ${columns.subject} AS subject, ${columns.text} AS text_body,
        ${columns.attachments ?? sql`NULL`} AS attachments ${from}) AS m`;
  const once = options.once
    ? notExists(db.select({ one: sql`1` }).from(sentBefore).where(and(eq(sentBefore.kind, kind), sql`${sentBefore.subject} = m.subject`)))
    : undefined;
  return db.all<OutboxRow>(
    db
      .insert(emailOutbox)
      .select(
        db
          .select(
            insertSelection(emailOutbox, {
              toAddress: sql<string>`m.to_address`,
              subject: sql<string>`m.subject`,
              textBody: sql<string>`m.text_body`,
              kind,
              status: options.status ?? initialStatus(platform),
              attachments: sql<string | null>`m.attachments`,
            }),
          )
          .from(selected)
          .where(and(sql`m.to_address IS NOT NULL`, channelOnSql(sql`m.user_id`, kind, 'email'), once)),
      )
      .returning({
        id: emailOutbox.id,
        to_address: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        text_body: emailOutbox.textBody,
        kind: emailOutbox.kind,
        attachments: emailOutbox.attachments,
      }),
  );
}

/** Hands the outbox rows a batch wrote to the runtime's mailer (not awaited by the caller's answer). */
export function deliverOutboxRows(platform: Pick<Platform, 'db' | 'mailer' | 'env'>, rows: readonly OutboxRow[]): void {
  for (const row of rows) {
    let attachments: MailAttachment[] | undefined;
    try {
      attachments = row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : undefined;
    } catch {
      attachments = undefined;
    }
    if (platform.env.APP_ENV === 'development') console.log(`[outbox] ${row.kind} to ${row.to_address}: ${row.subject}\n${row.text_body}`);
    void deliverOutboxMessage(platform, row.id, { to: row.to_address, subject: row.subject, text: row.text_body, kind: row.kind, ...(attachments ? { attachments } : {}) });
  }
}

export interface NotificationEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * Sends a notification email through the outbox when the user's email channel of `kind` is on.
 * `userId` null: an address without an account (an invitation), which has no choices to consult.
 * Answers whether it was written.
 */
export async function sendNotificationEmail(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, userId: number | null, kind: NotificationKind, email: NotificationEmail): Promise<boolean> {
  if (userId !== null && !(await wantsChannel(platform.db, userId, kind, 'email'))) return false;
  await sendEmail(platform, { ...email, kind });
  return true;
}

/** The email of a notice: its title, its body and the link. */
export function noticeEmailText(platform: Pick<Platform, 'env'>, notice: Pick<Notice, 'body' | 'url'>): string {
  const link = notice.url ? `\n\n${publicLink(platform.env, notice.url)}` : '';
  return `${notice.body ?? ''}${link}`.trim();
}

/** Writes the notice (in-app, if on) and emails it (if on, when the user has an address) through the outbox. */
export async function notify(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, notice: Notice, email?: Partial<NotificationEmail>): Promise<void> {
  const { db } = platform;
  await notificationStatement(db, notice);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, notice.userId));
  const to = email?.to ?? user?.email;
  if (!to) return;
  await sendNotificationEmail(platform, notice.userId, notice.kind, {
    to,
    subject: email?.subject ?? notice.title,
    text: email?.text ?? noticeEmailText(platform, notice),
    ...(email?.attachments ? { attachments: email.attachments } : {}),
  });
}

/**
 * Notices every active account whose roles grant `action` (the curriculum staff of a submitted
 * resource, the seller managers of a new application), except `exceptUserId` (who caused it).
 */
export async function notifyHolders(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, action: Action, notice: Omit<Notice, 'userId'>, exceptUserId?: number): Promise<number> {
  const holders = await platform.db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.isActive, true), inArray(roles.name, rolesWith(action))));
  const targets = holders.filter((h) => h.id !== exceptUserId);
  for (const h of targets) await notify(platform, { ...notice, userId: h.id });
  return targets.length;
}

const view = (row: typeof notifications.$inferSelect): NotificationView => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  url: row.url,
  read: row.readAt !== null,
  created_at: row.createdAt,
});

/** How many of the user's notices are unread (the header's badge). */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [unread] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unread?.n ?? 0;
}

export async function listNotifications(db: Db, userId: number, limit = 50): Promise<{ data: NotificationView[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit),
    unreadCount(db, userId),
  ]);
  return { data: rows.map(view), unread };
}

/** Marks one of the user's notices read; false when it is not theirs or does not exist. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sqlNowUnlessSet(notifications.readAt) })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllNotificationsRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sqlNow })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
