import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { isLocalDate } from '../domain/booking-slots.ts';
import { SLOT_RANGE_MAX_DAYS } from '../domain/bookings.ts';
import { markNoStore } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { openSlots } from '../services/bookings/slots.ts';

/**
 * GET /api/connect/instructors/{id}/slots (decision 0032): public, published profiles only. Live
 * data (holds come and go by the minute): never cached.
 */

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(Number.MAX_SAFE_INTEGER, `${label} is too large`);

export const slotsParamSchema = z.object({ id: positiveId('Instructor id') });
export const slotsQuerySchema = z.object({
  lessonTypeId: positiveId('Lesson type'),
  from: z.string().refine(isLocalDate, 'from must be a date as YYYY-MM-DD').optional(),
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(SLOT_RANGE_MAX_DAYS, `days must be at most ${SLOT_RANGE_MAX_DAYS}`)
    .optional(),
});

export const bookingSlotsRoutes = new Hono<AppContext>().get(
  '/connect/instructors/:id/slots',
  validate('param', slotsParamSchema),
  validate('query', slotsQuerySchema),
  async (c) => {
    markNoStore(c);
    c.header('Cache-Control', 'no-store');
    const query = c.req.valid('query');
    return c.json(await openSlots(c.get('platform').db, { instructorId: c.req.valid('param').id, ...query }), 200);
  },
);
