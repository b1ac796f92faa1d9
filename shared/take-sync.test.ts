import { describe, expect, it } from 'vitest';
import { clampOffset, formatMoment, offsetFromMarks, referenceTimeAt, takeTimeAt } from './take-sync.ts';

describe('take and reference in step', () => {
  const timing = { ref_start_ms: 2000, ref_end_ms: 10_000, speed: 0.5, offset_ms: 400 };

  it('maps take time to reference time at the take’s speed and offset, and back', () => {
    expect(referenceTimeAt(timing, 400)).toBe(2000);
    expect(referenceTimeAt(timing, 2400)).toBe(3000);
    expect(takeTimeAt(timing, 3000)).toBe(2400);
    for (const ms of [400, 1234, 9998]) expect(takeTimeAt(timing, referenceTimeAt(timing, ms))).toBe(ms);
  });

  it('never answers a time before either clip starts', () => {
    expect(referenceTimeAt({ ...timing, ref_start_ms: 0 }, 0)).toBe(0);
    expect(takeTimeAt(timing, 0)).toBe(0);
  });

  it('finds the offset that lines up a count tapped in both clips', () => {
    const offset = offsetFromMarks(timing, 3100, 3000);
    expect(offset).toBe(1100);
    expect(referenceTimeAt({ ...timing, offset_ms: offset }, 3100)).toBe(3000);
  });

  it('clamps offsets and formats moments', () => {
    expect(clampOffset(75_000, 60_000)).toBe(60_000);
    expect(clampOffset(-75_000, 60_000)).toBe(-60_000);
    expect(formatMoment(65_349)).toBe('1:05.3');
    expect(formatMoment(0)).toBe('0:00.0');
  });
});
