import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { PROFILE_NOT_FOUND } from '../domain/bookings.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { idParamSchema } from '../schemas/users.ts';
import { createLessonType, createPackage, removeLessonType, removePackage, updateLessonType, updatePackage } from '../services/connect/profile-offers.ts';
import { lessonTypeCreateSchema, lessonTypePatchSchema, packageCreateSchema, packagePatchSchema, profileSchema } from '../../../shared/connect/profile-schemas.ts';
import { ownProfileView, publishProfile, saveProfile, unpublishProfile } from '../services/connect/profile.ts';

/**
 * A person's own professional profile (decision 0032). Every signed-in person may
 * keep one; each route works on the caller's own (no permission entry, the object check is the
 * user id). POST /api/connect/profile/calendar-token is in the calendar's router.
 */
export const connectProfileRoutes = new Hono<AppContext>()
  .get('/connect/profile', requireUser, async (c) => {
    const view = await ownProfileView(c.get('platform'), signedInUser(c));
    if (!view) throw notFound(PROFILE_NOT_FOUND);
    return c.json(view, 200);
  })
  .put('/connect/profile', requireUser, validate('json', profileSchema), async (c) => {
    const { view, created } = await saveProfile(c.get('platform'), signedInUser(c), c.req.valid('json'));
    return c.json(view, created ? 201 : 200);
  })
  .post('/connect/profile/publish', requireUser, async (c) => {
    return c.json(await publishProfile(c.get('platform'), signedInUser(c)), 200);
  })
  .post('/connect/profile/unpublish', requireUser, async (c) => {
    return c.json(await unpublishProfile(c.get('platform'), signedInUser(c)), 200);
  })
  .post('/connect/profile/lesson-types', requireUser, validate('json', lessonTypeCreateSchema), async (c) => {
    return c.json(await createLessonType(c.get('platform').db, signedInUser(c).id, c.req.valid('json')), 201);
  })
  .patch('/connect/profile/lesson-types/:id', requireUser, validate('param', idParamSchema), validate('json', lessonTypePatchSchema), async (c) => {
    return c.json(await updateLessonType(c.get('platform').db, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/connect/profile/lesson-types/:id', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await removeLessonType(c.get('platform').db, signedInUser(c).id, c.req.valid('param').id), 200);
  })
  .post('/connect/profile/packages', requireUser, validate('json', packageCreateSchema), async (c) => {
    return c.json(await createPackage(c.get('platform').db, signedInUser(c).id, c.req.valid('json')), 201);
  })
  .patch('/connect/profile/packages/:id', requireUser, validate('param', idParamSchema), validate('json', packagePatchSchema), async (c) => {
    return c.json(await updatePackage(c.get('platform').db, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/connect/profile/packages/:id', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await removePackage(c.get('platform').db, signedInUser(c).id, c.req.valid('param').id), 200);
  });
