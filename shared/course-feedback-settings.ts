import { z } from 'zod';
import { FEEDBACK_MODES, type CourseFeedbackSettingsView, type FeedbackMode } from './practice.ts';

/**
 * A course's feedback offer as its managers set it (decision 0070): GET/PUT
 * /api/courses/{id}/feedback-settings and PUT /api/lessons/{id}/practice-rule. The API validates
 * with these schemas and the course editor's "Feedback on takes" panel says the same messages.
 */

export const INCLUDED_REVIEWS_MAX = 100;
export const CREDITS_PER_PACK_MAX = 100;
/** A pack's price: at least what a card payment can be (Stripe's $0.50), at most $1,000. */
export const PACK_PRICE_MIN_CENTS = 50;
export const PACK_PRICE_MAX_CENTS = 100_000;
export const RESPONSE_DAYS_MIN = 1;
export const RESPONSE_DAYS_MAX = 60;
export const DELETE_TAKES_DAYS_MAX = 365;

export const FEEDBACK_MODE_LABELS: Record<FeedbackMode, string> = {
  none: 'No feedback on takes',
  included: 'Reviews included with the course',
  credits: 'Feedback credits sold in packs',
};

export const CHOOSE_A_MODE = 'Choose how this course offers feedback: none, included reviews or credits';
export const INCLUDED_RANGE = `Included reviews must be a whole number from 0 to ${INCLUDED_REVIEWS_MAX}`;
export const INCLUDED_NEEDED = 'Give each learner at least 1 included review';
export const PACK_PRICE_RANGE = `A pack must cost from $${(PACK_PRICE_MIN_CENTS / 100).toFixed(2)} to $${(PACK_PRICE_MAX_CENTS / 100).toLocaleString('en-US')}.00`;
export const CREDITS_PER_PACK_RANGE = `Credits per pack must be a whole number from 1 to ${CREDITS_PER_PACK_MAX}`;
export const RESPONSE_DAYS_RANGE = `The answer time must be a whole number of days from ${RESPONSE_DAYS_MIN} to ${RESPONSE_DAYS_MAX}`;
export const DELETE_DAYS_RANGE = `Delete takes after 1 to ${DELETE_TAKES_DAYS_MAX} days, or keep them`;
export const RULE_NEEDS_CLIP = 'Only a video lesson with an uploaded clip can require an approved take.';
export const RULE_NEEDS_FEEDBACK = 'Offer feedback on takes first: only an instructor’s review can approve a take.';
export const RULE_NEEDS_BOOLEAN = 'Say whether the lesson needs an approved take (true or false)';
/** Turning feedback off while lessons are completed only by an approved take would leave learners stuck. */
export const lessonsNeedFeedback = (titles: readonly string[]) =>
  `${titles.length === 1 ? `The lesson “${titles[0]}” is` : `The lessons ${titles.map((t) => `“${t}”`).join(', ')} are`} completed only with an approved take. Untick ${titles.length === 1 ? 'it' : 'them'} first, or keep offering feedback.`;

const whole = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** PUT /api/courses/{id}/feedback-settings: the whole offer (fields left out take their defaults). */
export const feedbackSettingsSchema = z
  .object({
    mode: z.enum(FEEDBACK_MODES, { error: CHOOSE_A_MODE }),
    included_reviews: whole(INCLUDED_RANGE, 0, INCLUDED_REVIEWS_MAX).default(0),
    credit_pack_cents: whole(PACK_PRICE_RANGE, 0, PACK_PRICE_MAX_CENTS).default(0),
    credits_per_pack: whole(CREDITS_PER_PACK_RANGE, 1, CREDITS_PER_PACK_MAX).default(1),
    response_days: whole(RESPONSE_DAYS_RANGE, RESPONSE_DAYS_MIN, RESPONSE_DAYS_MAX).default(3),
    delete_takes_after_days: whole(DELETE_DAYS_RANGE, 1, DELETE_TAKES_DAYS_MAX).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'included' && v.included_reviews < 1) ctx.addIssue({ code: 'custom', path: ['included_reviews'], message: INCLUDED_NEEDED });
    if (v.mode === 'credits' && v.credit_pack_cents < PACK_PRICE_MIN_CENTS) ctx.addIssue({ code: 'custom', path: ['credit_pack_cents'], message: PACK_PRICE_RANGE });
  });
export type FeedbackSettingsInput = z.input<typeof feedbackSettingsSchema>;
export type FeedbackSettingsValues = z.output<typeof feedbackSettingsSchema>;

/** PUT /api/lessons/{id}/practice-rule */
export const practiceRuleSchema = z.object({ requires_approved_take: z.boolean({ error: RULE_NEEDS_BOOLEAN }) });

/** A video lesson of the course and whether it is completed only with an approved take. */
export interface PracticeRuleLesson {
  id: number;
  title: string;
  module_title: string;
  /** The lesson plays an uploaded clip, so learners can practise and send takes of it. */
  practice_ready: boolean;
  requires_approved_take: boolean;
}

/** GET/PUT /api/courses/{id}/feedback-settings: the offer and the course's video lessons with their rule. */
export interface CourseFeedbackSettingsPage extends CourseFeedbackSettingsView {
  lessons: PracticeRuleLesson[];
}

/** PUT /api/lessons/{id}/practice-rule */
export interface LessonPracticeRuleView {
  lesson_id: number;
  course_id: number;
  requires_approved_take: boolean;
}

/** "Feedback credits ×5 — Salsa Basics": an order line's title. */
export const feedbackCreditsTitle = (credits: number, courseTitle: string) => `Feedback credits ×${credits} — ${courseTitle}`;
