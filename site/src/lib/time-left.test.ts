import { describe, expect, it } from 'vitest';
import { EXPIRED_LABEL, timeLeft } from './time-left.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const later = (ms: number) => new Date(NOW + ms).toISOString();

describe('timeLeft of a pending payment', () => {
  it("says 'Xh Ym remaining' from an hour on", () => {
    expect(timeLeft(later(23 * 3_600_000 + 59 * 60_000), NOW)).toBe('23h 59m remaining');
    expect(timeLeft(later(3_600_000), NOW)).toBe('1h 0m remaining');
    expect(timeLeft(later(90 * 60_000 + 30_000), NOW)).toBe('1h 30m remaining');
  });

  it("says 'Ym remaining' under an hour, rounding down to whole minutes", () => {
    expect(timeLeft(later(59 * 60_000 + 59_000), NOW)).toBe('59m remaining');
    expect(timeLeft(later(5 * 60_000), NOW)).toBe('5m remaining');
    expect(timeLeft(later(59_000), NOW)).toBe('0m remaining');
  });

  it('says the payment expired once the time is up', () => {
    expect(timeLeft(later(0), NOW)).toBe(EXPIRED_LABEL);
    expect(timeLeft(later(-60_000), NOW)).toBe(EXPIRED_LABEL);
  });

  it('has nothing to say without a readable expiry', () => {
    expect(timeLeft(null, NOW)).toBeNull();
    expect(timeLeft(undefined, NOW)).toBeNull();
    expect(timeLeft('', NOW)).toBeNull();
    expect(timeLeft('not a date', NOW)).toBeNull();
  });

  it('takes dates, timestamps and a Date for now', () => {
    expect(timeLeft(new Date(NOW + 2 * 3_600_000), new Date(NOW))).toBe('2h 0m remaining');
    expect(timeLeft(NOW + 61_000, NOW)).toBe('1m remaining');
  });
});
