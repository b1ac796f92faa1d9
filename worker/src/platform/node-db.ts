import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { configureEmbedded, createDb, type Db } from './db.ts';
import type { AppEnv } from './env.ts';
import { databaseFile } from './node-data-files.ts';
import { projectRootFrom } from './project-root.ts';
import { cachePreparedStatements } from './statement-cache.ts';

export const migrationsFolder = resolve(projectRootFrom(import.meta.url), 'db/migrations');

// Defined beside the other files of DATA_DIR, which the backup scripts read without this module.
export { databaseFile };

/** Opens the database of the Node runtime: a libSQL server when LIBSQL_URL is set, else the embedded file. */
export async function openNodeDatabase(env: AppEnv): Promise<{ client: Client; db: Db }> {
  let client: Client;
  if (env.LIBSQL_URL) {
    client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
  } else {
    const file = databaseFile(env);
    mkdirSync(dirname(file), { recursive: true });
    client = await openEmbeddedClient(file);
  }
  const db = createDb(client);
  return { client, db };
}

/**
 * The embedded file with one connection: the native driver runs each statement synchronously, so
 * more connections add no parallelism, only connections without the pragmas and writers that
 * wait on each other.
 */
export async function openEmbeddedClient(file: string): Promise<Client> {
  cachePreparedStatements();
  const client = createClient({ url: `file:${file}`, concurrency: 1 });
  await configureEmbedded(client);
  return client;
}

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
