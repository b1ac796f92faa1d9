import { describe, expect, it } from 'vitest';
import { placeText, distanceText, durationText, instructorCount } from '../../site/src/lib/connect-format.ts';
import { DIRECTORY_PAGES_MAX } from '../../worker/src/domain/bookings.ts';
import {
  DEFAULT_DIRECTORY_QUERY,
  directoryPageOf,
  directoryPageSearch,
  directorySearchString,
  distanceFrom,
  entryOf,
  filtersOf,
  isDefaultDirectoryQuery,
  parseDirectoryParams,
  searchRecords,
  type DirectoryRecord,
} from './directory-search.ts';

const NYC = { latitude: 40.7484, longitude: -73.9967 };

function record(id: number, over: Partial<DirectoryRecord> = {}): DirectoryRecord {
  return {
    id,
    name: `Teacher ${id}`,
    headline: '',
    photo_url: null,
    city: null,
    state: null,
    offers_online: true,
    offers_in_person: false,
    travel_radius_miles: 0,
    styles: [],
    style_slugs: [],
    lesson_kinds: ['private'],
    levels: [],
    languages: [],
    price_from_cents: 5000,
    price_from: 50,
    prices_cents: [5000],
    rating: null,
    review_count: 0,
    verified: false,
    premium: false,
    distance_miles: null,
    reach: null,
    time_zone: 'America/New_York',
    latitude: null,
    longitude: null,
    ...over,
  };
}

describe('the directory query of an address', () => {
  it('reads every filter, leaves out what it cannot use and says why', () => {
    const { query, problems } = parseDirectoryParams(
      new URLSearchParams('style=Hip-Hop&lessonType=group&level=Beginner&minPrice=10&maxPrice=80&mode=in_person&zip=10001&radius=25&sort=distance'),
    );
    expect(query).toEqual({ style: 'hip-hop', lessonType: 'group', level: 'Beginner', minPrice: 10, maxPrice: 80, mode: 'in_person', zip: '10001', radius: 25, sort: 'distance' });
    expect(problems).toEqual([]);
    const bad = parseDirectoryParams(new URLSearchParams('lessonType=solo&mode=moon&zip=12&radius=9999&sort=cheap&minPrice=50&maxPrice=5&extra=1'));
    expect(bad.query).toEqual({ ...DEFAULT_DIRECTORY_QUERY, minPrice: 50 });
    expect(bad.problems).toEqual(['Maximum price must be at least the minimum price', 'Enter a 5-digit US ZIP code.']);
  });

  it('writes back only what differs from the defaults, and knows the default view', () => {
    expect(directorySearchString(DEFAULT_DIRECTORY_QUERY)).toBe('');
    expect(isDefaultDirectoryQuery(parseDirectoryParams(new URLSearchParams('utm=x')).query)).toBe(true);
    const { query } = parseDirectoryParams(new URLSearchParams('sort=rating&zip=90210&style=tap'));
    expect(directorySearchString(query)).toBe('?style=tap&zip=90210&sort=rating');
    expect(isDefaultDirectoryQuery(query)).toBe(false);
  });

  it('reads the page an address asks, leniently, and writes it after the query', () => {
    expect(directoryPageOf(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc', `page=${DIRECTORY_PAGES_MAX + 1}`]) expect(directoryPageOf(new URLSearchParams(bad)), bad).toBe(1);
    expect(directoryPageSearch(DEFAULT_DIRECTORY_QUERY, 1)).toBe('');
    expect(directoryPageSearch(DEFAULT_DIRECTORY_QUERY, 2)).toBe('?page=2');
    expect(directoryPageSearch({ ...DEFAULT_DIRECTORY_QUERY, style: 'tap' }, 4)).toBe('?style=tap&page=4');
  });
});

describe('searching the records', () => {
  it('measures distance only for in-person teachers with a place, to a tenth of a mile', () => {
    expect(distanceFrom(NYC, record(1, { offers_in_person: true, latitude: 40.7484, longitude: -73.9967 }))).toBe(0);
    expect(distanceFrom(NYC, record(1, { offers_in_person: false, latitude: 40.7, longitude: -74 }))).toBeNull();
    expect(distanceFrom(null, record(1, { offers_in_person: true, latitude: 40.7, longitude: -74 }))).toBeNull();
  });

  it('keeps in-person teachers within the radius plus their travel radius; online ones stay unless in person is asked', () => {
    const near = record(1, { offers_online: false, offers_in_person: true, latitude: 40.7357, longitude: -74.1724 }); // Newark, ~9 mi
    const far = record(2, { offers_online: false, offers_in_person: true, latitude: 39.9522, longitude: -75.1932, travel_radius_miles: 40 }); // Philadelphia, ~80 mi
    const online = record(3);
    const q = (search: string) => filtersOf(parseDirectoryParams(new URLSearchParams(search)).query);
    expect(searchRecords([near, far, online], q('sort=distance'), NYC).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(searchRecords([near, far, online], q('sort=distance&radius=20'), NYC).map((r) => r.id)).toEqual([1, 3]);
    expect(searchRecords([near, far, online], q('mode=in_person&radius=20'), NYC).map((r) => r.id)).toEqual([1]);
    expect(searchRecords([near, far, online], q('mode=online'), NYC).map((r) => r.id)).toEqual([3]);
  });

  it('orders recommended by premium, verified, rating, reviews; prices put teachers without lessons last', () => {
    const records = [
      record(1, { rating: 4.9, review_count: 30 }),
      record(2, { verified: true }),
      record(3, { premium: true }),
      record(4, { rating: 4.9, review_count: 31, price_from_cents: null, prices_cents: [] }),
    ];
    const sorted = (sort: string) => searchRecords(records, filtersOf(parseDirectoryParams(new URLSearchParams(`sort=${sort}`)).query), null).map((r) => r.id);
    expect(sorted('recommended')).toEqual([3, 2, 4, 1]);
    expect(sorted('rating')).toEqual([4, 1, 3, 2]);
    expect(sorted('price_low')).toEqual([3, 2, 1, 4]);
    expect(sorted('price_high')).toEqual([3, 2, 1, 4]);
  });

  describe('near a searched ZIP code', () => {
    const inPerson = (id: number, latitude: number, longitude: number, over: Partial<DirectoryRecord> = {}) =>
      record(id, { offers_online: false, offers_in_person: true, latitude, longitude, ...over });
    const newark = inPerson(1, 40.7357, -74.1724); // ~9 mi
    const yonkers = inPerson(2, 40.9312, -73.8988); // ~13 mi
    const queens = inPerson(3, 40.7282, -73.7949); // ~11 mi
    const boston = inPerson(4, 42.3601, -71.0589, { offers_online: true, premium: true }); // ~190 mi, also online
    const pittsburgh = inPerson(5, 40.4406, -79.9959, { premium: true }); // ~315 mi, in person only
    const onlineOnly = record(6, { premium: true, verified: true });
    const onlinePlain = record(7);
    const all = [pittsburgh, onlinePlain, boston, yonkers, onlineOnly, queens, newark];
    const search = (q: string) => searchRecords(all, filtersOf(parseDirectoryParams(new URLSearchParams(q)).query), NYC);
    const ids = (q: string) => search(q).map((r) => r.id);

    it('ranks the nearby instructors by distance, then the ones only online lessons reach, marked online', () => {
      const found = search('zip=10001');
      expect(found.map((r) => r.id)).toEqual([1, 3, 2, 6, 4, 7]);
      expect(found.map((r) => r.reach)).toEqual(['nearby', 'nearby', 'nearby', 'online', 'online', 'online']);
      // Outside the reach the distance is not the lesson's: an online lesson has none.
      expect(found.find((r) => r.id === 4)!.distance_miles).toBeNull();
      expect(found[0]!.distance_miles).toBeCloseTo(9, 0);
    });

    it('applies the radius to in-person lessons: a premium instructor 300 miles away is not listed for in person', () => {
      expect(ids('zip=10001&mode=in_person')).toEqual([1, 3, 2]);
      expect(ids('zip=10001&mode=in_person&radius=10')).toEqual([1]);
      // Within the radius plus their own travel radius they reach the place.
      expect(searchRecords([{ ...pittsburgh, travel_radius_miles: 250 }], filtersOf(parseDirectoryParams(new URLSearchParams('radius=100')).query), NYC)[0]).toMatchObject({ id: 5, reach: 'nearby' });
    });

    it('promotes a premium listing within the radius, never above it', () => {
      const premiumFar = { ...yonkers, premium: true };
      const withPremium = [pittsburgh, onlinePlain, boston, premiumFar, onlineOnly, queens, newark];
      const found = searchRecords(withPremium, filtersOf(parseDirectoryParams(new URLSearchParams('zip=10001')).query), NYC).map((r) => r.id);
      // Premium Yonkers comes first of the nearby ones; premium Boston (190 mi) and the premium
      // online-only instructor come after every nearby one; Pittsburgh (in person only) not at all.
      expect(found).toEqual([2, 1, 3, 6, 4, 7]);
      expect(found).not.toContain(5);
    });

    it('keeps the tiers for every sort: the online ones after the nearby ones', () => {
      const cheapOnline = { ...onlinePlain, price_from_cents: 1000, prices_cents: [1000] };
      const found = searchRecords([cheapOnline, { ...queens, price_from_cents: 9000, prices_cents: [9000] }, newark], filtersOf(parseDirectoryParams(new URLSearchParams('sort=price_low')).query), NYC);
      expect(found.map((r) => r.id)).toEqual([1, 3, 7]);
      expect(ids('zip=10001&mode=online')).toEqual([6, 4, 7]);
      expect(search('zip=10001&mode=online').every((r) => r.reach === 'online')).toBe(true);
    });

    it('without a place lists everyone by the sort, with no reach', () => {
      const found = searchRecords(all, filtersOf(parseDirectoryParams(new URLSearchParams('')).query), null);
      expect(found.map((r) => r.id).slice(0, 3)).toEqual([6, 4, 5]);
      expect(found.every((r) => r.reach === null && r.distance_miles === null)).toBe(true);
    });
  });

  it('answers the entry without where the teacher is or the price list', () => {
    const entry = entryOf(record(1, { latitude: 1, longitude: 2 }));
    expect(entry).not.toHaveProperty('latitude');
    expect(entry).not.toHaveProperty('prices_cents');
    expect(entry).not.toHaveProperty('style_slugs');
  });
});

describe('how the pages say it', () => {
  it('names the place, the distance, a duration and a count', () => {
    expect(placeText({ city: 'Newark', state: 'NJ', offers_online: true, offers_in_person: true })).toBe('Newark, NJ · also online');
    expect(placeText({ city: 'Newark', state: 'NJ', offers_online: false, offers_in_person: true })).toBe('Newark, NJ');
    expect(placeText({ city: null, state: null, offers_online: true, offers_in_person: false })).toBe('Online');
    expect(distanceText(0.4)).toBe('Under 1 mi away');
    expect(distanceText(8.94)).toBe('8.9 mi away');
    expect(distanceText(80.4)).toBe('80 mi away');
    expect(durationText(45)).toBe('45 min');
    expect(durationText(60)).toBe('1 h');
    expect(durationText(90)).toBe('1 h 30 min');
    expect(instructorCount(1)).toBe('1 instructor');
    expect(instructorCount(0)).toBe('0 instructors');
  });
});
