import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The content scopes whose public answers are cached (decision 0021). */
export const CONTENT_SCOPES = ['catalog', 'certificates'] as const;
export type ContentScope = (typeof CONTENT_SCOPES)[number];

/**
 * One counter per content scope. Database triggers (migration 0003) add one to a scope's
 * version on every write to the tables its public answers read, so every writer — any process,
 * any runtime, a script — moves it; the public-read cache keys answers by it.
 */
export const contentVersions = sqliteTable('content_versions', {
  scope: text('scope', { enum: CONTENT_SCOPES }).primaryKey(),
  version: integer('version').notNull().default(0),
});
