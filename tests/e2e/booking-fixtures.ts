import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import type { APIRequestContext } from '@playwright/test';
import { PAYING_CARD } from './commerce-fixtures.ts';
import { expect, serverDataDir, uniqueName } from './fixtures.ts';
import { FRESH_PASSWORD } from './plan-fixtures.ts';

/**
 * Connect & Book setup for the journeys (decision 0032): a published instructor with weekly hours
 * and a lesson type, written straight into the database file of the worker's own e2e server
 * (server.ts), so a journey does not depend on the
 * profile editor. The account itself is registered through the API like any person's, so it can
 * sign in with its password. The profile tables' triggers move the `connect` content version, so
 * the directory and the profile are read fresh.
 */

/** Random lower-case letters: a name a person could have, unique to the run. */
function letters(n: number): string {
  return [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** The database file of this worker's server (fixtures.ts). */
export function e2eDatabaseFile(): string {
  return resolve(serverDataDir(), 'drx.db');
}

async function openE2eDatabase(): Promise<Client> {
  const client = createClient({ url: `file:${e2eDatabaseFile()}` });
  // The server writes to the same file: wait for its lock rather than fail.
  await client.execute('PRAGMA busy_timeout = 10000');
  return client;
}

export interface SeededInstructor {
  id: number;
  username: string;
  password: string;
  name: string;
  timeZone: string;
  lessonTypeId: number;
  lessonTitle: string;
  priceCents: number;
}

export interface InstructorSeed {
  firstName?: string;
  lastName?: string;
  timeZone?: string;
  /** A style name of the seeded list (migration 0011). */
  style?: string;
  zip?: string;
  city?: string;
  state?: string;
  latitude?: number;
  longitude?: number;
  /** Local wall hours on every weekday, in the instructor's zone. */
  start?: string;
  end?: string;
  cancellationHours?: number;
  lessonTitle?: string;
  durationMinutes?: number;
  priceCents?: number;
  /** A group class of this many places instead of a private lesson. */
  groupCapacity?: number;
}

/**
 * A published instructor (DIRECTORY_MEMBER and BOOKING_PROFESSIONAL, as publishing grants) who
 * teaches online and in person from the ZIP code, with hours every day of the week and one private
 * lesson type.
 */
export async function publishedInstructor(request: APIRequestContext, seed: InstructorSeed = {}): Promise<SeededInstructor> {
  const firstName = seed.firstName ?? 'Nadia';
  const lastName = seed.lastName ?? `Pointe${letters(6)}`;
  const username = uniqueName('teach');
  const res = await request.post('/api/register', { data: { username, password: FRESH_PASSWORD, first_name: firstName, last_name: lastName } });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as { user: { id: number } };
  const timeZone = seed.timeZone ?? 'America/New_York';
  const lessonTitle = seed.lessonTitle ?? 'Private ballet lesson';
  const priceCents = seed.priceCents ?? 5000;

  const db = await openE2eDatabase();
  try {
    const now = new Date().toISOString();
    await db.batch(
      [
        {
          sql: `INSERT OR IGNORE INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE name IN ('DIRECTORY_MEMBER', 'BOOKING_PROFESSIONAL')`,
          args: [user.id],
        },
        {
          sql: `INSERT INTO instructor_profiles (user_id, headline, bio, time_zone, offers_online, offers_in_person, zip, city, state, latitude, longitude,
                  travel_radius_miles, meeting_url, min_notice_minutes, horizon_days, buffer_minutes, cancellation_hours, levels, age_groups, languages,
                  status, calendar_token, published_at)
                VALUES (?, ?, ?, ?, 1, 1, ?, ?, ?, ?, ?, 25, ?, 60, 30, 0, ?, ?, ?, ?, 'published', ?, ?)`,
          args: [
            user.id,
            'Classical ballet for adults and teens',
            'Former company dancer; I teach technique, port de bras and pointe preparation.',
            timeZone,
            seed.zip ?? '10001',
            seed.city ?? 'New York',
            seed.state ?? 'NY',
            seed.latitude ?? 40.7506,
            seed.longitude ?? -73.9972,
            'https://meet.example.test/ballet',
            seed.cancellationHours ?? 24,
            JSON.stringify(['Beginner', 'Intermediate']),
            JSON.stringify(['Adult (18+)']),
            JSON.stringify(['English']),
            randomBytes(18).toString('base64url'),
            now,
          ],
        },
        { sql: `INSERT INTO instructor_styles (instructor_id, style_id) SELECT ?, id FROM dance_styles WHERE name = ?`, args: [user.id, seed.style ?? 'Ballet'] },
        ...[1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          sql: 'INSERT INTO availability_rules (instructor_id, weekday, start_time, end_time) VALUES (?, ?, ?, ?)',
          args: [user.id, weekday, seed.start ?? '09:00', seed.end ?? '17:00'],
        })),
        {
          sql: `INSERT INTO lesson_types (instructor_id, kind, title, description, duration_minutes, price_cents, capacity, mode, active, position)
                VALUES (?, ?, ?, 'Online.', ?, ?, ?, 'online', 1, 0)`,
          args: [user.id, seed.groupCapacity ? 'group' : 'private', lessonTitle, seed.durationMinutes ?? 60, priceCents, seed.groupCapacity ?? 1],
        },
      ],
      'write',
    );
    const type = await db.execute({ sql: 'SELECT id FROM lesson_types WHERE instructor_id = ? ORDER BY id DESC LIMIT 1', args: [user.id] });
    const styles = await db.execute({ sql: 'SELECT count(*) AS n FROM instructor_styles WHERE instructor_id = ?', args: [user.id] });
    expect(Number(styles.rows[0]!.n), `the style ${seed.style ?? 'Ballet'} is seeded`).toBe(1);
    return {
      id: user.id,
      username,
      password: FRESH_PASSWORD,
      name: `${firstName} ${lastName}`,
      timeZone,
      lessonTypeId: Number(type.rows[0]!.id),
      lessonTitle,
      priceCents,
    };
  } finally {
    db.close();
  }
}

/** The first open slot of the instructor's lesson type in the next week (UTC instant), at least `afterHours` from now. */
export async function firstOpenSlot(request: APIRequestContext, instructor: SeededInstructor, afterHours = 0): Promise<string> {
  const res = await request.get(`/api/connect/instructors/${instructor.id}/slots?lessonTypeId=${instructor.lessonTypeId}&days=7`);
  expect(res.ok(), await res.text()).toBeTruthy();
  const { slots } = (await res.json()) as { slots: { starts_at: string; full: boolean }[] };
  const open = slots.find((s) => !s.full && Date.parse(s.starts_at) >= Date.now() + afterHours * 3_600_000);
  expect(open, 'an open slot in the next week').toBeTruthy();
  return open!.starts_at;
}

/** Books the slot as the token's user and pays it on the test provider's session (4242…): a confirmed booking. */
export async function bookAndPay(request: APIRequestContext, token: string, instructor: SeededInstructor, startsAt: string, timeZone = 'Europe/London'): Promise<{ id: number; number: string }> {
  const auth = { authorization: `Bearer ${token}` };
  const held = await request.post('/api/bookings', {
    headers: auth,
    data: { instructorId: instructor.id, lessonTypeId: instructor.lessonTypeId, startsAt, note: '', timeZone },
  });
  expect(held.status(), await held.text()).toBe(201);
  const { booking, checkoutUrl } = (await held.json()) as { booking: { id: number; number: string }; checkoutUrl: string };
  const session = new URL(checkoutUrl, 'http://localhost').searchParams.get('session');
  expect(session, 'the test provider names its session').toBeTruthy();
  const paid = await request.post(`/api/payments/test-checkout/${encodeURIComponent(session!)}/pay`, {
    headers: auth,
    data: { cardNumber: PAYING_CARD, expiry: '12/34', cvc: '123', name: 'Test Booker' },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  await expect
    .poll(async () => ((await (await request.get(`/api/bookings/${booking.id}`, { headers: auth })).json()) as { status: string }).status)
    .toBe('confirmed');
  return booking;
}

/** A lesson of the instructor that the user took and that has ended (confirmed, two days ago): it can be reviewed. */
export async function pastLesson(userId: number, instructor: SeededInstructor): Promise<string> {
  const start = new Date(Math.floor((Date.now() - 2 * 86_400_000) / 3_600_000) * 3_600_000);
  const number = `BK-${letters(8).toUpperCase()}`;
  const db = await openE2eDatabase();
  try {
    await db.execute({
      sql: `INSERT INTO bookings (number, instructor_id, user_id, lesson_type_id, kind, title, mode, starts_at, ends_at, seat, instructor_time_zone,
              booker_time_zone, status, price_cents, note, confirmed_at)
            VALUES (?, ?, ?, ?, 'private', ?, 'online', ?, ?, 1, ?, 'Europe/London', 'confirmed', ?, '', ?)`,
      args: [number, instructor.id, userId, instructor.lessonTypeId, instructor.lessonTitle, start.toISOString(), new Date(start.getTime() + 3_600_000).toISOString(), instructor.timeZone, instructor.priceCents, start.toISOString()],
    });
    return number;
  } finally {
    db.close();
  }
}

/** A package of the instructor's lesson type, bought by the user (as its fulfiller records it): `lessons` credits. */
export async function heldPackage(userId: number, instructor: SeededInstructor, lessons = 5): Promise<string> {
  const title = `${lessons} × ${instructor.lessonTitle}`;
  const db = await openE2eDatabase();
  try {
    await db.batch(
      [
        {
          sql: 'INSERT INTO lesson_packages (instructor_id, lesson_type_id, title, lessons_count, price_cents) VALUES (?, ?, ?, ?, ?)',
          args: [instructor.id, instructor.lessonTypeId, title, lessons, Math.round(instructor.priceCents * lessons * 0.9)],
        },
        {
          sql: `INSERT INTO package_purchases (user_id, package_id, instructor_id, lesson_type_id, title, credits_total, price_paid_cents)
                SELECT ?, id, instructor_id, lesson_type_id, title, lessons_count, price_cents FROM lesson_packages WHERE instructor_id = ? ORDER BY id DESC LIMIT 1`,
          args: [userId, instructor.id],
        },
      ],
      'write',
    );
    return title;
  } finally {
    db.close();
  }
}

/** Fills every place of a session with confirmed bookings of the given users (one place each). */
export async function fillSession(instructor: SeededInstructor, startsAt: string, userIds: number[]): Promise<void> {
  const db = await openE2eDatabase();
  try {
    const end = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
    await db.batch(
      userIds.map((userId, i) => ({
        sql: `INSERT INTO bookings (number, instructor_id, user_id, lesson_type_id, kind, title, mode, starts_at, ends_at, seat, instructor_time_zone,
                booker_time_zone, status, price_cents, note, confirmed_at)
              VALUES (?, ?, ?, ?, 'group', ?, 'online', ?, ?, ?, ?, 'America/Chicago', 'confirmed', 0, '', ?)`,
        args: [`BK-${letters(8).toUpperCase()}`, instructor.id, userId, instructor.lessonTypeId, instructor.lessonTitle, startsAt, end, i + 1, instructor.timeZone, new Date().toISOString()],
      })),
      'write',
    );
  } finally {
    db.close();
  }
}
