import { z } from 'zod';
// The lists come from the domain modules, not the table definitions: the site's editor bundles this module.
import {
  BUFFER_MINUTES_MAX,
  CANCELLATION_HOURS_MAX,
  CAPACITY_MAX,
  DURATION_MINUTES_MAX,
  DURATION_MINUTES_MIN,
  HORIZON_DAYS_MAX,
  isTimeZone,
  LANGUAGES,
  MIN_NOTICE_MAX_MINUTES,
  PACKAGE_LESSONS_MAX,
  PACKAGE_LESSONS_MIN,
  TIME_ZONE_INVALID,
  TRAVEL_RADIUS_MAX_MILES,
  ZIP_INVALID,
} from '../../worker/src/domain/bookings.ts';
import { uploadKeyOf } from '../../worker/src/domain/media-links.ts';
import { AGE_GROUPS, RESOURCE_LEVELS } from '../../worker/src/domain/store.ts';
import { multiLine, singleLine } from '../../worker/src/schemas/text.ts';

/**
 * The professional profile's forms (decision 0032): the profile itself, its lesson
 * types and its packages. Shared by the API and the editor at /connect/profile.
 *
 * Levels are the names of RESOURCE_LEVELS (domain/store.ts), the one list the store's forms
 * already use, so a level filter reads the same across the store and the directory.
 */

export const HEADLINE_MAX = 120;
export const BIO_MAX = 4000;
export const STYLES_MAX = 8;
export const LESSON_TITLE_MAX = 120;
export const LESSON_DESCRIPTION_MAX = 2000;
export const PACKAGE_TITLE_MAX = 120;
/** $100,000: a price above it is a typing mistake. */
export const PRICE_CENTS_MAX = 10_000_000;

export const LESSON_KIND_VALUES = ['private', 'group', 'masterclass', 'choreography'] as const;
export const LESSON_MODE_VALUES = ['online', 'in_person'] as const;

/** One seat for a private lesson; a group class or masterclass seats 2 to CAPACITY_MAX; choreography 1 to CAPACITY_MAX. */
export const PRIVATE_CAPACITY = 'A private lesson has one seat.';
export const GROUP_CAPACITY = `A group class or masterclass seats 2 to ${CAPACITY_MAX} people.`;
export const STYLE_NOT_FOUND = 'Choose dance styles from the list.';
export const PACKAGE_NOT_FOUND = 'Package not found';

const isUploadPath = (value: string) => uploadKeyOf(value) !== null && /^\/uploads\/[a-z0-9/.-]+$/i.test(value);

function isHttpsLink(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A picture or a video: a file uploaded here (POST /api/upload answers /uploads/… paths) or an https link; empty or null is none. */
const mediaUrl = (what: string) =>
  singleLine(
    z
      .string({ error: `${what} must be a link` })
      .trim()
      .max(2048, `${what} link is too long`),
  )
    .refine((v) => v === '' || isUploadPath(v) || isHttpsLink(v), `${what} must be an uploaded file or an https link`)
    .transform((v) => (v === '' ? null : v))
    .nullish()
    .transform((v) => v ?? null);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const uniqueList = <T extends string>(values: readonly [T, ...T[]], label: string) =>
  z
    .array(z.enum(values, { error: `Choose ${label} from the list` }), { error: `${label} must be a list` })
    .max(values.length)
    .transform((list) => [...new Set(list)])
    .default([]);

export const profileSchema = z
  .object({
    headline: singleLine(z.string({ error: 'Headline must be text' }).trim().max(HEADLINE_MAX, `Headline must be at most ${HEADLINE_MAX} characters`)).default(''),
    bio: multiLine(z.string({ error: 'Bio must be text' }).trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)).default(''),
    photo_url: mediaUrl('Photo'),
    video_url: mediaUrl('Video'),
    style_ids: z
      .array(z.number({ error: STYLE_NOT_FOUND }).int(STYLE_NOT_FOUND).positive(STYLE_NOT_FOUND), { error: 'Styles must be a list' })
      .transform((list) => [...new Set(list)])
      .refine((list) => list.length <= STYLES_MAX, `Choose at most ${STYLES_MAX} dance styles`)
      .default([]),
    levels: uniqueList(RESOURCE_LEVELS as unknown as [string, ...string[]], 'levels'),
    age_groups: uniqueList(AGE_GROUPS as unknown as [string, ...string[]], 'age groups'),
    languages: uniqueList(LANGUAGES as unknown as [string, ...string[]], 'languages'),
    offers_online: z.boolean({ error: 'Online must be yes or no' }).default(false),
    offers_in_person: z.boolean({ error: 'In person must be yes or no' }).default(false),
    zip: z
      .string({ error: ZIP_INVALID })
      .trim()
      .refine((v) => v === '' || /^\d{5}$/.test(v), ZIP_INVALID)
      .transform((v) => (v === '' ? null : v))
      .nullish()
      .transform((v) => v ?? null),
    travel_radius_miles: wholeNumber('Travel radius', 0, TRAVEL_RADIUS_MAX_MILES).default(0),
    /** Missing: the ZIP code's zone, else the profile's current one. */
    time_zone: z
      .string({ error: TIME_ZONE_INVALID })
      .trim()
      .refine((v) => isTimeZone(v), TIME_ZONE_INVALID)
      .optional(),
    meeting_url: singleLine(
      z
        .string({ error: 'Meeting link must be a link' })
        .trim()
        .max(2048, 'Meeting link is too long'),
    )
      .refine((v) => v === '' || isHttpsLink(v), 'Meeting link must be an https link')
      .transform((v) => (v === '' ? null : v))
      .nullish()
      .transform((v) => v ?? null),
    /** The booking rules; missing: the profile's current ones, or for a new profile the admin's booking policy defaults (/admin/settings). */
    min_notice_minutes: wholeNumber('Minimum notice', 0, MIN_NOTICE_MAX_MINUTES).optional(),
    horizon_days: wholeNumber('Booking horizon', 1, HORIZON_DAYS_MAX).optional(),
    buffer_minutes: wholeNumber('Buffer', 0, BUFFER_MINUTES_MAX).optional(),
    cancellation_hours: wholeNumber('Cancellation notice', 0, CANCELLATION_HOURS_MAX).optional(),
    premium_listing: z.boolean({ error: 'Premium listing must be yes or no' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.offers_in_person && !value.zip) ctx.addIssue({ code: 'custom', path: ['zip'], message: 'Enter the ZIP code you teach from to offer lessons in person.' });
  });

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

const kindSchema = z.enum(LESSON_KIND_VALUES, { error: 'Choose a lesson kind' });
const modeSchema = z.enum(LESSON_MODE_VALUES, { error: 'Choose online or in person' });

const lessonFields = {
  kind: kindSchema,
  title: singleLine(z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(LESSON_TITLE_MAX, `Title must be at most ${LESSON_TITLE_MAX} characters`)),
  description: multiLine(z.string({ error: 'Description must be text' }).trim().max(LESSON_DESCRIPTION_MAX, `Description must be at most ${LESSON_DESCRIPTION_MAX} characters`)),
  duration_minutes: wholeNumber('Duration', DURATION_MINUTES_MIN, DURATION_MINUTES_MAX),
  price_cents: wholeNumber('Price', 0, PRICE_CENTS_MAX),
  capacity: wholeNumber('Capacity', 1, CAPACITY_MAX),
  mode: modeSchema,
  active: z.boolean({ error: 'Active must be yes or no' }),
};

/** The capacity a kind allows: private 1, group and masterclass 2–100, choreography 1–100. */
export function capacityProblem(kind: (typeof LESSON_KIND_VALUES)[number], capacity: number): string | null {
  if (kind === 'private') return capacity === 1 ? null : PRIVATE_CAPACITY;
  if (kind === 'group' || kind === 'masterclass') return capacity >= 2 ? null : GROUP_CAPACITY;
  return null;
}

/** POST: a private lesson's capacity may be left out (1). */
export const lessonTypeCreateSchema = z
  .object({
    ...lessonFields,
    description: lessonFields.description.default(''),
    capacity: lessonFields.capacity.optional(),
    mode: lessonFields.mode.default('online'),
    active: lessonFields.active.default(true),
  })
  .transform((v) => ({ ...v, capacity: v.capacity ?? (v.kind === 'private' || v.kind === 'choreography' ? 1 : 0) }))
  .superRefine((v, ctx) => {
    const problem = v.capacity === 0 ? GROUP_CAPACITY : capacityProblem(v.kind, v.capacity);
    if (problem) ctx.addIssue({ code: 'custom', path: ['capacity'], message: problem });
  });

/** PATCH: any of the fields; the capacity rule is checked on the merged type. */
export const lessonTypePatchSchema = z
  .object(lessonFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

export type LessonTypeInput = z.input<typeof lessonTypeCreateSchema>;
export type LessonTypeValues = z.output<typeof lessonTypeCreateSchema>;
export type LessonTypePatch = z.output<typeof lessonTypePatchSchema>;

const packageFields = {
  lesson_type_id: z.number({ error: 'Choose a lesson type' }).int('Choose a lesson type').positive('Choose a lesson type'),
  title: singleLine(z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(PACKAGE_TITLE_MAX, `Title must be at most ${PACKAGE_TITLE_MAX} characters`)),
  lessons_count: wholeNumber('Lessons', PACKAGE_LESSONS_MIN, PACKAGE_LESSONS_MAX),
  price_cents: wholeNumber('Price', 1, PRICE_CENTS_MAX),
  active: z.boolean({ error: 'Active must be yes or no' }),
};

export const packageCreateSchema = z.object({ ...packageFields, active: packageFields.active.default(true) });
export const packagePatchSchema = z
  .object(packageFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');

export type PackageInput = z.input<typeof packageCreateSchema>;
export type PackageValues = z.output<typeof packageCreateSchema>;
export type PackagePatch = z.output<typeof packagePatchSchema>;
