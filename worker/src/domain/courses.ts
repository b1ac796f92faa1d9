/**
 * Pure rules of courses: status and visibility, prices, positions, quiz defaults and who may
 * manage what (decision 0009). Shared by the API and the islands; no I/O here.
 */
import { can, rolesWith } from './permissions.ts';
import { adminFlag, type RoleName } from './roles.ts';

export type CourseStatus = 'draft' | 'published' | 'archived';

/** On read, visible true is published and false is draft. */
export function isVisibleStatus(status: CourseStatus): boolean {
  return status === 'published';
}

/**
 * The admin edit page has a visible toggle instead of a status: on is published, off is
 * draft — except that an archived course stays archived while the toggle stays off.
 */
export function statusFromVisible(visible: boolean, current: CourseStatus | null): CourseStatus {
  if (visible) return 'published';
  return current === 'archived' ? 'archived' : 'draft';
}

/** Publishing stamps the time; a course already published keeps its first stamp. */
export function publishesNow(current: CourseStatus | null, next: CourseStatus): boolean {
  return next === 'published' && current !== 'published';
}

/** The course form's default price is '0' and its default status draft. */
export const DEFAULT_COURSE_PRICE = '0';
export const DEFAULT_COURSE_STATUS: CourseStatus = 'draft';

/** Highest price accepted, in dollars: far above any course, far below integer overflow. */
export const MAX_PRICE_DOLLARS = 100_000;

const PRICE_PATTERN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A price typed into the form, in dollars, as integer cents: digits with an optional decimal
 * part, rounded half up to the cent. Parsed from the digits (no floating point), so '19.99' is
 * 1999 exactly. Null for anything that is not a non-negative number ('-1', 'abc', '', '1e3').
 */
export function priceToCents(input: string | number): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? numberToPlainString(input) : '') : input.trim();
  if (!PRICE_PATTERN.test(text)) return null;
  const [whole = '', fraction = ''] = text.split('.');
  const digits = (fraction + '000').slice(0, 3);
  const cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents) || cents > MAX_PRICE_DOLLARS * 100) return null;
  return cents;
}

/** A number without exponent notation, so 0.000001 does not become '1e-6'. */
function numberToPlainString(n: number): string {
  if (n < 0) return String(n);
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** True when the input parses as a price of 0 or more within the accepted range. */
export function isValidPrice(input: string | number): boolean {
  return priceToCents(input) !== null;
}

/** Cents as the dollars number the API answers (`price`). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** The default new position is last plus one; an empty list starts at 1. */
export function nextPosition(last: number | null | undefined): number {
  return (last ?? 0) + 1;
}

/** Quiz defaults: pass score 70, the description below, a title made from the lesson's. */
export const DEFAULT_PASS_SCORE = 70;
export const DEFAULT_QUIZ_DESCRIPTION = 'Test your knowledge of this lesson';
export function defaultQuizTitle(lessonTitle: string): string {
  return `Quiz for ${lessonTitle}`;
}

/** Roles that make and manage their own courses: those the permission table (decision 0013) gives courses.manage_own. */
export const COURSE_INSTRUCTOR_ROLES: readonly RoleName[] = rolesWith('courses.manage_own').filter((r) => r !== 'ADMIN');

/** Manages every course (ADMIN in the permission table), not every role containing ADMIN. */
export function isFullAdmin(roles: readonly string[]): boolean {
  return can(roles, 'courses.manage_any');
}

export function hasInstructorRole(roles: readonly string[]): boolean {
  return can(roles, 'courses.manage_own');
}

/** Who may create courses: whoever may manage their own or any course. */
export function canCreateCourses(roles: readonly string[]): boolean {
  return can(roles, 'courses.manage_any') || can(roles, 'courses.manage_own');
}

export interface CourseActor {
  id: number;
  roles: readonly string[];
}

/** courses.manage_any for every course; courses.manage_own only for the courses they teach. */
export function canManageCourse(actor: CourseActor, course: { instructorId: number | null }): boolean {
  if (can(actor.roles, 'courses.manage_any')) return true;
  return can(actor.roles, 'courses.manage_own') && course.instructorId !== null && course.instructorId === actor.id;
}

/** The course administration list loads for ADMIN and INSTRUCTOR_ADMIN: courses.list_all. */
export function canListAllCourses(roles: readonly string[]): boolean {
  return can(roles, 'courses.list_all');
}

/** Drafts and archived courses are seen by whoever manages them and by those who list all. */
export function canViewUnpublished(actor: CourseActor | null, course: { instructorId: number | null }): boolean {
  if (!actor) return false;
  return canListAllCourses(actor.roles) || canManageCourse(actor, course);
}

/** The course administration screen is for ADMIN and INSTRUCTOR_ADMIN. */
export const canOpenCourseAdministration = canListAllCourses;

/** The instructor list loads only for ADMIN: instructors.list. */
export function canListInstructors(roles: readonly string[]): boolean {
  return can(roles, 'instructors.list');
}

/** Only ADMIN sees the instructor selector: courses.assign_instructor. */
export function canChooseInstructor(roles: readonly string[]): boolean {
  return can(roles, 'courses.assign_instructor');
}

/** Admins (the admin flag, `adminFlag`) pass every feature gate; others need the level. */
export function passesFeatureGate(roles: readonly string[], userLevel: number, requiredLevel: number): boolean {
  return adminFlag(roles) || userLevel >= requiredLevel;
}

/** Texts of the course administration screen, shared by the screen and its tests. */
export const COURSE_ADMIN_TEXT = {
  accessDeniedTitle: 'Access Denied',
  accessDenied: 'You do not have permission to access this page. This page is only for instructors and admins.',
  loading: 'Loading dashboard...',
  noCourses: 'No courses available. Create your first course to get started.',
  noModules: 'No modules available. Add your first module to get started.',
  noLessons: 'No lessons in this module.',
} as const;

/** The admin list shows 'Instructor #id' when the instructor has no name. */
export function instructorDisplayName(
  instructor: { firstName?: string | null; lastName?: string | null } | null,
  instructorId: number | null,
): string | null {
  const name = [instructor?.firstName, instructor?.lastName]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  if (name) return name;
  return instructorId === null ? null : `Instructor #${instructorId}`;
}
