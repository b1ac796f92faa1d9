import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { cachePublic, markPersonal } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import { courseReviewListQuerySchema, courseReviewParamSchema, courseReviewReplySchema, courseReviewSchema } from '../schemas/course-reviews.ts';
import { idParamSchema } from '../schemas/users.ts';
import { courseRating, listCourseReviews } from '../services/course-reviews-reads.ts';
import { hideCourseReview, myCourseReview, publishedCourseOrThrow, replyToCourseReview, saveCourseReview } from '../services/course-reviews.ts';

/**
 * Course reviews (decision 0066). The public list is the same for everyone and kept under the
 * catalog's version; a new review moves no version (it is ordinary use), so a kept page of the
 * list shows it within a minute, while hiding one (moderation) moves the version at once.
 */
export const courseReviewsRoutes = new Hono<AppContext>()
  /** A published course's shown reviews, newest first, 10 a page (`after` is the previous page's `next`), with its rating. */
  .get('/courses/:id/reviews', validate('param', idParamSchema), validate('query', courseReviewListQuerySchema), async (c) => {
    cachePublic(c, 'catalog');
    const { db } = c.get('platform');
    const { id } = c.req.valid('param');
    await publishedCourseOrThrow(db, id);
    const [page, rating] = await Promise.all([listCourseReviews(db, id, c.req.valid('query').after), courseRating(db, id)]);
    return c.json({ rating, ...page }, 200);
  })
  /** The signed-in learner's own review of the course and whether they may write one. */
  .get('/courses/:id/reviews/mine', requireUser, validate('param', idParamSchema), async (c) => {
    markPersonal(c);
    return c.json(await myCourseReview(c.get('platform').db, signedInUser(c).id, c.req.valid('param').id), 200);
  })
  /** A learner who finished the course writes their review, or replaces it (one per learner and course). */
  .post('/courses/:id/reviews', requireUser, validate('param', idParamSchema), validate('json', courseReviewSchema), async (c) => {
    return c.json(await saveCourseReview(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  /** The course's instructor replies to a review, or edits their reply. */
  .post('/courses/:id/reviews/:reviewId/reply', requireUser, validate('param', courseReviewParamSchema), validate('json', courseReviewReplySchema), async (c) => {
    const { id, reviewId } = c.req.valid('param');
    return c.json(await replyToCourseReview(c.get('platform').db, signedInUser(c), id, reviewId, c.req.valid('json').body), 200);
  })
  /** An admin hides a review (audited): it leaves the list and the course's rating. */
  .delete('/courses/:id/reviews/:reviewId', requirePermission('course_reviews.moderate'), validate('param', courseReviewParamSchema), async (c) => {
    const { id, reviewId } = c.req.valid('param');
    return c.json(await hideCourseReview(c.get('platform').db, signedInUser(c), id, reviewId), 200);
  });
