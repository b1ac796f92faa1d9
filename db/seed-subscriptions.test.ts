import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../tests/support/factories.ts';
import { createTestApp, read, type TestApp } from '../tests/support/test-app.ts';
import { afterLoginRedirect } from '../worker/src/domain/navigation.ts';
import { subscriptionIsActive } from '../worker/src/domain/subscriptions.ts';
import { courses, subscriptionInvoices, subscriptionPlans, subscriptions, users } from './schema/index.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_SUBSCRIPTIONS, seedDemoSubscriptions } from './seed-subscriptions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
}, 60_000);
afterAll(() => t?.close());

const userNamed = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0]!;
const tokenOf = async (username: string) => signIn(t.db, (await userNamed(username)).id);
const check = async (feature: string, token: string) =>
  (await read<{ hasAccess: boolean }>(await t.json('GET', `/api/features/check/${feature}`, undefined, token))).hasAccess;

describe('the demo subscriptions (decision 0031)', () => {
  it('gives seller and curriculum_seller a renewing Educator subscription with two paid invoices, and consistent subscription columns on the user', async () => {
    expect(DEMO_SUBSCRIPTIONS.map((d) => d.username)).toEqual(['seller', 'curriculum_seller']);
    for (const username of ['seller', 'curriculum_seller']) {
      const user = await userNamed(username);
      expect(user, username).toMatchObject({ subscriptionTier: 'educator', subscriptionPlan: 'educator_monthly', subscriptionStatus: 'active', subscriptionExpiresAt: null });
      const rows = await t.db
        .select({ sub: subscriptions, key: subscriptionPlans.key, monthly: subscriptionPlans.monthlyPriceCents })
        .from(subscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
        .where(eq(subscriptions.userId, user.id));
      expect(rows, username).toHaveLength(1);
      const { sub, key, monthly } = rows[0]!;
      expect(key).toBe('educator');
      expect(sub).toMatchObject({ status: 'active', interval: 'month', provider: 'test', priceCents: monthly, cancelAtPeriodEnd: false, endedAt: null });
      expect(Date.parse(sub.currentPeriodEnd!)).toBeGreaterThan(Date.now());
      expect(Date.parse(sub.currentPeriodStart!)).toBeLessThan(Date.now());
      expect(Date.parse(sub.trialEnd!)).toBeLessThan(Date.parse(sub.currentPeriodStart!));
      const invoices = await t.db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.subscriptionId, sub.id));
      expect(invoices.map((i) => [i.status, i.amountPaidCents, i.userId])).toEqual([
        ['paid', monthly, user.id],
        ['paid', monthly, user.id],
      ]);
      expect(invoices.at(-1)!.periodEnd).toBe(sub.currentPeriodEnd);
      expect(subscriptionIsActive({ subscription_status: user.subscriptionStatus, subscription_expires_at: user.subscriptionExpiresAt })).toBe(true);
    }
  });

  it('lets the demo sellers sell and keeps multirole on the free plan, so the gates show for it', async () => {
    const seller = await tokenOf('seller');
    expect(await check('store_selling', seller)).toBe(true);
    expect(await check('course_administration', seller)).toBe(true);
    expect(await check('premium_courses', seller)).toBe(false);
    const multirole = await userNamed('multirole');
    expect(multirole.subscriptionTier).toBe('free');
    const token = await signIn(t.db, multirole.id);
    expect(await check('course_administration', token)).toBe(false);
    expect(await check('store_selling', token)).toBe(false);
    expect(afterLoginRedirect({ role: ['SELLER'], subscription_tier: 'educator', subscription_status: 'active' })).toBe('/dashboard');
  });

  it('marks the contemporary course Premium; the courses the demo learner takes stay open to everyone', async () => {
    const rows = await t.db.select({ title: courses.title, level: courses.requiredLevel }).from(courses);
    expect(rows.filter((r) => r.level > 0)).toEqual([{ title: 'Contemporary Technique: Floor Work and Release', level: 20 }]);
    const student = await tokenOf('student');
    const mine = await read<{ course: { id: number } }[]>(await t.json('GET', '/api/enrollments', undefined, student));
    const premium = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.requiredLevel, 20)))[0]!.id;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((e) => e.course.id)).not.toContain(premium);
  });

  it('writes nothing twice', async () => {
    const before = [(await t.db.select().from(subscriptions)).length, (await t.db.select().from(subscriptionInvoices)).length];
    await seedDemoSubscriptions(t.db);
    expect([(await t.db.select().from(subscriptions)).length, (await t.db.select().from(subscriptionInvoices)).length]).toEqual(before);
  });
});
