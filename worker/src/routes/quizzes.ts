import { asc, eq, notExists, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { quizQuestions, quizzes } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { DEFAULT_QUIZ_DESCRIPTION, defaultQuizTitle } from '../domain/courses.ts';
import { conflict, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { featureGate } from '../middleware/feature-gate.ts';
import { insertSelection } from '../platform/insert-select.ts';
import { createQuizSchema, updateQuizSchema } from '../schemas/courses.ts';
import { idParamSchema } from '../schemas/users.ts';
import { assertManages, lessonWithCourse, quizWithCourse, touchCourse } from '../services/course-access.ts';
import { LESSON_NOT_FOUND, QUIZ_NOT_FOUND } from '../services/courses.ts';
import { loadQuizView, toQuestionView } from '../services/course-views.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { auditedIfStaff } from '../services/audit.ts';

export const LESSON_HAS_QUIZ = 'This lesson already has a quiz';

/**
 * Quizzes of lessons as their course's managers see them. A lesson has at most one quiz
 * (the screen's "add or view quiz"): the INSERT only happens when the lesson has none, so two
 * concurrent creates give one quiz and one 409. Taking a quiz is the learning API's.
 */
export const quizzesRoutes = new Hono<AppContext>()
  .post('/quizzes', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('json', createQuizSchema), async (c) => {
    const db = c.get('platform').db;
    const input = c.req.valid('json');
    const lesson = await lessonWithCourse(db, input.lessonId);
    if (!lesson) throw notFound(LESSON_NOT_FOUND);
    assertManages(signedInUser(c), lesson);
    const title = input.title ?? defaultQuizTitle(lesson.title);
    const description = input.description ?? DEFAULT_QUIZ_DESCRIPTION;
    const [inserted] = (await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'quiz.create', table: quizzes, id: 'new', summary: `Added the quiz “${title}” to lesson #${input.lessonId} of course #${lesson.courseId}.` }, [
        db
          .insert(quizzes)
          .select(
            db
              .select(
                insertSelection(quizzes, {
                  lessonId: input.lessonId,
                  title,
                  description,
                  passScore: input.passScore,
                  maxAttempts: input.maxAttempts,
                  attemptWaitMinutes: input.attemptWaitMinutes,
                  shuffleQuestions: input.shuffleQuestions,
                  revealAnswers: input.revealAnswers,
                }),
              )
              .from(sql`(SELECT 1)`)
              .where(notExists(db.select({ one: sql`1` }).from(quizzes).where(eq(quizzes.lessonId, input.lessonId)))),
          )
          .returning({ id: quizzes.id }),
      ]),
    )) as [{ id: number }[]];
    const id = inserted[0]?.id;
    if (id === undefined) throw conflict(LESSON_HAS_QUIZ);
    await touchCourse(db, lesson.courseId);
    const view = await loadQuizView(db, id);
    if (!view) throw notFound(QUIZ_NOT_FOUND);
    return c.json(view, 201);
  })
  .patch(
    '/quizzes/:id',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', updateQuizSchema),
    async (c) => {
      const db = c.get('platform').db;
      const { id } = c.req.valid('param');
      const found = await quizWithCourse(db, id);
      if (!found) throw notFound(QUIZ_NOT_FOUND);
      assertManages(signedInUser(c), found);
      const input = c.req.valid('json');
      await db.batch(
        auditedIfStaff(db, signedInUser(c), { action: 'quiz.update', table: quizzes, id, summary: `Changed quiz #${id} of course #${found.courseId}.` }, [
        db
          .update(quizzes)
          .set({
            title: input.title,
            description: input.description,
            passScore: input.passScore,
            maxAttempts: input.maxAttempts,
            attemptWaitMinutes: input.attemptWaitMinutes,
            shuffleQuestions: input.shuffleQuestions,
            revealAnswers: input.revealAnswers,
            updatedAt: sqlNow,
          })
          .where(eq(quizzes.id, id)),
        touchCourse(db, found.courseId),
        ]),
      );
      const view = await loadQuizView(db, id);
      if (!view) throw notFound(QUIZ_NOT_FOUND);
      return c.json(view, 200);
    },
  )
  .delete('/quizzes/:id', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const found = await quizWithCourse(db, id);
    if (!found) throw notFound(QUIZ_NOT_FOUND);
    assertManages(signedInUser(c), found);
    await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'quiz.delete', table: quizzes, id, summary: `Deleted quiz #${id} of course #${found.courseId} with its questions.` }, [
        db.delete(quizzes).where(eq(quizzes.id, id)),
        touchCourse(db, found.courseId),
      ]),
    );
    return c.json({ message: 'Quiz deleted successfully' }, 200);
  })
  /** A quiz with its attempt rules, for the edit dialog. */
  .get('/quizzes/:id', requirePermission('courses.manage_own'), validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const found = await quizWithCourse(db, id);
    if (!found) throw notFound(QUIZ_NOT_FOUND);
    assertManages(signedInUser(c), found);
    const view = await loadQuizView(db, id);
    if (!view) throw notFound(QUIZ_NOT_FOUND);
    return c.json(view, 200);
  })
  /** The manager's view of a quiz's questions, correct options included. */
  .get('/quizzes/:id/questions', requirePermission('courses.manage_own'), validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const found = await quizWithCourse(db, id);
    if (!found) throw notFound(QUIZ_NOT_FOUND);
    assertManages(signedInUser(c), found);
    const [quiz, rows] = await Promise.all([
      loadQuizView(db, id),
      db.select().from(quizQuestions).where(eq(quizQuestions.quizId, id)).orderBy(asc(quizQuestions.position), asc(quizQuestions.id)),
    ]);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    return c.json({ quiz, data: rows.map(toQuestionView) }, 200);
  });
