import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
