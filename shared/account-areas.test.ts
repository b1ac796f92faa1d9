import { describe, expect, it } from 'vitest';
import { SIDEBAR_MENUS } from '../worker/src/domain/navigation.ts';
import { can } from '../worker/src/domain/permissions.ts';
import { accountMenuItems, areaMenuItems, sidebarFor } from './account-areas.ts';

const labels = (items: readonly { label: string }[]) => items.map((i) => i.label);

describe('the user menu: one link per area the roles open', () => {
  it('gives a student, seller and instructor each of their areas', () => {
    expect(areaMenuItems(['STUDENT', 'SELLER', 'INSTRUCTOR'])).toEqual([
      { href: '/dashboard', label: 'My Dashboard' },
      { href: '/my-courses', label: 'My Courses' },
      { href: '/my-bookings', label: 'My Bookings' },
      { href: '/instructor/dashboard', label: 'Instructor Dashboard' },
      { href: '/seller', label: 'Seller Dashboard' },
    ]);
    expect(labels(accountMenuItems(['STUDENT', 'SELLER', 'INSTRUCTOR']))).toEqual(['My Purchases', 'Manage Subscription', 'My Profile', 'Seller Payments']);
  });

  it('gives a learner their own areas only', () => {
    expect(labels(areaMenuItems(['STUDENT']))).toEqual(['My Dashboard', 'My Courses', 'My Bookings']);
    expect(labels(accountMenuItems(['STUDENT']))).toEqual(['My Purchases', 'Manage Subscription', 'My Profile']);
  });

  it('opens the admin pages to every role containing ADMIN, the review queue to the reviewers', () => {
    expect(labels(areaMenuItems(['CURRICULUM_ADMIN']))).toEqual(['My Dashboard', 'My Courses', 'My Bookings', 'Curriculum Review', 'Admin Panel']);
    expect(labels(areaMenuItems(['INSTRUCTOR_ADMIN', 'INSTRUCTOR', 'DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL']))).toEqual([
      'My Dashboard',
      'My Courses',
      'My Bookings',
      'Instructor Dashboard',
      'Instructor Bookings',
      'Admin Panel',
    ]);
    // ADMIN's every-action grant opens the admin pages, not a seller's or an instructor's area.
    expect(labels(areaMenuItems(['ADMIN']))).toEqual(['My Dashboard', 'My Courses', 'My Bookings', 'Admin Panel']);
  });
});

describe('the sidebar follows the area of the page', () => {
  const multirole = ['STUDENT', 'SELLER', 'INSTRUCTOR'];

  it('shows the instructor menu under /instructor and the seller menu under /seller to someone who is both', () => {
    expect(sidebarFor(multirole, '/instructor/dashboard').kind).toBe('instructor');
    expect(sidebarFor(multirole, '/instructor').kind).toBe('instructor');
    expect(sidebarFor(multirole, '/admin/courses/12').kind).toBe('instructor');
    expect(sidebarFor(multirole, '/seller/resources').kind).toBe('seller');
    // Every entry of the instructor menu their roles may use (moderating practice reports is staff's).
    const theirs = SIDEBAR_MENUS.instructor.filter((item) => !item.requires || can(multirole, item.requires));
    expect(labels(theirs)).toContain('Feedback');
    expect(labels(sidebarFor(multirole, '/instructor/courses').items)).toEqual(labels(theirs));
  });

  it("keeps a role's own menu where the area is not theirs", () => {
    expect(sidebarFor(['SELLER'], '/instructor/dashboard').kind).toBe('seller');
    expect(sidebarFor(['INSTRUCTOR'], '/seller').kind).toBe('instructor');
    expect(sidebarFor(['ADMIN'], '/instructor/dashboard').kind).toBe('admin');
    expect(sidebarFor(['ADMIN'], '/admin/courses').kind).toBe('admin');
    expect(sidebarFor(['CURRICULUM_ADMIN'], '/admin/dashboard').kind).toBe('curriculum-admin');
    expect(sidebarFor(['INSTRUCTOR_ADMIN', 'INSTRUCTOR'], '/admin/dashboard').kind).toBe('instructor');
    expect(sidebarFor(['STUDENT'], '/instructor')).toEqual({
      kind: null,
      items: [],
    });
  });

  it('lists only the entries the permission table lets the roles use', () => {
    const curriculum = sidebarFor(['CURRICULUM_ADMIN'], '/admin/resources');
    expect(labels(curriculum.items)).toEqual(['Dashboard', 'Resources', 'Resource Categories', 'Curriculum', 'Sellers', 'Community', 'Settings']);
    // A Connect & Book instructor who teaches no course: the bookings part of the instructor menu.
    expect(labels(sidebarFor(['BOOKING_PROFESSIONAL'], '/instructor/bookings').items)).toEqual(['Availability', 'Bookings', 'Settings']);
  });
});
