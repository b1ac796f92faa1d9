import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { courses, feedbackNotes, feedbackReplies, feedbackRequests, lessonPracticeRules, lessons, practiceTakes, users } from '../../../../db/schema/index.ts';
import { FEEDBACK_NOT_FOUND, type DrawingShape, type FeedbackDetail, type NoteView, type PersonRef, type ReplyView, type TakeView } from '../../../../shared/practice.ts';
import { displayName } from '../../domain/certificates.ts';
import { canManageCourse, type CourseActor } from '../../domain/courses.ts';
import { can } from '../../domain/permissions.ts';
import { lessonVideo } from '../../domain/video.ts';
import { notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { sqlNowUnlessSet } from '../../platform/sql-expressions.ts';
import { signUploadLink } from '../media-access.ts';
import { loadTake, toTakeView } from './take-reads.ts';

/**
 * Who may see and answer a feedback request (decision 0070), and the request as the feedback page
 * reads it: the take and the reference clip through signed links, the notes on the take's
 * timeline with their drawings and replies, the answer.
 */

/** The course's instructors (their own course) and admins (every course) answer; nobody else. */
export function canAnswerFeedback(actor: CourseActor, course: { instructorId: number | null }): boolean {
  return can(actor.roles, 'feedback.answer') && canManageCourse(actor, course);
}

type Person = { id: number; firstName: string | null; lastName: string | null; username: string };
/** A person as the views name them; an account since deleted is "A former member". */
export function personRef(person: Person | null): PersonRef {
  return person ? { id: person.id, name: displayName(person, person.username) } : { id: 0, name: 'A former member' };
}

const answerer = alias(users, 'answerer');
const noteAuthor = alias(users, 'note_author');
const replyAuthor = alias(users, 'reply_author');

/** The request with what every feedback route checks: its take, course, lesson and learner. */
function requestQuery(db: Db, id: number) {
  return db
    .select({
      request: feedbackRequests,
      take: practiceTakes,
      course: { id: courses.id, title: courses.title, instructorId: courses.instructorId, imageUrl: courses.imageUrl },
      lesson: { id: lessons.id, title: lessons.title, moduleId: lessons.moduleId, content: lessons.content },
      learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
      answerer: { id: answerer.id, firstName: answerer.firstName, lastName: answerer.lastName, username: answerer.username },
      requiresApprovedTake: lessonPracticeRules.requiresApprovedTake,
    })
    .from(feedbackRequests)
    .innerJoin(practiceTakes, eq(practiceTakes.id, feedbackRequests.takeId))
    .innerJoin(courses, eq(courses.id, feedbackRequests.courseId))
    .innerJoin(lessons, eq(lessons.id, feedbackRequests.lessonId))
    .innerJoin(users, eq(users.id, feedbackRequests.userId))
    .leftJoin(answerer, eq(answerer.id, feedbackRequests.answeredBy))
    .leftJoin(lessonPracticeRules, eq(lessonPracticeRules.lessonId, feedbackRequests.lessonId))
    .where(eq(feedbackRequests.id, id))
    .limit(1);
}

export type FeedbackRecord = NonNullable<Awaited<ReturnType<typeof requestQuery>>[number]>;

/** The notes of a request (or one of them), not hidden by moderation, in the take's time order, with their authors. */
function notesQuery(db: Db, requestId: number, noteId?: number) {
  return db
    .select({ note: feedbackNotes, author: { id: noteAuthor.id, firstName: noteAuthor.firstName, lastName: noteAuthor.lastName, username: noteAuthor.username } })
    .from(feedbackNotes)
    .leftJoin(noteAuthor, eq(noteAuthor.id, feedbackNotes.authorId))
    .where(and(eq(feedbackNotes.requestId, requestId), noteId === undefined ? undefined : eq(feedbackNotes.id, noteId), isNull(feedbackNotes.hiddenAt)))
    .orderBy(asc(feedbackNotes.atMs), asc(feedbackNotes.id));
}

/** The replies under a request's notes (or one note's), oldest first. */
export function repliesQuery(db: Db, requestId: number, noteId?: number) {
  return db
    .select({ reply: feedbackReplies, author: { id: replyAuthor.id, firstName: replyAuthor.firstName, lastName: replyAuthor.lastName, username: replyAuthor.username } })
    .from(feedbackReplies)
    .innerJoin(feedbackNotes, eq(feedbackNotes.id, feedbackReplies.noteId))
    .leftJoin(replyAuthor, eq(replyAuthor.id, feedbackReplies.authorId))
    .where(and(eq(feedbackNotes.requestId, requestId), noteId === undefined ? undefined : eq(feedbackNotes.id, noteId), isNull(feedbackReplies.hiddenAt)))
    .orderBy(asc(feedbackReplies.id));
}

/** The request, or 404 for anyone but its learner, the course's instructors and admins. */
export async function feedbackFor(db: Db, actor: CourseActor, id: number): Promise<FeedbackRecord> {
  const [record] = await requestQuery(db, id);
  if (!record || !(record.request.userId === actor.id || canAnswerFeedback(actor, record.course))) throw notFound(FEEDBACK_NOT_FOUND);
  return record;
}

/** A drawing as stored (JSON text); anything unreadable is no drawing. */
export function drawingOf(text: string | null): DrawingShape[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as DrawingShape[]) : [];
  } catch {
    return [];
  }
}

type ReplyRow = Awaited<ReturnType<typeof repliesQuery>>[number];
type NoteRow = Awaited<ReturnType<typeof notesQuery>>[number];

export function replyView(row: ReplyRow, learnerId: number): ReplyView {
  return {
    id: row.reply.id,
    author: personRef(row.author),
    author_is_instructor: row.reply.authorId !== learnerId,
    body: row.reply.body,
    created_at: row.reply.createdAt,
  };
}

export function noteView(row: NoteRow, replies: ReplyView[]): NoteView {
  return {
    id: row.note.id,
    at_ms: row.note.atMs,
    body: row.note.body,
    drawing: drawingOf(row.note.drawing),
    author: personRef(row.author),
    created_at: row.note.createdAt,
    updated_at: row.note.updatedAt,
    replies,
  };
}

/** One note with its replies, as the note routes answer it. */
export async function readNote(db: Db, requestId: number, noteId: number, learnerId: number): Promise<NoteView | null> {
  const [notes, replies] = await db.batch([notesQuery(db, requestId, noteId), repliesQuery(db, requestId, noteId)]);
  const note = notes[0];
  return note ? noteView(note, replies.map((r) => replyView(r, learnerId))) : null;
}

/** The take as its feedback's readers see it (take-reads.ts): its file through a short-lived signed link, none once deleted or hidden. */
async function takeViewOf(platform: Platform, actor: CourseActor, takeId: number): Promise<TakeView> {
  const record = await loadTake(platform.db, takeId);
  if (!record) throw notFound(FEEDBACK_NOT_FOUND);
  return toTakeView(platform, record, { moderator: can(actor.roles, 'practice.moderate') });
}

export const isOverdue = (request: { status: string; dueAt: string }, now = new Date()) => request.status === 'waiting' && request.dueAt < now.toISOString();

/**
 * GET /api/practice/feedback/{id}: the request for its learner, the course's instructors and
 * admins (404 for anyone else). The learner opening an answered request marks it seen.
 */
export async function feedbackDetail(platform: Platform, actor: CourseActor, id: number): Promise<FeedbackDetail> {
  const { db } = platform;
  const record = await feedbackFor(db, actor, id);
  const { request, course, lesson } = record;
  const isLearner = request.userId === actor.id;
  const [notes, replies] = await db.batch([notesQuery(db, id), repliesQuery(db, id)]);
  if (isLearner && request.status === 'answered' && request.seenAt === null) {
    await db
      .update(feedbackRequests)
      .set({ seenAt: sqlNowUnlessSet(feedbackRequests.seenAt) })
      .where(and(eq(feedbackRequests.id, id), eq(feedbackRequests.userId, actor.id)));
  }
  const repliesByNote = new Map<number, ReplyView[]>();
  for (const r of replies) {
    const list = repliesByNote.get(r.reply.noteId) ?? [];
    list.push(replyView(r, request.userId));
    repliesByNote.set(r.reply.noteId, list);
  }
  const video = lessonVideo(lesson.content);
  const [take, referenceUrl] = await Promise.all([takeViewOf(platform, actor, request.takeId), video ? signUploadLink(platform, video.url) : null]);
  const canAnswer = canAnswerFeedback(actor, course);
  return {
    id: request.id,
    status: request.status,
    verdict: request.verdict,
    summary: request.summary,
    question: request.question,
    created_at: request.createdAt,
    due_at: request.dueAt,
    overdue: isOverdue(request),
    answered_at: request.answeredAt,
    answered_by: request.answeredBy === null ? null : personRef(record.answerer),
    learner: personRef(record.learner),
    course: { id: course.id, title: course.title },
    lesson: { id: lesson.id, title: lesson.title, module_id: lesson.moduleId },
    take,
    reference: { url: referenceUrl ?? '', poster: course.imageUrl },
    notes: notes.map((n) => noteView(n, repliesByNote.get(n.note.id) ?? [])),
    can_answer: canAnswer,
    can_reply: isLearner || canAnswer,
  };
}
