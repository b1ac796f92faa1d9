import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed.ts';
import { createAdmin, signIn } from '../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import type { AdminDashboard } from '../../shared/dashboards/admin.ts';
import { recountStatTotals } from '../../worker/src/services/stats/rebuild.ts';
import { recountCommunityTotals } from '../../worker/src/services/community/recount.ts';
import { growDatabase } from './grow.ts';
import { growPlan } from './plan.ts';

/** `npm run db:grow` at a small factor: real rows through the real schema, the totals recounted. */

let t: TestApp;
const plan = growPlan(0.002);
const count = async (table: string) => Number((await t.db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
}, 60_000);
afterAll(() => t.close());

describe('growDatabase', () => {
  it('adds every table’s rows with valid references, keeps its triggers, and recounts the totals', async () => {
    const triggers = await count(`sqlite_master WHERE type = 'trigger'`);
    const [users, orders] = [await count('users'), await count('orders')];
    await growDatabase(t.db, plan);
    expect(await count('users')).toBe(users + plan.users);
    expect(await count('orders')).toBe(orders + plan.orders);
    expect(await count(`order_items WHERE order_id >= (SELECT min(id) FROM orders WHERE number LIKE 'G%')`)).toBe(plan.orders);
    expect(await count('audit_log')).toBeGreaterThanOrEqual(plan.audit);
    expect(await count(`notifications WHERE user_id = (SELECT id FROM users WHERE username = 'student')`)).toBeGreaterThanOrEqual(plan.studentNotifications);
    expect(await count(`bookings WHERE number LIKE 'GB%'`)).toBe(plan.bookings);
    expect((await t.client.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
    expect(await count(`sqlite_master WHERE type = 'trigger'`)).toBe(triggers);
    const kept = await t.db.all<{ metric: string; day: string; value: number }>(sql`SELECT metric, day, value FROM stat_totals WHERE value <> 0 ORDER BY metric, day`);
    const recounted = await t.db.all<{ metric: string; day: string; value: number }>(sql`SELECT metric, day, value FROM (${recountStatTotals}) WHERE value <> 0 ORDER BY metric, day`);
    expect(kept).toEqual(recounted);
    // The community: every post, the busy lesson's questions, and its totals equal to a recount.
    expect(await count(`community_posts WHERE author_id >= (SELECT min(id) FROM users WHERE username LIKE 'grown%')`)).toBe(
      plan.communityQuestions + plan.communityAnswers + plan.communityReplies,
    );
    const [busy] = await t.db.all<{ n: number; lesson: number }>(
      sql`SELECT count(*) AS n, target_id AS lesson FROM community_posts WHERE kind = 'question' AND target_kind = 'lesson' GROUP BY target_id ORDER BY n DESC LIMIT 1`,
    );
    expect(Number(busy!.n)).toBeGreaterThanOrEqual(plan.busyLessonQuestions);
    const communityKept = await t.db.all(sql`SELECT scope_kind, scope_id, questions, unanswered FROM community_totals WHERE questions <> 0 ORDER BY scope_kind, scope_id`);
    const communityRecounted = await t.db.all(sql`SELECT scope_kind, scope_id, questions, unanswered FROM (${recountCommunityTotals}) ORDER BY scope_kind, scope_id`);
    expect(communityKept.length).toBeGreaterThan(50);
    expect(communityKept).toEqual(communityRecounted);
  });

  it('grows a database the dashboards read: revenue, orders and bookings in the window', async () => {
    const token = await signIn(t.db, (await createAdmin(t.db)).id);
    const res = await t.json('GET', '/api/admin/dashboard?days=365', undefined, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminDashboard;
    expect(body.revenue.by_kind.RESOURCE).toBeGreaterThan(0);
    expect(body.revenue.by_kind.COURSE).toBeGreaterThan(0);
    expect(body.revenue.by_kind.SUBSCRIPTION).toBeGreaterThan(0);
    expect(body.orders.paid).toBeGreaterThan(plan.orders / 3);
    expect(body.bookings.upcoming).toBeGreaterThan(0);
    expect(body.users.total).toBeGreaterThan(plan.users);
  });

  it('refuses to grow a database twice', async () => {
    await expect(growDatabase(t.db, plan)).rejects.toThrow('grown already');
  });
});
