/**
 * The US ZIP code table on Node: how it is made, and where the lookup reads it (decision 0055).
 *
 * The table is a file of the built site, not code of the bundle: the build writes it to
 * dist/_data/zip-codes.txt (scripts/generate-zip-data.ts), and the lookup reads it on its first
 * call. Here, on Node, from the disk; without a build (`npm run dev`, a Vitest run before
 * `npm run build`) the same text is made from the installed packages instead. The worker's bundle
 * gets zip-data-workers.ts in place of this module (wrangler.toml [alias]), which reads the file
 * through the ASSETS binding.
 *
 * The text: the first line lists the IANA zones, separated by `|`; then one line per ZIP code,
 * sorted: `zip|latitude|longitude|city|state|zone index` (the zone index, into the first line's
 * list, is empty where the dataset has none). US 5-digit codes only: Canadian codes are left out.
 */

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRootFrom } from '../../platform/project-root.ts';

/** Where the table is in the built site (dist/). */
export const ZIP_TABLE_ASSET = '/_data/zip-codes.txt' as const;

/**
 * The table's text made from the packages `zipcodes` (city, state, coordinates) and
 * `zipcode-to-timezone` (zone). Node only; requiring `zipcodes` costs ~200 ms and ~40 MB, which
 * is why the build does it once and the server reads the result.
 */
export function zipTableFromPackages(): string {
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes/lib/codes.js') as {
    codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }>;
  };
  const zoneOf = (require('zipcode-to-timezone') as { lookup(zip: string): string | null }).lookup;

  const zones: string[] = [];
  const lines: string[] = [];
  for (const zip of Object.keys(codes).sort()) {
    const place = codes[zip];
    if (!place || place.country !== 'US' || !/^\d{5}$/.test(zip)) continue;
    if (!Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) continue;
    const zone = zoneOf(zip);
    let index = '';
    if (zone) {
      let at = zones.indexOf(zone);
      if (at < 0) at = zones.push(zone) - 1;
      index = String(at);
    }
    const city = place.city.replace(/[|\n]/g, ' ').trim();
    lines.push(`${zip}|${place.latitude}|${place.longitude}|${city}|${place.state}|${index}`);
  }
  return `${zones.join('|')}\n${lines.join('\n')}\n`;
}

/** The table's text: dist/_data/zip-codes.txt of the project, or (no build) made from the packages. */
export async function readZipTable(): Promise<string> {
  try {
    return await readFile(join(projectRootFrom(import.meta.url), 'dist', ZIP_TABLE_ASSET), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return zipTableFromPackages();
  }
}
