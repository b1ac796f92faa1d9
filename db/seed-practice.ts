import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../worker/src/platform/db.ts';
import type { ObjectStore } from '../worker/src/platform/storage.ts';
import {
  courseFeedbackSettings,
  courses,
  feedbackNotes,
  feedbackReplies,
  feedbackRequests,
  lessons,
  modules,
  practiceTakes,
  uploads,
  users,
} from './schema/index.ts';
import type { DrawingShape } from '../shared/practice.ts';

/**
 * The practice room's demo (decision 0070): feedback on takes offered by two demo courses — the
 * ballet foundations course includes three reviewed takes, the hip hop course sells packs of
 * credits — and the demo learner's takes of the ballet course's practice lesson: one answered
 * (three timed notes, one drawn, a reply, "Try again"), one waiting for its answer, one kept.
 *
 * As with the other demo files, the seed writes only rows (it runs at build time too, without an
 * object store); `ensureDemoTakeFiles` puts the take clip (db/demo-media/practice-take.webm, made
 * by scripts/make-practice-take.sh) under each take's key at every start where its row is there
 * and its file missing — never for a take whose file was deleted.
 */

export const DEMO_TAKE_FILE = 'db/demo-media/practice-take.webm';
/** The clip's size in bytes (a test compares it with the file). */
export const DEMO_TAKE_BYTES = 86_557;
export const DEMO_TAKE_DURATION_MS = 12_000;
/** One key per take (each take owns its file): the answered one, the waiting one, the one kept. */
export const DEMO_TAKE_KEYS = [
  'takes/5d0c6f1e-2a47-4b8e-9c31-7e2f0a9b4d11.webm',
  'takes/8a3b2c4d-6e5f-4a1b-8c9d-0e1f2a3b4c5d.webm',
  'takes/c7e9a1b3-5d2f-4e6a-9b8c-1d3f5a7b9c2e.webm',
] as const;

export const DEMO_INCLUDED_COURSE = 'Foundations of Classical Ballet Teaching';
export const DEMO_CREDITS_COURSE = 'Hip Hop Choreography for Teen Classes';
export const DEMO_PRACTICE_LESSON = 'Practice: positions of the feet and arms to the count';
const DEMO_LEARNER = 'student';
const DEMO_INSTRUCTOR = 'instructor_admin';

const DAY_MS = 86_400_000;
const at = (now: number, offsetMs: number) => new Date(now + offsetMs).toISOString();

/** The drawn note: the working leg's line and where the heel should be. */
const DRAWING: DrawingShape[] = [
  { kind: 'circle', center: [0.52, 0.62], radius: 0.1, color: '#ffc857' },
  { kind: 'arrow', from: [0.25, 0.85], to: [0.47, 0.7], color: '#ff5a5f' },
];

async function courseIdByTitle(db: Db, title: string): Promise<number | null> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.title, title)).limit(1);
  return row?.id ?? null;
}

async function userIdByName(db: Db, username: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username}`).limit(1);
  return row?.id ?? null;
}

/** The courses' feedback offers (content, seeded with or without demo logins). */
async function seedFeedbackSettings(db: Db): Promise<{ includedCourseId: number | null }> {
  const includedCourseId = await courseIdByTitle(db, DEMO_INCLUDED_COURSE);
  const creditsCourseId = await courseIdByTitle(db, DEMO_CREDITS_COURSE);
  const rows = [
    ...(includedCourseId === null ? [] : [{ courseId: includedCourseId, mode: 'included' as const, includedReviews: 3, responseDays: 3 }]),
    ...(creditsCourseId === null
      ? []
      : [{ courseId: creditsCourseId, mode: 'credits' as const, creditPackCents: 1500, creditsPerPack: 3, responseDays: 5, deleteTakesAfterDays: 30 }]),
  ];
  if (rows.length > 0) await db.insert(courseFeedbackSettings).values(rows).onConflictDoNothing();
  return { includedCourseId };
}

/**
 * Feedback settings always; the demo learner's takes, requests, notes and reply when `logins`
 * (their enrolments exist then). Idempotent: a learner who has takes gets none more.
 */
export async function seedDemoPractice(db: Db, options: { logins?: boolean } = {}): Promise<{ takes: number }> {
  const { includedCourseId } = await seedFeedbackSettings(db);
  if (options.logins === false || includedCourseId === null) return { takes: 0 };
  const learnerId = await userIdByName(db, DEMO_LEARNER);
  const instructorId = await userIdByName(db, DEMO_INSTRUCTOR);
  const [lesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(and(eq(modules.courseId, includedCourseId), eq(lessons.title, DEMO_PRACTICE_LESSON)))
    .limit(1);
  if (learnerId === null || instructorId === null || !lesson) return { takes: 0 };
  const [existing] = await db.select({ id: practiceTakes.id }).from(practiceTakes).where(eq(practiceTakes.userId, learnerId)).limit(1);
  if (existing) return { takes: 0 };

  const now = Date.now();
  const courseId = includedCourseId;
  const created = [at(now, -5 * DAY_MS), at(now, -1 * DAY_MS), at(now, -2 * 3_600_000)];
  await db.insert(uploads).values(
    DEMO_TAKE_KEYS.map((key, i) => ({
      key,
      originalName: `practice-take-${i + 1}.webm`,
      mimetype: 'video/webm',
      size: DEMO_TAKE_BYTES,
      userId: learnerId,
      access: 'take' as const,
      courseId,
      createdAt: created[i],
    })),
  );
  const uploadRows = await db.select({ id: uploads.id, key: uploads.key }).from(uploads).where(inArray(uploads.key, [...DEMO_TAKE_KEYS]));
  const uploadId = new Map(uploadRows.map((u) => [u.key, u.id]));
  const takes = await db
    .insert(practiceTakes)
    .values(
      DEMO_TAKE_KEYS.map((key, i) => ({
        userId: learnerId,
        courseId,
        lessonId: lesson.id,
        uploadId: uploadId.get(key)!,
        source: i === 1 ? ('uploaded' as const) : ('recorded' as const),
        durationMs: DEMO_TAKE_DURATION_MS,
        sizeBytes: DEMO_TAKE_BYTES,
        // Danced from the clip's first "1" (after its two-second count-in), at full speed.
        refStartMs: 2000,
        refEndMs: 2000 + DEMO_TAKE_DURATION_MS,
        speed: 1,
        offsetMs: 400,
        createdAt: created[i],
      })),
    )
    .returning({ id: practiceTakes.id });
  const [answeredTake, waitingTake] = takes;

  const requests = await db
    .insert(feedbackRequests)
    .values([
      {
        takeId: answeredTake!.id,
        userId: learnerId,
        courseId,
        lessonId: lesson.id,
        question: 'Is my turnout coming from the hips in first and second? My knees feel like they roll in on the pliés.',
        status: 'answered' as const,
        paidBy: 'included' as const,
        dueAt: at(now, -2 * DAY_MS),
        verdict: 'try_again' as const,
        summary:
          'Good musicality: you arrive in each position on the count. Your turnout is forced from the feet in second, which rolls the knees in. Work with less turnout and keep the knees over the toes, then send a new take.',
        answeredBy: instructorId,
        answeredAt: at(now, -3 * DAY_MS),
        seenAt: at(now, -3 * DAY_MS + 3_600_000),
        createdAt: created[0],
      },
      {
        takeId: waitingTake!.id,
        userId: learnerId,
        courseId,
        lessonId: lesson.id,
        question: 'Second try with less turnout. Are my arms in the right place on the port de bras?',
        paidBy: 'included' as const,
        dueAt: at(now, 2 * DAY_MS),
        createdAt: created[1],
      },
    ])
    .returning({ id: feedbackRequests.id });
  const answeredId = requests[0]!.id;
  const noted = at(now, -3 * DAY_MS - 600_000);
  const notes = await db
    .insert(feedbackNotes)
    .values([
      {
        requestId: answeredId,
        authorId: instructorId,
        atMs: 1400,
        body: 'Here in second: the heels are pushed forward. Let the rotation start at the top of the thigh, and keep the knee over the second toe.',
        drawing: JSON.stringify(DRAWING),
        createdAt: noted,
        updatedAt: noted,
      },
      { requestId: answeredId, authorId: instructorId, atMs: 4200, body: 'Lovely: you land on the "1" with the music.', createdAt: noted, updatedAt: noted },
      { requestId: answeredId, authorId: instructorId, atMs: 8100, body: 'Shoulders lift as the arms go to fifth. Keep them down and long through the neck.', createdAt: noted, updatedAt: noted },
    ])
    .returning({ id: feedbackNotes.id });
  await db.insert(feedbackReplies).values({
    noteId: notes[0]!.id,
    authorId: learnerId,
    body: 'Thank you! Should I practise with less turnout at the barre first?',
    createdAt: at(now, -3 * DAY_MS + 3_700_000),
  });
  return { takes: takes.length };
}

/** Puts the take clip under each seeded take's key whose row is there and whose file is missing (Node; on Workers see the README's R2 step). */
export async function ensureDemoTakeFiles(db: Db, storage: ObjectStore, projectRoot: string): Promise<number> {
  const rows = await db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.key, [...DEMO_TAKE_KEYS]));
  let put = 0;
  let bytes: Uint8Array | null = null;
  for (const { key } of rows) {
    if (await storage.head(key)) continue;
    bytes ??= new Uint8Array(await readFile(resolve(projectRoot, DEMO_TAKE_FILE)));
    await storage.put(key, bytes, 'video/webm');
    put += 1;
  }
  return put;
}
