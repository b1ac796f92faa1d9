import type { quizzes } from '../db/schema/index.ts';

/** What the API answers and the site reads of worker/src/services/course-views.ts (decision 0054). */

export interface QuizView {
  id: number;
  title: string;
  description: string;
  passScore: number;
  lessonId: number;
  questionCount: number;
  /** Attempt rules (decision 0012): null = unlimited; minutes after a failed attempt; per-attempt order; when answers show. */
  maxAttempts: number | null;
  attemptWaitMinutes: number;
  shuffleQuestions: boolean;
  revealAnswers: (typeof quizzes.$inferSelect)['revealAnswers'];
}

export interface QuestionView {
  id: number;
  quizId: number;
  question: string;
  options: string[];
  correctOption: number;
  position: number;
}
