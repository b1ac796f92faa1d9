import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { ZIP_INVALID, ZIP_NOT_FOUND } from '../domain/bookings.ts';
import type { ZipPlace } from '../../../shared/bookings/views.ts';
import { lookupZip } from '../services/connect/zipcode.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('lookupZip', () => {
  it('reads city, state, coordinates and zone from the offline table', async () => {
    expect(await lookupZip('10001')).toEqual({ zip: '10001', city: 'New York', state: 'NY', latitude: 40.7484, longitude: -73.9967, timeZone: 'America/New_York' });
    expect(await lookupZip(' 90210 ')).toMatchObject({ zip: '90210', city: 'Beverly Hills', state: 'CA', timeZone: 'America/Los_Angeles' });
    expect(await lookupZip('60601')).toMatchObject({ state: 'IL', timeZone: 'America/Chicago' });
    expect(await lookupZip('96813')).toMatchObject({ state: 'HI', timeZone: 'Pacific/Honolulu' });
  });

  it('knows US codes only: not Canadian, not malformed, not unknown', async () => {
    expect(await lookupZip('K1A 0B1')).toBeNull();
    expect(await lookupZip('K1A')).toBeNull();
    expect(await lookupZip('1000')).toBeNull();
    expect(await lookupZip('100011')).toBeNull();
    expect(await lookupZip('00000')).toBeNull();
  });

  it('hands out copies: a caller cannot change the table', async () => {
    const place = (await lookupZip('10001'))!;
    place.city = 'Changed';
    expect((await lookupZip('10001'))!.city).toBe('New York');
  });
});

describe('GET /api/zipcode-lookup/{zip}', () => {
  it('answers the place of New York 10001 and Beverly Hills 90210, cacheable for long', async () => {
    const ny = await t.request('/api/zipcode-lookup/10001');
    expect(ny.status).toBe(200);
    expect(ny.headers.get('cache-control')).toMatch(/^public, max-age=\d{6,}/);
    expect(await read<ZipPlace>(ny)).toEqual({ zip: '10001', city: 'New York', state: 'NY', latitude: 40.7484, longitude: -73.9967, timeZone: 'America/New_York' });
    const la = await read<ZipPlace>(await t.request('/api/zipcode-lookup/90210'));
    expect(la).toMatchObject({ city: 'Beverly Hills', state: 'CA', timeZone: 'America/Los_Angeles' });
  });

  it.each(['1234', '123456', 'abcde', 'K1A0B1', '1000%20'])('refuses %s with 400 ZIP_INVALID', async (zip) => {
    const res = await t.request(`/api/zipcode-lookup/${zip}`);
    expect(res.status).toBe(400);
    expect(await read<ErrorBody>(res)).toEqual({ message: ZIP_INVALID, validationErrors: { zip: [ZIP_INVALID] } });
  });

  it('answers 404 ZIP_NOT_FOUND for a well-formed code that does not exist', async () => {
    const res = await t.request('/api/zipcode-lookup/00000');
    expect(res.status).toBe(404);
    expect(await read<ErrorBody>(res)).toEqual({ message: ZIP_NOT_FOUND });
  });
});
