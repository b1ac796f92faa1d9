import type { Client } from '@libsql/client';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import * as driverCore from 'drizzle-orm/libsql/driver-core';

/**
 * What `drizzle(client)` of `drizzle-orm/libsql` does with a client it is given, without that
 * module: it imports `@libsql/client` to open connections from URLs, which would put the whole
 * libSQL web client into the worker's bundle beside the worker's own (decision 0036). Drizzle's
 * typings leave `construct` out; it is the function `drizzle(client)` calls.
 */
const construct = (driverCore as unknown as { construct: (client: Client) => LibSQLDatabase }).construct;

export type Db = LibSQLDatabase & { $client: Client };

/**
 * A drizzle handle on `client`. Without the schema: every query names its tables (the query
 * builder), and a handle made with `{ schema }` builds a relational query builder for each of the
 * sixty-odd tables: over a millisecond of CPU, once per request when the worker made a handle per
 * request (decisions 0035, 0036).
 */
export function createDb(client: Client): Db {
  return construct(client) as Db;
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
