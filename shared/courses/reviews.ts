/**
 * Course reviews (decision 0066): what GET/POST /api/courses/{id}/reviews answer, the limits and
 * the messages both the API and the course page use. Pure: no database, no DOM.
 */

export const COURSE_REVIEW_BODY_MAX = 2000;
export const COURSE_REVIEW_REPLY_MAX = 2000;
/** Reviews a page of the public list holds. */
export const COURSE_REVIEWS_PAGE_SIZE = 10;
/** How much of an instructor's bio the course page shows. */
export const INSTRUCTOR_BIO_SHOWN = 300;
/** How many of the instructor's other courses the course page shows. */
export const INSTRUCTOR_OTHER_COURSES = 3;

export const CHOOSE_A_RATING = 'Choose a rating';
export const REVIEW_TOO_LONG = `Your review can be at most ${COURSE_REVIEW_BODY_MAX.toLocaleString('en-US')} characters`;
export const WRITE_A_REPLY = 'Write your reply';
export const REPLY_TOO_LONG = `Your reply can be at most ${COURSE_REVIEW_REPLY_MAX.toLocaleString('en-US')} characters`;
export const REVIEW_NEEDS_COMPLETION = 'Only learners who finished this course can review it.';
export const COURSE_REVIEW_NOT_FOUND = 'Review not found';
export const ONLY_INSTRUCTOR_REPLIES = "Only the course's instructor can reply to its reviews.";
export const ALREADY_REPLIED = 'This review already has a reply. Edit your reply instead.';
export const NOT_YOUR_REPLY = 'Only the instructor who replied can edit this reply.';
/** What the author of a review an admin hid sees on it (no one else sees it). */
export const REVIEW_HIDDEN_NOTE = 'Hidden by an admin — only you can see it';

/** A course's rating as its page, its card and the catalog's sort read it. */
export interface CourseRating {
  /** Mean of the shown reviews' ratings, two decimals; 0 with no review. */
  average: number;
  count: number;
}

export interface CourseReviewView {
  id: number;
  course_id: number;
  rating: number;
  body: string;
  /** The reviewer as the public sees them: first name and last initial (or the username). */
  author: { id: number; name: string };
  reply: { body: string; replied_at: string; author_name: string } | null;
  created_at: string;
  updated_at: string;
}

/** One page of a course's public reviews, newest first; `next` pages on (null at the end). */
export interface CourseReviewPage {
  rating: CourseRating;
  data: CourseReviewView[];
  next: string | null;
}

/** A learner's own review: `hidden` when an admin hid it (out of the public list and the rating). */
export interface OwnCourseReview extends CourseReviewView {
  hidden: boolean;
}

/** What the signed-in learner may do on a course page: review it (and their review, if any). */
export interface MyCourseReview {
  eligible: boolean;
  review: OwnCourseReview | null;
}

/** The answer of a review write: the review and the course's rating after it. */
export interface CourseReviewWrite {
  review: OwnCourseReview;
  rating: CourseRating;
}

/** "4.5" for a rating; an average is shown to one decimal. */
export function ratingLabel(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** "12 reviews", "1 review". */
export function reviewCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;
}

/** The first ~300 characters of a bio, cut at a word and marked when cut. */
export function shortBio(bio: string, max = INSTRUCTOR_BIO_SHOWN): string {
  const text = bio.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
