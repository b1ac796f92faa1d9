import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrollment } from '../../../tests/support/course-factories.ts';
import { createUser, signIn } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { planOf, planReport, statementsOf } from '../../../tests/support/query-plans.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

/**
 * The instructor dashboard's figures (decision 0077): GET /api/instructor/stats reads running
 * totals and walks the enrolments' instructor indexes for its newest few, never every enrolment;
 * the triggers that keep the totals look a learner's own enrolments and progress up by index.
 */

let t: TestApp;
let token: string;
let instructorId: number;

beforeAll(async () => {
  t = await createTestApp();
  const instructor = await createUser(t.db, { roles: ['INSTRUCTOR'] });
  instructorId = instructor.id;
  token = await signIn(t.db, instructor.id);
  for (let c = 0; c < 3; c++) {
    const course = await buildCourse(t.db, { instructorId: instructor.id });
    for (let i = 0; i < 4; i++) await createEnrollment(t.db, (await createUser(t.db)).id, course.id);
  }
});
afterAll(() => t.close());

describe('GET /api/instructor/stats', () => {
  it('reads running totals and two short index walks, a fixed number of statements', async () => {
    let status = 0;
    const statements = await statementsOf(t.client, async () => {
      status = (await t.json('GET', '/api/instructor/stats', undefined, token)).status;
    });
    expect(status).toBe(200);
    const report = await planReport(t.client, statements);
    expect(report.filter((r) => r.problems.length > 0)).toEqual([]);
    const lines = report.flatMap((r) => r.plan);
    // No statement reads the enrolments or the lessons completed other than by an index.
    expect(lines.filter((line) => /^SCAN (enrollments|lesson_progress)\b/.test(line))).toEqual([]);
    expect(lines.some((line) => /SEARCH enrollments USING INDEX enrollments_instructor_created_idx \(instructor_id=\?\)/.test(line))).toBe(true);
    expect(lines.some((line) => /SEARCH enrollments USING INDEX enrollments_instructor_completed_idx \(instructor_id=\? AND completed_at>\?\)/.test(line))).toBe(true);
    // The newest few come in the index's order: no sort of an instructor's enrolments.
    const recent = report.filter((r) => /from "enrollments"/i.test(r.sql) && /limit/i.test(r.sql));
    expect(recent).toHaveLength(2);
    for (const r of recent) expect(r.plan.filter((line) => line.startsWith('USE TEMP B-TREE'))).toEqual([]);
    // Session, the figures' batch (4), the listed learners' outlines (3) and records (2): the same count at any size.
    expect(statements.length).toBeLessThanOrEqual(12);
  });
});

describe("the totals' triggers", () => {
  const plan = async (sql: string, args: number[]) => (await planOf(t.client, { sql, args })).join('\n');

  it("look a learner's other enrolments with the instructor up through the learner's own enrolments", async () => {
    expect(await plan('SELECT 1 FROM enrollments e WHERE e.user_id = ? AND +e.instructor_id = ? AND e.id <> ?', [1, instructorId, 1])).toMatch(/SEARCH e USING INDEX enrollments_user_course_unique \(user_id=\?\)/);
  });

  it("count a learner's lessons completed in a course through lesson_progress_course_idx", async () => {
    expect(await plan('SELECT count(*) FROM lesson_progress lp WHERE lp.user_id = ? AND lp.course_id = ?', [1, 1])).toMatch(/SEARCH lp USING COVERING INDEX lesson_progress_course_idx \(user_id=\? AND course_id=\?\)/);
  });

  it("find a course's enrolments by its index when the course changes instructor", async () => {
    expect(await plan('SELECT id FROM enrollments WHERE course_id = ? AND instructor_id IS NOT ?', [1, instructorId])).toMatch(/SEARCH enrollments USING INDEX enrollments_course_idx \(course_id=\?\)/);
  });
});
