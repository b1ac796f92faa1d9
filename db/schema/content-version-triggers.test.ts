import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from '../../site/src/lib/catalog.ts';
import { loadCatalogCourse, loadCourseListPage, loadInstructorCourses } from '../../worker/src/services/catalog-freshness.ts';
import { verifyCertificate } from '../../worker/src/services/certificates.ts';
import { root } from '../../tests/support/paths.ts';
import { insertCatalogCourse } from '../../tests/support/catalog-data.ts';
import { createInstructor } from '../../tests/support/booking-factories.ts';
import { createUser } from '../../tests/support/factories.ts';
import { buildCourse } from '../../tests/support/learning-factories.ts';
import { createResource, createReview, createSeller } from '../../tests/support/seller-factories.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { migrationSql, triggersInMigrations } from '../../scripts/content-version-triggers.ts';
import { CONTENT_VERSION_TRIGGERS, UNVERSIONED_READS, VERSIONED_READS } from './content-version-trigger-list.ts';
import { CONTENT_SCOPES, certificates, type ContentScope, type VersionScope } from './index.ts';

// The content-version triggers are declared in db/schema and created by generated migrations
// (decision 0051): a migrated database holds exactly the declared ones.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the migrated database’s content-version triggers', () => {
  it('are exactly the declared ones', async () => {
    const rows = await t.db.all<{ name: string; sql: string }>(
      sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%content_versions%' ORDER BY name`,
    );
    const inDatabase = Object.fromEntries(rows.map((r) => [r.name, oneLine(r.sql)]));
    const declared = Object.fromEntries(CONTENT_VERSION_TRIGGERS.map((d) => [d.name, oneLine(d.sql)]));
    // A trigger written by hand in a migration, or a declaration without its migration
    // (run `node scripts/content-version-triggers.ts`), fails here.
    expect(inDatabase).toEqual(declared);
  });

  it('each has one declaration, and the generated migration drops every earlier one first', () => {
    const names = CONTENT_VERSION_TRIGGERS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    const written = migrationSql(triggersInMigrations());
    const drops = [...written.matchAll(/DROP TRIGGER IF EXISTS `(\w+)`/g)].map((m) => m[1]);
    const creates = [...written.matchAll(/CREATE TRIGGER `(\w+)`/g)].map((m) => m[1]);
    expect(creates).toEqual(names);
    expect(drops).toEqual(expect.arrayContaining([...names, ...triggersInMigrations()]));
    expect(written.indexOf('CREATE TRIGGER')).toBeGreaterThan(written.lastIndexOf('DROP TRIGGER'));
  });
});

const nameOf = (table: SQLiteTable) => getTableConfig(table).name;
const versionedNames = (scope: VersionScope) => VERSIONED_READS[scope].map(nameOf);
const unversionedNames = (scope: ContentScope) => UNVERSIONED_READS.filter((u) => u.scopes.includes(scope)).map((u) => nameOf(u.table));

describe('the tables the cached answers read', () => {
  it('each moves its version through a declared trigger', () => {
    const missing = (Object.keys(VERSIONED_READS) as VersionScope[]).flatMap((scope) =>
      versionedNames(scope)
        .filter((table) => !CONTENT_VERSION_TRIGGERS.some((d) => d.table === table && d.scopes.includes(scope)))
        .map((table) => `${scope}: ${table}`),
    );
    expect(missing).toEqual([]);
  });

  it('every declared trigger watches a table its versions’ answers read', () => {
    const unlisted = CONTENT_VERSION_TRIGGERS.flatMap((d) => d.scopes.filter((s) => !versionedNames(s).includes(d.table)).map((s) => `${d.name} (${s})`));
    expect(unlisted).toEqual([]);
  });

  it('the tables read without moving a version have no trigger for it, and a reason', () => {
    for (const u of UNVERSIONED_READS) {
      expect(u.reason.length, nameOf(u.table)).toBeGreaterThan(20);
      for (const scope of u.scopes) {
        expect(versionedNames(scope), `${nameOf(u.table)} (${scope})`).not.toContain(nameOf(u.table));
        expect(CONTENT_VERSION_TRIGGERS.some((d) => d.table === nameOf(u.table) && d.scopes.includes(scope)), nameOf(u.table)).toBe(false);
      }
    }
  });
});

/** The tables named after FROM or JOIN in the statements `run` sends to the database. */
async function tablesRead(run: () => Promise<unknown>): Promise<string[]> {
  const client = t.client as unknown as Record<'execute' | 'batch', (...args: unknown[]) => Promise<unknown>>;
  const statements: string[] = [];
  const textOf = (s: unknown) => (typeof s === 'string' ? s : String((s as { sql?: string }).sql ?? ''));
  const { execute, batch } = client;
  client.execute = (s: unknown, ...rest: unknown[]) => {
    statements.push(textOf(s));
    return execute.call(t.client, s, ...rest);
  };
  client.batch = (list: unknown, ...rest: unknown[]) => {
    for (const s of list as unknown[]) statements.push(textOf(s));
    return batch.call(t.client, list, ...rest);
  };
  try {
    await run();
  } finally {
    Object.assign(client, { execute, batch });
  }
  const named = new Set(statements.flatMap((s) => [...s.matchAll(/\b(?:from|join)\s+["`]?(\w+)["`]?/gi)].map((m) => m[1]!.toLowerCase())));
  // Subquery and CTE names are not tables.
  return [...named].filter((name) => tables.has(name)).sort();
}

let tables: Set<string>;

/** The route files whose answers the public cache keeps (they call `cachePublic`), each covered below. */
const CACHED_ROUTE_FILES = [
  'categories.ts',
  'certificates.ts',
  'connect.ts',
  'course-reviews.ts',
  'courses.ts',
  'dance-styles.ts',
  'instructors.ts',
  'resources.ts',
  'sellers.ts',
  'site-connect.ts',
  'site-plans.ts',
  'site-store.ts',
  'site.ts',
  'subscriptions.ts',
];

describe('what the cached public answers read', () => {
  it('covers every route file that marks an answer public', () => {
    const dir = resolve(root, 'worker/src/routes');
    const marking = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && /\bcachePublic\(c,/.test(readFileSync(resolve(dir, f), 'utf8')));
    expect(marking.sort()).toEqual(CACHED_ROUTE_FILES);
  });

  it('is only tables that move the answer’s version, or are listed as read without moving it', async () => {
    tables = new Set((await t.db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table'`)).map((r) => r.name.toLowerCase()));
    const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
    const course = await insertCatalogCourse(t.db, { instructorId: instructor.id, modules: [{ title: 'Barre', lessons: [{ title: 'Plié' }] }] });
    const learner = await createUser(t.db);
    const finished = await buildCourse(t.db, { priceCents: 0 });
    const code = 'DRX-7K2M9QW4XH3P';
    await t.db.insert(certificates).values({ userId: learner.id, courseId: finished.id, code });
    const seller = await createSeller(t.db);
    const resource = await createResource(t.db, seller.user.id);
    await createReview(t.db, resource.id, 5);
    const teacher = (await createInstructor(t.db)).user.id;

    const get = (path: string) => async () => {
      const res = await t.request(path);
      await res.arrayBuffer();
    };
    const reads: [ContentScope, string, () => Promise<unknown>][] = [
      ['catalog', 'GET /api/courses', get('/api/courses')],
      ['catalog', 'GET /api/courses/:id', get(`/api/courses/${course.id}`)],
      ['catalog', 'GET /api/instructors/:id', get(`/api/instructors/${instructor.id}`)],
      ['catalog', 'GET /api/categories', get('/api/categories')],
      ['catalog', 'GET /api/courses/:id/reviews', get(`/api/courses/${course.id}/reviews`)],
      // The catalog's pages (site.ts) read through these.
      ['catalog', 'a page of /courses', () => loadCourseListPage(t.db, DEFAULT_QUERY)],
      ['catalog', '/courses/{id}', () => loadCatalogCourse(t.db, course.id)],
      ['catalog', '/instructors/{id}', () => loadInstructorCourses(t.db, instructor.id)],
      ['certificates', 'GET /api/certificates/verify/:code', get(`/api/certificates/verify/${code}`)],
      ['certificates', '/certificates/verify', () => verifyCertificate(t.db, code)],
      ['store', 'GET /api/categories?kind=resource', get('/api/categories?kind=resource')],
      ['store', 'GET /api/resources', get('/api/resources')],
      ['store', 'GET /api/resources/:id', get(`/api/resources/${resource.id}`)],
      ['store', 'GET /api/resources/:id/reviews', get(`/api/resources/${resource.id}/reviews`)],
      ['store', 'GET /api/resources/seller/:id', get(`/api/resources/seller/${seller.user.id}`)],
      ['store', 'GET /api/sellers', get('/api/sellers')],
      ['store', 'GET /api/sellers/:id', get(`/api/sellers/${seller.user.id}`)],
      ['store', '/curriculum', get('/curriculum')],
      ['store', '/curriculum/{id}', get(`/curriculum/${resource.id}`)],
      ['plans', 'GET /api/subscriptions/plans', get('/api/subscriptions/plans')],
      ['plans', '/subscription', get('/subscription')],
      ['connect', 'GET /api/dance-styles', get('/api/dance-styles')],
      ['connect', 'GET /api/connect/instructors', get('/api/connect/instructors')],
      ['connect', 'GET /api/connect/instructors/:id', get(`/api/connect/instructors/${teacher}`)],
      ['connect', 'GET /api/connect/instructors/:id/reviews', get(`/api/connect/instructors/${teacher}/reviews`)],
      ['connect', '/connect', get('/connect')],
    ];
    const seen = new Set<string>();
    const unlisted: string[] = [];
    for (const [scope, what, run] of reads) {
      const read = await tablesRead(run);
      expect(read.length, `${what} reads nothing: the capture is broken`).toBeGreaterThan(0);
      for (const table of read) {
        seen.add(table);
        if (!versionedNames(scope).includes(table) && !unversionedNames(scope).includes(table)) unlisted.push(`${what} (${scope}) reads ${table}`);
      }
    }
    // A table a cached answer reads with no version trigger leaves that answer stale after it changes.
    expect(unlisted).toEqual([]);
    // Each listed exception is still read, else it is no longer needed.
    for (const u of UNVERSIONED_READS) expect(seen, nameOf(u.table)).toContain(nameOf(u.table));
    expect(CONTENT_SCOPES.filter((s) => s !== 'accounts').every((s) => reads.some(([scope]) => scope === s))).toBe(true);
  });
});
