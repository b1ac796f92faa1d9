import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The scopes whose versions the database keeps (decision 0021): the content of public answers
 * (`catalog`, `certificates`, `store` — the curriculum store of decision 0029) and `accounts` (sessions ended, users changed, roles), which lets a
 * process keep signed-in sessions in memory for a moment.
 */
export const CONTENT_SCOPES = ['catalog', 'certificates', 'accounts', 'store', 'plans', 'connect'] as const;
export type VersionScope = (typeof CONTENT_SCOPES)[number];
/** The scopes a public answer can be cached under. */
export type ContentScope = Exclude<VersionScope, 'accounts'>;

/**
 * One counter per content scope. Database triggers add one to a scope's version on every write to
 * the tables its public answers read, so every writer — any process, any runtime, a script —
 * moves it; the public-read cache keys answers by it. The triggers are declared beside the tables
 * they watch (`…VersionTriggers`, content-version-triggers.ts; decision 0051).
 */
export const contentVersions = sqliteTable('content_versions', {
  scope: text('scope', { enum: CONTENT_SCOPES }).primaryKey(),
  version: integer('version').notNull().default(0),
});
