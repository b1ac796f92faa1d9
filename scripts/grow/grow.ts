import { sql } from 'drizzle-orm';
import { hashPassword } from '../../worker/src/domain/password.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { rebuildStatTotals } from '../../worker/src/services/stats/rebuild.ts';
import { rebuildCommunityCounters } from '../../worker/src/services/community/recount.ts';
import type { GrowPlan } from './plan.ts';
import { DEMO_COMMUNITY_COURSE } from '../../db/seed-community.ts';
import { growStatements, type GrowContext } from './statements.ts';

/**
 * Grows a migrated, demo-seeded database by `plan` (scripts/grow/statements.ts). The running
 * totals' triggers would re-split every order as it is added: they are set aside while the rows go
 * in, put back, and the totals recounted from the tables. Refuses a database grown already.
 */
export async function growDatabase(db: Db, plan: GrowPlan, log: (line: string) => void = () => {}): Promise<void> {
  const [grown] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM users WHERE username = 'grown_1'`);
  if (Number(grown?.n) > 0) throw new Error('This database is grown already: start from an empty one.');
  const context = await contextOf(db, plan);
  const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
  // (The community's counters too: a million posts are counted once, after.)
  const triggers = await db.all<{ name: string; sql: string }>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND (name LIKE 'stat\\_%' ESCAPE '\\' OR name LIKE 'community\\_%' ESCAPE '\\')`,
  );
  for (const t of triggers) await db.run(sql.raw(`DROP TRIGGER ${t.name}`));
  try {
    for (const { name, statement } of growStatements(context)) {
      const at = performance.now();
      const result = await db.run(statement);
      log(`  ${name.padEnd(22)} ${String(result.rowsAffected).padStart(9)} rows  ${seconds(at)}`);
    }
  } finally {
    for (const t of triggers) await db.run(sql.raw(t.sql));
  }
  const at = performance.now();
  const figures = await rebuildStatTotals(db);
  log(`  ${'running totals'.padEnd(22)} ${String(figures).padStart(9)} rows  ${seconds(at)}`);
  const counted = performance.now();
  const totals = await rebuildCommunityCounters(db);
  log(`  ${'community totals'.padEnd(22)} ${String(totals).padStart(9)} rows  ${seconds(counted)}`);
}

async function contextOf(db: Db, plan: GrowPlan): Promise<GrowContext> {
  const max = async (table: string) => Number((await db.all<{ n: number | null }>(sql.raw(`SELECT max(id) AS n FROM ${table}`)))[0]?.n ?? 0);
  const idOf = async (username: string) => {
    const [row] = await db.all<{ id: number }>(sql`SELECT id FROM users WHERE username = ${username}`);
    if (!row) throw new Error(`The demo account ${username} is missing: grow a database seeded with the demo (DRX_SEED=demo).`);
    return Number(row.id);
  };
  const instructors = await db.all<{ userId: number; lessonTypeId: number }>(sql`SELECT p.user_id AS userId,
      (SELECT id FROM lesson_types lt WHERE lt.instructor_id = p.user_id AND lt.active = 1 ORDER BY position, id LIMIT 1) AS lessonTypeId
    FROM instructor_profiles p WHERE p.status = 'published' AND EXISTS (SELECT 1 FROM lesson_types lt WHERE lt.instructor_id = p.user_id AND lt.active = 1)
    ORDER BY p.user_id`);
  const categories = await db.all<{ id: number }>(sql`SELECT id FROM resource_categories ORDER BY id`);
  const plans = await db.all<{ id: number; monthly: number; yearly: number }>(sql`SELECT id, monthly_price_cents AS monthly, yearly_price_cents AS yearly
    FROM subscription_plans WHERE monthly_price_cents > 0 ORDER BY level`);
  // The community's busy lesson: the demo ballet course's first (the demo student learns it).
  const [busy] = await db.all<{ id: number; courseId: number }>(sql`SELECT l.id AS id, m.course_id AS courseId FROM lessons l JOIN modules m ON m.id = l.module_id
    JOIN courses c ON c.id = m.course_id WHERE c.title = ${DEMO_COMMUNITY_COURSE} ORDER BY m.position, l.position LIMIT 1`);
  if (instructors.length === 0 || categories.length === 0 || plans.length === 0 || !busy) throw new Error('The demo seed is incomplete: no instructors, categories, paid plans or ballet course.');
  const today = new Date();
  return {
    plan,
    anchor: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())).toISOString(),
    passwordHash: await hashPassword(crypto.randomUUID()),
    base: {
      users: await max('users'),
      courses: await max('courses'),
      resources: await max('resources'),
      orders: await max('orders'),
      subscriptions: await max('subscriptions'),
      lessons: await max('lessons'),
      communityPosts: await max('community_posts'),
    },
    ids: { student: await idOf('student'), seller: await idOf('seller'), admin: await idOf('admin'), instructorAdmin: await idOf('instructor_admin') },
    instructors: instructors.map((i) => ({ userId: Number(i.userId), lessonTypeId: Number(i.lessonTypeId) })),
    categoryIds: categories.map((c) => Number(c.id)),
    plans: plans.map((p) => ({ id: Number(p.id), monthly: Number(p.monthly), yearly: Number(p.yearly) })),
    busyLesson: { id: Number(busy.id), courseId: Number(busy.courseId) },
  };
}
