/**
 * Connect & Book's pure rules and texts (decision 0032): lesson kinds and their labels, booking
 * bounds, the cancellation policy, distance between two places. No database, no I/O, no
 * time-zone library (the slot generator is `domain/booking-slots.ts`): safe to import from the
 * site.
 */
import type { BookingStatus, LessonKind, LessonMode } from '../../../db/schema/bookings.ts';

export type { BookingStatus, LessonKind, LessonMode };

export const LESSON_KIND_LABELS: Readonly<Record<LessonKind, string>> = {
  private: 'Private lesson',
  group: 'Group class',
  masterclass: 'Masterclass',
  choreography: 'Choreography',
};

export const LESSON_MODE_LABELS: Readonly<Record<LessonMode, string>> = {
  online: 'Online',
  in_person: 'In person',
};

/** How a booking's status reads to a person ("completed" is a confirmed booking that has ended). */
export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus | 'completed', string>> = {
  held: 'Awaiting payment',
  offered: 'Place offered',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  expired: 'Expired',
  completed: 'Completed',
};

/** The languages a profile may list (the directory filters by them). */
export const LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Portuguese', 'Italian', 'Mandarin', 'Japanese', 'Korean', 'Hindi', 'Arabic', 'Russian'] as const;

// Bounds of an instructor's booking rules (the CHECK of instructor_profiles says the same).
export const MIN_NOTICE_MAX_MINUTES = 14 * 24 * 60;
export const HORIZON_DAYS_MAX = 365;
export const BUFFER_MINUTES_MAX = 240;
export const CANCELLATION_HOURS_MAX = 720;
export const TRAVEL_RADIUS_MAX_MILES = 500;
/** Lesson type bounds (lesson_types CHECK). */
export const DURATION_MINUTES_MIN = 15;
export const DURATION_MINUTES_MAX = 480;
export const CAPACITY_MAX = 100;
export const PACKAGE_LESSONS_MIN = 2;
export const PACKAGE_LESSONS_MAX = 50;
export const NOTE_MAX_LENGTH = 1000;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
/** Open slots start on this grid of the instructor's local time (minutes past the hour). */
export const SLOT_STEP_MINUTES = 30;
/** The most days one slots request may cover. */
export const SLOT_RANGE_MAX_DAYS = 31;

/** A waitlist offer keeps the freed place this long (never past the session's start less the minimum notice). */
export const WAITLIST_OFFER_MINUTES = 120;
/** The reminder goes this long before a confirmed booking starts. */
export const REMINDER_HOURS = 24;
/** Unpaid holds one person may keep at once (each keeps a seat for the checkout's lifetime). */
export const HOLDS_MAX_PER_USER = 3;
export const TOO_MANY_HOLDS = `You have ${HOLDS_MAX_PER_USER} bookings waiting for payment. Complete or cancel one in My Bookings before holding another time.`;
/** A booker may move a booking this many times. */
export const RESCHEDULE_MAX = 3;

export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_PAGE_SIZE_MAX = 48;
/**
 * The directory counts its matches up to this many and pages no deeper (decision 0072): a count or
 * a page reads at most this many rows of an index, whatever the directory's size.
 */
export const DIRECTORY_COUNT_MAX = 1000;
/** The deepest page the directory's address names (its default page size into the count's bound). */
export const DIRECTORY_PAGES_MAX = Math.ceil(DIRECTORY_COUNT_MAX / DIRECTORY_PAGE_SIZE);
/** Near a ZIP code, the in-person profiles read at most from each travel band's box (decision 0072). */
export const DIRECTORY_NEARBY_MAX = 2000;
export const DIRECTORY_SORTS = ['recommended', 'distance', 'rating', 'price_low', 'price_high'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DEFAULT_SEARCH_RADIUS_MILES = 50;

// Messages (no fixed wording exists for bookings; these are ours, kept in one place).
export const SLOT_TAKEN = 'This time was just taken by someone else. Please choose another time.';
export const SESSION_FULL = 'This class is full. You can join the waitlist and we will offer you a place if one frees up.';
export const SLOT_UNAVAILABLE = 'This time is not open for booking. Please choose another time.';
export const INSTRUCTOR_NOT_FOUND = 'Instructor not found';
export const LESSON_TYPE_NOT_FOUND = 'Lesson type not found';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const OWN_BOOKING = 'You cannot book yourself.';
export const PROFILE_NOT_FOUND = 'Create your professional profile first.';
export const PROFILE_INCOMPLETE = 'Add a headline, a bio, at least one dance style, one lesson type, your weekly hours, and where you teach (online or a ZIP code) before publishing.';
export const PROFILE_SUSPENDED = 'Your profile is suspended. Contact us to find out why.';
export const ZIP_NOT_FOUND = 'ZIP code not found';
export const ZIP_INVALID = 'Enter a 5-digit US ZIP code.';
export const TIME_ZONE_INVALID = 'Choose a valid time zone.';
export const CANCEL_NOT_ALLOWED = 'This booking can no longer be cancelled.';
export const RESCHEDULE_NOT_ALLOWED = 'This booking can no longer be rescheduled.';
export const REVIEW_NOT_ALLOWED = 'You can review an instructor after a completed lesson.';
export const REVIEW_EXISTS = 'You have already reviewed this booking.';
export const NO_CREDITS = 'This package has no lessons left.';
export const WAITLIST_EXISTS = 'You are already on the waitlist for this time.';
export const WAITLIST_NOT_NEEDED = 'This time is still open: book it directly.';
export const OFFER_EXPIRED = 'This offer has expired.';
export const STYLE_IN_USE = 'This style is in use. Hide it instead of deleting it.';
export const STYLE_EXISTS = 'A style with this name already exists.';

/**
 * The refund policy (decision 0032): a booker's cancellation at least `cancellationHours` before the start
 * is refunded in full, a later one not at all. The instructor's or an admin's cancellation, a
 * decline and a suspension always refund in full.
 */
export type Canceller = 'booker' | 'instructor' | 'admin' | 'system';

export function isTimelyCancellation(startsAt: string | Date, cancellationHours: number, now: Date = new Date()): boolean {
  const start = typeof startsAt === 'string' ? Date.parse(startsAt) : startsAt.getTime();
  return start - now.getTime() >= cancellationHours * 3_600_000;
}

/** What a cancellation gives back of `paidCents`, and whether a package credit returns. */
export function cancellationOutcome(
  by: Canceller,
  booking: { startsAt: string; paidCents: number },
  cancellationHours: number,
  now: Date = new Date(),
): { refundCents: number; creditReturns: boolean } {
  const full = by !== 'booker' || isTimelyCancellation(booking.startsAt, cancellationHours, now);
  return { refundCents: full ? booking.paidCents : 0, creditReturns: full };
}

/** The cutoff text shown beside a booking: "Free cancellation until Tue, Dec 1, 9:00 AM". */
export function cancellationDeadline(startsAt: string, cancellationHours: number): Date {
  return new Date(Date.parse(startsAt) - cancellationHours * 3_600_000);
}

/** Great-circle distance in miles between two points (haversine). */
export function distanceMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A valid IANA zone name (as the runtime's Intl knows it). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** "BK-7K3F9Q2M": a booking's number. */
export function newBookingNumber(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `BK-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}
