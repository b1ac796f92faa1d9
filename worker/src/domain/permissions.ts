/**
 * Who may do what: one table from role to actions, read by every route of the API (through
 * `requirePermission` and the services' object checks) and by the site's menus and screens.
 * Pure data and functions; safe to import from the site.
 *
 * Any role containing ADMIN opens the admin pages; it does not give every such role every
 * power (decision 0013). Object rules ("your own course", "not an ADMIN account") are checked on
 * top of the table, where the object is read.
 */
import { isRoleName, roleList, type RoleName } from './roles.ts';

export const ACTIONS = [
  // People: ADMIN's alone.
  'users.list',
  'users.read_private',
  'users.update',
  'users.deactivate',
  'roles.list',
  'roles.grant',
  'roles.revoke',
  'admin.stats',
  'contact_messages.read',
  'contact_messages.manage',
  'outbox.read',
  // The course domain.
  'courses.manage_any',
  'courses.manage_own',
  'courses.list_all',
  'courses.assign_instructor',
  'instructors.list',
  'categories.manage',
  'enrollments.enrol_directly',
  'enrollments.invite',
  // Removing an enrolment a learner paid for (an order line or a plan): ADMIN's alone, audited,
  // answered with the order to refund (decision 0058). Free and invited ones are the instructor's.
  'enrollments.remove_purchased',
  'certificates.issue',
  'certificates.revoke',
  'certificates.list_all',
  'certificate_templates.design',
  'certificate_templates.manage',
  // Answering learners' takes sent for feedback (decision 0070): the course's instructors on
  // their own courses (checked where the request is read), admins on every course.
  'feedback.answer',
  // Hiding a learner's course review (decision 0066), audited: ADMIN's alone.
  'course_reviews.moderate',
  // The practice room's reports (decision 0070): the queue of reported takes, notes and replies,
  // dismissed or hidden, audited.
  'practice.moderate',
  // The community's questions and answers (decision 0075): the queue of reported and held posts,
  // hide / restore / delete any post, suspend a member from posting; each audited. A page's owner
  // hides posts on their own page without it (checked where the post is read).
  'community.moderate',
  // The curriculum store and its sellers (decision 0029).
  'curriculum.manage',
  'resources.manage',
  'resources.review',
  'resource_categories.manage',
  'sellers.manage',
  'store.settings',
  'store.sell',
  // Payouts of what one earned (the sellers' ledger): a seller's sales, an instructor's bookings
  // and packages (decision 0032's addendum): the Stripe Connect onboarding, the payments page, a payout.
  'payouts.receive',
  // Commerce: every order and its refunds, and the coupon codes (ADMIN's alone).
  'orders.read_all',
  'orders.refund',
  'coupons.manage',
  // Plans and subscriptions (decision 0031): the plans' prices and features; every subscription, its cancellation and refund.
  'plans.manage',
  'subscriptions.manage',
  // Connect & Book (decision 0032): every booking (cancel with refund), the instructor profiles
  // (verify badge, suspend) and the dance style list. An instructor's own profile, availability
  // and bookings need no entry: every signed-in person may keep one profile, checked as "your own".
  'bookings.manage',
  'instructors.manage',
  'dance_styles.manage',
  // The admin console (decision 0033): the platform's settings, the deployment's state
  // and its checks, the documentation and API reference, and the audit log (ADMIN's alone).
  'settings.manage',
  'deployment.read',
  'documentation.read',
  'audit.read',
  // Staff diagnostics (the profile image debug page and its API): every admin and sub-admin.
  'diagnostics.read',
] as const;

export type Action = (typeof ACTIONS)[number];

/** The instructor's own-course powers: their courses, learners (by invitation), certificates and templates. */
const OWN_COURSES: readonly Action[] = [
  'courses.manage_own',
  'enrollments.invite',
  'certificates.issue',
  'certificate_templates.design',
  'feedback.answer',
];

/**
 * The course domain of the sub-admins: their own courses and the revocation of those courses'
 * certificates. Categories shape the public catalogue and stay ADMIN's (the admin menu's page).
 */
const COURSE_ADMIN: readonly Action[] = [...OWN_COURSES, 'certificates.revoke', 'diagnostics.read'];

/**
 * The store's administration: every resource (approve, reject, feature, archive), its categories,
 * the sellers (applications, suspension) and the platform fee.
 */
const CURRICULUM_ADMIN: readonly Action[] = [
  'curriculum.manage',
  'resources.manage',
  'resources.review',
  'resource_categories.manage',
  'sellers.manage',
  'store.settings',
  'community.moderate',
  'diagnostics.read',
];

/**
 * Selling in the store: one's own resources, sales and payouts. The role is granted when a
 * curriculum admin approves the seller's application; the seller profile's status (approved, not
 * suspended) is checked on top of it where a resource is written.
 */
const SELLING: readonly Action[] = ['store.sell', 'payouts.receive'];

/**
 * Role → actions. Roles with an empty list (STUDENT, PROFESSIONAL, DIRECTORY_MEMBER, BOOKING_USER,
 * GUEST_USER) hold no action of this table: what every
 * signed-in person may do (learn, enrol themselves, edit their own profile) needs no entry.
 */
export const PERMISSIONS: Readonly<Record<RoleName, readonly Action[]>> = {
  ADMIN: ACTIONS,
  // The course administration list loads for ADMIN and INSTRUCTOR_ADMIN.
  INSTRUCTOR_ADMIN: [...COURSE_ADMIN, 'courses.list_all', 'practice.moderate'],
  COURSE_CREATOR_ADMIN: COURSE_ADMIN,
  CURRICULUM_ADMIN,
  INSTRUCTOR: OWN_COURSES,
  COURSE_CREATOR: OWN_COURSES,
  CERTIFICATION_MANAGER: ['certificate_templates.design'],
  STUDENT: [],
  PROFESSIONAL: [],
  SELLER: SELLING,
  DIRECTORY_MEMBER: [],
  // A published Connect & Book instructor is paid for their bookings without selling in the store.
  BOOKING_PROFESSIONAL: ['payouts.receive'],
  BOOKING_USER: [],
  CURRICULUM_SELLER: SELLING,
  GUEST_USER: [],
  // Roles containing CURRICULUM_OFFICER get the Seller Payments menu; they also review submissions.
  CURRICULUM_OFFICER: [...SELLING, 'resources.review'],
};

export const PERMISSION_DENIED = 'You do not have permission to do this.';

/** A 403's message where a more telling one than PERMISSION_DENIED exists. */
const DENIAL_MESSAGES: Partial<Record<Action, string>> = {
  'courses.manage_own': 'Only instructors and admins can manage courses',
  'certificate_templates.design': 'Only instructors and admins can design certificate templates.',
  'instructors.list': 'Only admins can list instructors',
  'enrollments.invite': "Only the course's instructor or an admin can invite learners to it.",
  'enrollments.remove_purchased': 'Only an admin can remove an enrolment the learner paid for (by an order or a plan), with the refund it may need.',
  'certificates.issue': "Only an admin or the course's instructor can issue its certificates.",
  'feedback.answer': "Only the course's instructors and admins can answer feedback requests.",
  'community.moderate': 'Only admins and curriculum admins can moderate the community.',
};

export function denialMessage(action: Action): string {
  return DENIAL_MESSAGES[action] ?? PERMISSION_DENIED;
}

/** The actions a set of roles grants (unknown role names grant nothing). */
export function permissionsOf(roles: readonly string[] | string | null | undefined): Set<Action> {
  const out = new Set<Action>();
  for (const role of roleList(roles)) {
    if (!isRoleName(role)) continue;
    for (const action of PERMISSIONS[role]) out.add(action);
  }
  return out;
}

/** True when one of the roles grants the action. */
export function can(roles: readonly string[] | string | null | undefined, action: Action): boolean {
  return roleList(roles).some((role) => isRoleName(role) && PERMISSIONS[role].includes(action));
}

/** The roles whose entry holds the action, in the order of the table. */
export function rolesWith(action: Action): RoleName[] {
  return (Object.keys(PERMISSIONS) as RoleName[]).filter((role) => PERMISSIONS[role].includes(action));
}

/**
 * An ADMIN account is changed (profile, status, roles) only by an ADMIN: no role below it may
 * touch the account above it, whatever the table grants.
 */
export function mayChangeAccount(actorRoles: readonly string[], targetRoles: readonly string[]): boolean {
  return !targetRoles.includes('ADMIN') || actorRoles.includes('ADMIN');
}

/** Badges a public profile shows instead of the role list (never the admin roles). */
export type PublicBadge = 'Instructor' | 'Seller';

const BADGE_ROLES: Readonly<Record<PublicBadge, readonly RoleName[]>> = {
  Instructor: ['INSTRUCTOR', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR', 'COURSE_CREATOR_ADMIN'],
  Seller: ['SELLER', 'CURRICULUM_SELLER'],
};

export function publicBadges(roles: readonly string[]): PublicBadge[] {
  return (Object.keys(BADGE_ROLES) as PublicBadge[]).filter((badge) => BADGE_ROLES[badge].some((r) => roles.includes(r)));
}
