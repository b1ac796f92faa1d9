/**
 * Every kind of notification the platform sends (decision 0033): its label and
 * description for the preferences page, its group, and its default channels. One catalogue, read
 * by the notifications service (which channels a user gets), the preferences API and page, and
 * the tests (each kind is produced by its event). Pure data: safe to import from the site.
 *
 * The keys are the `kind` stored in `notifications.kind` and `email_outbox.kind`.
 */

export type NotificationChannel = 'in_app' | 'email';

export interface NotificationKindInfo {
  label: string;
  description: string;
  group: 'Account' | 'Learning' | 'Community' | 'Purchases' | 'Bookings' | 'Selling' | 'Staff';
  /** Channels this kind can use at all (password reset is an email only). */
  channels: readonly NotificationChannel[];
  /** The channels a user gets until they choose. */
  defaults: Readonly<Record<NotificationChannel, boolean>>;
  /** A channel the user cannot turn off (a password reset link must arrive by email). */
  required?: NotificationChannel;
}

const BOTH = ['in_app', 'email'] as const;
const ON = { in_app: true, email: true } as const;

export const NOTIFICATION_KINDS = {
  'password-reset': {
    label: 'Password reset',
    description: 'The link to choose a new password, when you ask for one.',
    group: 'Account',
    channels: ['email'],
    defaults: { in_app: false, email: true },
    required: 'email',
  },
  'course-invitation': {
    label: 'Course invitation',
    description: 'An instructor invites you to a course.',
    group: 'Learning',
    channels: BOTH,
    defaults: ON,
  },
  enrolment: {
    label: 'Enrolment',
    description: 'You are enrolled in a course.',
    group: 'Learning',
    channels: BOTH,
    defaults: ON,
  },
  certificate_issued: {
    label: 'Certificate issued',
    description: 'A certificate is issued to you.',
    group: 'Learning',
    channels: BOTH,
    defaults: ON,
  },
  feedback_answered: {
    label: 'Feedback on your take',
    description: 'An instructor answers a take you sent for feedback.',
    group: 'Learning',
    channels: BOTH,
    defaults: ON,
  },
  feedback_reply: {
    label: 'Reply on feedback',
    description: 'Someone replies to a note on the feedback of a take.',
    group: 'Learning',
    channels: BOTH,
    defaults: { in_app: true, email: false },
  },
  // The community's questions and answers (decision 0075): each sent once, when the post becomes
  // visible; a member who chose the daily digest gets their emails gathered into one a day.
  community_question: {
    label: 'Question on your page',
    description: 'A member asks a question on a lesson of your course, your resource or your profile.',
    group: 'Community',
    channels: BOTH,
    defaults: ON,
  },
  community_answer: {
    label: 'Answer to your question',
    description: 'Someone answers a question you asked.',
    group: 'Community',
    channels: BOTH,
    defaults: ON,
  },
  community_reply: {
    label: 'Reply in a thread',
    description: 'Someone replies under your answer, on your question, or where you replied.',
    group: 'Community',
    channels: BOTH,
    defaults: { in_app: true, email: false },
  },
  community_digest: {
    label: 'Daily community digest',
    description: 'When you choose the digest below: one email a day listing the questions, answers and replies for you.',
    group: 'Community',
    channels: ['email'],
    defaults: { in_app: false, email: true },
  },
  receipt: {
    label: 'Purchase receipt',
    description: 'The receipt of an order you paid.',
    group: 'Purchases',
    channels: BOTH,
    defaults: ON,
  },
  booking_confirmed: {
    label: 'Booking confirmed',
    description: 'A lesson you booked, or one booked with you, is confirmed.',
    group: 'Bookings',
    channels: BOTH,
    defaults: ON,
  },
  booking_cancelled: {
    label: 'Booking cancelled',
    description: 'A booking is cancelled.',
    group: 'Bookings',
    channels: BOTH,
    defaults: ON,
  },
  booking_declined: {
    label: 'Booking declined',
    description: 'An instructor declines a booking.',
    group: 'Bookings',
    channels: BOTH,
    defaults: ON,
  },
  booking_rescheduled: {
    label: 'Booking rescheduled',
    description: 'A booking moves to another time.',
    group: 'Bookings',
    channels: BOTH,
    defaults: ON,
  },
  booking_reminder: {
    label: 'Lesson reminder',
    description: 'A reminder 24 hours before a lesson.',
    group: 'Bookings',
    channels: BOTH,
    defaults: ON,
  },
  waitlist_offer: {
    label: 'Waitlist offer',
    description: 'A place opened up in a class you wait for.',
    group: 'Bookings',
    channels: BOTH,
    defaults: ON,
  },
  review_received: {
    label: 'Review received',
    description: 'Someone reviews your resource or your lessons.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  review_replied: {
    label: 'Reply to your review',
    description: 'A seller replies to a review you wrote.',
    group: 'Purchases',
    channels: ['in_app'],
    defaults: { in_app: true, email: false },
  },
  resource_approved: {
    label: 'Resource approved',
    description: 'A resource you submitted is published.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  resource_rejected: {
    label: 'Resource rejected',
    description: 'A resource you submitted needs changes.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  resource_sold: {
    label: 'Resource sold',
    description: 'One of your resources is bought.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  package_sold: {
    label: 'Lesson package sold',
    description: 'Someone buys one of your lesson packages.',
    group: 'Selling',
    channels: ['in_app'],
    defaults: { in_app: true, email: false },
  },
  payout: {
    label: 'Payout',
    description: 'Your earnings are paid out to your account.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  seller_approved: {
    label: 'Seller application approved',
    description: 'You may sell in the store.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  seller_rejected: {
    label: 'Seller application declined',
    description: 'Your application to sell was declined.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  seller_suspended: {
    label: 'Selling suspended',
    description: 'Your selling is suspended.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  seller_reinstated: {
    label: 'Selling reinstated',
    description: 'Your selling is allowed again.',
    group: 'Selling',
    channels: BOTH,
    defaults: ON,
  },
  resource_submitted: {
    label: 'Resource awaiting review',
    description: 'A seller submits a resource for review (curriculum staff).',
    group: 'Staff',
    channels: BOTH,
    defaults: ON,
  },
  seller_applied: {
    label: 'Seller application',
    description: 'Someone applies to sell in the store (curriculum staff).',
    group: 'Staff',
    channels: BOTH,
    defaults: ON,
  },
  feedback_requested: {
    label: 'Take sent for feedback',
    description: "A learner sends a take for feedback in one of your courses (the course's instructors).",
    group: 'Staff',
    channels: BOTH,
    defaults: ON,
  },
} as const satisfies Record<string, NotificationKindInfo>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, kind);
}

/** The groups in the order the preferences page shows them. */
export const NOTIFICATION_GROUPS = ['Account', 'Learning', 'Community', 'Purchases', 'Bookings', 'Selling', 'Staff'] as const satisfies readonly NotificationKindInfo['group'][];

/** Whether a channel is on for a kind, given the user's stored choice (undefined: the defaults). */
export function channelOn(kind: NotificationKind, channel: NotificationChannel, choice?: { in_app: boolean; email: boolean }): boolean {
  const info: NotificationKindInfo = NOTIFICATION_KINDS[kind];
  if (!info.channels.includes(channel)) return false;
  if (info.required === channel) return true;
  return choice ? choice[channel] : info.defaults[channel];
}
