import { describe, expect, it } from 'vitest';
import { formatCents, formatCurrency, parseAmount } from './currency.ts';

describe('formatCurrency', () => {
  it('shows USD with two decimals by default', () => {
    expect(formatCurrency(29)).toBe('$29.00');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(1990)).toBe('$1,990.00');
    expect(formatCurrency(19.999)).toBe('$20.00');
    expect(formatCurrency(0.5)).toBe('$0.50');
  });

  it('turns null, undefined and unparseable values into $0.00', () => {
    expect(formatCurrency(null)).toBe('$0.00');
    expect(formatCurrency(undefined)).toBe('$0.00');
    expect(formatCurrency('abc')).toBe('$0.00');
    expect(formatCurrency('')).toBe('$0.00');
    expect(formatCurrency(Number.NaN)).toBe('$0.00');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('$0.00');
    expect(formatCurrency({})).toBe('$0.00');
    expect(formatCurrency('-')).toBe('$0.00');
  });

  it('strips non-numeric characters from strings', () => {
    expect(formatCurrency('79')).toBe('$79.00');
    expect(formatCurrency('$1,234.5')).toBe('$1,234.50');
    expect(formatCurrency('USD 290')).toBe('$290.00');
    expect(formatCurrency(' 12.30 dollars')).toBe('$12.30');
    expect(formatCurrency('-5')).toBe('-$5.00');
  });

  it('takes another currency, locale or number of decimals', () => {
    expect(formatCurrency(10, { currency: 'EUR', locale: 'en-US' })).toBe('€10.00');
    expect(formatCurrency(10, { decimals: 0 })).toBe('$10');
    expect(formatCurrency(1234.5, { currency: 'EUR', locale: 'de-DE' })).toBe('1.234,50\u00a0€');
  });
});

describe('formatCents', () => {
  it('formats integer cents', () => {
    expect(formatCents(2900)).toBe('$29.00');
    expect(formatCents(199_00)).toBe('$199.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents('7900')).toBe('$79.00');
  });

  it('turns null or unparseable cents into $0.00', () => {
    expect(formatCents(null)).toBe('$0.00');
    expect(formatCents('n/a')).toBe('$0.00');
  });
});

describe('parseAmount', () => {
  it('reads numbers and cleaned strings, and nothing else', () => {
    expect(parseAmount(3)).toBe(3);
    expect(parseAmount('$3.25')).toBe(3.25);
    expect(parseAmount('x')).toBeNull();
    expect(parseAmount(null)).toBeNull();
    expect(parseAmount(true)).toBeNull();
  });
});
