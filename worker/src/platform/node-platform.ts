import { resolve } from 'node:path';
import { ensureAdminAccount, seedDemoData, seedReferenceData } from '../../../db/seed.ts';
import { ensureDemoMedia } from '../../../db/seed-media.ts';
import type { Platform } from './context.ts';
import { createDiskAssets } from './disk-assets.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { AppEnv } from './env.ts';
import { migrateDatabase, openNodeDatabase } from './node-db.ts';
import { projectRootFrom } from './project-root.ts';

export const projectRoot = projectRootFrom(import.meta.url);

/** Opens, migrates and (when empty) seeds the database, and wires the disk store and the built site. */
export async function createNodePlatform(env: AppEnv, options: { siteDir?: string } = {}): Promise<Platform & { close(): void }> {
  const { client, db } = await openNodeDatabase(env);
  await migrateDatabase(db);
  await seedReferenceData(db);
  if (env.DRX_SEED === 'demo') await seedDemoData(db);
  await ensureAdminAccount(db, env);
  const storage = createDiskStorage(resolve(env.DATA_DIR, 'uploads'));
  if (env.DRX_SEED === 'demo') await ensureDemoMedia(storage, projectRoot);
  return {
    env,
    db,
    storage,
    assets: createDiskAssets(options.siteDir ?? resolve(projectRoot, 'dist')),
    close: () => client.close(),
  };
}
