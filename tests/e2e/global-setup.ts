import { makeTemplate } from './server.ts';

/** Seeds the demo database once per run; each worker serves a copy of it (server.ts). */
export default async function globalSetup(): Promise<void> {
  const started = performance.now();
  await makeTemplate();
  console.log(`e2e: demo database seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
