import { randomBytes } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { NO_SIGN_IN_PASSWORD_HASH } from '../worker/src/domain/content-accounts.ts';
import type { Db } from '../worker/src/platform/db.ts';
import { lookupZip } from '../worker/src/services/connect/zipcode.ts';
import {
  availabilityRules,
  bookings,
  danceStyles,
  instructorProfiles,
  instructorReviews,
  instructorStyles,
  lessonPackages,
  lessonTypes,
  packagePurchases,
  users,
  type LessonKind,
  type LessonMode,
} from './schema/index.ts';
import { demoPortraitUrl } from './seed-images.ts';
import { seedDemoSubscriptions } from './seed-subscriptions.ts';

/**
 * The Connect & Book demo (decision 0032): six published instructors in different
 * zones and styles — the demo instructor account (instructor_admin, New York ballet) and five
 * content accounts that cannot sign in (decision 0016) — with lesson types of all four kinds,
 * weekly hours, packages, and bookings by the demo learners (student, multirole): upcoming
 * confirmed ones and past completed ones with reviews. One instructor holds a Premium plan and
 * asks for the premium listing.
 *
 * Seed bookings are written straight as confirmed rows with the lesson type's price and no order
 * (no payment was taken: decision 0024 moves money only on provider events, and a demo has none);
 * one of them uses a credit of a package bought the same way. The structure is the same on every
 * run; instants are placed relative to the day of the run, at fixed local times of the instructor.
 */

interface DemoLessonType {
  kind: LessonKind;
  title: string;
  description: string;
  durationMinutes: number;
  priceCents: number;
  capacity: number;
  mode: LessonMode;
}

interface DemoBooking {
  /** Index in the instructor's lesson types. */
  type: number;
  booker: 'student' | 'multirole';
  /** Days from today (negative: past), and the instructor's local start. */
  day: number;
  time: string;
  seat?: number;
  review?: { rating: number; comment: string };
  /** Paid with a credit of the instructor's first package, bought by the booker. */
  withPackage?: boolean;
}

export interface DemoInstructor {
  username: string;
  /** A content account (no sign-in), or an existing demo account to give the profile to. */
  account: { firstName: string; lastName: string; bio: string } | 'existing';
  headline: string;
  bio: string;
  styles: string[];
  levels: string[];
  ageGroups: string[];
  languages: string[];
  /** US ZIP code of the in-person studio (resolved through lookupZip), or null for online only. */
  zip: string | null;
  travelRadiusMiles: number;
  offersOnline: boolean;
  timeZone: string;
  meetingUrl: string | null;
  cancellationHours: number;
  premium: boolean;
  verified: boolean;
  weekly: { weekday: number; start: string; end: string }[];
  lessonTypes: DemoLessonType[];
  packages: { type: number; title: string; lessonsCount: number; priceCents: number }[];
  bookings: DemoBooking[];
}

const private60 = (style: string, priceCents: number, mode: LessonMode = 'online'): DemoLessonType => ({
  kind: 'private',
  title: `Private ${style} lesson`,
  description: `One-to-one ${style} coaching shaped around your goals, with notes to practise from afterwards.`,
  durationMinutes: 60,
  priceCents,
  capacity: 1,
  mode,
});

export const DEMO_INSTRUCTORS: readonly DemoInstructor[] = [
  {
    username: 'instructor_admin',
    account: 'existing',
    headline: 'Vaganova-trained ballet teacher for adults and teachers in training',
    bio: 'Former soloist with a touring classical company, I have trained ballet teachers for over fifteen years. Lessons focus on safe turnout, clear cueing and musical phrasing — in my Upper West Side studio or online.',
    styles: ['Ballet', 'Contemporary'],
    levels: ['Beginner', 'Intermediate', 'Advanced', 'Professional'],
    ageGroups: ['Teen (13-17)', 'Adult (18+)'],
    languages: ['English', 'Russian'],
    zip: '10023',
    travelRadiusMiles: 5,
    offersOnline: true,
    timeZone: 'America/New_York',
    meetingUrl: 'https://meet.drx.example/elena-petrova',
    cancellationHours: 24,
    premium: false,
    verified: true,
    weekly: [
      { weekday: 1, start: '10:00', end: '14:00' },
      { weekday: 2, start: '16:00', end: '20:00' },
      { weekday: 3, start: '10:00', end: '14:00' },
      { weekday: 4, start: '16:00', end: '20:00' },
      { weekday: 6, start: '09:00', end: '13:00' },
    ],
    lessonTypes: [
      private60('ballet', 8500),
      { kind: 'group', title: 'Adult ballet barre', description: 'A full barre and centre for adults returning to ballet; eight places.', durationMinutes: 90, priceCents: 3000, capacity: 8, mode: 'in_person' },
      { kind: 'masterclass', title: 'Teaching turnout safely', description: 'A masterclass for ballet teachers: anatomy, cueing and corrections for safe turnout.', durationMinutes: 120, priceCents: 6000, capacity: 25, mode: 'online' },
    ],
    packages: [{ type: 0, title: 'Five private ballet lessons', lessonsCount: 5, priceCents: 38000 }],
    bookings: [
      { type: 0, booker: 'student', day: -10, time: '10:00', review: { rating: 5, comment: 'Elena fixed my sickled feet in one lesson and gave me exercises that actually work.' } },
      { type: 0, booker: 'student', day: 3, time: '11:00' },
      { type: 1, booker: 'student', day: 5, time: '17:00', seat: 1 },
      { type: 1, booker: 'multirole', day: 5, time: '17:00', seat: 2 },
    ],
  },
  {
    username: 'marcus_hiphop',
    account: { firstName: 'Marcus', lastName: 'Reed', bio: 'Hip hop choreographer and teacher in Los Angeles.' },
    headline: 'Hip hop and commercial choreography from a music-video dancer',
    bio: 'Ten years dancing in music videos and on tour, now teaching grooves, freestyle and choreography for teens and adults. I also make routines for school shows and competitions.',
    styles: ['Hip Hop', 'Breakdance'],
    levels: ['Beginner', 'Intermediate', 'Advanced'],
    ageGroups: ['Teen (13-17)', 'Adult (18+)'],
    languages: ['English', 'Spanish'],
    zip: '90028',
    travelRadiusMiles: 20,
    offersOnline: true,
    timeZone: 'America/Los_Angeles',
    meetingUrl: 'https://meet.drx.example/marcus-reed',
    cancellationHours: 48,
    premium: true,
    verified: true,
    weekly: [
      { weekday: 2, start: '12:00', end: '19:00' },
      { weekday: 4, start: '12:00', end: '19:00' },
      { weekday: 5, start: '10:00', end: '16:00' },
      { weekday: 7, start: '11:00', end: '15:00' },
    ],
    lessonTypes: [
      private60('hip hop', 7000, 'in_person'),
      { kind: 'choreography', title: 'Routine for your team', description: 'A custom routine for a competition or show, taught over one long session.', durationMinutes: 120, priceCents: 20000, capacity: 20, mode: 'in_person' },
      { kind: 'group', title: 'Online grooves class', description: 'Foundations of grooves and freestyle, online for up to twelve people.', durationMinutes: 60, priceCents: 2000, capacity: 12, mode: 'online' },
    ],
    packages: [{ type: 0, title: 'Four private hip hop lessons', lessonsCount: 4, priceCents: 25000 }],
    bookings: [
      { type: 1, booker: 'student', day: -12, time: '13:00', review: { rating: 4, comment: 'Our team routine was ready in one session — fast, fun and very clear counts.' } },
      { type: 0, booker: 'multirole', day: 4, time: '12:00' },
    ],
  },
  {
    username: 'tasha_tap',
    account: { firstName: 'Tasha', lastName: 'Brooks', bio: 'Rhythm tap teacher in Chicago.' },
    headline: 'Rhythm tap for every age, from first shuffles to improvisation',
    bio: 'Rhythm tap dancer from Chicago. I teach musicality first: you will hear the rhythm before you dance it. Group classes at my Lincoln Park studio, private lessons online or in person.',
    styles: ['Tap', 'Jazz'],
    levels: ['Beginner', 'Intermediate', 'Mixed Levels'],
    ageGroups: ['Children (5-8)', 'Pre-Teen (9-12)', 'Adult (18+)'],
    languages: ['English'],
    zip: '60614',
    travelRadiusMiles: 10,
    offersOnline: true,
    timeZone: 'America/Chicago',
    meetingUrl: 'https://meet.drx.example/tasha-brooks',
    cancellationHours: 24,
    premium: false,
    verified: false,
    weekly: [
      { weekday: 1, start: '15:00', end: '20:00' },
      { weekday: 3, start: '15:00', end: '20:00' },
      { weekday: 6, start: '10:00', end: '14:00' },
    ],
    lessonTypes: [
      { kind: 'group', title: 'Beginner tap class', description: 'Shuffles, flaps and time steps for adults starting out; twelve places.', durationMinutes: 60, priceCents: 2500, capacity: 12, mode: 'in_person' },
      private60('tap', 6000),
    ],
    packages: [{ type: 0, title: 'Eight-week tap course', lessonsCount: 8, priceCents: 17600 }],
    bookings: [{ type: 0, booker: 'multirole', day: -7, time: '16:00', review: { rating: 4, comment: 'Friendly class and great music. I finally get the time step.' } }],
  },
  {
    username: 'oliver_contemporary',
    account: { firstName: 'Oliver', lastName: 'Hughes', bio: 'Contemporary dancer and teacher in London.' },
    headline: 'Contemporary technique and floor work, online from London',
    bio: 'Graduate of a London conservatoire and former company dancer. My online classes build release technique, floor work and improvisation for dancers and teachers.',
    styles: ['Contemporary', 'Modern', 'Lyrical'],
    levels: ['Intermediate', 'Advanced', 'Professional'],
    ageGroups: ['Adult (18+)'],
    languages: ['English', 'French'],
    zip: null,
    travelRadiusMiles: 0,
    offersOnline: true,
    timeZone: 'Europe/London',
    meetingUrl: 'https://meet.drx.example/oliver-hughes',
    cancellationHours: 24,
    premium: false,
    verified: true,
    weekly: [
      { weekday: 1, start: '09:00', end: '13:00' },
      { weekday: 2, start: '09:00', end: '13:00' },
      { weekday: 4, start: '17:00', end: '21:00' },
    ],
    lessonTypes: [
      private60('contemporary', 7500),
      { kind: 'masterclass', title: 'Floor work masterclass', description: 'Getting into and out of the floor safely, with flow — for dancers and teachers.', durationMinutes: 90, priceCents: 4500, capacity: 30, mode: 'online' },
    ],
    packages: [],
    bookings: [{ type: 1, booker: 'multirole', day: -20, time: '18:00', review: { rating: 5, comment: 'The best floor work class I have taken. Clear, safe and beautiful.' } }],
  },
  {
    username: 'lena_salsa',
    account: { firstName: 'Lena', lastName: 'Vogel', bio: 'Salsa and Latin teacher in Berlin.' },
    headline: 'Salsa, bachata and Latin styling — online from Berlin',
    bio: 'Salsa and bachata teacher and former Latin competitor. I teach partner work, styling and shines online to dancers worldwide, in English, German or Spanish.',
    styles: ['Salsa', 'Latin', 'Ballroom'],
    levels: ['Beginner', 'Intermediate', 'Advanced'],
    ageGroups: ['Adult (18+)', 'Senior (55+)'],
    languages: ['German', 'English', 'Spanish'],
    zip: null,
    travelRadiusMiles: 0,
    offersOnline: true,
    timeZone: 'Europe/Berlin',
    meetingUrl: 'https://meet.drx.example/lena-vogel',
    cancellationHours: 12,
    premium: false,
    verified: false,
    weekly: [
      { weekday: 2, start: '18:00', end: '22:00' },
      { weekday: 3, start: '18:00', end: '22:00' },
      { weekday: 6, start: '14:00', end: '18:00' },
    ],
    lessonTypes: [
      private60('salsa', 5500),
      { kind: 'group', title: 'Salsa shines online', description: 'Footwork and styling you can practise alone; sixteen places.', durationMinutes: 60, priceCents: 2000, capacity: 16, mode: 'online' },
    ],
    packages: [{ type: 0, title: 'Five private salsa lessons', lessonsCount: 5, priceCents: 25000 }],
    bookings: [
      { type: 0, booker: 'student', day: -14, time: '19:00', withPackage: true, review: { rating: 5, comment: 'Patient and precise. My spins are finally clean.' } },
      { type: 1, booker: 'student', day: 6, time: '19:00' },
    ],
  },
  {
    username: 'jade_jazz',
    account: { firstName: 'Jade', lastName: 'Morgan', bio: 'Jazz and musical theatre teacher in Denver.' },
    headline: 'Jazz and musical theatre technique, online only',
    bio: 'Broadway-style jazz and musical theatre teacher based in Denver. Private coaching for auditions and choreography for school musicals, all online.',
    styles: ['Jazz', 'Musical Theatre'],
    levels: ['Beginner', 'Intermediate', 'Advanced'],
    ageGroups: ['Teen (13-17)', 'Adult (18+)'],
    languages: ['English'],
    zip: null,
    travelRadiusMiles: 0,
    offersOnline: true,
    timeZone: 'America/Denver',
    meetingUrl: 'https://meet.drx.example/jade-morgan',
    cancellationHours: 24,
    premium: false,
    verified: false,
    weekly: [
      { weekday: 1, start: '12:00', end: '18:00' },
      { weekday: 3, start: '12:00', end: '18:00' },
      { weekday: 5, start: '12:00', end: '18:00' },
    ],
    lessonTypes: [
      private60('jazz', 5000),
      { kind: 'choreography', title: 'Audition piece', description: 'A 32-count audition combination made for you, with a practice video.', durationMinutes: 90, priceCents: 15000, capacity: 1, mode: 'online' },
    ],
    packages: [],
    bookings: [{ type: 0, booker: 'multirole', day: 2, time: '13:00' }],
  },
];

/** The premium listing's instructor holds a Premium plan (decision 0031's gate, level 20). */
export const DEMO_CONNECT_SUBSCRIPTIONS = DEMO_INSTRUCTORS.filter((i) => i.premium).map((i) => ({ username: i.username, plan: 'premium' as const, interval: 'month' as const }));

const BOOKER_ZONES = { student: 'Europe/London', multirole: 'Europe/Madrid' } as const;
const NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** "BK-SEEDDM" and two characters: the demo's fixed booking numbers. */
export function demoBookingNumber(n: number): string {
  return `BK-SEEDDM${NUMBER_ALPHABET[Math.floor(n / 32) % 32]}${NUMBER_ALPHABET[n % 32]}`;
}

/** The instant of a local wall time `day` days from today in the zone (a time a change skips moves forward). */
export function localInstant(timeZone: string, day: number, time: string, now: number): Date {
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone).toPlainDate();
  const zoned = today.add({ days: day }).toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) });
  return new Date(zoned.epochMilliseconds);
}

async function userIdOf(db: Db, username: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row?.id ?? null;
}

/** Seeds the Connect & Book demo once (nothing when a profile exists already, or the demo accounts are missing). */
export async function seedDemoConnect(db: Db, now: number = Date.now()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(instructorProfiles);
  if ((existing?.n ?? 0) > 0) return false;
  const bookers = { student: await userIdOf(db, 'student'), multirole: await userIdOf(db, 'multirole') };
  const styleRows = await db.select({ id: danceStyles.id, name: danceStyles.name }).from(danceStyles);
  const styleId = new Map(styleRows.map((s) => [s.name, s.id]));
  const iso = (ms: number) => new Date(ms).toISOString();
  let bookingNumber = 0;

  for (const demo of DEMO_INSTRUCTORS) {
    if (demo.account !== 'existing') {
      await db
        .insert(users)
        .values({ username: demo.username, email: null, passwordHash: NO_SIGN_IN_PASSWORD_HASH, firstName: demo.account.firstName, lastName: demo.account.lastName, bio: demo.account.bio })
        .onConflictDoNothing();
    }
    const userId = await userIdOf(db, demo.username);
    if (userId === null) continue;
    const place = demo.zip ? await lookupZip(demo.zip) : null;
    if (demo.zip && !place) throw new Error(`Demo ZIP code ${demo.zip} is not in the ZIP table`);
    const publishedAt = iso(now - 60 * 86_400_000);
    await db.batch([
      db.insert(instructorProfiles).values({
        userId,
        headline: demo.headline,
        bio: demo.bio,
        // The demo account's portrait (decision 0019); the content accounts have none.
        photoUrl: demo.account === 'existing' ? demoPortraitUrl(demo.username) : null,
        levels: JSON.stringify(demo.levels),
        ageGroups: JSON.stringify(demo.ageGroups),
        languages: JSON.stringify(demo.languages),
        offersOnline: demo.offersOnline,
        offersInPerson: place !== null,
        zip: place?.zip ?? null,
        city: place?.city ?? null,
        state: place?.state ?? null,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        travelRadiusMiles: demo.travelRadiusMiles,
        timeZone: demo.timeZone,
        meetingUrl: demo.meetingUrl,
        minNoticeMinutes: 720,
        horizonDays: 60,
        bufferMinutes: 15,
        cancellationHours: demo.cancellationHours,
        premiumListing: demo.premium,
        status: 'published',
        verified: demo.verified,
        calendarToken: randomBytes(18).toString('base64url'),
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      }),
      db.insert(instructorStyles).values(demo.styles.flatMap((name) => (styleId.has(name) ? [{ instructorId: userId, styleId: styleId.get(name)! }] : []))),
      db.insert(availabilityRules).values(demo.weekly.map((w) => ({ instructorId: userId, weekday: w.weekday, startTime: w.start, endTime: w.end }))),
      // What publishing grants (the demo account has them in DEMO_ACCOUNTS already); content accounts are learners too.
      db.run(sql`INSERT INTO user_roles (user_id, role_id) SELECT ${userId}, id FROM roles
        WHERE name IN ('DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL') OR (name = 'STUDENT' AND ${demo.account !== 'existing'})
        ON CONFLICT DO NOTHING`),
    ]);
    const types = await db
      .insert(lessonTypes)
      .values(demo.lessonTypes.map((t, position) => ({ instructorId: userId, ...t, position })))
      .returning();
    const packages = demo.packages.length
      ? await db
          .insert(lessonPackages)
          .values(demo.packages.map((p) => ({ instructorId: userId, lessonTypeId: types[p.type]!.id, title: p.title, lessonsCount: p.lessonsCount, priceCents: p.priceCents })))
          .returning()
      : [];

    for (const b of demo.bookings) {
      const bookerId = bookers[b.booker];
      const type = types[b.type]!;
      if (bookerId === null) continue;
      let purchaseId: number | null = null;
      const pkg = packages[0];
      if (b.withPackage && pkg) {
        const [purchase] = await db
          .insert(packagePurchases)
          .values({ userId: bookerId, packageId: pkg.id, instructorId: userId, lessonTypeId: pkg.lessonTypeId, title: pkg.title, creditsTotal: pkg.lessonsCount, pricePaidCents: pkg.priceCents, createdAt: iso(now + (b.day - 3) * 86_400_000) })
          .returning();
        purchaseId = purchase!.id;
      }
      const start = localInstant(demo.timeZone, b.day, b.time, now);
      const booked = iso(Math.min(start.getTime(), now) - 5 * 86_400_000);
      const [booking] = await db
        .insert(bookings)
        .values({
          number: demoBookingNumber(bookingNumber++),
          instructorId: userId,
          userId: bookerId,
          lessonTypeId: type.id,
          kind: type.kind,
          title: type.title,
          mode: type.mode,
          startsAt: start.toISOString(),
          endsAt: new Date(start.getTime() + type.durationMinutes * 60_000).toISOString(),
          seat: b.seat ?? 1,
          instructorTimeZone: demo.timeZone,
          bookerTimeZone: BOOKER_ZONES[b.booker],
          status: 'confirmed',
          // Paid with a package credit (the lesson's price inside it), or by card at the type's price — no order in a demo.
          priceCents: type.priceCents,
          orderId: null,
          packagePurchaseId: purchaseId,
          confirmedAt: booked,
          createdAt: booked,
          updatedAt: booked,
        })
        .returning();
      if (b.review && start.getTime() < now) {
        await db.insert(instructorReviews).values({
          bookingId: booking!.id,
          instructorId: userId,
          userId: bookerId,
          rating: b.review.rating,
          comment: b.review.comment,
          createdAt: iso(start.getTime() + 86_400_000),
        });
      }
    }
  }

  // The premium listing's plan, as the demo sellers get theirs (db/seed-subscriptions.ts).
  const premiumNames = DEMO_CONNECT_SUBSCRIPTIONS.map((s) => s.username);
  if (premiumNames.length && (await db.select({ id: users.id }).from(users).where(inArray(users.username, premiumNames))).length) {
    await seedDemoSubscriptions(db, now, DEMO_CONNECT_SUBSCRIPTIONS);
  }
  return true;
}

/** The demo instructor profile of a username (tests, the README's walkthrough). */
export async function demoProfileOf(db: Db, username: string) {
  const id = await userIdOf(db, username);
  if (id === null) return null;
  const [row] = await db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, id));
  return row ?? null;
}
