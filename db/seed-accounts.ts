import type { RoleName } from '../worker/src/domain/roles.ts';

export const DEMO_PASSWORD = 'drx-demo-2026';

export interface DemoAccount {
  username: string;
  password: string;
  roles: readonly RoleName[];
  firstName: string;
  lastName: string;
  description: string;
  /** Shown on their profile and instructor pages. */
  bio: string;
}

/** One account per kind of user (role), listed by the README and printed at start. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'student',
    password: DEMO_PASSWORD,
    roles: ['STUDENT'],
    firstName: 'Maya',
    lastName: 'Thompson',
    description: 'Learner: courses, purchases, bookings',
    bio: 'Assistant teacher at a community dance school in Leeds, working towards her first ballet teaching certificate. Loves a well-planned barre and a good playlist.',
  },
  {
    username: 'seller',
    password: DEMO_PASSWORD,
    roles: ['SELLER'],
    firstName: 'Carlos',
    lastName: 'Rivera',
    description: 'Sells resources; seller area',
    bio: 'Salsa and bachata teacher who writes the lesson plans he wished he had when he started: eight-week beginner courses, warm-ups and music lists with counts.',
  },
  {
    username: 'curriculum_seller',
    password: DEMO_PASSWORD,
    roles: ['CURRICULUM_SELLER'],
    firstName: 'Priya',
    lastName: 'Nair',
    description: 'Curriculum seller; multi-dashboard',
    bio: 'Creative dance specialist for ages 3 to 8. Her curriculum turns stories, shapes and rhythm games into a full school year of classes.',
  },
  {
    username: 'instructor_admin',
    password: DEMO_PASSWORD,
    roles: ['INSTRUCTOR_ADMIN', 'INSTRUCTOR', 'DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL'],
    firstName: 'Elena',
    lastName: 'Petrova',
    description: 'Instructor and course administrator; bookable in Connect & Book',
    bio: 'Trained at the Vaganova Academy and danced for twelve years with a touring classical company before turning to teaching. Elena has trained ballet teachers for over fifteen years, with a focus on safe turnout, clear cueing and musical phrasing, and also teaches contemporary floor work and Latin partnering for teachers who want a second style.',
  },
  {
    username: 'curriculum_admin',
    password: DEMO_PASSWORD,
    roles: ['CURRICULUM_ADMIN'],
    firstName: 'James',
    lastName: 'Okafor',
    description: 'Administers the curriculum store',
    bio: 'Former head of dance at a performing arts secondary school. Reviews every resource in the curriculum store for clarity, safety and age-appropriateness.',
  },
  {
    username: 'admin',
    password: DEMO_PASSWORD,
    roles: ['ADMIN'],
    firstName: 'Grace',
    lastName: 'Whitfield',
    description: 'Platform administrator',
    bio: 'Runs the DRX platform: accounts, courses and the people behind them.',
  },
  {
    username: 'multirole',
    password: DEMO_PASSWORD,
    roles: ['STUDENT', 'SELLER', 'INSTRUCTOR'],
    firstName: 'Sofia',
    lastName: 'Marin',
    description: 'Student, seller and instructor at once',
    bio: 'Hip hop and tap teacher from Barcelona who has choreographed for youth companies and school shows for ten years. Sofia teaches teens to groove with confidence and young children to hear rhythm with their feet, and sells the class plans she uses every week.',
  },
];

/** A demo account's full name. */
export const demoFullName = (a: Pick<DemoAccount, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`;

/** The email a local demo gives a demo account (none on a deployment). */
export const demoEmail = (username: string) => `${username.replace(/_/g, '.')}@demo.drx.example`;
