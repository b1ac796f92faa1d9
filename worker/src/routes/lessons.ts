import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { lessons } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { featureGate } from '../middleware/feature-gate.ts';
import { lessonSchema, updateLessonSchema } from '../schemas/courses.ts';
import { idParamSchema } from '../schemas/users.ts';
import { assertManages, lessonWithCourse, moduleWithCourse, touchCourse } from '../services/course-access.ts';
import { LESSON_NOT_FOUND, MODULE_NOT_FOUND } from '../services/courses.ts';
import { loadLessonView } from '../services/course-views.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { markCourseMedia } from '../services/media-access.ts';
import { auditedIfStaff } from '../services/audit.ts';

/** Lessons of a module; positions as for modules (last + 1 inside the INSERT). */
export const lessonsRoutes = new Hono<AppContext>()
  .post('/lessons', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('json', lessonSchema), async (c) => {
    const db = c.get('platform').db;
    const input = c.req.valid('json');
    const parent = await moduleWithCourse(db, input.moduleId);
    if (!parent) throw notFound(MODULE_NOT_FOUND);
    assertManages(signedInUser(c), parent);
    const [, [row]] = (await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'lesson.create', table: lessons, id: 'new', summary: `Added the lesson “${input.title}” to module #${input.moduleId} of course #${parent.courseId}.` }, [
      touchCourse(db, parent.courseId),
      db
        .insert(lessons)
        .values({
          moduleId: input.moduleId,
          title: input.title,
          description: input.description,
          content: input.content,
          type: input.type,
          position: input.position ?? sql`(SELECT coalesce(max(position), 0) + 1 FROM lessons WHERE module_id = ${input.moduleId})`,
        })
        .returning({ id: lessons.id }),
      ]),
    )) as [unknown, { id: number }[]];
    await markCourseMedia(db, parent.courseId, signedInUser(c));
    const view = await loadLessonView(db, row!.id);
    if (!view) throw notFound(LESSON_NOT_FOUND);
    return c.json(view, 201);
  })
  .patch(
    '/lessons/:id',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', updateLessonSchema),
    async (c) => {
      const db = c.get('platform').db;
      const { id } = c.req.valid('param');
      const found = await lessonWithCourse(db, id);
      if (!found) throw notFound(LESSON_NOT_FOUND);
      assertManages(signedInUser(c), found);
      const input = c.req.valid('json');
      await db.batch(
        auditedIfStaff(db, signedInUser(c), { action: 'lesson.update', table: lessons, id, summary: `Changed lesson #${id} of course #${found.courseId}.` }, [
        db
          .update(lessons)
          .set({
            title: input.title,
            description: input.description,
            content: input.content,
            type: input.type,
            position: input.position,
            updatedAt: sqlNow,
          })
          .where(eq(lessons.id, id)),
        touchCourse(db, found.courseId),
        ]),
      );
      await markCourseMedia(db, found.courseId, signedInUser(c));
      const view = await loadLessonView(db, id);
      if (!view) throw notFound(LESSON_NOT_FOUND);
      return c.json(view, 200);
    },
  )
  /** Deletes the lesson with its quiz, questions and the learners' progress on it (cascade). */
  .delete('/lessons/:id', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const found = await lessonWithCourse(db, id);
    if (!found) throw notFound(LESSON_NOT_FOUND);
    assertManages(signedInUser(c), found);
    await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'lesson.delete', table: lessons, id, summary: `Deleted lesson #${id} of course #${found.courseId} with its quiz.` }, [
        db.delete(lessons).where(eq(lessons.id, id)),
        touchCourse(db, found.courseId),
      ]),
    );
    return c.json({ message: 'Lesson deleted successfully' }, 200);
  });
