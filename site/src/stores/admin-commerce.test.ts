import { describe, expect, it } from 'vitest';
import { centsOf, couponBodyOf, emptyCouponForm, formOfCoupon, lineRefundableCents, orderIdFromPath, ordersExportHref, type OrdersQuery } from './admin-commerce.ts';
import { type CouponView } from '../../../shared/coupons.ts';

const query = (over: Partial<OrdersQuery> = {}): OrdersQuery => ({ q: '', status: '', from: '', to: '', buyerId: '', page: 1, ...over });

describe('orders helpers', () => {
  it('builds the CSV export link from the current filters (trimmed, empty ones left out, no page)', () => {
    expect(ordersExportHref(query())).toBe('/api/admin/orders/export.csv');
    expect(ordersExportHref(query({ q: '  rosa ', status: 'paid', from: '2026-01-01', to: '2026-01-31', buyerId: '7', page: 3 }))).toBe(
      '/api/admin/orders/export.csv?q=rosa&status=paid&from=2026-01-01&to=2026-01-31&buyerId=7',
    );
    expect(ordersExportHref(query({ q: 'a&b=c' }))).toBe('/api/admin/orders/export.csv?q=a%26b%3Dc');
  });

  it('reads the order id from the detail path', () => {
    expect(orderIdFromPath('/admin/orders/42')).toBe('42');
    expect(orderIdFromPath('/admin/orders/42/')).toBe('42');
    expect(orderIdFromPath('/admin/orders')).toBe('');
  });

  it('reads typed dollars as cents, refusing zero and nonsense', () => {
    expect(centsOf('12.50')).toBe(1250);
    expect(centsOf('$1,234.5')).toBe(123450);
    expect(centsOf('0.005')).toBe(1);
    expect(centsOf('0')).toBeNull();
    expect(centsOf('abc')).toBeNull();
    expect(centsOf('')).toBeNull();
  });

  it('counts what a line may still give back', () => {
    const line = { totalCents: 4000, refundedCents: 1000, revoked: false } as Parameters<typeof lineRefundableCents>[0];
    expect(lineRefundableCents(line)).toBe(3000);
    expect(lineRefundableCents({ ...line, revoked: true })).toBe(0);
  });
});

describe('coupon form', () => {
  it('sends a percent coupon: code upper-cased, empty limits as null, the end date as the next day’s start (UTC)', () => {
    const result = couponBodyOf({
      ...emptyCouponForm(),
      code: ' spring20 ',
      percentOff: '20',
      appliesToKinds: ['COURSE'],
      items: [{ kind: 'COURSE', itemId: 3, title: 'Salsa' }],
      startsOn: '2026-03-01',
      endsOn: '2026-03-31',
      perUserLimit: '1',
      minOrder: '25',
    });
    expect(result).toEqual({
      body: {
        code: 'SPRING20',
        description: '',
        discountType: 'percent',
        percentOff: 20,
        amountOffCents: null,
        appliesToKinds: ['COURSE'],
        appliesToItems: [{ kind: 'COURSE', itemId: 3 }],
        startsAt: '2026-03-01T00:00:00.000Z',
        endsAt: '2026-04-01T00:00:00.000Z',
        maxRedemptions: null,
        perUserLimit: 1,
        minOrderCents: 2500,
        active: true,
      },
    });
  });

  it('sends a fixed amount in cents', () => {
    const result = couponBodyOf({ ...emptyCouponForm(), code: 'FIVE', discountType: 'fixed', amountOff: '5' });
    expect(result).toMatchObject({ body: { discountType: 'fixed', amountOffCents: 500, percentOff: null, appliesToKinds: null, appliesToItems: null } });
  });

  it('finds the problems before sending', () => {
    const result = couponBodyOf({
      ...emptyCouponForm(),
      code: 'a b',
      percentOff: '120',
      maxRedemptions: '0',
      perUserLimit: '1.5',
      minOrder: '-3',
      startsOn: '2026-03-02',
      endsOn: '2026-03-01',
    });
    expect(result).toEqual({
      errors: {
        code: 'The code must be 3 to 32 letters, digits, - or _, starting with a letter or digit.',
        percentOff: 'Enter a percentage from 1 to 100.',
        maxRedemptions: 'Total limit must be a whole number of at least 1.',
        perUserLimit: 'Per-user limit must be a whole number of at least 1.',
        minOrder: 'Enter a minimum order of $0.00 or more.',
        endsOn: 'The end date must be after the start date.',
      },
    });
    expect(couponBodyOf({ ...emptyCouponForm(), code: 'FIXED', discountType: 'fixed', amountOff: '0' })).toEqual({
      errors: { amountOff: 'Enter an amount greater than $0.00.' },
    });
  });

  it('fills the form from a stored coupon and sends it back unchanged', () => {
    const coupon: CouponView = {
      id: 1,
      code: 'SPRING20',
      description: 'Spring',
      summary: '20% off courses',
      discountType: 'percent',
      percentOff: 20,
      amountOffCents: null,
      appliesToKinds: ['COURSE'],
      appliesToItems: [{ kind: 'COURSE', itemId: 3, title: 'Salsa' }],
      startsAt: '2026-03-01T00:00:00.000Z',
      endsAt: '2026-04-01T00:00:00.000Z',
      maxRedemptions: 100,
      perUserLimit: null,
      minOrderCents: 2550,
      active: true,
      state: 'active',
      reservedCount: 0,
      redeemedCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const form = formOfCoupon(coupon);
    expect(form).toMatchObject({ startsOn: '2026-03-01', endsOn: '2026-03-31', minOrder: '25.50', maxRedemptions: '100', perUserLimit: '' });
    expect(couponBodyOf(form)).toMatchObject({
      body: { startsAt: coupon.startsAt, endsAt: coupon.endsAt, minOrderCents: 2550, maxRedemptions: 100, perUserLimit: null, appliesToItems: [{ kind: 'COURSE', itemId: 3 }] },
    });
  });
});
