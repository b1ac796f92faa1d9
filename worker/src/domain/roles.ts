/** Every role name a user can hold (CURRICULUM_OFFICER included: it gets the Seller Payments menu and reviews submissions). */
export const ROLE_NAMES = [
  'STUDENT',
  'PROFESSIONAL',
  'SELLER',
  'ADMIN',
  'CURRICULUM_ADMIN',
  'INSTRUCTOR',
  'COURSE_CREATOR',
  'CERTIFICATION_MANAGER',
  'DIRECTORY_MEMBER',
  'BOOKING_PROFESSIONAL',
  'BOOKING_USER',
  'INSTRUCTOR_ADMIN',
  'COURSE_CREATOR_ADMIN',
  'CURRICULUM_SELLER',
  'GUEST_USER',
  'CURRICULUM_OFFICER',
] as const;

export type RoleName = (typeof ROLE_NAMES)[number];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** The admin flag: set for a user holding one of these roles. */
export const ADMIN_FLAG_ROLES: readonly RoleName[] = ['ADMIN', 'CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN'];

export function adminFlag(roles: readonly string[]): boolean {
  return roles.some((r) => (ADMIN_FLAG_ROLES as readonly string[]).includes(r));
}

/** Admin-only routes require a role containing ADMIN. */
export function hasAdminRole(roles: readonly string[]): boolean {
  return roles.some((r) => r.includes('ADMIN'));
}

/** The Seller Payments menu entry is shown for roles containing SELLER or CURRICULUM_OFFICER. */
export function hasSellerPayments(roles: readonly string[]): boolean {
  return roles.some((r) => r.includes('SELLER') || r.includes('CURRICULUM_OFFICER'));
}

/** The role of a user may arrive as an array or as a single value. */
export function roleList(role: readonly string[] | string | null | undefined): string[] {
  if (Array.isArray(role)) return [...role];
  if (typeof role === 'string' && role !== '') return [role];
  return [];
}
