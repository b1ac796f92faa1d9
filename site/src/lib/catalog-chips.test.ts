import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from './catalog.ts';
import { activeFilterChips } from './catalog-chips.ts';

describe('activeFilterChips', () => {
  it('shows nothing for the unfiltered list, whatever the sort or page', () => {
    expect(activeFilterChips({ ...DEFAULT_QUERY, sort: 'price_asc', page: 3 })).toEqual([]);
    expect(activeFilterChips({ ...DEFAULT_QUERY, q: '   ' })).toEqual([]);
  });

  it('shows one chip per active filter, in the order of the form, with readable labels', () => {
    expect(activeFilterChips({ ...DEFAULT_QUERY, q: ' tap ', category: 'Hip Hop', level: 'intermediate', price: 'free' })).toEqual([
      { field: 'q', label: 'Search: “tap”' },
      { field: 'category', label: 'Style: Hip Hop' },
      { field: 'level', label: 'Level: Intermediate' },
      { field: 'price', label: 'Price: Free' },
    ]);
  });
});
