import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, enrollments, lessonProgress } from '../../../db/schema/index.ts';
import { createAdmin, createSignedInUser, signIn, type FactoryUser } from '../../../tests/support/factories.ts';
import { answersFor, buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp, read } from '../../../tests/support/test-app.ts';
import { ensureDefaultCertificateTemplate } from '../services/certificates.ts';
import type { AttemptResult } from '../../../shared/quiz-attempts.ts';
import type { CompletionView, LessonView, PlayerData } from '../../../shared/learning.ts';

const LOCKED = "This module is locked until you pass the previous module's quizzes.";

describe('learning', () => {
  let t: TestApp;
  let instructor: { user: FactoryUser; token: string };
  let adminToken: string;

  const get = (path: string, token?: string) => t.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const post = (path: string, body: unknown, token: string) => t.json('POST', path, body, token);

  /** A signed-in learner enrolled in the course. */
  async function learnerIn(course: BuiltCourse) {
    const learner = await createSignedInUser(t.db);
    const res = await post('/api/enrollments', { courseId: course.id }, learner.token);
    expect(res.status).toBe(201);
    return learner;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await ensureDefaultCertificateTemplate(t.db);
    instructor = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    adminToken = await signIn(t.db, (await createAdmin(t.db)).id);
  });
  afterAll(() => t.close());

  describe('GET /api/learn/courses/{courseId}', () => {
    it('gives the outline in order with progress, resume point and no certificate yet', async () => {
      const course = await buildCourse(t.db, {
        instructorId: instructor.user.id,
        modules: [{ lessons: [{ type: 'text' }, { type: 'video' }] }, { lessons: [{ type: 'quiz' }] }],
      });
      const learner = await learnerIn(course);
      await post(`/api/learn/lessons/${course.lessons[0]!.id}/complete`, {}, learner.token);
      const res = await get(`/api/learn/courses/${course.id}`, learner.token);
      expect(res.status).toBe(200);
      const body = await read<PlayerData>(res);
      expect(body.course).toMatchObject({ id: course.id, title: course.title, lock_modules: false });
      expect(body.preview).toBe(false);
      expect(body.modules.map((m) => m.id)).toEqual(course.modules.map((m) => m.id));
      expect(body.modules.flatMap((m) => m.lessons.map((l) => [l.id, l.type, l.completed]))).toEqual([
        [course.lessons[0]!.id, 'text', true],
        [course.lessons[1]!.id, 'video', false],
        [course.lessons[2]!.id, 'quiz', false],
      ]);
      expect(body.modules[1]!.lessons[0]!.quizzes).toEqual([{ id: course.quizzes[0]!.id, title: expect.any(String), passed: false }]);
      expect(body).toMatchObject({ progress_percent: 33, completed_lessons: 1, total_lessons: 3, completed: false, certificate: null });
      expect(body.resume_lesson_id).toBe(course.lessons[1]!.id);
      expect(body.modules.every((m) => m.locked === false)).toBe(true);
    });

    it('refuses someone not enrolled (403) and answers 404 for an unknown course', async () => {
      const course = await buildCourse(t.db);
      const stranger = await createSignedInUser(t.db);
      const res = await get(`/api/learn/courses/${course.id}`, stranger.token);
      expect(res.status).toBe(403);
      expect(await read<{ message: string }>(res)).toEqual({ message: 'You are not enrolled in this course.' });
      expect((await get('/api/learn/courses/999999', stranger.token)).status).toBe(404);
      expect((await get(`/api/learn/courses/${course.id}`)).status).toBe(401);
    });

    it("lets the course's instructor and an admin preview without enrolling; another instructor is refused", async () => {
      const course = await buildCourse(t.db, { instructorId: instructor.user.id, status: 'draft' });
      for (const token of [instructor.token, adminToken]) {
        const res = await get(`/api/learn/courses/${course.id}`, token);
        expect(res.status).toBe(200);
        expect(await read<PlayerData>(res)).toMatchObject({ preview: true, enrollment: null });
      }
      const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
      expect((await get(`/api/learn/courses/${course.id}`, other.token)).status).toBe(403);
    });

    it('flags locked modules when the course locks them', async () => {
      const course = await buildCourse(t.db, {
        lockModules: true,
        modules: [{ lessons: [{ type: 'quiz' }] }, { lessons: [{ type: 'text' }] }, { lessons: [{ type: 'text' }] }],
      });
      const learner = await learnerIn(course);
      const body = await read<PlayerData>(await get(`/api/learn/courses/${course.id}`, learner.token));
      expect(body.modules.map((m) => m.locked)).toEqual([false, true, true]);
    });
  });

  describe('GET /api/learn/lessons/{lessonId}', () => {
    it('renders markdown on the server with raw HTML as text and only safe links', async () => {
      const course = await buildCourse(t.db, {
        modules: [
          {
            lessons: [
              {
                type: 'text',
                content:
                  '# Warm-up\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) [good](https://example.com/a) ![img](data:text/html;base64,xx)\n\nVisit https://drx.example/help',
              },
            ],
          },
        ],
      });
      const learner = await learnerIn(course);
      const res = await get(`/api/learn/lessons/${course.lessons[0]!.id}`, learner.token);
      expect(res.status).toBe(200);
      const lesson = await read<LessonView>(res);
      expect(lesson.content_html).toContain('<h1>Warm-up</h1>');
      expect(lesson.content_html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(lesson.content_html).not.toContain('<script');
      expect(lesson.content_html).not.toMatch(/href="javascript:/i);
      expect(lesson.content_html).not.toContain('src="data:');
      expect(lesson.content_html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">good</a>');
      expect(lesson.content_html).toContain('<a href="https://drx.example/help"');
      expect(lesson.video).toBeNull();
    });

    it('gives a YouTube lesson as a privacy-enhanced embed and an uploaded video as a file', async () => {
      const course = await buildCourse(t.db, {
        modules: [
          {
            lessons: [
              { type: 'video', content: 'https://youtu.be/dQw4w9WgXcQ' },
              { type: 'video', content: '/uploads/1b2c3d.mp4' },
            ],
          },
        ],
      });
      const learner = await learnerIn(course);
      const yt = await read<LessonView>(await get(`/api/learn/lessons/${course.lessons[0]!.id}`, learner.token));
      expect(yt.video).toEqual({ kind: 'embed', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', provider: 'youtube' });
      expect(yt.content_html).toBeNull();
      const file = await read<LessonView>(await get(`/api/learn/lessons/${course.lessons[1]!.id}`, learner.token));
      expect(file.video).toEqual({ kind: 'file', url: '/uploads/1b2c3d.mp4' });
    });

    it('gives previous and next across modules, the quizzes with best score, and records the resume point', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'text' }] }, { lessons: [{ type: 'quiz' }, { type: 'text' }] }] });
      const learner = await learnerIn(course);
      const quiz = course.quizzes[0]!;
      await post(`/api/learn/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz, 2) }, learner.token);
      const res = await get(`/api/learn/lessons/${course.lessons[1]!.id}`, learner.token);
      const lesson = await read<LessonView>(res);
      expect(lesson).toMatchObject({
        id: course.lessons[1]!.id,
        module_id: course.modules[1]!.id,
        course_id: course.id,
        type: 'quiz',
        prev_lesson_id: course.lessons[0]!.id,
        next_lesson_id: course.lessons[2]!.id,
        completed: false,
      });
      expect(lesson.quizzes).toEqual([
        {
          id: quiz.id,
          title: expect.any(String),
          description: 'Test your knowledge of this lesson',
          pass_score: 70,
          question_count: 3,
          best_score: 33,
          attempts: 1,
          passed: false,
        },
      ]);
      const [row] = await t.db
        .select({ last: enrollments.lastLessonId })
        .from(enrollments)
        .where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, course.id)));
      expect(row!.last).toBe(course.lessons[1]!.id);
      const player = await read<PlayerData>(await get(`/api/learn/courses/${course.id}`, learner.token));
      expect(player.resume_lesson_id).toBe(course.lessons[1]!.id);
    });

    it('refuses a lesson of a locked module with the message, and opens it once the quizzes before are passed', async () => {
      const course = await buildCourse(t.db, { lockModules: true, modules: [{ lessons: [{ type: 'quiz' }] }, { lessons: [{ type: 'text' }] }] });
      const learner = await learnerIn(course);
      const lockedLesson = course.lessons[1]!.id;
      const refused = await get(`/api/learn/lessons/${lockedLesson}`, learner.token);
      expect(refused.status).toBe(403);
      expect(await read<{ message: string }>(refused)).toEqual({ message: LOCKED });
      const complete = await post(`/api/learn/lessons/${lockedLesson}/complete`, {}, learner.token);
      expect(complete.status).toBe(403);
      expect(await read<{ message: string }>(complete)).toEqual({ message: LOCKED });
      const first = await read<LessonView>(await get(`/api/learn/lessons/${course.lessons[0]!.id}`, learner.token));
      expect(first.next_locked).toBe(true);

      await post(`/api/learn/quizzes/${course.quizzes[0]!.id}/attempts`, { answers: answersFor(course.quizzes[0]!) }, learner.token);
      expect((await get(`/api/learn/lessons/${lockedLesson}`, learner.token)).status).toBe(200);
    });

    it("lets the course's manager open a locked lesson in preview without recording anything", async () => {
      const course = await buildCourse(t.db, {
        instructorId: instructor.user.id,
        lockModules: true,
        modules: [{ lessons: [{ type: 'quiz' }] }, { lessons: [{ type: 'text' }] }],
      });
      const res = await get(`/api/learn/lessons/${course.lessons[1]!.id}`, instructor.token);
      expect(res.status).toBe(200);
      expect(await read<LessonView>(res)).toMatchObject({ preview: true });
      const done = await post(`/api/learn/lessons/${course.lessons[1]!.id}/complete`, {}, instructor.token);
      expect(done.status).toBe(403);
    });

    it('refuses someone not enrolled and answers 404 for an unknown lesson', async () => {
      const course = await buildCourse(t.db);
      const stranger = await createSignedInUser(t.db);
      expect((await get(`/api/learn/lessons/${course.lessons[0]!.id}`, stranger.token)).status).toBe(403);
      expect((await get('/api/learn/lessons/999999', stranger.token)).status).toBe(404);
      expect((await get('/api/learn/lessons/abc', stranger.token)).status).toBe(400);
    });
  });

  describe('POST /api/learn/lessons/{lessonId}/complete', () => {
    it('marks a lesson complete, idempotently, and answers the progress', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'text' }, { type: 'text' }, { type: 'video' }] }] });
      const learner = await learnerIn(course);
      const lessonId = course.lessons[0]!.id;
      for (let i = 0; i < 2; i++) {
        const res = await post(`/api/learn/lessons/${lessonId}/complete`, {}, learner.token);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          lesson_id: lessonId,
          next_lesson_id: course.lessons[1]!.id,
          course_id: course.id,
          progress_percent: 33,
          completed_lessons: 1,
          total_lessons: 3,
          completed: false,
          course_completed: false,
          certificate: null,
        });
      }
      const [row] = await t.db.select({ n: count() }).from(lessonProgress).where(eq(lessonProgress.userId, learner.user.id));
      expect(row!.n).toBe(1);
    });

    it('refuses to complete a quiz lesson before its quiz is passed (409)', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz' }] }] });
      const learner = await learnerIn(course);
      const res = await post(`/api/learn/lessons/${course.lessons[0]!.id}/complete`, {}, learner.token);
      expect(res.status).toBe(409);
      expect(await read<{ message: string }>(res)).toEqual({ message: 'Pass the quiz of this lesson to complete it.' });
    });

    it('refuses someone not enrolled', async () => {
      const course = await buildCourse(t.db);
      const stranger = await createSignedInUser(t.db);
      const res = await post(`/api/learn/lessons/${course.lessons[0]!.id}/complete`, {}, stranger.token);
      expect(res.status).toBe(403);
    });

    it('issues the certificate when the last lesson completes the course, once', async () => {
      const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'quiz' }, { type: 'text' }] }] });
      const learner = await learnerIn(course);
      const attempt = await read<AttemptResult>(
        await post(`/api/learn/quizzes/${course.quizzes[0]!.id}/attempts`, { answers: answersFor(course.quizzes[0]!) }, learner.token),
      );
      expect(attempt).toMatchObject({ course_completed: false, certificate: null, progress_percent: 50 });
      const res = await post(`/api/learn/lessons/${course.lessons[1]!.id}/complete`, {}, learner.token);
      const done = await read<CompletionView>(res);
      expect(done).toMatchObject({ progress_percent: 100, course_completed: true, certificate: { id: expect.any(Number), code: expect.stringMatching(/^DRX-/), revoked: false } });
      const again = await read<CompletionView>(await post(`/api/learn/lessons/${course.lessons[1]!.id}/complete`, {}, learner.token));
      expect(again.certificate).toEqual(done.certificate);
      const [enrolment] = await t.db
        .select({ completedAt: enrollments.completedAt })
        .from(enrollments)
        .where(and(eq(enrollments.userId, learner.user.id), eq(enrollments.courseId, course.id)));
      expect(enrolment!.completedAt).not.toBeNull();
      const player = await read<PlayerData>(await get(`/api/learn/courses/${course.id}`, learner.token));
      expect(player).toMatchObject({ completed: true, progress_percent: 100, certificate: done.certificate });
    });

    it('issues exactly one certificate when the last lesson and the last passing attempt arrive at once', async () => {
      for (let round = 0; round < 5; round++) {
        const course = await buildCourse(t.db, { modules: [{ lessons: [{ type: 'text' }, { type: 'quiz' }] }] });
        const learner = await learnerIn(course);
        const quiz = course.quizzes[0]!;
        const [completion, attempt] = await Promise.all([
          post(`/api/learn/lessons/${course.lessons[0]!.id}/complete`, {}, learner.token),
          post(`/api/learn/quizzes/${quiz.id}/attempts`, { answers: answersFor(quiz) }, learner.token),
        ]);
        expect(completion.status).toBe(200);
        expect(attempt.status).toBe(201);
        const a = await read<CompletionView>(completion);
        const b = await read<AttemptResult>(attempt);
        // At least one of the two saw the course complete, and both name the same certificate if they saw it.
        const seen = [a.certificate, b.certificate].filter((c) => c !== null);
        expect(seen.length).toBeGreaterThan(0);
        expect(new Set(seen.map((c) => c!.id)).size).toBe(1);
        const rows = await t.db
          .select({ id: certificates.id })
          .from(certificates)
          .where(and(eq(certificates.userId, learner.user.id), eq(certificates.courseId, course.id)));
        expect(rows).toHaveLength(1);
      }
    });
  });
});
