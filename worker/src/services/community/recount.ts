import { sql } from 'drizzle-orm';
import { communityPosts, communityTotals } from '../../../../db/schema/community.ts';
import type { Db } from '../../platform/db.ts';

/**
 * The community's counters counted again from the posts and votes (migration 0043 keeps them in
 * every write's transaction): `npm run db:rebuild-derived` puts drifted figures right, and the
 * tests prove the triggers equal a recount.
 */

/** Visible questions and those without a visible answer, per scope: (scope_kind, scope_id, questions, unanswered). */
export const recountCommunityTotals = sql`
  SELECT kind AS scope_kind, id AS scope_id, count(*) AS questions, sum(open) AS unanswered FROM (
    SELECT 'lesson' AS kind, q.target_id AS id, (q.answer_count = 0) AS open FROM community_posts q
      WHERE q.kind = 'question' AND q.status = 'visible' AND q.target_kind = 'lesson'
    UNION ALL SELECT 'course', q.course_id, (q.answer_count = 0) FROM community_posts q
      WHERE q.kind = 'question' AND q.status = 'visible' AND q.target_kind = 'lesson' AND q.course_id IS NOT NULL
    UNION ALL SELECT 'resource', q.target_id, (q.answer_count = 0) FROM community_posts q
      WHERE q.kind = 'question' AND q.status = 'visible' AND q.target_kind = 'resource'
    UNION ALL SELECT 'seller', r.seller_id, (q.answer_count = 0) FROM community_posts q JOIN resources r ON r.id = q.target_id
      WHERE q.kind = 'question' AND q.status = 'visible' AND q.target_kind = 'resource'
    UNION ALL SELECT 'instructor', q.target_id, (q.answer_count = 0) FROM community_posts q
      WHERE q.kind = 'question' AND q.status = 'visible' AND q.target_kind = 'instructor')
  GROUP BY kind, id`;

/** Each post's counters from their sources (the outer `community_posts` named literally). */
export const recountPostCounters = {
  answerCount: sql<number>`(SELECT count(*) FROM community_posts a WHERE a.question_id = community_posts.id AND a.kind = 'answer' AND a.status = 'visible')`,
  replyCount: sql<number>`(SELECT count(*) FROM community_posts r WHERE r.parent_id = community_posts.id AND r.status = 'visible')`,
  voteCount: sql<number>`(SELECT count(*) FROM community_votes v WHERE v.post_id = community_posts.id)`,
};

/**
 * Replaces every post's answer, reply and vote counts and then the totals by their recount, in one
 * transaction (the counts first: the totals' unanswered read them). Answers the rows of totals written.
 */
export async function rebuildCommunityCounters(db: Db): Promise<number> {
  const { answerCount, replyCount, voteCount } = recountPostCounters;
  const [, , inserted] = await db.batch([
    db
      .update(communityPosts)
      .set(recountPostCounters)
      .where(
        sql`${communityPosts.answerCount} <> ${answerCount} OR ${communityPosts.replyCount} <> ${replyCount} OR ${communityPosts.voteCount} <> ${voteCount}`,
      ),
    db.delete(communityTotals),
    db.insert(communityTotals).select(sql`SELECT scope_kind, scope_id, questions, unanswered FROM (${recountCommunityTotals})`),
  ]);
  return inserted.rowsAffected;
}
