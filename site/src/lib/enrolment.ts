import type { MyEnrollment } from '../../../shared/enrolment.ts';

/** What the course and enrol pages offer a signed-in learner who is already enrolled. */
export interface LearnerAction {
  label: 'Continue' | 'Review';
  href: string;
  /** The certificate of a completed course (none when revoked or not issued yet). */
  certificateHref: string | null;
  /** A short line under the button: progress, or that the course is complete. */
  note: string;
}

/** The learner's enrolment in one course, from GET /api/enrollments (mine). */
export function enrolmentFor(list: readonly MyEnrollment[], courseId: number): MyEnrollment | null {
  return list.find((e) => e.course.id === courseId) ?? null;
}

/** Continue where the learner left off, or Review a completed course with its certificate. */
export function learnerAction(enrolment: MyEnrollment): LearnerAction {
  const base = `/learn/courses/${enrolment.course.id}`;
  const certificate = enrolment.certificate && !enrolment.certificate.revoked ? `/certificates/${enrolment.certificate.id}` : null;
  if (enrolment.completed) {
    return { label: 'Review', href: base, certificateHref: certificate, note: 'You completed this course.' };
  }
  const href = enrolment.resume_lesson_id !== null ? `${base}?lesson=${enrolment.resume_lesson_id}` : base;
  return { label: 'Continue', href, certificateHref: certificate, note: `You are enrolled · ${enrolment.progress_percent}% complete` };
}
