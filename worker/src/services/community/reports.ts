import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { communityPosts, communityReports, users } from '../../../../db/schema/index.ts';
import { displayName } from '../../domain/certificates.ts';
import { encodeCursor, type Cursor } from '../../domain/page-cursor.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { audited, type AuditActor } from '../audit.ts';
import { loadPostContext, mayReadTarget, type CommunityActor } from './access.ts';
import { deletePostStatement, hidePostStatement, unacceptStatement } from './moderation.ts';
import { moderatorPostView, postsInContext, questionOf, targetContexts, targetKey, targetLink, type PostInContext } from './moderation-views.ts';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  type CommunityReportPage,
  type CommunityReportReason,
  type CommunityReportStatus,
  type CommunityReportView,
} from '../../../../shared/community.ts';

/**
 * Members' reports of community posts (decision 0075): a member who can read a visible post may
 * report someone else's once, with a reason. The moderators read the queue — open reports oldest
 * first, decided ones newest first, by keyset on `community_reports_status_idx` — with the post in
 * context, and dismiss, hide or delete: deciding one report decides every open report of the post.
 */

export const REPORT_NOT_FOUND = 'This report was not found.';

/** POST /api/community/posts/{id}/reports (201): a visible post of someone else's, on a page the member may read. */
export async function reportPost(
  db: Db,
  actor: CommunityActor,
  postId: number,
  input: { reason: CommunityReportReason; detail: string | null },
): Promise<{ id: number; status: 'open' }> {
  const context = await loadPostContext(db, postId);
  if (!context || context.post.status !== 'visible' || !(await mayReadTarget(db, actor, context.target))) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  if (context.post.authorId === actor.id) throw badRequest(COMMUNITY_MESSAGES.CANNOT_REPORT_OWN);
  // One report per member and post (community_reports_member_unique), whatever became of it.
  const [row] = await db
    .insert(communityReports)
    .values({ postId, reporterId: actor.id, reason: input.reason, detail: input.detail })
    .onConflictDoNothing()
    .returning({ id: communityReports.id });
  if (!row) throw conflict(COMMUNITY_MESSAGES.ALREADY_REPORTED);
  return { id: row.id, status: 'open' };
}

const reporter = alias(users, 'reporter');

function reportQuery(db: Db) {
  return db
    .select({ report: communityReports, reporterFirstName: reporter.firstName, reporterLastName: reporter.lastName, reporterUsername: reporter.username })
    .from(communityReports)
    .leftJoin(reporter, eq(reporter.id, communityReports.reporterId));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number];

/** The reports' posts in context and each post's open reports, read together for a page. */
async function viewsOf(db: Db, actor: CommunityActor, rows: ReportRow[]): Promise<CommunityReportView[]> {
  if (rows.length === 0) return [];
  const postIds = [...new Set(rows.map((r) => r.report.postId))];
  const [posts, counts] = await Promise.all([
    postsInContext(db).where(inArray(communityPosts.id, postIds)),
    db
      .select({ postId: communityReports.postId, open: count() })
      .from(communityReports)
      .where(and(inArray(communityReports.postId, postIds), eq(communityReports.status, 'open')))
      .groupBy(communityReports.postId),
  ]);
  const postById = new Map<number, PostInContext>(posts.map((p) => [p.post.id, p]));
  const openByPost = new Map(counts.map((c) => [c.postId, c.open]));
  const contexts = await targetContexts(db, posts.map((p) => p.post));
  return rows.flatMap((r) => {
    const post = postById.get(r.report.postId);
    if (!post) return [];
    const context = contexts.get(targetKey(post.post.targetKind, post.post.targetId));
    return [
      {
        id: r.report.id,
        reason: r.report.reason,
        detail: r.report.detail,
        status: r.report.status,
        reporter: { id: r.report.reporterId ?? 0, name: displayName({ firstName: r.reporterFirstName, lastName: r.reporterLastName, username: r.reporterUsername }, 'A deleted account') },
        created_at: r.report.createdAt,
        decided_at: r.report.decidedAt,
        post: moderatorPostView(post, context, actor),
        question: questionOf(post),
        target: targetLink(context, post.post),
        report_count: openByPost.get(r.report.postId) ?? 0,
      },
    ];
  });
}

/** GET /api/admin/community/reports: a page of one status; open ones oldest first (the queue), decided ones newest first. */
export async function listReports(db: Db, actor: CommunityActor, status: CommunityReportStatus, cursor: Cursor | undefined): Promise<CommunityReportPage> {
  const size = COMMUNITY_LIMITS.pageSize;
  const r = communityReports;
  const oldestFirst = status === 'open';
  const key = cursor ? String(cursor.key) : '';
  const range = !cursor
    ? undefined
    : oldestFirst
      ? sql`${r.createdAt} >= ${key} AND (${r.createdAt} > ${key} OR ${r.id} > ${cursor.id})`
      : sql`${r.createdAt} <= ${key} AND (${r.createdAt} < ${key} OR ${r.id} < ${cursor.id})`;
  const rows = await reportQuery(db)
    .where(and(eq(r.status, status), range))
    .orderBy(...(oldestFirst ? [asc(r.createdAt), asc(r.id)] : [desc(r.createdAt), desc(r.id)]))
    .limit(size + 1);
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    data: await viewsOf(db, actor, shown),
    next: rows.length > size && last ? encodeCursor({ key: last.report.createdAt, id: last.report.id, page: (cursor?.page ?? 1) + 1 }) : null,
  };
}

const DECIDED: Record<'dismiss' | 'hide' | 'delete', CommunityReportStatus> = { dismiss: 'dismissed', hide: 'actioned', delete: 'actioned' };
const VERBS = { dismiss: 'Dismissed the report of', hide: 'Hid', delete: 'Deleted' } as const;

/**
 * POST /api/admin/community/reports/{id} {action}: dismissed (the post stays), or the post hidden
 * or deleted; every open report of the post is decided with it. One audited batch, the entry
 * holding the post's status and text before and after; a racing decision finds the report decided
 * (409) and changes nothing.
 */
export async function decideReport(db: Db, actor: AuditActor & CommunityActor, id: number, action: 'dismiss' | 'hide' | 'delete'): Promise<CommunityReportView> {
  const [report] = await db.select().from(communityReports).where(eq(communityReports.id, id)).limit(1);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (report.status !== 'open') throw conflict(COMMUNITY_MESSAGES.ALREADY_DECIDED);
  const [{ questionId } = { questionId: null }] = await db.select({ questionId: communityPosts.questionId }).from(communityPosts).where(eq(communityPosts.id, report.postId)).limit(1);
  const stamp = new Date().toISOString();
  const decided = { status: DECIDED[action], decidedBy: actor.id, decidedAt: stamp };
  const r = communityReports;
  const main = db.update(r).set(decided).where(and(eq(r.id, id), eq(r.status, 'open')));
  // The post changes only when this batch decided the report.
  const thisDecided = sql`EXISTS (SELECT 1 FROM ${r} WHERE ${r.id} = ${id} AND ${r.decidedAt} = ${stamp} AND ${r.decidedBy} = ${actor.id})`;
  const others = db.update(r).set(decided).where(and(eq(r.postId, report.postId), eq(r.status, 'open'), ne(r.id, id), thisDecided));
  const postChange =
    action === 'hide'
      ? [hidePostStatement(db, report.postId, actor.id, stamp, thisDecided)]
      : action === 'delete'
        ? [deletePostStatement(db, report.postId, stamp, thisDecided), ...(questionId === null ? [] : [unacceptStatement(db, questionId, report.postId, thisDecided)])]
        : [];
  const postOf = (column: string) => sql`(SELECT ${sql.identifier(column)} FROM ${communityPosts} WHERE ${communityPosts.id} = ${report.postId})`;
  await db.batch(
    audited(
      db,
      actor,
      {
        action: `community_report.${action}`,
        table: r,
        id,
        summary: `${VERBS[action]} community post ${report.postId} (report ${id}: ${report.reason})`,
        extra: () => ({ post_status: postOf('status'), post_title: postOf('title'), post_body: postOf('body') }),
      },
      [main, ...postChange, others],
    ),
  );
  const [row] = await reportQuery(db).where(eq(r.id, id)).limit(1);
  if (row?.report.decidedAt !== stamp || row.report.decidedBy !== actor.id) throw conflict(COMMUNITY_MESSAGES.ALREADY_DECIDED);
  const [view] = await viewsOf(db, actor, [row]);
  return view!;
}
