/**
 * The practice room (decision 0070): what the practice and feedback routes answer, the limits and
 * the messages the API and the pages share. Pure: no database, no DOM.
 *
 * Time on a take: reference time = ref_start_ms + (take time − offset_ms) × speed, so a take and
 * the reference replay in sync at any offset the learner or the instructor sets.
 */

export const FEEDBACK_MODES = ['none', 'included', 'credits'] as const;
export type FeedbackMode = (typeof FEEDBACK_MODES)[number];
export const TAKE_SOURCES = ['recorded', 'uploaded'] as const;
export type TakeSource = (typeof TAKE_SOURCES)[number];
export type FeedbackStatus = 'waiting' | 'answered';
export const FEEDBACK_VERDICTS = ['approved', 'try_again'] as const;
export type FeedbackVerdict = (typeof FEEDBACK_VERDICTS)[number];
export const PRACTICE_REPORT_TARGETS = ['take', 'note', 'reply'] as const;
export type PracticeReportTarget = (typeof PRACTICE_REPORT_TARGETS)[number];

/** A take is at most 3 minutes long and 250 MB. */
export const TAKE_MAX_SECONDS = 180;
export const TAKE_MAX_MB = 250;
/** Every learner's takes together (kept files) are at most 1 GB. */
export const TAKE_QUOTA_MB = 1024;
/** The kinds of file a take may be: what browsers record and what phones film. */
export const TAKE_MIME_TYPES = ['video/webm', 'video/mp4', 'video/quicktime'] as const;
export const TAKE_SPEEDS = [0.5, 0.75, 1] as const;
/** The offset a learner or instructor may set, either way. */
export const TAKE_OFFSET_MAX_MS = 60_000;

export const QUESTION_MAX = 1000;
export const NOTE_MAX = 2000;
export const SUMMARY_MAX = 4000;
export const REPLY_MAX = 2000;
export const REPORT_REASON_MAX = 500;
/** Shapes a note's drawing may hold. */
export const DRAWING_MAX_SHAPES = 50;
/** Requests a page of the instructors' queue holds. */
export const FEEDBACK_QUEUE_PAGE_SIZE = 20;

export const TAKE_TOO_LONG = `A take can be at most ${TAKE_MAX_SECONDS / 60} minutes long.`;
export const TAKE_TOO_LARGE = `A take can be at most ${TAKE_MAX_MB} MB.`;
export const TAKE_QUOTA_FULL = `Your takes use all of your ${TAKE_QUOTA_MB / 1024} GB of practice space. Delete a take you no longer need, then try again.`;
export const TAKE_WRONG_TYPE = 'A take must be a video: WebM, MP4 or MOV.';
export const TAKE_NOT_FOUND = 'Take not found';
export const PRACTICE_NEEDS_VIDEO = 'Practice is open on video lessons with an uploaded clip.';
export const PRACTICE_NEEDS_ENROLMENT = 'Enrol in this course to practise its lessons.';
export const FEEDBACK_NOT_OFFERED = 'This course does not offer feedback on takes.';
export const NO_REVIEWS_LEFT = 'You have used the reviews included with this course.';
export const NO_CREDITS_LEFT = 'You have no feedback credits left for this course. Buy a pack to ask for feedback.';
export { CREDITS_SIGN_IN } from './feedback-credits.ts';
export const ALREADY_SUBMITTED = 'This take is already sent for feedback.';
export const WRITE_A_QUESTION = 'Write what you would like feedback on';
export const FEEDBACK_NOT_FOUND = 'Feedback request not found';
export const ONLY_COURSE_INSTRUCTORS_ANSWER = "Only the course's instructors and admins can answer feedback requests.";
export const CHOOSE_A_VERDICT = 'Choose Approved or Try again';
export const WRITE_A_NOTE = 'Write a note or draw on the frame';
export const ALREADY_ANSWERED = 'This request is already answered.';
export const LESSON_NEEDS_APPROVED_TAKE = 'This lesson is complete once an instructor approves one of your takes of it. Practise it and ask for feedback.';
export const WRITE_A_REPLY = 'Write your reply';
export const WRITE_A_REASON = 'Say why you are reporting this';
export const ALREADY_REPORTED = 'You have already reported this. An admin will look at it.';

/** A shape drawn over the frame; coordinates are fractions of the frame's width and height (0–1). */
export type DrawingShape =
  | { kind: 'line' | 'arrow'; from: [number, number]; to: [number, number]; color: string }
  | { kind: 'circle'; center: [number, number]; radius: number; color: string };

export interface PersonRef {
  id: number;
  name: string;
}

export interface TakeView {
  id: number;
  course_id: number;
  lesson_id: number;
  learner: PersonRef;
  source: TakeSource;
  /** A signed link that expires; null once the file is deleted. */
  video_url: string | null;
  duration_ms: number;
  size_bytes: number;
  ref_start_ms: number;
  ref_end_ms: number | null;
  speed: number;
  offset_ms: number;
  created_at: string;
  /** The feedback request made of this take, if any. */
  feedback: { id: number; status: FeedbackStatus; verdict: FeedbackVerdict | null } | null;
}

/** What a course offers a learner: the mode and what is left to them. */
export interface FeedbackOffer {
  mode: FeedbackMode;
  response_days: number;
  /** 'included': reviews the course gives each learner and how many this learner has left. */
  included_reviews: number;
  included_left: number;
  /** 'credits': this learner's unused credits and the pack on sale. */
  credits_left: number;
  pack: { price_cents: number; credits: number } | null;
}

/** GET /api/practice/lessons/{lessonId}: all the practice room of a lesson needs. */
export interface PracticeLessonView {
  lesson: { id: number; title: string; course_id: number; course_title: string; module_id: number };
  /** The lesson's clip through a signed link. */
  reference: { url: string; poster: string | null };
  takes: TakeView[];
  offer: FeedbackOffer;
  limits: { max_seconds: number; max_bytes: number; quota_bytes: number; used_bytes: number };
  /** The lesson is completed only by an approved take; and whether this learner has one. */
  requires_approved_take: boolean;
  approved: boolean;
}

export interface ReplyView {
  id: number;
  author: PersonRef;
  /** The author is one of the course's instructors (or an admin answering for them). */
  author_is_instructor: boolean;
  body: string;
  created_at: string;
}

export interface NoteView {
  id: number;
  at_ms: number;
  body: string;
  drawing: DrawingShape[];
  author: PersonRef;
  created_at: string;
  updated_at: string;
  replies: ReplyView[];
}

/** GET /api/practice/feedback/{id}: a request with its take, reference, notes and answer. */
export interface FeedbackDetail {
  id: number;
  status: FeedbackStatus;
  verdict: FeedbackVerdict | null;
  summary: string | null;
  question: string;
  created_at: string;
  due_at: string;
  overdue: boolean;
  answered_at: string | null;
  answered_by: PersonRef | null;
  learner: PersonRef;
  course: { id: number; title: string };
  lesson: { id: number; title: string; module_id: number };
  take: TakeView;
  reference: { url: string; poster: string | null };
  notes: NoteView[];
  /** The viewer may add notes, answer (instructors, admins) and reply (them and the learner). */
  can_answer: boolean;
  can_reply: boolean;
}

/** One row of the instructors' queue. */
export interface FeedbackQueueItem {
  id: number;
  status: FeedbackStatus;
  verdict: FeedbackVerdict | null;
  overdue: boolean;
  question: string;
  learner: PersonRef;
  course: { id: number; title: string };
  lesson: { id: number; title: string };
  take_duration_ms: number;
  created_at: string;
  due_at: string;
  answered_at: string | null;
}

/** GET /api/instructor/feedback: a page of the queue and the counts of its tabs. */
export interface FeedbackQueuePage {
  data: FeedbackQueueItem[];
  next: string | null;
  counts: { waiting: number; overdue: number; answered: number };
}

/** GET/PUT /api/courses/{id}/feedback-settings: a course's feedback offer as its managers set it. */
export interface CourseFeedbackSettingsView {
  course_id: number;
  mode: FeedbackMode;
  included_reviews: number;
  credit_pack_cents: number;
  credits_per_pack: number;
  response_days: number;
  delete_takes_after_days: number | null;
}

/** A report in the admins' queue, with what was reported in context. */
export interface PracticeReportView {
  id: number;
  target_kind: PracticeReportTarget;
  target_id: number;
  reason: string;
  status: 'open' | 'dismissed' | 'actioned';
  reporter: PersonRef | null;
  /** The text reported (a note or a reply) or the take's lesson, and the feedback request it belongs to. */
  excerpt: string;
  feedback_id: number | null;
  take_id: number | null;
  course: { id: number; title: string };
  created_at: string;
}
