import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import {
  feedbackAnswerSchema,
  feedbackNoteParamSchema,
  feedbackNotePatchSchema,
  feedbackNoteSchema,
  feedbackParamSchema,
  feedbackQuestionSchema,
  feedbackQueueQuerySchema,
  feedbackReplySchema,
} from '../schemas/practice-feedback.ts';
import { answerFeedback, askForFeedback } from '../services/practice/feedback.ts';
import { feedbackDetail } from '../services/practice/feedback-views.ts';
import { addNote, addReply, deleteNote, updateNote } from '../services/practice/notes.ts';
import { feedbackQueue } from '../services/practice/queue.ts';

/**
 * Feedback on takes (decision 0070): a learner sends a take with a question; the course's
 * instructors (and admins) answer it with notes on the take's timeline and a verdict; both sides
 * reply under the notes. Every answer is personal: none is kept as a public one.
 */
export const practiceFeedbackRoutes = new Hono<AppContext>()
  /** The take's learner asks for feedback: spends an included review, else a credit (201). */
  .post('/practice/takes/:id/feedback', requireUser, validate('param', feedbackParamSchema), validate('json', feedbackQuestionSchema), async (c) => {
    const detail = await askForFeedback(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').question);
    return c.json(detail, 201);
  })
  /** A request with its take, reference, notes and answer: its learner, the course's instructors, admins. */
  .get('/practice/feedback/:id', requireUser, validate('param', feedbackParamSchema), async (c) => {
    return c.json(await feedbackDetail(c.get('platform'), signedInUser(c), c.req.valid('param').id), 200);
  })
  /** A note at a moment of the take, with an optional drawing over the frame (201). */
  .post('/practice/feedback/:id/notes', requirePermission('feedback.answer'), validate('param', feedbackParamSchema), validate('json', feedbackNoteSchema), async (c) => {
    return c.json(await addNote(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 201);
  })
  .patch('/practice/feedback/:id/notes/:noteId', requirePermission('feedback.answer'), validate('param', feedbackNoteParamSchema), validate('json', feedbackNotePatchSchema), async (c) => {
    const { id, noteId } = c.req.valid('param');
    return c.json(await updateNote(c.get('platform').db, signedInUser(c), id, noteId, c.req.valid('json')), 200);
  })
  /** Deletes a note and its replies (audited). */
  .delete('/practice/feedback/:id/notes/:noteId', requirePermission('feedback.answer'), validate('param', feedbackNoteParamSchema), async (c) => {
    const { id, noteId } = c.req.valid('param');
    await deleteNote(c.get('platform').db, signedInUser(c), id, noteId);
    return c.body(null, 204);
  })
  /** The verdict and summary, once (audited); the learner hears of it. */
  .post('/practice/feedback/:id/answer', requirePermission('feedback.answer'), validate('param', feedbackParamSchema), validate('json', feedbackAnswerSchema), async (c) => {
    return c.json(await answerFeedback(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  /** A reply under a note: the learner or the course's instructors and admins (201); the other side hears of it. */
  .post('/practice/feedback/:id/notes/:noteId/replies', requireUser, validate('param', feedbackNoteParamSchema), validate('json', feedbackReplySchema), async (c) => {
    const { id, noteId } = c.req.valid('param');
    return c.json(await addReply(c.get('platform'), signedInUser(c), id, noteId, c.req.valid('json').body), 201);
  })
  /** The instructors' queue: a tab's page (keyset) and the tabs' counts; own courses, admins every course. */
  .get('/instructor/feedback', requirePermission('feedback.answer'), validate('query', feedbackQueueQuerySchema), async (c) => {
    const q = c.req.valid('query');
    return c.json(await feedbackQueue(c.get('platform').db, signedInUser(c), { status: q.status, courseId: q.course_id, learnerId: q.learner_id, cursor: q.cursor }), 200);
  });
