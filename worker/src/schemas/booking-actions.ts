import { z } from 'zod';
import { REVIEW_COMMENT_MAX_LENGTH } from '../domain/bookings.ts';
import { multiLine, singleLine } from './text.ts';

/** Bodies and queries of the routes after a booking (decision 0032). */

export const REASON_MAX_LENGTH = 500;
const instant = z.iso.datetime({ offset: true, message: 'Enter a date and time (ISO 8601).' });

export const cancelBookingSchema = z.object({
  reason: multiLine(z.string().trim().max(REASON_MAX_LENGTH, `Keep the reason under ${REASON_MAX_LENGTH} characters.`)).optional(),
});

export const declineBookingSchema = z.object({
  reason: multiLine(z.string().trim().max(REASON_MAX_LENGTH, `Keep the reason under ${REASON_MAX_LENGTH} characters.`)).optional().default(''),
});

export const rescheduleBookingSchema = z.object({ startsAt: instant });

export const reviewBookingSchema = z.object({
  rating: z.number({ message: 'Choose a rating from 1 to 5.' }).int('Choose a rating from 1 to 5.').min(1, 'Choose a rating from 1 to 5.').max(5, 'Choose a rating from 1 to 5.'),
  comment: multiLine(z.string().max(REVIEW_COMMENT_MAX_LENGTH, `Keep the comment under ${REVIEW_COMMENT_MAX_LENGTH} characters.`)).default(''),
});

export const joinWaitlistSchema = z.object({
  instructorId: z.number({ error: 'Choose an instructor' }).int('Choose an instructor').positive('Choose an instructor'),
  lessonTypeId: z.number({ error: 'Choose a lesson type' }).int('Choose a lesson type').positive('Choose a lesson type'),
  startsAt: instant,
  timeZone: singleLine(z.string({ error: 'Your time zone is missing' }).min(1, 'Your time zone is missing').max(64, 'Time zone must be at most 64 characters')),
});

export const acceptOfferSchema = z.object({ packagePurchaseId: z.number().int().positive().optional() }).default({});

export const INSTRUCTOR_BOOKING_SCOPES = ['upcoming', 'past', 'cancelled', 'all'] as const;
export const instructorBookingsQuerySchema = z.object({
  scope: z.enum(INSTRUCTOR_BOOKING_SCOPES).default('upcoming'),
  status: z.enum(['held', 'offered', 'confirmed', 'cancelled', 'declined', 'expired', 'completed']).optional(),
});

export const calendarTokenParamSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,128}\.ics$/, 'Calendar not found') });

