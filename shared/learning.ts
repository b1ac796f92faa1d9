import type { LessonType } from '../worker/src/domain/learning.ts';
import type { LessonVideo } from '../worker/src/domain/video.ts';
import type { CertificateRef, CourseSummary, EnrollmentView, ProgressView } from './learning-views.ts';

/** What the API answers and the site reads of worker/src/services/learning.ts (decision 0054). */

// ---------------------------------------------------------------------------------------------
// The player

export interface PlayerLesson {
  id: number;
  title: string;
  type: LessonType;
  position: number;
  completed: boolean;
  quizzes: { id: number; title: string; passed: boolean }[];
}

export interface PlayerModule {
  id: number;
  title: string;
  description: string;
  position: number;
  locked: boolean;
  lessons: PlayerLesson[];
}

export interface PlayerData extends ProgressView {
  course: CourseSummary;
  /** True when a manager looks without being enrolled: nothing is recorded. */
  preview: boolean;
  enrollment: EnrollmentView | null;
  modules: PlayerModule[];
  resume_lesson_id: number | null;
  certificate: CertificateRef | null;
}

export interface LessonQuizView {
  id: number;
  title: string;
  description: string;
  pass_score: number;
  question_count: number;
  best_score: number | null;
  attempts: number;
  passed: boolean;
}

export interface LessonView {
  id: number;
  module_id: number;
  course_id: number;
  title: string;
  description: string;
  type: LessonType;
  position: number;
  content: string;
  /** Markdown rendered on the server (raw HTML shown as text, safe links only); null when the lesson plays a video. */
  content_html: string | null;
  video: LessonVideo | null;
  completed: boolean;
  prev_lesson_id: number | null;
  next_lesson_id: number | null;
  /** The next lesson is in a module still locked for this learner. */
  next_locked: boolean;
  module: { id: number; title: string };
  /** image_url: the course image, the poster of a lesson video (always public, decision 0015). */
  course: { id: number; title: string; lock_modules: boolean; image_url: string | null };
  quizzes: LessonQuizView[];
  preview: boolean;
}

export interface CompletionView extends ProgressView {
  course_id: number;
  course_completed: boolean;
  certificate: CertificateRef | null;
}
