/**
 * What GET /api/instructor/stats answers and the instructor dashboard reads (decision 0054): the
 * figures of the courses one teaches from running totals (decision 0077), and the newest few
 * enrolments and completions.
 */

/** How many enrolments and completions the dashboard lists, newest first. */
export const INSTRUCTOR_RECENT_LIMIT = 8;

export interface InstructorStatsLearner {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
}

export interface InstructorStatsCourse {
  id: number;
  enrollments: number;
  /** Enrolments whose completion was stamped (the moment the certificate is issued). */
  completions: number;
}

export interface InstructorRecentEnrollment {
  id: number;
  user: InstructorStatsLearner;
  course: { id: number; title: string };
  enrolled_at: string;
  progress_percent: number;
}

export interface InstructorRecentCompletion {
  id: number;
  user: InstructorStatsLearner;
  course: { id: number; title: string };
  completed_at: string;
}

export interface InstructorStats {
  courses: number;
  published: number;
  drafts: number;
  enrollments: number;
  /** People enrolled in at least one of the courses, each counted once. */
  learners: number;
  completions: number;
  /** The mean of the enrolments' progress (lessons completed over the course's lessons), in whole percent. */
  average_progress: number;
  /** Each course one teaches, by id. */
  per_course: InstructorStatsCourse[];
  recent_enrollments: InstructorRecentEnrollment[];
  recent_completions: InstructorRecentCompletion[];
}
