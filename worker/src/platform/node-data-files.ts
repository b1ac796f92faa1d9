import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { AppEnv } from './env.ts';

// The Node server's files under DATA_DIR, for the server and the scripts that copy them
// (decision 0057), without loading the database client.

/** The embedded database. */
export function databaseFile(env: Pick<AppEnv, 'DATA_DIR'>): string {
  return resolve(env.DATA_DIR, 'drx.db');
}

/** The disk store's folder (worker/src/platform/disk-storage.ts). */
export function uploadsFolder(env: Pick<AppEnv, 'DATA_DIR'>): string {
  return resolve(env.DATA_DIR, 'uploads');
}

/** A connection of the native driver under the libSQL client, as much of it as the scripts use. */
export interface NativeDatabase {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: unknown[]): unknown; raw(on: boolean): { all(...params: unknown[]): unknown[][] } };
  close(): void;
}

/**
 * Opens `file` with the native driver. Its `close()` closes the file at once; the client's leaves
 * the connection open until its statements are collected, which a script that checks locks or
 * moves the file cannot wait for.
 */
export function openNativeDatabase(file: string, options: { readonly?: boolean; fileMustExist?: boolean } = {}): NativeDatabase {
  const Database = createRequire(import.meta.url)('libsql') as new (file: string, options: { readonly?: boolean; fileMustExist?: boolean }) => NativeDatabase;
  return new Database(file, options);
}
