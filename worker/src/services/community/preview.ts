import { and, desc, eq } from 'drizzle-orm';
import { communityPosts, communityTotals, users } from '../../../../db/schema/index.ts';
import type { CommunityPreview, CommunityQuestionView } from '../../../../shared/community.ts';
import { COMMUNITY_LIMITS } from '../../../../shared/community.ts';
import type { Db } from '../../platform/db.ts';
import { renderLessonMarkdown } from '../learning.ts';

/**
 * The questions a public page (a resource's page, an instructor's profile) renders with its own
 * data (decision 0075): the target's running totals and its first questions by "most helpful",
 * visible ones only, the same for every reader (the page is cached): no reader's abilities.
 * Two point reads in one round trip: the totals by their key, the questions through
 * `community_questions_helpful_idx` (target, status, votes, id).
 */

export type PublicTarget = 'resource' | 'instructor';

const NO_ABILITIES = { edit: false, delete: false, hide: false, report: false, vote: false } as const;

function displayName(first: string | null, last: string | null, username: string | null): string {
  return [first, last].filter(Boolean).join(' ').trim() || username || 'Member';
}

/** The target's preview; `ownerId` (the resource's seller, the profile's instructor) wears the badge. */
export async function loadCommunityPreview(db: Db, targetKind: PublicTarget, targetId: number, ownerId?: number): Promise<CommunityPreview> {
  const p = communityPosts;
  const [totals, rows] = await db.batch([
    db
      .select({ questions: communityTotals.questions, unanswered: communityTotals.unanswered })
      .from(communityTotals)
      .where(and(eq(communityTotals.scopeKind, targetKind), eq(communityTotals.scopeId, targetId))),
    db
      .select({
        id: p.id,
        title: p.title,
        body: p.body,
        courseId: p.courseId,
        videoAtMs: p.videoAtMs,
        voteCount: p.voteCount,
        answerCount: p.answerCount,
        acceptedAnswerId: p.acceptedAnswerId,
        lastActivityAt: p.lastActivityAt,
        editedAt: p.editedAt,
        createdAt: p.createdAt,
        authorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        profileImageUrl: users.profileImageUrl,
      })
      .from(p)
      .leftJoin(users, eq(users.id, p.authorId))
      .where(and(eq(p.kind, 'question'), eq(p.targetKind, targetKind), eq(p.targetId, targetId), eq(p.status, 'visible')))
      .orderBy(desc(p.voteCount), desc(p.id))
      .limit(COMMUNITY_LIMITS.publicPreview),
  ]);
  const questions = rows.map(
    (r): CommunityQuestionView => ({
      id: r.id,
      kind: 'question',
      question_id: null,
      parent_id: null,
      author:
        r.authorId === null
          ? null
          : { id: r.authorId, name: displayName(r.firstName, r.lastName, r.username), profile_image_url: r.profileImageUrl ?? null, badge: null },
      title: r.title ?? '',
      body: r.body,
      body_html: renderLessonMarkdown(r.body),
      status: 'visible',
      vote_count: r.voteCount,
      voted: false,
      edited: r.editedAt !== null,
      created_at: r.createdAt,
      can: NO_ABILITIES,
      target_kind: targetKind,
      target_id: targetId,
      course_id: r.courseId,
      video_at_ms: r.videoAtMs,
      answer_count: r.answerCount,
      accepted_answer_id: r.acceptedAnswerId,
      last_activity_at: r.lastActivityAt,
      can_accept: false,
    }),
  );
  const preview: CommunityPreview = { target_kind: targetKind, target_id: targetId, counts: { questions: totals[0]?.questions ?? 0, unanswered: totals[0]?.unanswered ?? 0 }, questions };
  return ownerId === undefined ? preview : withOwnerBadge(preview, ownerId);
}

/** The preview with the page owner's badge on their own posts (read beside the page's owner, then joined). */
export function withOwnerBadge(preview: CommunityPreview, ownerId: number): CommunityPreview {
  const badge = preview.target_kind === 'resource' ? 'Seller' : 'Instructor';
  return { ...preview, questions: preview.questions.map((q) => (q.author ? { ...q, author: { ...q.author, badge: q.author.id === ownerId ? badge : null } } : q)) };
}
