import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../../db/schema/subscriptions.ts';
import { createAdminTestApp } from '../../../tests/support/admin-test-app.ts';
import { users } from '../../../db/schema/users.ts';
import { createAdmin, createSignedInUser, createUser, signIn } from '../../../tests/support/factories.ts';
import { insertInvoice, insertSubscription, planIdOf } from '../../../tests/support/subscription-rows.ts';
import { startStripeFake, type StripeFake } from '../../../tests/support/stripe-fake.ts';
import { INVALID_CURSOR } from '../schemas/users.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { PERMISSION_DENIED } from '../middleware/auth.ts';
import { FREE_PLAN_ACTIVE, FREE_PLAN_PRICE, NOTHING_TO_CHANGE, PAID_PLAN_MINIMUM, YEARLY_ABOVE_TWELVE_MONTHS } from '../domain/plan-rules.ts';
import {
  ALREADY_CANCELING,
  ALREADY_ENDED,
  INVOICE_NOT_FOUND,
  INVOICE_NOT_REFUNDABLE,
  NOT_RENEWING,
  NOTHING_TO_REFUND,
  PLAN_NOT_FOUND,
  PROVIDER_NOT_IN_USE,
  refundTooLarge,
  SUBSCRIPTION_NOT_FOUND,
} from '../services/subscriptions/admin.ts';
import type { AdminPlanSaved, AdminSubscriptionDetail, AdminSubscriptionPage } from '../../../shared/subscriptions/admin.ts';
import type { SubscriptionStats } from '../../../shared/subscriptions/stats.ts';
import { STRIPE_SYNC_FAILED } from './subscriptions-admin.ts';
import type { AdminPlanView } from '../../../shared/subscriptions/views.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => ({ t, adminToken, studentToken } = await createAdminTestApp()));
afterAll(() => t.close());

const plansVersion = async () => (await t.db.all<{ version: number }>(sql`SELECT version FROM content_versions WHERE scope = 'plans'`))[0]!.version;
const patch = (id: number, body: unknown, token = adminToken) => t.json('PATCH', `/api/admin/subscription-plans/${id}`, body, token);
const plans = async () => read<AdminPlanView[]>(await t.json('GET', '/api/admin/subscription-plans', undefined, adminToken));
const planOf = async (key: string) => (await plans()).find((p) => p.key === key)!;

describe('guard (plans.manage, subscriptions.manage: ADMIN only)', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/subscription-plans'],
    ['PATCH', '/api/admin/subscription-plans/2', { description: 'x' }],
    ['GET', '/api/admin/subscriptions'],
    ['GET', '/api/admin/subscription-stats'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a student and for CURRICULUM_ADMIN', async (method, path, body) => {
    expect((await t.json(method, path, body)).status).toBe(401);
    const res = await t.json(method, path, body, studentToken);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
    const { token } = await createSignedInUser(t.db, {
      roles: ['CURRICULUM_ADMIN'],
    });
    expect((await t.json(method, path, body, token)).status).toBe(403);
  });

  it('a refused change changes nothing', async () => {
    const before = await planOf('educator');
    const { token } = await createSignedInUser(t.db, {
      roles: ['CURRICULUM_ADMIN'],
    });
    expect((await patch(before.id, { monthlyPriceCents: 1 }, token)).status).toBe(403);
    expect((await planOf('educator')).monthly_price_cents).toBe(before.monthly_price_cents);
  });
});

describe('GET /api/admin/subscription-plans', () => {
  it('answers the four plans in order, inactive ones too, with Stripe ids and live subscriber counts', async () => {
    const premium = await planIdOf(t.db, 'premium');
    await t.db.update(subscriptionPlans).set({ active: false }).where(eq(subscriptionPlans.id, premium));
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.db)));
    await insertSubscription(t.db, users[0]!.id, {
      plan: 'royalty',
      status: 'active',
    });
    await insertSubscription(t.db, users[1]!.id, {
      plan: 'royalty',
      status: 'trialing',
    });
    await insertSubscription(t.db, users[2]!.id, {
      plan: 'royalty',
      status: 'past_due',
    });
    await insertSubscription(t.db, users[3]!.id, {
      plan: 'royalty',
      status: 'canceled',
      endedAt: new Date().toISOString(),
    });
    await insertSubscription(t.db, users[4]!.id, {
      plan: 'royalty',
      status: 'incomplete',
    });
    try {
      const list = await plans();
      expect(list.map((p) => p.key)).toEqual(['free', 'educator', 'premium', 'royalty']);
      expect(list.find((p) => p.key === 'premium')!.active).toBe(false);
      const royalty = list.find((p) => p.key === 'royalty')!;
      expect(royalty).toMatchObject({
        name: 'Royalty',
        level: 30,
        monthly_price_cents: 19900,
        yearly_price_cents: 199000,
        monthlyPrice: 199,
        yearlyPrice: 1990,
        subscriber_count: 3,
        stripe_product_id: null,
        stripe_monthly_price_id: null,
        stripe_yearly_price_id: null,
      });
      expect(royalty.features.length).toBeGreaterThan(0);
      expect(royalty.features.every((f) => typeof f.text === 'string' && typeof f.included === 'boolean')).toBe(true);
    } finally {
      await t.db.update(subscriptionPlans).set({ active: true }).where(eq(subscriptionPlans.id, premium));
    }
  });
});

describe('PATCH /api/admin/subscription-plans/:id', () => {
  it('changes prices, name, description and features; the plans version moves and the public plans answer the new price', async () => {
    const educator = await planOf('educator');
    const version = await plansVersion();
    const features = [
      { text: '  Course administration  ', included: true },
      { text: 'Royalty masterclasses', included: false },
    ];
    try {
      const res = await patch(educator.id, {
        name: ' Educator+ ',
        description: 'For teachers.',
        monthlyPriceCents: 3100,
        yearlyPriceCents: 31000,
        features,
      });
      expect(res.status).toBe(200);
      const view = await read<AdminPlanView>(res);
      expect(view).toMatchObject({
        id: educator.id,
        key: 'educator',
        name: 'Educator+',
        description: 'For teachers.',
        monthly_price_cents: 3100,
        yearly_price_cents: 31000,
        monthlyPrice: 31,
        yearlyPrice: 310,
        features: [
          { text: 'Course administration', included: true },
          { text: 'Royalty masterclasses', included: false },
        ],
        active: true,
      });
      expect(await plansVersion()).toBeGreaterThan(version);

      const pub = await t.request('/api/subscriptions/plans');
      expect(pub.status).toBe(200);
      const body = (await pub.json()) as
        | { key: string; monthly_price_cents: number; name: string }[]
        | {
            plans: { key: string; monthly_price_cents: number; name: string }[];
          };
      const list = Array.isArray(body) ? body : body.plans;
      expect(list.find((p) => p.key === 'educator')).toMatchObject({
        monthly_price_cents: 3100,
        name: 'Educator+',
      });
    } finally {
      // Put it back for the other tests.
      expect(
        (
          await patch(educator.id, {
            name: educator.name,
            description: educator.description,
            monthlyPriceCents: 2900,
            yearlyPriceCents: 29000,
            features: educator.features,
          })
        ).status,
      ).toBe(200);
    }
  });

  it('deactivates and reactivates a paid plan; the public list leaves it out meanwhile', async () => {
    const royalty = await planOf('royalty');
    try {
      const off = await read<AdminPlanView>(await patch(royalty.id, { active: false }));
      expect(off.active).toBe(false);
      const pub = (await (await t.request('/api/subscriptions/plans')).json()) as { key: string }[] | { plans: { key: string }[] };
      expect((Array.isArray(pub) ? pub : pub.plans).map((p) => p.key)).not.toContain('royalty');
    } finally {
      expect((await read<AdminPlanView>(await patch(royalty.id, { active: true }))).active).toBe(true);
    }
  });

  it('keeps the running subscriptions at the price they pay', async () => {
    const premium = await planOf('premium');
    const user = await createUser(t.db);
    const sub = await insertSubscription(t.db, user.id, {
      plan: 'premium',
      priceCents: 7900,
    });
    expect(
      (
        await patch(premium.id, {
          monthlyPriceCents: 8900,
          yearlyPriceCents: 89000,
        })
      ).status,
    ).toBe(200);
    const page = await read<AdminSubscriptionPage>(await t.json('GET', `/api/admin/subscriptions?q=${user.username}`, undefined, adminToken));
    expect(page.data.find((s) => s.id === sub.id)!.price_cents).toBe(7900);
    expect(
      (
        await patch(premium.id, {
          monthlyPriceCents: 7900,
          yearlyPriceCents: 79000,
        })
      ).status,
    ).toBe(200);
  });

  it('keeps the Free plan at $0 and active', async () => {
    const free = await planOf('free');
    for (const [body, field, message] of [
      [{ monthlyPriceCents: 100 }, 'monthlyPriceCents', FREE_PLAN_PRICE],
      [{ yearlyPriceCents: 1000 }, 'yearlyPriceCents', FREE_PLAN_PRICE],
      [{ active: false }, 'active', FREE_PLAN_ACTIVE],
    ] as const) {
      const res = await patch(free.id, body);
      expect(res.status).toBe(400);
      const err = await read<ErrorBody>(res);
      expect(err.message).toBe(message);
      expect(err.validationErrors?.[field]).toEqual([message]);
    }
    // Its text and features stay editable.
    const res = await patch(free.id, { description: 'Learn for free.' });
    expect(res.status).toBe(200);
    expect(await read<AdminPlanView>(res)).toMatchObject({
      description: 'Learn for free.',
      monthly_price_cents: 0,
      active: true,
    });
    expect((await patch(free.id, { description: free.description })).status).toBe(200);
  });

  it.each([
    [{ monthlyPriceCents: 50 }, 'monthlyPriceCents', PAID_PLAN_MINIMUM],
    [{ monthlyPriceCents: 0, yearlyPriceCents: 0 }, 'monthlyPriceCents', PAID_PLAN_MINIMUM],
    [{ yearlyPriceCents: 99 }, 'yearlyPriceCents', PAID_PLAN_MINIMUM],
    [{ yearlyPriceCents: 34801 }, 'yearlyPriceCents', YEARLY_ABOVE_TWELVE_MONTHS],
    [{ monthlyPriceCents: 1000 }, 'yearlyPriceCents', YEARLY_ABOVE_TWELVE_MONTHS],
  ])('refuses a paid plan priced %j (merged with the stored prices)', async (body, field, message) => {
    const educator = await planOf('educator');
    const res = await patch(educator.id, body);
    expect(res.status).toBe(400);
    const err = await read<ErrorBody>(res);
    expect(err.message).toBe(message);
    expect(err.validationErrors?.[field]).toContain(message);
    expect(await planOf('educator')).toMatchObject({
      monthly_price_cents: 2900,
      yearly_price_cents: 29000,
    });
  });

  it('accepts a yearly price of exactly twelve months', async () => {
    const educator = await planOf('educator');
    expect((await patch(educator.id, { yearlyPriceCents: 34800 })).status).toBe(200);
    expect((await patch(educator.id, { yearlyPriceCents: 29000 })).status).toBe(200);
  });

  it.each([
    [{ monthlyPriceCents: 29.5 }, 'monthlyPriceCents', 'Monthly price must be whole cents'],
    [{ monthlyPriceCents: -1 }, 'monthlyPriceCents', 'Monthly price cannot be negative'],
    [{ monthlyPriceCents: '2900' }, 'monthlyPriceCents', 'Monthly price must be a number'],
    [{ monthlyPriceCents: 1_000_001 }, 'monthlyPriceCents', 'Monthly price must be at most $10,000.00'],
    [{ yearlyPriceCents: 12_000_001 }, 'yearlyPriceCents', 'Yearly price must be at most $120,000.00'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(41) }, 'name', 'Name must be at most 40 characters'],
    [{ description: 'x'.repeat(301) }, 'description', 'Description must be at most 300 characters'],
    [{ features: [] }, 'features', 'A plan needs at least one feature'],
    [
      {
        features: Array.from({ length: 21 }, (_, i) => ({
          text: `F${i}`,
          included: true,
        })),
      },
      'features',
      'A plan has at most 20 features',
    ],
    [{ features: [{ text: ' ', included: true }] }, 'features.0.text', 'A feature needs its text'],
    [{ features: [{ text: 'x'.repeat(121), included: true }] }, 'features.0.text', 'A feature must be at most 120 characters'],
    [{ features: [{ text: 'Certificates', included: 'yes' }] }, 'features.0.included', 'included must be true or false'],
    [{ features: 'Certificates' }, 'features', 'Features must be a list'],
    [{ active: 'no' }, 'active', 'active must be true or false'],
  ])('400 for %j', async (body, field, message) => {
    const educator = await planOf('educator');
    const version = await plansVersion();
    const res = await patch(educator.id, body);
    expect(res.status).toBe(400);
    const err = await read<ErrorBody>(res);
    expect(err.validationErrors?.[field]).toContain(message);
    expect(await plansVersion()).toBe(version);
  });

  it('400 for an empty change, 404 for an unknown plan, 400 for a bad id', async () => {
    const educator = await planOf('educator');
    const empty = await patch(educator.id, {});
    expect(empty.status).toBe(400);
    expect((await read<ErrorBody>(empty)).message).toBe(NOTHING_TO_CHANGE);
    const missing = await patch(99_999, { description: 'x' });
    expect(missing.status).toBe(404);
    expect((await read<ErrorBody>(missing)).message).toBe(PLAN_NOT_FOUND);
    expect((await patch(0, { description: 'x' })).status).toBe(400);
    const bad = await t.request(`/api/admin/subscription-plans/${educator.id}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${adminToken}`,
      },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
  });

  it('ignores the key and level (they are not editable)', async () => {
    const educator = await planOf('educator');
    const view = await read<AdminPlanView>(
      await patch(educator.id, {
        key: 'royalty',
        level: 99,
        description: educator.description,
      }),
    );
    expect(view).toMatchObject({ key: 'educator', level: 10 });
  });
});

describe('GET /api/admin/subscriptions', () => {
  const tag = `lst${Date.now().toString(36)}`;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const ann = await createUser(t.db, {
      firstName: 'Ann',
      lastName: `Filter${tag}`,
      username: `${tag}_ann`,
    });
    const bob = await createUser(t.db, {
      firstName: 'Bob',
      lastName: `Filter${tag}`,
      username: `${tag}_bob`,
    });
    const cy = await createUser(t.db, {
      firstName: 'Cy',
      lastName: `Filter${tag}`,
      username: `${tag}_cy`,
    });
    const a = await insertSubscription(t.db, ann.id, {
      plan: 'educator',
      status: 'active',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const b = await insertSubscription(t.db, bob.id, {
      plan: 'premium',
      interval: 'year',
      status: 'trialing',
      trialEnd: '2026-12-01T00:00:00.000Z',
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    const c = await insertSubscription(t.db, cy.id, {
      plan: 'educator',
      status: 'canceled',
      cancelAtPeriodEnd: true,
      endedAt: '2026-01-05T00:00:00.000Z',
      createdAt: '2026-01-03T00:00:00.000Z',
    });
    ids = { a: a.id, b: b.id, c: c.id };
  });

  const list = async (query: string) => {
    const res = await t.json('GET', `/api/admin/subscriptions?${query}`, undefined, adminToken);
    expect(res.status).toBe(200);
    return read<AdminSubscriptionPage>(res);
  };

  it('answers the page newest first with the subscriber, plan, interval, status, cancel flag and dates', async () => {
    const page = await list(`q=Filter${tag}`);
    expect(page.total).toBe(3);
    expect(page.data.map((s) => s.id)).toEqual([ids.c, ids.b, ids.a]);
    expect(page.data[1]).toMatchObject({
      id: ids.b,
      user: {
        username: `${tag}_bob`,
        name: `Bob Filter${tag}`,
        email: `${tag}_bob@test.drx.example`,
      },
      plan: { tier: 'premium', name: 'Premium', level: 20 },
      interval: 'year',
      status: 'trialing',
      is_active: true,
      price_cents: 79000,
      cancel_at_period_end: false,
      trial_end: '2026-12-01T00:00:00.000Z',
      provider: 'test',
      created_at: '2026-01-02T00:00:00.000Z',
    });
    expect(page.data[0]).toMatchObject({
      status: 'canceled',
      cancel_at_period_end: true,
      is_active: false,
      ended_at: '2026-01-05T00:00:00.000Z',
    });
  });

  it('filters by plan, status and interval, and searches names, email, username and the provider id', async () => {
    expect((await list(`q=Filter${tag}&plan=educator`)).data.map((s) => s.id)).toEqual([ids.c, ids.a]);
    expect((await list(`q=Filter${tag}&plan=educator&status=active`)).data.map((s) => s.id)).toEqual([ids.a]);
    expect((await list(`q=Filter${tag}&status=trialing`)).data.map((s) => s.id)).toEqual([ids.b]);
    expect((await list(`q=Filter${tag}&interval=year`)).data.map((s) => s.id)).toEqual([ids.b]);
    expect((await list(`q=Filter${tag}&plan=royalty`)).total).toBe(0);
    expect((await list(`q=${encodeURIComponent(`Ann Filter${tag}`)}`)).data.map((s) => s.id)).toEqual([ids.a]);
    expect((await list(`q=${tag}_bob@test`)).data.map((s) => s.id)).toEqual([ids.b]);
    expect((await list(`q=Filter${tag}&plan=&status=&page=1`)).total).toBe(3);
    expect((await list(`q=100%25`)).total).toBe(0);
    // The provider's subscription id, whole or its beginning.
    const [b] = (await list(`q=${tag}_bob@test`)).data;
    const providerId = (b as { provider_subscription_id: string }).provider_subscription_id;
    expect((await list(`q=${providerId}`)).data.map((s) => s.id)).toEqual([ids.b]);
    expect((await list(`q=${providerId.slice(0, -2)}`)).data.map((s) => s.id)).toContain(ids.b);
  });

  it('pages', async () => {
    const first = await list(`q=Filter${tag}&pageSize=2`);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.data.map((s) => s.id)).toEqual([ids.c, ids.b]);
    const second = await list(`q=Filter${tag}&pageSize=2&page=2`);
    expect(second.data.map((s) => s.id)).toEqual([ids.a]);
    const next = await list(`q=Filter${tag}&pageSize=2&after=${first.next}`);
    expect(next).toMatchObject({ page: 2, next: null });
    expect(next.data.map((s) => s.id)).toEqual([ids.a]);
    const back = await list(`q=Filter${tag}&pageSize=2&before=${next.prev}`);
    expect(back).toMatchObject({ page: 1, prev: null });
    expect(back.data.map((s) => s.id)).toEqual([ids.c, ids.b]);
  });

  it.each([
    ['plan=gold', 'plan', 'Unknown plan'],
    ['status=done', 'status', 'Unknown status'],
    ['interval=week', 'interval', 'Unknown interval'],
    ['page=0', 'page', undefined],
    ['pageSize=101', 'pageSize', undefined],
    ['after=forged', 'after', INVALID_CURSOR],
    [`q=${'x'.repeat(101)}`, 'q', 'Search must be at most 100 characters'],
  ])('400 for %s', async (query, field, message) => {
    const res = await t.json('GET', `/api/admin/subscriptions?${query}`, undefined, adminToken);
    expect(res.status).toBe(400);
    const err = await read<ErrorBody>(res);
    expect(err.validationErrors?.[field]).toBeDefined();
    if (message) expect(err.validationErrors?.[field]).toContain(message);
  });
});

describe('GET /api/admin/subscription-stats', () => {
  let s: TestApp;
  let token: string;
  beforeAll(async () => {
    s = await createTestApp();
    token = await signIn(s.db, (await createAdmin(s.db)).id);
  });
  afterAll(() => s.close());
  const stats = async () => {
    const res = await s.json('GET', '/api/admin/subscription-stats', undefined, token);
    expect(res.status).toBe(200);
    return read<SubscriptionStats>(res);
  };

  it('answers zeros and every plan with no subscription', async () => {
    const empty = await stats();
    expect(empty).toMatchObject({
      mrr_cents: 0,
      paying: 0,
      trialing: 0,
      past_due: 0,
      canceling: 0,
      total: 0,
    });
    expect(empty.plans.map((p) => [p.key, p.paying, p.mrr_cents])).toEqual([
      ['free', 0, 0],
      ['educator', 0, 0],
      ['premium', 0, 0],
      ['royalty', 0, 0],
    ]);
    expect(Object.values(empty.by_status).every((n) => n === 0)).toBe(true);
  });

  it('sums MRR of active and past-due paying subscriptions (yearly / 12, rounded), trials and ended ones apart', async () => {
    const user = async () => (await createUser(s.db)).id;
    // Educator: 2900 monthly active, 29000 yearly active (2417), 2900 past due, 2900 cancelling at the period end.
    await insertSubscription(s.db, await user(), {
      plan: 'educator',
      interval: 'month',
      status: 'active',
      priceCents: 2900,
    });
    await insertSubscription(s.db, await user(), {
      plan: 'educator',
      interval: 'year',
      status: 'active',
      priceCents: 29000,
    });
    await insertSubscription(s.db, await user(), {
      plan: 'educator',
      interval: 'month',
      status: 'past_due',
      priceCents: 2900,
    });
    await insertSubscription(s.db, await user(), {
      plan: 'educator',
      interval: 'month',
      status: 'active',
      priceCents: 2900,
      cancelAtPeriodEnd: true,
    });
    // Premium: a yearly at an older price 79000 (6583), a trial (not in MRR), an ended one.
    await insertSubscription(s.db, await user(), {
      plan: 'premium',
      interval: 'year',
      status: 'active',
      priceCents: 79000,
    });
    await insertSubscription(s.db, await user(), {
      plan: 'premium',
      interval: 'month',
      status: 'trialing',
      priceCents: 7900,
    });
    await insertSubscription(s.db, await user(), {
      plan: 'premium',
      interval: 'month',
      status: 'canceled',
      priceCents: 7900,
      endedAt: new Date().toISOString(),
    });
    // Royalty: a trial, an incomplete checkout, an unpaid one (none pays).
    await insertSubscription(s.db, await user(), {
      plan: 'royalty',
      interval: 'year',
      status: 'trialing',
      priceCents: 199000,
    });
    await insertSubscription(s.db, await user(), {
      plan: 'royalty',
      interval: 'month',
      status: 'incomplete',
      priceCents: 19900,
    });
    await insertSubscription(s.db, await user(), {
      plan: 'royalty',
      interval: 'month',
      status: 'unpaid',
      priceCents: 19900,
    });

    const got = await stats();
    const educatorMrr = 2900 + 2417 + 2900 + 2900;
    const premiumMrr = 6583;
    expect(got).toMatchObject({
      currency: 'usd',
      mrr_cents: educatorMrr + premiumMrr,
      paying: 5,
      trialing: 2,
      past_due: 1,
      canceling: 1,
      canceling_mrr_cents: 2900,
      total: 10,
    });
    expect(got.by_status).toMatchObject({
      active: 4,
      past_due: 1,
      trialing: 2,
      canceled: 1,
      incomplete: 1,
      unpaid: 1,
      paused: 0,
    });
    const byKey = Object.fromEntries(got.plans.map((p) => [p.key, p]));
    expect(byKey.free).toMatchObject({ paying: 0, trialing: 0, mrr_cents: 0 });
    expect(byKey.educator).toMatchObject({
      paying: 4,
      trialing: 0,
      mrr_cents: educatorMrr,
      level: 10,
      name: 'Educator',
    });
    expect(byKey.educator!.by_status).toMatchObject({ active: 3, past_due: 1 });
    expect(byKey.premium).toMatchObject({
      paying: 1,
      trialing: 1,
      mrr_cents: premiumMrr,
    });
    expect(byKey.premium!.by_status).toMatchObject({
      active: 1,
      trialing: 1,
      canceled: 1,
    });
    expect(byKey.royalty).toMatchObject({
      paying: 0,
      trialing: 1,
      mrr_cents: 0,
    });
    expect(got.plans.reduce((sum, p) => sum + p.mrr_cents, 0)).toBe(got.mrr_cents);
  });
});

describe('GET /api/admin/subscriptions/:id, cancel and refund (through the engine, test provider)', () => {
  const detail = async (id: number) => {
    const res = await t.json('GET', `/api/admin/subscriptions/${id}`, undefined, adminToken);
    expect(res.status).toBe(200);
    return read<AdminSubscriptionDetail>(res);
  };
  const cancel = (id: number, body: unknown, token = adminToken) => t.json('POST', `/api/admin/subscriptions/${id}/cancel`, body, token);
  const refund = (id: number, body: unknown, token = adminToken) => t.json('POST', `/api/admin/subscriptions/${id}/refund`, body, token);
  const userColumns = async (userId: number) =>
    (
      await t.db
        .select({ status: users.subscriptionStatus, expires: users.subscriptionExpiresAt, tier: users.subscriptionTier })
        .from(users)
        .where(eq(users.id, userId))
    )[0]!;

  it.each([
    ['GET', '/api/admin/subscriptions/1', undefined],
    ['POST', '/api/admin/subscriptions/1/cancel', { atPeriodEnd: true }],
    ['POST', '/api/admin/subscriptions/1/refund', {}],
  ])('%s %s: 401 signed out, 403 for a student and for CURRICULUM_ADMIN', async (method, path, body) => {
    expect((await t.json(method, path, body)).status).toBe(401);
    expect((await t.json(method, path, body, studentToken)).status).toBe(403);
    const { token } = await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    expect((await t.json(method, path, body, token)).status).toBe(403);
  });

  it('answers the detail with the subscriber, the scheduled change and the invoices newest first; 404 for an unknown one', async () => {
    const user = await createUser(t.db, { firstName: 'Dee', lastName: 'Detail' });
    const sub = await insertSubscription(t.db, user.id, {
      plan: 'premium',
      interval: 'year',
      scheduledPlanId: await planIdOf(t.db, 'educator'),
      scheduledInterval: 'month',
    });
    const older = await insertInvoice(t.db, sub, {
      providerCreated: 1_000,
      billingReason: 'subscription_create',
      lines: JSON.stringify([{ description: 'Premium yearly', amountCents: 79000 }]),
    });
    const newer = await insertInvoice(t.db, sub, { providerCreated: 2_000, refundedCents: 1000 });
    const failed = await insertInvoice(t.db, sub, {
      providerCreated: 3_000,
      status: 'open',
      amountPaidCents: 0,
      paidAt: null,
      failureReason: 'Your card was declined.',
    });
    const got = await detail(sub.id);
    expect(got).toMatchObject({
      id: sub.id,
      user: { id: user.id, name: 'Dee Detail', username: user.username },
      plan: { tier: 'premium' },
      interval: 'year',
      status: 'active',
      is_active: true,
      manageable: true,
      scheduled_change: { plan: { tier: 'educator' }, interval: 'month', effective_at: sub.currentPeriodEnd },
    });
    expect(got.invoices.map((i) => i.id)).toEqual([failed.id, newer.id, older.id]);
    expect(got.invoices[0]).toMatchObject({ status: 'open', refundable_cents: 0, failure_reason: 'Your card was declined.' });
    expect(got.invoices[1]).toMatchObject({ amount_paid_cents: 79000, refunded_cents: 1000, refundable_cents: 78000 });
    expect(got.invoices[2]).toMatchObject({ billing_reason: 'subscription_create', lines: [{ description: 'Premium yearly', amount_cents: 79000 }] });
    const missing = await t.json('GET', '/api/admin/subscriptions/999999', undefined, adminToken);
    expect(missing.status).toBe(404);
    expect((await read<ErrorBody>(missing)).message).toBe(SUBSCRIPTION_NOT_FOUND);
  });

  it('cancels at the period end: access kept, the user’s end date set; a second time is refused', async () => {
    const user = await createUser(t.db);
    const sub = await insertSubscription(t.db, user.id, { plan: 'educator' });
    const res = await cancel(sub.id, { atPeriodEnd: true });
    expect(res.status).toBe(200);
    const got = await read<AdminSubscriptionDetail>(res);
    expect(got).toMatchObject({ status: 'active', cancel_at_period_end: true, is_active: true, ended_at: null });
    expect(got.canceled_at).not.toBeNull();
    const columns = await userColumns(user.id);
    expect(columns.status).toBe('active');
    // The provider speaks in whole seconds.
    expect(Math.floor(Date.parse(columns.expires!) / 1000)).toBe(Math.floor(Date.parse(sub.currentPeriodEnd!) / 1000));
    const again = await cancel(sub.id, { atPeriodEnd: true });
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(ALREADY_CANCELING);
  });

  it('cancels now: ended, access gone; cancelling again is refused', async () => {
    const user = await createUser(t.db);
    const sub = await insertSubscription(t.db, user.id, { plan: 'royalty', interval: 'year' });
    const got = await read<AdminSubscriptionDetail>(await cancel(sub.id, { atPeriodEnd: false }));
    expect(got).toMatchObject({ status: 'canceled', is_active: false });
    expect(got.ended_at).not.toBeNull();
    expect(await userColumns(user.id)).toMatchObject({ status: 'canceled' });
    for (const atPeriodEnd of [true, false]) {
      const res = await cancel(sub.id, { atPeriodEnd });
      expect(res.status).toBe(409);
      expect((await read<ErrorBody>(res)).message).toBe(ALREADY_ENDED);
    }
  });

  it('refuses to set an unstarted subscription to cancel at the period end', async () => {
    const sub = await insertSubscription(t.db, (await createUser(t.db)).id, { status: 'incomplete' });
    const res = await cancel(sub.id, { atPeriodEnd: true });
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe(NOT_RENEWING);
  });

  it('refuses a subscription of the provider not in use, and bad bodies, changing nothing', async () => {
    const sub = await insertSubscription(t.db, (await createUser(t.db)).id, { provider: 'stripe', providerSubscriptionId: `sub_${Date.now()}` });
    for (const res of [await cancel(sub.id, { atPeriodEnd: false }), await refund(sub.id, {})]) {
      expect(res.status).toBe(409);
      expect((await read<ErrorBody>(res)).message).toBe(PROVIDER_NOT_IN_USE);
    }
    expect((await detail(sub.id)).manageable).toBe(false);
    for (const body of [{}, { atPeriodEnd: 'yes' }]) {
      const res = await cancel(sub.id, body);
      expect(res.status).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors?.atPeriodEnd).toEqual(['atPeriodEnd must be true or false']);
    }
    expect((await cancel(999_999, { atPeriodEnd: true })).status).toBe(404);
    expect((await detail(sub.id)).status).toBe('active');
  });

  it('refunds the newest paid invoice in full by default; the event records it; then nothing is left', async () => {
    const user = await createUser(t.db);
    const sub = await insertSubscription(t.db, user.id, { plan: 'educator' });
    const first = await insertInvoice(t.db, sub, { providerCreated: 1_000 });
    const second = await insertInvoice(t.db, sub, { providerCreated: 2_000 });
    const got = await read<AdminSubscriptionDetail>(await refund(sub.id, {}));
    expect(got.invoices.find((i) => i.id === second.id)).toMatchObject({ refunded_cents: 2900, refundable_cents: 0 });
    expect(got.invoices.find((i) => i.id === first.id)).toMatchObject({ refunded_cents: 0 });
    expect(got.status).toBe('active');
    // The next default is the older invoice.
    const next = await read<AdminSubscriptionDetail>(await refund(sub.id, { amountCents: 500 }));
    expect(next.invoices.find((i) => i.id === first.id)).toMatchObject({ refunded_cents: 500, refundable_cents: 2400 });
    const again = await refund(sub.id, { invoiceId: second.id });
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(INVOICE_NOT_REFUNDABLE);
  });

  it('refunds part of a chosen invoice and cancels now when asked', async () => {
    const user = await createUser(t.db);
    const sub = await insertSubscription(t.db, user.id, { plan: 'premium' });
    const inv = await insertInvoice(t.db, sub);
    const res = await refund(sub.id, { invoiceId: inv.id, amountCents: 1234, cancel: true });
    expect(res.status).toBe(200);
    const got = await read<AdminSubscriptionDetail>(res);
    expect(got.invoices[0]).toMatchObject({ id: inv.id, refunded_cents: 1234, refundable_cents: 7900 - 1234 });
    expect(got).toMatchObject({ status: 'canceled', is_active: false });
    expect(await userColumns(user.id)).toMatchObject({ status: 'canceled' });
  });

  it('refuses a refund above what is left, of another subscription’s invoice, with nothing paid, or with a bad body', async () => {
    const user = await createUser(t.db);
    const sub = await insertSubscription(t.db, user.id, { plan: 'educator' });
    const inv = await insertInvoice(t.db, sub, { refundedCents: 900 });
    const tooMuch = await refund(sub.id, { invoiceId: inv.id, amountCents: 2001 });
    expect(tooMuch.status).toBe(400);
    const err = await read<ErrorBody>(tooMuch);
    expect(err.message).toBe(refundTooLarge(2000));
    expect(err.message).toBe('At most $20.00 can be refunded on this invoice.');
    expect(err.validationErrors?.amountCents).toEqual([err.message]);

    const other = await insertSubscription(t.db, (await createUser(t.db)).id, { plan: 'educator' });
    const otherInvoice = await insertInvoice(t.db, other);
    const foreign = await refund(sub.id, { invoiceId: otherInvoice.id });
    expect(foreign.status).toBe(404);
    expect((await read<ErrorBody>(foreign)).message).toBe(INVOICE_NOT_FOUND);

    const unpaid = await insertSubscription(t.db, (await createUser(t.db)).id, { status: 'trialing' });
    await insertInvoice(t.db, unpaid, { amountDueCents: 0, amountPaidCents: 0 });
    const nothing = await refund(unpaid.id, {});
    expect(nothing.status).toBe(409);
    expect((await read<ErrorBody>(nothing)).message).toBe(NOTHING_TO_REFUND);

    for (const [body, field] of [
      [{ amountCents: 0 }, 'amountCents'],
      [{ amountCents: 10.5 }, 'amountCents'],
      [{ invoiceId: 'x' }, 'invoiceId'],
      [{ cancel: 'yes' }, 'cancel'],
    ] as const) {
      const res = await refund(sub.id, body);
      expect(res.status).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors?.[field]).toBeDefined();
    }
    expect((await detail(sub.id)).invoices[0]).toMatchObject({ refunded_cents: 900 });
  });
});

describe('with Stripe keys', () => {
  let s: TestApp;
  let fake: StripeFake;
  let token: string;
  beforeAll(async () => {
    fake = await startStripeFake();
    s = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake_admin_0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake_admin_0123456789abcdef',
      STRIPE_API_BASE: fake.url,
    });
    token = await signIn(s.db, (await createAdmin(s.db)).id);
  });
  afterAll(async () => {
    s.close();
    await fake.close();
  });
  const patchPlan = (id: number, body: unknown) => s.json('PATCH', `/api/admin/subscription-plans/${id}`, body, token);

  it('a changed price gets new Stripe prices; a text change makes none', async () => {
    const id = await planIdOf(s.db, 'premium');
    const res = await patchPlan(id, { monthlyPriceCents: 8100 });
    expect(res.status).toBe(200);
    const saved = await read<AdminPlanSaved>(res);
    expect(saved.stripe_sync_error).toBeNull();
    expect(saved.stripe_product_id).toMatch(/^prod_/);
    expect(fake.prices.get(saved.stripe_monthly_price_id!)).toMatchObject({ unit_amount: 8100, recurring: { interval: 'month' } });
    expect(fake.prices.get(saved.stripe_yearly_price_id!)).toMatchObject({ unit_amount: 79000, recurring: { interval: 'year' } });
    const pricesBefore = fake.prices.size;
    const text = await read<AdminPlanSaved>(await patchPlan(id, { description: 'Premium courses.' }));
    expect(text.stripe_monthly_price_id).toBe(saved.stripe_monthly_price_id);
    expect(fake.prices.size).toBe(pricesBefore);
  });

  it('saves the plan and says so when Stripe cannot be reached', async () => {
    const id = await planIdOf(s.db, 'royalty');
    fake.failNext(400, 10);
    const res = await patchPlan(id, { monthlyPriceCents: 20900, yearlyPriceCents: 209000 });
    fake.failNext(400, 0);
    expect(res.status).toBe(200);
    const saved = await read<AdminPlanSaved>(res);
    expect(saved).toMatchObject({ monthly_price_cents: 20900, yearly_price_cents: 209000, stripe_sync_error: STRIPE_SYNC_FAILED });
  });

  it('a test provider subscription cannot be cancelled while Stripe is in use', async () => {
    const sub = await insertSubscription(s.db, (await createUser(s.db)).id, { plan: 'educator' });
    const res = await s.json('POST', `/api/admin/subscriptions/${sub.id}/cancel`, { atPeriodEnd: true }, token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe(PROVIDER_NOT_IN_USE);
  });
});
