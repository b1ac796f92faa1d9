/**
 * The answer shapes of Connect & Book (decision 0032), snake_case on the wire like the rest of
 * the API. Money is integer cents (`*_cents`) with dollars beside it where a page shows a
 * price. Instants are UTC ISO strings; `*_local` fields are wall times in the named zone.
 */
import type { BookingStatus, LessonKind, LessonMode, ProfileStatus, WaitlistStatus } from '../../db/schema/bookings.ts';

export interface DanceStyleView {
  id: number;
  name: string;
  slug: string;
  description: string;
  hidden: boolean;
  position: number;
}

/** An admin's row adds where the style is used (courses, resources by name, instructors). */
export interface AdminDanceStyleView extends DanceStyleView {
  course_count: number;
  resource_count: number;
  instructor_count: number;
  in_use: boolean;
}

export interface LessonTypeView {
  id: number;
  kind: LessonKind;
  kind_label: string;
  title: string;
  description: string;
  duration_minutes: number;
  price_cents: number;
  price: number;
  /** 1 for a private lesson; a group class fills to it. */
  capacity: number;
  mode: LessonMode;
  mode_label: string;
  active: boolean;
  position: number;
}

export interface PackageView {
  id: number;
  lesson_type_id: number;
  lesson_type_title: string;
  title: string;
  lessons_count: number;
  price_cents: number;
  price: number;
  /** What one lesson costs in the package, and the saving against single lessons (percent, ≥ 0). */
  per_lesson_cents: number;
  saving_percent: number;
  active: boolean;
}

export interface InstructorRef {
  id: number;
  name: string;
  photo_url: string | null;
}

/** One card of the directory (/connect). */
export interface DirectoryEntry {
  /** The instructor's user id: /instructors/{id}. */
  id: number;
  name: string;
  headline: string;
  photo_url: string | null;
  city: string | null;
  state: string | null;
  offers_online: boolean;
  offers_in_person: boolean;
  travel_radius_miles: number;
  styles: string[];
  lesson_kinds: LessonKind[];
  levels: string[];
  languages: string[];
  /** The cheapest active lesson type. */
  price_from_cents: number | null;
  price_from: number | null;
  /** Average of visible reviews, one decimal; null without reviews. */
  rating: number | null;
  review_count: number;
  verified: boolean;
  /** The premium listing (asked for, and the instructor's plan reaches FEATURES.premium_directory_listing). */
  premium: boolean;
  /** From the searched ZIP code, when one was given and the instructor has a location. */
  distance_miles: number | null;
  /**
   * With a searched ZIP code: `nearby` when the instructor teaches in person there (listed first),
   * `online` when only their online lessons reach it (listed after, marked "Online"); null without one.
   */
  reach: 'nearby' | 'online' | null;
  time_zone: string;
}

export interface DirectoryAnswer {
  data: DirectoryEntry[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  /** More match than the directory counts (DIRECTORY_COUNT_MAX): `total` is that bound. */
  total_capped: boolean;
  /** The searched place, when a ZIP code was given. */
  origin: ZipPlace | null;
  styles: DanceStyleView[];
}

export interface ReviewView {
  id: number;
  rating: number;
  comment: string;
  reviewer_name: string;
  lesson_title: string;
  created_at: string;
}

/** /instructors/{id}'s Connect & Book part (published profiles only). */
export interface PublicProfileView extends DirectoryEntry {
  bio: string;
  video_url: string | null;
  age_groups: string[];
  lesson_types: LessonTypeView[];
  packages: PackageView[];
  cancellation_hours: number;
  min_notice_minutes: number;
  horizon_days: number;
  reviews: ReviewView[];
}

/** The owner's view at /connect/profile. */
export interface OwnProfileView {
  id: number;
  status: ProfileStatus;
  headline: string;
  bio: string;
  photo_url: string | null;
  video_url: string | null;
  style_ids: number[];
  levels: string[];
  age_groups: string[];
  languages: string[];
  offers_online: boolean;
  offers_in_person: boolean;
  zip: string | null;
  city: string | null;
  state: string | null;
  travel_radius_miles: number;
  time_zone: string;
  meeting_url: string | null;
  min_notice_minutes: number;
  horizon_days: number;
  buffer_minutes: number;
  cancellation_hours: number;
  /** Asked for; `premium_active` says whether the plan grants it now. */
  premium_listing: boolean;
  premium_active: boolean;
  verified: boolean;
  suspended_reason: string | null;
  lesson_types: LessonTypeView[];
  packages: PackageView[];
  /** What publishing still needs (empty when it can be published). */
  missing: string[];
  published_at: string | null;
  /** The private ICS feed of the instructor's bookings. */
  calendar_feed_url: string;
}

export interface AvailabilityView {
  time_zone: string;
  min_notice_minutes: number;
  horizon_days: number;
  buffer_minutes: number;
  /** weekday 1 = Monday … 7 = Sunday; 'HH:MM' local to time_zone. */
  weekly: { weekday: number; start: string; end: string }[];
  /** A date's own hours; start and end null = the day off. */
  overrides: { date: string; start: string | null; end: string | null }[];
}

export interface SlotView {
  starts_at: string;
  ends_at: string;
  /** The instructor's wall time: 'YYYY-MM-DD' and 'HH:MM' in their zone. */
  local_date: string;
  local_time: string;
  capacity: number;
  seats_left: number;
  /** A full group session (listed so a person can join its waitlist). */
  full: boolean;
}

export interface SlotsAnswer {
  instructor_time_zone: string;
  lesson_type: LessonTypeView;
  from: string;
  to: string;
  slots: SlotView[];
}

export interface BookingView {
  id: number;
  number: string;
  status: BookingStatus;
  status_label: string;
  /** Confirmed and ended. */
  completed: boolean;
  instructor: InstructorRef;
  booker: { id: number; name: string; email?: string | null };
  lesson_type_id: number;
  kind: LessonKind;
  title: string;
  mode: LessonMode;
  starts_at: string;
  ends_at: string;
  instructor_time_zone: string;
  booker_time_zone: string;
  price_cents: number;
  price: number;
  paid_with: 'card' | 'package' | 'free';
  order_number: string | null;
  package_purchase_id: number | null;
  note: string;
  /** Online and confirmed: the instructor's meeting link; else null. */
  join_url: string | null;
  /** In person: the instructor's city and state. */
  location: string | null;
  cancellation_deadline: string;
  can_cancel: boolean;
  /** What cancelling now gives back (cents), and whether a package credit returns. */
  refund_if_cancelled_cents: number;
  credit_returns_if_cancelled: boolean;
  can_reschedule: boolean;
  can_review: boolean;
  review: ReviewView | null;
  /** A held booking's open checkout, or an offered place's time to accept. */
  hold_expires_at: string | null;
  checkout_url: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  refund_cents: number;
  created_at: string;
}

export interface BookingStarted {
  booking: BookingView;
  /** The checkout to pay at; null when the booking is already confirmed (a package credit, a free lesson). */
  checkoutUrl: string | null;
}

/** A 409 of a taken slot carries other open slots of the same day and type. */
export interface SlotTakenDetails {
  alternatives: SlotView[];
}

export interface WaitlistView {
  id: number;
  status: WaitlistStatus;
  instructor: InstructorRef;
  lesson_type_id: number;
  title: string;
  starts_at: string;
  booker_time_zone: string;
  /** The instructor's zone, whose wall time shows beside the booker's (decision 0068). */
  instructor_time_zone: string;
  /** While offered: the booking keeping the place and until when. */
  offered_booking_id: number | null;
  offer_expires_at: string | null;
  position: number | null;
  created_at: string;
}

export interface PackagePurchaseView {
  id: number;
  title: string;
  instructor: InstructorRef;
  lesson_type_id: number;
  lesson_type_title: string;
  credits_total: number;
  credits_used: number;
  credits_left: number;
  status: 'active' | 'refunded';
  order_number: string | null;
  created_at: string;
}

export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** IANA zone of the place; null where the dataset has none. */
  timeZone: string | null;
}

export interface AdminInstructorView {
  id: number;
  name: string;
  email: string | null;
  status: ProfileStatus;
  verified: boolean;
  premium: boolean;
  headline: string;
  styles: string[];
  city: string | null;
  state: string | null;
  lesson_type_count: number;
  upcoming_bookings: number;
  rating: number | null;
  review_count: number;
  suspended_reason: string | null;
  published_at: string | null;
  created_at: string;
}
