import type { APIRoute } from 'astro';
import { buildCatalog } from '../lib/build-data.ts';

/**
 * dist/catalog-manifest.json: content hashes of the list and of every course page as built.
 * The site router compares them with the database to serve fresh pages (decision 0007).
 */
export const GET: APIRoute = async () => {
  const { manifest } = await buildCatalog();
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } });
};
