import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { quizQuestions } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { featureGate } from '../middleware/feature-gate.ts';
import { COURSE_FIELD_MESSAGES, questionSchema, updateQuestionSchema } from '../schemas/courses.ts';
import { idParamSchema } from '../schemas/users.ts';
import { assertManages, questionWithCourse, quizWithCourse, touchCourse } from '../services/course-access.ts';
import { QUESTION_NOT_FOUND, QUIZ_NOT_FOUND } from '../services/courses.ts';
import { toQuestionView } from '../services/course-views.ts';
import { auditedIfStaff } from '../services/audit.ts';
import { isStaffActor } from '../domain/audit.ts';

const correctOptionOutOfRange = () =>
  badRequest(COURSE_FIELD_MESSAGES.correctOptionRange, { correctOption: [COURSE_FIELD_MESSAGES.correctOptionRange] });

/** Questions of a quiz; the position goes last (last + 1 inside the INSERT). */
export const quizQuestionsRoutes = new Hono<AppContext>()
  .post('/quiz-questions', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('json', questionSchema), async (c) => {
    const db = c.get('platform').db;
    const input = c.req.valid('json');
    const quiz = await quizWithCourse(db, input.quizId);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    assertManages(signedInUser(c), quiz);
    const [, [row]] = (await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'quiz_question.create', table: quizQuestions, id: 'new', summary: `Added a question to quiz #${input.quizId} of course #${quiz.courseId}.` }, [
      touchCourse(db, quiz.courseId),
      db
        .insert(quizQuestions)
        .values({
          quizId: input.quizId,
          question: input.question,
          options: input.options,
          correctOption: input.correctOption,
          position: input.position ?? sql`(SELECT coalesce(max(position), 0) + 1 FROM quiz_questions WHERE quiz_id = ${input.quizId})`,
        })
        .returning(),
      ]),
    )) as [unknown, (typeof quizQuestions.$inferSelect)[]];
    return c.json(toQuestionView(row!), 201);
  })
  /**
   * Changes a question. The correct option must stay one of the options: checked against the
   * stored question merged with the change, inside the UPDATE, so two concurrent edits (one of
   * the options, one of the correct option) cannot leave it pointing past the end.
   */
  .patch(
    '/quiz-questions/:id',
    requirePermission('courses.manage_own'),
    featureGate('course_administration'),
    validate('param', idParamSchema),
    validate('json', updateQuestionSchema),
    async (c) => {
      const db = c.get('platform').db;
      const { id } = c.req.valid('param');
      const found = await questionWithCourse(db, id);
      if (!found) throw notFound(QUESTION_NOT_FOUND);
      assertManages(signedInUser(c), found);
      const input = c.req.valid('json');
      const options = input.options === undefined ? sql`${quizQuestions.options}` : sql`${JSON.stringify(input.options)}`;
      const correct = input.correctOption === undefined ? sql`${quizQuestions.correctOption}` : sql`${input.correctOption}`;
      const staff = isStaffActor(signedInUser(c).roles);
      const results = await db.batch(
        auditedIfStaff(db, signedInUser(c), { action: 'quiz_question.update', table: quizQuestions, id, summary: `Changed question #${id} of course #${found.courseId}.` }, [
          db
            .update(quizQuestions)
            .set({ question: input.question, options: input.options, correctOption: correct, position: input.position })
            .where(and(eq(quizQuestions.id, id), sql`${correct} < json_array_length(${options})`))
            .returning(),
          touchCourse(db, found.courseId),
        ]),
      );
      const row = (results[staff ? 1 : 0] as (typeof quizQuestions.$inferSelect)[])[0];
      if (!row) {
        if (!(await questionWithCourse(db, id))) throw notFound(QUESTION_NOT_FOUND);
        throw correctOptionOutOfRange();
      }
      return c.json(toQuestionView(row), 200);
    },
  )
  .delete('/quiz-questions/:id', requirePermission('courses.manage_own'), featureGate('course_administration'), validate('param', idParamSchema), async (c) => {
    const db = c.get('platform').db;
    const { id } = c.req.valid('param');
    const found = await questionWithCourse(db, id);
    if (!found) throw notFound(QUESTION_NOT_FOUND);
    assertManages(signedInUser(c), found);
    await db.batch(
      auditedIfStaff(db, signedInUser(c), { action: 'quiz_question.delete', table: quizQuestions, id, summary: `Deleted question #${id} of course #${found.courseId}.` }, [
        db.delete(quizQuestions).where(eq(quizQuestions.id, id)),
        touchCourse(db, found.courseId),
      ]),
    );
    return c.json({ message: 'Question deleted successfully' }, 200);
  });
