import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from '../../../db/schema/index.ts';

export type Db = ReturnType<typeof createDb>;

export function createDb(client: Client) {
  return drizzle(client, { schema });
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
