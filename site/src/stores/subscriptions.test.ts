import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installStandInBrowser, type Handler, type StandInBrowser } from '../../../tests/support/stand-in-browser.ts';
import { monthlySubscriptionOn, planView } from '../../../tests/support/subscription-views.ts';
import type { ChangePreview, PlanView, SubscriptionView } from '../../../shared/subscriptions/views.ts';

/**
 * The plans' store (decision 0031) against a stand-in browser: the plans and the user's subscriptions
 * read through the query layer, the checkout asked for JSON with the price the visitor saw, its
 * 409s (a changed price reads the plans again; a running subscription points to the change flow),
 * the change's preview read afresh and the change marking the subscription reads stale.
 */

let browser: StandInBrowser;
let handler: Handler;

async function load() {
  vi.resetModules();
  return import('./subscriptions.ts');
}

const plan = (key: PlanView['key'], level: number, monthly: number, yearly: number) => planView(key, level, monthly, yearly, { yearly_saving_percent: 17 });

const educator = plan('educator', 10, 2900, 29000);
const premium = plan('premium', 20, 7900, 79000);

const subscription = (tier: PlanView['key'], level: number, patch: Partial<SubscriptionView> = {}) =>
  monthlySubscriptionOn(tier, level, { id: level, current_period_start: null, current_period_end: null, ...patch });

beforeEach(() => {
  browser = installStandInBrowser('http://localhost/subscription', (method, path, body) => handler(method, path, body));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reads', () => {
  it('holds the plans by level and the current subscription of the list', async () => {
    handler = (_m, path) => {
      if (path === '/api/subscriptions/plans') return { status: 200, body: [premium, educator] };
      if (path === '/api/subscriptions/user') return { status: 200, body: [subscription('royalty', 30, { is_active: false, status: 'canceled' }), subscription('educator', 10)] };
    };
    const store = await load();
    expect(store.$plans.get()).toEqual({ status: 'idle' });
    const plans = await store.loadPlans();
    expect(plans.map((p) => p.key)).toEqual(['premium', 'educator']);
    expect(store.$plans.get()).toMatchObject({ status: 'ready', data: [{ key: 'educator' }, { key: 'premium' }] });
    await store.loadSubscriptions();
    expect(store.$currentSubscription.get()?.plan.tier).toBe('educator');
  });

  it('answers a failed read with its message', async () => {
    handler = () => ({ status: 400, body: { message: 'No plans today' } });
    const store = await load();
    await expect(store.loadPlans()).rejects.toThrow('No plans today');
    expect(store.$plans.get()).toEqual({ status: 'error', message: 'No plans today' });
  });
});

describe('startCheckout', () => {
  it('asks for JSON with the plan, the interval and the price in dollars, then leaves for the checkout', async () => {
    handler = (_m, path) => (path.startsWith('/api/subscriptions/checkout') ? { status: 200, body: { checkoutUrl: '/checkout/stripe?session=cs_1' } } : undefined);
    const store = await load();
    const failure = await store.startCheckout(premium, 'year');
    expect(failure).toBeNull();
    expect(browser.calls.map((c) => c.path)).toEqual(['/api/subscriptions/checkout?plan=premium&interval=year&price=790']);
    const init = vi.mocked(fetch).mock.calls[0]![1] as RequestInit;
    const headers = new Headers(init.headers);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(browser.assigned).toEqual(['/checkout/stripe?session=cs_1']);
  });

  it('reads the plans again when the price changed (409), and leaves nowhere', async () => {
    let plansRead = 0;
    handler = (_m, path) => {
      if (path.startsWith('/api/subscriptions/checkout')) return { status: 409, body: { message: 'The price of this plan has changed. Please review the plans and try again.' } };
      if (path === '/api/subscriptions/plans') {
        plansRead += 1;
        return { status: 200, body: [educator, plan('premium', 20, 8900, 89000)] };
      }
    };
    const store = await load();
    const failure = await store.startCheckout(premium, 'month');
    expect(failure).toEqual({ kind: 'price-changed', message: 'The price of this plan has changed. Please review the plans and try again.' });
    expect(plansRead).toBe(1);
    expect(store.$plans.get()).toMatchObject({ status: 'ready', data: [{ key: 'educator' }, { key: 'premium', monthly_price_cents: 8900 }] });
    expect(browser.assigned).toEqual([]);
  });

  it('tells a subscriber to change plan instead (409), and reports other failures', async () => {
    handler = () => ({ status: 409, body: { message: 'You already have a subscription. To change your plan, go to /subscription/upgrade.' } });
    const store = await load();
    expect(await store.startCheckout(educator, 'month')).toMatchObject({ kind: 'subscribed' });
    handler = () => ({ status: 400, body: { message: 'This plan is not available.' } });
    expect(await store.startCheckout(educator, 'month')).toEqual({ kind: 'failed', message: 'This plan is not available.' });
    expect(browser.assigned).toEqual([]);
  });
});

describe('changes', () => {
  const preview: ChangePreview = {
    kind: 'upgrade',
    effective: 'now',
    effective_at: null,
    from: { plan: { id: 11, name: 'Educator', tier: 'educator', level: 10 }, interval: 'month', price_cents: 2900 },
    to: { plan: { id: 21, name: 'Premium', tier: 'premium', level: 20 }, interval: 'month', price_cents: 7900 },
    credit_cents: 1450,
    charge_cents: 3950,
    due_cents: 2500,
    trialing: false,
  };

  it('reads the preview afresh each time it is asked', async () => {
    handler = (_m, path) => (path.startsWith('/api/subscriptions/change/preview') ? { status: 200, body: preview } : undefined);
    const store = await load();
    expect(await store.previewChange('premium', 'month')).toEqual(preview);
    await store.previewChange('premium', 'month');
    expect(browser.calls.map((c) => c.path)).toEqual(['/api/subscriptions/change/preview?plan=premium&interval=month', '/api/subscriptions/change/preview?plan=premium&interval=month']);
  });

  it('posts the change and reads the subscriptions again', async () => {
    let tier: PlanView['key'] = 'educator';
    handler = (method, path) => {
      if (method === 'POST' && path === '/api/subscriptions/change') {
        tier = 'premium';
        return { status: 200, body: subscription('premium', 20) };
      }
      if (path === '/api/subscriptions/user') return { status: 200, body: [subscription(tier, tier === 'premium' ? 20 : 10)] };
    };
    const store = await load();
    await store.loadSubscriptions();
    expect(store.$currentSubscription.get()?.plan.tier).toBe('educator');
    await store.changePlan('premium', 'month');
    expect(browser.calls.find((c) => c.method === 'POST')?.body).toEqual({ plan: 'premium', interval: 'month' });
    await vi.waitFor(() => expect(store.$currentSubscription.get()?.plan.tier).toBe('premium'));
  });
});
