import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * A user's choice per notification kind (decision 0033): in-app and email on or off.
 * No row means the kind's defaults (NOTIFICATION_KINDS in worker/src/domain/notification-kinds.ts).
 */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: integer('in_app', { mode: 'boolean' }).notNull(),
    email: integer('email', { mode: 'boolean' }).notNull(),
    updatedAt: text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;
