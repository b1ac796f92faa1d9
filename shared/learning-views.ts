import type { courses, enrollments } from '../db/schema/index.ts';

/** What the API answers and the site reads of worker/src/services/learning-views.ts (decision 0054). */

/** The shapes the learning and enrolment answers share: enrolment, certificate reference, progress, course summary. */

export interface EnrollmentView {
  id: number;
  user_id: number;
  course_id: number;
  source: (typeof enrollments.$inferSelect)['source'];
  last_lesson_id: number | null;
  completed_at: string | null;
  enrolled_at: string;
  created_at: string;
  updated_at: string;
}

export interface CertificateRef {
  id: number;
  code: string;
  revoked: boolean;
}

export interface ProgressView {
  progress_percent: number;
  completed_lessons: number;
  total_lessons: number;
  completed: boolean;
}

export interface CourseSummary {
  id: number;
  title: string;
  description: string;
  image_url: string | null;
  status: (typeof courses.$inferSelect)['status'];
  lock_modules: boolean;
  instructor: { id: number; first_name: string; last_name: string } | null;
}
