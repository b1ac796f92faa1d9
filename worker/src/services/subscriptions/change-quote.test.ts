import { describe, expect, it } from 'vitest';
import { subscriptionTerms } from './checkout.ts';
import { addInterval, changeQuote, DAY_MS } from './change-quote.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('addInterval', () => {
  it('moves to the same day of the next month or year, or the month’s last day', () => {
    expect(iso(addInterval(at('2026-01-15T10:00:00.000Z'), 'month'))).toBe('2026-02-15T10:00:00.000Z');
    expect(iso(addInterval(at('2026-01-31T10:00:00.000Z'), 'month'))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(addInterval(at('2028-01-31T00:00:00.000Z'), 'month'))).toBe('2028-02-29T00:00:00.000Z');
    expect(iso(addInterval(at('2026-12-31T23:59:59.000Z'), 'month'))).toBe('2027-01-31T23:59:59.000Z');
    expect(iso(addInterval(at('2028-02-29T12:00:00.000Z'), 'year'))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(addInterval(at('2026-03-10T00:00:00.000Z'), 'month', 3))).toBe('2026-06-10T00:00:00.000Z');
  });
});

describe('changeQuote', () => {
  const start = at('2026-04-01T00:00:00.000Z');
  const end = start + 30 * DAY_MS;
  const sub = { status: 'active' as const, priceCents: 2900, interval: 'month' as const, currentPeriodStart: iso(start), currentPeriodEnd: iso(end) };
  const premium = { monthlyPriceCents: 7900, yearlyPriceCents: 79000 };
  const educator = { monthlyPriceCents: 2900, yearlyPriceCents: 29000 };

  it('prorates an upgrade within the interval by the time left, keeping the period', () => {
    const q = changeQuote(sub, premium, 'month', start + 12 * DAY_MS);
    expect(q).toEqual({ trialing: false, creditCents: 1740, chargeCents: 4740, dueCents: 3000, newPriceCents: 7900, periodStart: start, periodEnd: end });
  });

  it('monthly → yearly credits the unused month against the full yearly price and starts a year', () => {
    const now = start + 6 * DAY_MS;
    const q = changeQuote(sub, educator, 'year', now);
    expect(q).toEqual({ trialing: false, creditCents: 2320, chargeCents: 29000, dueCents: 26680, newPriceCents: 29000, periodStart: now, periodEnd: addInterval(now, 'year') });
  });

  it('charges nothing inside a trial', () => {
    const q = changeQuote({ ...sub, status: 'trialing' }, premium, 'year', start + DAY_MS);
    expect(q).toMatchObject({ trialing: true, creditCents: 0, chargeCents: 0, dueCents: 0, newPriceCents: 79000, periodEnd: end });
  });
});

describe('subscriptionTerms', () => {
  it('says the trial and the price per interval', () => {
    expect(subscriptionTerms(29000, 'year', 14)).toBe('14-day free trial, then $290.00 per year');
    expect(subscriptionTerms(2900, 'month', null)).toBe('$29.00 per month');
  });
});
