import { and, eq, sql } from 'drizzle-orm';
import { communityPosts, communityVotes } from '../../../../db/schema/community.ts';
import { COMMUNITY_MESSAGES, type CommunityQuestionView } from '../../../../shared/community.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { isCommunityOwner, loadPostContext, mayReadTarget, type CommunityActor } from './access.ts';
import { viewPosts } from './views.ts';

/**
 * Upvotes and the accepted answer (decision 0075). A vote is one row per member and post, so
 * voting twice (or twice at once) counts once; the post's count moves by trigger.
 */

export interface VoteResult {
  voted: boolean;
  vote_count: number;
}

/** A visible post on a page the actor reads, not their own. */
async function votablePost(db: Db, actor: CommunityActor, postId: number) {
  const context = await loadPostContext(db, postId);
  if (!context || context.post.status !== 'visible' || context.question.status !== 'visible' || !(await mayReadTarget(db, actor, context.target))) {
    throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  }
  if (context.post.authorId === actor.id) throw badRequest(COMMUNITY_MESSAGES.CANNOT_VOTE_OWN);
  return context.post;
}

async function countOf(db: Db, postId: number): Promise<number> {
  const [row] = await db.select({ n: communityPosts.voteCount }).from(communityPosts).where(eq(communityPosts.id, postId));
  return row?.n ?? 0;
}

/** PUT /api/community/posts/{id}/vote: idempotent; only while the post is visible and not the voter's own (checked in the insert too). */
export async function vote(db: Db, actor: CommunityActor, postId: number): Promise<VoteResult> {
  await votablePost(db, actor, postId);
  await db
    .insert(communityVotes)
    .select(
      db
        .select(insertSelection(communityVotes, { postId: communityPosts.id, userId: actor.id }))
        .from(communityPosts)
        .where(and(eq(communityPosts.id, postId), eq(communityPosts.status, 'visible'), sql`${communityPosts.authorId} IS NOT ${actor.id}`)),
    )
    .onConflictDoNothing();
  const [mine] = await db.select({ postId: communityVotes.postId }).from(communityVotes).where(and(eq(communityVotes.postId, postId), eq(communityVotes.userId, actor.id)));
  return { voted: mine !== undefined, vote_count: await countOf(db, postId) };
}

/** DELETE /api/community/posts/{id}/vote: idempotent. */
export async function unvote(db: Db, actor: CommunityActor, postId: number): Promise<VoteResult> {
  const context = await loadPostContext(db, postId);
  if (!context || context.post.status === 'deleted' || !(await mayReadTarget(db, actor, context.target))) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  await db.delete(communityVotes).where(and(eq(communityVotes.postId, postId), eq(communityVotes.userId, actor.id)));
  return { voted: false, vote_count: await countOf(db, postId) };
}

/**
 * PUT /api/community/questions/{id}/accepted: the asker or the page's owner marks one visible
 * answer of this question as accepted, or takes the choice back (null). The answer's state is
 * checked inside the update, so an answer deleted or hidden meanwhile is refused.
 */
export async function acceptAnswer(db: Db, actor: CommunityActor, questionId: number, answerId: number | null): Promise<CommunityQuestionView> {
  const context = await loadPostContext(db, questionId);
  if (!context || context.post.kind !== 'question' || context.post.status !== 'visible' || !(await mayReadTarget(db, actor, context.target))) {
    throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  }
  const { post: question, target } = context;
  if (question.authorId !== actor.id && !isCommunityOwner(actor, target)) throw forbidden(COMMUNITY_MESSAGES.ACCEPT_NOT_ALLOWED);
  const answerOfThis =
    answerId === null
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${communityPosts} a WHERE a.id = ${answerId} AND a.question_id = ${questionId} AND a.kind = 'answer' AND a.status = 'visible')`;
  const [row] = await db
    .update(communityPosts)
    .set({ acceptedAnswerId: answerId })
    .where(and(eq(communityPosts.id, questionId), eq(communityPosts.status, 'visible'), answerOfThis))
    .returning();
  if (!row) throw badRequest(COMMUNITY_MESSAGES.ACCEPT_WRONG_ANSWER, { answer_id: [COMMUNITY_MESSAGES.ACCEPT_WRONG_ANSWER] });
  return (await viewPosts(db, actor, target, [row]))[0] as CommunityQuestionView;
}

