import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, courses, enrollments, lessons, modules, users } from '../../../db/schema/index.ts';
import { insertCatalogCourse } from '../../../tests/support/catalog-data.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  buildCatalogManifest,
  catalogHashes,
  catalogVersion,
  courseListSource,
  coursePageSource,
  currentCatalog,
  currentCatalogHashes,
  invalidateCatalogFreshness,
  loadCatalog,
  parseCatalogManifest,
} from './catalog-freshness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('loadCatalog', () => {
  it('lists published courses only, with instructor, category, outline and counts', async () => {
    const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' });
    const published = await insertCatalogCourse(t.db, {
      title: 'Ballet basics for teachers',
      priceCents: 4900,
      instructorId: instructor.id,
      category: 'Ballet',
      difficultyLevel: 'intermediate',
      modules: [
        { title: 'Barre', lessons: [{ title: 'Plié' }, { title: 'Tendu', type: 'video' }] },
        { title: 'Centre', lessons: [{ title: 'Adage' }, { title: 'Quiz', type: 'quiz' }, { title: 'Allegro' }] },
      ],
    });
    const draft = await insertCatalogCourse(t.db, { status: 'draft' });
    const archived = await insertCatalogCourse(t.db, { status: 'archived' });
    const student = await createUser(t.db);
    await t.db.insert(enrollments).values({ userId: student.id, courseId: published.id });

    const catalog = await loadCatalog(t.db);
    const ids = catalog.map((c) => c.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(archived.id);

    const course = catalog.find((c) => c.id === published.id)!;
    expect(course).toMatchObject({
      title: 'Ballet basics for teachers',
      price: 49,
      price_cents: 4900,
      category: { name: 'Ballet' },
      difficulty_level: 'intermediate',
      instructor: { id: instructor.id, first_name: 'Elena', last_name: 'Petrova' },
      module_count: 2,
      lesson_count: 5,
      enrollment_count: 1,
    });
    expect(course.modules.map((m) => m.title)).toEqual(['Barre', 'Centre']);
    expect(course.modules[1]!.lessons.map((l) => [l.title, l.type, l.position])).toEqual([
      ['Adage', 'text', 1],
      ['Quiz', 'quiz', 2],
      ['Allegro', 'text', 3],
    ]);
  });
});

describe('catalog hashes', () => {
  it('are the same for the same content on another database, whatever the timestamps', async () => {
    const other = await createTestApp();
    try {
      const make = (db: TestApp['db'], createdAt: string) =>
        insertCatalogCourse(db, { title: 'Same content', priceCents: 1000, category: 'Jazz', createdAt, modules: [{ title: 'M', lessons: [{ title: 'L' }] }] });
      const a = await make(other.db, '2020-01-01T00:00:00.000Z');
      const second = await createTestApp();
      try {
        const b = await make(second.db, '2026-06-30T12:00:00.000Z');
        expect(a.id).toBe(b.id);
        const [ha, hb] = await Promise.all([loadCatalog(other.db).then(catalogHashes), loadCatalog(second.db).then(catalogHashes)]);
        expect(ha).toEqual(hb);
        expect(ha.courses[String(a.id)]).toMatch(/^[0-9a-f]{24}$/);
      } finally {
        second.close();
      }
    } finally {
      other.close();
    }
  });

  it('change with what the pages show and not with enrolments', async () => {
    const course = await insertCatalogCourse(t.db, { priceCents: 2500 });
    const before = await loadCatalog(t.db).then(catalogHashes);
    const id = String(course.id);

    const student = await createUser(t.db);
    await t.db.insert(enrollments).values({ userId: student.id, courseId: course.id });
    expect(await loadCatalog(t.db).then(catalogHashes)).toEqual(before);

    // A longer text only the course page shows: the page changes, the list does not.
    await t.db.update(courses).set({ detailedDescription: 'More words' }).where(eq(courses.id, course.id));
    const detailOnly = await loadCatalog(t.db).then(catalogHashes);
    expect(detailOnly.list).toBe(before.list);
    expect(detailOnly.courses[id]).not.toBe(before.courses[id]);

    // The price shows on both.
    await t.db.update(courses).set({ priceCents: 3000 }).where(eq(courses.id, course.id));
    const repriced = await loadCatalog(t.db).then(catalogHashes);
    expect(repriced.list).not.toBe(detailOnly.list);
    expect(repriced.courses[id]).not.toBe(detailOnly.courses[id]);

    // A renamed lesson changes the outline of the page.
    const [mod] = await t.db.select().from(modules).where(eq(modules.courseId, course.id));
    await t.db.update(lessons).set({ title: 'Renamed' }).where(eq(lessons.moduleId, mod!.id));
    const renamed = await loadCatalog(t.db).then(catalogHashes);
    expect(renamed.courses[id]).not.toBe(repriced.courses[id]);

    // Withdrawn: gone from both.
    await t.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, course.id));
    const withdrawn = await loadCatalog(t.db).then(catalogHashes);
    expect(withdrawn.courses[id]).toBeUndefined();
    expect(withdrawn.list).not.toBe(renamed.list);
  });
});

describe('page sources', () => {
  const manifest = { version: 1 as const, list: 'L1', courses: { '1': 'a', '2': 'b' } };

  it('serves the static course page while unchanged, a rendered one when changed or new, 404 when gone', () => {
    const current = { list: 'L2', courses: { '1': 'a', '2': 'changed', '3': 'new' } };
    expect(coursePageSource(manifest, current, '1')).toBe('static');
    expect(coursePageSource(manifest, current, '2')).toBe('rendered');
    expect(coursePageSource(manifest, current, '3')).toBe('rendered');
    expect(coursePageSource(manifest, { list: 'L1', courses: { '2': 'b' } }, '1')).toBe('gone');
    expect(coursePageSource(manifest, current, '99')).toBe('gone');
    expect(coursePageSource(manifest, current, 'constructor')).toBe('gone');
  });

  it('serves the static list while unchanged, else a rendered one', () => {
    expect(courseListSource(manifest, { list: 'L1', courses: {} })).toBe('static');
    expect(courseListSource(manifest, { list: 'L2', courses: {} })).toBe('rendered');
  });

  it('reads only a well-formed manifest', async () => {
    const built = await buildCatalogManifest(await loadCatalog(t.db));
    expect(parseCatalogManifest(JSON.parse(JSON.stringify(built)))).toEqual(built);
    expect(parseCatalogManifest(null)).toBeNull();
    expect(parseCatalogManifest({ version: 2, list: 'x', courses: {} })).toBeNull();
    expect(parseCatalogManifest({ version: 1, courses: {} })).toBeNull();
  });
});

describe('currentCatalog', () => {
  it('is one snapshot of the courses, their hashes and the categories while nothing changed', async () => {
    const app = await createTestApp();
    try {
      const course = await insertCatalogCourse(app.db, { title: 'Snapshot course', priceCents: 1500, category: 'Jazz' });
      const a = await currentCatalog(app.platform, { now: 1_000 });
      expect(a.byId.get(course.id)).toMatchObject({ title: 'Snapshot course', price_cents: 1500 });
      expect(a.courses.map((c) => c.id)).toContain(course.id);
      expect(a.hashes.courses[String(course.id)]).toBeDefined();
      expect(a.categories.map((c) => c.name)).toContain('Jazz');
      expect(await currentCatalog(app.platform, { now: 1_500 })).toBe(a);

      // The page rendered from the next snapshot shows the new price: it is what was hashed.
      await app.db.update(courses).set({ priceCents: 2500, updatedAt: '2099-01-01T00:00:00.000Z' }).where(eq(courses.id, course.id));
      const b = await currentCatalog(app.platform, { now: 1_600 });
      expect(b).not.toBe(a);
      expect(b.byId.get(course.id)?.price_cents).toBe(2500);
    } finally {
      app.close();
    }
  });
});

describe('currentCatalogHashes', () => {
  it('reuses the hashes while nothing changed, and sees a course write at once', async () => {
    const app = await createTestApp();
    try {
      const platform = app.platform;
      const a = await currentCatalogHashes(platform, { now: 1_000 });
      const reused = await currentCatalogHashes(platform, { now: 2_000 });
      expect(reused).toBe(a);

      // A new course moves the catalog's signature: recomputed within the TTL.
      const course = await insertCatalogCourse(app.db);
      const withCourse = await currentCatalogHashes(platform, { now: 2_100 });
      expect(withCourse.courses[String(course.id)]).toBeDefined();

      // An edit that moves updated_at (as every course write does) is seen at once too.
      await app.db.update(courses).set({ priceCents: 999, updatedAt: '2099-01-01T00:00:00.000Z' }).where(eq(courses.id, course.id));
      const repriced = await currentCatalogHashes(platform, { now: 2_200 });
      expect(repriced.courses[String(course.id)]).not.toBe(withCourse.courses[String(course.id)]);

      // An instructor's new name moves the catalog's content version (a trigger): seen at once too.
      const instructor = await createUser(app.db, { roles: ['INSTRUCTOR'], firstName: 'Ann' });
      await app.db.update(courses).set({ instructorId: instructor.id, updatedAt: '2099-01-02T00:00:00.000Z' }).where(eq(courses.id, course.id));
      const taught = await currentCatalogHashes(platform, { now: 2_300 });
      expect(await currentCatalogHashes(platform, { now: 2_350 })).toBe(taught);
      await app.db.update(users).set({ firstName: 'Anna' }).where(eq(users.id, instructor.id));
      const renamed = await currentCatalogHashes(platform, { now: 2_400 });
      expect(renamed.courses[String(course.id)]).not.toBe(taught.courses[String(course.id)]);

      // What no signature sees shows after an invalidation, or after the TTL at the latest.
      const outOfBand = await currentCatalogHashes(platform, { now: 2_450 });
      expect(outOfBand).toBe(renamed);
      invalidateCatalogFreshness(platform);
      expect(await currentCatalogHashes(platform, { now: 2_500 })).not.toBe(renamed);
      const kept = await currentCatalogHashes(platform, { now: 2_600 });
      expect(await currentCatalogHashes(platform, { now: 2_600 + 3_000 })).not.toBe(kept);
    } finally {
      app.close();
    }
  });

  it('has a signature that moves with course writes, deletions and category renames', async () => {
    const app = await createTestApp();
    try {
      const v0 = await catalogVersion(app.db);
      const course = await insertCatalogCourse(app.db);
      const v1 = await catalogVersion(app.db);
      expect(v1).not.toBe(v0);
      await app.db.update(categories).set({ name: 'Ballet (classical)' }).where(eq(categories.name, 'Ballet'));
      const v2 = await catalogVersion(app.db);
      expect(v2).not.toBe(v1);
      await app.db.delete(courses).where(eq(courses.id, course.id));
      expect(await catalogVersion(app.db)).not.toBe(v2);
    } finally {
      app.close();
    }
  });
});
