import type { Db } from './db.ts';
import type { AppEnv } from './env.ts';
import type { ObjectStore } from './storage.ts';

/** Serves a file of the built site, or null when there is none. */
export type AssetFetcher = (path: string, request: Request) => Promise<Response | null>;

/** Everything a request handler needs from its runtime, made once per runtime at the entry. */
export interface Platform {
  env: AppEnv;
  db: Db;
  storage: ObjectStore;
  assets: AssetFetcher;
}
