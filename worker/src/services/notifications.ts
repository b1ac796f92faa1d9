import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notifications, roles, userRoles, users } from '../../../db/schema/index.ts';
import { rolesWith, type Action } from '../domain/permissions.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { sendEmail } from './outbox.ts';

/**
 * In-app notices, each with an email through the outbox (decision 0029). `notify` is for a change
 * already written; `notificationStatement` puts the notice into the batch of the change it reports
 * (a sale is noticed in the payment's own batch, exactly once).
 */

export interface Notice {
  userId: number;
  /** What it is about: resource_approved, resource_rejected, resource_sold, review_received, seller_approved, ... */
  kind: string;
  title: string;
  body?: string;
  /** A path of the site the notice leads to. */
  url?: string | null;
}

export interface NotificationView {
  id: number;
  kind: string;
  title: string;
  body: string;
  url: string | null;
  read: boolean;
  created_at: string;
}

/** The INSERT of one notice, for a `db.batch` with the change it reports. */
export function notificationStatement(db: Db, notice: Notice) {
  return db.insert(notifications).values({
    userId: notice.userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body ?? '',
    url: notice.url ?? null,
  });
}

/** Writes the notice and emails it to the user's address (when they have one) through the outbox. */
export async function notify(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, notice: Notice): Promise<void> {
  const { db } = platform;
  await notificationStatement(db, notice);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, notice.userId));
  if (!user?.email) return;
  const link = notice.url ? `\n\n${(platform.env.PUBLIC_URL ?? '').replace(/\/$/, '')}${notice.url}` : '';
  await sendEmail(platform, { to: user.email, subject: notice.title, text: `${notice.body ?? ''}${link}`.trim(), kind: notice.kind });
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

export async function listNotifications(db: Db, userId: number, limit = 50): Promise<{ data: NotificationView[]; unread: number }> {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { data: rows.map(view), unread: unread?.n ?? 0 };
}

/** Marks one of the user's notices read; false when it is not theirs or does not exist. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, strftime('%Y-%m-%dT%H:%M:%fZ','now'))` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllNotificationsRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
