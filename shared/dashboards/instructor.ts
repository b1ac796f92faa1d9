/** What the API answers and the site reads of worker/src/services/dashboards/instructor.ts (decision 0054). */

export interface InstructorDashboard {
  month: string;
  bookings: {
    upcoming: number;
    taught_this_month: number;
    next: { id: number; number: string; title: string; starts_at: string; learner: string }[];
  };
  earnings: {
    month_gross_cents: number;
    month_net_cents: number;
    /** Lesson packages sold this month. */
    packages_sold: number;
  };
  /** Takes sent for feedback in the courses one teaches, waiting for an answer (decision 0070). */
  feedback_waiting: number;
}
