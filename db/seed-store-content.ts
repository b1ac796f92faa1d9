import type { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS } from './schema/store.ts';
import * as docs from './seed-store-documents.ts';
import type { DemoDocument } from './seed-store-pdf.ts';

/**
 * What the demo curriculum store holds (decision 0029): resource categories, three sellers' stores
 * (the demo accounts `seller`, `curriculum_seller` and `multirole`), their resources with files,
 * the paid orders and free takes that made buyers owners, the reviews, and one application still
 * waiting for a curriculum admin. db/seed-store.ts writes it; db/seed-store-files.ts makes the files.
 */

export type DemoSeller = 'seller' | 'curriculum_seller' | 'multirole';
/** Demo accounts that buy and review (never their own resources). */
export type DemoBuyer = 'student' | 'seller' | 'curriculum_seller' | 'multirole' | 'instructor_admin';

export const DEMO_RESOURCE_CATEGORIES: readonly { name: string; description: string }[] = [
  { name: 'Lesson Plans', description: 'Ready-to-teach plans for single classes or a series, with timings and teaching points.' },
  { name: 'Syllabi', description: 'A term or a year of classes with aims, progressions and assessment.' },
  { name: 'Music Lists', description: 'Music chosen and sorted for class: tempos, counts and what to use it for.' },
  { name: 'Class Outlines', description: 'The shape of a class or workshop, from warm-up to cool-down.' },
  { name: 'Choreography Notes', description: 'Counts, formations and cleaning notes for a piece.' },
  { name: 'Recital Planning', description: 'Timelines, checklists and templates for shows and showcases.' },
  { name: 'Warm-ups & Conditioning', description: 'Warm-ups, strength and flexibility work for dancers of every age.' },
];

export interface DemoSellerProfile {
  username: DemoSeller;
  storeName: string;
  bio: string;
  applicationNote: string;
  requestedRole: 'SELLER' | 'CURRICULUM_SELLER';
  /** Days since the application was approved. */
  approvedDaysAgo: number;
}

export const DEMO_SELLER_PROFILES: readonly DemoSellerProfile[] = [
  {
    username: 'seller',
    storeName: 'Rivera Social Dance',
    bio: 'Salsa, bachata and social partner dance plans from a teacher with fifteen years of Friday-night beginners. Everything here has been taught, timed and rewritten in a real class.',
    applicationNote: 'I teach salsa and bachata to adults in community centres and want to share the course plans I use every term.',
    requestedRole: 'SELLER',
    approvedDaysAgo: 90,
  },
  {
    username: 'curriculum_seller',
    storeName: 'Little Movers Curriculum',
    bio: 'Creative dance and pre-ballet for ages 3 to 8: year plans, story dances and music lists that make little ones listen, move and imagine.',
    applicationNote: 'A complete early-years dance curriculum, tested over six years in nurseries and a dance school.',
    requestedRole: 'CURRICULUM_SELLER',
    approvedDaysAgo: 84,
  },
  {
    username: 'multirole',
    storeName: 'Marin Groove Lab',
    bio: 'Hip hop, tap, breaking and jazz funk for pre-teens and teens: syllabi with the culture behind the steps, drills that build clean sounds, and showcase-ready choreography.',
    applicationNote: 'Hip hop and tap teacher for youth companies; I would like to sell my syllabi and showcase notes.',
    requestedRole: 'SELLER',
    approvedDaysAgo: 75,
  },
];

/** An application waiting for review (the admin queue is not empty): an account that cannot sign in. */
export const DEMO_APPLICANT = {
  username: 'lena_hoffmann',
  firstName: 'Lena',
  lastName: 'Hoffmann',
  bio: 'Contemporary and modern dance teacher for teenagers and adults in Hamburg.',
  storeName: 'Hoffmann Contemporary',
  storeBio: 'Contemporary technique classes and improvisation scores for teen and adult students.',
  sampleUrl: 'https://lena-hoffmann.example/sample-class',
  applicationNote: 'I have taught contemporary technique for nine years and would like to sell my improvisation scores and technique class plans. The link shows a sample class plan.',
  requestedRole: 'SELLER' as const,
  appliedDaysAgo: 2,
};

export type DemoFile = { pdf: DemoDocument } | { csv: { fileName: string; rows: string[][] } } | { text: { fileName: string; body: string } };

export interface DemoResource {
  title: string;
  /** Shown on the generated cover. */
  coverLabel: string;
  seller: DemoSeller;
  description: string;
  style: (typeof DANCE_STYLES)[number];
  ageGroup: (typeof AGE_GROUPS)[number];
  level: (typeof RESOURCE_LEVELS)[number];
  category: string;
  priceCents: number;
  featured: boolean;
  status: 'published' | 'submitted' | 'draft' | 'rejected';
  rejectionReason?: string;
  /** Days since it was created (published a day later, when published). */
  createdDaysAgo: number;
  files: DemoFile[];
}

export const DEMO_RESOURCES: readonly DemoResource[] = [
  // Rivera Social Dance
  {
    title: docs.SALSA_COURSE_PLAN.title,
    coverLabel: 'Salsa On1 in 8 Weeks',
    seller: 'seller',
    description:
      'A complete **eight-week beginner course** in salsa On1, one 60-minute class per week.\n\nEvery week has a timed plan: warm-up, the new figure taught in parts, partner rotation and review. Students finish with the basic, side and turning basics, the cross-body lead, right and inside turns, two shines, a hand change and a 32-count routine.\n\nIncludes a **music list (CSV)** sorted by class section and tempo, so you can build your own playlist.',
    style: 'Latin',
    ageGroup: 'Adult (18+)',
    level: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 2400,
    featured: true,
    status: 'published',
    createdDaysAgo: 80,
    files: [{ pdf: docs.SALSA_COURSE_PLAN }, { csv: { fileName: 'salsa-class-music-list.csv', rows: docs.SALSA_MUSIC_ROWS } }],
  },
  {
    title: docs.BACHATA_LESSONS.title,
    coverLabel: 'Bachata Sensual',
    seller: 'seller',
    description:
      'Four lesson plans for **improver couples**: close embrace, body waves, turns from the embrace and safe inclinations.\n\nEach lesson teaches the body movement solo before it is led, with clear safety notes: no fast head movement, and a follower can always decline.',
    style: 'Latin',
    ageGroup: 'Adult (18+)',
    level: 'Intermediate',
    category: 'Lesson Plans',
    priceCents: 1999,
    featured: false,
    status: 'published',
    createdDaysAgo: 62,
    files: [{ pdf: docs.BACHATA_LESSONS }],
  },
  {
    title: docs.LATIN_WARMUPS.title,
    coverLabel: 'Latin Warm-Ups',
    seller: 'seller',
    description:
      'Three six-minute warm-ups written in eight-counts: a salsa walk-in, cha-cha feet and a samba bounce.\n\nFree to download — with adaptations for children, seniors and advanced dancers.',
    style: 'Latin',
    ageGroup: 'All Ages',
    level: 'Mixed Levels',
    category: 'Warm-ups & Conditioning',
    priceCents: 0,
    featured: false,
    status: 'published',
    createdDaysAgo: 70,
    files: [{ pdf: docs.LATIN_WARMUPS }],
  },
  {
    title: 'Social Ballroom for Seniors: Ten-Week Term Syllabus',
    coverLabel: 'Ballroom for Seniors',
    seller: 'seller',
    description:
      'Foxtrot, waltz, rumba and cha-cha in a gentle social form for dancers aged **55 and over**.\n\nA ten-week plan with the class shape, safety and comfort notes, slower music tempos, and a welcome letter to hand out in the first class.',
    style: 'Ballroom',
    ageGroup: 'Senior (55+)',
    level: 'Beginner',
    category: 'Syllabi',
    priceCents: 1450,
    featured: false,
    status: 'published',
    createdDaysAgo: 55,
    files: [{ pdf: docs.BALLROOM_SENIORS_SYLLABUS }, { pdf: docs.BALLROOM_TERM_LETTER }],
  },
  {
    title: docs.LINDY_TASTER.title,
    coverLabel: 'Lindy Hop Taster',
    seller: 'seller',
    description: 'A **90-minute taster workshop** in swing dancing: the bounce, six-count basic and tuck turn, the lindy circle, a solo Charleston and a social dance to finish.',
    style: 'Swing',
    ageGroup: 'Adult (18+)',
    level: 'Beginner',
    category: 'Class Outlines',
    priceCents: 499,
    featured: false,
    status: 'published',
    createdDaysAgo: 40,
    files: [{ pdf: docs.LINDY_TASTER }],
  },
  {
    title: 'Cha-Cha-Chá Timing Drills',
    coverLabel: 'Cha-Cha Timing',
    seller: 'seller',
    description: 'Drills that fix the most common cha-cha timing problems. (Work in progress: files still to come.)',
    style: 'Latin',
    ageGroup: 'Teen (13-17)',
    level: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 799,
    featured: false,
    status: 'draft',
    createdDaysAgo: 4,
    files: [],
  },
  // Little Movers Curriculum
  {
    title: docs.CREATIVE_YEAR_PLAN.title,
    coverLabel: 'Creative Movement 3–4',
    seller: 'curriculum_seller',
    description:
      'A **whole school year** of creative dance for three- and four-year-olds: three terms, twelve themes, one class shape children learn to love.\n\nIncludes the year plan, six story-dance scripts to read aloud, and a props and safety checklist.',
    style: 'Modern',
    ageGroup: 'Toddler (2-4)',
    level: 'Beginner',
    category: 'Syllabi',
    priceCents: 3900,
    featured: true,
    status: 'published',
    createdDaysAgo: 78,
    files: [{ pdf: docs.CREATIVE_YEAR_PLAN }, { pdf: docs.CREATIVE_STORY_SESSIONS }, { pdf: docs.CREATIVE_CHECKLIST }],
  },
  {
    title: docs.PRE_BALLET_LESSONS.title,
    coverLabel: 'Pre-Ballet Stories',
    seller: 'curriculum_seller',
    description:
      'Six 45-minute **pre-ballet** lessons for ages 5 to 8, each built around a ballet story: plié in the sleeping garden, posture in the toy shop, port de bras at the swan pond, and more.\n\nNatural turnout only, French terms alongside images children understand.',
    style: 'Ballet',
    ageGroup: 'Children (5-8)',
    level: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 2900,
    featured: true,
    status: 'published',
    createdDaysAgo: 66,
    files: [{ pdf: docs.PRE_BALLET_LESSONS }],
  },
  {
    title: 'Music for Little Movers: Tempo-Sorted Playlist',
    coverLabel: 'Music for Little Movers',
    seller: 'curriculum_seller',
    description:
      'A **music list** for classes of 3 to 8 year olds, sorted by class section and tempo, with the movement task and a teaching tip for each piece (CSV), and two pages of teaching notes on tempo, contrast and counting with young children.',
    style: 'Other',
    ageGroup: 'Children (5-8)',
    level: 'Mixed Levels',
    category: 'Music Lists',
    priceCents: 499,
    featured: false,
    status: 'published',
    createdDaysAgo: 50,
    files: [{ csv: { fileName: 'little-movers-playlist.csv', rows: docs.LITTLE_MOVERS_MUSIC_ROWS } }, { pdf: docs.LITTLE_MOVERS_MUSIC_NOTES }],
  },
  {
    title: docs.RECITAL_PLANNER.title,
    coverLabel: 'Recital Planner',
    seller: 'curriculum_seller',
    description:
      'Plan a relaxed, safe **end-of-year show** for young classes: a twelve-week countdown, backstage safety, how to build the running order, a family letter to adapt, and an example running order.',
    style: 'Other',
    ageGroup: 'Children (5-8)',
    level: 'Mixed Levels',
    category: 'Recital Planning',
    priceCents: 1200,
    featured: false,
    status: 'published',
    createdDaysAgo: 35,
    files: [{ pdf: docs.RECITAL_PLANNER }, { pdf: docs.RUNNING_ORDER }],
  },
  {
    title: docs.FOLK_DANCES.title,
    coverLabel: 'Folk Dances of the World',
    seller: 'curriculum_seller',
    description: 'Three folk dances for primary schools — **Mayim Mayim**, **Seven Jumps** and **Troika** — in school-friendly versions, with where each dance comes from and ideas for assessment. Free.',
    style: 'Folk',
    ageGroup: 'Pre-Teen (9-12)',
    level: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 0,
    featured: false,
    status: 'published',
    createdDaysAgo: 60,
    files: [{ pdf: docs.FOLK_DANCES }],
  },
  {
    title: 'Contemporary Floor Work for Pre-Teens',
    coverLabel: 'Contemporary Floor Work',
    seller: 'curriculum_seller',
    description: 'A 60-minute class outline teaching safe rolling, sliding and weight into the hands for ages 9 to 12, ending in a four-eight floor phrase.',
    style: 'Contemporary',
    ageGroup: 'Pre-Teen (9-12)',
    level: 'Intermediate',
    category: 'Class Outlines',
    priceCents: 1600,
    featured: false,
    status: 'submitted',
    createdDaysAgo: 3,
    files: [{ pdf: docs.CONTEMPORARY_FLOOR }],
  },
  // Marin Groove Lab
  {
    title: docs.HIPHOP_SYLLABUS.title,
    coverLabel: 'Hip Hop Foundations',
    seller: 'multirole',
    description:
      'Twelve weeks of **hip hop foundations** for teens: grooves, party steps, popping, locking and house basics, musicality, a cypher and a showcase — and the history behind each.\n\nIncludes an assessment rubric with five criteria and four levels.',
    style: 'Hip Hop',
    ageGroup: 'Teen (13-17)',
    level: 'Beginner',
    category: 'Syllabi',
    priceCents: 3400,
    featured: true,
    status: 'published',
    createdDaysAgo: 72,
    files: [{ pdf: docs.HIPHOP_SYLLABUS }, { pdf: docs.HIPHOP_RUBRIC }],
  },
  {
    title: docs.TAP_LADDERS.title,
    coverLabel: 'Tap Rhythm Ladders',
    seller: 'multirole',
    description: 'Six **progressive tap ladders** — drops, shuffles, flaps, shuffle ball change, paddle and roll, the time step — each in four rungs with counts and a starting tempo.',
    style: 'Tap',
    ageGroup: 'Pre-Teen (9-12)',
    level: 'Intermediate',
    category: 'Class Outlines',
    priceCents: 999,
    featured: false,
    status: 'published',
    createdDaysAgo: 58,
    files: [{ pdf: docs.TAP_LADDERS }],
  },
  {
    title: docs.BREAKING_LESSONS.title,
    coverLabel: 'Breaking Basics',
    seller: 'multirole',
    description: 'Five lesson plans for teenage beginners: **toprock, go-downs, six-step, the baby freeze** and cypher etiquette — with long warm-ups and no power moves.',
    style: 'Breakdance',
    ageGroup: 'Teen (13-17)',
    level: 'Beginner',
    category: 'Lesson Plans',
    priceCents: 1800,
    featured: false,
    status: 'published',
    createdDaysAgo: 45,
    files: [{ pdf: docs.BREAKING_LESSONS }],
  },
  {
    title: 'Jazz Funk Showcase Choreography Notes: "Neon Pulse"',
    coverLabel: 'Neon Pulse',
    seller: 'multirole',
    description:
      'The counts, formations and cleaning notes of **"Neon Pulse"**, a two-minute jazz funk piece for 8 to 16 advanced teen dancers, with adaptations for intermediate groups and a one-page counts cheat sheet (text file) for the studio mirror.',
    style: 'Jazz',
    ageGroup: 'Teen (13-17)',
    level: 'Advanced',
    category: 'Choreography Notes',
    priceCents: 2250,
    featured: false,
    status: 'published',
    createdDaysAgo: 30,
    files: [{ pdf: docs.JAZZ_FUNK_NOTES }, { text: { fileName: 'neon-pulse-counts-cheat-sheet.txt', body: docs.JAZZ_FUNK_CHEAT_SHEET } }],
  },
  {
    title: docs.SHOWCASE_BINDER.title,
    coverLabel: 'Showcase Production',
    seller: 'multirole',
    description: 'For **studio directors**: a sixteen-week production timeline, team roles, a technical rehearsal schedule and an example cue sheet for a studio showcase.',
    style: 'Jazz',
    ageGroup: 'All Ages',
    level: 'Professional',
    category: 'Recital Planning',
    priceCents: 1500,
    featured: false,
    status: 'published',
    createdDaysAgo: 20,
    files: [{ pdf: docs.SHOWCASE_BINDER }],
  },
  {
    title: docs.CYPHER_GAMES.title,
    coverLabel: 'Cypher Games',
    seller: 'multirole',
    description: 'Eight games that get pre-teens freestyling in a circle.',
    style: 'Hip Hop',
    ageGroup: 'Pre-Teen (9-12)',
    level: 'Mixed Levels',
    category: 'Class Outlines',
    priceCents: 600,
    featured: false,
    status: 'rejected',
    rejectionReason: 'The file lists the games by name only. Please add how each game is played, its safety notes and how to adapt it by age, then submit it again.',
    createdDaysAgo: 14,
    files: [{ pdf: docs.CYPHER_GAMES }],
  },
];

/** A paid order of the demo: who bought which resources (by title), how many days ago. */
export interface DemoOrder {
  buyer: DemoBuyer;
  titles: string[];
  daysAgo: number;
}

const T = (i: number) => DEMO_RESOURCES[i]!.title;

export const DEMO_ORDERS: readonly DemoOrder[] = [
  { buyer: 'student', titles: [T(0), T(7)], daysAgo: 52 },
  { buyer: 'multirole', titles: [T(0)], daysAgo: 45 },
  { buyer: 'multirole', titles: [T(7), T(8)], daysAgo: 40 },
  { buyer: 'seller', titles: [T(12)], daysAgo: 33 },
  { buyer: 'student', titles: [T(12), T(6)], daysAgo: 28 },
  { buyer: 'curriculum_seller', titles: [T(13)], daysAgo: 21 },
  { buyer: 'instructor_admin', titles: [T(3)], daysAgo: 18 },
  { buyer: 'instructor_admin', titles: [T(15), T(4)], daysAgo: 12 },
  { buyer: 'curriculum_seller', titles: [T(1)], daysAgo: 9 },
  { buyer: 'multirole', titles: [T(9)], daysAgo: 6 },
  { buyer: 'seller', titles: [T(16), T(14)], daysAgo: 3 },
  { buyer: 'student', titles: [T(13)], daysAgo: 1 },
];

/** Free resources taken from their page. */
export const DEMO_FREE_TAKES: readonly { buyer: DemoBuyer; title: string; daysAgo: number }[] = [
  { buyer: 'student', title: T(2), daysAgo: 60 },
  { buyer: 'instructor_admin', title: T(2), daysAgo: 44 },
  { buyer: 'curriculum_seller', title: T(2), daysAgo: 30 },
  { buyer: 'student', title: T(10), daysAgo: 25 },
  { buyer: 'multirole', title: T(10), daysAgo: 15 },
];

export interface DemoReview {
  title: string;
  author: DemoBuyer;
  rating: number;
  body: string;
  reply?: string;
  daysAgo: number;
}

export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    title: T(0),
    author: 'student',
    rating: 5,
    body: 'I used weeks 1 to 4 with my adult beginners and the counting advice alone was worth it: everyone found the 1 by the second class. The music list saved me hours.',
    reply: 'Thank you, Maya! Weeks 6 and 7 are where the group really starts to dance socially. Enjoy them.',
    daysAgo: 40,
  },
  {
    title: T(0),
    author: 'multirole',
    rating: 4,
    body: 'Clear plans with realistic timings. I would have liked a second routine for groups that finish early, but the troubleshooting page is excellent.',
    daysAgo: 38,
  },
  {
    title: T(7),
    author: 'student',
    rating: 5,
    body: 'The stories keep my five-year-olds completely engaged, and the plié garden is now a class favourite.',
    daysAgo: 35,
  },
  {
    title: T(7),
    author: 'multirole',
    rating: 5,
    body: 'Beautifully structured. The natural turnout reminders are exactly what newer teachers need to hear.',
    reply: 'Thank you, Sofia. Turnout is the one thing I will always repeat!',
    daysAgo: 30,
  },
  {
    title: T(12),
    author: 'seller',
    rating: 4,
    body: 'I borrowed the groove weeks for my teen salsa group and they loved it. The culture notes gave me the confidence to talk about where the steps come from.',
    reply: 'Love that it works in a salsa class too. The rubric helps a lot at week 5.',
    daysAgo: 25,
  },
  {
    title: T(12),
    author: 'student',
    rating: 5,
    body: 'The twelve-week table is on my studio wall. My students ask for the cypher every week now.',
    daysAgo: 20,
  },
  {
    title: T(6),
    author: 'student',
    rating: 4,
    body: 'Lovely themes and a class shape that works. The story scripts are the best part; I would buy more of them.',
    daysAgo: 22,
  },
  {
    title: T(13),
    author: 'curriculum_seller',
    rating: 5,
    body: 'Ladders are a brilliant way to let each child progress at their own speed. Recording the students, as suggested, made a huge difference.',
    daysAgo: 15,
  },
  {
    title: T(2),
    author: 'student',
    rating: 5,
    body: 'Free and genuinely useful: the samba bounce is now my go-to warm-up for mixed-age classes.',
    daysAgo: 50,
  },
  {
    title: T(2),
    author: 'instructor_admin',
    rating: 4,
    body: 'Well counted and easy to call from the front. The adaptations for seniors are thoughtful.',
    daysAgo: 40,
  },
  {
    title: T(10),
    author: 'multirole',
    rating: 4,
    body: 'Seven Jumps was a huge hit with my nine-year-olds. Good background on each dance.',
    daysAgo: 10,
  },
];
