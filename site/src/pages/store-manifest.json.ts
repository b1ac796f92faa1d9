import type { APIRoute } from 'astro';
import { buildStore } from '../lib/build-data.ts';

/**
 * dist/store-manifest.json: content hashes of the store's front view and of every resource page
 * as built. The site router compares them with the database to serve fresh pages (decision 0029).
 */
export const GET: APIRoute = async () => {
  const { manifest } = await buildStore();
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } });
};
