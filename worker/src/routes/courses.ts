import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import { createMiddleware } from 'hono/factory';
import { courses } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { canViewUnpublished } from '../domain/courses.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { cachePublic } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { optionalUser, requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import { featureGate } from '../middleware/feature-gate.ts';
import { courseEditPageSchema, courseListQuerySchema, createCourseSchema, updateCourseSchema } from '../schemas/courses.ts';
import { idParamSchema } from '../schemas/users.ts';
import { COURSE_NOT_FOUND } from '../services/courses.ts';
import { createCourse, deleteCourse, firstDefined, updateCourse, type CourseChanges } from '../services/course-writes.ts';
import { findCourseRef, listCatalog, listManagedCourses, loadCourseDetail } from '../services/course-reads.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { requireManagedCourse } from '../services/course-access.ts';
import { fullVideoViewOf, markCourseMedia, withFullVideoFor } from '../services/media-access.ts';
import {
  checkFile,
  formText,
  limitUploadBody,
  MB,
  MULTIPART_OVERHEAD,
  readMultipart,
  singleFile,
  storeAttachedFile,
} from '../services/uploads.ts';

/** The course image of the course dialog: at most 5 MB, images only. */
export const COURSE_IMAGE_MAX_MB = 5;

/** ADMIN or a role that manages its own courses (permission table), else 403 whatever the course. */
export const courseManagersOnly = requirePermission('courses.manage_own');

/** The manage scope needs a user (and says 'Invalid token' for a bad one); the catalog does not. */
const catalogAuth = createMiddleware<AppContext>((c, next) =>
  c.req.query('scope') === 'manage' ? requireUser(c, next) : optionalUser(c, next),
);

/** The dialog's camelCase and the edit page's snake_case spellings of the same columns. */
function changesOfUpdate(v: z.output<typeof updateCourseSchema>): CourseChanges {
  return {
    title: v.title,
    description: v.description,
    price: v.price,
    status: v.status,
    visible: v.visible,
    instructorId: firstDefined(v.instructorId, v.instructor_id),
    shortName: v.short_name,
    detailedDescription: v.detailed_description,
    categoryId: v.category_id,
    difficultyLevel: v.difficulty_level,
    duration: v.duration,
    imageUrl: firstDefined(v.imageUrl, v.image_url),
    videoUrl: firstDefined(v.fullVideoUrl, v.video_url),
    previewVideoUrl: firstDefined(v.previewVideoUrl, v.preview_video_url),
    lockModules: v.lock_modules,
    requiredLevel: v.required_level,
  };
}

function changesOfCreate(v: z.output<typeof createCourseSchema>): CourseChanges {
  return {
    ...changesOfUpdate({ ...v, visible: undefined, instructor_id: undefined }),
    // A null instructor in the dialog means "not chosen": the creator teaches it.
    instructorId: v.instructorId ?? undefined,
  };
}

/** The edit page sends category_id, or a categories list whose first entry counts (a course has one category). */
function changesOfEditPage(v: z.output<typeof courseEditPageSchema>): CourseChanges {
  let categoryId = v.category_id;
  if (categoryId === undefined && v.categories) {
    const first = v.categories[0];
    categoryId = first === undefined ? null : typeof first === 'number' ? first : first.id;
  }
  return {
    title: v.title,
    shortName: v.short_name,
    description: v.description,
    detailedDescription: v.detailed_description,
    price: v.price,
    categoryId,
    instructorId: v.instructor_id,
    difficultyLevel: v.difficulty_level,
    duration: v.duration,
    visible: v.visible,
    videoUrl: v.video_url,
    previewVideoUrl: v.preview_video_url,
    imageUrl: v.image_url,
    lockModules: v.lock_modules,
    requiredLevel: v.required_level,
  };
}

export const coursesRoutes = new Hono<AppContext>()
  /**
   * The public catalog (published only), or with `scope=manage` the course administration list
   * for the signed-in user (what they may manage).
   */
  .get('/courses', catalogAuth, validate('query', courseListQuerySchema), async (c) => {
    const db = c.get('platform').db;
    const query = c.req.valid('query');
    if (query.scope === 'manage') return c.json(await listManagedCourses(db, signedInUser(c), query), 200);
    // The same for every visitor: answered from the cache until the catalog changes (decision 0021).
    cachePublic(c, 'catalog');
    return c.json(await listCatalog(db, query), 200);
  })
  /** A course with modules and lessons. Drafts and archived courses only for their managers. */
  .get('/courses/:id', optionalUser, validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    // An anonymous visitor's answer (its 404 too) is public; a signed-in one's may be privileged.
    if (!c.get('user')) cachePublic(c, 'catalog');
    const ref = await findCourseRef(db, id);
    if (!ref) throw notFound(COURSE_NOT_FOUND);
    const privileged = canViewUnpublished(c.get('user'), ref);
    if (ref.status !== 'published' && !privileged) throw notFound(COURSE_NOT_FOUND);
    const detail = privileged ? await loadCourseDetail(db, id, { view: 'full' }) : await loadCourseDetail(db, id);
    if (!detail) throw notFound(COURSE_NOT_FOUND);
    // The full video only for its editors (raw), enrolled learners (signed link) — decision 0015.
    const video = await fullVideoViewOf(db, c.get('user'), ref, privileged);
    return c.json(await withFullVideoFor(c.get('platform'), detail, video), 200);
  })
  .post('/courses', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('json', createCourseSchema), async (c) => {
    const db = c.get('platform').db;
    const id = await createCourse(db, signedInUser(c), changesOfCreate(c.req.valid('json')));
    await markCourseMedia(db, id, signedInUser(c));
    const detail = await loadCourseDetail(db, id, { view: 'full' });
    if (!detail) throw notFound(COURSE_NOT_FOUND);
    return c.json(detail, 201);
  })
  .patch(
    '/courses/:id',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', updateCourseSchema),
    async (c) => {
      const db = c.get('platform').db;
      const { id } = c.req.valid('param');
      await updateCourse(db, signedInUser(c), id, changesOfUpdate(c.req.valid('json')));
      await markCourseMedia(db, id, signedInUser(c));
      const detail = await loadCourseDetail(db, id, { view: 'full' });
      if (!detail) throw notFound(COURSE_NOT_FOUND);
      return c.json(detail, 200);
    },
  )
  /** The admin course edit page's save: `visible` instead of a status. */
  .put(
    '/courses/:id',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', courseEditPageSchema),
    async (c) => {
      const db = c.get('platform').db;
      const { id } = c.req.valid('param');
      await updateCourse(db, signedInUser(c), id, changesOfEditPage(c.req.valid('json')));
      await markCourseMedia(db, id, signedInUser(c));
      const detail = await loadCourseDetail(db, id, { view: 'full' });
      if (!detail) throw notFound(COURSE_NOT_FOUND);
      return c.json(detail, 200);
    },
  )
  .delete('/courses/:id', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('param', idParamSchema), async (c) => {
    await deleteCourse(c.get('platform').db, signedInUser(c), c.req.valid('param').id);
    return c.json({ message: 'Course deleted successfully' }, 200);
  })
  /**
   * The course image chosen in the course dialog: multipart file, entityType 'course', entityId.
   * Stores the image and sets the course's image_url in one batch.
   */
  .post(
    '/upload/course',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    limitUploadBody(() => COURSE_IMAGE_MAX_MB * MB + MULTIPART_OVERHEAD),
    async (c) => {
      const platform = c.get('platform');
      const user = signedInUser(c);
      const form = await readMultipart(c);
      const entityType = formText(form, 'entityType');
      if (entityType !== 'course') throw badRequest("entityType must be 'course'", { entityType: ["entityType must be 'course'"] });
      const entityId = formText(form, 'entityId');
      if (!/^\d{1,15}$/.test(entityId) || Number(entityId) < 1) {
        throw badRequest('entityId must be a course id', { entityId: ['entityId must be a course id'] });
      }
      const courseId = Number(entityId);
      await requireManagedCourse(platform.db, user, courseId);
      const file = await checkFile(singleFile(form, 'file'), COURSE_IMAGE_MAX_MB * MB, true);
      const answer = await storeAttachedFile(platform, file, {
        folder: 'courses',
        userId: user.id,
        attach: (url) => platform.db.update(courses).set({ imageUrl: url, updatedAt: sqlNow }).where(eq(courses.id, courseId)),
      });
      const course = await loadCourseDetail(platform.db, courseId, { view: 'full' });
      if (!course) throw notFound(COURSE_NOT_FOUND);
      return c.json({ ...answer, course }, 201);
    },
  );
