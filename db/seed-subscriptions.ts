import { sql } from 'drizzle-orm';
import type { Db } from '../worker/src/platform/db.ts';
import { PLAN_NAMES, type PlanKey } from '../worker/src/domain/subscriptions.ts';

/**
 * The demo's subscriptions (decision 0031): the demo sellers sell, so they hold an Educator plan —
 * a test-provider subscription that began with the 14-day trial and has renewed once, its two paid
 * invoices, and the users' subscription columns (tier, status, expiry) as the webhooks leave them. The multirole account stays on
 * the free plan, so the Course Administration gate can be seen (and passed by upgrading).
 */

export interface DemoSubscription {
  username: string;
  plan: PlanKey;
  interval: 'month' | 'year';
}

export const DEMO_SUBSCRIPTIONS: readonly DemoSubscription[] = [
  { username: 'seller', plan: 'educator', interval: 'month' },
  { username: 'curriculum_seller', plan: 'educator', interval: 'month' },
];

const DAY = 86_400_000;
const TRIAL_DAYS = 14;
const PERIOD_DAYS = 30;

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => Math.floor(ms / 1000);

/** The conditional statements of one demo subscription: nothing when the user is missing or already has a subscription. */
function subscriptionStatements(db: Db, demo: DemoSubscription, now: number) {
  const user = sql`(SELECT id FROM users WHERE lower(username) = lower(${demo.username}))`;
  const plan = sql`(SELECT id FROM subscription_plans WHERE key = ${demo.plan})`;
  const price = sql`(SELECT ${sql.raw(demo.interval === 'year' ? 'yearly_price_cents' : 'monthly_price_cents')} FROM subscription_plans WHERE key = ${demo.plan})`;
  const providerId = `sub_test_demo_${demo.username}`;
  const subscription = sql`(SELECT id FROM subscriptions WHERE provider_subscription_id = ${providerId})`;
  // Trial 45 → 31 days ago, a first paid period 31 → 1 days ago, the current one from a day ago.
  const created = now - (TRIAL_DAYS + PERIOD_DAYS + 1) * DAY;
  const trialEnd = created + TRIAL_DAYS * DAY;
  const secondStart = trialEnd + PERIOD_DAYS * DAY;
  const periodEnd = secondStart + PERIOD_DAYS * DAY;
  const invoices = [
    { n: 1, start: trialEnd, end: secondStart, reason: 'subscription_cycle' },
    { n: 2, start: secondStart, end: periodEnd, reason: 'subscription_cycle' },
  ];
  return [
    db.run(sql`INSERT INTO subscriptions (user_id, plan_id, interval, status, price_cents, cancel_at_period_end, trial_start, trial_end,
        current_period_start, current_period_end, provider, provider_subscription_id, provider_customer_id, provider_updated, created_at, updated_at)
      SELECT ${user}, ${plan}, ${demo.interval}, 'active', ${price}, 0, ${iso(created)}, ${iso(trialEnd)},
        ${iso(secondStart)}, ${iso(periodEnd)}, 'test', ${providerId}, ${`cus_test_demo_${demo.username}`}, ${seconds(secondStart)}, ${iso(created)}, ${iso(secondStart)}
      WHERE ${user} IS NOT NULL AND ${plan} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ${user})`),
    ...invoices.map((inv) =>
      db.run(sql`INSERT INTO subscription_invoices (subscription_id, user_id, provider_invoice_id, number, status, billing_reason,
          amount_due_cents, amount_paid_cents, currency, lines, period_start, period_end, paid_at, provider_created, created_at, updated_at)
        SELECT ${subscription}, ${user}, ${`in_test_demo_${demo.username}_${inv.n}`}, ${`DRX-INV-DEMO-${demo.username.toUpperCase()}-${inv.n}`}, 'paid', ${inv.reason},
          ${price}, ${price}, 'usd',
          json_array(json_object('description', ${`${PLAN_NAMES[demo.plan]} plan (${demo.interval}ly)`}, 'amountCents', ${price})),
          ${iso(inv.start)}, ${iso(inv.end)}, ${iso(inv.start)}, ${seconds(inv.start)}, ${iso(inv.start)}, ${iso(inv.start)}
        WHERE ${subscription} IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM subscription_invoices WHERE provider_invoice_id = ${`in_test_demo_${demo.username}_${inv.n}`})`),
    ),
    // The user's subscription columns as the webhooks leave a renewing subscription (decision 0031).
    db.run(sql`UPDATE users SET subscription_tier = ${demo.plan}, subscription_plan = ${`${demo.plan}_${demo.interval === 'year' ? 'yearly' : 'monthly'}`},
        subscription_status = 'active', subscription_expires_at = NULL
      WHERE id = ${user} AND EXISTS (SELECT 1 FROM subscriptions WHERE provider_subscription_id = ${providerId} AND user_id = users.id)`),
  ];
}

/**
 * Gives the demo sellers their Educator subscriptions (once; an account with any subscription is
 * left alone). `list` names other demo subscriptions the same way (the Connect & Book demo's
 * premium listing, db/seed-connect.ts).
 */
export async function seedDemoSubscriptions(db: Db, now: number = Date.now(), list: readonly DemoSubscription[] = DEMO_SUBSCRIPTIONS): Promise<void> {
  const statements = list.flatMap((demo) => subscriptionStatements(db, demo, now));
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
}
