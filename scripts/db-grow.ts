import { seedForStart } from '../db/seed.ts';
import { parseEnv } from '../worker/src/platform/env.ts';
import { databaseFile, migrateDatabase, openNodeDatabase } from '../worker/src/platform/node-db.ts';
import { growDatabase } from './grow/grow.ts';
import { factorFrom, growPlan } from './grow/plan.ts';

// `npm run db:grow [-- --factor 0.1]`: a migrated, demo-seeded database grown to a successful
// platform's size (scripts/grow/plan.ts), to measure what every request costs at that size
// (`npm run bench:scale`). The database is DATA_DIR's drx.db (default data/large), made and
// seeded with the demo when empty; it ends with the running totals recounted (db:rebuild-derived).

const factor = factorFrom(process.argv.slice(2));
const env = parseEnv({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? 'data/large', DRX_SEED: 'demo' });
const { client, db } = await openNodeDatabase(env);
const started = performance.now();
try {
  await migrateDatabase(db);
  await seedForStart(db, env);
  const plan = growPlan(factor);
  console.log(`Growing ${databaseFile(env)} at factor ${factor}: ${plan.users} users, ${plan.orders} orders, ${plan.audit} audit entries...`);
  await growDatabase(db, plan, (line) => console.log(line));
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  console.log(`Grown in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  client.close();
}
