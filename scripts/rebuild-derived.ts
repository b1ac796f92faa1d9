import { existsSync } from 'node:fs';
import { parseEnv } from '../worker/src/platform/env.ts';
import { databaseFile, migrateDatabase, openNodeDatabase } from '../worker/src/platform/node-db.ts';
import { rebuildCommunityCounters } from '../worker/src/services/community/recount.ts';
import { rebuildStatTotals } from '../worker/src/services/stats/rebuild.ts';

// `npm run db:rebuild-derived`: counts every running total and every course's and resource's
// counters again from the source tables (decision 0039), the enrolments' copy of their course's
// instructor included (decision 0077), for data written around what keeps them
// (a bulk import, a restored copy). The database is the server's: DATA_DIR's drx.db, or LIBSQL_URL (and LIBSQL_AUTH_TOKEN).
const env = parseEnv(process.env);
if (!env.LIBSQL_URL && !existsSync(databaseFile(env))) {
  console.error(`No database at ${databaseFile(env)}: set DATA_DIR to the server's data folder, or LIBSQL_URL.`);
  process.exit(1);
}
const { client, db } = await openNodeDatabase(env);
try {
  // A local file is brought to the current schema first; a remote one is migrated by db:migrate:remote.
  if (!env.LIBSQL_URL) await migrateDatabase(db);
  const started = performance.now();
  const rows = await rebuildStatTotals(db);
  const communityRows = await rebuildCommunityCounters(db);
  console.log(`Running totals rebuilt: ${rows} figures and ${communityRows} community totals in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  client.close();
}
