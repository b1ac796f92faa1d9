import { z } from 'zod';
import {
  CHOOSE_A_RATING,
  COURSE_REVIEW_BODY_MAX,
  COURSE_REVIEW_REPLY_MAX,
  REPLY_TOO_LONG,
  REVIEW_TOO_LONG,
  WRITE_A_REPLY,
} from '../../../shared/courses/reviews.ts';
import { multiLine } from './text.ts';
import { cursorQuery, idSchema } from './users.ts';

/** Course reviews (decision 0066): the bodies and queries of routes/course-reviews.ts. */

const RATING_RANGE = 'Choose a rating from 1 to 5 stars';

export const courseReviewParamSchema = z.object({ id: idSchema, reviewId: idSchema });

/** POST /api/courses/{id}/reviews: a rating of 1 to 5 and an optional text (the learner's one review, created or replaced). */
export const courseReviewSchema = z.object({
  rating: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? CHOOSE_A_RATING : RATING_RANGE) })
    .int(RATING_RANGE)
    .min(1, RATING_RANGE)
    .max(5, RATING_RANGE),
  body: multiLine(z.string({ error: 'Your review must be text' }).trim().max(COURSE_REVIEW_BODY_MAX, REVIEW_TOO_LONG)).optional().default(''),
});

/** POST /api/courses/{id}/reviews/{reviewId}/reply: the instructor's reply (a second POST edits it). */
export const courseReviewReplySchema = z.object({
  body: multiLine(z.string({ error: WRITE_A_REPLY }).trim().min(1, WRITE_A_REPLY).max(COURSE_REVIEW_REPLY_MAX, REPLY_TOO_LONG)),
});

/** GET /api/courses/{id}/reviews?after=: the page after the one that answered the token. */
export const courseReviewListQuerySchema = z.object({ after: cursorQuery });
