import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/store.ts';
import {
  AGE_GROUPS,
  DANCE_STYLES,
  RESOURCE_LEVELS,
  clearStoreFilters,
  DEFAULT_STORE_QUERY,
  hasStoreFilters,
  isDefaultStoreQuery,
  parseStoreQuery,
  slugOf,
  storeChips,
  storeHref,
  storePager,
  storeSearch,
  updateStoreQuery,
} from './store-query.ts';

describe('the store query in the address', () => {
  it("names the schema's enumerations, in its order", () => {
    expect(DANCE_STYLES).toEqual(schema.DANCE_STYLES);
    expect(AGE_GROUPS).toEqual(schema.AGE_GROUPS);
    expect(RESOURCE_LEVELS).toEqual(schema.RESOURCE_LEVELS);
  });

  it('reads every filter, the sort and the page', () => {
    expect(parseStoreQuery('?q=%20warm%20ups%20&style=hip-hop&age_group=children-5-8&level=mixed-levels&category=3&price=free&sort=price_desc&page=2')).toEqual({
      q: 'warm ups',
      style: 'Hip Hop',
      age_group: 'Children (5-8)',
      level: 'Mixed Levels',
      category: 3,
      price: 'free',
      sort: 'price_desc',
      page: 2,
    });
  });

  it('takes the names of the enumerations in any case as well as their slugs', () => {
    const q = parseStoreQuery('style=BALLET&age_group=Adult%20(18%2B)&level=advanced');
    expect(q).toMatchObject({ style: 'Ballet', age_group: 'Adult (18+)', level: 'Advanced' });
    expect(slugOf('Adult (18+)')).toBe('adult-18-plus');
    expect(parseStoreQuery('age_group=adult-18-plus').age_group).toBe('Adult (18+)');
    expect(parseStoreQuery('age_group=pre-teen-9-12').age_group).toBe('Pre-Teen (9-12)');
  });

  it('drops what it does not know: the default view', () => {
    expect(parseStoreQuery('?style=Waltz&age_group=babies&level=x&category=0&price=cheap&sort=random&page=-1&utm=1')).toEqual(DEFAULT_STORE_QUERY);
    expect(parseStoreQuery('?category=3abc&page=1.5').category).toBe('');
    expect(parseStoreQuery('?page=99999999999').page).toBe(1);
    expect(parseStoreQuery('q=' + 'a'.repeat(300)).q).toHaveLength(100);
  });

  it('writes one address per view: fixed order, slugs, no defaults', () => {
    expect(storeSearch(DEFAULT_STORE_QUERY)).toBe('');
    const q = parseStoreQuery('page=3&sort=rating&price=paid&style=Hip%20Hop&q=tap&age_group=Teen%20(13-17)');
    expect(storeSearch(q)).toBe('?q=tap&style=hip-hop&age_group=teen-13-17&price=paid&sort=rating&page=3');
    // Round trip.
    expect(parseStoreQuery(storeSearch(q))).toEqual(q);
    expect(storeHref(q)).toBe('/curriculum?q=tap&style=hip-hop&age_group=teen-13-17&price=paid&sort=rating&page=3');
    expect(isDefaultStoreQuery(parseStoreQuery('?sort=newest&page=1'))).toBe(true);
    expect(isDefaultStoreQuery(parseStoreQuery('?sort=rating'))).toBe(false);
  });

  it('starts again at page 1 when a filter or the sort changes, and Clear keeps the sort', () => {
    const q = { ...DEFAULT_STORE_QUERY, style: 'Jazz' as const, sort: 'rating' as const, page: 4 };
    expect(updateStoreQuery(q, { level: 'Beginner' }).page).toBe(1);
    expect(updateStoreQuery(q, { page: 5 }).page).toBe(5);
    expect(hasStoreFilters(q)).toBe(true);
    expect(hasStoreFilters({ ...DEFAULT_STORE_QUERY, sort: 'price_asc' })).toBe(false);
    expect(clearStoreFilters(q)).toEqual({ ...DEFAULT_STORE_QUERY, sort: 'rating' });
  });

  it('shows each active filter as a chip linking to the view without it', () => {
    const q = parseStoreQuery('q=plies&style=ballet&age_group=toddler-2-4&category=7&price=free&sort=rating&page=2');
    const chips = storeChips(q, (id) => (id === 7 ? 'Lesson plans' : undefined));
    expect(chips.map((c) => c.label)).toEqual(['Search: “plies”', 'Style: Ballet', 'Age group: Toddler (2-4)', 'Category: Lesson plans', 'Price: Free']);
    expect(chips[1]!.href).toBe('/curriculum?q=plies&age_group=toddler-2-4&category=7&price=free&sort=rating');
    expect(storeChips(parseStoreQuery('category=9'), () => undefined)[0]!.label).toBe('Category: #9');
    expect(storeChips(DEFAULT_STORE_QUERY, () => undefined)).toEqual([]);
  });

  it('links the previous and next pages of a view', () => {
    const q = parseStoreQuery('style=tap&page=2');
    expect(storePager(q, 30)).toEqual({
      pageCount: 3,
      prev: { page: 1, href: '/curriculum?style=tap' },
      next: { page: 3, href: '/curriculum?style=tap&page=3' },
    });
    expect(storePager(DEFAULT_STORE_QUERY, 0)).toEqual({ pageCount: 1, prev: null, next: null });
    expect(storePager(parseStoreQuery('page=9'), 13).prev).toEqual({ page: 1, href: '/curriculum' });
  });
});
