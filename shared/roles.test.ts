import { describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '../worker/src/domain/roles.ts';
import { planName, planOfLevel, roleLabel, roleLabels } from './roles.ts';

describe('roles in words', () => {
  it('names every role in words, never as its enum', () => {
    expect(roleLabel('CURRICULUM_ADMIN')).toBe('Curriculum admin');
    expect(roleLabel('INSTRUCTOR_ADMIN')).toBe('Instructor admin');
    expect(roleLabel('BOOKING_PROFESSIONAL')).toBe('Bookable instructor');
    for (const role of ROLE_NAMES) expect(roleLabel(role), role).not.toMatch(/_|^[A-Z]{2,}/);
    expect(roleLabel('SOME_NEW_ROLE')).toBe('Some new role');
  });

  it("lists a user's roles in the order held, 'Learner' for none", () => {
    expect(roleLabels(['STUDENT', 'SELLER', 'INSTRUCTOR'])).toEqual(['Student', 'Seller', 'Instructor']);
    expect(roleLabels([])).toEqual(['Learner']);
    expect(roleLabels('ADMIN')).toEqual(['Admin']);
  });
});

describe('plans by name', () => {
  it('names the plan of a level, never "Level 10"', () => {
    expect(planName(10)).toBe('Educator');
    expect(planName(0)).toBe('Free');
    expect(planName(25)).toBe('Premium');
    expect(planName(30)).toBe('Royalty');
    expect(planOfLevel(-1)).toBe('free');
  });

  it('names the plan of a tier, old tier names too', () => {
    expect(planName('educator')).toBe('Educator');
    expect(planName('IMPERIAL')).toBe('Premium');
    expect(planName(null)).toBe('Free');
  });
});
