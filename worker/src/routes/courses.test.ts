import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, modules, uploads } from '../../../db/schema/index.ts';
import {
  categoryId,
  createCourse,
  createCourseCast,
  createCourseTree,
  createEnrollment,
  createLesson,
  createModule,
  createQuestion,
  createQuiz,
  type CourseCast,
} from '../../../tests/support/course-factories.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import * as sample from '../../../tests/support/file-samples.ts';
import { givePlan } from '../../../tests/support/subscription-factories.ts';
import { createTestApp, type TestApp, read, type ErrorBody } from '../../../tests/support/test-app.ts';
import type { CourseDetail, CourseSummary, LessonView, ManagedCourseItem, Page } from '../../../shared/courses.ts';

/** A word no other course of this file has, to search for one test's courses only. */
const word = () => `w${randomBytes(5).toString('hex')}`;

let t: TestApp;
let cast: CourseCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t?.close());

const get = async <T,>(path: string, token?: string) => {
  const res = await t.json('GET', path, undefined, token);
  return { res, body: await read<T>(res) };
};
const courseRow = async (id: number) => (await t.db.select().from(courses).where(eq(courses.id, id)))[0];

const validDialog = () => ({
  title: 'Teaching Turns to Beginners',
  description: 'How to break down pirouettes for first-year students.',
  price: '19.99',
  status: 'draft',
});

describe('GET /api/courses (public catalog)', () => {
  it('lists published courses only, in the API course shape, with counts', async () => {
    const w = word();
    const ballet = await categoryId(t.db, 'Ballet');
    const { course } = await createCourseTree(t.db, {
      title: `Barre basics ${w}`,
      instructorId: cast.instructor.user.id,
      priceCents: 4900,
      categoryId: ballet,
      difficultyLevel: 'intermediate',
      imageUrl: '/images/barre.jpg',
    });
    await createEnrollment(t.db, cast.student.user.id, course.id);
    await createCourse(t.db, { title: `Draft ${w}`, status: 'draft', instructorId: cast.instructor.user.id });
    await createCourse(t.db, { title: `Archived ${w}`, status: 'archived', instructorId: cast.instructor.user.id });

    const { res, body } = await get<Page<CourseSummary>>(`/api/courses?q=${w}`);
    expect(res.status).toBe(200);
    expect(body.total).toBe(1);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(12);
    expect(body.data).toEqual([
      {
        id: course.id,
        title: `Barre basics ${w}`,
        short_name: null,
        description: course.description,
        instructor_id: cast.instructor.user.id,
        visible: true,
        status: 'published',
        price: 49,
        price_cents: 4900,
        image_url: '/images/barre.jpg',
        video_url: null,
        preview_video_url: null,
        category_id: ballet,
        category: { id: ballet, name: 'Ballet' },
        difficulty_level: 'intermediate',
        duration: null,
        lock_modules: false,
        required_level: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        published_at: expect.any(String),
        instructor: { id: cast.instructor.user.id, first_name: 'Ivan', last_name: 'Teacher', username: cast.instructor.user.username, profile_image_url: null },
        module_count: 1,
        lesson_count: 2,
        enrollment_count: 1,
        rating_average: 0,
        rating_count: 0,
      },
    ]);
  });

  it('searches title and description, case-insensitively, with % and _ taken literally', async () => {
    const w = word();
    const inTitle = await createCourse(t.db, { title: `Waltz ${w.toUpperCase()}` });
    const inDescription = await createCourse(t.db, { description: `Counting in three for ${w} dancers.` });
    await createCourse(t.db, { title: `Nothing to see 100%` });
    const { body } = await get<Page<CourseSummary>>(`/api/courses?q=${w}`);
    expect(body.data.map((c) => c.id).sort()).toEqual([inTitle.id, inDescription.id].sort());
    const literal = await get<Page<CourseSummary>>(`/api/courses?q=${encodeURIComponent(`${w}%`)}`);
    expect(literal.body.total).toBe(0);
  });

  it('searches every word, each in the title, description, style or the instructor’s name', async () => {
    const w = word();
    const tap = await categoryId(t.db, 'Tap');
    const taught = await createCourse(t.db, { title: `Shuffles ${w}`, categoryId: tap, instructorId: cast.otherInstructor.user.id });
    const other = await createCourse(t.db, { title: `Grooves ${w}`, instructorId: cast.instructor.user.id });
    const ids = async (q: string) => (await get<Page<CourseSummary>>(`/api/courses?q=${encodeURIComponent(q)}`)).body.data.map((x) => x.id).sort();
    expect(await ids(`${w} olga`)).toEqual([taught.id]);
    expect(await ids(`OTHER ${w}`)).toEqual([taught.id]);
    expect(await ids(`${w}   tap`)).toEqual([taught.id]);
    expect(await ids(`grooves ${w} teacher`)).toEqual([other.id]);
    expect(await ids(`${w} shuffles grooves`)).toEqual([]);
  });

  it('filters by category id or name, level, price and instructor', async () => {
    const w = word();
    const tap = await categoryId(t.db, 'Tap');
    const hipHop = await categoryId(t.db, 'Hip Hop');
    const a = await createCourse(t.db, { title: `A ${w}`, categoryId: tap, difficultyLevel: 'beginner', priceCents: 0, instructorId: cast.instructor.user.id });
    const b = await createCourse(t.db, { title: `B ${w}`, categoryId: hipHop, difficultyLevel: 'advanced', priceCents: 2900, instructorId: cast.otherInstructor.user.id });
    const c = await createCourse(t.db, { title: `C ${w}`, categoryId: hipHop, difficultyLevel: 'beginner', priceCents: 100, instructorId: cast.instructor.user.id });
    const ids = async (query: string) => (await get<Page<CourseSummary>>(`/api/courses?q=${w}&${query}`)).body.data.map((x) => x.id).sort();

    expect(await ids(`category=${tap}`)).toEqual([a.id]);
    expect(await ids('category=hip%20hop')).toEqual([b.id, c.id].sort());
    expect(await ids('category=Nonexistent')).toEqual([]);
    expect(await ids('level=beginner')).toEqual([a.id, c.id].sort());
    expect(await ids('level=Advanced')).toEqual([b.id]);
    expect(await ids('price=free')).toEqual([a.id]);
    expect(await ids('price=paid')).toEqual([b.id, c.id].sort());
    expect(await ids(`instructor=${cast.otherInstructor.user.id}`)).toEqual([b.id]);
    expect(await ids('category=Hip%20Hop&level=beginner&price=paid')).toEqual([c.id]);
    expect(await ids('level=&price=')).toEqual([a.id, b.id, c.id].sort());
  });

  it('sorts by newest, price both ways and popularity', async () => {
    const w = word();
    const cheap = await createCourse(t.db, { title: `Cheap ${w}`, priceCents: 1000, publishedAt: '2026-01-01T00:00:00.000Z' });
    const dear = await createCourse(t.db, { title: `Dear ${w}`, priceCents: 9000, publishedAt: '2026-03-01T00:00:00.000Z' });
    const mid = await createCourse(t.db, { title: `Mid ${w}`, priceCents: 5000, publishedAt: '2026-02-01T00:00:00.000Z' });
    await createEnrollment(t.db, cast.student.user.id, mid.id);
    await createEnrollment(t.db, cast.instructor.user.id, mid.id);
    await createEnrollment(t.db, cast.student.user.id, cheap.id);
    const order = async (sort: string) => (await get<Page<CourseSummary>>(`/api/courses?q=${w}&sort=${sort}`)).body.data.map((x) => x.id);

    expect(await order('newest')).toEqual([dear.id, mid.id, cheap.id]);
    expect(await order('price_asc')).toEqual([cheap.id, mid.id, dear.id]);
    expect(await order('price_desc')).toEqual([dear.id, mid.id, cheap.id]);
    expect(await order('popular')).toEqual([mid.id, cheap.id, dear.id]);
    expect((await get<Page<CourseSummary>>(`/api/courses?q=${w}`)).body.data.map((x) => x.id)).toEqual([dear.id, mid.id, cheap.id]);
  });

  it('pages', async () => {
    const w = word();
    for (let i = 0; i < 5; i++) await createCourse(t.db, { title: `Paged ${i} ${w}` });
    const first = await get<Page<CourseSummary>>(`/api/courses?q=${w}&pageSize=2&page=1`);
    const third = await get<Page<CourseSummary>>(`/api/courses?q=${w}&pageSize=2&page=3`);
    expect(first.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.body.data).toHaveLength(2);
    expect(third.body.data).toHaveLength(1);
  });

  it.each([
    ['pageSize=101', 'pageSize', 'Page size must be at most 100'],
    ['pageSize=0', 'pageSize', 'Page size must be at least 1'],
    ['page=0', 'page', 'Page must be at least 1'],
    ['page=abc', 'page', 'Page must be a whole number'],
    ['level=expert', 'level', 'Level must be beginner, intermediate or advanced'],
    ['price=cheap', 'price', 'Price must be free or paid'],
    ['sort=random', 'sort', 'Sort must be newest, price_asc, price_desc, popular or rating'],
    ['instructor=abc', 'instructor', 'Instructor must be a user id'],
    ['scope=everything', 'scope', 'Scope must be public or manage'],
    ['status=hidden', 'status', 'Status must be draft, published or archived'],
  ])('answers 400 for %s', async (query, field, message) => {
    const { res, body } = await get<ErrorBody>(`/api/courses?${query}`);
    expect(res.status).toBe(400);
    expect(body.validationErrors?.[field]).toEqual([message]);
  });

  it('ignores a bad token on the public list', async () => {
    const { res } = await get('/api/courses', 'not-a-token');
    expect(res.status).toBe(200);
  });
});

describe('GET /api/courses?scope=manage (course administration list)', () => {
  let w: string;
  let own: { id: number };
  let othersDraft: { id: number };
  let creatorsArchived: { id: number };

  beforeAll(async () => {
    w = word();
    own = await createCourse(t.db, { title: `Own ${w}`, instructorId: cast.instructor.user.id, status: 'published', imageUrl: '/i.png' });
    othersDraft = await createCourse(t.db, { title: `Others ${w}`, instructorId: cast.otherInstructor.user.id, status: 'draft' });
    creatorsArchived = await createCourse(t.db, { title: `Creators ${w}`, instructorId: cast.courseCreator.user.id, status: 'archived' });
  });

  const list = (token?: string, extra = '') => get<Page<ManagedCourseItem> & ErrorBody>(`/api/courses?scope=manage&q=${w}${extra}`, token);

  it('needs a user: 401 without one and "Invalid token" for a bad one', async () => {
    expect((await list()).res.status).toBe(401);
    const bad = await list('bad-token');
    expect(bad.res.status).toBe(401);
    expect(bad.body.message).toBe('Invalid token');
  });

  it.each(['student', 'curriculumAdmin'] as const)('refuses %s with 403', async (who) => {
    expect((await list(cast[who].token)).res.status).toBe(403);
  });

  it.each(['admin', 'instructorAdmin'] as const)('shows %s every course in any status', async (who) => {
    const { res, body } = await list(cast[who].token);
    expect(res.status).toBe(200);
    expect(body.data.map((c) => c.id).sort()).toEqual([own.id, othersDraft.id, creatorsArchived.id].sort());
    expect(body.data.map((c) => c.status).sort()).toEqual(['archived', 'draft', 'published']);
  });

  it('shows an INSTRUCTOR and a COURSE_CREATOR only their own courses', async () => {
    expect((await list(cast.instructor.token)).body.data.map((c) => c.id)).toEqual([own.id]);
    expect((await list(cast.courseCreator.token)).body.data.map((c) => c.id)).toEqual([creatorsArchived.id]);
  });

  it('answers the admin list entry shape, with canManage per viewer', async () => {
    const { body } = await list(cast.instructorAdmin.token, '&status=published');
    expect(body.data).toEqual([
      {
        id: own.id,
        title: `Own ${w}`,
        description: expect.any(String),
        price: 0,
        status: 'published',
        visible: true,
        imageUrl: '/i.png',
        moduleCount: 0,
        lessonCount: 0,
        enrollmentCount: 0,
        instructorId: cast.instructor.user.id,
        instructorName: 'Ivan Teacher',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        fullVideoUrl: null,
        previewVideoUrl: null,
        requiredLevel: 0,
        canManage: false,
      },
    ]);
    expect((await list(cast.admin.token, '&status=published')).body.data[0]?.canManage).toBe(true);
    expect((await list(cast.instructor.token)).body.data[0]?.canManage).toBe(true);
  });
});

describe('GET /api/courses/{id}', () => {
  it('answers a published course with modules and lessons in position order, as an outline for the public', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, detailedDescription: 'Long text' });
    const second = await createModule(t.db, course.id, { position: 2, title: 'Second' });
    const first = await createModule(t.db, course.id, { position: 1, title: 'First' });
    const l2 = await createLesson(t.db, first.id, { position: 2, title: 'Later', type: 'video', content: 'https://youtu.be/x' });
    const l1 = await createLesson(t.db, first.id, { position: 1, title: 'Sooner', type: 'quiz' });
    const quiz = await createQuiz(t.db, l1.id, { title: 'Check', passScore: 80 });
    await createQuestion(t.db, quiz.id);
    await createQuestion(t.db, quiz.id);

    const { res, body } = await get<CourseDetail>(`/api/courses/${course.id}`);
    expect(res.status).toBe(200);
    expect(body.detailed_description).toBe('Long text');
    expect(body.instructor).toMatchObject({ first_name: 'Ivan', last_name: 'Teacher' });
    expect(body.enrollment_count).toBe(0);
    expect(body.modules.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(body.modules[0]).toMatchObject({ course_id: course.id, title: 'First', order: 1, position: 1, lessonCount: 2 });
    expect(body.modules[0]!.lessons).toEqual([
      {
        id: l1.id,
        module_id: first.id,
        title: 'Sooner',
        type: 'quiz',
        order: 1,
        position: 1,
        quiz: { id: quiz.id, title: 'Check', passScore: 80, questionCount: 2 },
        quizzes: [{ id: quiz.id, title: 'Check', passScore: 80, questionCount: 2 }],
      },
      { id: l2.id, module_id: first.id, title: 'Later', type: 'video', order: 2, position: 2, quiz: null, quizzes: [] },
    ]);
    expect(body.modules[1]!.lessons).toEqual([]);
  });

  it('includes lesson content for the course manager', async () => {
    const { course, lesson } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const { body } = await get<CourseDetail<LessonView>>(`/api/courses/${course.id}`, cast.instructor.token);
    const found = body.modules[0]!.lessons.find((l) => l.id === lesson.id)!;
    expect(found.content).toBe(lesson.content);
    expect(found.description).toBe(lesson.description);
    const publicView = await get<CourseDetail<LessonView>>(`/api/courses/${course.id}`, cast.student.token);
    expect(publicView.body.modules[0]!.lessons[0]).not.toHaveProperty('content');
  });

  it.each(['draft', 'archived'] as const)('hides a %s course from the public, students and other instructors (404)', async (status) => {
    const course = await createCourse(t.db, { status, instructorId: cast.instructor.user.id });
    for (const token of [undefined, cast.student.token, cast.otherInstructor.token, cast.courseCreator.token, cast.curriculumAdmin.token]) {
      const { res, body } = await get<ErrorBody>(`/api/courses/${course.id}`, token);
      expect(res.status).toBe(404);
      expect(body.message).toBe('Course not found');
    }
    for (const token of [cast.instructor.token, cast.admin.token, cast.instructorAdmin.token]) {
      const { res, body } = await get<CourseDetail>(`/api/courses/${course.id}`, token);
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ status, visible: false });
    }
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect((await get('/api/courses/99999999')).res.status).toBe(404);
    for (const id of ['abc', '0', '-1', '1e3', '1.5']) {
      const { res, body } = await get<ErrorBody>(`/api/courses/${id}`);
      expect(res.status).toBe(400);
      expect(body.message).toBe('Invalid id');
    }
  });
});

describe('POST /api/courses', () => {
  it('needs a signed-in instructor or admin', async () => {
    expect((await t.json('POST', '/api/courses', validDialog())).status).toBe(401);
    for (const who of ['student', 'curriculumAdmin'] as const) {
      const res = await t.json('POST', '/api/courses', validDialog(), cast[who].token);
      expect(res.status).toBe(403);
      expect((await read<ErrorBody>(res)).message).toBe('Only instructors and admins can manage courses');
    }
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.request('/api/courses', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.instructor.token}` },
      body: '{"title": ',
    });
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).message).toBe('Malformed JSON in request body');
  });

  it("checks the dialog's fields with the forms' fixed messages", async () => {
    const res = await t.json('POST', '/api/courses', { title: 'ab', description: 'short', price: '-5', status: 'hidden' }, cast.instructor.token);
    expect(res.status).toBe(400);
    const body = await read<ErrorBody>(res);
    expect(body.message).toBe('Title must be at least 3 characters');
    expect(body.validationErrors).toEqual({
      title: ['Title must be at least 3 characters'],
      description: ['Description must be at least 10 characters'],
      price: ['Price must be a non-negative number'],
      status: ['Status must be draft, published or archived'],
    });
  });

  it.each(['abc', '', '1e3', -1, '$5'])('refuses the price %j', async (price) => {
    const res = await t.json('POST', '/api/courses', { ...validDialog(), price }, cast.instructor.token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({ price: ['Price must be a non-negative number'] });
  });

  it('refuses missing title and description with the same messages, and trims before counting', async () => {
    const res = await t.json('POST', '/api/courses', { title: '  ab  ', price: '0' }, cast.instructor.token);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      title: ['Title must be at least 3 characters'],
      description: ['Description must be at least 10 characters'],
    });
  });

  it('creates a draft for the instructor with the price in cents, answering 201 and the course', async () => {
    const res = await t.json('POST', '/api/courses', validDialog(), cast.instructor.token);
    expect(res.status).toBe(201);
    const body = await read<CourseDetail>(res);
    expect(body).toMatchObject({
      title: 'Teaching Turns to Beginners',
      status: 'draft',
      visible: false,
      price: 19.99,
      price_cents: 1999,
      instructor_id: cast.instructor.user.id,
      published_at: null,
      modules: [],
      difficulty_level: 'beginner',
    });
    expect((await courseRow(body.id))?.priceCents).toBe(1999);
  });

  it("defaults to price '0' and draft and accepts a number price", async () => {
    const res = await t.json('POST', '/api/courses', { title: 'Free Class', description: 'Free for everybody, always.' }, cast.instructor.token);
    expect(await read<CourseDetail>(res)).toMatchObject({ price: 0, price_cents: 0, status: 'draft' });
    const numeric = await t.json('POST', '/api/courses', { ...validDialog(), price: 29 }, cast.instructor.token);
    expect(await read<CourseDetail>(numeric)).toMatchObject({ price: 29, price_cents: 2900 });
  });

  it("stores the wizard's dance style, level and detailed description, so the style filter finds the course", async () => {
    const w = word();
    const salsa = await categoryId(t.db, 'Latin');
    const res = await t.json(
      'POST',
      '/api/courses',
      { ...validDialog(), title: `Salsa ${w}`, category_id: salsa, difficulty_level: 'intermediate', detailed_description: 'Week by week: basic step, turns, shines.' },
      cast.instructor.token,
    );
    expect(res.status).toBe(201);
    const body = await read<CourseDetail>(res);
    expect(body).toMatchObject({ category_id: salsa, difficulty_level: 'intermediate', detailed_description: 'Week by week: basic step, turns, shines.' });
    expect(await courseRow(body.id)).toMatchObject({ categoryId: salsa, difficultyLevel: 'intermediate', detailedDescription: 'Week by week: basic step, turns, shines.' });
    await t.json('PATCH', `/api/courses/${body.id}`, { status: 'published' }, cast.instructor.token);
    const found = await get<Page<CourseSummary>>(`/api/courses?q=${w}&category=latin&level=intermediate`);
    expect(found.body.data.map((c) => c.id)).toEqual([body.id]);
    const refused = await t.json('POST', '/api/courses', { ...validDialog(), difficulty_level: 'expert' }, cast.instructor.token);
    expect(refused.status).toBe(400);
  });

  it('stamps published_at when created published', async () => {
    const res = await t.json('POST', '/api/courses', { ...validDialog(), status: 'published' }, cast.instructor.token);
    const body = await read<CourseDetail>(res);
    expect(body).toMatchObject({ status: 'published', visible: true });
    expect(body.published_at).toEqual(expect.any(String));
  });

  it('makes non-admins the instructor whatever instructorId they send', async () => {
    const res = await t.json('POST', '/api/courses', { ...validDialog(), instructorId: cast.otherInstructor.user.id }, cast.instructor.token);
    expect((await read<CourseDetail>(res)).instructor_id).toBe(cast.instructor.user.id);
  });

  it('lets ADMIN choose an instructor, and refuses one who is not an instructor', async () => {
    const res = await t.json('POST', '/api/courses', { ...validDialog(), instructorId: cast.otherInstructor.user.id }, cast.admin.token);
    expect(res.status).toBe(201);
    expect((await read<CourseDetail>(res)).instructor_id).toBe(cast.otherInstructor.user.id);
    const own = await t.json('POST', '/api/courses', { ...validDialog(), instructorId: null }, cast.admin.token);
    expect((await read<CourseDetail>(own)).instructor_id).toBe(cast.admin.user.id);
    for (const instructorId of [cast.student.user.id, 99999999]) {
      const bad = await t.json('POST', '/api/courses', { ...validDialog(), instructorId }, cast.admin.token);
      expect(bad.status).toBe(400);
      expect((await read<ErrorBody>(bad)).validationErrors).toEqual({ instructorId: ['Instructor not found'] });
    }
    const wrongType = await t.json('POST', '/api/courses', { ...validDialog(), instructorId: 'me' }, cast.admin.token);
    expect((await read<ErrorBody>(wrongType)).validationErrors).toEqual({ instructorId: ['Choose an instructor from the list'] });
  });

  it('takes the video URLs and the optional edit page fields', async () => {
    const latin = await categoryId(t.db, 'Latin');
    const res = await t.json(
      'POST',
      '/api/courses',
      {
        ...validDialog(),
        fullVideoUrl: 'https://www.youtube.com/watch?v=abc',
        previewVideoUrl: '',
        short_name: 'TT',
        category_id: latin,
        difficulty_level: 'advanced',
        duration: '6 weeks',
        imageUrl: '/uploads/courses/x.png',
        lock_modules: true,
      },
      cast.instructor.token,
    );
    expect(res.status).toBe(201);
    expect(await read<CourseDetail>(res)).toMatchObject({
      video_url: 'https://www.youtube.com/watch?v=abc',
      preview_video_url: null,
      short_name: 'TT',
      category: { id: latin, name: 'Latin' },
      difficulty_level: 'advanced',
      duration: '6 weeks',
      image_url: '/uploads/courses/x.png',
      lock_modules: true,
    });
  });

  it('refuses links that are not http(s) or a site path, and an unknown category', async () => {
    const res = await t.json(
      'POST',
      '/api/courses',
      { ...validDialog(), fullVideoUrl: 'javascript:alert(1)', imageUrl: '//evil.example/x.png' },
      cast.instructor.token,
    );
    expect(res.status).toBe(400);
    expect(Object.keys((await read<ErrorBody>(res)).validationErrors ?? {}).sort()).toEqual(['fullVideoUrl', 'imageUrl']);
    const category = await t.json('POST', '/api/courses', { ...validDialog(), category_id: 99999999 }, cast.instructor.token);
    expect(category.status).toBe(400);
    expect((await read<ErrorBody>(category)).validationErrors).toEqual({ category_id: ['Category not found'] });
  });
});

describe('PATCH /api/courses/{id}', () => {
  it('changes only the given fields, including imageUrl, and refreshes updated_at', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, status: 'draft', updatedAt: '2020-01-01T00:00:00.000Z', priceCents: 500 });
    const res = await t.json('PATCH', `/api/courses/${course.id}`, { imageUrl: '/uploads/courses/a.png', price: '12.50' }, cast.instructor.token);
    expect(res.status).toBe(200);
    const body = await read<CourseDetail>(res);
    expect(body).toMatchObject({ image_url: '/uploads/courses/a.png', price: 12.5, title: course.title, status: 'draft' });
    expect(body.updated_at > '2020-01-01T00:00:00.000Z').toBe(true);
    const snake = await t.json('PATCH', `/api/courses/${course.id}`, { image_url: null }, cast.instructor.token);
    expect((await read<CourseDetail>(snake)).image_url).toBeNull();
  });

  it('publishes (stamping published_at once), archives and drafts', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, status: 'draft' });
    const published = await read<CourseDetail>(await t.json('PATCH', `/api/courses/${course.id}`, { status: 'published' }, cast.instructor.token));
    expect(published).toMatchObject({ status: 'published', visible: true });
    expect(published.published_at).toEqual(expect.any(String));
    const again = await read<CourseDetail>(await t.json('PATCH', `/api/courses/${course.id}`, { status: 'published', title: 'Renamed course' }, cast.instructor.token));
    expect(again.published_at).toBe(published.published_at);
    const archived = await read<CourseDetail>(await t.json('PATCH', `/api/courses/${course.id}`, { status: 'archived' }, cast.instructor.token));
    expect(archived).toMatchObject({ status: 'archived', visible: false });
    expect((await get(`/api/courses/${course.id}`)).res.status).toBe(404);
  });

  it("checks changed fields with the forms' fixed messages", async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('PATCH', `/api/courses/${course.id}`, { title: 'ab', price: 'free' }, cast.instructor.token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      title: ['Title must be at least 3 characters'],
      price: ['Price must be a non-negative number'],
    });
  });

  it("refuses another instructor's course (403) and changes nothing, even for INSTRUCTOR_ADMIN", async () => {
    const course = await createCourse(t.db, { instructorId: cast.otherInstructor.user.id, title: 'Not yours' });
    const before = await courseRow(course.id);
    for (const who of ['instructor', 'instructorAdmin', 'courseCreator'] as const) {
      const res = await t.json('PATCH', `/api/courses/${course.id}`, { title: 'Stolen course' }, cast[who].token);
      expect(res.status).toBe(403);
      expect((await read<ErrorBody>(res)).message).toBe('You can only manage your own courses');
    }
    expect(await courseRow(course.id)).toEqual(before);
  });

  it('answers 401, 403, 404 and 400 as it should', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    expect((await t.json('PATCH', `/api/courses/${course.id}`, { title: 'Anonymous' })).status).toBe(401);
    expect((await t.json('PATCH', `/api/courses/${course.id}`, { title: 'Student' }, cast.student.token)).status).toBe(403);
    expect((await t.json('PATCH', '/api/courses/99999999', { title: 'Nobody' }, cast.admin.token)).status).toBe(404);
    expect((await t.json('PATCH', '/api/courses/abc', { title: 'Nobody' }, cast.admin.token)).status).toBe(400);
  });

  it('ignores a non-admin handing the course to someone else; lets ADMIN reassign', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    await t.json('PATCH', `/api/courses/${course.id}`, { instructorId: cast.otherInstructor.user.id }, cast.instructor.token);
    expect((await courseRow(course.id))?.instructorId).toBe(cast.instructor.user.id);
    const res = await t.json('PATCH', `/api/courses/${course.id}`, { instructorId: cast.otherInstructor.user.id }, cast.admin.token);
    expect((await read<CourseDetail>(res)).instructor_id).toBe(cast.otherInstructor.user.id);
  });
});

describe('PUT /api/courses/{id} (admin edit page)', () => {
  const editPage = (extra: Record<string, unknown> = {}) => ({
    title: 'Contemporary Floor Work',
    short_name: 'CFW',
    description: 'Release technique and floor work for advanced teachers.',
    detailed_description: '## Week 1\nSpirals',
    price: '79',
    category_id: null,
    instructor_id: null,
    difficulty_level: 'advanced',
    duration: '8 weeks',
    visible: true,
    video_url: 'https://www.youtube.com/watch?v=full',
    preview_video_url: 'https://www.youtube.com/watch?v=preview',
    image_url: '',
    ...extra,
  });

  it("checks the page's fields with the forms' fixed messages", async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('PUT', `/api/courses/${course.id}`, editPage({ title: 'Tap', short_name: 'T', description: 'Too short' }), cast.instructor.token);
    expect(res.status).toBe(400);
    expect((await read<ErrorBody>(res)).validationErrors).toEqual({
      title: ['Title must be at least 5 characters'],
      short_name: ['Short name must be at least 2 characters'],
      description: ['Description must be at least 20 characters'],
    });
  });

  it('saves every field; visible true publishes and an empty image URL means none', async () => {
    const modern = await categoryId(t.db, 'Modern');
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, status: 'draft', imageUrl: '/old.png' });
    const res = await t.json('PUT', `/api/courses/${course.id}`, editPage({ category_id: modern }), cast.instructor.token);
    expect(res.status).toBe(200);
    const body = await read<CourseDetail>(res);
    expect(body).toMatchObject({
      title: 'Contemporary Floor Work',
      short_name: 'CFW',
      detailed_description: '## Week 1\nSpirals',
      price: 79,
      price_cents: 7900,
      category: { id: modern, name: 'Modern' },
      instructor_id: cast.instructor.user.id,
      difficulty_level: 'advanced',
      duration: '8 weeks',
      visible: true,
      status: 'published',
      video_url: 'https://www.youtube.com/watch?v=full',
      preview_video_url: 'https://www.youtube.com/watch?v=preview',
      image_url: null,
    });
    expect(body.published_at).toEqual(expect.any(String));
  });

  it('takes the first of a categories list, and defaults the level to beginner', async () => {
    const jazz = await categoryId(t.db, 'Jazz');
    const swing = await categoryId(t.db, 'Swing');
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    const { category_id: _omit, ...rest } = editPage({ difficulty_level: null });
    const res = await t.json('PUT', `/api/courses/${course.id}`, { ...rest, categories: [{ id: jazz }, { id: swing }] }, cast.instructor.token);
    expect(await read<CourseDetail>(res)).toMatchObject({ category_id: jazz, difficulty_level: 'beginner' });
  });

  it.each([
    ['draft', false, 'draft'],
    ['published', false, 'draft'],
    ['archived', false, 'archived'],
    ['archived', true, 'published'],
    ['draft', true, 'published'],
  ] as const)('maps a %s course with visible %s to %s', async (from, visible, to) => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, status: from });
    const res = await t.json('PUT', `/api/courses/${course.id}`, editPage({ visible }), cast.instructor.token);
    expect((await read<CourseDetail>(res)).status).toBe(to);
  });

  it('treats a missing visible as false (its default)', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id, status: 'published' });
    const { visible: _v, ...rest } = editPage();
    const res = await t.json('PUT', `/api/courses/${course.id}`, rest, cast.instructor.token);
    expect((await read<CourseDetail>(res)).status).toBe('draft');
  });

  it("refuses another instructor's course and changes nothing", async () => {
    const course = await createCourse(t.db, { instructorId: cast.otherInstructor.user.id });
    const before = await courseRow(course.id);
    const res = await t.json('PUT', `/api/courses/${course.id}`, editPage(), cast.instructor.token);
    expect(res.status).toBe(403);
    expect(await courseRow(course.id)).toEqual(before);
  });

  it('lets ADMIN edit any course', async () => {
    const course = await createCourse(t.db, { instructorId: cast.otherInstructor.user.id });
    const res = await t.json('PUT', `/api/courses/${course.id}`, editPage({ price: 10 }), cast.admin.token);
    expect(res.status).toBe(200);
    expect((await read<CourseDetail>(res)).price_cents).toBe(1000);
  });
});

describe('DELETE /api/courses/{id}', () => {
  it('deletes the course with its modules and answers a message', async () => {
    const { course, module } = await createCourseTree(t.db, { instructorId: cast.instructor.user.id });
    const res = await t.json('DELETE', `/api/courses/${course.id}`, undefined, cast.instructor.token);
    expect(res.status).toBe(200);
    expect(await read<ErrorBody>(res)).toEqual({ message: 'Course deleted successfully' });
    expect(await courseRow(course.id)).toBeUndefined();
    expect(await t.db.select().from(modules).where(eq(modules.id, module.id))).toEqual([]);
  });

  it("refuses another instructor's course, students and anonymous callers; nothing is deleted", async () => {
    const course = await createCourse(t.db, { instructorId: cast.otherInstructor.user.id });
    expect((await t.json('DELETE', `/api/courses/${course.id}`, undefined, cast.instructor.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/courses/${course.id}`, undefined, cast.instructorAdmin.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/courses/${course.id}`, undefined, cast.student.token)).status).toBe(403);
    expect((await t.json('DELETE', `/api/courses/${course.id}`)).status).toBe(401);
    expect(await courseRow(course.id)).toBeDefined();
  });

  it('refuses a course with enrolments (409) and keeps it', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    await createEnrollment(t.db, cast.student.user.id, course.id);
    const res = await t.json('DELETE', `/api/courses/${course.id}`, undefined, cast.admin.token);
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe('This course has 1 enrollment(s) and cannot be deleted; archive it instead.');
    expect(await courseRow(course.id)).toBeDefined();
  });

  it('answers 404 for an unknown course and 400 for a bad id', async () => {
    expect((await t.json('DELETE', '/api/courses/99999999', undefined, cast.admin.token)).status).toBe(404);
    expect((await t.json('DELETE', '/api/courses/x1', undefined, cast.admin.token)).status).toBe(400);
  });
});

describe('POST /api/upload/course', () => {
  const MB = 1024 * 1024;
  const form = (fields: Record<string, string | File>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return body;
  };
  const png = () => new File([sample.png], 'cover.png', { type: 'image/png' });
  const upload = (body: FormData, token?: string) =>
    t.request('/api/upload/course', { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("stores the image and sets the course's image_url", async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    const res = await upload(form({ file: png(), entityType: 'course', entityId: String(course.id) }), cast.instructor.token);
    expect(res.status).toBe(201);
    const body = await read<{ url: string; image_url: string; file_url: string; fileId: number; mimetype: string; course: CourseDetail }>(res);
    expect(body.url).toMatch(/^\/uploads\/courses\/[0-9a-f-]{36}\.png$/);
    expect(body).toMatchObject({ image_url: body.url, file_url: body.url, mimetype: 'image/png', size: sample.png.length, original_name: 'cover.png' });
    expect(body.course.image_url).toBe(body.url);
    expect((await courseRow(course.id))?.imageUrl).toBe(body.url);
    const served = await t.request(body.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sample.png);
    expect((await t.db.select().from(uploads).where(eq(uploads.id, body.fileId)))[0]?.userId).toBe(cast.instructor.user.id);
  });

  it('takes images only (415) and at most 5 MB (413)', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    const pdf = await upload(form({ file: new File([sample.pdf], 'cover.png'), entityType: 'course', entityId: String(course.id) }), cast.instructor.token);
    expect(pdf.status).toBe(415);
    expect((await read<ErrorBody>(pdf)).message).toBe('Invalid file type');
    const big = new File([sample.sized(sample.png, 5 * MB + 1)], 'big.png', { type: 'image/png' });
    const large = await upload(form({ file: big, entityType: 'course', entityId: String(course.id) }), cast.instructor.token);
    expect(large.status).toBe(413);
    expect((await read<ErrorBody>(large)).message).toBe('File too large');
    expect((await courseRow(course.id))?.imageUrl).toBeNull();
  });

  it("refuses another instructor's course, students and anonymous callers", async () => {
    const course = await createCourse(t.db, { instructorId: cast.otherInstructor.user.id });
    const fields = () => form({ file: png(), entityType: 'course', entityId: String(course.id) });
    expect((await upload(fields(), cast.instructor.token)).status).toBe(403);
    expect((await upload(fields(), cast.student.token)).status).toBe(403);
    expect((await upload(fields())).status).toBe(401);
    expect((await courseRow(course.id))?.imageUrl).toBeNull();
  });

  it('checks entityType, entityId and the file', async () => {
    const course = await createCourse(t.db, { instructorId: cast.instructor.user.id });
    const type = await upload(form({ file: png(), entityType: 'user', entityId: String(course.id) }), cast.instructor.token);
    expect(type.status).toBe(400);
    const id = await upload(form({ file: png(), entityType: 'course', entityId: 'abc' }), cast.instructor.token);
    expect(id.status).toBe(400);
    const unknown = await upload(form({ file: png(), entityType: 'course', entityId: '99999999' }), cast.instructor.token);
    expect(unknown.status).toBe(404);
    const none = await upload(form({ entityType: 'course', entityId: String(course.id) }), cast.instructor.token);
    expect(none.status).toBe(400);
    expect((await read<ErrorBody>(none)).message).toBe('No file uploaded');
  });
});

describe('a fresh instructor', () => {
  it('builds a course that appears in the catalog once published', async () => {
    const { user, token } = await createSignedInUser(t.db, { roles: ['COURSE_CREATOR'] });
    // Writing courses as a non-admin instructor needs the Course Administration gate (Educator, decision 0031).
    await givePlan(t.db, user.id, 'educator');
    const w = word();
    const created = await read<CourseDetail>(await t.json('POST', '/api/courses', { ...validDialog(), title: `Journey ${w}` }, token));
    expect((await get<Page<CourseSummary>>(`/api/courses?q=${w}`)).body.total).toBe(0);
    await t.json('PATCH', `/api/courses/${created.id}`, { status: 'published' }, token);
    expect((await get<Page<CourseSummary>>(`/api/courses?q=${w}`)).body.data.map((c) => c.id)).toEqual([created.id]);
  });
});
