import { z } from 'zod';
import { BOOKING_STATUSES, PROFILE_STATUSES } from '../../../db/schema/bookings.ts';
import { choiceQuery, keysetPageQuery, pageQuery, pageSizeQuery, searchQuery } from './users.ts';
import { multiLine, singleLine } from './text.ts';

/** The API's schemas of the Connect & Book admin screens (decision 0032). */

export const STYLE_NAME_MAX = 60;
export const STYLE_DESCRIPTION_MAX = 500;
export const SUSPEND_REASON_MAX = 500;
export const CANCEL_REASON_MAX = 500;

const styleName = singleLine(
  z
    .string({ error: 'Name must be text' })
    .trim()
    .min(1, 'Name is required')
    .max(STYLE_NAME_MAX, `Name must be at most ${STYLE_NAME_MAX} characters`)
    .regex(/[\p{L}\p{N}]/u, 'Name needs at least one letter or digit'),
);
const styleDescription = multiLine(
  z
    .string({ error: 'Description must be text' })
    .trim()
    .max(STYLE_DESCRIPTION_MAX, `Description must be at most ${STYLE_DESCRIPTION_MAX} characters`),
);
const stylePosition = z
  .number({ error: 'Position must be a number' })
  .int('Position must be a whole number')
  .min(0, 'Position cannot be negative')
  .max(10_000, 'Position must be at most 10000');

export const createStyleSchema = z.object({
  name: styleName,
  description: styleDescription.optional(),
  position: stylePosition.optional(),
});
export type CreateStyleInput = z.output<typeof createStyleSchema>;

export const updateStyleSchema = z
  .object({
    name: styleName.optional(),
    description: styleDescription.optional(),
    hidden: z.boolean({ error: 'hidden must be true or false' }).optional(),
    position: stylePosition.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateStyleInput = z.output<typeof updateStyleSchema>;

/** A date filter 'YYYY-MM-DD' (UTC day), or empty for none. */
const dateQuery = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), `${label} must be a date (YYYY-MM-DD)`);

const optionalId = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number({ error: 'Instructor must be a number' }).int('Instructor must be a whole number').min(1, 'Instructor must be at least 1').optional(),
);

/** GET /api/admin/bookings. */
export const adminBookingsQuerySchema = z
  .object({
    instructorId: optionalId,
    status: choiceQuery([...BOOKING_STATUSES, 'upcoming', 'completed'] as const, 'Unknown status'),
    from: dateQuery('From'),
    to: dateQuery('To'),
    q: searchQuery,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'From must be on or before To', path: ['to'] })
  .and(keysetPageQuery(20));
export type AdminBookingsQuery = z.output<typeof adminBookingsQuerySchema>;

const reasonSchema = (label: string, max: number) =>
  multiLine(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  );

export const adminCancelBookingSchema = z.object({ reason: reasonSchema('Reason', CANCEL_REASON_MAX) });

/** GET /api/admin/instructors. */
export const adminInstructorsQuerySchema = z.object({
  status: choiceQuery(PROFILE_STATUSES, 'Unknown status'),
  q: searchQuery,
  page: pageQuery,
  pageSize: pageSizeQuery(20),
});
export type AdminInstructorsQuery = z.output<typeof adminInstructorsQuerySchema>;

/** PATCH /api/admin/instructors/{id}: a suspension needs its reason. */
export const adminUpdateInstructorSchema = z
  .object({
    verified: z.boolean({ error: 'verified must be true or false' }).optional(),
    suspended: z.boolean({ error: 'suspended must be true or false' }).optional(),
    reason: multiLine(
      z
        .string({ error: 'Reason must be text' })
        .trim()
        .max(SUSPEND_REASON_MAX, `Reason must be at most ${SUSPEND_REASON_MAX} characters`),
    ).optional(),
  })
  .refine((v) => v.verified !== undefined || v.suspended !== undefined, { message: 'Nothing to change' })
  .refine((v) => v.suspended !== true || !!v.reason, { message: 'Give a reason for the suspension', path: ['reason'] });
export type AdminUpdateInstructorInput = z.output<typeof adminUpdateInstructorSchema>;
