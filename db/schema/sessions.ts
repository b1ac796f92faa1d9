import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';
import { versionTriggers } from './content-version-triggers.ts';

/** Bearer sessions. Only the SHA-256 of the token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    /** Moved forward at most every few minutes; a session unused for 7 days ends. */
    lastSeenAt: text('last_seen_at'),
    /** Shown on /profile/manage so a person can tell their sessions apart. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed-login counters per key (account and client address, or client address) within a window. */
export const loginThrottle = sqliteTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: integer('window_started_at').notNull(),
  /** Epoch ms before which the key may not try again (growing delays). */
  blockedUntil: integer('blocked_until').notNull().default(0),
  /** Attempts reserved on the key whose password is still being checked (decision 0058). */
  pending: integer('pending').notNull().default(0),
});

/** Hit counters for per-address request limits (registration, contact, uploads, ...). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  /** Epoch ms when the window ends. */
  resetAt: integer('reset_at').notNull(),
});

/** Single-use password reset tokens; only the SHA-256 of the token is stored. */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** A session ended, moved or removed moves `accounts`; its last-seen time does not. */
export const sessionsVersionTriggers = versionTriggers({
  table: sessions,
  scopes: ['accounts'],
  events: ['update', 'delete'],
  update: { only: [sessions.revokedAt, sessions.expiresAt, sessions.userId, sessions.tokenHash] },
});
