import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { count, dataObject, idOf, listOf, metadataValue, nonEmptyIdOf, nonEmptyText, objectOf, positiveInt, text } from './event-reading.ts';
import type { ProviderEvent } from './provider.ts';

const eventWith = (object: unknown) => ({ id: 'evt_1', type: 'charge.refunded', created: 1, data: { object } }) as unknown as ProviderEvent;

describe('reading a provider event', () => {
  it('reads the object as the SDK type, and anything that is not an object as empty', () => {
    expect(dataObject<Stripe.Charge>(eventWith({ id: 'ch_1', amount_refunded: 500 }))).toEqual({ id: 'ch_1', amount_refunded: 500 });
    expect(dataObject<Stripe.Charge>(eventWith(null))).toEqual({});
    expect(dataObject<Stripe.Charge>(eventWith('ch_1'))).toEqual({});
    expect(dataObject<Stripe.Charge>({ id: 'evt_2', type: 'charge.refunded' } as unknown as ProviderEvent)).toEqual({});
  });

  it('reads a field of another type than the SDK declares as missing', () => {
    expect(text('cs_1')).toBe('cs_1');
    expect(text('')).toBe('');
    expect(text(5)).toBeNull();
    expect(nonEmptyText('')).toBeNull();
    expect(count(1200)).toBe(1200);
    expect(count('1200')).toBeNull();
    expect(count(Number.NaN)).toBeNull();
    expect(objectOf<Stripe.Metadata>('x')).toEqual({});
  });

  it('reads an expandable field as its id, a list as its objects, our ids from metadata as positive integers', () => {
    expect(idOf('pi_1')).toBe('pi_1');
    expect(idOf({ id: 'pi_2', object: 'payment_intent' })).toBe('pi_2');
    expect(idOf({ id: 7 })).toBeNull();
    expect(idOf(null)).toBeNull();
    expect(nonEmptyIdOf({ id: '' })).toBeNull();
    expect(listOf<Stripe.Refund>({ data: [{ id: 're_1' }, 'x', null] })).toEqual([{ id: 're_1' }, {}, {}]);
    expect(listOf<Stripe.Refund>({ data: 'x' })).toEqual([]);
    expect(listOf<Stripe.Refund>(undefined)).toEqual([]);
    expect(metadataValue({ orderId: '12' }, 'orderId')).toBe('12');
    expect(metadataValue(null, 'orderId')).toBeUndefined();
    expect(positiveInt(metadataValue({ orderId: '12' }, 'orderId'))).toBe(12);
    expect(positiveInt('0')).toBeNull();
    expect(positiveInt('12abc')).toBeNull();
    expect(positiveInt(undefined)).toBeNull();
  });
});
