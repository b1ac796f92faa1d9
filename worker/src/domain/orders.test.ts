import { describe, expect, it } from 'vitest';
import { canTransition, formatUsd, newOrderNumber, ORDER_NUMBER_PATTERN, orderDescription, orderTypeOf, paidStatusFor, statusFromFacts } from './orders.ts';

describe('orders', () => {
  it('types an order by its kinds (mixed = order)', () => {
    expect(orderTypeOf(['COURSE'])).toBe('course');
    expect(orderTypeOf(['COURSE', 'COURSE'])).toBe('course');
    expect(orderTypeOf(['RESOURCE'])).toBe('resource');
    expect(orderTypeOf(['BOOKING'])).toBe('booking');
    expect(orderTypeOf(['SUBSCRIPTION'])).toBe('subscription');
    expect(orderTypeOf(['COURSE', 'RESOURCE'])).toBe('order');
    expect(orderTypeOf([])).toBe('order');
  });

  it('describes an order by its first line', () => {
    expect(orderDescription([{ title: 'Salsa', quantity: 1 }])).toBe('Salsa');
    expect(orderDescription([{ title: 'Plans', quantity: 3 }])).toBe('Plans × 3');
    expect(orderDescription([{ title: 'Salsa', quantity: 1 }, { title: 'Tango', quantity: 1 }])).toBe('Salsa and 1 more item');
    expect(orderDescription([{ title: 'A', quantity: 1 }, { title: 'B', quantity: 1 }, { title: 'C', quantity: 1 }])).toBe('A and 2 more items');
  });

  it('allows a completed payment after a local closure, nothing after a full refund', () => {
    expect(canTransition('pending', 'paid')).toBe(true);
    expect(canTransition('expired', 'paid')).toBe(true);
    expect(canTransition('cancelled', 'paid')).toBe(true);
    expect(canTransition('paid', 'expired')).toBe(false);
    expect(canTransition('paid', 'pending')).toBe(false);
    expect(canTransition('partially_refunded', 'refunded')).toBe(true);
    expect(canTransition('refunded', 'paid')).toBe(false);
  });

  it('derives the status from the facts', () => {
    expect(paidStatusFor(4000, 0)).toBe('paid');
    expect(paidStatusFor(4000, 1000)).toBe('partially_refunded');
    expect(paidStatusFor(4000, 4000)).toBe('refunded');
    expect(statusFromFacts({ paid: true, closed: 'expired', totalCents: 100, refundedCents: 0 })).toBe('paid');
    expect(statusFromFacts({ paid: false, closed: 'expired', totalCents: 100, refundedCents: 100 })).toBe('expired');
    expect(statusFromFacts({ paid: false, closed: null, totalCents: 100, refundedCents: 0 })).toBe('pending');
  });

  it('makes readable, random order numbers', () => {
    const numbers = new Set(Array.from({ length: 500 }, () => newOrderNumber()));
    expect(numbers.size).toBe(500);
    for (const n of numbers) expect(n).toMatch(ORDER_NUMBER_PATTERN);
    expect(newOrderNumber(() => new Uint8Array(10))).toBe('DRX-00000-00000');
  });

  it('formats cents as dollars', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(4900)).toBe('$49.00');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(-250)).toBe('-$2.50');
  });
});
