import type { CertificateRef, CourseSummary, EnrollmentView, ProgressView } from './learning-views.ts';

/** What the API answers and the site reads of worker/src/services/enrolment.ts (decision 0054). */

export type MyEnrollment = EnrollmentView &
  ProgressView & { course: CourseSummary; resume_lesson_id: number | null; certificate: CertificateRef | null };

export type StudentEnrollment = EnrollmentView &
  ProgressView & {
    user: { id: number; username: string; first_name: string; last_name: string; email: string | null };
    course: { id: number; title: string };
    certificate: CertificateRef | null;
  };
