import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { markPersonal } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { optionalUser, requireUser, signedInUser } from '../middleware/auth.ts';
import {
  acceptSchema,
  askSchema,
  bodySchema,
  courseQuestionsQuerySchema,
  cursorOnlyQuerySchema,
  editSchema,
  postIdParamSchema,
  questionListQuerySchema,
} from '../schemas/community.ts';
import { answerQuestion, askQuestion, deletePost, editPost, replyToAnswer } from '../services/community/posting.ts';
import { listQuestions, listReplies, readThread } from '../services/community/reads.ts';
import { courseQuestions } from '../services/community/search.ts';
import { acceptAnswer, unvote, vote } from '../services/community/votes.ts';

/**
 * The community's questions and answers (decision 0075), mounted at /api/community: a page's
 * questions, a thread, asking, answering, replying, editing, deleting, votes and the accepted
 * answer. Who may do what on a page is services/community/access.ts; the moderators' routes are
 * admin-community.ts and community-moderation.ts. Every answer is the reader's own (abilities,
 * votes): never kept as a public one.
 */
export const communityRoutes = new Hono<AppContext>()
  /** A page's questions (a lesson's for its readers; a public resource's or profile's for everyone), by sort, after the cursor. */
  .get('/questions', optionalUser, validate('query', questionListQuerySchema), async (c) => {
    markPersonal(c);
    return c.json(await listQuestions(c.get('platform').db, c.get('user'), c.req.valid('query')), 200);
  })
  /** Ask on a page: held for a moderator until the member's first post is approved. */
  .post('/questions', requireUser, validate('json', askSchema), async (c) => {
    return c.json(await askQuestion(c.get('platform'), signedInUser(c), c.req.valid('json')), 201);
  })
  /** A question with a page of its answers (accepted first, then most helpful) and their first replies. */
  .get('/questions/:id', optionalUser, validate('param', postIdParamSchema), validate('query', cursorOnlyQuerySchema), async (c) => {
    markPersonal(c);
    return c.json(await readThread(c.get('platform').db, c.get('user'), c.req.valid('param').id, c.req.valid('query').cursor), 200);
  })
  .post('/questions/:id/answers', requireUser, validate('param', postIdParamSchema), validate('json', bodySchema), async (c) => {
    return c.json(await answerQuestion(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').body), 201);
  })
  /** The asker or the page's owner accepts an answer of the question, or takes the choice back (null). */
  .put('/questions/:id/accepted', requireUser, validate('param', postIdParamSchema), validate('json', acceptSchema), async (c) => {
    return c.json(await acceptAnswer(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json').answer_id), 200);
  })
  /** A course's questions over its lessons, newest or unanswered, searched by their words (its learners and instructors). */
  .get('/courses/:id/questions', requireUser, validate('param', postIdParamSchema), validate('query', courseQuestionsQuerySchema), async (c) => {
    return c.json(await courseQuestions(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('query')), 200);
  })
  .post('/posts/:id/replies', requireUser, validate('param', postIdParamSchema), validate('json', bodySchema), async (c) => {
    return c.json(await replyToAnswer(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').body), 201);
  })
  .get('/posts/:id/replies', optionalUser, validate('param', postIdParamSchema), validate('query', cursorOnlyQuerySchema), async (c) => {
    markPersonal(c);
    return c.json(await listReplies(c.get('platform').db, c.get('user'), c.req.valid('param').id, c.req.valid('query').cursor), 200);
  })
  /** Its author edits a post; the earlier version is kept for the moderators. */
  .patch('/posts/:id', requireUser, validate('param', postIdParamSchema), validate('json', editSchema), async (c) => {
    return c.json(await editPost(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  /** Its author or a moderator deletes a post: its text is cleared. */
  .delete('/posts/:id', requireUser, validate('param', postIdParamSchema), async (c) => {
    await deletePost(c.get('platform').db, signedInUser(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .put('/posts/:id/vote', requireUser, validate('param', postIdParamSchema), async (c) => {
    return c.json(await vote(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .delete('/posts/:id/vote', requireUser, validate('param', postIdParamSchema), async (c) => {
    return c.json(await unvote(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  });
