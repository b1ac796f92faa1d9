import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { versionTriggers } from './content-version-triggers.ts';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    subscriptionPlan: text('subscription_plan'),
    subscriptionStatus: text('subscription_status'),
    subscriptionExpiresAt: text('subscription_expires_at'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    updatedAt: text('updated_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // Newest first (the admin's recent sign-ups); the id, the rowid, breaks ties in the index.
    index('users_created_idx').on(t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** What public answers show of a person (an instructor, a learner on a certificate). */
const shownColumns = [users.username, users.firstName, users.lastName, users.bio, users.profileImageUrl, users.isActive];

/**
 * A person shows in the catalog and on certificates; a seller's in the store, an instructor's
 * (plan included: it ranks the directory) in Connect & Book. Any change of a user moves
 * `accounts`, which ends the short memory of signed-in sessions.
 */
export const usersVersionTriggers = versionTriggers(
  { table: users, scopes: ['catalog', 'certificates'], events: ['update', 'delete'], update: { only: shownColumns } },
  { table: users, scopes: ['accounts'], events: ['update', 'delete'] },
  {
    table: users,
    scopes: ['store'],
    events: ['update'],
    update: { only: shownColumns },
    when: { update: 'EXISTS (SELECT 1 FROM `seller_profiles` WHERE `user_id` = NEW.`id`)' },
  },
  {
    table: users,
    scopes: ['connect'],
    events: ['update'],
    update: {
      only: [
        users.firstName,
        users.lastName,
        users.username,
        users.profileImageUrl,
        users.isActive,
        users.subscriptionTier,
        users.subscriptionStatus,
        users.subscriptionExpiresAt,
      ],
    },
    when: { update: 'EXISTS (SELECT 1 FROM `instructor_profiles` p WHERE p.user_id = NEW.id)' },
  },
);
