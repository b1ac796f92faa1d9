import type { Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';

export type Db = LibSQLDatabase & { $client: Client };

/**
 * A drizzle handle on `client`. Without the schema: every query names its tables (the query
 * builder), and a handle made with `{ schema }` builds a relational query builder for each of the
 * sixty-odd tables — on Workers, where a handle is made per request, over a millisecond of CPU
 * per request (decision 0035).
 */
export function createDb(client: Client): Db {
  return drizzle(client);
}

/**
 * Connection settings for the embedded file. No interactive transactions are used anywhere:
 * with the embedded client each `transaction()` opens a new connection (losing these pragmas)
 * and concurrent ones fail with SQLITE_BUSY while blocking the event loop. Writes that must be
 * atomic are one conditional statement or one `batch(..., 'write')`.
 */
export async function configureEmbedded(client: Client): Promise<void> {
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA busy_timeout = 5000');
  await client.execute('PRAGMA foreign_keys = ON');
  await client.execute('PRAGMA synchronous = NORMAL');
}
