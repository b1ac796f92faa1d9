import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;

/**
 * Every email the app sends goes through here first. Until real mail is configured the admin
 * reads them at /admin/messages (status 'logged'); with a mailer they are sent and marked.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** What kind of message this is (password-reset, course-invitation, ...). */
    kind: text('kind').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    /** JSON array of {filename, contentType, content} (text content, e.g. a booking's ICS; decision 0032), or null. */
    attachments: text('attachments'),
    error: text('error'),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    sentAt: text('sent_at'),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt),
    // A message sent once (by kind and subject), and a kind's messages since a moment.
    index('email_outbox_kind_subject_idx').on(t.kind, t.subject),
    index('email_outbox_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/** Values the app generates once and keeps (the media-link signing key, ...). */
export const appSecrets = sqliteTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
