import { FEATURES } from './features.ts';
import { describe, expect, it } from 'vitest';
import * as db from '../../../db/schema/courses.ts';
import * as shared from '../schemas/courses.ts';
import {
  canChooseInstructor,
  canCreateCourses,
  canListAllCourses,
  canListInstructors,
  canManageCourse,
  canOpenCourseAdministration,
  canViewUnpublished,
  centsToDollars,
  DEFAULT_COURSE_PRICE,
  DEFAULT_COURSE_STATUS,
  DEFAULT_PASS_SCORE,
  DEFAULT_QUIZ_DESCRIPTION,
  defaultQuizTitle,
  isValidPrice,
  isVisibleStatus,
  nextPosition,
  passesFeatureGate,
  priceToCents,
  publishesNow,
  statusFromVisible,
  instructorDisplayName,
} from './courses.ts';

describe('status and visibility', () => {
  it('reads visible true as published, anything else as not visible', () => {
    expect(isVisibleStatus('published')).toBe(true);
    expect(isVisibleStatus('draft')).toBe(false);
    expect(isVisibleStatus('archived')).toBe(false);
  });

  it('maps the edit page toggle: on publishes, off drafts, and an archived course stays archived while off', () => {
    expect(statusFromVisible(true, 'draft')).toBe('published');
    expect(statusFromVisible(true, 'archived')).toBe('published');
    expect(statusFromVisible(false, 'published')).toBe('draft');
    expect(statusFromVisible(false, 'draft')).toBe('draft');
    expect(statusFromVisible(false, 'archived')).toBe('archived');
    expect(statusFromVisible(false, null)).toBe('draft');
  });

  it('stamps the publish time only when a course becomes published', () => {
    expect(publishesNow('draft', 'published')).toBe(true);
    expect(publishesNow(null, 'published')).toBe(true);
    expect(publishesNow('published', 'published')).toBe(false);
    expect(publishesNow('published', 'archived')).toBe(false);
  });

  it('defaults a new course to price 0 and draft', () => {
    expect(DEFAULT_COURSE_PRICE).toBe('0');
    expect(DEFAULT_COURSE_STATUS).toBe('draft');
  });

  it('keeps the shared enumerations equal to the database ones', () => {
    expect([...shared.COURSE_STATUSES]).toEqual([...db.COURSE_STATUSES]);
    expect([...shared.DIFFICULTY_LEVELS]).toEqual([...db.DIFFICULTY_LEVELS]);
    expect([...shared.LESSON_TYPES]).toEqual([...db.LESSON_TYPES]);
  });
});

describe('prices: dollars to cents', () => {
  it.each([
    ['0', 0],
    ['49', 4900],
    ['19.99', 1999],
    ['19.9', 1990],
    ['19.', 1900],
    ['.5', 50],
    [' 29 ', 2900],
    ['0.105', 11],
    ['0.104', 10],
    ['100000', 10_000_000],
  ])('%j is %i cents', (input, cents) => {
    expect(priceToCents(input)).toBe(cents);
  });

  it('takes numbers as well', () => {
    expect(priceToCents(49)).toBe(4900);
    expect(priceToCents(0.1)).toBe(10);
    expect(priceToCents(19.99)).toBe(1999);
    expect(priceToCents(0)).toBe(0);
  });

  it.each(['', ' ', '-1', 'abc', '1e3', '0x10', '1,000', '$5', 'Infinity', 'NaN', '100000.01', '1.2.3'])('%j is not a price', (input) => {
    expect(priceToCents(input)).toBeNull();
    expect(isValidPrice(input)).toBe(false);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('%d is not a price', (input) => {
    expect(priceToCents(input)).toBeNull();
  });

  it('turns cents back into the dollars number the API answers', () => {
    expect(centsToDollars(4900)).toBe(49);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(0)).toBe(0);
  });
});

describe('positions and quiz defaults', () => {
  it('puts a new item last plus one, starting at 1', () => {
    expect(nextPosition(null)).toBe(1);
    expect(nextPosition(undefined)).toBe(1);
    expect(nextPosition(0)).toBe(1);
    expect(nextPosition(4)).toBe(5);
  });

  it('names a quiz after its lesson, with the default description and a pass score of 70', () => {
    expect(defaultQuizTitle('Pliés at the barre')).toBe('Quiz for Pliés at the barre');
    expect(DEFAULT_QUIZ_DESCRIPTION).toBe('Test your knowledge of this lesson');
    expect(DEFAULT_PASS_SCORE).toBe(70);
  });
});

describe('who manages courses', () => {
  const owner = 7;
  const course = { instructorId: owner };
  const as = (roles: string[], id = owner) => ({ id, roles });

  it('lets ADMIN manage any course', () => {
    expect(canManageCourse(as(['ADMIN'], 99), course)).toBe(true);
    expect(canManageCourse(as(['ADMIN'], 99), { instructorId: null })).toBe(true);
  });

  // COURSE_CREATOR_ADMIN gets the course domain of the permission table (decision 0013).
  it.each(['INSTRUCTOR', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR', 'COURSE_CREATOR_ADMIN'])('lets %s manage only their own courses', (role) => {
    expect(canManageCourse(as([role]), course)).toBe(true);
    expect(canManageCourse(as([role], 8), course)).toBe(false);
    expect(canManageCourse(as([role]), { instructorId: null })).toBe(false);
  });

  it.each(['STUDENT', 'SELLER', 'CURRICULUM_ADMIN'])('does not let %s manage courses, not even one naming them', (role) => {
    expect(canManageCourse(as([role]), course)).toBe(false);
    expect(canCreateCourses([role])).toBe(false);
  });

  it('lets ADMIN and the instructor roles create courses', () => {
    for (const role of ['ADMIN', 'INSTRUCTOR', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR', 'COURSE_CREATOR_ADMIN']) expect(canCreateCourses([role])).toBe(true);
    expect(canCreateCourses([])).toBe(false);
  });

  it('loads the full course list and the administration screen for ADMIN and INSTRUCTOR_ADMIN only', () => {
    for (const check of [canListAllCourses, canOpenCourseAdministration]) {
      expect(check(['ADMIN'])).toBe(true);
      expect(check(['INSTRUCTOR_ADMIN'])).toBe(true);
      expect(check(['INSTRUCTOR'])).toBe(false);
      expect(check(['COURSE_CREATOR'])).toBe(false);
      expect(check(['CURRICULUM_ADMIN'])).toBe(false);
    }
  });

  it('shows unpublished courses to their managers and to those who list all', () => {
    expect(canViewUnpublished(null, course)).toBe(false);
    expect(canViewUnpublished(as(['STUDENT']), course)).toBe(false);
    expect(canViewUnpublished(as(['INSTRUCTOR']), course)).toBe(true);
    expect(canViewUnpublished(as(['INSTRUCTOR'], 8), course)).toBe(false);
    expect(canViewUnpublished(as(['INSTRUCTOR_ADMIN'], 8), course)).toBe(true);
    expect(canViewUnpublished(as(['ADMIN'], 8), course)).toBe(true);
  });

  it('loads the instructor list and shows the instructor selector for ADMIN only', () => {
    for (const check of [canListInstructors, canChooseInstructor]) {
      expect(check(['ADMIN'])).toBe(true);
      expect(check(['INSTRUCTOR_ADMIN'])).toBe(false);
      expect(check(['CURRICULUM_ADMIN'])).toBe(false);
    }
  });
});

describe('the Course Administration gate', () => {
  it('is named Course Administration, at level 10, with its fixed wording', () => {
    // The gate is the Course Administration row of the one gate table (decision 0031).
    expect(FEATURES.course_administration).toEqual({
      name: 'Course Administration',
      level: 10,
      description: 'Upgrade to Educator or higher to access course administration features.',
    });
  });

  it('opens at level 10 and above', () => {
    expect(passesFeatureGate(['INSTRUCTOR'], 0, 10)).toBe(false);
    expect(passesFeatureGate(['INSTRUCTOR'], 10, 10)).toBe(true);
    expect(passesFeatureGate(['INSTRUCTOR'], 20, 10)).toBe(true);
  });

  it.each(['ADMIN', 'INSTRUCTOR_ADMIN', 'CURRICULUM_ADMIN', 'COURSE_CREATOR_ADMIN'])('lets %s (admin flag) pass every gate', (role) => {
    expect(passesFeatureGate([role], 0, 10)).toBe(true);
    expect(passesFeatureGate([role], 0, 30)).toBe(true);
  });
});

describe('instructor names on the admin screen', () => {
  it("shows the name, else 'Instructor #id'", () => {
    expect(instructorDisplayName({ firstName: 'Elena', lastName: 'Petrova' }, 3)).toBe('Elena Petrova');
    expect(instructorDisplayName({ firstName: '', lastName: '' }, 3)).toBe('Instructor #3');
    expect(instructorDisplayName(null, 3)).toBe('Instructor #3');
    expect(instructorDisplayName(null, null)).toBeNull();
  });
});
