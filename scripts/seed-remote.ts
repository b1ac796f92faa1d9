import { resolve } from 'node:path';
import { writeDemoImagesForR2 } from '../db/seed-images.ts';
import { writeDemoStoreFilesForR2 } from '../db/seed-store-files.ts';
import { seedForStart } from '../db/seed.ts';
import { parseEnv } from '../worker/src/platform/env.ts';
import { markExistingCourseMedia } from '../worker/src/services/media-access.ts';
import { openNodeDatabase } from '../worker/src/platform/node-db.ts';

// `npm run db:seed:remote`: the seed of the Workers deployment's database (decision 0005).
// Run after `npm run db:migrate:remote`, with LIBSQL_URL (and LIBSQL_AUTH_TOKEN) set.
// A deployment never gets the demo logins (decision 0016): DRX_SEED=demo adds demo content whose
// owners cannot sign in; DRX_ADMIN_USERNAME / DRX_ADMIN_PASSWORD create the real admin.
const env = parseEnv(process.env);
if (!env.LIBSQL_URL) {
  console.error('Set LIBSQL_URL (and LIBSQL_AUTH_TOKEN) to the libSQL server of the deployment.');
  process.exit(1);
}
const { client, db } = await openNodeDatabase(env);
try {
  const seed = await seedForStart(db, env, { allowDemoLogins: false });
  await markExistingCourseMedia(db);
  if (seed.seeded) console.log('Demo content added (its owners cannot sign in).');
  if (env.DRX_SEED === 'demo') {
    // The demo's cover art and portraits (decision 0019) live in R2 like every upload: written to
    // a folder here, put into the bucket with wrangler (idempotent; run them after every seed).
    const dir = resolve(env.DATA_DIR, 'demo-images');
    const commands = await writeDemoImagesForR2(dir);
    console.log(`Demo images written to ${dir}. Put them into the R2 bucket with:`);
    for (const command of commands) console.log(`  ${command}`);
    // The demo store's resource files (under private/, never public) and covers, the same way.
    const storeDir = resolve(env.DATA_DIR, 'demo-store');
    const storeCommands = await writeDemoStoreFilesForR2(storeDir);
    console.log(`Demo store files written to ${storeDir}. Put them into the R2 bucket with:`);
    for (const command of storeCommands) console.log(`  ${command}`);
  }
  if (seed.locked.length > 0) console.log(`Demo logins with the published password disabled: ${seed.locked.join(', ')}`);
  if (seed.admin.created) console.log(`Admin account ${seed.admin.username} created.`);
  else if (!seed.admin.username) console.warn('No admin account configured: set DRX_ADMIN_USERNAME and DRX_ADMIN_PASSWORD and run this again.');
  console.log('Seed done.');
} finally {
  client.close();
}
