import type { APIRoute } from 'astro';
import { buildCatalog } from '../lib/build-data.ts';

/**
 * dist/connect-manifest.json: the hash of the directory /connect was built with. The site router
 * serves the built page while the database's directory hashes the same (decision 0032).
 */
export const GET: APIRoute = async () => {
  const { connectHash: hash } = await buildCatalog();
  return new Response(JSON.stringify({ version: 1, hash }), { headers: { 'content-type': 'application/json' } });
};
