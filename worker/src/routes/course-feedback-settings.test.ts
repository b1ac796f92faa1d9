import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseFeedbackSettings, lessonPracticeRules } from '../../../db/schema/index.ts';
import { createCourse, createCourseCast, createLesson, createModule, type CourseCast } from '../../../tests/support/course-factories.ts';
import { createSignedInUser } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { NOT_YOUR_COURSE } from '../services/courses.ts';
import {
  CHOOSE_A_MODE,
  CREDITS_PER_PACK_RANGE,
  DELETE_DAYS_RANGE,
  INCLUDED_NEEDED,
  PACK_PRICE_RANGE,
  RESPONSE_DAYS_RANGE,
  RULE_NEEDS_BOOLEAN,
  RULE_NEEDS_CLIP,
  RULE_NEEDS_FEEDBACK,
  lessonsNeedFeedback,
  type CourseFeedbackSettingsPage,
  type LessonPracticeRuleView,
} from '../../../shared/course-feedback-settings.ts';

/**
 * A course's feedback on takes (decision 0070): who may read and change it, every validation
 * rule with its message, and the lessons completed only with an approved take.
 */

let t: TestApp;
let cast: CourseCast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCourseCast(t.db);
});
afterAll(() => t.close());

const CLIP = '/uploads/lessons/0b7a5a8e-1f0c-4f7e-9d8e-3b6f2a1c4d5e.mp4';

/** A course of `instructorId` with a module holding a video lesson with an uploaded clip, one with a link only, and a text lesson. */
async function courseWithLessons(instructorId: number) {
  const course = await createCourse(t.db, { instructorId });
  const module = await createModule(t.db, course.id, { title: 'Basics' });
  const video = await createLesson(t.db, module.id, { type: 'video', title: 'Basic step', content: CLIP });
  const linked = await createLesson(t.db, module.id, { type: 'video', title: 'Linked clip', content: 'https://www.youtube.com/watch?v=abc' });
  const text = await createLesson(t.db, module.id, { type: 'text', title: 'Notes' });
  return { course, video, linked, text };
}

const settingsPath = (courseId: number) => `/api/courses/${courseId}/feedback-settings`;
const rulePath = (lessonId: number) => `/api/lessons/${lessonId}/practice-rule`;
const CREDITS = { mode: 'credits', credit_pack_cents: 2500, credits_per_pack: 5, response_days: 5, delete_takes_after_days: 30 };

describe('GET/PUT /api/courses/{id}/feedback-settings', () => {
  it('answers no feedback for a course without settings, then the offer its instructor sets, with the video lessons', async () => {
    const { course, video, linked } = await courseWithLessons(cast.instructor.user.id);
    const first = await t.json('GET', settingsPath(course.id), undefined, cast.instructor.token);
    expect(first.status).toBe(200);
    expect(await read<CourseFeedbackSettingsPage>(first)).toEqual({
      course_id: course.id,
      mode: 'none',
      included_reviews: 0,
      credit_pack_cents: 0,
      credits_per_pack: 1,
      response_days: 3,
      delete_takes_after_days: null,
      lessons: [
        { id: video.id, title: 'Basic step', module_title: 'Basics', practice_ready: true, requires_approved_take: false },
        { id: linked.id, title: 'Linked clip', module_title: 'Basics', practice_ready: false, requires_approved_take: false },
      ],
    });
    const put = await t.json('PUT', settingsPath(course.id), CREDITS, cast.instructor.token);
    expect(put.status).toBe(200);
    expect(await read<CourseFeedbackSettingsPage>(put)).toMatchObject({ ...CREDITS, included_reviews: 0, course_id: course.id });
    const [row] = await t.db.select().from(courseFeedbackSettings).where(eq(courseFeedbackSettings.courseId, course.id));
    expect(row).toMatchObject({ mode: 'credits', creditPackCents: 2500, creditsPerPack: 5, responseDays: 5, deleteTakesAfterDays: 30 });
    // Replaced whole: fields left out take their defaults.
    const included = await read<CourseFeedbackSettingsPage>(await t.json('PUT', settingsPath(course.id), { mode: 'included', included_reviews: 3 }, cast.instructor.token));
    expect(included).toMatchObject({ mode: 'included', included_reviews: 3, credit_pack_cents: 0, credits_per_pack: 1, response_days: 3, delete_takes_after_days: null });
  });

  it('is for the course’s own instructor and admins only; a staff change is audited', async () => {
    const { course } = await courseWithLessons(cast.instructor.user.id);
    for (const other of [cast.otherInstructor, cast.instructorAdmin]) {
      for (const [method, body] of [['GET', undefined], ['PUT', CREDITS]] as const) {
        const res = await t.json(method, settingsPath(course.id), body, other.token);
        expect(res.status).toBe(403);
        expect((await read<ErrorBody>(res)).message).toBe(NOT_YOUR_COURSE);
      }
    }
    for (const [method, body] of [['GET', undefined], ['PUT', CREDITS]] as const) {
      expect((await t.json(method, settingsPath(course.id), body, cast.student.token)).status).toBe(403);
      expect((await t.json(method, settingsPath(course.id), body, '')).status).toBe(401);
    }
    expect((await t.json('GET', settingsPath(99_999_999), undefined, cast.admin.token)).status).toBe(404);
    expect((await t.json('GET', '/api/courses/abc/feedback-settings', undefined, cast.admin.token)).status).toBe(400);
    expect(await t.db.select().from(courseFeedbackSettings).where(eq(courseFeedbackSettings.courseId, course.id))).toEqual([]);

    const byAdmin = await t.json('PUT', settingsPath(course.id), { mode: 'included', included_reviews: 2 }, cast.admin.token);
    expect(byAdmin.status).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.feedback_settings'), eq(auditLog.entityId, String(course.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain('included (2 reviews)');
  });

  it('refuses what it cannot keep with a message per field, and changes nothing', async () => {
    const { course } = await courseWithLessons(cast.instructor.user.id);
    await t.json('PUT', settingsPath(course.id), CREDITS, cast.instructor.token);
    const cases: [unknown, string, string][] = [
      [{}, 'mode', CHOOSE_A_MODE],
      [{ mode: 'sometimes' }, 'mode', CHOOSE_A_MODE],
      [{ mode: 'included' }, 'included_reviews', INCLUDED_NEEDED],
      [{ mode: 'included', included_reviews: 101 }, 'included_reviews', 'Included reviews must be a whole number from 0 to 100'],
      [{ mode: 'credits' }, 'credit_pack_cents', PACK_PRICE_RANGE],
      [{ mode: 'credits', credit_pack_cents: 49 }, 'credit_pack_cents', PACK_PRICE_RANGE],
      [{ mode: 'credits', credit_pack_cents: 100_001 }, 'credit_pack_cents', PACK_PRICE_RANGE],
      [{ mode: 'credits', credit_pack_cents: '2500' }, 'credit_pack_cents', PACK_PRICE_RANGE],
      [{ mode: 'credits', credit_pack_cents: 2500, credits_per_pack: 0 }, 'credits_per_pack', CREDITS_PER_PACK_RANGE],
      [{ mode: 'credits', credit_pack_cents: 2500, credits_per_pack: 1.5 }, 'credits_per_pack', CREDITS_PER_PACK_RANGE],
      [{ mode: 'included', included_reviews: 1, response_days: 0 }, 'response_days', RESPONSE_DAYS_RANGE],
      [{ mode: 'included', included_reviews: 1, response_days: 61 }, 'response_days', RESPONSE_DAYS_RANGE],
      [{ mode: 'included', included_reviews: 1, delete_takes_after_days: 0 }, 'delete_takes_after_days', DELETE_DAYS_RANGE],
      [{ mode: 'included', included_reviews: 1, delete_takes_after_days: 366 }, 'delete_takes_after_days', DELETE_DAYS_RANGE],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.json('PUT', settingsPath(course.id), body, cast.instructor.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await read<ErrorBody>(res);
      expect(error.validationErrors?.[field], JSON.stringify(body)).toContain(message);
    }
    const [row] = await t.db.select().from(courseFeedbackSettings).where(eq(courseFeedbackSettings.courseId, course.id));
    expect(row).toMatchObject({ mode: 'credits', creditPackCents: 2500, creditsPerPack: 5 });
  });
});

describe('PUT /api/lessons/{id}/practice-rule', () => {
  it('marks a video lesson with a clip as completed only with an approved take, in a course that offers feedback', async () => {
    const { course, video, linked, text } = await courseWithLessons(cast.instructor.user.id);
    // No feedback offered yet: nobody could approve the take.
    const early = await t.json('PUT', rulePath(video.id), { requires_approved_take: true }, cast.instructor.token);
    expect(early.status).toBe(400);
    expect((await read<ErrorBody>(early)).message).toBe(RULE_NEEDS_FEEDBACK);
    expect(await t.db.select().from(lessonPracticeRules).where(eq(lessonPracticeRules.lessonId, video.id))).toEqual([]);

    await t.json('PUT', settingsPath(course.id), { mode: 'included', included_reviews: 2 }, cast.instructor.token);
    const on = await t.json('PUT', rulePath(video.id), { requires_approved_take: true }, cast.instructor.token);
    expect(on.status).toBe(200);
    expect(await read<LessonPracticeRuleView>(on)).toEqual({ lesson_id: video.id, course_id: course.id, requires_approved_take: true });
    const page = await read<CourseFeedbackSettingsPage>(await t.json('GET', settingsPath(course.id), undefined, cast.instructor.token));
    expect(page.lessons.find((l) => l.id === video.id)?.requires_approved_take).toBe(true);

    for (const lesson of [linked, text]) {
      const res = await t.json('PUT', rulePath(lesson.id), { requires_approved_take: true }, cast.instructor.token);
      expect(res.status).toBe(400);
      expect((await read<ErrorBody>(res)).validationErrors?.requires_approved_take).toEqual([RULE_NEEDS_CLIP]);
    }
    const bad = await t.json('PUT', rulePath(video.id), { requires_approved_take: 'yes' }, cast.instructor.token);
    expect(bad.status).toBe(400);
    expect((await read<ErrorBody>(bad)).message).toBe(RULE_NEEDS_BOOLEAN);

    // Turning feedback off would leave learners unable to complete it: refused, nothing changed.
    const off = await t.json('PUT', settingsPath(course.id), { mode: 'none' }, cast.instructor.token);
    expect(off.status).toBe(400);
    expect((await read<ErrorBody>(off)).validationErrors?.mode).toEqual([lessonsNeedFeedback(['Basic step'])]);
    expect((await t.db.select().from(courseFeedbackSettings).where(eq(courseFeedbackSettings.courseId, course.id)))[0]?.mode).toBe('included');

    // Unticked, feedback may be turned off.
    const untick = await t.json('PUT', rulePath(video.id), { requires_approved_take: false }, cast.instructor.token);
    expect(await read<LessonPracticeRuleView>(untick)).toMatchObject({ requires_approved_take: false });
    expect((await t.json('PUT', settingsPath(course.id), { mode: 'none' }, cast.instructor.token)).status).toBe(200);
  });

  it('is for the lesson’s course managers only', async () => {
    const { course, video } = await courseWithLessons(cast.instructor.user.id);
    await t.json('PUT', settingsPath(course.id), { mode: 'included', included_reviews: 1 }, cast.instructor.token);
    const other = await t.json('PUT', rulePath(video.id), { requires_approved_take: true }, cast.otherInstructor.token);
    expect(other.status).toBe(403);
    expect((await read<ErrorBody>(other)).message).toBe(NOT_YOUR_COURSE);
    expect((await t.json('PUT', rulePath(video.id), { requires_approved_take: true }, cast.student.token)).status).toBe(403);
    const learner = await createSignedInUser(t.db);
    expect((await t.json('PUT', rulePath(video.id), { requires_approved_take: true }, learner.token)).status).toBe(403);
    expect((await t.json('PUT', rulePath(99_999_999), { requires_approved_take: true }, cast.admin.token)).status).toBe(404);
    expect(await t.db.select().from(lessonPracticeRules).where(eq(lessonPracticeRules.lessonId, video.id))).toEqual([]);
    const byAdmin = await t.json('PUT', rulePath(video.id), { requires_approved_take: true }, cast.admin.token);
    expect(byAdmin.status).toBe(200);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lesson.practice_rule'), eq(auditLog.entityId, String(video.id))))).toHaveLength(1);
  });
});
