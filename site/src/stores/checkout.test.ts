import { describe, expect, it } from 'vitest';
import { directItemOf, formatCardNumber, formatExpiry, sessionIdOf } from './checkout.ts';
import { orderStatusLabel, orderStatusTone } from './orders.ts';

describe('checkout helpers', () => {
  it('groups a card number by four as it is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42')).toBe('42');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('writes an expiry as MM/YY', () => {
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/28')).toBe('12/28');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
  });

  it("reads the session of a return page's address", () => {
    expect(sessionIdOf('?session_id=cs_test_abc123')).toBe('cs_test_abc123');
    expect(sessionIdOf('?session=cs_test_abc')).toBe('cs_test_abc');
    expect(sessionIdOf('?session_id=')).toBeNull();
    expect(sessionIdOf('?session_id=<script>')).toBeNull();
    expect(sessionIdOf('')).toBeNull();
  });

  it('reads the one item of /simple-checkout', () => {
    expect(directItemOf('?type=COURSE&itemId=5')).toEqual({ type: 'COURSE', itemId: 5 });
    expect(directItemOf('?type=course&itemId=7')).toEqual({ type: 'COURSE', itemId: 7 });
    expect(directItemOf('?type=COURSE&itemId=x')).toBeNull();
    expect(directItemOf('?type=SHOES&itemId=5')).toBeNull();
    expect(directItemOf('?type=COURSE&itemId=0')).toBeNull();
    expect(directItemOf('')).toBeNull();
  });

  it("names an order's status for the buyer", () => {
    expect(orderStatusLabel('pending')).toBe('Awaiting payment');
    expect(orderStatusLabel('partially_refunded')).toBe('Partially refunded');
    expect(orderStatusLabel('odd')).toBe('odd');
    expect(orderStatusTone('paid')).toBe('success');
    expect(orderStatusTone('cancelled')).toBe('neutral');
  });
});
