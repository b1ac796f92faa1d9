import { ensureAdminAccount, existingDemoAccounts, seedDemoData, seedReferenceData } from '../db/seed.ts';
import { parseEnv } from '../worker/src/platform/env.ts';
import { openNodeDatabase } from '../worker/src/platform/node-db.ts';

// `npm run db:seed:remote`: the seed of the Workers deployment's database (decision 0005).
// Run after `npm run db:migrate:remote`, with LIBSQL_URL (and LIBSQL_AUTH_TOKEN) set.
const env = parseEnv(process.env);
if (!env.LIBSQL_URL) {
  console.error('Set LIBSQL_URL (and LIBSQL_AUTH_TOKEN) to the libSQL server of the deployment.');
  process.exit(1);
}
const { client, db } = await openNodeDatabase(env);
try {
  await seedReferenceData(db);
  if (env.DRX_SEED === 'demo' && (await seedDemoData(db))) {
    console.log('Demo data added; demo accounts:', (await existingDemoAccounts(db)).map((a) => a.username).join(', '));
  }
  const admin = await ensureAdminAccount(db, env);
  if (admin.created) console.log(`Admin account ${admin.username} created.`);
  console.log('Seed done.');
} finally {
  client.close();
}
