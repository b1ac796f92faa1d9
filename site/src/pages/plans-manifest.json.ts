import type { APIRoute } from 'astro';
import { buildCatalog } from '../lib/build-data.ts';

/**
 * dist/plans-manifest.json: the hash of the plans /subscription was built with. The site router
 * serves the built page while the database's plans hash the same (decision 0031).
 */
export const GET: APIRoute = async () => {
  const { plansHash: hash } = await buildCatalog();
  return new Response(JSON.stringify({ version: 1, hash }), { headers: { 'content-type': 'application/json' } });
};
