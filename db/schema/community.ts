import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ALL_WRITES, versionTriggers } from './content-version-triggers.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';
import {
  COMMUNITY_POST_KINDS,
  COMMUNITY_POST_STATUSES,
  COMMUNITY_REPORT_REASONS,
  COMMUNITY_REPORT_STATUSES,
  COMMUNITY_TARGETS,
} from '../../shared/community.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * The community's questions and answers (decision 0075). One table of posts: a question (title,
 * body, on a target: a lesson, a store resource or an instructor's profile), an answer to it, or a
 * reply to an answer. Counters on the posts (answers, votes) and the running totals per lesson,
 * course, resource, seller and instructor are kept by triggers in the writing transaction.
 */
export const communityPosts = sqliteTable(
  'community_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: COMMUNITY_POST_KINDS }).notNull(),
    /** The thread's place, copied onto answers and replies so every post is found by its target. */
    targetKind: text('target_kind', { enum: COMMUNITY_TARGETS }).notNull(),
    /** lessons.id, resources.id, or the instructor's users.id. */
    targetId: integer('target_id').notNull(),
    /** A lesson's course (lesson targets only): the course's questions, its outline counts. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** The thread's question (answers and replies); null on a question. */
    questionId: integer('question_id'),
    /** The answer a reply is under; null otherwise. */
    parentId: integer('parent_id'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Questions only. */
    title: text('title'),
    body: text('body').notNull(),
    /** A question on a video lesson may name the moment of the clip it is about. */
    videoAtMs: integer('video_at_ms'),
    status: text('status', { enum: COMMUNITY_POST_STATUSES }).notNull().default('visible'),
    /** Visible answers of a question (trigger-kept). */
    answerCount: integer('answer_count').notNull().default(0),
    /** Visible replies under an answer (trigger-kept). */
    replyCount: integer('reply_count').notNull().default(0),
    /** Members' upvotes (trigger-kept from community_votes). */
    voteCount: integer('vote_count').notNull().default(0),
    /** A question's accepted answer. */
    acceptedAnswerId: integer('accepted_answer_id'),
    /** The newest visible post of the thread (questions). */
    lastActivityAt: text('last_activity_at').notNull().default(now),
    /** Set on the first edit by its author; the earlier versions are in community_post_edits. */
    editedAt: text('edited_at'),
    /** Who hid it (the target's owner or a moderator) and when. */
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: text('hidden_at'),
    deletedAt: text('deleted_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    // A target's questions by the three sorts, visible ones first filtered by status.
    index('community_questions_newest_idx')
      .on(t.targetKind, t.targetId, t.status, t.id)
      .where(sql`${t.kind} = 'question'`),
    index('community_questions_helpful_idx')
      .on(t.targetKind, t.targetId, t.status, t.voteCount, t.id)
      .where(sql`${t.kind} = 'question'`),
    index('community_questions_unanswered_idx')
      .on(t.targetKind, t.targetId, t.status, t.answerCount, t.id)
      .where(sql`${t.kind} = 'question'`),
    // A course's questions over all its lessons (the course's search and list).
    index('community_questions_course_idx')
      .on(t.courseId, t.status, t.id)
      .where(sql`${t.kind} = 'question' AND ${t.courseId} IS NOT NULL`),
    // A thread's answers (accepted first is one lookup; the rest by votes then age) and an answer's replies.
    index('community_answers_idx').on(t.questionId, t.kind, t.status, t.voteCount, t.id).where(sql`${t.questionId} IS NOT NULL`),
    index('community_replies_idx').on(t.parentId, t.status, t.id).where(sql`${t.parentId} IS NOT NULL`),
    // A member's posts, newest first: the rate limit's window, the first-post hold, their history.
    index('community_posts_author_idx').on(t.authorId, t.createdAt),
    // The moderators' queue of held posts, oldest first.
    index('community_posts_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    check('community_posts_title_shape', sql`(${t.kind} = 'question') = (${t.title} IS NOT NULL)`),
    check('community_posts_thread_shape', sql`(${t.kind} = 'question') = (${t.questionId} IS NULL)`),
    check('community_posts_reply_shape', sql`(${t.kind} = 'reply') = (${t.parentId} IS NOT NULL)`),
    check('community_posts_counts', sql`${t.answerCount} >= 0 AND ${t.replyCount} >= 0 AND ${t.voteCount} >= 0`),
  ],
);

/** A post's earlier versions, written in the edit's batch (moderators read the history). */
export const communityPostEdits = sqliteTable(
  'community_post_edits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The title and body as they were before this edit. */
    title: text('title'),
    body: text('body').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('community_post_edits_post_idx').on(t.postId, t.id)],
);

/** One upvote per member and post. */
export const communityVotes = sqliteTable(
  'community_votes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('community_votes_user_idx').on(t.userId)],
);

/** A member's report of a post; every open report of a post is decided together. */
export const communityReports = sqliteTable(
  'community_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: COMMUNITY_REPORT_REASONS }).notNull(),
    detail: text('detail'),
    status: text('status', { enum: COMMUNITY_REPORT_STATUSES }).notNull().default('open'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: text('decided_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    // The queue: open reports oldest first, keyset on (created_at, id).
    index('community_reports_status_idx').on(t.status, t.createdAt, t.id),
    index('community_reports_post_idx').on(t.postId, t.status),
    uniqueIndex('community_reports_member_unique').on(t.postId, t.reporterId),
  ],
);

/**
 * A member's standing in the community: whether their posts still wait for approval (until one is
 * approved), a suspension from posting, and the daily digest choice.
 */
export const communityMembers = sqliteTable(
  'community_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Posts a moderator approved, or that were published without a hold; > 0 ends the first-post hold. */
    approvedPosts: integer('approved_posts').notNull().default(0),
    suspendedUntil: text('suspended_until'),
    suspendedReason: text('suspended_reason'),
    suspendedBy: integer('suspended_by').references(() => users.id, { onDelete: 'set null' }),
    suspendedAt: text('suspended_at'),
    /** Community emails gathered into one a day instead of one per post. */
    emailDigest: integer('email_digest', { mode: 'boolean' }).notNull().default(false),
    /** When the member's last digest was sent (one a day at most), or when they chose the digest. */
    digestSentAt: text('digest_sent_at'),
  },
  // The moderators' list of suspended members, by the end of their suspension (keyset on until, member).
  (t) => [index('community_members_suspended_idx').on(t.suspendedUntil, t.userId).where(sql`${t.suspendedUntil} IS NOT NULL`)],
);

/**
 * Running totals of visible questions and of those without a visible answer, per scope: a lesson,
 * a course (its lessons together), a resource, a seller (their resources together) and an
 * instructor's profile. Kept by triggers on community_posts; `npm run db:rebuild-derived` recounts.
 */
export const COMMUNITY_TOTAL_SCOPES = ['lesson', 'course', 'resource', 'seller', 'instructor'] as const;
export const communityTotals = sqliteTable(
  'community_totals',
  {
    scopeKind: text('scope_kind', { enum: COMMUNITY_TOTAL_SCOPES }).notNull(),
    scopeId: integer('scope_id').notNull(),
    questions: integer('questions').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeKind, t.scopeId] })],
);

/** Community notices waiting for a member's daily digest email (members who chose the digest). */
export const communityDigestItems = sqliteTable(
  'community_digest_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('community_digest_items_user_idx').on(t.userId, t.id)],
);

/**
 * The public pages' questions (decision 0075): a post on a resource moves the store's version, one
 * on an instructor's profile the connect version — when it appears, changes (text, status,
 * accepted answer) or goes. Votes, reply and answer counts and the thread's last activity are
 * counters (decision 0040): an answer's own write moves the version its count follows.
 */
const communityCounters = [communityPosts.voteCount, communityPosts.replyCount, communityPosts.answerCount, communityPosts.lastActivityAt];
const onTarget = (kind: 'resource' | 'instructor') => ({ insert: `NEW.target_kind = '${kind}'`, update: `NEW.target_kind = '${kind}'`, delete: `OLD.target_kind = '${kind}'` });
export const communityVersionTriggers = versionTriggers(
  { table: communityPosts, scopes: ['store'], events: ALL_WRITES, update: { except: communityCounters }, when: onTarget('resource') },
  { table: communityPosts, scopes: ['connect'], events: ALL_WRITES, update: { except: communityCounters }, when: onTarget('instructor') },
);

/**
 * The posts whose notices went out: a post is announced once, when it becomes visible (at posting or
 * at approval); the fan-out's batch writes this row last and every notice of the batch is guarded by
 * its absence, so a replayed or racing announcement writes nothing.
 */
export const communityAnnouncements = sqliteTable('community_announcements', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => communityPosts.id, { onDelete: 'cascade' }),
  createdAt: text('created_at').notNull().default(now),
});

export type CommunityPostRow = typeof communityPosts.$inferSelect;
export type CommunityReportRow = typeof communityReports.$inferSelect;
export type CommunityMemberRow = typeof communityMembers.$inferSelect;
