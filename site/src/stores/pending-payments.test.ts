import { describe, expect, it } from 'vitest';
import { paymentKind, paymentTitle, pendingList } from './pending-payments.ts';

describe('pending payments: their kinds, amounts and list', () => {
  it('shows each type with its own title, any other as a generic payment', () => {
    expect(paymentTitle('subscription')).toBe('Subscription Payment');
    expect(paymentTitle('COURSE')).toBe('Course Purchase');
    expect(paymentTitle('resource')).toBe('Resource Purchase');
    expect(paymentTitle('booking')).toBe('Booking Payment');
    expect(paymentKind('gift-card')).toBe('payment');
    expect(paymentKind(undefined)).toBe('payment');
    expect(paymentTitle('mixed')).toBe('Payment');
  });

  it('reads the list wrapped as pendingPayments, or a bare list', () => {
    const p = { id: 1, type: 'course', description: 'Hip Hop', amount: 49, checkoutUrl: '/checkout/stripe?session=x' };
    expect(pendingList({ pendingPayments: [p] })).toEqual([p]);
    expect(pendingList([p])).toEqual([p]);
    expect(pendingList({})).toEqual([]);
    expect(pendingList(null)).toEqual([]);
  });
});
