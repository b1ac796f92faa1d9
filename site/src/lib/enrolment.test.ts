import { describe, expect, it } from 'vitest';
import { enrolmentFor, learnerAction } from './enrolment.ts';
import type { MyEnrollment } from '../../../shared/enrolment.ts';

const enrolment = (over: Partial<MyEnrollment> = {}): MyEnrollment =>
  ({
    id: 1,
    progress_percent: 40,
    completed_lessons: 2,
    total_lessons: 5,
    completed: false,
    course: { id: 7, title: 'Ballet Basics' },
    resume_lesson_id: 12,
    certificate: null,
    ...over,
  }) as MyEnrollment;

describe('learnerAction', () => {
  it('continues an unfinished course at the lesson to resume', () => {
    expect(learnerAction(enrolment())).toEqual({ label: 'Continue', href: '/learn/courses/7?lesson=12', certificateHref: null, note: 'You are enrolled · 40% complete' });
    expect(learnerAction(enrolment({ resume_lesson_id: null })).href).toBe('/learn/courses/7');
  });
  it('reviews a completed course and links its certificate unless revoked', () => {
    const done = enrolment({ completed: true, progress_percent: 100, certificate: { id: 3, code: 'DRX-X', revoked: false } });
    expect(learnerAction(done)).toMatchObject({ label: 'Review', href: '/learn/courses/7', certificateHref: '/certificates/3' });
    expect(learnerAction({ ...done, certificate: { id: 3, code: 'DRX-X', revoked: true } }).certificateHref).toBeNull();
  });
  it("finds the learner's enrolment in a course", () => {
    expect(enrolmentFor([enrolment()], 7)?.id).toBe(1);
    expect(enrolmentFor([enrolment()], 8)).toBeNull();
  });
});
