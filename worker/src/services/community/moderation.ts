import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { auditLog, communityMembers, communityPostEdits, communityPosts, users } from '../../../../db/schema/index.ts';
import { displayName } from '../../domain/certificates.ts';
import { encodeCursor, type Cursor } from '../../domain/page-cursor.ts';
import { can } from '../../domain/permissions.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import type { Platform } from '../../platform/context.ts';
import { audited, type AuditActor } from '../audit.ts';
import { roleMappingsOfUser } from '../users.ts';
import { announceCommunityPost } from './notices.ts';
import { isCommunityModerator, isCommunityOwner, loadPostContext, mayReadTarget, type CommunityActor } from './access.ts';
import { moderatorPostView, postsInContext, questionOf, targetContexts, targetKey, targetLink } from './moderation-views.ts';
import { viewPosts } from './views.ts';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, type CommunityEditView, type CommunityPendingPage, type CommunityPostView } from '../../../../shared/community.ts';

/**
 * Moderating the community (decision 0075). A page's owner (the course's instructor on its
 * lessons, the seller on their resource, the instructor on their profile) and the moderators
 * (`community.moderate`) hide and restore posts; an owner does not restore what a moderator hid.
 * The moderators approve or reject held posts (a member's first, oldest first) and read a post's
 * earlier versions. Every action is one audited batch whose statements keep their guards, so two
 * moderators deciding at once change the post once.
 */

export const HIDE_PENDING = 'This post waits for approval: approve or reject it instead.';
export const RESTORE_NOT_ALLOWED = 'A moderator hid this post: only a moderator can restore it.';
const HISTORY_MAX = 100;

type ModerationActor = AuditActor & CommunityActor;
type NoticePlatform = Pick<Platform, 'env' | 'db' | 'mailer'>;

/** The audit row this batch wrote is still there: the batch's main statement changed its row. */
function thisBatchDid(action: string, entityId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${auditLog} WHERE ${auditLog.id} = (SELECT seq FROM sqlite_sequence WHERE name = 'audit_log') AND ${auditLog.action} = ${action} AND ${auditLog.entityId} = ${String(entityId)})`;
}

/** A post deleted: its text cleared (a question keeps an empty title), kept as a placeholder for its replies. */
export function deletePostStatement(db: Db, postId: number, stamp: string, when?: SQL) {
  return db
    .update(communityPosts)
    .set({ status: 'deleted', body: '', title: sql`CASE WHEN ${communityPosts.kind} = 'question' THEN '' END`, videoAtMs: null, deletedAt: stamp })
    .where(and(eq(communityPosts.id, postId), sql`${communityPosts.status} <> 'deleted'`, when));
}

/** A deleted answer is no longer its question's accepted one (in the delete's batch, as the author's delete does). */
export function unacceptStatement(db: Db, questionId: number, answerId: number, when?: SQL) {
  return db
    .update(communityPosts)
    .set({ acceptedAnswerId: null })
    .where(and(eq(communityPosts.id, questionId), eq(communityPosts.acceptedAnswerId, answerId), when));
}

/** A visible post hidden by `actorId`. */
export function hidePostStatement(db: Db, postId: number, actorId: number, stamp: string, when?: SQL) {
  return db
    .update(communityPosts)
    .set({ status: 'hidden', hiddenBy: actorId, hiddenAt: stamp })
    .where(and(eq(communityPosts.id, postId), eq(communityPosts.status, 'visible'), when));
}

/** The post as the actor reads it in its thread. */
async function viewOf(db: Db, actor: CommunityActor, postId: number): Promise<CommunityPostView> {
  const context = await loadPostContext(db, postId);
  if (!context) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  const [view] = await viewPosts(db, actor, context.target, [context.post]);
  return view!;
}

/**
 * The post for an owner or moderator about to hide or restore it: 404 for a post the actor may
 * not read or that is not shown (held, deleted), 403 for a shown post on someone else's page.
 */
async function postToModerate(db: Db, actor: ModerationActor, postId: number) {
  const context = await loadPostContext(db, postId);
  if (!context) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  const { post, target } = context;
  const moderator = isCommunityModerator(actor);
  if (!moderator && !isCommunityOwner(actor, target)) {
    const shown = post.status === 'visible' && (await mayReadTarget(db, actor, target));
    throw shown ? forbidden(COMMUNITY_MESSAGES.HIDE_NOT_ALLOWED) : notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  }
  if (post.status === 'deleted' || (post.status === 'pending' && !moderator)) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  if (post.status === 'pending') throw conflict(HIDE_PENDING);
  return { post, moderator };
}

const what = (kind: string, id: number) => `${kind} ${id}`;

/** POST /api/community/posts/{id}/hide: hidden from everyone but its author and the moderators (a hidden post stays hidden). */
export async function hidePost(db: Db, actor: ModerationActor, postId: number): Promise<CommunityPostView> {
  const { post } = await postToModerate(db, actor, postId);
  if (post.status === 'visible') {
    const stamp = new Date().toISOString();
    await db.batch(
      audited(db, actor, { action: 'community_post.hide', table: communityPosts, id: postId, summary: `Hid the community ${what(post.kind, postId)}` }, [
        hidePostStatement(db, postId, actor.id, stamp),
      ]),
    );
  }
  return viewOf(db, actor, postId);
}

/** POST /api/community/posts/{id}/restore: shown again; an owner restores only what no moderator hid. */
export async function restorePost(db: Db, actor: ModerationActor, postId: number): Promise<CommunityPostView> {
  const { post, moderator } = await postToModerate(db, actor, postId);
  if (post.status !== 'hidden') return viewOf(db, actor, postId);
  if (!moderator && post.hiddenBy !== null && post.hiddenBy !== actor.id) {
    const hider = await roleMappingsOfUser(db, post.hiddenBy);
    if (can(hider.map((m) => m.role), 'community.moderate')) throw forbidden(RESTORE_NOT_ALLOWED);
  }
  await db.batch(
    audited(db, actor, { action: 'community_post.restore', table: communityPosts, id: postId, summary: `Restored the community ${what(post.kind, postId)}` }, [
      db
        .update(communityPosts)
        .set({ status: 'visible', hiddenBy: null, hiddenAt: null })
        .where(and(eq(communityPosts.id, postId), eq(communityPosts.status, 'hidden'))),
    ]),
  );
  return viewOf(db, actor, postId);
}

/** A held post, or 404 / 409 when there is none or it is not held. */
async function heldPost(db: Db, postId: number) {
  const [post] = await db.select().from(communityPosts).where(eq(communityPosts.id, postId)).limit(1);
  if (!post) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  if (post.status !== 'pending') throw conflict(COMMUNITY_MESSAGES.NOT_PENDING);
  return post;
}

/**
 * POST /api/admin/community/posts/{id}/approve: the held post becomes visible and its author's
 * approved posts grow by one (their later posts are no longer held), in one audited batch; the
 * people it concerns are told once, by the request whose batch made it visible.
 */
export async function approvePost(platform: NoticePlatform, actor: ModerationActor, postId: number): Promise<CommunityPostView> {
  const { db } = platform;
  const post = await heldPost(db, postId);
  const action = 'community_post.approve';
  const did = thisBatchDid(action, postId);
  const author = post.authorId;
  const results = await db.batch(
    audited(db, actor, { action, table: communityPosts, id: postId, summary: `Approved the held community ${what(post.kind, postId)}` }, [
      db
        .update(communityPosts)
        .set({ status: 'visible' })
        .where(and(eq(communityPosts.id, postId), eq(communityPosts.status, 'pending')))
        .returning({ id: communityPosts.id }),
      ...(author === null
        ? []
        : [
            db.insert(communityMembers).values({ userId: author }).onConflictDoNothing(),
            db
              .update(communityMembers)
              .set({ approvedPosts: sql`${communityMembers.approvedPosts} + 1` })
              .where(and(eq(communityMembers.userId, author), did)),
          ]),
    ]),
  );
  const changed = results[1] as { id: number }[];
  if (changed.length === 0) throw conflict(COMMUNITY_MESSAGES.NOT_PENDING);
  await announceCommunityPost(platform, postId);
  return viewOf(db, actor, postId);
}

/** POST /api/admin/community/posts/{id}/reject: the held post is deleted (its text stays in the audit entry). */
export async function rejectPost(db: Db, actor: ModerationActor, postId: number): Promise<CommunityPostView> {
  const post = await heldPost(db, postId);
  const results = await db.batch(
    audited(db, actor, { action: 'community_post.reject', table: communityPosts, id: postId, summary: `Rejected the held community ${what(post.kind, postId)}` }, [
      deletePostStatement(db, postId, new Date().toISOString(), eq(communityPosts.status, 'pending')).returning({ id: communityPosts.id }),
    ]),
  );
  if ((results[1] as { id: number }[]).length === 0) throw conflict(COMMUNITY_MESSAGES.NOT_PENDING);
  return viewOf(db, actor, postId);
}

/** GET /api/admin/community/pending: held posts oldest first (community_posts_pending_idx), by keyset. */
export async function listPending(db: Db, actor: CommunityActor, cursor: Cursor | undefined): Promise<CommunityPendingPage> {
  const size = COMMUNITY_LIMITS.pageSize;
  const p = communityPosts;
  const range = cursor ? sql`${p.createdAt} >= ${String(cursor.key)} AND (${p.createdAt} > ${String(cursor.key)} OR ${p.id} > ${cursor.id})` : undefined;
  const rows = await postsInContext(db)
    .where(and(eq(p.status, 'pending'), range))
    .orderBy(asc(p.createdAt), asc(p.id))
    .limit(size + 1);
  const shown = rows.slice(0, size);
  const contexts = await targetContexts(db, shown.map((r) => r.post));
  const last = shown.at(-1);
  return {
    data: shown.map((r) => {
      const context = contexts.get(targetKey(r.post.targetKind, r.post.targetId));
      return { post: moderatorPostView(r, context, actor), question: questionOf(r), target: targetLink(context, r.post) };
    }),
    next: rows.length > size && last ? encodeCursor({ key: last.post.createdAt, id: last.post.id, page: (cursor?.page ?? 1) + 1 }) : null,
  };
}

/** GET /api/admin/community/posts/{id}/history: the post's earlier versions, newest first. */
export async function postHistory(db: Db, postId: number): Promise<CommunityEditView[]> {
  const [post] = await db.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.id, postId)).limit(1);
  if (!post) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  const rows = await db
    .select({ edit: communityPostEdits, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(communityPostEdits)
    .leftJoin(users, eq(users.id, communityPostEdits.editorId))
    .where(eq(communityPostEdits.postId, postId))
    .orderBy(desc(communityPostEdits.id))
    .limit(HISTORY_MAX);
  return rows.map((r) => ({
    id: r.edit.id,
    title: r.edit.title,
    body: r.edit.body,
    editor: r.edit.editorId === null ? null : { id: r.edit.editorId, name: displayName(r, 'A member') },
    created_at: r.edit.createdAt,
  }));
}
