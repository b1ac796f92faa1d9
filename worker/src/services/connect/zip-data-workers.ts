import { env } from 'cloudflare:workers';
import type * as NodeZipData from './zip-data.ts';

/**
 * The US ZIP code table on Workers (decision 0055): the worker's bundle gets this module in place
 * of zip-data.ts (wrangler.toml [alias]). The table is a file of the built site; the lookup reads
 * it through the ASSETS binding on its first call, then keeps it for the life of the isolate.
 */

/** Where the table is in the built site (dist/): the same file as on Node. */
export const ZIP_TABLE_ASSET: typeof NodeZipData.ZIP_TABLE_ASSET = '/_data/zip-codes.txt';

/** The table's text, from the built site through the ASSETS binding. */
export const readZipTable: typeof NodeZipData.readZipTable = async () => {
  const assets = (env as { ASSETS?: Fetcher }).ASSETS;
  if (!assets) throw new Error('No ASSETS binding: the ZIP code table is a file of the built site (wrangler.toml [assets])');
  // The binding answers by path; the host is not looked at.
  const res = await assets.fetch(new URL(ZIP_TABLE_ASSET, 'https://assets.invalid'));
  if (!res.ok) throw new Error(`The ZIP code table ${ZIP_TABLE_ASSET} is not in the built site (${res.status}): run npm run build`);
  return res.text();
};
