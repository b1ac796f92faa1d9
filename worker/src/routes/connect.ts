import { Hono } from 'hono';
import { z } from 'zod';
import { LESSON_KINDS } from '../../../db/schema/bookings.ts';
import type { AppContext } from '../app-context.ts';
import { DEFAULT_SEARCH_RADIUS_MILES, DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE_MAX, DIRECTORY_SORTS, TRAVEL_RADIUS_MAX_MILES, ZIP_INVALID } from '../domain/bookings.ts';
import { RESOURCE_LEVELS } from '../domain/store.ts';
import { cachePublic } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { idParamSchema, pageQuery } from '../schemas/users.ts';
import { searchDirectory } from '../services/connect/directory.ts';
import { getPublicProfile, listInstructorReviews } from '../services/connect/public-profile.ts';
import { ZIP_PATTERN } from '../services/connect/zipcode.ts';
import { singleLine } from '../schemas/text.ts';

/**
 * The public side of Connect & Book (decision 0032): the directory, an instructor's public
 * profile and their reviews. The same for every visitor: kept in the public cache under the
 * `connect` version, which the triggers of migration 0011 move on every write they read.
 */

const emptyIsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(emptyIsUndefined, z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).optional());
const dollarsQuery = (label: string) =>
  z.preprocess(
    emptyIsUndefined,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be at least 0`)
      .max(100_000, `${label} must be at most 100000`)
      .optional(),
  );

export const directoryQuerySchema = z
  .object({
    // A slug; a style's name is forgiven ("Hip Hop" is hip-hop).
    style: z.preprocess(emptyIsUndefined, singleLine(z.string().trim().toLowerCase().max(80, 'Style must be at most 80 characters')).transform((s) => s.replace(/\s+/g, '-')).optional()),
    lessonType: oneOf(LESSON_KINDS, 'Lesson type'),
    level: oneOf(RESOURCE_LEVELS, 'Level'),
    minPrice: dollarsQuery('Minimum price'),
    maxPrice: dollarsQuery('Maximum price'),
    mode: oneOf(['online', 'in_person'] as const, 'Mode'),
    zip: z.preprocess(emptyIsUndefined, z.string().trim().regex(ZIP_PATTERN, ZIP_INVALID).optional()),
    radius: z.preprocess(
      emptyIsUndefined,
      z.coerce
        .number({ error: 'Radius must be a number' })
        .int('Radius must be a whole number of miles')
        .min(1, 'Radius must be at least 1 mile')
        .max(TRAVEL_RADIUS_MAX_MILES, `Radius must be at most ${TRAVEL_RADIUS_MAX_MILES} miles`)
        .default(DEFAULT_SEARCH_RADIUS_MILES),
    ),
    sort: z.preprocess(emptyIsUndefined, z.enum(DIRECTORY_SORTS, { error: `Sort must be one of: ${DIRECTORY_SORTS.join(', ')}` }).default('recommended')),
    page: pageQuery,
    pageSize: z.preprocess(
      emptyIsUndefined,
      z.coerce
        .number({ error: 'Page size must be a number' })
        .int('Page size must be a whole number')
        .min(1, 'Page size must be at least 1')
        .max(DIRECTORY_PAGE_SIZE_MAX, `Page size must be at most ${DIRECTORY_PAGE_SIZE_MAX}`)
        .default(DIRECTORY_PAGE_SIZE),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'Maximum price must be at least the minimum price' });
    }
  });

const reviewsQuerySchema = z.object({ page: pageQuery });

export const connectRoutes = new Hono<AppContext>()
  .get('/connect/instructors', validate('query', directoryQuerySchema), async (c) => {
    cachePublic(c, 'connect');
    return c.json(await searchDirectory(c.get('platform').db, c.req.valid('query')), 200);
  })
  .get('/connect/instructors/:id', validate('param', idParamSchema), async (c) => {
    cachePublic(c, 'connect');
    return c.json(await getPublicProfile(c.get('platform').db, c.req.valid('param').id), 200);
  })
  .get('/connect/instructors/:id/reviews', validate('param', idParamSchema), validate('query', reviewsQuerySchema), async (c) => {
    cachePublic(c, 'connect');
    return c.json(await listInstructorReviews(c.get('platform').db, c.req.valid('param').id, c.req.valid('query').page), 200);
  });
