import { describe, expect, it } from 'vitest';
import { ADMIN_FLAG_ROLES, adminFlag, hasAdminRole, hasSellerPayments, isRoleName, roleList, ROLE_NAMES } from './roles.ts';

describe('role names', () => {
  it('lists the fifteen roles and the curriculum officer', () => {
    expect(ROLE_NAMES).toEqual([
      'STUDENT', 'PROFESSIONAL', 'SELLER', 'ADMIN', 'CURRICULUM_ADMIN', 'INSTRUCTOR', 'COURSE_CREATOR', 'CERTIFICATION_MANAGER',
      'DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL', 'BOOKING_USER', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'CURRICULUM_SELLER',
      'GUEST_USER', 'CURRICULUM_OFFICER',
    ]);
  });

  it('recognises role names exactly', () => {
    expect(isRoleName('ADMIN')).toBe(true);
    expect(isRoleName('CURRICULUM_OFFICER')).toBe(true);
    expect(isRoleName('admin')).toBe(false);
    expect(isRoleName('KING')).toBe(false);
    expect(isRoleName('')).toBe(false);
  });
});

describe('admin flag', () => {
  it('is set by a mapping of ADMIN, CURRICULUM_ADMIN, INSTRUCTOR_ADMIN or COURSE_CREATOR_ADMIN', () => {
    expect(ADMIN_FLAG_ROLES).toEqual(['ADMIN', 'CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN']);
    for (const role of ADMIN_FLAG_ROLES) expect(adminFlag([role]), role).toBe(true);
    expect(adminFlag(['STUDENT', 'INSTRUCTOR_ADMIN'])).toBe(true);
  });

  it('is not set by any other role, nor by none', () => {
    for (const role of ROLE_NAMES.filter((r) => !(ADMIN_FLAG_ROLES as readonly string[]).includes(r))) expect(adminFlag([role]), role).toBe(false);
    expect(adminFlag([])).toBe(false);
  });
});

describe('admin-only routes: a role containing ADMIN', () => {
  it('admits every role whose name contains ADMIN', () => {
    expect(hasAdminRole(['ADMIN'])).toBe(true);
    expect(hasAdminRole(['CURRICULUM_ADMIN'])).toBe(true);
    expect(hasAdminRole(['INSTRUCTOR_ADMIN'])).toBe(true);
    expect(hasAdminRole(['COURSE_CREATOR_ADMIN'])).toBe(true);
    expect(hasAdminRole(['STUDENT', 'ADMIN'])).toBe(true);
  });

  it('refuses everyone else', () => {
    expect(hasAdminRole([])).toBe(false);
    expect(hasAdminRole(['STUDENT', 'SELLER', 'INSTRUCTOR', 'CURRICULUM_SELLER', 'CURRICULUM_OFFICER'])).toBe(false);
    expect(hasAdminRole(['admin'])).toBe(false);
  });
});

describe('the Seller Payments menu entry', () => {
  it('shows for roles containing SELLER or CURRICULUM_OFFICER', () => {
    expect(hasSellerPayments(['SELLER'])).toBe(true);
    expect(hasSellerPayments(['CURRICULUM_SELLER'])).toBe(true);
    expect(hasSellerPayments(['CURRICULUM_OFFICER'])).toBe(true);
    expect(hasSellerPayments(['STUDENT', 'SELLER'])).toBe(true);
  });

  it('does not show for other roles', () => {
    expect(hasSellerPayments([])).toBe(false);
    expect(hasSellerPayments(['STUDENT', 'ADMIN', 'INSTRUCTOR', 'CURRICULUM_ADMIN'])).toBe(false);
  });
});

describe('roleList (role is an array, sometimes a single value)', () => {
  it('keeps an array', () => {
    const roles = ['STUDENT', 'SELLER'];
    expect(roleList(roles)).toEqual(roles);
    expect(roleList(roles)).not.toBe(roles);
  });

  it('wraps a single value and drops nothing values', () => {
    expect(roleList('ADMIN')).toEqual(['ADMIN']);
    expect(roleList('')).toEqual([]);
    expect(roleList(null)).toEqual([]);
    expect(roleList(undefined)).toEqual([]);
  });
});
