import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../app-context.ts';
import { AppError, badRequest, forbidden } from '../http/errors.ts';
import { toValidationErrors, validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { lessonIdParamSchema, practiceReportSchema, takeFieldsSchema, takeOffsetSchema } from '../schemas/practice.ts';
import { idParamSchema } from '../schemas/users.ts';
import { reportPracticeItem } from '../services/practice/reports.ts';
import {
  deleteTake,
  getTake,
  practiceLesson,
  practiceLessonContext,
  setTakeOffset,
  storeTake,
  TAKE_MAX_BYTES,
  takeQuotaFull,
  takeQuotaOf,
  takeTooLarge,
  type PracticeLessonContext,
} from '../services/practice/takes.ts';
import { limitUploadBody, MULTIPART_OVERHEAD } from '../services/upload-limits.ts';
import { displayName, readMultipart, singleReceived } from '../services/uploads.ts';
import { PRACTICE_NEEDS_ENROLMENT, TAKE_MIME_TYPES, TAKE_WRONG_TYPE } from '../../../shared/practice.ts';

/**
 * The practice room (decision 0070), mounted at /api/practice: a lesson's room, its takes
 * (streamed to a spool like lesson videos, decision 0061, under their own quota) and reports.
 * The feedback on takes is routes/practice-feedback.ts.
 */

/** The lesson a take is uploaded to, checked before its body is read (the context outlives the body's swap). */
const lessonOfRequest = new WeakMap<object, PracticeLessonContext>();

/** Enrolled with access to the lesson, which plays an uploaded clip: refused before a byte of the file is read. */
const requirePracticeLesson = createMiddleware<AppContext>(async (c, next) => {
  const lessonId = Number(c.req.param('lessonId'));
  const context = await practiceLessonContext(c.get('platform').db, signedInUser(c), lessonId);
  // A take belongs to an enrolled learner (a course's instructor previews without one).
  if (!context.enrolled) throw forbidden(PRACTICE_NEEDS_ENROLMENT);
  lessonOfRequest.set(c, context);
  await next();
});

const takeTypes: readonly string[] = TAKE_MIME_TYPES;

/** The take's body: at most one take's bytes, within what the learner's kept takes leave of their quota. */
const limitTakeBody = limitUploadBody(() => ({ totalBytes: TAKE_MAX_BYTES + MULTIPART_OVERHEAD, fileBytes: TAKE_MAX_BYTES }), {
  quotaOf: takeQuotaOf,
  tooLarge: takeTooLarge,
  quotaFull: takeQuotaFull,
});

export const practiceRoutes = new Hono<AppContext>()
  /** All a lesson's practice room needs: the reference clip (signed), the learner's takes, the feedback offer and the limits. */
  .get('/lessons/:lessonId', requireUser, validate('param', lessonIdParamSchema), async (c) => {
    return c.json(await practiceLesson(c.get('platform'), signedInUser(c), c.req.valid('param').lessonId), 200);
  })
  /** A take recorded or uploaded to the lesson: multipart `file` with source, duration_ms, ref_start_ms, ref_end_ms, speed, offset_ms. */
  .post(
    '/lessons/:lessonId/takes',
    requireUser,
    rateLimit(RATE_LIMITS.uploads),
    validate('param', lessonIdParamSchema),
    requirePracticeLesson,
    limitTakeBody,
    async (c) => {
      const platform = c.get('platform');
      const user = signedInUser(c);
      const form = await readMultipart(c, { maxBytes: TAKE_MAX_BYTES, keep: (field, index) => field === 'file' && index === 0 });
      try {
        const received = singleReceived(form, 'file');
        if (received.size > TAKE_MAX_BYTES) throw takeTooLarge();
        if (received.size === 0) throw badRequest('No file uploaded');
        const fields = takeFieldsSchema.safeParse(Object.fromEntries(form.fields));
        if (!fields.success) throw new AppError(400, fields.error.issues[0]?.message ?? 'Invalid input', { validationErrors: toValidationErrors(fields.error.issues) });
        // The type is read from the bytes, whatever the name or the declared type says.
        const type = received.type;
        if (!type || !received.spool || type.kind !== 'video' || !takeTypes.includes(type.mimetype)) throw new AppError(415, TAKE_WRONG_TYPE);
        const file = { data: received.spool, type, name: displayName(received.filename), size: received.size };
        return c.json(await storeTake(platform, user, lessonOfRequest.get(c)!, fields.data, file), 201);
      } finally {
        await form.discard();
      }
    },
  )
  /** One take: its learner, the course's instructors and admins; 404 for anyone else. */
  .get('/takes/:id', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await getTake(c.get('platform'), signedInUser(c), c.req.valid('param').id), 200);
  })
  /** The take lined up with the reference again: its learner, or the course's instructors while answering. */
  .patch('/takes/:id', requireUser, validate('param', idParamSchema), validate('json', takeOffsetSchema), async (c) => {
    return c.json(await setTakeOffset(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').offset_ms), 200);
  })
  /** The take's file deleted (its learner, or an admin): a take with a feedback request stays, file-less, with its answer. */
  .delete('/takes/:id', requireUser, validate('param', idParamSchema), async (c) => {
    await deleteTake(c.get('platform'), signedInUser(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  /** A take, a note or a reply reported by someone who can see it, for the moderators' queue. */
  .post('/reports', requireUser, validate('json', practiceReportSchema), async (c) => {
    return c.json(await reportPracticeItem(c.get('platform').db, signedInUser(c), c.req.valid('json')), 201);
  });

