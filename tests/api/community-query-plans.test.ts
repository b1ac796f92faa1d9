import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts } from '../../db/schema/community.ts';
import type { CommunityQuestionPage, CommunityThreadView } from '../../shared/community.ts';
import { createCommunityCast, type CommunityCast } from '../support/community-factories.ts';
import { planReport, statementsOf } from '../support/query-plans.ts';
import { createTestApp, read, type TestApp } from '../support/test-app.ts';

/**
 * The community's lists, planned by SQLite (decision 0075): a page's questions in each sort and
 * after a cursor, a thread and its replies, a course's questions and their search each read one
 * range of the index declared for them — never a scan of the posts, never a sort of a page's or a
 * course's questions. A thread's answers are one question's (a bounded range) and may be sorted.
 */

let t: TestApp;
let cast: CommunityCast;
let threadId: number;
let answerId: number;
afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCommunityCast(t.db);
  const base = { targetKind: 'lesson' as const, targetId: cast.lesson.id, courseId: cast.course.id };
  const rows = await t.db
    .insert(communityPosts)
    .values(Array.from({ length: 45 }, (_, i) => ({ ...base, kind: 'question' as const, authorId: cast.learner.user.id, title: `Question number ${i}`, body: 'About pliés', voteCount: i % 5 })))
    .returning();
  threadId = rows[0]!.id;
  const answers = await t.db
    .insert(communityPosts)
    .values(Array.from({ length: 25 }, (_, i) => ({ ...base, kind: 'answer' as const, questionId: threadId, authorId: cast.otherLearner.user.id, body: `Answer ${i}`, voteCount: i % 3 })))
    .returning();
  answerId = answers[0]!.id;
  await t.db.insert(communityPosts).values(Array.from({ length: 25 }, (_, i) => ({ ...base, kind: 'reply' as const, questionId: threadId, parentId: answerId, authorId: cast.learner.user.id, body: `Reply ${i}` })));
});

type Report = Awaited<ReturnType<typeof planReport>>;

async function planned(path: string): Promise<{ report: Report; body: unknown }> {
  let body: unknown;
  const statements = await statementsOf(t.client, async () => {
    const res = await t.json('GET', path, undefined, cast.learner.token);
    expect(res.status, path).toBe(200);
    body = await read(res);
  });
  const report = await planReport(t.client, statements);
  return { report, body };
}

/** What must not happen to the posts: a scan, or a sort of a list's page (a thread's answers excepted). */
function problems(report: Report, { threadSortAllowed = false } = {}): string[] {
  return report.flatMap((r) => {
    const readsPosts = r.plan.some((line) => /^(SCAN|SEARCH) community_posts\b/.test(line));
    const answersOfOne = threadSortAllowed && r.plan.some((line) => /USING INDEX community_answers_idx \(question_id=\? AND kind=\?/.test(line));
    return [
      ...(answersOfOne ? [] : r.problems),
      ...r.plan.filter((line) => /^SCAN community_posts(?! USING (COVERING )?INDEX)/.test(line)),
      ...(readsPosts && !answersOfOne ? r.plan.filter((line) => /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(line)) : []),
    ].map((p) => `${p}  ←  ${r.sql}`);
  });
}

const usesIndex = (report: Report, index: string) => report.some((r) => r.plan.some((line) => line.includes(`INDEX ${index} `)));

describe('community query plans', () => {

  for (const [sort, index] of [['newest', 'community_questions_newest_idx'], ['helpful', 'community_questions_helpful_idx'], ['unanswered', 'community_questions_unanswered_idx']] as const) {
    it(`reads a page of questions by ${sort}, and the page after, through ${index}`, async () => {
      const path = `/api/community/questions?target_kind=lesson&target_id=${cast.lesson.id}&sort=${sort}`;
      const first = await planned(path);
      expect(problems(first.report)).toEqual([]);
      expect(usesIndex(first.report, index)).toBe(true);
      const next = (first.body as CommunityQuestionPage).next;
      expect(next).not.toBeNull();
      const deep = await planned(`${path}&cursor=${next}`);
      expect(problems(deep.report)).toEqual([]);
      expect(usesIndex(deep.report, index)).toBe(true);
    });
  }

  it('reads a thread through the answers’ and the replies’ indexes, and the replies after a cursor', async () => {
    const first = await planned(`/api/community/questions/${threadId}`);
    expect(problems(first.report, { threadSortAllowed: true })).toEqual([]);
    expect(usesIndex(first.report, 'community_answers_idx')).toBe(true);
    expect(usesIndex(first.report, 'community_replies_idx')).toBe(true);
    const deep = await planned(`/api/community/questions/${threadId}?cursor=${(first.body as CommunityThreadView).next}`);
    expect(problems(deep.report, { threadSortAllowed: true })).toEqual([]);
    const replies = await planned(`/api/community/posts/${answerId}/replies`);
    expect(problems(replies.report)).toEqual([]);
    expect(usesIndex(replies.report, 'community_replies_idx')).toBe(true);
  });

  it('reads a course’s questions, unanswered ones and a search through the course’s index', async () => {
    for (const query of ['', '?sort=unanswered', '?q=number%2012', '?q=pli%C3%A9s&sort=unanswered']) {
      const { report } = await planned(`/api/community/courses/${cast.course.id}/questions${query}`);
      expect(problems(report), query).toEqual([]);
      expect(usesIndex(report, 'community_questions_course_idx'), query).toBe(true);
    }
  });
});
