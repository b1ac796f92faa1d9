/**
 * Build-time data for the pre-rendered catalog (Astro frontmatter and getStaticPaths only; never
 * shipped to a browser). The database is read by the server's side of the seam
 * (worker/src/platform/build-snapshot.ts, decision 0054): the site calls no service itself. The
 * pages and the manifests read the same snapshot, so what is hashed is exactly what is rendered
 * (decision 0007).
 */
import { loadBuildSnapshot, type BuildSnapshot } from '../../../worker/src/platform/build-snapshot.ts';

export type BuildCatalog = BuildSnapshot;

let snapshot: Promise<BuildCatalog> | null = null;

/** The published catalog at build time, read once per build. */
export function buildCatalog(): Promise<BuildCatalog> {
  snapshot ??= loadBuildSnapshot();
  return snapshot;
}

/** The curriculum store at build time: the front view of /curriculum, every published resource's page, their hashes. */
export async function buildStore(): Promise<BuildCatalog['store']> {
  return (await buildCatalog()).store;
}

/** The active plans at build time, as /subscription shows them. */
export async function buildPlans(): Promise<BuildCatalog['plans']> {
  return (await buildCatalog()).plans;
}

/** The directory at build time, as /connect shows it (decision 0032). */
export async function buildConnect(): Promise<BuildCatalog['connect']> {
  return (await buildCatalog()).connect;
}
