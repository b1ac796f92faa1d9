/** What the API answers and the site reads of worker/src/services/dashboards/learner.ts (decision 0054). */

export interface CourseInProgress {
  enrollment_id: number;
  course: { id: number; title: string };
  progress_percent: number;
  completed_lessons: number;
  total_lessons: number;
  resume_lesson_id: number | null;
}

export interface LearnerDashboard {
  courses: {
    enrolled: number;
    in_progress: number;
    completed: number;
    /** The in-progress courses, the most recently used first. */
    continue: CourseInProgress[];
  };
  certificates: {
    /** Valid (not revoked) certificates. */
    count: number;
    latest: { id: number; code: string; course_title: string; issued_at: string }[];
  };
  purchases: {
    /** Paid orders (any kind), and the store resources owned. */
    orders: number;
    resources: number;
    spent_cents: number;
    latest: { id: number; number: string; description: string; total_cents: number; paid_at: string }[];
  };
  bookings: {
    upcoming: number;
    next: { id: number; number: string; title: string; starts_at: string; instructor: string }[];
  };
  plan: {
    key: string;
    name: string;
    status: string;
    interval: string;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  } | null;
}
