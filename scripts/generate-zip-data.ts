/**
 * Writes the US ZIP code table that `lookupZip` reads into the built site: dist/_data/zip-codes.txt
 * (decision 0055; its format is in worker/src/services/connect/zip-data.ts). Its source is the
 * installed packages `zipcodes` and `zipcode-to-timezone`. `npm run build` runs it (through
 * scripts/build-server.ts, after `astro build` has emptied dist/); on its own:
 * `node scripts/generate-zip-data.ts [site folder]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ZIP_TABLE_ASSET, zipTableFromPackages } from '../worker/src/services/connect/zip-data.ts';

/** Writes the table into the built site's folder; returns the file and its number of codes. */
export function writeZipTable(siteDir: string): { file: string; codes: number } {
  const text = zipTableFromPackages();
  const file = join(siteDir, ZIP_TABLE_ASSET);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  // The first line lists the zones, the last ends with a newline.
  return { file, codes: text.split('\n').length - 2 };
}

if (import.meta.main) {
  const { file, codes } = writeZipTable(resolve(process.argv[2] ?? resolve(import.meta.dirname, '../dist')));
  console.log(`${codes} ZIP codes: ${file}`);
}
