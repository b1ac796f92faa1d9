import { and, eq, inArray } from 'drizzle-orm';
import { communityVotes, type CommunityPostRow } from '../../../../db/schema/community.ts';
import { users } from '../../../../db/schema/index.ts';
import {
  COMMUNITY_MESSAGES,
  type CommunityAuthor,
  type CommunityPostView,
  type CommunityQuestionView,
} from '../../../../shared/community.ts';
import type { Db } from '../../platform/db.ts';
import { renderLessonMarkdown } from '../learning.ts';
import { isCommunityModerator, isCommunityOwner, type CommunityActor, type CommunityTargetInfo } from './access.ts';

/**
 * How posts are shown to a reader (decision 0075). Exported (the moderation queue and the public
 * pages reuse them; keep the signatures):
 * - `AuthorRow`, `loadAuthors(db, ids)` — the authors of some posts, by id;
 * - `loadVoted(db, userId, postIds)` — which of them the reader voted for;
 * - `ViewReader`, `readerFor(actor, target, voted)` — who reads, and what they may do on the page;
 * - `postView(row, author, reader, target)`, `questionView(…)` — one post as the API answers it;
 * - `viewsOf(db, actor, target, rows)` — the reader and view makers for some posts of one target, their authors and votes read;
 * - `viewPosts(db, actor, target, rows)` — those posts' views.
 * The text of a deleted post is never shown; a hidden one only to its author, the page's owners and moderators.
 */

export interface AuthorRow {
  id: number;
  name: string;
  profileImageUrl: string | null;
}

export async function loadAuthors(db: Db, ids: readonly (number | null)[]): Promise<Map<number, AuthorRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.username, profileImageUrl: r.profileImageUrl }]));
}

export async function loadVoted(db: Db, userId: number | null, postIds: readonly number[]): Promise<Set<number>> {
  if (userId === null || postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: communityVotes.postId })
    .from(communityVotes)
    .where(and(eq(communityVotes.userId, userId), inArray(communityVotes.postId, [...new Set(postIds)])));
  return new Set(rows.map((r) => r.postId));
}

export interface ViewReader {
  actor: CommunityActor | null;
  moderator: boolean;
  /** The reader owns the page (badge, accept, hide). */
  owner: boolean;
  voted: ReadonlySet<number>;
}

export function readerFor(actor: CommunityActor | null, target: CommunityTargetInfo, voted: ReadonlySet<number> = new Set()): ViewReader {
  return { actor, moderator: isCommunityModerator(actor), owner: isCommunityOwner(actor, target), voted };
}

/** Whether the reader sees the text of a post in this status. */
function showsText(row: CommunityPostRow, reader: ViewReader): boolean {
  if (row.status === 'deleted') return false;
  if (row.status === 'visible') return true;
  const author = reader.actor !== null && row.authorId === reader.actor.id;
  return author || reader.moderator || (row.status === 'hidden' && reader.owner);
}

function authorView(row: CommunityPostRow, author: AuthorRow | undefined, target: CommunityTargetInfo): CommunityAuthor | null {
  if (!author) return null;
  return { id: author.id, name: author.name, profile_image_url: author.profileImageUrl, badge: target.ownerIds.includes(author.id) ? target.ownerBadge : null };
}

export function postView(row: CommunityPostRow, author: AuthorRow | undefined, reader: ViewReader, target: CommunityTargetInfo): CommunityPostView {
  const shown = showsText(row, reader);
  const signedIn = reader.actor !== null;
  const mine = signedIn && row.authorId === reader.actor!.id;
  const placeholder = row.status === 'deleted' ? COMMUNITY_MESSAGES.DELETED_PLACEHOLDER : COMMUNITY_MESSAGES.HIDDEN_PLACEHOLDER;
  return {
    id: row.id,
    kind: row.kind,
    question_id: row.questionId,
    parent_id: row.parentId,
    author: shown ? authorView(row, author, target) : null,
    title: row.kind === 'question' ? (shown ? (row.title ?? '') : placeholder) : null,
    body: shown ? row.body : '',
    body_html: shown ? renderLessonMarkdown(row.body) : '',
    status: row.status,
    vote_count: row.voteCount,
    voted: reader.voted.has(row.id),
    edited: row.editedAt !== null,
    created_at: row.createdAt,
    can: {
      edit: mine && (row.status === 'visible' || row.status === 'pending'),
      delete: (mine || reader.moderator) && row.status !== 'deleted',
      hide: (reader.owner || reader.moderator) && (row.status === 'visible' || row.status === 'hidden'),
      report: signedIn && !mine && row.status === 'visible',
      vote: signedIn && !mine && row.status === 'visible',
    },
  };
}

export function questionView(row: CommunityPostRow, author: AuthorRow | undefined, reader: ViewReader, target: CommunityTargetInfo): CommunityQuestionView {
  const mine = reader.actor !== null && row.authorId === reader.actor.id;
  return {
    ...postView(row, author, reader, target),
    kind: 'question',
    title: showsText(row, reader) ? (row.title ?? '') : row.status === 'deleted' ? COMMUNITY_MESSAGES.DELETED_PLACEHOLDER : COMMUNITY_MESSAGES.HIDDEN_PLACEHOLDER,
    target_kind: row.targetKind,
    target_id: row.targetId,
    course_id: row.courseId,
    video_at_ms: row.videoAtMs,
    answer_count: row.answerCount,
    accepted_answer_id: row.acceptedAnswerId,
    last_activity_at: row.lastActivityAt,
    can_accept: (mine || reader.owner) && row.status === 'visible',
  };
}

/** Views of posts of one target, their authors and the reader's votes read together (two queries). */
export async function viewsOf(db: Db, actor: CommunityActor | null, target: CommunityTargetInfo, rows: readonly CommunityPostRow[]) {
  const [authors, voted] = await Promise.all([
    loadAuthors(
      db,
      rows.map((r) => r.authorId),
    ),
    loadVoted(
      db,
      actor?.id ?? null,
      rows.map((r) => r.id),
    ),
  ]);
  const reader = readerFor(actor, target, voted);
  const author = (r: CommunityPostRow) => (r.authorId === null ? undefined : authors.get(r.authorId));
  return { reader, question: (r: CommunityPostRow) => questionView(r, author(r), reader, target), post: (r: CommunityPostRow) => postView(r, author(r), reader, target) };
}

/** Some posts of one target as the actor reads them (questions as question views). */
export async function viewPosts(db: Db, actor: CommunityActor | null, target: CommunityTargetInfo, rows: readonly CommunityPostRow[]): Promise<CommunityPostView[]> {
  const views = await viewsOf(db, actor, target, rows);
  return rows.map((r) => (r.kind === 'question' ? views.question(r) : views.post(r)));
}
