import { mkdirSync, rmSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { seedTaxonomy } from '../../db/seed.ts';
import { configureEmbedded, createDb } from '../../worker/src/platform/db.ts';
import { migrateDatabase } from '../../worker/src/platform/node-db.ts';
import { templateDb, tmpDir } from './paths.ts';

/** Migrates one template database; every test file copies it (tests/support/test-app.ts). */
export default async function setup() {
  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  const client = createClient({ url: `file:${templateDb}` });
  await configureEmbedded(client);
  await client.execute('PRAGMA journal_mode = DELETE');
  const db = createDb(client);
  await migrateDatabase(db);
  await seedTaxonomy(db);
  client.close();
}
