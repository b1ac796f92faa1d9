/**
 * What `npm run db:grow` adds to a demo database (decision 0039): a successful platform's size at
 * factor 1, scaled by the factor for smaller runs. Every row is made by SQL from its number alone
 * (no randomness), so the same factor on the same day grows the same database.
 */

export interface GrowPlan {
  users: number;
  courses: number;
  /** Modules per course and lessons per module. */
  modulesPerCourse: number;
  lessonsPerModule: number;
  sellers: number;
  resources: number;
  /** Of the resources, those of the demo `seller`. */
  demoSellerResources: number;
  orders: number;
  /** One order in this many is the demo `student`'s. */
  studentOrderEvery: number;
  /** One resource sale in this many is of a demo `seller` resource. */
  demoSellerSaleEvery: number;
  enrolments: number;
  bookings: number;
  subscriptions: number;
  audit: number;
  notifications: number;
  /** Notices of the demo `student`, within `notifications`. */
  studentNotifications: number;
  /**
   * The community (decision 0075): questions on grown lessons, resources and profiles, answers to
   * every other question (the rest wait for one), replies under answers, upvotes; of the questions,
   * those on one busy lesson of the demo ballet course (the first ones), and a thread's answers.
   */
  communityQuestions: number;
  communityAnswers: number;
  communityReplies: number;
  communityVotes: number;
  busyLessonQuestions: number;
  busyThreadAnswers: number;
}

const SIZE: GrowPlan = {
  users: 200_000,
  courses: 5_000,
  modulesPerCourse: 4,
  lessonsPerModule: 3,
  sellers: 1_000,
  resources: 20_000,
  demoSellerResources: 2_000,
  orders: 1_000_000,
  studentOrderEvery: 1_000,
  demoSellerSaleEvery: 6,
  enrolments: 300_000,
  bookings: 200_000,
  subscriptions: 100_000,
  audit: 1_000_000,
  notifications: 500_000,
  studentNotifications: 5_000,
  // 1,000,000 posts in all.
  communityQuestions: 400_000,
  communityAnswers: 500_000,
  communityReplies: 100_000,
  communityVotes: 200_000,
  busyLessonQuestions: 5_000,
  busyThreadAnswers: 300,
};

/** The plan at `factor` (1: the full size); counts never fall below what the shapes need. */
export function growPlan(factor: number): GrowPlan {
  const scale = (n: number, min = 1) => Math.max(min, Math.round(n * factor));
  return {
    ...SIZE,
    users: scale(SIZE.users, 100),
    courses: scale(SIZE.courses, 20),
    sellers: scale(SIZE.sellers, 5),
    resources: scale(SIZE.resources, 40),
    demoSellerResources: scale(SIZE.demoSellerResources, 10),
    orders: scale(SIZE.orders, 100),
    enrolments: scale(SIZE.enrolments, 50),
    bookings: scale(SIZE.bookings, 50),
    subscriptions: scale(SIZE.subscriptions, 20),
    audit: scale(SIZE.audit, 50),
    notifications: scale(SIZE.notifications, 50),
    studentNotifications: scale(SIZE.studentNotifications, 10),
    communityQuestions: scale(SIZE.communityQuestions, 200),
    communityAnswers: scale(SIZE.communityAnswers, 200),
    communityReplies: scale(SIZE.communityReplies, 50),
    communityVotes: scale(SIZE.communityVotes, 50),
    busyLessonQuestions: scale(SIZE.busyLessonQuestions, 50),
    busyThreadAnswers: scale(SIZE.busyThreadAnswers, 30),
  };
}

/** Parses `--factor N` (0 < N ≤ 1) from the command line; 1 when absent. */
export function factorFrom(argv: string[]): number {
  const at = argv.indexOf('--factor');
  if (at === -1) return 1;
  const factor = Number(argv[at + 1]);
  if (!Number.isFinite(factor) || factor <= 0 || factor > 1) throw new Error('--factor takes a number above 0 and at most 1.');
  return factor;
}
