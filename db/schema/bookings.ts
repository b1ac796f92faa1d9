import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orders } from './commerce.ts';
import { danceStyles } from './taxonomy.ts';
import { users } from './users.ts';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * Connect & Book (decision 0032): professional profiles in a public directory, lesson types
 * with a duration, price and capacity, weekly availability in the instructor's own IANA time
 * zone, bookings paid through checkout, lesson packages (credits), waitlists and reviews.
 *
 * Times: a booking's `starts_at`/`ends_at` are UTC instants (ISO 8601 with Z); availability is
 * local wall time ('HH:MM', weekday 1 = Monday … 7 = Sunday, dates 'YYYY-MM-DD') in the
 * profile's `time_zone`, turned into instants by the slot generator.
 */

export const LESSON_KINDS = ['private', 'group', 'masterclass', 'choreography'] as const;
export const LESSON_MODES = ['online', 'in_person'] as const;
export const PROFILE_STATUSES = ['draft', 'published', 'suspended'] as const;
/**
 * held: a checkout is open for it (until hold_expires_at); offered: a waitlist offer keeps the
 * place for one person (until hold_expires_at); confirmed: paid (or paid with a package credit);
 * cancelled: by the booker, the instructor or an admin; declined: by the instructor; expired: the
 * hold or offer ran out unpaid. "Completed" is a confirmed booking whose end has passed.
 */
export const BOOKING_STATUSES = ['held', 'offered', 'confirmed', 'cancelled', 'declined', 'expired'] as const;
/** The statuses that occupy a seat (the partial unique index below). */
export const ACTIVE_BOOKING_STATUSES = ['held', 'offered', 'confirmed'] as const;
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;
export const PACKAGE_PURCHASE_STATUSES = ['active', 'refunded'] as const;

/**
 * The travel radii (miles, inclusive) the directory's place indexes split the profiles by (decision
 * 0072): a search near a place reads each band's box, as wide as the search radius plus the band's
 * largest travel radius, so the many who travel little are read from a narrow box.
 */
export const DIRECTORY_TRAVEL_BANDS = [
  [0, 25],
  [26, 100],
  [101, 500],
] as const;

/** One professional profile per user; publishing it puts it in the directory. */
export const instructorProfiles = sqliteTable(
  'instructor_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    headline: text('headline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    photoUrl: text('photo_url'),
    videoUrl: text('video_url'),
    /** JSON string arrays: level names (Beginner …), age group names, languages ("English"). */
    levels: text('levels').notNull().default('[]'),
    ageGroups: text('age_groups').notNull().default('[]'),
    languages: text('languages').notNull().default('[]'),
    offersOnline: integer('offers_online', { mode: 'boolean' }).notNull().default(false),
    offersInPerson: integer('offers_in_person', { mode: 'boolean' }).notNull().default(false),
    /** In-person location by US ZIP code, resolved by /api/zipcode-lookup's dataset when saved. */
    zip: text('zip'),
    city: text('city'),
    state: text('state'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    travelRadiusMiles: integer('travel_radius_miles').notNull().default(0),
    /** IANA zone the weekly hours are written in. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** The video-call link online lessons are joined by (shown to confirmed bookers). */
    meetingUrl: text('meeting_url'),
    /** Booking rules: earliest booking from now, furthest day ahead, gap kept after each booking. */
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(720),
    horizonDays: integer('horizon_days').notNull().default(60),
    bufferMinutes: integer('buffer_minutes').notNull().default(15),
    /** Cancellation policy: a booker's cancellation at least this many hours before is refunded in full, later not at all. */
    cancellationHours: integer('cancellation_hours').notNull().default(24),
    /** The instructor asks for the premium listing; it shows only while their plan reaches the gate (FEATURES.premium_directory_listing). */
    premiumListing: integer('premium_listing', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: PROFILE_STATUSES }).notNull().default('draft'),
    verified: integer('verified', { mode: 'boolean' }).notNull().default(false),
    suspendedReason: text('suspended_reason'),
    /** Secret of the private ICS feed URL (rotatable). */
    calendarToken: text('calendar_token').notNull(),
    publishedAt: text('published_at'),
    /**
     * Payouts of an instructor who is not a store seller (decision 0032 addendum): their Stripe
     * Connect Express account (or the test provider's simulated one) and whether it takes payouts.
     * An approved store seller's account stays on seller_profiles.
     */
    connectAccountId: text('connect_account_id'),
    payoutsEnabled: integer('payouts_enabled', { mode: 'boolean' }).notNull().default(false),
    /**
     * The directory's sort keys, kept by triggers (migration `directory_sort_keys`) in the statement of each
     * write they follow (decision 0072): the card's name in lower case (the user's names), the
     * visible reviews' count and average in tenths, the lowest active lesson price.
     */
    sortName: text('sort_name').notNull().default(''),
    reviewCount: integer('review_count').notNull().default(0),
    ratingTenths: integer('rating_tenths'),
    priceFromCents: integer('price_from_cents'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('instructor_profiles_calendar_token_unique').on(t.calendarToken),
    index('instructor_profiles_status_idx').on(t.status),
    // One index per directory order (decision 0072): a page is a walk of its index that the LIMIT stops.
    index('instructor_profiles_recommended_idx').on(t.status, sql`verified DESC`, sql`rating_tenths DESC`, sql`review_count DESC`, t.sortName, t.userId),
    index('instructor_profiles_premium_idx')
      .on(t.status, sql`verified DESC`, sql`rating_tenths DESC`, sql`review_count DESC`, t.sortName, t.userId)
      .where(sql`${t.premiumListing} = 1`),
    index('instructor_profiles_rating_idx').on(t.status, sql`rating_tenths DESC`, sql`review_count DESC`, sql`verified DESC`, t.sortName, t.userId),
    index('instructor_profiles_price_low_idx').on(t.status, t.priceFromCents, sql`verified DESC`, sql`rating_tenths DESC`, sql`review_count DESC`, t.sortName, t.userId),
    index('instructor_profiles_price_high_idx').on(t.status, sql`price_from_cents DESC`, sql`verified DESC`, sql`rating_tenths DESC`, sql`review_count DESC`, t.sortName, t.userId),
    // Near a ZIP code: a latitude band of the published in-person profiles per travel band, as wide
    // as the search radius plus the band's largest travel; longitude and travel read from the index.
    ...DIRECTORY_TRAVEL_BANDS.map(([low, high]) =>
      index(`instructor_profiles_place_to${high}_idx`)
        .on(t.status, t.offersInPerson, t.latitude, t.longitude, t.travelRadiusMiles)
        .where(sql`${t.travelRadiusMiles} BETWEEN ${sql.raw(String(low))} AND ${sql.raw(String(high))}`),
    ),
    check('instructor_profiles_rules', sql`${t.minNoticeMinutes} >= 0 AND ${t.horizonDays} BETWEEN 1 AND 365 AND ${t.bufferMinutes} BETWEEN 0 AND 240
      AND ${t.cancellationHours} BETWEEN 0 AND 720 AND ${t.travelRadiusMiles} BETWEEN 0 AND 500`),
  ],
);

export const instructorStyles = sqliteTable(
  'instructor_styles',
  {
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructorProfiles.userId, { onDelete: 'cascade' }),
    styleId: integer('style_id')
      .notNull()
      .references(() => danceStyles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.instructorId, t.styleId] }), index('instructor_styles_style_idx').on(t.styleId)],
);

/** What an instructor offers: private, group, masterclass or choreography, each with a duration, price and capacity. */
export const lessonTypes = sqliteTable(
  'lesson_types',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructorProfiles.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LESSON_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Seats per session: 1 for a private lesson; a group class fills to it. */
    capacity: integer('capacity').notNull().default(1),
    mode: text('mode', { enum: LESSON_MODES }).notNull().default('online'),
    /** An inactive type is offered no more (its bookings stay). */
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('lesson_types_instructor_idx').on(t.instructorId),
    check('lesson_types_values', sql`${t.durationMinutes} BETWEEN 15 AND 480 AND ${t.priceCents} >= 0 AND ${t.capacity} BETWEEN 1 AND 100`),
  ],
);

/** Weekly hours: on `weekday` (1 = Monday … 7 = Sunday) from `start_time` to `end_time`, local 'HH:MM'. */
export const availabilityRules = sqliteTable(
  'availability_rules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructorProfiles.userId, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [
    index('availability_rules_instructor_idx').on(t.instructorId),
    check('availability_rules_values', sql`${t.weekday} BETWEEN 1 AND 7 AND ${t.startTime} < ${t.endTime}`),
  ],
);

/**
 * A date's own hours, replacing the weekly hours that day: rows with times are the hours; one row
 * without times is a day off.
 */
export const availabilityOverrides = sqliteTable(
  'availability_overrides',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructorProfiles.userId, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
  },
  (t) => [
    index('availability_overrides_instructor_date_idx').on(t.instructorId, t.date),
    check('availability_overrides_values', sql`(${t.startTime} IS NULL AND ${t.endTime} IS NULL) OR (${t.startTime} < ${t.endTime})`),
  ],
);

/** N lessons of one type at a price; bought through checkout (kind PACKAGE). */
export const lessonPackages = sqliteTable(
  'lesson_packages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => instructorProfiles.userId, { onDelete: 'cascade' }),
    lessonTypeId: integer('lesson_type_id')
      .notNull()
      .references(() => lessonTypes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    lessonsCount: integer('lessons_count').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('lesson_packages_instructor_idx').on(t.instructorId),
    check('lesson_packages_values', sql`${t.lessonsCount} BETWEEN 2 AND 50 AND ${t.priceCents} > 0`),
  ],
);

/**
 * A bought package: its credits. Used credits are counted from the bookings made with it
 * (confirmed, held or offered, or cancelled late: `credit_forfeited`), so a timely cancellation
 * gives the credit back by itself.
 */
export const packagePurchases = sqliteTable(
  'package_purchases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => lessonPackages.id, { onDelete: 'restrict' }),
    instructorId: integer('instructor_id').notNull(),
    lessonTypeId: integer('lesson_type_id').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderItemId: integer('order_item_id'),
    title: text('title').notNull(),
    creditsTotal: integer('credits_total').notNull(),
    pricePaidCents: integer('price_paid_cents').notNull().default(0),
    status: text('status', { enum: PACKAGE_PURCHASE_STATUSES }).notNull().default('active'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('package_purchases_user_idx').on(t.userId), uniqueIndex('package_purchases_order_item_unique').on(t.orderItemId)],
);

export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The number a booker and an admin quote (BK-…). */
    number: text('number').notNull(),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lessonTypeId: integer('lesson_type_id')
      .notNull()
      .references(() => lessonTypes.id, { onDelete: 'restrict' }),
    /** Snapshots at booking time (a later edit of the type changes no booking). */
    kind: text('kind', { enum: LESSON_KINDS }).notNull(),
    title: text('title').notNull(),
    mode: text('mode', { enum: LESSON_MODES }).notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    /** The seat taken in the session (1 … capacity); a private lesson has seat 1. */
    seat: integer('seat').notNull().default(1),
    instructorTimeZone: text('instructor_time_zone').notNull(),
    bookerTimeZone: text('booker_time_zone').notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Paid by checkout (the order), or with a package credit (the purchase). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    packagePurchaseId: integer('package_purchase_id').references(() => packagePurchases.id, { onDelete: 'set null' }),
    /** A late cancellation of a package booking uses the credit up. */
    creditForfeited: integer('credit_forfeited', { mode: 'boolean' }).notNull().default(false),
    note: text('note').notNull().default(''),
    /** Held or offered until then; after it the seat is free again. */
    holdExpiresAt: text('hold_expires_at'),
    confirmedAt: text('confirmed_at'),
    cancelledAt: text('cancelled_at'),
    /** booker, instructor, admin, system (suspension). */
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    refundCents: integer('refund_cents').notNull().default(0),
    /** The booking this one was moved from, when rescheduled into a new row. */
    rescheduledFromId: integer('rescheduled_from_id'),
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    reminderSentAt: text('reminder_sent_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('bookings_number_unique').on(t.number),
    // Two people can never hold or book the same seat of the same session.
    uniqueIndex('bookings_active_seat_unique')
      .on(t.instructorId, t.startsAt, t.seat)
      .where(sql`${t.status} IN ('held', 'offered', 'confirmed')`),
    index('bookings_user_idx').on(t.userId, t.startsAt),
    // A learner's bookings in one status by start (their dashboard's upcoming sessions), whatever
    // the number of everyone's bookings in that status.
    index('bookings_user_status_idx').on(t.userId, t.status, t.startsAt),
    index('bookings_instructor_idx').on(t.instructorId, t.startsAt),
    // A lesson type's bookings by start (the admin's search by title, through the types that hold it).
    index('bookings_lesson_type_idx').on(t.lessonTypeId, t.startsAt),
    index('bookings_order_idx').on(t.orderId),
    index('bookings_status_idx').on(t.status, t.startsAt),
    index('bookings_status_ends_idx').on(t.status, t.endsAt),
    // Every booking, newest start first (the admin's list).
    index('bookings_starts_idx').on(t.startsAt),
    // Confirmed sessions newest first (the admin's recent activity).
    index('bookings_confirmed_idx').on(t.confirmedAt).where(sql`${t.confirmedAt} IS NOT NULL`),
    check('bookings_values', sql`${t.startsAt} < ${t.endsAt} AND ${t.seat} >= 1 AND ${t.priceCents} >= 0 AND ${t.refundCents} >= 0`),
  ],
);

/** A wait for a full group session or a wanted slot; the first in line is offered a freed place. */
export const bookingWaitlist = sqliteTable(
  'booking_waitlist',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonTypeId: integer('lesson_type_id')
      .notNull()
      .references(() => lessonTypes.id, { onDelete: 'cascade' }),
    startsAt: text('starts_at').notNull(),
    bookerTimeZone: text('booker_time_zone').notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** The booking row (status offered) that keeps the place while the offer runs. */
    offeredBookingId: integer('offered_booking_id'),
    offerExpiresAt: text('offer_expires_at'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('booking_waitlist_open_unique')
      .on(t.userId, t.lessonTypeId, t.startsAt)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    index('booking_waitlist_session_idx').on(t.lessonTypeId, t.startsAt, t.status, t.createdAt),
    // The sweep's: who still waits or holds an offer, by the session's start (ended rows pile up).
    index('booking_waitlist_status_idx').on(t.status, t.startsAt),
  ],
);

/** A review of an instructor after a completed booking; one per booking. */
export const instructorReviews = sqliteTable(
  'instructor_reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('instructor_reviews_booking_unique').on(t.bookingId),
    index('instructor_reviews_instructor_idx').on(t.instructorId, t.createdAt),
    check('instructor_reviews_rating', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export type LessonKind = (typeof LESSON_KINDS)[number];
export type LessonMode = (typeof LESSON_MODES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** What the directory and the instructors' public pages show (decision 0032). */
export const bookingsVersionTriggers = versionTriggers(
  { table: instructorProfiles, scopes: ['connect'], events: ALL_WRITES },
  { table: instructorStyles, scopes: ['connect'], events: ALL_WRITES },
  { table: lessonTypes, scopes: ['connect'], events: ALL_WRITES },
  { table: lessonPackages, scopes: ['connect'], events: ALL_WRITES },
  { table: instructorReviews, scopes: ['connect'], events: ALL_WRITES },
  { table: availabilityRules, scopes: ['connect'], events: ALL_WRITES },
  { table: availabilityOverrides, scopes: ['connect'], events: ALL_WRITES },
);
