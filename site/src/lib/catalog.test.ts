import { describe, expect, it } from 'vitest';
import {
  applyCatalogQuery,
  catalogSearch,
  categoryOptions,
  DEFAULT_QUERY,
  filterCourses,
  hasFilters,
  instructorName,
  levelLabel,
  matchesSearch,
  parseCatalogQuery,
  pathId,
  readCategories,
  readCourse,
  readCourseList,
  sortCourses,
  updateQuery,
  type CatalogCourse,
} from './catalog.ts';

function course(partial: Partial<CatalogCourse> & { id: number }): CatalogCourse {
  return {
    title: `Course ${partial.id}`,
    short_name: null,
    description: 'A course.',
    detailed_description: null,
    price: (partial.price_cents ?? 0) / 100,
    price_cents: 0,
    image_url: null,
    preview_video_url: null,
    category: null,
    difficulty_level: 'beginner',
    duration: null,
    required_level: 0,
    instructor: null,
    module_count: 0,
    lesson_count: 0,
    enrollment_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    published_at: null,
    modules: [],
    ...partial,
  };
}

const ballet = { id: 1, name: 'Ballet' };
const hipHop = { id: 3, name: 'Hip Hop' };
const fixtures: CatalogCourse[] = [
  course({
    id: 1,
    title: 'Ballet Foundations for Teachers',
    category: ballet,
    difficulty_level: 'beginner',
    price_cents: 0,
    enrollment_count: 40,
    published_at: '2026-01-10T00:00:00.000Z',
    instructor: { id: 7, first_name: 'Elena', last_name: 'Petrova', username: 'elena' },
  }),
  course({ id: 2, title: 'Hip Hop Grooves', category: hipHop, difficulty_level: 'intermediate', price_cents: 4900, enrollment_count: 12, published_at: '2026-03-01T00:00:00.000Z' }),
  course({ id: 3, title: 'Pointe Work Safety', category: ballet, difficulty_level: 'advanced', price_cents: 9900, enrollment_count: 12, published_at: '2026-02-01T00:00:00.000Z' }),
  course({ id: 4, title: 'Café Tango Musicality', description: 'Latin rhythms', category: { id: 7, name: 'Latin' }, price_cents: 2500, published_at: '2026-02-15T00:00:00.000Z' }),
];

describe('the query in the address', () => {
  it('reads search, filters, sort and page, ignoring what it does not know', () => {
    expect(parseCatalogQuery('?q=+ballet+&category=Hip%20Hop&level=Intermediate&price=paid&sort=price_desc&page=3')).toEqual({
      q: 'ballet',
      category: 'Hip Hop',
      level: 'intermediate',
      price: 'paid',
      sort: 'price_desc',
      page: 3,
    });
    expect(parseCatalogQuery('?level=expert&price=cheap&sort=random&page=-2')).toEqual(DEFAULT_QUERY);
    expect(parseCatalogQuery('')).toEqual(DEFAULT_QUERY);
    expect(parseCatalogQuery('?page=2.5').page).toBe(1);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(catalogSearch(DEFAULT_QUERY)).toBe('');
    const q = { ...DEFAULT_QUERY, q: 'hip hop', category: 'Hip Hop', price: 'free' as const, sort: 'popular' as const, page: 2 };
    const search = catalogSearch(q);
    expect(search).toBe('?q=hip+hop&category=Hip+Hop&price=free&sort=popular&page=2');
    expect(parseCatalogQuery(search)).toEqual(q);
  });

  it('starts at page 1 again when a filter changes', () => {
    const onPage3 = { ...DEFAULT_QUERY, page: 3 };
    expect(updateQuery(onPage3, { level: 'advanced' }).page).toBe(1);
    expect(updateQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(hasFilters(DEFAULT_QUERY)).toBe(false);
    expect(hasFilters({ ...DEFAULT_QUERY, sort: 'popular' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_QUERY, price: 'free' })).toBe(true);
  });
});

describe('filtering', () => {
  const ids = (list: CatalogCourse[]) => list.map((c) => c.id);

  it('by style (case-insensitive), level, and free or paid', () => {
    expect(ids(filterCourses(fixtures, { ...DEFAULT_QUERY, category: 'ballet' }))).toEqual([1, 3]);
    expect(ids(filterCourses(fixtures, { ...DEFAULT_QUERY, category: 'Ballet', level: 'advanced' }))).toEqual([3]);
    expect(ids(filterCourses(fixtures, { ...DEFAULT_QUERY, price: 'free' }))).toEqual([1]);
    expect(ids(filterCourses(fixtures, { ...DEFAULT_QUERY, price: 'paid' }))).toEqual([2, 3, 4]);
    expect(ids(filterCourses(fixtures, { ...DEFAULT_QUERY, category: 'Tap' }))).toEqual([]);
  });

  it('by text: every word, any field, accents ignored', () => {
    expect(matchesSearch(fixtures[0]!, 'ballet teachers')).toBe(true);
    expect(matchesSearch(fixtures[0]!, 'ballet hip')).toBe(false);
    expect(matchesSearch(fixtures[0]!, 'petrova')).toBe(true);
    expect(matchesSearch(fixtures[3]!, 'cafe')).toBe(true);
    expect(matchesSearch(fixtures[3]!, 'RHYTHMS')).toBe(true);
    expect(ids(filterCourses(fixtures, { ...DEFAULT_QUERY, q: 'intermediate' }))).toEqual([2]);
  });
});

describe('sorting', () => {
  const ids = (list: CatalogCourse[]) => list.map((c) => c.id);
  it('newest, by price both ways, by popularity, with stable ties', () => {
    expect(ids(sortCourses(fixtures, 'newest'))).toEqual([2, 4, 3, 1]);
    expect(ids(sortCourses(fixtures, 'price_asc'))).toEqual([1, 4, 2, 3]);
    expect(ids(sortCourses(fixtures, 'price_desc'))).toEqual([3, 2, 4, 1]);
    expect(ids(sortCourses(fixtures, 'popular'))).toEqual([1, 3, 2, 4]);
  });

  it('falls back to the creation date for courses without a publication date', () => {
    const list = [course({ id: 1, created_at: '2026-05-01T00:00:00.000Z' }), course({ id: 2, published_at: '2026-04-01T00:00:00.000Z' })];
    expect(ids(sortCourses(list, 'newest'))).toEqual([1, 2]);
  });
});

describe('pages', () => {
  it('cuts out the page and clamps a page past the end', () => {
    const many = Array.from({ length: 30 }, (_, i) => course({ id: i + 1 }));
    const first = applyCatalogQuery(many, DEFAULT_QUERY, 12);
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 3 });
    expect(first.items).toHaveLength(12);
    const last = applyCatalogQuery(many, { ...DEFAULT_QUERY, page: 9 }, 12);
    expect(last.page).toBe(3);
    expect(last.items).toHaveLength(6);
    expect(applyCatalogQuery([], DEFAULT_QUERY)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe('reading API answers', () => {
  it('reads a course of GET /api/courses/{id}, with its outline in position order', () => {
    const c = readCourse({
      id: 5,
      title: 'Tap',
      description: 'Rhythm',
      price: '19.99',
      image_url: '',
      category: { id: 5, name: 'Tap' },
      instructor: { id: 9, first_name: 'Ann', last_name: 'Lee', profile_image_url: null },
      modules: [
        { id: 2, title: 'Two', order: 2, lessons: [] },
        { id: 1, title: 'One', order: 1, lessons: [{ id: 4, title: 'B', type: 'video', order: 2 }, { id: 3, title: 'A', order: 1 }] },
      ],
    });
    expect(c.price_cents).toBe(1999);
    expect(c.image_url).toBeNull();
    expect(c.modules.map((m) => m.title)).toEqual(['One', 'Two']);
    expect(c.modules[0]!.lessons.map((l) => [l.title, l.type])).toEqual([['A', 'text'], ['B', 'video']]);
    expect(c.lesson_count).toBe(2);
    expect(instructorName(c.instructor)).toBe('Ann Lee');
    // No name on the profile: the username, else the id.
    expect(instructorName({ id: 4, first_name: '', last_name: '', username: 'instructor_admin' })).toBe('instructor_admin');
    expect(instructorName({ id: 4, first_name: '', last_name: '', username: '' })).toBe('Instructor #4');
  });

  it('prefers price_cents, and reads lists wrapped or plain', () => {
    expect(readCourse({ id: 1, price: 10, price_cents: 1050 }).price_cents).toBe(1050);
    expect(readCourseList({ data: [{ id: 1 }], total: 7 })).toMatchObject({ total: 7, courses: [{ id: 1 }] });
    expect(readCourseList([{ id: 2 }])).toMatchObject({ total: null, courses: [{ id: 2 }] });
    expect(readCourseList(null).courses).toEqual([]);
    expect(readCategories({ data: [{ id: 1, name: 'Ballet', course_count: 3 }, { id: 2 }] })).toEqual([{ id: 1, name: 'Ballet' }]);
  });

  it('offers the reference styles in order plus any other a course uses', () => {
    expect(categoryOptions([ballet, hipHop], fixtures)).toEqual(['Ballet', 'Hip Hop', 'Latin']);
  });
});

describe('helpers', () => {
  it('reads ids from paths and labels levels', () => {
    expect(pathId('/courses/12/enroll', 1)).toBe(12);
    expect(pathId('/courses/_/enroll', 1)).toBeNull();
    expect(pathId('/courses/012', 1)).toBeNull();
    expect(pathId('/courses', 1)).toBeNull();
    expect(levelLabel('intermediate')).toBe('Intermediate');
  });
});

describe('preview video', () => {
  it('embeds YouTube privately, plays files, ignores the rest', async () => {
    const { previewVideo } = await import('./catalog.ts');
    expect(previewVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'embed',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    });
    expect(previewVideo('https://youtu.be/dQw4w9WgXcQ?t=30')?.src).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&autoplay=1&rel=0');
    expect(previewVideo('/uploads/abc.mp4')).toEqual({ kind: 'file', src: '/uploads/abc.mp4' });
    expect(previewVideo('https://cdn.example.com/v/clip.webm')).toEqual({ kind: 'file', src: 'https://cdn.example.com/v/clip.webm' });
    expect(previewVideo('http://cdn.example.com/v/clip.webm')).toBeNull();
    expect(previewVideo('javascript:alert(1)')).toBeNull();
    expect(previewVideo('/uploads/../secret.mp4')).toBeNull();
    expect(previewVideo('')).toBeNull();
  });
});
