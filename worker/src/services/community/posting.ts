import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { communityMembers, communityPostEdits, communityPosts, type CommunityPostRow } from '../../../../db/schema/community.ts';
import { users } from '../../../../db/schema/index.ts';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, suspendedMessage, type CommunityQuestionView, type CommunityPostView } from '../../../../shared/community.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlMinutesAgo, sqlNow } from '../../platform/sql-expressions.ts';
import type { AskInput, EditInput } from '../../schemas/community.ts';
import { audited, type AuditActor } from '../audit.ts';
import { isCommunityModerator, isCommunityOwner, loadPostContext, loadTarget, mayReadTarget, postRefusal, type CommunityActor, type CommunityTargetInfo } from './access.ts';
import { announceCommunityPost } from './notices.ts';
import { viewPosts } from './views.ts';

/**
 * Writing posts (decision 0075): asking, answering, replying, an author's edit and a delete. A post
 * is one conditional insert: refused inside the statement while its author is suspended or past the
 * rate limit, so two posts at once cannot both slip through; the counters and totals move by
 * triggers in the same transaction. A member's posts wait for a moderator until one is approved.
 */

type WritePlatform = Pick<Platform, 'env' | 'db' | 'mailer'>;
export type PostingActor = CommunityActor & AuditActor;

const tooFast = () => new AppError(429, COMMUNITY_MESSAGES.TOO_FAST);

/** The member's suspension still running (an ISO time), or null. */
async function suspendedUntil(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ until: communityMembers.suspendedUntil })
    .from(communityMembers)
    .where(and(eq(communityMembers.userId, userId), gt(communityMembers.suspendedUntil, sqlNow)))
    .limit(1);
  return row?.until ?? null;
}

/** Whether the member's next post waits for a moderator: until one of theirs is approved; never an owner's or a moderator's. */
async function isHeld(db: Db, actor: CommunityActor, target: CommunityTargetInfo): Promise<boolean> {
  if (isCommunityModerator(actor) || isCommunityOwner(actor, target)) return false;
  const [row] = await db.select({ approved: communityMembers.approvedPosts }).from(communityMembers).where(eq(communityMembers.userId, actor.id)).limit(1);
  return (row?.approved ?? 0) === 0;
}

/** The member's posts since `minutes` ago, counted through their index (at most the limit is read). */
function postsSince(userId: number, minutes: number, limit: number): SQL {
  return sql`(SELECT count(*) FROM (SELECT 1 FROM ${communityPosts} WHERE ${communityPosts.authorId} = ${userId} AND ${communityPosts.createdAt} > ${sqlMinutesAgo(minutes)} LIMIT ${limit}))`;
}

/** What the insert may write, the guards aside. */
type NewPost = Omit<typeof communityPosts.$inferInsert, 'id' | 'authorId' | 'status'>;

/**
 * Writes the post when the author is not suspended and within the rate limit, and, for a post
 * published without a hold, counts it on the member's row — one batch. Answers the new row, or
 * the refusal (403 suspended, 429 too fast).
 */
async function insertPost(db: Db, actor: CommunityActor, values: NewPost, held: boolean): Promise<CommunityPostRow> {
  const status = held ? 'pending' : 'visible';
  const guards = and(
    eq(users.id, actor.id),
    sql`NOT EXISTS (SELECT 1 FROM ${communityMembers} WHERE ${communityMembers.userId} = ${actor.id} AND ${communityMembers.suspendedUntil} > ${sqlNow})`,
    sql`${postsSince(actor.id, 10, COMMUNITY_LIMITS.postsPerTenMinutes)} < ${COMMUNITY_LIMITS.postsPerTenMinutes}`,
    sql`${postsSince(actor.id, 24 * 60, COMMUNITY_LIMITS.postsPerDay)} < ${COMMUNITY_LIMITS.postsPerDay}`,
  );
  const insert = db
    .insert(communityPosts)
    .select(db.select(insertSelection(communityPosts, { ...values, authorId: actor.id, status })).from(users).where(guards))
    .returning();
  // The member's row exists from their first post; a post published without a hold counts as approved.
  const member = db
    .insert(communityMembers)
    .select(
      db
        .select(insertSelection(communityMembers, { userId: actor.id, approvedPosts: held ? 0 : 1 }))
        .from(communityPosts)
        .where(and(sql`changes() > 0`, sql`${communityPosts.id} = last_insert_rowid()`, eq(communityPosts.authorId, actor.id))),
    )
    .onConflictDoUpdate({ target: communityMembers.userId, set: { approvedPosts: sql`${communityMembers.approvedPosts} + ${held ? 0 : 1}` } });
  const [inserted] = await db.batch([insert, member]);
  const row = inserted[0];
  if (row) return row;
  const until = await suspendedUntil(db, actor.id);
  if (until) throw forbidden(suspendedMessage(until));
  throw tooFast();
}

/** Refuses a suspended member before anything else is checked (the insert checks again). */
async function assertNotSuspended(db: Db, actor: CommunityActor): Promise<void> {
  const until = await suspendedUntil(db, actor.id);
  if (until) throw forbidden(suspendedMessage(until));
}

/** A visible post is announced once; a held one when it is approved. */
async function announced(platform: WritePlatform, row: CommunityPostRow): Promise<void> {
  if (row.status === 'visible') await announceCommunityPost(platform, row.id);
}

/** POST /api/community/questions. */
export async function askQuestion(platform: WritePlatform, actor: CommunityActor, input: AskInput): Promise<CommunityQuestionView> {
  const { db } = platform;
  const target = await loadTarget(db, input.target_kind, input.target_id);
  if (!target || !(await mayReadTarget(db, actor, target))) throw notFound(COMMUNITY_MESSAGES.TARGET_NOT_FOUND);
  await assertNotSuspended(db, actor);
  const refusal = await postRefusal(db, actor, target, 'question');
  if (refusal) throw forbidden(refusal);
  const videoAtMs = input.video_at_ms ?? null;
  if (videoAtMs !== null && !target.isVideo) throw badRequest(COMMUNITY_MESSAGES.VIDEO_AT_NOT_VIDEO, { video_at_ms: [COMMUNITY_MESSAGES.VIDEO_AT_NOT_VIDEO] });
  const row = await insertPost(
    db,
    actor,
    { kind: 'question', targetKind: target.kind, targetId: target.id, courseId: target.courseId, title: input.title, body: input.body, videoAtMs },
    await isHeld(db, actor, target),
  );
  await announced(platform, row);
  const [view] = await viewPosts(db, actor, target, [row]);
  return view as CommunityQuestionView;
}

/** The post (a question, or an answer for a reply) the actor writes under: visible, on a page they read. */
async function visibleParent(db: Db, actor: CommunityActor, postId: number) {
  const context = await loadPostContext(db, postId);
  if (!context || context.post.status !== 'visible' || context.question.status !== 'visible' || !(await mayReadTarget(db, actor, context.target))) {
    throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  }
  return context;
}

/** POST /api/community/questions/{id}/answers. */
export async function answerQuestion(platform: WritePlatform, actor: CommunityActor, questionId: number, body: string): Promise<CommunityPostView> {
  const { db } = platform;
  const { post: question, target } = await visibleParent(db, actor, questionId);
  if (question.kind !== 'question') throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  await assertNotSuspended(db, actor);
  const refusal = await postRefusal(db, actor, target, 'answer');
  if (refusal) throw forbidden(refusal);
  const row = await insertPost(
    db,
    actor,
    { kind: 'answer', targetKind: question.targetKind, targetId: question.targetId, courseId: question.courseId, questionId: question.id, body },
    await isHeld(db, actor, target),
  );
  await announced(platform, row);
  return (await viewPosts(db, actor, target, [row]))[0]!;
}

/** POST /api/community/posts/{id}/replies: under an answer only. */
export async function replyToAnswer(platform: WritePlatform, actor: CommunityActor, answerId: number, body: string): Promise<CommunityPostView> {
  const { db } = platform;
  const { post: answer, target } = await visibleParent(db, actor, answerId);
  if (answer.kind !== 'answer') throw badRequest(COMMUNITY_MESSAGES.REPLY_TO_ANSWER);
  await assertNotSuspended(db, actor);
  const refusal = await postRefusal(db, actor, target, 'reply');
  if (refusal) throw forbidden(refusal);
  const row = await insertPost(
    db,
    actor,
    { kind: 'reply', targetKind: answer.targetKind, targetId: answer.targetId, courseId: answer.courseId, questionId: answer.questionId, parentId: answer.id, body },
    await isHeld(db, actor, target),
  );
  await announced(platform, row);
  return (await viewPosts(db, actor, target, [row]))[0]!;
}

/** The post, on a page the actor reads; deleted posts are gone for writes. */
async function readablePost(db: Db, actor: CommunityActor, postId: number) {
  const context = await loadPostContext(db, postId);
  if (!context || context.post.status === 'deleted') throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  const { post, target } = context;
  const mine = post.authorId === actor.id;
  // A post others cannot see yet (held, hidden) is found only by its author and those who moderate it.
  const sees = post.status === 'visible' || mine || isCommunityModerator(actor) || (post.status === 'hidden' && isCommunityOwner(actor, target));
  if (!sees || !(await mayReadTarget(db, actor, target))) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  return context;
}

/** PATCH /api/community/posts/{id}: its author only; the earlier version is kept and the post marked edited, in one batch. */
export async function editPost(db: Db, actor: CommunityActor, postId: number, input: EditInput): Promise<CommunityPostView> {
  const { post, target } = await readablePost(db, actor, postId);
  if (post.authorId !== actor.id) throw forbidden(COMMUNITY_MESSAGES.EDIT_NOT_ALLOWED);
  if (input.title !== undefined && post.kind !== 'question') throw badRequest('Only a question has a title.', { title: ['Only a question has a title.'] });
  const guard = and(eq(communityPosts.id, postId), eq(communityPosts.authorId, actor.id), inArray(communityPosts.status, ['visible', 'pending']));
  const [kept, updated] = await db.batch([
    db
      .insert(communityPostEdits)
      .select(
        db
          .select(insertSelection(communityPostEdits, { postId: communityPosts.id, editorId: actor.id, title: communityPosts.title, body: communityPosts.body }))
          .from(communityPosts)
          .where(guard),
      ),
    db
      .update(communityPosts)
      .set({ body: input.body, ...(input.title !== undefined ? { title: input.title } : {}), editedAt: sqlNow })
      .where(guard)
      .returning(),
  ]);
  void kept;
  const row = updated[0];
  // A hidden post stays as it is: it can be deleted, not edited.
  if (!row) throw forbidden(COMMUNITY_MESSAGES.EDIT_NOT_ALLOWED);
  return (await viewPosts(db, actor, target, [row]))[0]!;
}

/**
 * DELETE /api/community/posts/{id}: its author or a moderator (audited). The text is cleared and
 * the status is 'deleted' (a post with replies stays as a placeholder); a deleted accepted answer
 * is no longer accepted — in the same batch, so an accept racing the delete never points at it.
 */
export async function deletePost(db: Db, actor: PostingActor, postId: number): Promise<void> {
  const { post } = await readablePost(db, actor, postId);
  const mine = post.authorId === actor.id;
  if (!mine && !isCommunityModerator(actor)) throw forbidden(COMMUNITY_MESSAGES.DELETE_NOT_ALLOWED);
  const change = db
    .update(communityPosts)
    .set({ status: 'deleted', body: '', ...(post.kind === 'question' ? { title: '' } : {}), videoAtMs: null, deletedAt: sqlNow })
    .where(and(eq(communityPosts.id, postId), ne(communityPosts.status, 'deleted')));
  const unaccept = db
    .update(communityPosts)
    .set({ acceptedAnswerId: null })
    .where(and(eq(communityPosts.id, post.questionId ?? postId), eq(communityPosts.acceptedAnswerId, postId)));
  if (mine) await db.batch([change, unaccept]);
  else await db.batch(audited(db, actor, { action: 'community_post.delete', table: communityPosts, id: postId, summary: `Deleted a community ${post.kind} by another member` }, [change, unaccept]));
}
