/**
 * Build-time data for the pre-rendered catalog (Astro frontmatter and getStaticPaths only; never
 * shipped to a browser). Opens the database the way the Node runtime does (LIBSQL_URL, else the
 * embedded file under DATA_DIR, default `data`), migrates it and seeds it, so that `astro build`
 * in a fresh clone renders the demo courses. The pages and the manifest read the same data, so
 * what is hashed is exactly what is rendered (decision 0007).
 */
import { resolve } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { seedDemoCourses } from '../../../db/seed-courses.ts';
import { seedDemoData, seedReferenceData } from '../../../db/seed.ts';
import { parseEnv } from '../../../worker/src/platform/env.ts';
import { openNodeDatabase } from '../../../worker/src/platform/node-db.ts';
import { buildCatalogManifest, loadCatalog, loadCourseListPage, type CatalogCourse, type CatalogManifest, type CourseListView } from '../../../worker/src/services/catalog-freshness.ts';
import { loadStoreBuild, type StoreBuild } from '../../../worker/src/services/store-page-data.ts';
import { loadPlans } from '../../../worker/src/services/plans-page.ts';
import type { PlanView } from '../../../worker/src/services/subscriptions/views.ts';
import { loadConnectPage, type ConnectPage } from '../../../worker/src/services/connect/connect-page.ts';
import { DEFAULT_QUERY } from './catalog.ts';

export interface BuildCatalog {
  /** Every published course with its outline: a page each. */
  courses: CatalogCourse[];
  /** The list's front view (`/courses`), the one view of the list that is built. */
  front: CourseListView;
  manifest: CatalogManifest;
  /** The curriculum store's pre-rendered pages and their manifest (decision 0029). */
  store: StoreBuild;
  /** The active plans /subscription is built with (decision 0031). */
  plans: PlanView[];
  /** The directory /connect is built with (decision 0032). */
  connect: ConnectPage;
}

let snapshot: Promise<BuildCatalog> | null = null;

async function load(): Promise<BuildCatalog> {
  const env = parseEnv(process.env);
  const { client, db } = await openNodeDatabase(env);
  try {
    // The bundled build cannot find the migrations next to its own files: the project root is the build's working directory.
    await migrate(db, { migrationsFolder: resolve(process.cwd(), 'db/migrations') });
    await seedReferenceData(db);
    if (env.DRX_SEED === 'demo') {
      await seedDemoData(db);
      // Idempotent: only on a database without courses, as at the server's start.
      await seedDemoCourses(db);
    }
    // Read as the server reads a page it renders, and hashed the same way (decision 0020).
    const courses = await loadCatalog(db);
    const front = await loadCourseListPage(db, DEFAULT_QUERY);
    // The store's front view and resource pages, read as the server reads them and hashed.
    const store = await loadStoreBuild(db);
    const plans = await loadPlans(db);
    const connect = await loadConnectPage(db);
    return { courses, front, manifest: await buildCatalogManifest(front, courses), store, plans, connect };
  } finally {
    client.close();
  }
}

/** The published catalog at build time, read once per build. */
export function buildCatalog(): Promise<BuildCatalog> {
  snapshot ??= load();
  return snapshot;
}

/** The curriculum store at build time: the front view of /curriculum, every published resource's page, their hashes. */
export async function buildStore(): Promise<StoreBuild> {
  return (await buildCatalog()).store;
}

/** The active plans at build time, as /subscription shows them. */
export async function buildPlans(): Promise<PlanView[]> {
  return (await buildCatalog()).plans;
}

/** The directory at build time, as /connect shows it (decision 0032). */
export async function buildConnect(): Promise<ConnectPage> {
  return (await buildCatalog()).connect;
}
