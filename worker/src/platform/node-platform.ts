import { resolve } from 'node:path';
import { seedForStart } from '../../../db/seed.ts';
import { ensureDemoMedia } from '../../../db/seed-media.ts';
import { ensureDemoImages } from '../../../db/seed-images.ts';
import { ensureDemoStoreFiles } from '../../../db/seed-store-files.ts';
import { ensureDemoTakeFiles } from '../../../db/seed-practice.ts';
import { markExistingCourseMedia } from '../services/media-access.ts';
import type { Platform } from './context.ts';
import { createDiskAssets } from './disk-assets.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { AppEnv } from './env.ts';
import { createHttpMailer, wantsHttpMail } from './http-mailer.ts';
import { databaseFile, migrateDatabase, openNodeDatabase } from './node-db.ts';
import { gzipAsItComes } from './node-gzip.ts';
import { loadNodePageRenderer } from './node-page-renderer.ts';
import { projectRootFrom } from './project-root.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

export const projectRoot = projectRootFrom(import.meta.url);

/** Opens, migrates and (when empty) seeds the database, and wires the disk store and the built site. */
export async function createNodePlatform(env: AppEnv, options: { siteDir?: string } = {}): Promise<Platform & { close(): Promise<void> }> {
  const { client, db } = await openNodeDatabase(env);
  await migrateDatabase(db);
  const seed = await seedForStart(db, env);
  if (seed.locked.length > 0) {
    console.warn(`Demo logins with the published password were disabled (not a local demo): ${seed.locked.join(', ')}`);
  }
  // Lesson media of data from before uploads had an access level (decision 0015); once per database.
  await markExistingCourseMedia(db);
  const storage = createDiskStorage(resolve(env.DATA_DIR, 'uploads'));
  if (env.DRX_SEED === 'demo') await ensureDemoMedia(storage, projectRoot);
  // The demo learner's practice takes (decision 0070): files for the rows the seed wrote.
  if (env.DRX_SEED === 'demo') await ensureDemoTakeFiles(db, storage, projectRoot);
  // The demo's cover art and portraits (decision 0019): files for the uploads rows the seed wrote.
  await ensureDemoImages(db, storage);
  // The demo store's resource files (private) and covers: files for the rows the seed wrote.
  await ensureDemoStoreFiles(db, storage);
  // The embedded file's checkpoints beside the requests, not inside them (decision 0034).
  const checkpointer = env.LIBSQL_URL ? undefined : startWalCheckpointer(databaseFile(env));
  return {
    env,
    db,
    storage,
    assets: createDiskAssets(options.siteDir ?? resolve(projectRoot, 'dist')),
    // Pages changed since the build are rendered from the site's components (decision 0020).
    renderer: options.siteDir ? undefined : await loadNodePageRenderer(projectRoot),
    memo: new Map(),
    gzipStream: gzipAsItComes,
    // MAIL_HTTP_PROVIDER set: the outbox's emails go over the provider's HTTP API, instead of SMTP;
    // a provider without its key stops start-up (decision 0062). Otherwise SMTP_URL set: delivered
    // by SMTP (decision 0016); a bad URL stops start-up. The SMTP library is loaded only then.
    ...(wantsHttpMail(env)
      ? { mailer: createHttpMailer(env) }
      : env.SMTP_URL
        ? { mailer: (await import('./smtp-mailer.ts')).createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) }
        : {}),
    /**
     * The checkpoint thread stopped, then every page of the WAL copied into the database file and
     * the WAL emptied (TRUNCATE): the file alone is then the whole database, whatever else still
     * holds it open (decision 0057).
     */
    close: async () => {
      await checkpointer?.stop();
      if (!env.LIBSQL_URL) {
        await client.execute('PRAGMA wal_checkpoint(TRUNCATE)').catch((err: unknown) => {
          console.error('The last WAL checkpoint failed; the WAL is replayed at the next start', err instanceof Error ? err.message : err);
        });
      }
      client.close();
    },
  };
}
