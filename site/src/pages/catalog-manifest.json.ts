import type { APIRoute } from 'astro';
import { buildCatalog } from '../lib/build-data.ts';

/**
 * dist/catalog-manifest.json: content hashes of the list's front view and of every course page as
 * built. The site router compares them with what the database holds now (decisions 0007, 0043).
 */
export const GET: APIRoute = async () => {
  const { manifest } = await buildCatalog();
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } });
};
