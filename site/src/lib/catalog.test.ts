import { describe, expect, it } from 'vitest';
import {
  catalogHref,
  catalogPager,
  catalogSearch,
  clearCatalogFilters,
  DEFAULT_QUERY,
  hasFilters,
  instructorName,
  isDefaultCatalogQuery,
  levelLabel,
  parseCatalogQuery,
  pathId,
  readCategories,
  readCourse,
  readCourseList,
  styleOptions,
  updateQuery,
} from './catalog.ts';

const ballet = { id: 1, name: 'Ballet' };
const hipHop = { id: 3, name: 'Hip Hop' };

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

describe('links between views', () => {
  it('addresses a view, its pages, and the view without its filters', () => {
    expect(catalogHref(DEFAULT_QUERY)).toBe('/courses');
    expect(isDefaultCatalogQuery(DEFAULT_QUERY)).toBe(true);
    expect(isDefaultCatalogQuery({ ...DEFAULT_QUERY, sort: 'popular' })).toBe(false);
    const view = { ...DEFAULT_QUERY, q: 'tap', level: 'advanced' as const, sort: 'price_asc' as const, page: 2 };
    expect(catalogPager(view, 2, 3)).toEqual({
      pageCount: 3,
      prev: '/courses?q=tap&level=advanced&sort=price_asc',
      next: '/courses?q=tap&level=advanced&sort=price_asc&page=3',
    });
    expect(catalogPager(view, 1, 1)).toEqual({ pageCount: 1, prev: null, next: null });
    // Clearing keeps the sort and starts again at page 1.
    expect(catalogHref(clearCatalogFilters(view))).toBe('/courses?sort=price_asc');
  });

  it('reads the address from a search string or from its parameters alike', () => {
    const search = '?q=ballet&category=Ballet&page=2';
    expect(parseCatalogQuery(new URLSearchParams(search))).toEqual(parseCatalogQuery(search));
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

  it('offers the styles in order, plus a style asked for that is none of them', () => {
    expect(styleOptions([ballet, hipHop], '')).toEqual(['Ballet', 'Hip Hop']);
    expect(styleOptions([ballet, hipHop], 'hip hop')).toEqual(['Ballet', 'Hip Hop']);
    expect(styleOptions([ballet, hipHop], 'Latin')).toEqual(['Ballet', 'Hip Hop', 'Latin']);
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
