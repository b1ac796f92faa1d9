import { describe, expect, it } from 'vitest';
import { FEATURE_GATE_DEFAULT_MESSAGE, hasFeatureAccess, planOfTier, SUBSCRIPTION_LEVELS, tierLevel, TIER_TO_PLAN } from './subscriptions.ts';

describe('subscription levels', () => {
  it('are free 0, educator 10, premium 20, royalty 30', () => {
    expect(SUBSCRIPTION_LEVELS).toEqual({ free: 0, educator: 10, premium: 20, royalty: 30 });
    expect(tierLevel('free')).toBe(0);
    expect(tierLevel('educator')).toBe(10);
    expect(tierLevel('premium')).toBe(20);
    expect(tierLevel('royalty')).toBe(30);
  });

  it.each([
    ['NOBILITY', 'educator', 10],
    ['IMPERIAL', 'premium', 20],
    ['ROYAL', 'royalty', 30],
    ['basic_seller', 'educator', 10],
    ['premium_seller', 'educator', 10],
    ['basic_directory', 'free', 0],
    ['premium_directory', 'premium', 20],
    ['annual_access', 'premium', 20],
    ['quarterly_access', 'premium', 20],
    ['monthly_access', 'premium', 20],
  ] as const)('maps the tier %s to %s (level %i)', (tier, plan, level) => {
    expect(TIER_TO_PLAN[tier]).toBe(plan);
    expect(planOfTier(tier)).toBe(plan);
    expect(tierLevel(tier)).toBe(level);
  });

  it('covers exactly the product tiers', () => {
    expect(Object.keys(TIER_TO_PLAN).sort()).toEqual(
      ['NOBILITY', 'IMPERIAL', 'ROYAL', 'basic_seller', 'premium_seller', 'basic_directory', 'premium_directory', 'annual_access', 'quarterly_access', 'monthly_access'].sort(),
    );
  });

  it('reads tiers without regard to case or surrounding spaces', () => {
    expect(tierLevel('nobility')).toBe(10);
    expect(tierLevel('Imperial')).toBe(20);
    expect(tierLevel(' ROYALTY ')).toBe(30);
    expect(tierLevel('BASIC_SELLER')).toBe(10);
  });

  it('treats a missing or unknown tier as free', () => {
    expect(tierLevel(null)).toBe(0);
    expect(tierLevel(undefined)).toBe(0);
    expect(tierLevel('')).toBe(0);
    expect(tierLevel('platinum')).toBe(0);
    expect(planOfTier('platinum')).toBe('free');
  });
});

describe('hasFeatureAccess', () => {
  it('shows a gated feature only when the level is at least the required level', () => {
    expect(hasFeatureAccess(10, 10)).toBe(true);
    expect(hasFeatureAccess(20, 10)).toBe(true);
    expect(hasFeatureAccess(0, 10)).toBe(false);
    expect(hasFeatureAccess(9, 10)).toBe(false);
    expect(hasFeatureAccess(0, 0)).toBe(true);
  });

  it('gates course administration (level 10) by tier', () => {
    expect(hasFeatureAccess(tierLevel('basic_directory'), 10)).toBe(false);
    expect(hasFeatureAccess(tierLevel('NOBILITY'), 10)).toBe(true);
    expect(hasFeatureAccess(tierLevel('free'), 10)).toBe(false);
  });

  it('has the fixed default message of a gated feature', () => {
    expect(FEATURE_GATE_DEFAULT_MESSAGE).toBe('This feature requires a higher subscription level.');
  });
});
