import type { ZipPlace } from '../bookings/views.ts';
import { ZIP_ROWS, ZIP_ZONES } from './zip-data.ts';

/**
 * The offline US ZIP code lookup (decision 0032): city, state, coordinates and IANA zone of a
 * 5-digit code, from the compact table generated out of the packages `zipcodes` and
 * `zipcode-to-timezone` (scripts/generate-zip-data.ts). The table is one string; it is indexed
 * once, on the first lookup, so loading the server costs nothing more.
 */

export const ZIP_PATTERN = /^\d{5}$/;

let index: Map<string, ZipPlace> | undefined;

function placeOf(row: string): ZipPlace | null {
  const [zip, latitude, longitude, city, state, zone] = row.split('|');
  if (!zip || !city || !state) return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { zip, city, state, latitude: lat, longitude: lng, timeZone: zone ? (ZIP_ZONES[Number(zone)] ?? null) : null };
}

function zipIndex(): Map<string, ZipPlace> {
  if (index) return index;
  const built = new Map<string, ZipPlace>();
  for (const row of ZIP_ROWS.split('\n')) {
    const place = placeOf(row);
    if (place) built.set(place.zip, place);
  }
  index = built;
  return built;
}

/** The place of a 5-digit US ZIP code, or null (not 5 digits, or not a known code). */
export function lookupZip(zip: string): ZipPlace | null {
  const code = zip.trim();
  if (!ZIP_PATTERN.test(code)) return null;
  const place = zipIndex().get(code);
  return place ? { ...place } : null;
}
