/**
 * The areas /multi-dashboard shows a card for (decision 0033): one per kind of work the user's roles
 * open, learner first. Read by the page (which cards) and by GET /api/me/areas (their figures), so
 * both agree. Pure; safe to import from the site.
 */
import { can } from './permissions.ts';
import { hasAdminRole, roleList } from './roles.ts';

export const AREA_KEYS = ['learner', 'instructor', 'bookings', 'seller', 'curriculum', 'admin'] as const;
export type AreaKey = (typeof AREA_KEYS)[number];

export function dashboardAreaKeys(role: readonly string[] | string | null | undefined): AreaKey[] {
  const roles = roleList(role);
  // A card per role held: ADMIN's every-action grant opens the admin card only, not a seller's or
  // an instructor's area it does not work in.
  const others = roles.filter((r) => r !== 'ADMIN');
  const keys: AreaKey[] = ['learner'];
  if (can(others, 'courses.manage_own')) keys.push('instructor');
  // A Connect & Book instructor (BOOKING_PROFESSIONAL) is paid for sessions without teaching courses.
  if (others.includes('BOOKING_PROFESSIONAL')) keys.push('bookings');
  if (can(others, 'store.sell')) keys.push('seller');
  // The review queue's page is admin-guarded: a role containing ADMIN opens it.
  if (can(others, 'resources.review') && hasAdminRole(others)) keys.push('curriculum');
  if (roles.includes('ADMIN')) keys.push('admin');
  return keys;
}
