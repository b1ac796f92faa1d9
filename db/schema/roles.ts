import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';

export const roles = sqliteTable('roles', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

/** A role mapping: one role held by one user (the User's role_mappings). */
export const userRoles = sqliteTable(
  'user_roles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [uniqueIndex('user_roles_user_role_unique').on(t.userId, t.roleId)],
);

/** Whether a role makes its holder an instructor the catalog shows. */
const teachingRole = (row: 'NEW' | 'OLD') =>
  `(SELECT \`name\` FROM \`roles\` WHERE \`id\` = ${row}.\`role_id\`) IN ('INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'INSTRUCTOR', 'COURSE_CREATOR')`;

/** A teaching role given or taken changes who the catalog lists as instructors; any role change moves `accounts`. */
export const rolesVersionTriggers = versionTriggers(
  { table: userRoles, scopes: ['catalog'], events: ALL_WRITES, when: { insert: teachingRole('NEW'), delete: teachingRole('OLD') } },
  { table: userRoles, scopes: ['accounts'], events: ALL_WRITES },
);
