import { and, count, desc, eq, exists, getTableColumns, gt, isNull, lt, lte, notExists, or, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { certificates, courses, enrollments, lessonProgress, lessons, modules, quizAttempts, quizQuestions, quizzes } from '../../../db/schema/index.ts';
import type { CourseActor } from '../domain/courses.ts';
import { answerProblems, answersRevealed, attemptGate, attemptQuestionOrder, completedLessonIds, gradeQuiz, QUIZ_MESSAGES, revealedResults, waitMessage, type AttemptGate, type AttemptHistory, type QuizAnswer, type QuizGrade } from '../domain/learning.ts';
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { QUIZ_NOT_FOUND } from './courses.ts';
import { accessFrom, accessTo, assertUnlocked, learnerStateFromJson, requireEnrollment, type LearnerRecord, learnerStateColumns } from './learner-state.ts';
import { completionOf, settleCompletion } from './learning.ts';
import { bind, decodeRow, decodeRows, jsonAggregate, jsonShape, preparedOnce, runBatch } from './prepared-batch.ts';
import type { AttemptStanding, QuizView, AttemptResult } from '../../../shared/quiz-attempts.ts';

/**
 * Taking a quiz (decision 0012): the learner's read of a quiz (questions in this attempt's order,
 * never the correct options, attempts left and when the next opens) and attempts, graded here
 * and stored only when every question is answered and the quiz's limits allow it — checked
 * again inside the INSERT, so concurrent submissions cannot slip past a limit.
 */

type QuizRow = typeof quizzes.$inferSelect;

// Built once per database, run with each request's values (prepared-batch.ts).
const USER = sql.placeholder('userId');
const QUIZ = sql.placeholder('quizId');

const quizContextQuery = preparedOnce((db) =>
  db
    .select({ quiz: quizzes, lesson: { id: lessons.id, type: lessons.type, moduleId: lessons.moduleId }, course: courses })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(quizzes.id, QUIZ))
    .limit(1)
    .prepare(),
);

async function quizContext(db: Db, quizId: number) {
  const [row] = await quizContextQuery(db).execute({ quizId });
  if (!row) throw notFound(QUIZ_NOT_FOUND);
  return row;
}

// What taking a quiz reads, as JSON (prepared-batch.ts: jsonShape): the quiz with its lesson and
// course, the learner's enrolment and certificate there, the quiz's questions in their order.
const contextShape = jsonShape({ quiz: quizzes, lesson: { id: lessons.id, type: lessons.type, moduleId: lessons.moduleId }, course: courses });
const enrollmentShape = jsonShape(getTableColumns(enrollments));
const certificateShape = jsonShape(getTableColumns(certificates));
const questionShape = jsonShape({ id: quizQuestions.id, question: quizQuestions.question, options: quizQuestions.options, correctOption: quizQuestions.correctOption });

/**
 * Everything an attempt (and the quiz's read) needs, in ONE statement (userId, quizId bound): a
 * row for the quiz — none when there is no such quiz — whose columns are JSON: the quiz, its
 * lesson and course; the learner's enrolment and certificate of that course (one each at most:
 * unique indexes; NULL when none); the questions by position; and the learner's outline and
 * record of the course (learner-state.ts). One SELECT reads one snapshot, as the context read
 * and the batch of eight reads it replaces did together, for less than half their CPU (decision 0028).
 */
const quizStateQuery = preparedOnce((db) =>
  db
    .select({
      context: sql<string>`${contextShape.row}`,
      enrollment: sql<string | null>`${db
        .select({ row: enrollmentShape.row })
        .from(enrollments)
        .where(and(eq(enrollments.userId, USER), eq(enrollments.courseId, courses.id)))}`,
      certificate: sql<string | null>`${db
        .select({ row: certificateShape.row })
        .from(certificates)
        .where(and(eq(certificates.userId, USER), eq(certificates.courseId, courses.id)))}`,
      questions: sql<string>`${db
        .select({ rows: jsonAggregate(questionShape, quizQuestions.position, quizQuestions.id) })
        .from(quizQuestions)
        .where(eq(quizQuestions.quizId, quizzes.id))}`,
      ...learnerStateColumns(db),
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(quizzes.id, QUIZ))
    .limit(1)
    .prepare(),
);

const questionsFrom = (rows: ReturnType<typeof questionShape.decode>[]) => rows.map((q) => ({ ...q, optionCount: q.options.length }));

type Question = ReturnType<typeof questionsFrom>[number];

const historyQuery = preparedOnce((db) =>
  db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      passed: sql<number>`coalesce(max(${quizAttempts.passed}), 0)`.mapWith(Number),
      best: sql<number | null>`max(${quizAttempts.score})`,
      last: sql<string | null>`max(${quizAttempts.createdAt})`,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, USER), eq(quizAttempts.quizId, QUIZ)))
    .prepare(),
);

type HistoryRows = Awaited<ReturnType<ReturnType<typeof historyQuery>['execute']>>;
function historyFrom([row]: HistoryRows): AttemptHistory & { best: number | null } {
  return { count: row?.count ?? 0, passed: row?.passed === 1, best: row?.best === null || row?.best === undefined ? null : Number(row.best), lastAttemptAt: row?.last ?? null };
}

/**
 * A quiz with its lesson and course, the learner's access, state and certificate of that course,
 * the quiz's questions and the learner's attempts at it: one statement. 404 when there is no such
 * quiz, 403 (accessFrom) when the learner is neither enrolled nor managing the course.
 */
async function quizState(db: Db, user: CourseActor, quizId: number) {
  const [row] = await quizStateQuery(db).execute({ userId: user.id, quizId });
  if (!row) throw notFound(QUIZ_NOT_FOUND);
  const { quiz, lesson, course } = contextShape.decode(JSON.parse(row.context) as unknown[]);
  const enrollment = decodeRow(enrollmentShape, row.enrollment);
  const certificate = decodeRow(certificateShape, row.certificate);
  const { outline, record } = learnerStateFromJson(user.id, course.id, row);
  const access = accessFrom(user, course, enrollment);
  return { quiz, lesson, course, access, outline, record, certificate, questions: questionsFrom(decodeRows(questionShape, row.questions)), history: historyOf(record, quiz.id) };
}

/** The learner's attempts at one quiz, from the record of its course (same rows, one scan fewer). */
function historyOf(record: LearnerRecord, quizId: number): AttemptHistory & { best: number | null } {
  return {
    count: record.attemptCounts.get(quizId) ?? 0,
    passed: record.passedQuizIds.has(quizId),
    best: record.bestScores.get(quizId) ?? null,
    lastAttemptAt: record.lastAttemptAt.get(quizId) ?? null,
  };
}

const rulesOf = (quiz: QuizRow) => ({ maxAttempts: quiz.maxAttempts, attemptWaitMinutes: quiz.attemptWaitMinutes });

/** The questions as this learner's pending attempt serves them. */
function servedOrder(quiz: QuizRow, questions: Question[], userId: number, attemptNumber: number): Question[] {
  return quiz.shuffleQuestions ? attemptQuestionOrder(questions, { userId, quizId: quiz.id, attemptNumber }) : questions;
}

function standing(quiz: QuizRow, gate: AttemptGate, attempts: number): AttemptStanding {
  return {
    attempts,
    max_attempts: quiz.maxAttempts,
    attempts_left: gate.attemptsLeft,
    attempt_wait_minutes: quiz.attemptWaitMinutes,
    can_attempt: gate.open,
    blocked: gate.blocked,
    next_attempt_at: gate.nextAttemptAt,
  };
}

/** A refusal of the gate as the API answers it: 409 for what waiting cannot change, 429 with Retry-After while waiting. */
function refusal(gate: AttemptGate, now: Date): AppError {
  switch (gate.blocked) {
    case 'no_questions':
      return conflict(QUIZ_MESSAGES.noQuestions);
    case 'passed':
      return conflict(QUIZ_MESSAGES.passed);
    case 'no_attempts_left':
      return conflict(QUIZ_MESSAGES.noAttemptsLeft);
    default: {
      const opens = new Date(gate.nextAttemptAt ?? now.toISOString());
      const seconds = Math.max(1, Math.ceil((opens.getTime() - now.getTime()) / 1000));
      return new AppError(429, waitMessage(opens, now), { headers: { 'Retry-After': String(seconds) }, details: { nextAttemptAt: opens.toISOString() } });
    }
  }
}

/** GET /api/learn/quizzes/{quizId}. */
export async function openQuiz(db: Db, user: CourseActor, quizId: number): Promise<QuizView> {
  const { quiz, lesson, course, access, outline, record, questions, history } = await quizState(db, user, quizId);
  assertUnlocked(course, outline, record, lesson.moduleId, access);
  const gate = attemptGate(rulesOf(quiz), history, questions.length, new Date());
  const preview = access.enrollment === null;
  return {
    id: quiz.id,
    lesson_id: lesson.id,
    module_id: lesson.moduleId,
    course_id: course.id,
    title: quiz.title,
    description: quiz.description,
    pass_score: quiz.passScore,
    questions: servedOrder(quiz, questions, user.id, gate.attemptNumber).map((q) => ({ id: q.id, question: q.question, options: q.options })),
    best_score: history.best,
    passed: history.passed,
    shuffle_questions: quiz.shuffleQuestions,
    reveal_answers: quiz.revealAnswers,
    preview,
    ...standing(quiz, preview ? { ...gate, open: false } : gate, history.count),
  };
}

/** The learner's attempts at a quiz, as the inserts' subqueries read them. */
const earlier = alias(quizAttempts, 'a');

/** The clock `minutes` (a column of the row) ago, as the attempts' created_at holds it. */
const minutesAgoOf = (minutes: SQLWrapper) => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ${minutes} || ' minutes')`;

/** One statement: stores the attempt only while the quiz's limits allow it (decision 0004). */
const insertAttemptQuery = preparedOnce((db) => {
  const attemptsAtQuiz = and(eq(earlier.userId, USER), eq(earlier.quizId, quizzes.id));
  return db
    .insert(quizAttempts)
    .select(
      db
        .select(
          insertSelection(quizAttempts, {
            userId: USER,
            quizId: quizzes.id,
            score: sql.placeholder('score'),
            passed: sql.placeholder('passed'),
            answers: sql.placeholder('answers'),
          }),
        )
        .from(quizzes)
        .where(
          and(
            eq(quizzes.id, QUIZ),
            exists(db.select({ one: sql`1` }).from(quizQuestions).where(eq(quizQuestions.quizId, quizzes.id))),
            notExists(db.select({ one: sql`1` }).from(earlier).where(and(attemptsAtQuiz, sql`${earlier.passed} = 1`))),
            or(isNull(quizzes.maxAttempts), lt(db.select({ n: count() }).from(earlier).where(attemptsAtQuiz), quizzes.maxAttempts)),
            or(
              lte(quizzes.attemptWaitMinutes, 0),
              notExists(db.select({ one: sql`1` }).from(earlier).where(and(attemptsAtQuiz, gt(earlier.createdAt, minutesAgoOf(quizzes.attemptWaitMinutes))))),
            ),
          ),
        ),
    )
    .returning({ id: quizAttempts.id, created_at: quizAttempts.createdAt })
    .prepare();
});

/** Completes the quiz lesson only when no quiz of it is left without a passing attempt. */
const completeQuizLessonQuery = preparedOnce((db) => {
  const LESSON = sql.placeholder('lessonId');
  const unpassedQuiz = db
    .select({ one: sql`1` })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.lessonId, LESSON),
        notExists(db.select({ one: sql`1` }).from(earlier).where(and(eq(earlier.quizId, quizzes.id), eq(earlier.userId, USER), sql`${earlier.passed} = 1`))),
      ),
    );
  return db
    .insert(lessonProgress)
    .select(
      db
        .select(insertSelection(lessonProgress, { userId: USER, courseId: sql.placeholder('courseId'), lessonId: LESSON }))
        .from(sql`(SELECT 1)`)
        .where(notExists(unpassedQuiz)),
    )
    .onConflictDoNothing()
    .prepare();
});

function insertAttemptIfAllowed(db: Db, userId: number, quizId: number, grade: QuizGrade) {
  const answers = JSON.stringify(grade.results.map((r) => ({ questionId: r.questionId, selected: r.selected })));
  return bind(insertAttemptQuery(db), { userId, quizId, score: grade.score, passed: grade.passed ? 1 : 0, answers });
}

/**
 * POST /api/learn/quizzes/{quizId}/attempts: graded here, never in the browser. Every question
 * must be answered once with one of its options (400 otherwise); the quiz's limits answer 409
 * (no questions, passed, no attempts left) or 429 (wait). The attempt and, when it passes the
 * last quiz of a quiz lesson, that lesson's completion are one batch.
 */
export async function submitAttempt(db: Db, user: CourseActor, quizId: number, answers: QuizAnswer[]): Promise<AttemptResult> {
  const { quiz, lesson, course, access, outline, record, certificate, questions, history } = await quizState(db, user, quizId);
  requireEnrollment(access);
  assertUnlocked(course, outline, record, lesson.moduleId, access);
  const gate = attemptGate(rulesOf(quiz), history, questions.length, new Date());
  if (!gate.open) throw refusal(gate, new Date());
  const problems = answerProblems(questions, answers);
  if (problems) throw badRequest(problems.answers?.[0] ?? QUIZ_MESSAGES.answerEvery, problems);

  const grade = gradeQuiz(servedOrder(quiz, questions, user.id, gate.attemptNumber), answers, quiz.passScore);
  const completesLesson = grade.passed && lesson.type === 'quiz';
  const insert = insertAttemptIfAllowed(db, user.id, quiz.id, grade);
  // One statement is atomic by itself; with the lesson's completion, both are one batch.
  const [inserted] = completesLesson
    ? await runBatch(db, [insert, bind(completeQuizLessonQuery(db), { userId: user.id, courseId: course.id, lessonId: lesson.id })])
    : [await insert.prepared.execute(insert.values)];
  const row = inserted[0];
  if (!row) {
    // Another submission won the race for the last attempt (or the wait began meanwhile).
    const [now, latest] = [new Date(), historyFrom(await historyQuery(db).execute({ userId: user.id, quizId: quiz.id }))];
    const after = attemptGate(rulesOf(quiz), latest, questions.length, now);
    throw after.open ? conflict('Another attempt was submitted at the same time. Reload the quiz and try again.') : refusal(after, now);
  }

  // A pass may complete the lesson and the course: read the record again and settle. A failed
  // attempt changes no completion, so the record read before it, plus this attempt, is current.
  const { view, record: afterRecord } = grade.passed
    ? await settleCompletion(db, user.id, course, outline)
    : await completionOf(db, user.id, course, outline, withFailedAttempt(record, quiz.id, grade.score, row.created_at), certificate);
  const newHistory: AttemptHistory = { count: history.count + 1, passed: grade.passed, lastAttemptAt: row.created_at };
  const next = attemptGate(rulesOf(quiz), newHistory, questions.length, new Date());
  const reveal = answersRevealed(quiz.revealAnswers, grade.passed || history.passed);
  return {
    ...grade,
    ...view,
    ...standing(quiz, next, newHistory.count),
    results: revealedResults(grade.results, questions, reveal),
    answers_revealed: reveal,
    attempt_id: row.id,
    quiz_id: quiz.id,
    lesson_completed: completedLessonIds(outline, afterRecord).has(lesson.id),
  };
}

/** A learner's record with one more failed attempt at a quiz. */
function withFailedAttempt(record: LearnerRecord, quizId: number, score: number, createdAt: string): LearnerRecord {
  const bestScores = new Map(record.bestScores);
  bestScores.set(quizId, Math.max(score, bestScores.get(quizId) ?? score));
  const attemptCounts = new Map(record.attemptCounts);
  attemptCounts.set(quizId, (attemptCounts.get(quizId) ?? 0) + 1);
  const lastAttemptAt = new Map(record.lastAttemptAt);
  lastAttemptAt.set(quizId, createdAt);
  return { ...record, bestScores, attemptCounts, lastAttemptAt };
}

/** GET /api/learn/quizzes/{quizId}/attempts: my attempts, newest first. */
export async function myAttempts(db: Db, user: CourseActor, quizId: number) {
  const { course } = await quizContext(db, quizId);
  await accessTo(db, user, course);
  const rows = await db
    .select({ id: quizAttempts.id, score: quizAttempts.score, passed: quizAttempts.passed, createdAt: quizAttempts.createdAt })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, user.id), eq(quizAttempts.quizId, quizId)))
    .orderBy(desc(quizAttempts.id));
  return rows.map((r) => ({ id: r.id, score: r.score, passed: r.passed, created_at: r.createdAt }));
}
