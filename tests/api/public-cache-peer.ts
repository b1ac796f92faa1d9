import { serve } from '@hono/node-server';
import { resolve } from 'node:path';
import { createApp } from '../../worker/src/app.ts';
import { nodeAnswerStore } from '../../worker/src/http/public-cache-node.ts';
import type { Platform } from '../../worker/src/platform/context.ts';
import { createDb } from '../../worker/src/platform/db.ts';
import { createDiskAssets } from '../../worker/src/platform/disk-assets.ts';
import { createDiskStorage } from '../../worker/src/platform/disk-storage.ts';
import { parseEnv } from '../../worker/src/platform/env.ts';
import { openEmbeddedClient } from '../../worker/src/platform/node-db.ts';

// A second server process on the database file of a test (tests/api/public-cache.test.ts): the
// app as `npm start` builds it (memory store, 250 ms version TTL), on a free port it prints.
const file = process.argv[2]!;
const dir = resolve(file, '..');
const client = await openEmbeddedClient(file);
const env = parseEnv({ APP_ENV: 'development', DATA_DIR: dir, DRX_SEED: 'none', RATE_LIMIT_MULTIPLIER: '1000' });
const platform: Platform = {
  env,
  db: createDb(client),
  storage: createDiskStorage(resolve(dir, 'uploads')),
  assets: createDiskAssets(resolve(import.meta.dirname, '../support/site-fixture')),
};
const app = createApp({ publicCache: { store: nodeAnswerStore(), versionTtlMs: 250 } });
serve({ fetch: (request, bindings) => app.fetch(request, { ...bindings, platform }), port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`PORT ${info.port}`);
});
process.on('SIGTERM', () => {
  client.close();
  process.exit(0);
});
