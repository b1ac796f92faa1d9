import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

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
