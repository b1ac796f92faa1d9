import { and, asc, count, eq, exists, isNotNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { courseFeedbackSettings, courses, enrollments, feedbackCreditGrants, feedbackRequests, lessonPracticeRules, lessonProgress, lessons, practiceTakes, users } from '../../../../db/schema/index.ts';
import {
  ALREADY_ANSWERED,
  ALREADY_SUBMITTED,
  FEEDBACK_NOT_OFFERED,
  NO_CREDITS_LEFT,
  NO_REVIEWS_LEFT,
  ONLY_COURSE_INSTRUCTORS_ANSWER,
  PRACTICE_NEEDS_ENROLMENT,
  TAKE_NOT_FOUND,
  type FeedbackDetail,
  type FeedbackVerdict,
} from '../../../../shared/practice.ts';
import type { AuthUser } from '../../app-context.ts';
import { displayName } from '../../domain/certificates.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { audited } from '../audit.ts';
import { settleCompletion } from '../learning.ts';
import { learnerSnapshot } from '../learner-state.ts';
import { announceCertificate } from '../notifications-events.ts';
import { announceFeedbackAnswer, announceFeedbackRequest } from './feedback-notices.ts';
import { canAnswerFeedback, feedbackDetail, feedbackFor } from './feedback-views.ts';
import { takeDeletionStatements } from './retention.ts';

/**
 * Asking for feedback on a take and answering it (decision 0070). A request spends one of the
 * course's included reviews, else the learner's oldest credit: the guard and the spend are one
 * batch (decision 0004), so two requests at once never spend one review or credit twice. The
 * answer is final (a second one is refused); notes may still be added and edited after it.
 */

export const TAKE_FILE_GONE = "This take's video is deleted. Record or upload another take to ask for feedback.";

const earlier = alias(feedbackRequests, 'earlier');

/** Included reviews the learner has left in the course (0 unless its mode is 'included'), as SQL over the take's row. */
function includedLeftSql(db: Db) {
  const used = db
    .select({ n: count() })
    .from(earlier)
    .where(and(eq(earlier.userId, practiceTakes.userId), eq(earlier.courseId, practiceTakes.courseId), eq(earlier.paidBy, 'included')));
  return sql<number>`(CASE WHEN ${courseFeedbackSettings.mode} = 'included' THEN ${courseFeedbackSettings.includedReviews} - (${used}) ELSE 0 END)`;
}

/** The learner's oldest grant of the course with a credit left, as SQL over the take's row (NULL: none). */
function openGrantSql(db: Db) {
  const grant = db
    .select({ id: feedbackCreditGrants.id })
    .from(feedbackCreditGrants)
    .where(
      and(
        eq(feedbackCreditGrants.userId, practiceTakes.userId),
        eq(feedbackCreditGrants.courseId, practiceTakes.courseId),
        sql`${feedbackCreditGrants.used} + ${feedbackCreditGrants.refunded} < ${feedbackCreditGrants.credits}`,
      ),
    )
    .orderBy(asc(feedbackCreditGrants.id))
    .limit(1);
  return sql<number | null>`(${grant})`;
}

/**
 * The request, inserted only while the take is the learner's, its file kept, the learner enrolled,
 * the course offering feedback and a review or credit left (ON CONFLICT: one request per take).
 */
function insertRequestStatement(db: Db, userId: number, takeId: number, question: string) {
  const includedLeft = includedLeftSql(db);
  const openGrant = openGrantSql(db);
  const enrolled = db
    .select({ one: sql`1` })
    .from(enrollments)
    .where(and(eq(enrollments.userId, practiceTakes.userId), eq(enrollments.courseId, practiceTakes.courseId)));
  return db
    .insert(feedbackRequests)
    .select(
      db
        .select(
          insertSelection(feedbackRequests, {
            takeId: practiceTakes.id,
            userId: practiceTakes.userId,
            courseId: practiceTakes.courseId,
            lessonId: practiceTakes.lessonId,
            question,
            status: 'waiting',
            paidBy: sql`(CASE WHEN ${includedLeft} > 0 THEN 'included' ELSE 'credit' END)`,
            creditGrantId: sql`(CASE WHEN ${includedLeft} > 0 THEN NULL ELSE ${openGrant} END)`,
            dueAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+' || ${courseFeedbackSettings.responseDays} || ' days')`,
          }),
        )
        .from(practiceTakes)
        .innerJoin(courseFeedbackSettings, eq(courseFeedbackSettings.courseId, practiceTakes.courseId))
        .where(
          and(
            eq(practiceTakes.id, takeId),
            eq(practiceTakes.userId, userId),
            isNotNull(practiceTakes.uploadId),
            ne(courseFeedbackSettings.mode, 'none'),
            exists(enrolled),
            or(sql`${includedLeft} > 0`, sql`${openGrant} IS NOT NULL`),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ id: feedbackRequests.id, paidBy: feedbackRequests.paidBy });
}

/**
 * The credit a 'credit' request just inserted spends: only when the insert before it wrote a row
 * (changes()), and only while the grant has one left.
 */
function spendCreditStatement(db: Db, takeId: number) {
  const spent = db
    .select({ id: feedbackRequests.creditGrantId })
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.takeId, takeId), eq(feedbackRequests.paidBy, 'credit')));
  return db
    .update(feedbackCreditGrants)
    .set({ used: sql`${feedbackCreditGrants.used} + 1` })
    .where(
      and(
        sql`changes() > 0`,
        eq(feedbackCreditGrants.id, sql`(${spent})`),
        sql`${feedbackCreditGrants.used} + ${feedbackCreditGrants.refunded} < ${feedbackCreditGrants.credits}`,
      ),
    );
}

/** The take with what asking about it depends on, for the refusals' messages. */
async function takeForRequest(db: Db, takeId: number) {
  const [row] = await db
    .select({
      take: practiceTakes,
      mode: courseFeedbackSettings.mode,
      requestId: feedbackRequests.id,
      enrolled: sql<number>`${exists(db.select({ one: sql`1` }).from(enrollments).where(and(eq(enrollments.userId, practiceTakes.userId), eq(enrollments.courseId, practiceTakes.courseId))))}`,
      course: { title: courses.title, instructorId: courses.instructorId },
      lessonTitle: lessons.title,
      learner: { firstName: users.firstName, lastName: users.lastName, username: users.username },
    })
    .from(practiceTakes)
    .innerJoin(courses, eq(courses.id, practiceTakes.courseId))
    .innerJoin(lessons, eq(lessons.id, practiceTakes.lessonId))
    .innerJoin(users, eq(users.id, practiceTakes.userId))
    .leftJoin(courseFeedbackSettings, eq(courseFeedbackSettings.courseId, practiceTakes.courseId))
    .leftJoin(feedbackRequests, eq(feedbackRequests.takeId, practiceTakes.id))
    .where(eq(practiceTakes.id, takeId))
    .limit(1);
  return row ?? null;
}

type TakeForRequest = NonNullable<Awaited<ReturnType<typeof takeForRequest>>>;

/** Why a request cannot be made of this take now, or null when it can (a review or credit permitting). */
function refusal(row: TakeForRequest | null, userId: number): AppError | null {
  if (!row || row.take.userId !== userId) return notFound(TAKE_NOT_FOUND);
  if (row.requestId !== null) return conflict(ALREADY_SUBMITTED);
  if (row.take.uploadId === null) return conflict(TAKE_FILE_GONE);
  if (!Number(row.enrolled)) return forbidden(PRACTICE_NEEDS_ENROLMENT);
  if (row.mode === null || row.mode === 'none') return forbidden(FEEDBACK_NOT_OFFERED);
  return null;
}

/** POST /api/practice/takes/{id}/feedback: the take's learner sends it with their question (201). */
export async function askForFeedback(platform: Platform, actor: AuthUser, takeId: number, question: string): Promise<FeedbackDetail> {
  const { db } = platform;
  const before = await takeForRequest(db, takeId);
  const refused = refusal(before, actor.id);
  if (refused) throw refused;
  const [inserted] = await db.batch([insertRequestStatement(db, actor.id, takeId, question), spendCreditStatement(db, takeId)]);
  const request = inserted[0];
  if (!request) {
    // The guard refused: another request got there first, or nothing is left to spend.
    const after = await takeForRequest(db, takeId);
    throw refusal(after, actor.id) ?? new AppError(402, after?.mode === 'included' ? NO_REVIEWS_LEFT : NO_CREDITS_LEFT);
  }
  const row = before!;
  await announceFeedbackRequest(
    platform,
    { id: request.id, question },
    { instructorId: row.course.instructorId, learnerId: actor.id },
    { learner: displayName(row.learner, 'A learner'), lesson: row.lessonTitle, course: row.course.title },
  );
  return feedbackDetail(platform, actor, request.id);
}

/**
 * The lesson's completion by an approved take, in the answer's batch: only when the lesson's rule
 * asks for one, the request is approved and the learner is still enrolled (as Mark complete would).
 */
function completeByApprovalStatement(db: Db, request: { id: number; userId: number; courseId: number; lessonId: number }) {
  return db
    .insert(lessonProgress)
    .select(
      db
        .select(insertSelection(lessonProgress, { userId: request.userId, courseId: request.courseId, lessonId: lessonPracticeRules.lessonId }))
        .from(lessonPracticeRules)
        .where(
          and(
            eq(lessonPracticeRules.lessonId, request.lessonId),
            eq(lessonPracticeRules.requiresApprovedTake, true),
            exists(db.select({ one: sql`1` }).from(feedbackRequests).where(and(eq(feedbackRequests.id, request.id), eq(feedbackRequests.verdict, 'approved')))),
            exists(db.select({ one: sql`1` }).from(enrollments).where(and(eq(enrollments.userId, request.userId), eq(enrollments.courseId, request.courseId)))),
          ),
        ),
    )
    .onConflictDoNothing();
}

/**
 * POST /api/practice/feedback/{id}/answer: the course's instructor (or an admin) sends the verdict
 * and summary, audited. In the same batch: the take's file deletion scheduled by the course's
 * rule, and, when the lesson asks for an approved take and this one is, the lesson's completion;
 * after it, what Mark complete does next (the course's completion and its certificate).
 */
export async function answerFeedback(platform: Platform, actor: AuthUser, id: number, answer: { verdict: FeedbackVerdict; summary: string }): Promise<FeedbackDetail> {
  const { db } = platform;
  const record = await feedbackFor(db, actor, id);
  const { request } = record;
  if (!canAnswerFeedback(actor, record.course)) throw forbidden(ONLY_COURSE_INSTRUCTORS_ANSWER);
  if (request.status === 'answered') throw conflict(ALREADY_ANSWERED);
  const save = db
    .update(feedbackRequests)
    .set({ status: 'answered', verdict: answer.verdict, summary: answer.summary || null, answeredBy: actor.id, answeredAt: sqlNow })
    .where(and(eq(feedbackRequests.id, id), eq(feedbackRequests.status, 'waiting')))
    .returning({ id: feedbackRequests.id });
  const completes = answer.verdict === 'approved' && record.requiresApprovedTake === true;
  const results = await db.batch(
    audited(db, actor, { action: 'feedback.answer', table: feedbackRequests, id, summary: `Answered the feedback request of ${displayName(record.learner)} on “${record.lesson.title}”: ${answer.verdict === 'approved' ? 'Approved' : 'Try again'}` }, [
      save,
      ...takeDeletionStatements(db, request.takeId, request.courseId),
      ...(completes ? [completeByApprovalStatement(db, request)] : []),
    ]),
  );
  // audited(): [the entry, the answer, …]. Another answer got there first: nothing was saved.
  if ((results[1] as unknown as { id: number }[]).length === 0) throw conflict(ALREADY_ANSWERED);
  if (completes) await settleLearner(platform, request.userId, request.courseId);
  await announceFeedbackAnswer(platform, request.userId, id, answer.verdict, record.lesson.title);
  return feedbackDetail(platform, actor, id);
}

/** After a completion by approval: the course's completion and certificate, as after Mark complete. */
async function settleLearner(platform: Platform, userId: number, courseId: number): Promise<void> {
  const { db } = platform;
  const [[course], { outline }] = await Promise.all([db.select().from(courses).where(eq(courses.id, courseId)).limit(1), learnerSnapshot(db, userId, courseId)]);
  if (!course) return;
  const { view } = await settleCompletion(db, userId, course, outline);
  if (view.certificate && !view.certificate.revoked) await announceCertificate(platform, userId, courseId);
}
