import { describe, expect, it } from 'vitest';
import { ACTIONS, can, denialMessage, mayChangeAccount, PERMISSION_DENIED, PERMISSIONS, permissionsOf, publicBadges, rolesWith } from './permissions.ts';
import { ROLE_NAMES } from './roles.ts';

const PEOPLE = ['users.list', 'users.read_private', 'users.update', 'users.deactivate', 'roles.list', 'roles.grant', 'roles.revoke'] as const;

describe('the permission table (decision 0013)', () => {
  it('has an entry for every role and only known actions', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLE_NAMES].sort());
    for (const actions of Object.values(PERMISSIONS)) for (const a of actions) expect(ACTIONS).toContain(a);
  });

  it('gives ADMIN every action', () => {
    for (const action of ACTIONS) expect(can(['ADMIN'], action), action).toBe(true);
  });

  it('keeps people, roles and the outbox ADMIN’s alone', () => {
    for (const action of [...PEOPLE, 'admin.stats', 'contact_messages.read', 'contact_messages.manage', 'outbox.read'] as const) {
      expect(rolesWith(action), action).toEqual(['ADMIN']);
    }
  });

  it('gives the course sub-admins their own courses, not the people or the curriculum', () => {
    for (const role of ['INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN'] as const) {
      expect(can([role], 'courses.manage_own')).toBe(true);
      expect(can([role], 'enrollments.invite')).toBe(true);
      expect(can([role], 'certificates.issue')).toBe(true);
      expect(can([role], 'certificates.revoke')).toBe(true);
      expect(can([role], 'courses.manage_any')).toBe(false);
      expect(can([role], 'enrollments.enrol_directly')).toBe(false);
      expect(can([role], 'curriculum.manage')).toBe(false);
      for (const action of PEOPLE) expect(can([role], action), `${role} ${action}`).toBe(false);
    }
    // The course administration list loads only for ADMIN and INSTRUCTOR_ADMIN.
    expect(rolesWith('courses.list_all')).toEqual(['ADMIN', 'INSTRUCTOR_ADMIN']);
  });

  it('gives CURRICULUM_ADMIN the curriculum, sellers, store settings and the community, nothing of people or courses', () => {
    expect([...permissionsOf(['CURRICULUM_ADMIN'])].sort()).toEqual([
      'community.moderate',
      'curriculum.manage',
      'diagnostics.read',
      'resource_categories.manage',
      'resources.manage',
      'resources.review',
      'sellers.manage',
      'store.settings',
    ]);
  });

  it('lets admins and curriculum admins moderate the community, nobody else', () => {
    expect(rolesWith('community.moderate')).toEqual(['ADMIN', 'CURRICULUM_ADMIN']);
  });

  it('opens the staff diagnostics to the admins and sub-admins only', () => {
    expect(rolesWith('diagnostics.read')).toEqual(['ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'CURRICULUM_ADMIN']);
  });

  it('lets sellers sell and curriculum officers sell and review, nothing more', () => {
    for (const role of ['SELLER', 'CURRICULUM_SELLER']) expect([...permissionsOf([role])], role).toEqual(['store.sell', 'payouts.receive']);
    expect([...permissionsOf(['CURRICULUM_OFFICER'])].sort()).toEqual(['payouts.receive', 'resources.review', 'store.sell']);
    expect(can(['SELLER'], 'resources.manage')).toBe(false);
  });

  it('lets a booking professional receive payouts without selling in the store', () => {
    expect([...permissionsOf(['BOOKING_PROFESSIONAL'])]).toEqual(['payouts.receive']);
    expect(can(['BOOKING_PROFESSIONAL'], 'store.sell')).toBe(false);
    expect(rolesWith('payouts.receive')).toEqual(['ADMIN', 'SELLER', 'BOOKING_PROFESSIONAL', 'CURRICULUM_SELLER', 'CURRICULUM_OFFICER']);
    for (const role of ['STUDENT', 'BOOKING_USER', 'DIRECTORY_MEMBER']) expect(can([role], 'payouts.receive'), role).toBe(false);
  });

  it('gives learners and unknown roles nothing', () => {
    for (const role of ['STUDENT', 'PROFESSIONAL', 'GUEST_USER', 'KING']) expect(permissionsOf([role]).size, role).toBe(0);
    expect(can(null, 'users.list')).toBe(false);
    expect(can('ADMIN', 'users.list')).toBe(true);
  });

  it('adds up the actions of several roles', () => {
    const both = permissionsOf(['CURRICULUM_ADMIN', 'INSTRUCTOR']);
    expect(both.has('sellers.manage') && both.has('courses.manage_own')).toBe(true);
    expect(both.has('users.list')).toBe(false);
  });
});

describe('object rules', () => {
  it('lets only an ADMIN change an ADMIN account', () => {
    expect(mayChangeAccount(['ADMIN'], ['ADMIN'])).toBe(true);
    for (const role of ['CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN', 'STUDENT']) {
      expect(mayChangeAccount([role], ['ADMIN', 'STUDENT'])).toBe(false);
      expect(mayChangeAccount([role], ['STUDENT'])).toBe(true);
    }
  });
});

describe('public badges', () => {
  it('names instructors and sellers, never an admin role', () => {
    expect(publicBadges(['INSTRUCTOR_ADMIN'])).toEqual(['Instructor']);
    expect(publicBadges(['CURRICULUM_SELLER', 'COURSE_CREATOR'])).toEqual(['Instructor', 'Seller']);
    expect(publicBadges(['ADMIN', 'CURRICULUM_ADMIN', 'STUDENT'])).toEqual([]);
  });
});

describe('denial messages', () => {
  it('says something telling where it can', () => {
    expect(denialMessage('courses.manage_own')).toBe('Only instructors and admins can manage courses');
    expect(denialMessage('users.list')).toBe(PERMISSION_DENIED);
  });
});
