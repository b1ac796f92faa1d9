import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../../db/schema/users.ts';

/**
 * The admin searches of people (decision 0046): part of a username, an email or a name, found
 * through `users_search`, a trigram index of the accounts (migration 0025), so a search reads the
 * accounts that hold the text instead of every account. Trigrams need three characters: a shorter
 * term is matched with LIKE over the table, as before.
 */

/** The fewest characters the trigram index can find. */
export const TRIGRAM_MIN = 3;

/** Whether the index can answer a search for `term`. */
export const indexable = (term: string) => [...term].length >= TRIGRAM_MIN;

/** An FTS5 phrase: the term as one string of characters, whatever it holds. */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** `id` is an account whose username, email or "first last" name holds `term` (any case; `indexable(term)`). */
export function personMatches(id: SQLWrapper, term: string): SQL {
  return sql`${id} IN (SELECT rowid FROM users_search WHERE users_search MATCH ${phrase(term)})`;
}

export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * `users_search` as drizzle sees it, for typed statements. It is an FTS5 virtual table made by
 * migration 0025, which drizzle-kit cannot declare, so it lives here rather than in db/schema
 * (the schema drizzle-kit generates migrations from). `command` is FTS5's column of the table's
 * own name, which takes commands such as 'delete-all' (a command row has no other value).
 */
export const usersSearch = sqliteTable('users_search', {
  rowid: integer('rowid'),
  username: text('username'),
  email: text('email'),
  name: text('name'),
  command: text('users_search'),
});

/** Each account as the index holds it (the triggers of migration 0025 write the same). */
export const searchRowsOfUsers = {
  rowid: users.id,
  username: users.username,
  email: sql<string>`coalesce(${users.email}, '')`.as('email'),
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`.as('name'),
  // No command: a row to index.
  command: sql<string | null>`NULL`.as('users_search'),
};
