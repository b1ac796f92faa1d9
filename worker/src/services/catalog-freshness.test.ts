import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, enrollments, lessons, modules } from '../../../db/schema/index.ts';
import { insertCatalogCourse } from '../../../tests/support/catalog-data.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { DEFAULT_QUERY, type CatalogQuery } from '../../../site/src/lib/catalog.ts';
import {
  buildCatalogManifest,
  builtCourseHash,
  courseListHash,
  coursePageHash,
  loadCatalog,
  loadCatalogCourse,
  loadCourseListPage,
  loadInstructorCourses,
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

    // One course reads the same as in the whole catalog; an unpublished one is not there.
    expect(await loadCatalogCourse(t.db, published.id)).toEqual(course);
    expect(await loadCatalogCourse(t.db, draft.id)).toBeNull();
    expect(await loadCatalogCourse(t.db, archived.id)).toBeNull();
    expect(await loadCatalogCourse(t.db, 987_654)).toBeNull();
  });
});

const front = (db: TestApp['db']) => loadCourseListPage(db, DEFAULT_QUERY);

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
        const [ca, cb] = await Promise.all([loadCatalogCourse(other.db, a.id), loadCatalogCourse(second.db, b.id)]);
        const ha = await coursePageHash(ca!);
        expect(ha).toBe(await coursePageHash(cb!));
        expect(ha).toMatch(/^[0-9a-f]{24}$/);
        expect(await courseListHash(await front(other.db))).toBe(await courseListHash(await front(second.db)));
      } finally {
        second.close();
      }
    } finally {
      other.close();
    }
  });

  it('change with what the pages show and not with enrolments', async () => {
    const course = await insertCatalogCourse(t.db, { priceCents: 2500, createdAt: '2099-01-01T00:00:00.000Z' });
    const hashes = async () => ({ list: await courseListHash(await front(t.db)), page: await coursePageHash((await loadCatalogCourse(t.db, course.id))!) });
    const before = await hashes();

    const student = await createUser(t.db);
    await t.db.insert(enrollments).values({ userId: student.id, courseId: course.id });
    expect(await hashes()).toEqual(before);

    // A longer text only the course page shows: the page changes, the list does not.
    await t.db.update(courses).set({ detailedDescription: 'More words' }).where(eq(courses.id, course.id));
    const detailOnly = await hashes();
    expect(detailOnly.list).toBe(before.list);
    expect(detailOnly.page).not.toBe(before.page);

    // The price shows on both.
    await t.db.update(courses).set({ priceCents: 3000 }).where(eq(courses.id, course.id));
    const repriced = await hashes();
    expect(repriced.list).not.toBe(detailOnly.list);
    expect(repriced.page).not.toBe(detailOnly.page);

    // A renamed lesson changes the outline of the page.
    const [mod] = await t.db.select().from(modules).where(eq(modules.courseId, course.id));
    await t.db.update(lessons).set({ title: 'Renamed' }).where(eq(lessons.moduleId, mod!.id));
    const renamed = await hashes();
    expect(renamed.page).not.toBe(repriced.page);
    expect(renamed.list).toBe(repriced.list);

    // Withdrawn: no page, and the list changes.
    await t.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, course.id));
    expect(await loadCatalogCourse(t.db, course.id)).toBeNull();
    expect(await courseListHash(await front(t.db))).not.toBe(renamed.list);
  });
});

describe('a view of the list', () => {
  let app: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await createTestApp();
    const elena = await createUser(app.db, { roles: ['INSTRUCTOR'], firstName: 'Elena', lastName: 'Petrova' });
    const add = async (key: string, options: Parameters<typeof insertCatalogCourse>[1]) => {
      ids[key] = (await insertCatalogCourse(app.db, options)).id;
    };
    await add('foundations', { title: 'Ballet Foundations for Teachers', category: 'Ballet', priceCents: 0, instructorId: elena.id, createdAt: '2026-01-10T00:00:00.000Z' });
    await add('grooves', { title: 'Hip Hop Grooves', category: 'Hip Hop', difficultyLevel: 'intermediate', priceCents: 4900, createdAt: '2026-03-01T00:00:00.000Z' });
    await add('pointe', { title: 'Pointe Work Safety', category: 'Ballet', difficultyLevel: 'advanced', priceCents: 9900, createdAt: '2026-02-01T00:00:00.000Z' });
    await add('tango', { title: 'Tango Musicality', description: 'Latin rhythms for the studio', category: 'Ballroom', priceCents: 2500, createdAt: '2026-02-15T00:00:00.000Z' });
    await add('draft', { title: 'Ballet draft', category: 'Ballet', status: 'draft' });
    const learners = await Promise.all(Array.from({ length: 3 }, () => createUser(app.db)));
    // Popularity: foundations 3, pointe 1, grooves 1 (ties by id, newest id first), tango 0.
    await app.db.insert(enrollments).values([
      ...learners.map((l) => ({ userId: l.id, courseId: ids.foundations! })),
      { userId: learners[0]!.id, courseId: ids.pointe! },
      { userId: learners[0]!.id, courseId: ids.grooves! },
    ]);
  });
  afterAll(() => app.close());

  const shown = async (query: Partial<CatalogQuery>) => (await loadCourseListPage(app.db, { ...DEFAULT_QUERY, ...query })).courses.map((c) => c.id);

  it('filters by style (in any case), level, and free or paid; published courses only', async () => {
    expect(await shown({ category: 'ballet' })).toEqual([ids.pointe, ids.foundations]);
    expect(await shown({ category: 'Ballet', level: 'advanced' })).toEqual([ids.pointe]);
    expect(await shown({ price: 'free' })).toEqual([ids.foundations]);
    expect(await shown({ price: 'paid' })).toEqual([ids.grooves, ids.tango, ids.pointe]);
    expect(await shown({ category: 'Tap' })).toEqual([]);
  });

  it('searches every word in the title, description, style or the instructor’s name', async () => {
    expect(await shown({ q: 'ballet teachers' })).toEqual([ids.foundations]);
    expect(await shown({ q: 'ballet hip' })).toEqual([]);
    expect(await shown({ q: 'petrova' })).toEqual([ids.foundations]);
    expect(await shown({ q: 'RHYTHMS' })).toEqual([ids.tango]);
    expect(await shown({ q: 'ballroom' })).toEqual([ids.tango]);
    expect(await shown({ q: '100%' })).toEqual([]);
  });

  it('sorts newest first, by price both ways and by popularity, with stable ties', async () => {
    expect(await shown({})).toEqual([ids.grooves, ids.tango, ids.pointe, ids.foundations]);
    expect(await shown({ sort: 'price_asc' })).toEqual([ids.foundations, ids.tango, ids.grooves, ids.pointe]);
    expect(await shown({ sort: 'price_desc' })).toEqual([ids.pointe, ids.grooves, ids.tango, ids.foundations]);
    expect(await shown({ sort: 'popular' })).toEqual([ids.foundations, ids.pointe, ids.grooves, ids.tango]);
  });

  it('pages by twelve, a page past the end shows the last one, and the style is spelled as named', async () => {
    for (let i = 0; i < 10; i++) await insertCatalogCourse(app.db, { title: `Jazz class ${i}`, category: 'Jazz' });
    const first = await loadCourseListPage(app.db, DEFAULT_QUERY);
    expect(first).toMatchObject({ total: 14, page: 1, pageCount: 2 });
    expect(first.courses).toHaveLength(12);
    expect(first.courses.every((c) => c.modules.length === 0 && c.detailed_description === null)).toBe(true);
    const past = await loadCourseListPage(app.db, { ...DEFAULT_QUERY, page: 9 });
    expect(past).toMatchObject({ total: 14, page: 2, pageCount: 2 });
    expect(past.courses).toHaveLength(2);
    const styled = await loadCourseListPage(app.db, { ...DEFAULT_QUERY, category: 'JAZZ' });
    expect(styled.query.category).toBe('Jazz');
    expect(styled.total).toBe(10);
    expect(styled.categories.map((c) => c.name)).toContain('Jazz');
    const none = await loadCourseListPage(app.db, { ...DEFAULT_QUERY, q: 'nothing like this' });
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, courses: [] });
  });

  it('gives an instructor’s published courses as cards', async () => {
    const [course] = await loadInstructorCourses(app.db, (await loadCatalogCourse(app.db, ids.foundations!))!.instructor!.id);
    expect(course).toMatchObject({ id: ids.foundations, title: 'Ballet Foundations for Teachers', modules: [] });
  });
});

describe('the manifest', () => {
  it('holds the front view and every course page, and is read only when well formed', async () => {
    const list = await front(t.db);
    const catalog = await loadCatalog(t.db);
    const built = await buildCatalogManifest(list, catalog);
    expect(built.list).toBe(await courseListHash(list));
    expect(Object.keys(built.courses)).toHaveLength(catalog.length);
    expect(parseCatalogManifest(JSON.parse(JSON.stringify(built)))).toEqual(built);
    expect(parseCatalogManifest(null)).toBeNull();
    expect(parseCatalogManifest({ version: 1, list: 'x', courses: {} })).toBeNull();
    expect(parseCatalogManifest({ version: 2, courses: {} })).toBeNull();
    const one = catalog[0]!;
    expect(builtCourseHash(built, one.id)).toBe(await coursePageHash(one));
    expect(builtCourseHash({ ...built, courses: {} }, one.id)).toBeUndefined();
  });
});
