import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { getBillingProvider } from './billing-provider.ts';
import { DAY_MS } from './change-quote.ts';
import { liveSubscription, SUBSCRIPTION_NOT_FOUND } from './manage.ts';
import { subscriptionViews } from './serialize.ts';
import { advanceTestSubscription } from './test-billing.ts';
import type { SubscriptionView } from '../../../../shared/subscriptions/views.ts';

/**
 * POST /api/subscriptions/test-clock (test provider only, decision 0031): moves one subscription's
 * simulated time forward — the owner's own (their running one when no id is given) or, for an
 * admin with subscriptions.manage, anyone's — and sends the events that fall due on the way.
 */

export const TEST_CLOCK_TARGET_PAST = 'The test clock only moves forward: give a time in the future.';
export const TEST_CLOCK_MAX_DAYS = 3660;

export async function runTestClock(
  platform: Platform,
  actor: { id: number; mayManage: boolean },
  input: { subscriptionId?: number; days?: number; to?: string },
): Promise<SubscriptionView> {
  if (getBillingProvider(platform).name !== 'test') throw notFound('Not found');
  const { db } = platform;
  let sub;
  if (input.subscriptionId !== undefined) {
    [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, input.subscriptionId)).limit(1);
    if (!sub || (sub.userId !== actor.id && !actor.mayManage)) throw notFound(SUBSCRIPTION_NOT_FOUND);
  } else {
    sub = await liveSubscription(platform, actor.id);
    if (!sub) throw notFound(SUBSCRIPTION_NOT_FOUND);
  }
  const ms = input.days !== undefined ? Math.round(input.days * DAY_MS) : Date.parse(input.to!) - Date.now();
  if (!(ms > 0)) throw badRequest(TEST_CLOCK_TARGET_PAST, { to: [TEST_CLOCK_TARGET_PAST] });
  if (ms > TEST_CLOCK_MAX_DAYS * DAY_MS) throw badRequest(`The test clock moves at most ${TEST_CLOCK_MAX_DAYS} days at a time.`, { to: ['Too far ahead'] });
  await advanceTestSubscription(platform, sub, ms);
  const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).limit(1);
  return (await subscriptionViews(db, [after!]))[0]!;
}
