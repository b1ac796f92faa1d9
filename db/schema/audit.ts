import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * The audit log of admin and sub-admin actions (decision 0033): who did what to which
 * row, with the row before and after as JSON snapshots, written in the same batch as the change
 * (see worker/src/services/audit.ts). Rows are never updated after their batch nor deleted.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null when the account was deleted later; the name stays. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's username and roles at the time. */
    actorName: text('actor_name').notNull(),
    actorRoles: text('actor_roles').notNull().default(''),
    /** What was done, `<entity>.<verb>` (see AUDIT_ACTIONS in worker/src/domain/audit.ts). */
    action: text('action').notNull(),
    /** The table changed, and its row's key (text: some keys are not numbers). */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** One human sentence ("Refunded $12.00 of order DRX-…"), shown in the viewer. */
    summary: text('summary').notNull().default(''),
    /** JSON object of the row before the change (null for a creation) and after (null for a deletion). */
    before: text('before'),
    after: text('after'),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
