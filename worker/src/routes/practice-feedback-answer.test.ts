import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, emailOutbox, feedbackNotes, feedbackReplies, feedbackRequests, lessonProgress, notifications, practiceTakes } from '../../../db/schema/index.ts';
import {
  ALREADY_ANSWERED,
  CHOOSE_A_VERDICT,
  FEEDBACK_NOT_FOUND,
  LESSON_NEEDS_APPROVED_TAKE,
  ONLY_COURSE_INSTRUCTORS_ANSWER,
  WRITE_A_NOTE,
  WRITE_A_REPLY,
  type FeedbackDetail,
  type NoteView,
  type ReplyView,
} from '../../../shared/practice.ts';
import { createFeedbackRequest, createNote, createTake, giveFeedbackSettings, practiceWorld, requireApprovedTake, type PracticeWorld } from '../../../tests/support/feedback-factories.ts';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { COLOUR_FORMAT, DRAWING_TOO_BIG, POINT_OUT_OF_FRAME, SHAPE_KIND } from '../schemas/practice-feedback.ts';

/**
 * Answering a take (decision 0070): the course's instructors and admins put notes on the take's
 * timeline (a drawing's shapes checked one by one), send the verdict once (audited, the learner
 * notified, the file's deletion scheduled, the lesson completed by an approval its rule asks for),
 * and both sides reply under the notes. A refused request writes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function waitingRequest(options: Parameters<typeof practiceWorld>[1] = {}) {
  const w = await practiceWorld(t.db, options);
  const take = await createTake(t.db, { userId: w.learner.id, courseId: w.course.id, lessonId: w.lessonId, durationMs: 20_000 });
  const request = await createFeedbackRequest(t.db, take);
  return { w, take, request };
}

const notePath = (id: number) => `/api/practice/feedback/${id}/notes`;
const notesOf = (requestId: number) => t.db.select().from(feedbackNotes).where(eq(feedbackNotes.requestId, requestId));
const requestRow = async (id: number) => (await t.db.select().from(feedbackRequests).where(eq(feedbackRequests.id, id)))[0]!;
const answer = (id: number, token: string, body: unknown) => t.json('POST', `/api/practice/feedback/${id}/answer`, body, token);

describe('notes on the timeline', () => {
  it('the instructor adds a note with a drawing at a moment; it shows in the request for both sides', async () => {
    const { w, request } = await waitingRequest();
    const drawing = [
      { kind: 'arrow', from: [0.1, 0.2], to: [0.5, 0.5], color: '#ff3366' },
      { kind: 'circle', center: [0.5, 0.4], radius: 0.1, color: '#00AA00' },
      { kind: 'line', from: [0, 0], to: [1, 1], color: '#000000' },
    ];
    const res = await t.json('POST', notePath(request.id), { at_ms: 4200, body: ' Elbow up here. ', drawing }, w.instructorToken);
    expect(res.status).toBe(201);
    const note = await read<NoteView>(res);
    expect(note).toMatchObject({ at_ms: 4200, body: 'Elbow up here.', drawing, author: { id: w.instructor.id, name: 'Ines Teacher' }, replies: [] });
    // A drawing alone is a note; so is text alone.
    expect((await t.json('POST', notePath(request.id), { at_ms: 0, drawing: [drawing[0]] }, w.instructorToken)).status).toBe(201);
    // A moment just past the take's recorded length (its file ran a little longer) sits at its end.
    expect(await read<NoteView>(await t.json('POST', notePath(request.id), { at_ms: 20_400, body: 'The end.' }, w.instructorToken))).toMatchObject({ at_ms: 20_000 });
    const detail = await read<FeedbackDetail>(await t.json('GET', `/api/practice/feedback/${request.id}`, undefined, w.learnerToken));
    expect(detail.notes.map((n) => n.at_ms)).toEqual([0, 4200, 20_000]);
    expect(detail.notes[1]!.drawing).toEqual(drawing);
  });

  it('refuses bad notes with 400 and the field that is wrong, writing nothing', async () => {
    const { w, request } = await waitingRequest();
    const arrow = { kind: 'arrow', from: [0.1, 0.2], to: [0.5, 0.5], color: '#ff3366' };
    const cases: [unknown, string, string][] = [
      [{ at_ms: 100 }, WRITE_A_NOTE, 'body'],
      [{ at_ms: 100, body: '  ', drawing: [] }, WRITE_A_NOTE, 'body'],
      [{ body: 'Where?' }, 'A note sits at a moment of the take: whole milliseconds from 0', 'at_ms'],
      [{ at_ms: -1, body: 'x' }, 'A note sits at a moment of the take: whole milliseconds from 0', 'at_ms'],
      [{ at_ms: 1.5, body: 'x' }, 'A note sits at a moment of the take: whole milliseconds from 0', 'at_ms'],
      [{ at_ms: 100, drawing: Array.from({ length: 51 }, () => arrow) }, DRAWING_TOO_BIG, 'drawing'],
      [{ at_ms: 100, drawing: [{ ...arrow, from: [1.5, 0.2] }] }, POINT_OUT_OF_FRAME, 'drawing.0.from.0'],
      [{ at_ms: 100, drawing: [{ ...arrow, to: [0.5] }] }, POINT_OUT_OF_FRAME, 'drawing.0.to'],
      [{ at_ms: 100, drawing: [{ ...arrow, color: 'red' }] }, COLOUR_FORMAT, 'drawing.0.color'],
      [{ at_ms: 100, drawing: [{ ...arrow, color: '#ff336' }] }, COLOUR_FORMAT, 'drawing.0.color'],
      [{ at_ms: 100, drawing: [{ ...arrow, kind: 'square' }] }, SHAPE_KIND, 'drawing.0.kind'],
      [{ at_ms: 100, drawing: [{ kind: 'circle', center: [0.5, 0.5], radius: 0, color: '#ffffff' }] }, POINT_OUT_OF_FRAME, 'drawing.0.radius'],
      [{ at_ms: 100, drawing: 'arrow' }, SHAPE_KIND, 'drawing'],
    ];
    for (const [body, message, field] of cases) {
      const res = await t.json('POST', notePath(request.id), body, w.instructorToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await read<ErrorBody>(res);
      expect(error.message, JSON.stringify(body)).toBe(message);
      expect(Object.keys(error.validationErrors ?? {}), JSON.stringify(body)).toContain(field);
    }
    // Past the take's end (20 s) by more than a player's last frame.
    const late = await t.json('POST', notePath(request.id), { at_ms: 21_001, body: 'Too late' }, w.instructorToken);
    expect(late.status).toBe(400);
    expect((await read<ErrorBody>(late)).validationErrors?.at_ms?.[0]).toMatch(/0:20\.0/);
    expect(await notesOf(request.id)).toHaveLength(0);
  });

  it("only the course's instructors and admins write notes: the learner 403, another instructor 404, a student 403", async () => {
    const { w, request } = await waitingRequest();
    const body = { at_ms: 10, body: 'Nice' };
    const learner = await t.json('POST', notePath(request.id), body, w.learnerToken);
    expect(learner.status).toBe(403);
    expect((await read<ErrorBody>(learner)).message).toBe(ONLY_COURSE_INSTRUCTORS_ANSWER);
    const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    const res = await t.json('POST', notePath(request.id), body, other.token);
    expect(res.status).toBe(404);
    expect((await read<ErrorBody>(res)).message).toBe(FEEDBACK_NOT_FOUND);
    const admin = await signIn(t.db, (await createAdmin(t.db)).id);
    expect((await t.json('POST', notePath(request.id), body, admin)).status).toBe(201);
    expect(await notesOf(request.id)).toHaveLength(1);
  });

  it('edits a note (moment, text, drawing) and deletes it, audited, with its replies; a note keeps text or a drawing', async () => {
    const { w, request } = await waitingRequest({ instructorRoles: ['INSTRUCTOR_ADMIN'] });
    const note = await createNote(t.db, request.id, w.instructor.id, { atMs: 1000, body: 'First' });
    await t.db.insert(feedbackReplies).values({ noteId: note.id, authorId: w.learner.id, body: 'Thanks' });
    const path = `${notePath(request.id)}/${note.id}`;
    const edited = await t.json('PATCH', path, { at_ms: 1500, body: 'Better', drawing: [{ kind: 'line', from: [0, 0], to: [0.2, 0.2], color: '#123456' }] }, w.instructorToken);
    expect(edited.status).toBe(200);
    expect(await read<NoteView>(edited)).toMatchObject({ id: note.id, at_ms: 1500, body: 'Better', drawing: [{ kind: 'line' }], replies: [{ body: 'Thanks', author_is_instructor: false }] });
    // Emptying the text keeps the drawing; emptying both is refused.
    expect((await t.json('PATCH', path, { body: '' }, w.instructorToken)).status).toBe(200);
    const empty = await t.json('PATCH', path, { drawing: [] }, w.instructorToken);
    expect(empty.status).toBe(400);
    expect((await read<ErrorBody>(empty)).message).toBe(WRITE_A_NOTE);
    expect((await t.json('PATCH', path, {}, w.instructorToken)).status).toBe(400);
    expect((await t.json('PATCH', path, { at_ms: 99_000 }, w.instructorToken)).status).toBe(400);
    expect((await t.json('PATCH', path, { body: 'Mine' }, w.learnerToken)).status).toBe(403);
    expect((await notesOf(request.id))[0]).toMatchObject({ atMs: 1500, body: '' });

    expect((await t.json('DELETE', path, undefined, w.learnerToken)).status).toBe(403);
    const deleted = await t.json('DELETE', path, undefined, w.instructorToken);
    expect(deleted.status).toBe(204);
    expect(await notesOf(request.id)).toHaveLength(0);
    expect(await t.db.select().from(feedbackReplies).where(eq(feedbackReplies.noteId, note.id))).toHaveLength(0);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'feedback_note.delete'), eq(auditLog.entityId, String(note.id))));
    expect(entry).toMatchObject({ actorId: w.instructor.id, entity: 'feedback_notes' });
    expect(JSON.parse(entry!.before!)).toMatchObject({ id: note.id, body: '' });
    expect(entry!.after).toBeNull();
    const again = await t.json('DELETE', path, undefined, w.instructorToken);
    expect(again.status).toBe(404);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'feedback_note.delete'), eq(auditLog.entityId, String(note.id))))).toHaveLength(1);
    // A note of another request is not this request's.
    const { w: w2, request: other } = await waitingRequest();
    const foreign = await createNote(t.db, other.id, w2.instructor.id);
    expect((await t.json('PATCH', `${notePath(request.id)}/${foreign.id}`, { body: 'x' }, w.instructorToken)).status).toBe(404);
    expect((await t.json('DELETE', `${notePath(request.id)}/${foreign.id}`, undefined, w.instructorToken)).status).toBe(404);
  });
});

describe('POST /api/practice/feedback/{id}/answer', () => {
  it('refuses a missing or unknown verdict (400), the learner (403), a stranger (404); nothing changes', async () => {
    const { w, request } = await waitingRequest();
    for (const body of [{}, { verdict: 'great' }, { summary: 'Good' }, { verdict: null }]) {
      const res = await answer(request.id, w.instructorToken, body);
      expect(res.status).toBe(400);
      expect((await read<ErrorBody>(res)).message).toBe(CHOOSE_A_VERDICT);
    }
    expect((await answer(request.id, w.instructorToken, { verdict: 'approved', summary: 'x'.repeat(4001) })).status).toBe(400);
    expect((await answer(request.id, w.learnerToken, { verdict: 'approved' })).status).toBe(403);
    const other = await createSignedInUser(t.db, { roles: ['INSTRUCTOR'] });
    expect((await answer(request.id, other.token, { verdict: 'approved' })).status).toBe(404);
    const student = await createSignedInUser(t.db);
    expect((await answer(request.id, student.token, { verdict: 'approved' })).status).toBe(403);
    expect(await requestRow(request.id)).toMatchObject({ status: 'waiting', verdict: null });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'feedback.answer'), eq(auditLog.entityId, String(request.id))))).toHaveLength(0);
  });

  it('answers once, audited: the learner is notified in-app and by email, the file deletion scheduled; a second answer 409', async () => {
    const { w, take, request } = await waitingRequest();
    await giveFeedbackSettings(t.db, w.course.id, { mode: 'included', deleteTakesAfterDays: 30 });
    const res = await answer(request.id, w.instructorToken, { verdict: 'try_again', summary: ' Good start. Watch the count. ' });
    expect(res.status).toBe(200);
    const body = await read<FeedbackDetail>(res);
    expect(body).toMatchObject({ status: 'answered', verdict: 'try_again', summary: 'Good start. Watch the count.', answered_by: { id: w.instructor.id, name: 'Ines Teacher' } });
    expect(body.answered_at).not.toBeNull();
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'feedback.answer'), eq(auditLog.entityId, String(request.id))));
    expect(JSON.parse(entry!.before!)).toMatchObject({ status: 'waiting' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ status: 'answered', verdict: 'try_again' });
    const notice = await t.db.select().from(notifications).where(and(eq(notifications.userId, w.learner.id), eq(notifications.kind, 'feedback_answered')));
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ url: `/practice/feedback/${request.id}` });
    expect(await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, w.learner.email!), eq(emailOutbox.kind, 'feedback_answered')))).toHaveLength(1);
    const [takeRow] = await t.db.select().from(practiceTakes).where(eq(practiceTakes.id, take.id));
    const days = (Date.parse(takeRow!.deleteFileAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const again = await answer(request.id, w.instructorToken, { verdict: 'approved' });
    expect(again.status).toBe(409);
    expect((await read<ErrorBody>(again)).message).toBe(ALREADY_ANSWERED);
    expect(await requestRow(request.id)).toMatchObject({ verdict: 'try_again' });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'feedback.answer'), eq(auditLog.entityId, String(request.id))))).toHaveLength(1);
    // Two answers at once: one is saved.
    const { w: w2, request: r2 } = await waitingRequest();
    const both = (await Promise.all([answer(r2.id, w2.instructorToken, { verdict: 'approved' }), answer(r2.id, w2.instructorToken, { verdict: 'try_again' })])).map((r) => r.status).sort();
    expect(both).toEqual([200, 409]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'feedback.answer'), eq(auditLog.entityId, String(r2.id))))).toHaveLength(1);
  });

  it('a lesson that asks for an approved take: Mark complete is refused until the approval completes it, and the course with its certificate', async () => {
    const { w, request } = await waitingRequest();
    await requireApprovedTake(t.db, w.lessonId);
    const textLesson = w.course.lessons[1]!.id;
    expect((await t.json('POST', `/api/learn/lessons/${textLesson}/complete`, undefined, w.learnerToken)).status).toBe(200);
    const refused = await t.json('POST', `/api/learn/lessons/${w.lessonId}/complete`, undefined, w.learnerToken);
    expect(refused.status).toBe(409);
    expect((await read<ErrorBody>(refused)).message).toBe(LESSON_NEEDS_APPROVED_TAKE);
    const done = () => t.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, w.learner.id), eq(lessonProgress.lessonId, w.lessonId)));
    expect(await done()).toHaveLength(0);

    expect((await answer(request.id, w.instructorToken, { verdict: 'approved' })).status).toBe(200);
    expect(await done()).toHaveLength(1);
    expect(await t.db.select().from(certificates).where(and(eq(certificates.userId, w.learner.id), eq(certificates.courseId, w.course.id)))).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, w.learner.id), eq(notifications.kind, 'certificate_issued')))).toHaveLength(1);
    // Now Mark complete is a no-op success.
    expect((await t.json('POST', `/api/learn/lessons/${w.lessonId}/complete`, undefined, w.learnerToken)).status).toBe(200);
  });

  it('Try again does not complete such a lesson, nor does an approval of a lesson without the rule', async () => {
    const { w, request } = await waitingRequest();
    await requireApprovedTake(t.db, w.lessonId);
    await answer(request.id, w.instructorToken, { verdict: 'try_again' });
    const done = (lessonId: number) => t.db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, w.learner.id), eq(lessonProgress.lessonId, lessonId)));
    expect(await done(w.lessonId)).toHaveLength(0);
    expect((await t.json('POST', `/api/learn/lessons/${w.lessonId}/complete`, undefined, w.learnerToken)).status).toBe(409);
    const plain = await waitingRequest();
    await answer(plain.request.id, plain.w.instructorToken, { verdict: 'approved' });
    expect(await t.db.select().from(lessonProgress).where(eq(lessonProgress.userId, plain.w.learner.id))).toHaveLength(0);
  });
});

describe('replies under a note', () => {
  async function noted(): Promise<{ w: PracticeWorld; requestId: number; noteId: number }> {
    const { w, request } = await waitingRequest();
    const note = await createNote(t.db, request.id, w.instructor.id);
    return { w, requestId: request.id, noteId: note.id };
  }
  const reply = (requestId: number, noteId: number, token: string, body: unknown) => t.json('POST', `/api/practice/feedback/${requestId}/notes/${noteId}/replies`, body, token);

  it('the learner replies and the instructor hears of it; the instructor replies and the learner does', async () => {
    const { w, requestId, noteId } = await noted();
    const mine = await reply(requestId, noteId, w.learnerToken, { body: ' Like this? ' });
    expect(mine.status).toBe(201);
    expect(await read<ReplyView>(mine)).toMatchObject({ body: 'Like this?', author: { id: w.learner.id, name: 'Lea Learner' }, author_is_instructor: false });
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, w.instructor.id), eq(notifications.kind, 'feedback_reply')))).toHaveLength(1);
    const theirs = await reply(requestId, noteId, w.instructorToken, { body: 'Yes, exactly.' });
    expect(theirs.status).toBe(201);
    expect(await read<ReplyView>(theirs)).toMatchObject({ author_is_instructor: true });
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, w.learner.id), eq(notifications.kind, 'feedback_reply')))).toHaveLength(1);
    // The reply kind is in-app unless the person turns its email on.
    expect(await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, w.learner.email!), eq(emailOutbox.kind, 'feedback_reply')))).toHaveLength(0);
    const detail = await read<FeedbackDetail>(await t.json('GET', `/api/practice/feedback/${requestId}`, undefined, w.learnerToken));
    expect(detail.notes[0]!.replies.map((r) => r.body)).toEqual(['Like this?', 'Yes, exactly.']);
  });

  it('refuses an empty reply (400), a stranger (404), a note of another request or a hidden one (404)', async () => {
    const { w, requestId, noteId } = await noted();
    for (const body of [{}, { body: '' }, { body: '   ' }]) {
      const res = await reply(requestId, noteId, w.learnerToken, body);
      expect(res.status).toBe(400);
      expect((await read<ErrorBody>(res)).message).toBe(WRITE_A_REPLY);
    }
    expect((await reply(requestId, noteId, w.learnerToken, { body: 'x'.repeat(2001) })).status).toBe(400);
    const stranger = await createSignedInUser(t.db);
    expect((await reply(requestId, noteId, stranger.token, { body: 'Hi' })).status).toBe(404);
    const other = await noted();
    expect((await reply(requestId, other.noteId, w.learnerToken, { body: 'Hi' })).status).toBe(404);
    await t.db.update(feedbackNotes).set({ hiddenAt: new Date().toISOString() }).where(eq(feedbackNotes.id, noteId));
    expect((await reply(requestId, noteId, w.learnerToken, { body: 'Hi' })).status).toBe(404);
    expect(await t.db.select().from(feedbackReplies).where(eq(feedbackReplies.noteId, noteId))).toHaveLength(0);
  });
});
