import { describe, expect, it } from 'vitest';
import { monthlySubscriptionOn, planView } from '../../../tests/support/subscription-views.ts';
import type { PlanView, SubscriptionView } from '../../../shared/subscriptions/views.ts';
import {
  checkoutQuery,
  comparisonRows,
  currentSubscription,
  GUEST,
  intervalOf,
  planButton,
  planPrice,
  preselectedPlan,
  priceCents,
  signInForPlanPath,
  upgradePath,
  viewerOf,
  yearlySavingLine,
} from './subscription-plans.ts';

const feature = (text: string, included: boolean) => ({ text, included });

const plan = (key: PlanView['key'], level: number, monthly: number, yearly: number, features = [feature('Courses', true), feature('Selling', level >= 10)]): PlanView =>
  planView(key, level, monthly, yearly, { features });

const free = plan('free', 0, 0, 0);
const educator = plan('educator', 10, 2900, 29000);
const premium = plan('premium', 20, 7900, 79000);
const royalty = plan('royalty', 30, 19900, 199000);
const PLANS = [free, educator, premium, royalty];

function sub(patch: Partial<SubscriptionView> & { tier?: PlanView['key']; level?: number } = {}): SubscriptionView {
  const { tier = 'educator', level = 10, ...rest } = patch;
  return monthlySubscriptionOn(tier, level, { current_period_end: '2026-12-01T00:00:00.000Z', ...rest });
}

const labels = (viewer: typeof GUEST) => PLANS.map((p) => planButton(viewer, p));

describe('plan prices', () => {
  it('shows the monthly or the yearly price, in whole dollars when they are whole', () => {
    expect(priceCents(educator, 'month')).toBe(2900);
    expect(priceCents(educator, 'year')).toBe(29000);
    expect(planPrice(2900)).toBe('$29');
    expect(planPrice(199000)).toBe('$1,990');
    expect(planPrice(2950)).toBe('$29.50');
    expect(planPrice(0)).toBe('$0');
  });

  it('states the real yearly saving (about 17 %, beside the toggle’s Save 25%)', () => {
    expect(yearlySavingLine(educator)).toBe('Save $58 a year (17%)');
    expect(yearlySavingLine(royalty)).toBe('Save $398 a year (17%)');
    expect(yearlySavingLine(free)).toBeNull();
    expect(yearlySavingLine(plan('premium', 20, 7900, 94800))).toBeNull();
  });

  it('sends the price the visitor saw with the checkout, in dollars', () => {
    expect(checkoutQuery(premium, 'year')).toBe('plan=premium&interval=year&price=790');
    expect(checkoutQuery(educator, 'month')).toBe('plan=educator&interval=month&price=29');
  });
});

describe('the address', () => {
  it('maps ?tier= to its plan (NOBILITY is Educator) and reads the interval', () => {
    expect(preselectedPlan('NOBILITY')).toBe('educator');
    expect(preselectedPlan('premium')).toBe('premium');
    expect(preselectedPlan('IMPERIAL')).toBe('premium');
    expect(preselectedPlan('ROYAL')).toBe('royalty');
    expect(preselectedPlan('something')).toBe('free');
    expect(preselectedPlan(null)).toBeNull();
    expect(preselectedPlan('  ')).toBeNull();
    expect(intervalOf('year')).toBe('year');
    expect(intervalOf('month')).toBe('month');
    expect(intervalOf(null)).toBe('month');
    expect(intervalOf('weekly')).toBe('month');
  });

  it('brings a guest back to the chosen plan’s checkout after sign-in', () => {
    expect(signInForPlanPath('premium', 'year')).toBe(`/auth?redirect=${encodeURIComponent('/subscription?tier=premium&interval=year&checkout=1')}`);
    expect(upgradePath('royalty', 'month')).toBe('/subscription/upgrade?plan=royalty&interval=month');
  });
});

describe('the buttons of the plan cards', () => {
  it('offers a guest a free trial of every paid plan and an account for the free one', () => {
    expect(labels(GUEST).map((b) => [b.action, b.label, b.disabled])).toEqual([
      ['register', 'Get started free', false],
      ['sign-in', 'Start free trial', false],
      ['sign-in', 'Start free trial', false],
      ['sign-in', 'Start free trial', false],
    ]);
  });

  it('offers a free account a trial, or Subscribe once it had its trial; Free is its current plan', () => {
    const fresh = viewerOf({ subscription_tier: null, subscription_status: null }, []);
    expect(labels(fresh).map((b) => b.label)).toEqual(['Current plan', 'Start free trial', 'Start free trial', 'Start free trial']);
    expect(planButton(fresh, free).disabled).toBe(true);
    const ended = sub({ is_active: false, status: 'canceled', trial_start: '2026-01-01T00:00:00.000Z', trial_end: '2026-01-15T00:00:00.000Z' });
    const hadTrial = viewerOf({ subscription_tier: 'educator', subscription_status: 'canceled' }, [ended]);
    expect(hadTrial.subscribed).toBe(false);
    expect(labels(hadTrial).map((b) => b.action)).toEqual(['current', 'subscribe', 'subscribe', 'subscribe']);
  });

  it('shows a subscriber their plan as current, lower plans disabled and higher ones as upgrades', () => {
    const viewer = viewerOf({ subscription_tier: 'premium', subscription_status: 'active' }, [sub({ tier: 'premium', level: 20 })]);
    expect(labels(viewer).map((b) => [b.action, b.disabled])).toEqual([
      ['lower', true],
      ['lower', true],
      ['current', true],
      ['upgrade', false],
    ]);
    expect(planButton(viewer, premium).label).toBe('Current plan');
  });

  it('counts a trialing subscription, and one cancelled at the period end, as current until it ends', () => {
    const trialing = viewerOf({ subscription_tier: 'educator', subscription_status: 'trialing' }, [sub({ status: 'trialing', trial_start: '2026-11-20T00:00:00.000Z' })]);
    expect(trialing.current).toBe('educator');
    expect(trialing.trialUsed).toBe(true);
    expect(planButton(trialing, royalty).action).toBe('upgrade');
    const cancelling = viewerOf({ subscription_tier: 'educator', subscription_status: 'active' }, [sub({ cancel_at_period_end: true })]);
    expect(planButton(cancelling, educator).action).toBe('current');
  });

  it('reads the account’s own tier when it has no subscription rows (tier to plan), only while current', () => {
    const legacy = viewerOf({ subscription_tier: 'NOBILITY', subscription_status: 'active' }, []);
    expect(legacy.current).toBe('educator');
    expect(planButton(legacy, premium).action).toBe('upgrade');
    const expired = viewerOf({ subscription_tier: 'NOBILITY', subscription_status: 'active', subscription_expires_at: '2020-01-01T00:00:00.000Z' }, []);
    expect(expired.current).toBe('free');
    const noStatus = viewerOf({ subscription_tier: 'ROYAL', subscription_status: null }, []);
    expect(noStatus.current).toBe('free');
  });

  it('takes the highest current subscription of the list', () => {
    const list = [sub({ id: 1, is_active: false, status: 'canceled', tier: 'royalty', level: 30 }), sub({ id: 2, tier: 'premium', level: 20 }), sub({ id: 3 })];
    expect(currentSubscription(list)?.id).toBe(2);
    expect(currentSubscription([])).toBeNull();
    expect(currentSubscription(null)).toBeNull();
  });
});

describe('the comparison table', () => {
  it('has one row per feature text and one column per plan', () => {
    const rows = comparisonRows(PLANS);
    expect(rows).toEqual([
      { text: 'Courses', included: [true, true, true, true] },
      { text: 'Selling', included: [false, true, true, true] },
    ]);
    const extra = comparisonRows([free, plan('royalty', 30, 1, 1, [feature('Masterclasses', true)])]);
    expect(extra.map((r) => r.text)).toEqual(['Courses', 'Selling', 'Masterclasses']);
    expect(extra[2]!.included).toEqual([false, true]);
  });
});
