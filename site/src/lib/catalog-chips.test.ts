import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from './catalog.ts';
import { activeFilterChips } from './catalog-chips.ts';

describe('activeFilterChips', () => {
  it('shows nothing for the unfiltered list, whatever the sort or page', () => {
    expect(activeFilterChips({ ...DEFAULT_QUERY, sort: 'price_asc', page: 3 })).toEqual([]);
    expect(activeFilterChips({ ...DEFAULT_QUERY, q: '   ' })).toEqual([]);
  });

  it('shows one chip per active filter, in the order of the form, with readable labels, each linking to the view without it', () => {
    expect(activeFilterChips({ ...DEFAULT_QUERY, q: ' tap ', category: 'Hip Hop', level: 'intermediate', price: 'free', sort: 'popular', page: 3 })).toEqual([
      { field: 'q', label: 'Search: “tap”', href: '/courses?category=Hip+Hop&level=intermediate&price=free&sort=popular' },
      { field: 'category', label: 'Style: Hip Hop', href: '/courses?q=tap&level=intermediate&price=free&sort=popular' },
      { field: 'level', label: 'Level: Intermediate', href: '/courses?q=tap&category=Hip+Hop&price=free&sort=popular' },
      { field: 'price', label: 'Price: Free', href: '/courses?q=tap&category=Hip+Hop&level=intermediate&sort=popular' },
    ]);
  });
});
