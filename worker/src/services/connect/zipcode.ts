import type { ZipPlace } from '../../../../shared/bookings/views.ts';
import { readZipTable } from './zip-data.ts';

/**
 * The offline US ZIP code lookup (decision 0032): city, state, coordinates and IANA zone of a
 * 5-digit code, from the table made out of the packages `zipcodes` and `zipcode-to-timezone`.
 * The table is a file of the built site read on the first lookup, not code of the bundle
 * (decision 0055); it is kept as its text, with the offset of each code's line, for the life of
 * the process or isolate.
 */

export const ZIP_PATTERN = /^\d{5}$/;

interface ZipTable {
  text: string;
  zones: string[];
  /** Offset of the line of each code (the code as a number), plus one; 0: no such code. */
  lines: Uint32Array;
}

let table: Promise<ZipTable> | undefined;

/** The code (as a number) of the line at `at`: its first five characters, digits, then `|`; -1 otherwise. */
function codeAt(text: string, at: number): number {
  let code = 0;
  for (let i = at; i < at + 5; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    code = code * 10 + digit;
  }
  return text.charCodeAt(at + 5) === 124 ? code : -1;
}

function indexTable(text: string): ZipTable {
  const lines = new Uint32Array(100_000);
  const firstEnd = text.indexOf('\n');
  const zones = text.slice(0, firstEnd).split('|');
  // Each line starts after a newline; indexOf answers -1 after the last, which ends the loop.
  for (let at = firstEnd + 1; at > 0 && at < text.length; at = text.indexOf('\n', at) + 1) {
    const code = codeAt(text, at);
    if (code >= 0) lines[code] = at + 1;
  }
  return { text, zones, lines };
}

/** The table, read and indexed once; a failed read is forgotten so the next lookup tries again. */
function zipTable(): Promise<ZipTable> {
  if (!table) {
    const loading = readZipTable().then(indexTable);
    table = loading;
    loading.catch(() => {
      if (table === loading) table = undefined;
    });
  }
  return table;
}

function placeOf({ text, zones }: ZipTable, at: number): ZipPlace | null {
  const end = text.indexOf('\n', at);
  const [zip, latitude, longitude, city, state, zone] = text.slice(at, end < 0 ? undefined : end).split('|');
  if (!zip || !city || !state) return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { zip, city, state, latitude: lat, longitude: lng, timeZone: zone ? (zones[Number(zone)] ?? null) : null };
}

/** The place of a 5-digit US ZIP code, or null (not 5 digits, or not a known code). */
export async function lookupZip(zip: string): Promise<ZipPlace | null> {
  const code = zip.trim();
  if (!ZIP_PATTERN.test(code)) return null;
  const loaded = await zipTable();
  const line = loaded.lines[Number(code)]!;
  return line === 0 ? null : placeOf(loaded, line - 1);
}
