import { z } from 'zod';
import { COMMUNITY_COURSE_SORTS, COMMUNITY_LIMITS, COMMUNITY_MESSAGES, COMMUNITY_SORTS, COMMUNITY_TARGETS } from '../../../shared/community.ts';
import { multiLine, singleLine } from './text.ts';
import { cursorQuery, idSchema } from './users.ts';

/** The community's questions and answers (decision 0075): the bodies and queries of routes/community.ts. */

const title = singleLine(
  z
    .string({ error: COMMUNITY_MESSAGES.TITLE_TOO_SHORT })
    .trim()
    .min(COMMUNITY_LIMITS.titleMin, COMMUNITY_MESSAGES.TITLE_TOO_SHORT)
    .max(COMMUNITY_LIMITS.titleMax, COMMUNITY_MESSAGES.TITLE_TOO_LONG),
);

const body = multiLine(
  z
    .string({ error: COMMUNITY_MESSAGES.BODY_EMPTY })
    .trim()
    .min(COMMUNITY_LIMITS.bodyMin, COMMUNITY_MESSAGES.BODY_EMPTY)
    .max(COMMUNITY_LIMITS.bodyMax, COMMUNITY_MESSAGES.BODY_TOO_LONG),
);

const targetKind = z.enum(COMMUNITY_TARGETS, { error: `Target must be ${COMMUNITY_TARGETS.join(', ')}` });
/** A target's id in a JSON body. */
const targetId = z.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(Number.MAX_SAFE_INTEGER, 'Invalid id');
const sort = z.enum(COMMUNITY_SORTS, { error: `Sort by ${COMMUNITY_SORTS.join(', ')}` }).default('newest');

export const askSchema = z.object({
  target_kind: targetKind,
  target_id: targetId,
  title,
  body,
  video_at_ms: z
    .number({ error: 'The moment must be a whole number of milliseconds' })
    .int('The moment must be a whole number of milliseconds')
    .min(0, 'The moment cannot be negative')
    .max(COMMUNITY_LIMITS.videoAtMaxMs, 'The moment is past the end of any lesson clip')
    .nullable()
    .optional(),
});
export type AskInput = z.infer<typeof askSchema>;

export const bodySchema = z.object({ body });

export const editSchema = z.object({ title: title.optional(), body });
export type EditInput = z.infer<typeof editSchema>;

export const acceptSchema = z.object({
  answer_id: z.number({ error: 'Choose an answer, or null to take the choice back' }).int('Invalid id').positive('Invalid id').max(Number.MAX_SAFE_INTEGER, 'Invalid id').nullable(),
});

export const questionListQuerySchema = z.object({
  target_kind: targetKind,
  target_id: idSchema,
  sort,
  cursor: cursorQuery,
});

/** A course's questions: newest first, or only those without an answer; `q` searches their words. */
export const courseQuestionsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(COMMUNITY_LIMITS.searchMax, `Search with at most ${COMMUNITY_LIMITS.searchMax} characters`)
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || v.length >= COMMUNITY_LIMITS.searchMin, `Search with at least ${COMMUNITY_LIMITS.searchMin} characters`),
  sort: z.enum(COMMUNITY_COURSE_SORTS, { error: 'Sort a course’s questions by newest or unanswered' }).default('newest'),
  cursor: cursorQuery,
});

export const cursorOnlyQuerySchema = z.object({ cursor: cursorQuery });

export { idParamSchema } from './users.ts';
export const postIdParamSchema = z.object({ id: idSchema });
