import { and, eq, isNull } from 'drizzle-orm';
import { feedbackNotes, feedbackReplies } from '../../../../db/schema/index.ts';
import { ONLY_COURSE_INSTRUCTORS_ANSWER, WRITE_A_NOTE, type DrawingShape, type NoteView, type ReplyView } from '../../../../shared/practice.ts';
import { formatMoment } from '../../../../shared/take-sync.ts';
import type { AuthUser } from '../../app-context.ts';
import { displayName } from '../../domain/certificates.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { audited } from '../audit.ts';
import { announceFeedbackReply } from './feedback-notices.ts';
import { canAnswerFeedback, feedbackFor, readNote, type FeedbackRecord } from './feedback-views.ts';

/**
 * Notes on a take's timeline and the replies under them (decision 0070). The course's
 * instructors and admins write, edit and delete notes (a deletion is audited); the learner and
 * they reply under a note, and the other side hears of it.
 */

export const NOTE_NOT_FOUND = 'Note not found';

/** The request, for the course's instructors and admins only (404 for strangers, 403 for its learner). */
async function requestToAnnotate(db: Db, actor: AuthUser, requestId: number): Promise<FeedbackRecord> {
  const record = await feedbackFor(db, actor, requestId);
  if (!canAnswerFeedback(actor, record.course)) throw forbidden(ONLY_COURSE_INSTRUCTORS_ANSWER);
  return record;
}

/** How far past the take's recorded length a player may still show a frame (its file may run a little longer). */
const END_SLACK_MS = 1000;

/** A note's moment within the take: one just past its recorded end is put at the end, one further refused. */
function momentWithinTake(record: FeedbackRecord, atMs: number): number {
  if (atMs > record.take.durationMs + END_SLACK_MS) {
    const message = `A note sits within the take: from 0:00.0 to ${formatMoment(record.take.durationMs)}`;
    throw badRequest(message, { at_ms: [message] });
  }
  return Math.min(atMs, record.take.durationMs);
}

async function noteOrThrow(db: Db, record: FeedbackRecord, noteId: number): Promise<NoteView> {
  const note = await readNote(db, record.request.id, noteId, record.request.userId);
  if (!note) throw notFound(NOTE_NOT_FOUND);
  return note;
}

/** POST /api/practice/feedback/{id}/notes (201). */
export async function addNote(db: Db, actor: AuthUser, requestId: number, input: { at_ms: number; body: string; drawing: DrawingShape[] }): Promise<NoteView> {
  const record = await requestToAnnotate(db, actor, requestId);
  const atMs = momentWithinTake(record, input.at_ms);
  const [row] = await db
    .insert(feedbackNotes)
    .values({ requestId, authorId: actor.id, atMs, body: input.body, drawing: input.drawing.length > 0 ? JSON.stringify(input.drawing) : null })
    .returning({ id: feedbackNotes.id });
  return noteOrThrow(db, record, row!.id);
}

/** PATCH /api/practice/feedback/{id}/notes/{noteId}: the moment, the text or the drawing; a note keeps text or a drawing. */
export async function updateNote(
  db: Db,
  actor: AuthUser,
  requestId: number,
  noteId: number,
  patch: { at_ms?: number | undefined; body?: string | undefined; drawing?: DrawingShape[] | undefined },
): Promise<NoteView> {
  const record = await requestToAnnotate(db, actor, requestId);
  const current = await noteOrThrow(db, record, noteId);
  const atMs = patch.at_ms === undefined ? undefined : momentWithinTake(record, patch.at_ms);
  const body = patch.body ?? current.body;
  const drawing = patch.drawing ?? current.drawing;
  if (body.length === 0 && drawing.length === 0) throw badRequest(WRITE_A_NOTE, { body: [WRITE_A_NOTE] });
  await db
    .update(feedbackNotes)
    .set({
      ...(atMs !== undefined ? { atMs } : {}),
      ...(patch.body !== undefined ? { body: patch.body } : {}),
      ...(patch.drawing !== undefined ? { drawing: patch.drawing.length > 0 ? JSON.stringify(patch.drawing) : null } : {}),
      updatedAt: sqlNow,
    })
    .where(and(eq(feedbackNotes.id, noteId), eq(feedbackNotes.requestId, requestId)));
  return noteOrThrow(db, record, noteId);
}

/** DELETE /api/practice/feedback/{id}/notes/{noteId} (204), audited; its replies go with it. */
export async function deleteNote(db: Db, actor: AuthUser, requestId: number, noteId: number): Promise<void> {
  const record = await requestToAnnotate(db, actor, requestId);
  // A hidden note is still the staff's to delete; a note of another request is not this one's.
  const [note] = await db
    .select({ id: feedbackNotes.id })
    .from(feedbackNotes)
    .where(and(eq(feedbackNotes.id, noteId), eq(feedbackNotes.requestId, requestId)))
    .limit(1);
  if (!note) throw notFound(NOTE_NOT_FOUND);
  // The entry is kept only when the note was deleted (audited() drops it otherwise).
  await db.batch(
    audited(db, actor, { action: 'feedback_note.delete', table: feedbackNotes, id: noteId, summary: `Deleted a note on the take of ${displayName(record.learner)} on “${record.lesson.title}”` }, [
      db.delete(feedbackNotes).where(and(eq(feedbackNotes.id, noteId), eq(feedbackNotes.requestId, requestId))),
    ]),
  );
}

/** POST /api/practice/feedback/{id}/notes/{noteId}/replies (201): the learner or the course's instructors and admins. */
export async function addReply(platform: Platform, actor: AuthUser, requestId: number, noteId: number, body: string): Promise<ReplyView> {
  const { db } = platform;
  const record = await feedbackFor(db, actor, requestId);
  const learnerId = record.request.userId;
  const [note] = await db
    .select({ id: feedbackNotes.id, authorId: feedbackNotes.authorId })
    .from(feedbackNotes)
    .where(and(eq(feedbackNotes.id, noteId), eq(feedbackNotes.requestId, requestId), isNull(feedbackNotes.hiddenAt)))
    .limit(1);
  if (!note) throw notFound(NOTE_NOT_FOUND);
  const [row] = await db.insert(feedbackReplies).values({ noteId, authorId: actor.id, body }).returning();
  const author = displayName(actor.row, actor.username);
  // The learner's reply reaches the note's author (else the course's instructor); an instructor's, the learner.
  const recipient = actor.id === learnerId ? (note.authorId ?? record.course.instructorId) : learnerId;
  if (recipient !== actor.id) await announceFeedbackReply(platform, recipient, requestId, author, body);
  return {
    id: row!.id,
    author: { id: actor.id, name: author },
    author_is_instructor: actor.id !== learnerId,
    body: row!.body,
    created_at: row!.createdAt,
  };
}
