import { z } from 'zod';
import {
  PRACTICE_REPORT_TARGETS,
  REPORT_REASON_MAX,
  TAKE_MAX_SECONDS,
  TAKE_OFFSET_MAX_MS,
  TAKE_SOURCES,
  TAKE_SPEEDS,
  TAKE_TOO_LONG,
  WRITE_A_REASON,
} from '../../../shared/practice.ts';
import { multiLine } from './text.ts';
import { cursorQuery, idSchema } from './users.ts';

/** The practice room's takes and reports (decision 0070): the bodies and queries of routes/practice.ts. */

export const lessonIdParamSchema = z.object({ lessonId: idSchema });

const OFFSET_RANGE = `The offset must be a whole number of milliseconds within ±${TAKE_OFFSET_MAX_MS / 1000} seconds`;
const SPEED_CHOICE = `Speed must be ${TAKE_SPEEDS.join(', ').replace(/, (?=[^,]*$)/, ' or ')}`;

/** A form field holding a whole number of milliseconds (multipart fields are text). */
const millis = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^-?\d{1,9}$/, message)
    .transform(Number);

/**
 * The fields of POST /api/practice/lessons/{lessonId}/takes beside the file: where the take lies
 * on the reference (start, end, speed) and where its own 0 is (offset). The duration is the
 * browser's reading of the file (a recording's length, or an uploaded file's metadata).
 */
export const takeFieldsSchema = z
  .object({
    source: z.enum(TAKE_SOURCES, { error: 'Source must be recorded or uploaded' }),
    duration_ms: millis('Give the take’s length in milliseconds').pipe(
      z.number().int().min(1, 'Give the take’s length in milliseconds').max(TAKE_MAX_SECONDS * 1000, TAKE_TOO_LONG),
    ),
    ref_start_ms: millis('The start on the reference must be a whole number of milliseconds')
      .pipe(z.number().int().min(0, 'The start on the reference cannot be negative'))
      .optional()
      .default(0),
    ref_end_ms: z
      .union([z.literal(''), millis('The end on the reference must be a whole number of milliseconds').pipe(z.number().int().min(1, 'The end on the reference must be after its start'))])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
    speed: z
      .string({ error: SPEED_CHOICE })
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return 1;
        const n = Number(v);
        if (!(TAKE_SPEEDS as readonly number[]).includes(n)) {
          ctx.addIssue({ code: 'custom', message: SPEED_CHOICE });
          return z.NEVER;
        }
        return n;
      }),
    offset_ms: millis(OFFSET_RANGE)
      .pipe(z.number().int().min(-TAKE_OFFSET_MAX_MS, OFFSET_RANGE).max(TAKE_OFFSET_MAX_MS, OFFSET_RANGE))
      .optional()
      .default(0),
  })
  .refine((f) => f.ref_end_ms === null || f.ref_end_ms > f.ref_start_ms, { message: 'The end on the reference must be after its start', path: ['ref_end_ms'] });

export type TakeFields = z.infer<typeof takeFieldsSchema>;

/** PATCH /api/practice/takes/{id}: the take lined up again with the reference. */
export const takeOffsetSchema = z.object({
  offset_ms: z
    .number({ error: OFFSET_RANGE })
    .int(OFFSET_RANGE)
    .min(-TAKE_OFFSET_MAX_MS, OFFSET_RANGE)
    .max(TAKE_OFFSET_MAX_MS, OFFSET_RANGE),
});

const REASON_TOO_LONG = `Keep the reason within ${REPORT_REASON_MAX} characters`;

/** POST /api/practice/reports: a take, a note or a reply reported, with why. */
export const practiceReportSchema = z.object({
  target_kind: z.enum(PRACTICE_REPORT_TARGETS, { error: 'Report a take, a note or a reply' }),
  target_id: z.number({ error: 'Say which item you are reporting' }).int('Say which item you are reporting').positive('Say which item you are reporting'),
  reason: multiLine(z.string({ error: WRITE_A_REASON }).trim().min(1, WRITE_A_REASON).max(REPORT_REASON_MAX, REASON_TOO_LONG)),
});

export const PRACTICE_REPORT_STATUS_FILTERS = ['open', 'dismissed', 'actioned'] as const;

/** GET /api/admin/practice-reports?status=&cursor=: a page of the queue, newest first. */
export const practiceReportListQuerySchema = z.object({
  status: z.enum(PRACTICE_REPORT_STATUS_FILTERS, { error: 'Status must be open, dismissed or actioned' }).optional().default('open'),
  cursor: cursorQuery,
});

/** POST /api/admin/practice-reports/{id}: what the moderator decided. */
export const practiceReportActionSchema = z.object({
  action: z.enum(['dismiss', 'hide'], { error: 'Choose Dismiss or Hide' }),
});
