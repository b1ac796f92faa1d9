import { describe, expect, it } from 'vitest';
import { momentLabel, postedOn } from '../islands/community/format.ts';
import { joined } from './community.ts';

describe('community lists', () => {
  it('shows the first page, then the More pages without an item a write moved across the edge', () => {
    const first = [{ id: 9 }, { id: 8 }, { id: 7 }];
    // A new question pushed 7 onto the next page, which was read again: 7 is shown once, in its first place.
    const more = [{ id: 7 }, { id: 6 }, { id: 6 }, { id: 5 }];
    expect(joined(first, more).map((q) => q.id)).toEqual([9, 8, 7, 6, 5]);
    expect(joined([], [])).toEqual([]);
  });

  it('names a clip moment as the chip and the ask form show it', () => {
    expect(momentLabel(0)).toBe('0:00');
    expect(momentLabel(2_400)).toBe('0:02');
    expect(momentLabel(83_999)).toBe('1:23');
    expect(momentLabel(3_723_000)).toBe('1:02:03');
  });

  it('reads the stored UTC times with or without their zone', () => {
    expect(postedOn('2026-12-03T10:00:00.000Z')).toBe('Dec 3, 2026');
    expect(postedOn('2026-12-03 10:00:00')).toBe('Dec 3, 2026');
    expect(postedOn('not a date')).toBe('not a date');
  });
});
