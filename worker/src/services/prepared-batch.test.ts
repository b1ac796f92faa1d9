import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, courses, enrollments, lessons, modules, quizAttempts, quizQuestions, quizzes } from '../../../db/schema/index.ts';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { createUser } from '../../../tests/support/factories.ts';
import { buildCourse, type BuiltCourse } from '../../../tests/support/learning-factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { decodeRow, decodeRows, jsonAggregate, jsonRowsOf, jsonShape } from './prepared-batch.ts';

// Rows read as JSON (one statement for many reads, decision 0028) answer exactly what drizzle's
// own select of the same selection answers: booleans, JSON columns, nulls, nested objects, order.

let t: TestApp;
let course: BuiltCourse;
let learnerId: number;
beforeAll(async () => {
  t = await createTestApp();
  course = await buildCourse(t.db, {
    lockModules: true,
    modules: [
      { lessons: [{ type: 'text' }, { type: 'quiz', quizzes: [{ shuffleQuestions: true, maxAttempts: 3, revealAnswers: 'never' }] }] },
      { lessons: [{ type: 'quiz' }] },
    ],
  });
  // Positions against the order of ids: the second question first.
  const [first, second] = course.quizzes[0]!.questions;
  await t.db.update(quizQuestions).set({ position: 9 }).where(eq(quizQuestions.id, first!.id));
  await t.db.update(quizQuestions).set({ position: 0 }).where(eq(quizQuestions.id, second!.id));
  learnerId = (await createUser(t.db)).id;
  await createEnrollment(t.db, learnerId, course.id);
  await t.db.insert(certificates).values({ code: `JSON-${course.id}`, userId: learnerId, courseId: course.id, issuedVia: 'admin' });
  for (const [i, quiz] of course.quizzes.entries()) {
    await t.db.insert(quizAttempts).values({ userId: learnerId, quizId: quiz.id, score: 40 + i, passed: false, answers: [{ questionId: 1, selected: 0 }] });
    await t.db.insert(quizAttempts).values({ userId: learnerId, quizId: quiz.id, score: 90, passed: i === 0, answers: [] });
  }
});
afterAll(() => t.close());

/** The one value of a one-column, one-row select. */
async function valueOf(field: ReturnType<typeof sql<string | null>>): Promise<string | null> {
  const [row] = await t.db.select({ v: field }).from(courses).where(eq(courses.id, course.id));
  return row!.v;
}

describe('rows as JSON', () => {
  it('a row of tables and a nested object decodes as drizzle maps it (booleans, nulls, enums)', async () => {
    const selection = { quiz: quizzes, lesson: { id: lessons.id, type: lessons.type, moduleId: lessons.moduleId }, course: courses };
    const shape = jsonShape(selection);
    const from = () =>
      t.db
        .select({ ...selection })
        .from(quizzes)
        .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
        .innerJoin(modules, eq(modules.id, lessons.moduleId))
        .innerJoin(courses, eq(courses.id, modules.courseId));
    const expected = await from();
    const [json] = await t.db
      .select({ row: sql<string>`${shape.row}` })
      .from(quizzes)
      .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .innerJoin(courses, eq(courses.id, modules.courseId))
      .where(eq(quizzes.id, course.quizzes[0]!.id));
    const decoded = decodeRow(shape, json!.row);
    expect(decoded).toEqual(expected.find((r) => r.quiz.id === course.quizzes[0]!.id));
    expect(decoded!.quiz.shuffleQuestions).toBe(true);
    expect(decoded!.quiz.maxAttempts).toBe(3);
    expect(decoded!.course.lockModules).toBe(true);
    expect(decoded!.course.shortName).toBeNull();
  });

  it('a whole table row, and NULL for a row that is not there', async () => {
    for (const [table, userId] of [
      [enrollments, learnerId],
      [certificates, learnerId],
      [enrollments, learnerId + 1000],
    ] as const) {
      const shape = jsonShape(getTableColumns(table));
      const where = and(eq(table.userId, userId), eq(table.courseId, course.id));
      const expected = (await t.db.select().from(table).where(where))[0] ?? null;
      const text = await valueOf(sql<string | null>`${t.db.select({ row: shape.row }).from(table).where(where)}`);
      expect(decodeRow(shape, text)).toEqual(expected);
    }
  });

  it('an aggregate keeps the order asked for and parses JSON columns', async () => {
    const fields = { id: quizQuestions.id, question: quizQuestions.question, options: quizQuestions.options, correctOption: quizQuestions.correctOption };
    const shape = jsonShape(fields);
    const quizId = course.quizzes[0]!.id;
    const expected = await t.db.select(fields).from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
    const text = await valueOf(sql<string>`${t.db.select({ rows: jsonAggregate(shape, quizQuestions.position, quizQuestions.id) }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId))}`);
    const rows = decodeRows(shape, text!);
    expect(rows).toEqual(expected);
    expect(rows[0]!.id).toBe(course.quizzes[0]!.questions[1]!.id);
    expect(rows[0]!.options).toEqual(expect.any(Array));
    const none = await valueOf(sql<string>`${t.db.select({ rows: jsonAggregate(shape) }).from(quizQuestions).where(eq(quizQuestions.quizId, -1))}`);
    expect(decodeRows(shape, none!)).toEqual([]);
  });

  it('the rows of a grouped select with SQL fields, run whole, ordered by a field', async () => {
    const fields = {
      quizId: quizAttempts.quizId,
      best: sql<number>`max(${quizAttempts.score})`,
      passed: sql<number>`max(${quizAttempts.passed})`,
      attempts: sql<number>`count(*)`.mapWith(Number),
      last: sql<string>`max(${quizAttempts.createdAt})`,
    };
    const grouped = (userId: number) => t.db.select(fields).from(quizAttempts).where(eq(quizAttempts.userId, userId)).groupBy(quizAttempts.quizId);
    const shape = jsonShape(fields);
    const expected = await grouped(learnerId);
    const rows = decodeRows(shape, (await valueOf(jsonRowsOf(shape, grouped(learnerId), [0])))!);
    expect(rows).toEqual([...expected].sort((a, b) => a.quizId - b.quizId));
    expect(rows).toHaveLength(course.quizzes.length);
    // The array's order is the one asked for, whatever the select's own.
    const descending = decodeRows(shape, (await valueOf(jsonRowsOf(shape, grouped(learnerId).orderBy(sql`1 desc`), [0])))!);
    expect(descending.map((r) => r.quizId)).toEqual(rows.map((r) => r.quizId));
    expect(decodeRows(shape, (await valueOf(jsonRowsOf(shape, grouped(-1))))!)).toEqual([]);
  });
});
