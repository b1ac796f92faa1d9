import { describe, expect, it } from 'vitest';
import { flowSearch, wantedFromSearch } from './booking-address.ts';

describe("the booking page's address", () => {
  it('reads the lesson type and the start a profile link asks for, leaving out what is malformed', () => {
    expect(wantedFromSearch('?type=3&at=2026-12-01T14:00:00.000Z')).toEqual({ lessonTypeId: 3, at: '2026-12-01T14:00:00.000Z' });
    expect(wantedFromSearch('?type=3&at=2026-12-01T09:00:00-05:00')).toEqual({ lessonTypeId: 3, at: '2026-12-01T14:00:00.000Z' });
    expect(wantedFromSearch('?type=3')).toEqual({ lessonTypeId: 3, at: null });
    expect(wantedFromSearch('?type=0&at=tomorrow')).toBeNull();
    expect(wantedFromSearch('?type=-1&at=2026-13-45T99:00:00Z')).toBeNull();
    expect(wantedFromSearch('')).toBeNull();
  });

  it('writes the choices back, so a reload keeps them', () => {
    expect(flowSearch({ lessonTypeId: null, slot: null })).toBe('');
    expect(flowSearch({ lessonTypeId: 7, slot: null })).toBe('?type=7');
    const search = flowSearch({ lessonTypeId: 7, slot: { starts_at: '2026-12-01T14:00:00Z' } });
    expect(search).toBe('?type=7&at=2026-12-01T14%3A00%3A00.000Z');
    expect(wantedFromSearch(search)).toEqual({ lessonTypeId: 7, at: '2026-12-01T14:00:00.000Z' });
  });
});
