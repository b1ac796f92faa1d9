import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { modules } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { featureGate } from '../middleware/feature-gate.ts';
import { moduleSchema, updateModuleSchema } from '../schemas/courses.ts';
import { idParamSchema } from '../schemas/users.ts';
import { assertManages, moduleWithCourse, requireManagedCourse, touchCourse } from '../services/course-access.ts';
import { loadModuleView } from '../services/course-views.ts';
import { MODULE_NOT_FOUND } from '../services/courses.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { auditedIfStaff } from '../services/audit.ts';

/**
 * Modules of a course. Without a position a module goes last: the position is computed
 * inside the INSERT (last + 1), which SQLite runs under its write lock, so concurrent creates
 * get distinct positions. An explicit position is stored as given (two modules may share one;
 * they are then ordered by id).
 */
export const modulesRoutes = new Hono<AppContext>()
  .post('/modules', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('json', moduleSchema), async (c) => {
    const db = c.get('platform').db;
    const input = c.req.valid('json');
    await requireManagedCourse(db, signedInUser(c), input.courseId);
    const [, [row]] = (await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'module.create', table: modules, id: 'new', summary: `Added the module “${input.title}” to course #${input.courseId}.` }, [
        touchCourse(db, input.courseId),
        db
          .insert(modules)
          .values({
            courseId: input.courseId,
            title: input.title,
            description: input.description,
            position: input.position ?? sql`(SELECT coalesce(max(position), 0) + 1 FROM modules WHERE course_id = ${input.courseId})`,
          })
          .returning({ id: modules.id }),
      ]),
    )) as [unknown, { id: number }[]];
    const view = await loadModuleView(db, row!.id);
    if (!view) throw notFound(MODULE_NOT_FOUND);
    return c.json(view, 201);
  })
  .patch(
    '/modules/:id',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', updateModuleSchema),
    async (c) => {
      const db = c.get('platform').db;
      const { id } = c.req.valid('param');
      const found = await moduleWithCourse(db, id);
      if (!found) throw notFound(MODULE_NOT_FOUND);
      assertManages(signedInUser(c), found);
      const input = c.req.valid('json');
      await db.batch(
        auditedIfStaff(db, signedInUser(c), { action: 'module.update', table: modules, id, summary: `Changed module #${id} of course #${found.courseId}.` }, [
          db
            .update(modules)
            .set({ title: input.title, description: input.description, position: input.position, updatedAt: sqlNow })
            .where(eq(modules.id, id)),
          touchCourse(db, found.courseId),
        ]),
      );
      const view = await loadModuleView(db, id);
      if (!view) throw notFound(MODULE_NOT_FOUND);
      return c.json(view, 200);
    },
  )
  /** Deletes the module with its lessons and quizzes (cascade). */
  .delete('/modules/:id', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const found = await moduleWithCourse(db, id);
    if (!found) throw notFound(MODULE_NOT_FOUND);
    assertManages(signedInUser(c), found);
    await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'module.delete', table: modules, id, summary: `Deleted module #${id} of course #${found.courseId} with its lessons and quizzes.` }, [
        db.delete(modules).where(eq(modules.id, id)),
        touchCourse(db, found.courseId),
      ]),
    );
    return c.json({ message: 'Module deleted successfully' }, 200);
  });
