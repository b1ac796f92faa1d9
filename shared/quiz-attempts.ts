import type { AttemptBlock, QuizGrade, RevealedResult, RevealPolicy } from '../worker/src/domain/learning.ts';
import type { CompletionView } from './learning.ts';

/** What the API answers and the site reads of worker/src/services/quiz-attempts.ts (decision 0054). */

/** Where the learner stands with a quiz's attempt rules; part of the quiz read and of an attempt's answer. */
export interface AttemptStanding {
  attempts: number;
  /** null = unlimited. */
  max_attempts: number | null;
  attempts_left: number | null;
  attempt_wait_minutes: number;
  can_attempt: boolean;
  /** Why no attempt can be made now: no questions, already passed, no attempts left, or waiting. */
  blocked: AttemptBlock | null;
  /** ISO time the next attempt opens, when waiting. */
  next_attempt_at: string | null;
}

export interface QuizView extends AttemptStanding {
  id: number;
  lesson_id: number;
  module_id: number;
  course_id: number;
  title: string;
  description: string;
  pass_score: number;
  /** In the order of the learner's next attempt; never the correct option. */
  questions: { id: number; question: string; options: string[] }[];
  best_score: number | null;
  passed: boolean;
  shuffle_questions: boolean;
  reveal_answers: RevealPolicy;
  preview: boolean;
}

export type AttemptResult = Omit<QuizGrade, 'results'> &
  CompletionView &
  AttemptStanding & {
    attempt_id: number;
    quiz_id: number;
    lesson_completed: boolean;
    /** Each of the learner's answers, right or wrong; `correct_option` only when answers_revealed. */
    results: RevealedResult[];
    answers_revealed: boolean;
  };
