import { describe, expect, it } from 'vitest';
import type { CouponRow } from '../../../db/schema/commerce.ts';
import {
  applyCoupon,
  COUPON_MESSAGES,
  couponRuleOf,
  describeCoupon,
  isValidCouponCode,
  minimumOrderMessage,
  normaliseCouponCode,
  type CouponRule,
  type PricedLine,
} from './coupons.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const NO_USE = { total: 0, byUser: 0 };

function rule(over: Partial<CouponRule> = {}): CouponRule {
  return {
    code: 'SAVE20',
    discountType: 'percent',
    percentOff: 20,
    amountOffCents: null,
    appliesToKinds: null,
    appliesToItems: null,
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    perUserLimit: null,
    minOrderCents: 0,
    active: true,
    ...over,
  };
}

const course = (itemId: number, totalCents: number): PricedLine => ({ kind: 'COURSE', itemId, totalCents });
const resource = (itemId: number, totalCents: number): PricedLine => ({ kind: 'RESOURCE', itemId, totalCents });

function ok(outcome: ReturnType<typeof applyCoupon>) {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}

describe('applyCoupon: refusals', () => {
  it('refuses an inactive coupon as not valid', () => {
    expect(applyCoupon(rule({ active: false }), [course(1, 1000)], NO_USE, NOW)).toEqual({ ok: false, reason: 'This coupon code is not valid.' });
  });

  it('refuses before the start and from the end on', () => {
    expect(applyCoupon(rule({ startsAt: '2026-11-23T12:00:00.001Z' }), [course(1, 1000)], NO_USE, NOW)).toEqual({
      ok: false,
      reason: 'This coupon is not active yet.',
    });
    expect(applyCoupon(rule({ startsAt: '2026-11-23T12:00:00.000Z' }), [course(1, 1000)], NO_USE, NOW).ok).toBe(true);
    expect(applyCoupon(rule({ endsAt: '2026-11-23T12:00:00.000Z' }), [course(1, 1000)], NO_USE, NOW)).toEqual({
      ok: false,
      reason: 'This coupon has expired.',
    });
    expect(applyCoupon(rule({ endsAt: '2026-11-23T12:00:00.001Z' }), [course(1, 1000)], NO_USE, NOW).ok).toBe(true);
  });

  it('refuses at the total limit, counting reserved and redeemed uses', () => {
    expect(applyCoupon(rule({ maxRedemptions: 3 }), [course(1, 1000)], { total: 3, byUser: 0 }, NOW)).toEqual({
      ok: false,
      reason: 'This coupon code is not valid.',
      limitReached: true,
    });
    expect(applyCoupon(rule({ maxRedemptions: 3 }), [course(1, 1000)], { total: 2, byUser: 0 }, NOW).ok).toBe(true);
  });

  it('refuses a user at the per-user limit', () => {
    expect(applyCoupon(rule({ perUserLimit: 1 }), [course(1, 1000)], { total: 5, byUser: 1 }, NOW)).toEqual({
      ok: false,
      reason: 'You have already used this coupon.',
      limitReached: true,
    });
    expect(applyCoupon(rule({ perUserLimit: 2 }), [course(1, 1000)], { total: 5, byUser: 1 }, NOW).ok).toBe(true);
  });

  it('refuses an order below the minimum with the amount in dollars', () => {
    expect(applyCoupon(rule({ minOrderCents: 5000 }), [course(1, 4999)], NO_USE, NOW)).toEqual({
      ok: false,
      reason: 'This coupon needs an order of at least $50.00.',
    });
    expect(applyCoupon(rule({ minOrderCents: 5000 }), [course(1, 5000)], NO_USE, NOW).ok).toBe(true);
    expect(minimumOrderMessage(123456)).toBe('This coupon needs an order of at least $1,234.56.');
    expect(minimumOrderMessage(5)).toBe('This coupon needs an order of at least $0.05.');
  });

  it('counts the whole order (not only the applicable lines) for the minimum', () => {
    const r = rule({ minOrderCents: 3000, appliesToKinds: ['COURSE'] });
    expect(applyCoupon(r, [course(1, 1000), resource(2, 2500)], NO_USE, NOW).ok).toBe(true);
  });

  it('refuses when no line is of the kinds or items it applies to', () => {
    const reason = 'This coupon does not apply to the items in your order.';
    expect(applyCoupon(rule({ appliesToKinds: ['RESOURCE'] }), [course(1, 1000)], NO_USE, NOW)).toEqual({ ok: false, reason });
    expect(applyCoupon(rule({ appliesToItems: [{ kind: 'COURSE', itemId: 2 }] }), [course(1, 1000)], NO_USE, NOW)).toEqual({ ok: false, reason });
    expect(applyCoupon(rule({ appliesToItems: [{ kind: 'RESOURCE', itemId: 1 }] }), [course(1, 1000)], NO_USE, NOW)).toEqual({ ok: false, reason });
    expect(applyCoupon(rule(), [], NO_USE, NOW)).toEqual({ ok: false, reason });
    expect(applyCoupon(rule(), [course(1, 0)], NO_USE, NOW)).toEqual({ ok: false, reason });
  });

  it('gives the first failing check, in the documented order', () => {
    const everything = rule({
      active: true,
      endsAt: '2026-01-01T00:00:00.000Z',
      maxRedemptions: 1,
      perUserLimit: 1,
      minOrderCents: 99999,
      appliesToKinds: ['RESOURCE'],
    });
    expect(applyCoupon(everything, [course(1, 100)], { total: 1, byUser: 1 }, NOW)).toMatchObject({ reason: COUPON_MESSAGES.expired });
    const noEnd = { ...everything, endsAt: null };
    expect(applyCoupon(noEnd, [course(1, 100)], { total: 1, byUser: 1 }, NOW)).toMatchObject({ reason: COUPON_MESSAGES.notApplicable });
    const applies = { ...noEnd, appliesToKinds: null };
    expect(applyCoupon(applies, [course(1, 100)], { total: 1, byUser: 1 }, NOW)).toMatchObject({ reason: minimumOrderMessage(99999) });
    const noMin = { ...applies, minOrderCents: 0 };
    expect(applyCoupon(noMin, [course(1, 100)], { total: 1, byUser: 1 }, NOW)).toMatchObject({ reason: COUPON_MESSAGES.usageLimit });
    expect(applyCoupon(noMin, [course(1, 100)], { total: 0, byUser: 1 }, NOW)).toMatchObject({ reason: COUPON_MESSAGES.alreadyUsed });
  });
});

describe('applyCoupon: percent', () => {
  it('takes 20% of a single line', () => {
    expect(ok(applyCoupon(rule(), [course(1, 4999)], NO_USE, NOW))).toEqual({ ok: true, discountCents: 1000, lineDiscounts: [1000] });
  });

  it('rounds the order discount half up and spreads it so the lines add up exactly', () => {
    // 3 × 333 cents at 50%: exact 166.5 each, order 499.5 → 500; the first two lines take the extra cents.
    const out = ok(applyCoupon(rule({ percentOff: 50 }), [course(1, 333), course(2, 333), course(3, 333)], NO_USE, NOW));
    expect(out.discountCents).toBe(500);
    expect(out.lineDiscounts).toEqual([167, 167, 166]);
  });

  it('gives the spare cents to the lines with the largest dropped fraction', () => {
    // 15% of 10 = 1.5, of 19 = 2.85, of 3 = 0.45 → total 4.8 → 5; floors 1+2+0 = 3; +1 to 2.85, +1 to 1.5.
    const out = ok(applyCoupon(rule({ percentOff: 15 }), [course(1, 10), course(2, 19), course(3, 3)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([2, 3, 0]);
    expect(out.discountCents).toBe(5);
  });

  it('leaves lines it does not apply to untouched', () => {
    const out = ok(applyCoupon(rule({ appliesToKinds: ['COURSE'] }), [resource(9, 5000), course(1, 1000)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([0, 200]);
    expect(out.discountCents).toBe(200);
  });

  it('applies to named items only when items are given', () => {
    const r = rule({ percentOff: 10, appliesToItems: [{ kind: 'COURSE', itemId: 2 }] });
    const out = ok(applyCoupon(r, [course(1, 1000), course(2, 1000)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([0, 100]);
  });

  it('at 100% makes every applicable line free and never negative', () => {
    const out = ok(applyCoupon(rule({ percentOff: 100 }), [course(1, 999), course(2, 1)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([999, 1]);
    expect(out.discountCents).toBe(1000);
  });

  it('always sums exactly and stays within each line (many orders)', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + rand(6) }, (_, i) => (rand(2) ? course(i, rand(100000)) : resource(i, rand(3000))));
      const pct = 1 + rand(100);
      const r = rule({ percentOff: pct, appliesToKinds: rand(3) === 0 ? ['COURSE'] : null });
      const out = applyCoupon(r, lines, NO_USE, NOW);
      if (!out.ok) continue;
      const applicable = lines.filter((l) => !r.appliesToKinds || r.appliesToKinds.includes(l.kind)).reduce((s, l) => s + l.totalCents, 0);
      expect(out.discountCents).toBe(Math.floor((applicable * pct + 50) / 100));
      expect(out.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(out.discountCents);
      out.lineDiscounts.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(lines[i]!.totalCents);
      });
    }
  });
});

describe('applyCoupon: fixed amount', () => {
  it('takes the amount off one line', () => {
    const out = ok(applyCoupon(rule({ discountType: 'fixed', percentOff: null, amountOffCents: 500 }), [course(1, 4999)], NO_USE, NOW));
    expect(out).toEqual({ ok: true, discountCents: 500, lineDiscounts: [500] });
  });

  it('never takes more than the applicable lines cost', () => {
    const r = rule({ discountType: 'fixed', percentOff: null, amountOffCents: 10000, appliesToKinds: ['COURSE'] });
    const out = ok(applyCoupon(r, [course(1, 1500), resource(2, 9000)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([1500, 0]);
    expect(out.discountCents).toBe(1500);
  });

  it('spreads proportionally with the remainder on the last applicable line', () => {
    // 1000 over 1000/2000/3000: exact 166.67, 333.33, 500 → 166, 333, 500 + 1 remainder on the last.
    const r = rule({ discountType: 'fixed', percentOff: null, amountOffCents: 1000 });
    const out = ok(applyCoupon(r, [course(1, 1000), course(2, 2000), course(3, 3000)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([166, 333, 501]);
    expect(out.discountCents).toBe(1000);
  });

  it('moves what the last line cannot take to the line before it', () => {
    // 100 over 50/50/1: floors 49, 49, 0; 2 left; the last line takes 1, the one before 1.
    const r = rule({ discountType: 'fixed', percentOff: null, amountOffCents: 100 });
    const out = ok(applyCoupon(r, [course(1, 50), course(2, 50), course(3, 1)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([49, 50, 1]);
    expect(out.discountCents).toBe(100);
  });

  it('skips lines it does not apply to when placing the remainder', () => {
    const r = rule({ discountType: 'fixed', percentOff: null, amountOffCents: 100, appliesToKinds: ['COURSE'] });
    const out = ok(applyCoupon(r, [course(1, 300), course(2, 300), course(3, 300), resource(4, 500)], NO_USE, NOW));
    expect(out.lineDiscounts).toEqual([33, 33, 34, 0]);
  });

  it('always sums exactly and stays within each line (many orders)', () => {
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + rand(6) }, (_, i) => course(i, rand(5000)));
      const amount = 1 + rand(20000);
      const out = applyCoupon(rule({ discountType: 'fixed', percentOff: null, amountOffCents: amount }), lines, NO_USE, NOW);
      if (!out.ok) continue;
      const subtotal = lines.reduce((s, l) => s + l.totalCents, 0);
      expect(out.discountCents).toBe(Math.min(amount, subtotal));
      expect(out.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(out.discountCents);
      out.lineDiscounts.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(lines[i]!.totalCents);
      });
    }
  });
});

describe('coupon codes', () => {
  it('normalises by trimming and upper-casing', () => {
    expect(normaliseCouponCode('  save20 ')).toBe('SAVE20');
    expect(normaliseCouponCode('Spring-Sale_1')).toBe('SPRING-SALE_1');
  });

  it('accepts 3–32 letters, digits, - and _ starting with a letter or digit', () => {
    expect(isValidCouponCode('SAVE20')).toBe(true);
    expect(isValidCouponCode('A_B-C')).toBe(true);
    expect(isValidCouponCode('AB')).toBe(false);
    expect(isValidCouponCode('-SAVE')).toBe(false);
    expect(isValidCouponCode('SAVE 20')).toBe(false);
    expect(isValidCouponCode('X'.repeat(33))).toBe(false);
    expect(isValidCouponCode('save20')).toBe(false);
  });
});

describe('couponRuleOf', () => {
  const row: CouponRow = {
    id: 1,
    code: 'SAVE20',
    description: '',
    discountType: 'percent',
    percentOff: 20,
    amountOffCents: null,
    appliesToKinds: '["COURSE","BOGUS"]',
    appliesToItems: '[{"kind":"COURSE","itemId":3},{"kind":"COURSE","itemId":"x"}]',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    maxRedemptions: 10,
    perUserLimit: 1,
    minOrderCents: 500,
    active: true,
    createdBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('parses the JSON columns, dropping unknown entries', () => {
    expect(couponRuleOf(row)).toEqual({
      code: 'SAVE20',
      discountType: 'percent',
      percentOff: 20,
      amountOffCents: null,
      appliesToKinds: ['COURSE'],
      appliesToItems: [{ kind: 'COURSE', itemId: 3 }],
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      maxRedemptions: 10,
      perUserLimit: 1,
      minOrderCents: 500,
      active: true,
    });
  });

  it('reads null or unreadable JSON as "every"', () => {
    const r = couponRuleOf({ ...row, appliesToKinds: null, appliesToItems: '{not json' });
    expect(r.appliesToKinds).toBeNull();
    expect(r.appliesToItems).toBeNull();
  });
});

describe('describeCoupon', () => {
  it('says what it takes off and from what', () => {
    expect(describeCoupon(rule())).toBe('20% off');
    expect(describeCoupon(rule({ discountType: 'fixed', percentOff: null, amountOffCents: 500 }))).toBe('$5.00 off');
    expect(describeCoupon(rule({ appliesToKinds: ['COURSE'] }))).toBe('20% off courses');
    expect(describeCoupon(rule({ appliesToItems: [{ kind: 'COURSE', itemId: 1 }] }))).toBe('20% off selected items');
  });
});
