import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  availabilityRules,
  bookings,
  danceStyles,
  instructorProfiles,
  instructorStyles,
  lessonPackages,
  lessonTypes,
  packagePurchases,
  type BookingStatus,
  type LessonKind,
  type LessonMode,
} from '../../db/schema/index.ts';
import { newBookingNumber } from '../../worker/src/domain/bookings.ts';
import type { Db } from '../../worker/src/platform/db.ts';
import { createUser, type FactoryUser, type UserOptions } from './factories.ts';

/**
 * Connect & Book rows for tests (decision 0032): a published instructor with a profile, lesson
 * types, weekly hours and styles; bookings, packages. Written straight to the database, so a test
 * of one part (cancellation, the directory, the admin list) does not go through the others.
 */

export interface InstructorOptions extends UserOptions {
  timeZone?: string;
  status?: 'draft' | 'published' | 'suspended';
  headline?: string;
  /** Style names of the seeded list (migration 0011); ['Ballet'] by default. */
  styles?: string[];
  zip?: string | null;
  city?: string | null;
  state?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  offersOnline?: boolean;
  offersInPerson?: boolean;
  travelRadiusMiles?: number;
  /** weekday 1 = Monday … 7 = Sunday; by default Monday to Friday 09:00–17:00. */
  weekly?: { weekday: number; start: string; end: string }[];
  minNoticeMinutes?: number;
  horizonDays?: number;
  bufferMinutes?: number;
  cancellationHours?: number;
  premiumListing?: boolean;
  verified?: boolean;
  meetingUrl?: string | null;
  /** Lesson types to create; one 60-minute private lesson at $50 by default. */
  lessonTypes?: LessonTypeOptions[];
}

export interface LessonTypeOptions {
  kind?: LessonKind;
  title?: string;
  durationMinutes?: number;
  priceCents?: number;
  capacity?: number;
  mode?: LessonMode;
  active?: boolean;
}

export interface GivenInstructor {
  user: FactoryUser;
  lessonTypes: (typeof lessonTypes.$inferSelect)[];
  profile: typeof instructorProfiles.$inferSelect;
}

const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

export async function createInstructor(db: Db, options: InstructorOptions = {}): Promise<GivenInstructor> {
  const user = await createUser(db, { firstName: 'Ina', lastName: 'Structor', ...options, roles: options.roles ?? ['STUDENT', 'DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL'] });
  const status = options.status ?? 'published';
  const [profile] = await db
    .insert(instructorProfiles)
    .values({
      userId: user.id,
      headline: options.headline ?? 'Ballet teacher for every level',
      bio: 'I have taught ballet for fifteen years.',
      timeZone: options.timeZone ?? 'America/New_York',
      offersOnline: options.offersOnline ?? true,
      offersInPerson: options.offersInPerson ?? false,
      zip: options.zip ?? null,
      city: options.city ?? null,
      state: options.state ?? null,
      latitude: options.latitude ?? null,
      longitude: options.longitude ?? null,
      travelRadiusMiles: options.travelRadiusMiles ?? 0,
      minNoticeMinutes: options.minNoticeMinutes ?? 0,
      horizonDays: options.horizonDays ?? 60,
      bufferMinutes: options.bufferMinutes ?? 0,
      cancellationHours: options.cancellationHours ?? 24,
      premiumListing: options.premiumListing ?? false,
      verified: options.verified ?? false,
      meetingUrl: options.meetingUrl === undefined ? 'https://meet.example.test/ina' : options.meetingUrl,
      levels: JSON.stringify(['Beginner', 'Intermediate']),
      ageGroups: JSON.stringify(['Adult (18+)']),
      languages: JSON.stringify(['English']),
      status,
      calendarToken: randomBytes(18).toString('base64url'),
      publishedAt: status === 'published' ? new Date().toISOString() : null,
    })
    .returning();
  const styleNames = options.styles ?? ['Ballet'];
  if (styleNames.length) {
    const styles = await db.select({ id: danceStyles.id }).from(danceStyles).where(inArray(danceStyles.name, styleNames));
    if (styles.length) await db.insert(instructorStyles).values(styles.map((s) => ({ instructorId: user.id, styleId: s.id })));
  }
  const weekly = options.weekly ?? WEEKDAYS_9_TO_5;
  if (weekly.length) await db.insert(availabilityRules).values(weekly.map((w) => ({ instructorId: user.id, weekday: w.weekday, startTime: w.start, endTime: w.end })));
  const types = options.lessonTypes ?? [{}];
  const created = [];
  for (const [i, t] of types.entries()) {
    created.push(await createLessonType(db, user.id, { ...t }, i));
  }
  return { user, lessonTypes: created, profile: profile! };
}

export async function createLessonType(db: Db, instructorId: number, t: LessonTypeOptions = {}, position = 0) {
  const kind = t.kind ?? 'private';
  const [row] = await db
    .insert(lessonTypes)
    .values({
      instructorId,
      kind,
      title: t.title ?? (kind === 'group' ? 'Group ballet class' : 'Private ballet lesson'),
      durationMinutes: t.durationMinutes ?? 60,
      priceCents: t.priceCents ?? 5000,
      capacity: t.capacity ?? (kind === 'group' ? 6 : 1),
      mode: t.mode ?? 'online',
      active: t.active ?? true,
      position,
    })
    .returning();
  return row!;
}

export interface BookingOptions {
  status?: BookingStatus;
  /** UTC ISO start; two days from now at the next whole hour by default. */
  startsAt?: string;
  seat?: number;
  priceCents?: number;
  orderId?: number | null;
  packagePurchaseId?: number | null;
  holdExpiresAt?: string | null;
  bookerTimeZone?: string;
  note?: string;
}

/** A booking row of `userId` with the instructor's lesson type, confirmed by default. */
export async function giveBooking(db: Db, userId: number, lessonType: typeof lessonTypes.$inferSelect, options: BookingOptions = {}) {
  const [profile] = await db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, lessonType.instructorId));
  const start = options.startsAt ? new Date(options.startsAt) : new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000);
  const status = options.status ?? 'confirmed';
  const [row] = await db
    .insert(bookings)
    .values({
      number: newBookingNumber(),
      instructorId: lessonType.instructorId,
      userId,
      lessonTypeId: lessonType.id,
      kind: lessonType.kind,
      title: lessonType.title,
      mode: lessonType.mode,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + lessonType.durationMinutes * 60_000).toISOString(),
      seat: options.seat ?? 1,
      instructorTimeZone: profile?.timeZone ?? 'America/New_York',
      bookerTimeZone: options.bookerTimeZone ?? 'Europe/London',
      status,
      priceCents: options.priceCents ?? lessonType.priceCents,
      orderId: options.orderId ?? null,
      packagePurchaseId: options.packagePurchaseId ?? null,
      note: options.note ?? '',
      holdExpiresAt: options.holdExpiresAt ?? (status === 'held' || status === 'offered' ? new Date(Date.now() + 30 * 60_000).toISOString() : null),
      confirmedAt: status === 'confirmed' ? new Date().toISOString() : null,
    })
    .returning();
  return row!;
}

/** A lesson package of the lesson type and, with `buyerId`, an active purchase of it (no order). */
export async function givePackage(db: Db, lessonType: typeof lessonTypes.$inferSelect, options: { lessonsCount?: number; priceCents?: number; buyerId?: number } = {}) {
  const lessonsCount = options.lessonsCount ?? 5;
  const [pkg] = await db
    .insert(lessonPackages)
    .values({
      instructorId: lessonType.instructorId,
      lessonTypeId: lessonType.id,
      title: `${lessonsCount} × ${lessonType.title}`,
      lessonsCount,
      priceCents: options.priceCents ?? Math.round(lessonType.priceCents * lessonsCount * 0.9),
    })
    .returning();
  if (options.buyerId === undefined) return { package: pkg!, purchase: null };
  const [purchase] = await db
    .insert(packagePurchases)
    .values({
      userId: options.buyerId,
      packageId: pkg!.id,
      instructorId: lessonType.instructorId,
      lessonTypeId: lessonType.id,
      title: pkg!.title,
      creditsTotal: lessonsCount,
      pricePaidCents: pkg!.priceCents,
    })
    .returning();
  return { package: pkg!, purchase: purchase! };
}
