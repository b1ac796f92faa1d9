import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../worker/src/app.ts';
import type { Platform } from '../../worker/src/platform/context.ts';
import { createDb } from '../../worker/src/platform/db.ts';
import { createDiskAssets } from '../../worker/src/platform/disk-assets.ts';
import { createDiskStorage } from '../../worker/src/platform/disk-storage.ts';
import { parseEnv } from '../../worker/src/platform/env.ts';
import { openEmbeddedClient } from '../../worker/src/platform/node-db.ts';
import { gzipAsItComes } from '../../worker/src/platform/node-gzip.ts';
import { root, templateDb, tmpDir } from './paths.ts';
import { closePlanner, planWritesBeside } from './query-plans.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A fresh copy of the migrated template database, a scratch upload folder and the app, for one
 * test file. `request` goes through `app.request()`: the real router, middleware and database.
 */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const dir = resolve(tmpDir, randomUUID());
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, 'drx.db');
  copyFileSync(templateDb, file);
  const client = await openEmbeddedClient(file);
  planWritesBeside(client, file);
  // Tests sign up many users from one address: the per-address limits are scaled up unless a test
  // asks for the real ones (RATE_LIMIT_MULTIPLIER: '1').
  const env = parseEnv({ APP_ENV: 'test', DATA_DIR: dir, DRX_SEED: 'none', RATE_LIMIT_MULTIPLIER: '1000', ...overrides });
  const db = createDb(client);
  const platform: Platform = {
    env,
    db,
    storage: createDiskStorage(resolve(dir, 'uploads')),
    assets: createDiskAssets(resolve(root, 'tests/support/site-fixture')),
    gzipStream: gzipAsItComes,
  };
  const app = createApp();
  // As on Workers, the entry hands the app the client address Cloudflare put in CF-Connecting-IP;
  // a test names its address with that header. The app itself never reads the header.
  const request = (path: string, init: RequestInit = {}) =>
    app.request(path, init, { platform, clientAddress: new Headers(init.headers).get('cf-connecting-ip') ?? undefined });
  const json = (method: string, path: string, body?: unknown, token?: string) =>
    request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const close = async () => {
    await closePlanner(client);
    client.close();
  };
  return { app, platform, db, client, dir, request, json, close };
}

/** The API's error shape, as the tests read it. */
export type ErrorBody = { message: string; validationErrors?: Record<string, string[]> };

/** The JSON of an answer, typed by the test. */
export const read = async <T,>(res: Response) => (await res.json()) as T;
