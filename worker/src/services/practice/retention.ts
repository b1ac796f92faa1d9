import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { courseFeedbackSettings, practiceTakes, uploads } from '../../../../db/schema/index.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';

/**
 * How long a take's file is kept (decision 0070). A course may say its takes' files are deleted
 * N days after their answer: the answer's batch sets the take's `delete_file_at` (these
 * statements), and the sweep — every minute on Node, the cron trigger on Workers, beside the
 * bookings' clock — deletes the files that are due. The take's row stays, file-less, with its
 * answer. A deleted account's takes go with it (the rows cascade); their files, whose uploads rows
 * lose their owner, are deleted by the same sweep.
 */

/** Files deleted per round of the sweep: each round is one short batch. */
export const SWEEP_CHUNK = 50;

/**
 * The statements, for the batch that saves a take's answer, that schedule its file's deletion
 * from the course's `delete_takes_after_days` (none set: the file is kept, any earlier schedule
 * cleared). One UPDATE that reads the setting inside itself.
 */
export function takeDeletionStatements(db: Db, takeId: number, courseId: number): [BatchItem<'sqlite'>] {
  const days = db
    .select({ at: sql<string | null>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || ${courseFeedbackSettings.deleteTakesAfterDays} || ' days')` })
    .from(courseFeedbackSettings)
    .where(and(eq(courseFeedbackSettings.courseId, courseId), isNotNull(courseFeedbackSettings.deleteTakesAfterDays)));
  return [
    db
      .update(practiceTakes)
      .set({ deleteFileAt: sql`(${days})` })
      .where(and(eq(practiceTakes.id, takeId), isNull(practiceTakes.fileDeletedAt))),
  ];
}

/** The name the feedback service calls it by. */
export const scheduleTakeDeletion = takeDeletionStatements;

export interface TakeSweepResult {
  /** Files of takes whose time had come. */
  due: number;
  /** Files left by deleted accounts. */
  orphaned: number;
}

type SweepPlatform = Pick<Platform, 'db' | 'storage'>;

/** Deletes the objects, then their rows: a failed batch leaves rows whose next sweep deletes nothing twice. */
async function deleteObjects(platform: SweepPlatform, keys: string[]): Promise<void> {
  for (const key of keys) await platform.storage.delete(key);
}

export async function sweepTakeFiles(platform: SweepPlatform, now: Date = new Date()): Promise<TakeSweepResult> {
  const { db } = platform;
  const stamp = now.toISOString();
  const result: TakeSweepResult = { due: 0, orphaned: 0 };

  // 1. Due files (practice_takes_delete_due_idx), a chunk at a time.
  for (;;) {
    const due = await db
      .select({ id: practiceTakes.id, uploadId: practiceTakes.uploadId, key: uploads.key })
      .from(practiceTakes)
      .leftJoin(uploads, eq(uploads.id, practiceTakes.uploadId))
      .where(and(isNotNull(practiceTakes.deleteFileAt), isNull(practiceTakes.fileDeletedAt), lte(practiceTakes.deleteFileAt, stamp)))
      .orderBy(asc(practiceTakes.deleteFileAt))
      .limit(SWEEP_CHUNK);
    if (due.length === 0) break;
    await deleteObjects(platform, due.flatMap((d) => (d.key ? [d.key] : [])));
    const uploadIds = due.flatMap((d) => (d.uploadId === null ? [] : [d.uploadId]));
    await db.batch([
      db
        .update(practiceTakes)
        .set({ uploadId: null, fileDeletedAt: stamp })
        .where(and(inArray(practiceTakes.id, due.map((d) => d.id)), isNull(practiceTakes.fileDeletedAt))),
      ...(uploadIds.length > 0 ? [db.delete(uploads).where(and(inArray(uploads.id, uploadIds), eq(uploads.access, 'take')))] : []),
    ]);
    result.due += due.length;
    if (due.length < SWEEP_CHUNK) break;
  }

  // 2. Files whose account is gone (uploads_user_idx: user_id IS NULL).
  for (;;) {
    const orphans = await db
      .select({ id: uploads.id, key: uploads.key })
      .from(uploads)
      .where(and(isNull(uploads.userId), eq(uploads.access, 'take')))
      .limit(SWEEP_CHUNK);
    if (orphans.length === 0) break;
    await deleteObjects(platform, orphans.map((o) => o.key));
    await db.delete(uploads).where(inArray(uploads.id, orphans.map((o) => o.id)));
    result.orphaned += orphans.length;
    if (orphans.length < SWEEP_CHUNK) break;
  }
  return result;
}

/**
 * Deletes every take file of an account, for the deletion of the account itself (before its row
 * goes): the takes stay file-less until their rows cascade with it.
 */
export async function deleteTakeFilesOf(platform: SweepPlatform, userId: number): Promise<number> {
  const { db } = platform;
  let deleted = 0;
  for (;;) {
    const files = await db
      .select({ id: uploads.id, key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.access, 'take')))
      .limit(SWEEP_CHUNK);
    if (files.length === 0) return deleted;
    await deleteObjects(platform, files.map((f) => f.key));
    const ids = files.map((f) => f.id);
    await db.batch([
      db.update(practiceTakes).set({ uploadId: null, fileDeletedAt: sqlNow }).where(and(eq(practiceTakes.userId, userId), inArray(practiceTakes.uploadId, ids))),
      db.delete(uploads).where(inArray(uploads.id, ids)),
    ]);
    deleted += files.length;
  }
}
