import { describe, expect, it } from 'vitest';
import { dashboardAreaKeys } from './dashboard-areas.ts';

describe('the areas of /multi-dashboard', () => {
  it('gives everyone the learner card, then one per role held', () => {
    expect(dashboardAreaKeys(null)).toEqual(['learner']);
    expect(dashboardAreaKeys('STUDENT')).toEqual(['learner']);
    expect(dashboardAreaKeys(['STUDENT', 'SELLER', 'INSTRUCTOR'])).toEqual(['learner', 'instructor', 'seller']);
    expect(dashboardAreaKeys(['INSTRUCTOR_ADMIN', 'INSTRUCTOR', 'DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL'])).toEqual(['learner', 'instructor', 'bookings']);
    expect(dashboardAreaKeys(['CURRICULUM_SELLER'])).toEqual(['learner', 'seller']);
    expect(dashboardAreaKeys(['CURRICULUM_ADMIN'])).toEqual(['learner', 'curriculum']);
  });

  it('opens the admin card alone for ADMIN, whose grant covers every action', () => {
    expect(dashboardAreaKeys(['ADMIN'])).toEqual(['learner', 'admin']);
    expect(dashboardAreaKeys(['ADMIN', 'SELLER'])).toEqual(['learner', 'seller', 'admin']);
  });

  it('leaves the review queue to roles that open admin pages', () => {
    expect(dashboardAreaKeys(['CURRICULUM_OFFICER'])).toEqual(['learner', 'seller']);
  });
});
