import { resolve } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { seedDemoCourses } from '../../../db/seed-courses.ts';
import { seedDemoData, seedReferenceData } from '../../../db/seed.ts';
import type { CatalogCourse, CourseListView } from '../../../shared/catalog-freshness.ts';
import type { ConnectPage } from '../../../shared/connect/connect-page.ts';
import { DEFAULT_QUERY } from '../../../site/src/lib/catalog.ts';
import { buildCatalogManifest, loadCatalog, loadCourseListPage, type CatalogManifest } from '../services/catalog-freshness.ts';
import { connectHash, loadConnectPage } from '../services/connect/connect-page.ts';
import { loadPlans, plansHash } from '../services/plans-page.ts';
import { loadStoreBuild, type StoreBuild } from '../services/store-page-data.ts';
import type { PlanView } from '../../../shared/subscriptions/views.ts';
import { parseEnv } from './env.ts';
import { openNodeDatabase } from './node-db.ts';

/**
 * What the build pre-renders from the database (decision 0054). The site's pages never call a
 * service: at build time they get their data from here (through site/src/lib/build-data.ts), as on
 * request they get it from the server through the page renderer (page-renderer.ts). The pages and
 * the manifests read the same snapshot, so what is hashed is exactly what is rendered (decision 0007).
 */
export interface BuildSnapshot {
  /** Every published course with its outline: a page each. */
  courses: CatalogCourse[];
  /** The list's front view (`/courses`), the one view of the list that is built. */
  front: CourseListView;
  manifest: CatalogManifest;
  /** The curriculum store's pre-rendered pages and their manifest (decision 0029). */
  store: StoreBuild;
  /** The active plans /subscription is built with (decision 0031), and their hash for plans-manifest.json. */
  plans: PlanView[];
  plansHash: string;
  /** The directory /connect is built with (decision 0032), and its hash for connect-manifest.json. */
  connect: ConnectPage;
  connectHash: string;
}

/**
 * Opens the database the way the Node runtime does (LIBSQL_URL, else the embedded file under
 * DATA_DIR, default `data`), migrates it and seeds it, so that `astro build` in a fresh clone
 * renders the demo courses, then reads what the built pages show.
 */
export async function loadBuildSnapshot(): Promise<BuildSnapshot> {
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
    return {
      courses,
      front,
      manifest: await buildCatalogManifest(front, courses),
      store,
      plans,
      plansHash: await plansHash(plans),
      connect,
      connectHash: await connectHash(connect),
    };
  } finally {
    client.close();
  }
}
