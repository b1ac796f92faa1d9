import { z } from 'zod';
import {
  CHOOSE_A_VERDICT,
  DRAWING_MAX_SHAPES,
  FEEDBACK_VERDICTS,
  NOTE_MAX,
  QUESTION_MAX,
  REPLY_MAX,
  SUMMARY_MAX,
  TAKE_MAX_SECONDS,
  WRITE_A_NOTE,
  WRITE_A_QUESTION,
  WRITE_A_REPLY,
} from '../../../shared/practice.ts';
import { multiLine } from './text.ts';
import { cursorQuery, idSchema } from './users.ts';

/** Feedback on takes (decision 0070): the bodies and queries of routes/practice-feedback.ts. */

export const QUESTION_TOO_LONG = `A question can be at most ${QUESTION_MAX} characters`;
export const NOTE_TOO_LONG = `A note can be at most ${NOTE_MAX} characters`;
export const SUMMARY_TOO_LONG = `A summary can be at most ${SUMMARY_MAX} characters`;
export const REPLY_TOO_LONG = `A reply can be at most ${REPLY_MAX} characters`;
export const DRAWING_TOO_BIG = `A drawing can hold at most ${DRAWING_MAX_SHAPES} shapes`;
export const POINT_OUT_OF_FRAME = 'A point of a drawing is two numbers from 0 to 1 (a fraction of the frame)';
export const COLOUR_FORMAT = 'A colour is written #rrggbb';
export const SHAPE_KIND = 'A shape is a line, an arrow or a circle';
export const MOMENT_RANGE = 'A note sits at a moment of the take: whole milliseconds from 0';
export const CHANGE_SOMETHING = 'Change the moment, the text or the drawing';

export const feedbackParamSchema = z.object({ id: idSchema });
export const feedbackNoteParamSchema = z.object({ id: idSchema, noteId: idSchema });

/** POST /api/practice/takes/{id}/feedback: what the learner would like feedback on. */
export const feedbackQuestionSchema = z.object({
  question: multiLine(z.string({ error: WRITE_A_QUESTION }).trim().min(1, WRITE_A_QUESTION).max(QUESTION_MAX, QUESTION_TOO_LONG)),
});

const fraction = z.number({ error: POINT_OUT_OF_FRAME }).min(0, POINT_OUT_OF_FRAME).max(1, POINT_OUT_OF_FRAME);
const point = z.tuple([fraction, fraction], { error: POINT_OUT_OF_FRAME });
const colour = z.string({ error: COLOUR_FORMAT }).regex(/^#[0-9a-fA-F]{6}$/, COLOUR_FORMAT);

/** A shape over the frame (shared/practice.ts DrawingShape): coordinates in fractions of the frame. */
const shapeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('line'), from: point, to: point, color: colour }),
    z.strictObject({ kind: z.literal('arrow'), from: point, to: point, color: colour }),
    z.strictObject({
      kind: z.literal('circle'),
      center: point,
      radius: z.number({ error: POINT_OUT_OF_FRAME }).gt(0, POINT_OUT_OF_FRAME).max(1, POINT_OUT_OF_FRAME),
      color: colour,
    }),
  ],
  { error: SHAPE_KIND },
);

const drawingSchema = z.array(shapeSchema, { error: SHAPE_KIND }).max(DRAWING_MAX_SHAPES, DRAWING_TOO_BIG);
const momentSchema = z.number({ error: MOMENT_RANGE }).int(MOMENT_RANGE).min(0, MOMENT_RANGE).max(TAKE_MAX_SECONDS * 1000, MOMENT_RANGE);
const noteBody = multiLine(z.string({ error: WRITE_A_NOTE }).trim().max(NOTE_MAX, NOTE_TOO_LONG));

/** POST /api/practice/feedback/{id}/notes: a note at a moment of the take, text and/or a drawing. */
export const feedbackNoteSchema = z
  .object({ at_ms: momentSchema, body: noteBody.optional().default(''), drawing: drawingSchema.optional().default([]) })
  .refine((n) => n.body.length > 0 || n.drawing.length > 0, { message: WRITE_A_NOTE, path: ['body'] });

/** PATCH /api/practice/feedback/{id}/notes/{noteId}: any of the three; the note must keep text or a drawing. */
export const feedbackNotePatchSchema = z
  .object({ at_ms: momentSchema.optional(), body: noteBody.optional(), drawing: drawingSchema.optional() })
  .refine((n) => n.at_ms !== undefined || n.body !== undefined || n.drawing !== undefined, { message: CHANGE_SOMETHING });

/** POST /api/practice/feedback/{id}/answer: the verdict and an optional summary. */
export const feedbackAnswerSchema = z.object({
  verdict: z.enum(FEEDBACK_VERDICTS, { error: CHOOSE_A_VERDICT }),
  summary: multiLine(z.string({ error: SUMMARY_TOO_LONG }).trim().max(SUMMARY_MAX, SUMMARY_TOO_LONG)).optional().default(''),
});

/** POST /api/practice/feedback/{id}/notes/{noteId}/replies. */
export const feedbackReplySchema = z.object({
  body: multiLine(z.string({ error: WRITE_A_REPLY }).trim().min(1, WRITE_A_REPLY).max(REPLY_MAX, REPLY_TOO_LONG)),
});

export const FEEDBACK_QUEUE_TABS = ['waiting', 'overdue', 'answered'] as const;
export type FeedbackQueueTab = (typeof FEEDBACK_QUEUE_TABS)[number];

/** GET /api/instructor/feedback?status=&course_id=&learner_id=&cursor=. */
export const feedbackQueueQuerySchema = z.object({
  status: z.enum(FEEDBACK_QUEUE_TABS, { error: 'Status is waiting, overdue or answered' }).optional().default('waiting'),
  course_id: idSchema.optional(),
  learner_id: idSchema.optional(),
  cursor: cursorQuery,
});
