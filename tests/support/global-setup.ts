import { mkdirSync, rmSync } from 'node:fs';
import { seedReferenceData } from '../../db/seed.ts';
import { createDb } from '../../worker/src/platform/db.ts';
import { migrateDatabase, openEmbeddedClient } from '../../worker/src/platform/node-db.ts';
import { templateDb, tmpDir } from './paths.ts';

/** Migrates one template database per run; every test file copies it (tests/support/test-app.ts). */
export default async function setup() {
  // Test workers start after this and inherit the environment, so they find this run's folder.
  process.env.DRX_TEST_TMP = tmpDir;
  rmSync(tmpDir, { recursive: true, force: true });
  mkdirSync(tmpDir, { recursive: true });
  const client = await openEmbeddedClient(templateDb);
  await client.execute('PRAGMA journal_mode = DELETE');
  const db = createDb(client);
  await migrateDatabase(db);
  await seedReferenceData(db);
  client.close();
  return () => rmSync(tmpDir, { recursive: true, force: true });
}
