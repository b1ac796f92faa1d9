/**
 * The community's questions and answers (decision 0075): what the API answers and the site reads,
 * with the limits and messages both sides show. A question is asked where the learning is — on a
 * lesson, on a store resource, or on an instructor's public profile (its "target") — and is
 * answered there; an answer can have replies.
 */

/** Where a question is asked. */
export const COMMUNITY_TARGETS = ['lesson', 'resource', 'instructor'] as const;
export type CommunityTarget = (typeof COMMUNITY_TARGETS)[number];

/** A post is a question (with a title), an answer to it, or a reply to an answer. */
export const COMMUNITY_POST_KINDS = ['question', 'answer', 'reply'] as const;
export type CommunityPostKind = (typeof COMMUNITY_POST_KINDS)[number];

/**
 * visible: shown to everyone who may read the target; pending: a new member's post waiting for a
 * moderator (shown only to its author and moderators); hidden: taken down by the target's owner or
 * a moderator (restorable; shown to its author and moderators as hidden); deleted: by its author or
 * a moderator, its text cleared — a deleted post that has replies stays as a placeholder.
 */
export const COMMUNITY_POST_STATUSES = ['visible', 'pending', 'hidden', 'deleted'] as const;
export type CommunityPostStatus = (typeof COMMUNITY_POST_STATUSES)[number];

export const COMMUNITY_SORTS = ['newest', 'helpful', 'unanswered'] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];
/** A course's questions over all its lessons (and their search): newest first, or only the unanswered. */
export const COMMUNITY_COURSE_SORTS = ['newest', 'unanswered'] as const;
export type CommunityCourseSort = (typeof COMMUNITY_COURSE_SORTS)[number];

export const COMMUNITY_REPORT_REASONS = ['spam', 'abuse', 'off_topic', 'other'] as const;
export type CommunityReportReason = (typeof COMMUNITY_REPORT_REASONS)[number];
export const COMMUNITY_REPORT_REASON_LABELS: Readonly<Record<CommunityReportReason, string>> = {
  spam: 'Spam or advertising',
  abuse: 'Harassment or abuse',
  off_topic: 'Off topic',
  other: 'Something else',
};

export const COMMUNITY_REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type CommunityReportStatus = (typeof COMMUNITY_REPORT_STATUSES)[number];

/** A moderator's decision on a report, a held post or a member. */
export const COMMUNITY_MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'delete', 'approve', 'reject'] as const;
export type CommunityModerationAction = (typeof COMMUNITY_MODERATION_ACTIONS)[number];

export const COMMUNITY_LIMITS = {
  titleMin: 8,
  titleMax: 150,
  bodyMin: 1,
  bodyMax: 10_000,
  reportDetailMax: 500,
  suspensionReasonMax: 500,
  /** Suspension lengths a moderator may choose, in days. */
  suspensionDaysMin: 1,
  suspensionDaysMax: 365,
  /** A search of a course's questions: words of at least this many characters. */
  searchMin: 2,
  searchMax: 100,
  /** Questions per page of a target's list; answers per thread page. */
  pageSize: 20,
  /** How many questions a public page renders with its own data. */
  publicPreview: 5,
  /** Posting rate per member (questions, answers and replies together). */
  postsPerTenMinutes: 10,
  postsPerDay: 60,
  /** The longest video moment a question may carry (a lesson clip is shorter than this). */
  videoAtMaxMs: 6 * 60 * 60 * 1000,
} as const;

export const COMMUNITY_MESSAGES = {
  TITLE_TOO_SHORT: `Write a title of at least ${COMMUNITY_LIMITS.titleMin} characters.`,
  TITLE_TOO_LONG: `Keep the title under ${COMMUNITY_LIMITS.titleMax} characters.`,
  BODY_EMPTY: 'Write something first.',
  BODY_TOO_LONG: `Keep it under ${COMMUNITY_LIMITS.bodyMax.toLocaleString('en-US')} characters.`,
  NOT_FOUND: 'This question or post was not found.',
  TARGET_NOT_FOUND: 'There is nothing to ask about here.',
  SIGN_IN_TO_POST: 'Sign in to ask or answer.',
  LESSON_NEEDS_ENROLMENT: "Only the course's learners and instructors can ask and answer on its lessons.",
  RESOURCE_NEEDS_PURCHASE: 'Only buyers of this resource and its seller can answer here.',
  VIDEO_AT_NOT_VIDEO: 'Only a question on a video lesson can point to a moment of it.',
  SUSPENDED: 'You cannot post in the community until {until}.',
  TOO_FAST: 'You are posting too fast. Wait a few minutes and try again.',
  HELD_FOR_REVIEW: 'Thanks! Your first post waits for a moderator; others see it once it is approved.',
  CANNOT_VOTE_OWN: 'You cannot vote for your own post.',
  ACCEPT_NOT_ALLOWED: 'Only the asker and the owner of this page can accept an answer.',
  ACCEPT_WRONG_ANSWER: 'Choose an answer to this question.',
  EDIT_NOT_ALLOWED: 'Only its author can edit a post.',
  DELETE_NOT_ALLOWED: 'Only its author or a moderator can delete a post.',
  HIDE_NOT_ALLOWED: 'Only the owner of this page or a moderator can hide a post.',
  REPLY_TO_ANSWER: 'Replies go under an answer.',
  ALREADY_REPORTED: 'You have already reported this post.',
  CANNOT_REPORT_OWN: 'You cannot report your own post.',
  CHOOSE_A_REASON: 'Choose a reason.',
  ALREADY_DECIDED: 'This report has already been decided.',
  NOT_PENDING: 'This post is not waiting for approval.',
  CANNOT_SUSPEND_STAFF: 'A moderator cannot be suspended from the community.',
  /** What a deleted post that has replies shows in its place. */
  DELETED_PLACEHOLDER: 'This post was deleted.',
  HIDDEN_PLACEHOLDER: 'This post was hidden by a moderator.',
} as const;

/** The "{until}" of SUSPENDED, in words. */
export function suspendedMessage(untilIso: string): string {
  const day = new Date(untilIso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return COMMUNITY_MESSAGES.SUSPENDED.replace('{until}', day);
}

/** The author as a thread shows them: a badge when they own the page the question is on. */
export interface CommunityAuthor {
  id: number;
  name: string;
  profile_image_url: string | null;
  /** 'Instructor' on a lesson of their course or their own profile, 'Seller' on their resource. */
  badge: 'Instructor' | 'Seller' | null;
}

/** What the reader may do with a post (computed for the signed-in reader; all false for visitors). */
export interface CommunityPostAbilities {
  edit: boolean;
  delete: boolean;
  /** The target's owner or a moderator: hide / restore. */
  hide: boolean;
  report: boolean;
  vote: boolean;
}

export interface CommunityPostView {
  id: number;
  kind: CommunityPostKind;
  question_id: number | null;
  parent_id: number | null;
  author: CommunityAuthor | null;
  /** Questions only. */
  title: string | null;
  /** Raw markdown (for editing by its author); empty when deleted. */
  body: string;
  /** The body rendered by the same safe markdown as resources (no raw HTML, safe links). */
  body_html: string;
  status: CommunityPostStatus;
  vote_count: number;
  /** Whether the reader voted for it. */
  voted: boolean;
  edited: boolean;
  created_at: string;
  can: CommunityPostAbilities;
}

export interface CommunityQuestionView extends CommunityPostView {
  kind: 'question';
  title: string;
  target_kind: CommunityTarget;
  target_id: number;
  /** The course of a lesson's question. */
  course_id: number | null;
  /** A video lesson's moment the question is about (the chip that seeks the player). */
  video_at_ms: number | null;
  answer_count: number;
  accepted_answer_id: number | null;
  last_activity_at: string;
  /** The reader may accept an answer (the asker or the target's owner). */
  can_accept: boolean;
  /** In a list over several lessons (a course's questions): the question's lesson and its thread's address. */
  place?: { title: string; url: string };
}

export interface CommunityAnswerView extends CommunityPostView {
  kind: 'answer';
  accepted: boolean;
  replies: CommunityPostView[];
  /** More replies than the thread page carries: read them with GET …/posts/{id}/replies. */
  reply_count: number;
}

/** One question with its answers (accepted first, then most helpful), keyset-paged. */
export interface CommunityThreadView {
  question: CommunityQuestionView;
  answers: CommunityAnswerView[];
  next: string | null;
  /** Where the question is, for links back ("Lesson 3: Pliés", "Ballet Basics for 4-year-olds"). */
  target: { kind: CommunityTarget; id: number; title: string; url: string };
  can_answer: boolean;
}

/** A page of a target's (or a course's) questions. */
export interface CommunityQuestionPage {
  data: CommunityQuestionView[];
  next: string | null;
  /** Running totals of the target (or course): visible questions, and those without an answer. */
  counts: CommunityCounts;
  /** The reader may ask here (signed in and allowed); why not, when not. */
  can_ask: boolean;
  ask_refusal: string | null;
}

export interface CommunityCounts {
  questions: number;
  unanswered: number;
}

/** What a public page (resource, instructor profile) renders with its own data. */
export interface CommunityPreview {
  target_kind: CommunityTarget;
  target_id: number;
  counts: CommunityCounts;
  /** The first questions by "most helpful", visible ones only, with no reader-specific abilities. */
  questions: CommunityQuestionView[];
}

/** A lesson's counts on the course outline, by lesson id. */
export type CommunityLessonCounts = Record<number, CommunityCounts>;

/** The dashboards' line: "12 questions wait for an answer" on the owner's pages. */
export interface CommunityWaiting {
  unanswered: number;
  /** Where to answer them. */
  url: string;
}

/** One report in the moderators' queue, with the post in context. */
export interface CommunityReportView {
  id: number;
  reason: CommunityReportReason;
  detail: string | null;
  status: CommunityReportStatus;
  reporter: { id: number; name: string };
  created_at: string;
  decided_at: string | null;
  post: CommunityPostView;
  /** The thread's question (the post itself when it is a question). */
  question: { id: number; title: string };
  target: { kind: CommunityTarget; id: number; title: string; url: string };
  /** Open reports of the same post. */
  report_count: number;
}

export interface CommunityReportPage {
  data: CommunityReportView[];
  next: string | null;
}

/** A post held for approval (a member's first), in the moderators' queue. */
export interface CommunityPendingView {
  post: CommunityPostView;
  question: { id: number; title: string };
  target: { kind: CommunityTarget; id: number; title: string; url: string };
}

export interface CommunityPendingPage {
  data: CommunityPendingView[];
  next: string | null;
}

/** A post's earlier versions (moderators only). */
export interface CommunityEditView {
  id: number;
  title: string | null;
  body: string;
  editor: { id: number; name: string } | null;
  created_at: string;
}

export interface CommunitySuspensionView {
  user: { id: number; name: string; username: string };
  until: string;
  reason: string;
  by: { id: number; name: string } | null;
  created_at: string;
}

/** Where a thread is read: the lesson's page, the resource's page or the profile, opened at the question. */
export function communityThreadUrl(q: { id: number; target_kind: CommunityTarget; target_id: number; course_id: number | null; module_id?: number | null }): string {
  if (q.target_kind === 'lesson') return `/courses/${q.course_id}/modules/${q.module_id}/lessons/${q.target_id}?question=${q.id}#questions`;
  if (q.target_kind === 'resource') return `/curriculum/${q.target_id}?question=${q.id}#questions`;
  return `/instructors/${q.target_id}?question=${q.id}#questions`;
}
