import { describe, expect, it } from 'vitest';
import { centsOfDollars, formOfPlan, newFeature, planBodyOf, subscriptionIdFromPath, type AdminPlanView, type PlanForm } from './admin-subscriptions.ts';

const plan = (over: Partial<AdminPlanView> = {}): AdminPlanView => ({
  id: 2,
  key: 'educator',
  tier: 'educator',
  name: 'Educator',
  level: 10,
  description: 'For teachers.',
  price: 29,
  monthlyPrice: 29,
  yearlyPrice: 290,
  monthly_price_cents: 2900,
  yearly_price_cents: 29000,
  yearly_saving_percent: 17,
  features: [
    { text: 'Courses', included: true },
    { text: 'Masterclasses', included: false },
  ],
  active: true,
  position: 2,
  stripe_product_id: null,
  stripe_monthly_price_id: null,
  stripe_yearly_price_id: null,
  subscriber_count: 0,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const form = (over: Partial<PlanForm> = {}): PlanForm => ({ ...formOfPlan(plan()), ...over });

describe('plan form', () => {
  it('starts from the plan with prices in dollars', () => {
    const f = formOfPlan(plan());
    expect(f).toMatchObject({ name: 'Educator', monthly: '29.00', yearly: '290.00', active: true });
    expect(f.features.map(({ text, included }) => ({ text, included }))).toEqual(plan().features);
  });

  it('reads typed dollars as cents, refusing nonsense and more than two decimals', () => {
    expect(centsOfDollars('29')).toBe(2900);
    expect(centsOfDollars(' $1,990.5 ')).toBe(199050);
    expect(centsOfDollars('0')).toBe(0);
    expect(centsOfDollars('0.005')).toBeNull();
    expect(centsOfDollars('-1')).toBeNull();
    expect(centsOfDollars('abc')).toBeNull();
    expect(centsOfDollars('')).toBeNull();
  });

  it('sends the whole plan with trimmed text and cents', () => {
    const result = planBodyOf(
      plan(),
      form({ name: ' Educator+ ', monthly: '31', yearly: '310.00', features: [newFeature(' Courses ', true), newFeature('Support', false)] }),
    );
    expect(result).toEqual({
      body: {
        name: 'Educator+',
        description: 'For teachers.',
        monthlyPriceCents: 3100,
        yearlyPriceCents: 31000,
        features: [
          { text: 'Courses', included: true },
          { text: 'Support', included: false },
        ],
        active: true,
      },
    });
  });

  it('finds the problems the server would refuse before sending', () => {
    const errorsOf = (p: AdminPlanView, f: PlanForm) => {
      const result = planBodyOf(p, f);
      return 'errors' in result ? result.errors : {};
    };
    expect(errorsOf(plan(), form({ monthly: '20' }))).toEqual({ yearly: 'The yearly price cannot be more than 12 monthly payments.' });
    expect(errorsOf(plan(), form({ monthly: '0.50' }))).toMatchObject({ monthly: 'A paid plan’s price must be at least $1.00.' });
    expect(errorsOf(plan(), form({ monthly: 'x', name: ' ' }))).toMatchObject({
      monthly: 'Enter a price in dollars, like 29 or 29.00.',
      name: 'Name is required',
    });
    expect(errorsOf(plan(), form({ features: [] }))).toEqual({ features: 'A plan needs at least one feature' });
    expect(errorsOf(plan(), form({ features: [newFeature('ok'), newFeature('  ')] }))).toEqual({ featureLines: { 1: 'A feature needs its text' } });
    const free = plan({ key: 'free', monthly_price_cents: 0, yearly_price_cents: 0 });
    expect(errorsOf(free, { ...formOfPlan(free), monthly: '5', active: false })).toEqual({
      monthly: 'The Free plan’s prices stay $0.00.',
      active: 'The Free plan cannot be deactivated.',
    });
  });
});

describe('subscription detail path', () => {
  it('reads the id of /admin/subscriptions/{id}', () => {
    expect(subscriptionIdFromPath('/admin/subscriptions/42')).toBe(42);
    expect(subscriptionIdFromPath('/admin/subscriptions/42/')).toBe(42);
    expect(subscriptionIdFromPath('/admin/subscriptions/_/')).toBe(0);
    expect(subscriptionIdFromPath('/admin/subscriptions')).toBe(0);
  });
});
