import type { CourseStatus } from '../worker/src/domain/courses.ts';

/** What the API answers and the site reads of worker/src/services/courses.ts (decision 0054). */

// ---------------------------------------------------------------------------------------------
// Shapes

export interface InstructorRef {
  id: number;
  first_name: string;
  last_name: string;
  /** Shown when the instructor has no name on their profile. */
  username: string;
  profile_image_url: string | null;
}

/** A course as the API answers it (snake_case), as the catalog lists it. */
export interface CourseSummary {
  id: number;
  title: string;
  short_name: string | null;
  description: string;
  instructor_id: number | null;
  /** true = published, false = draft or archived. */
  visible: boolean;
  status: CourseStatus;
  /** Dollars. */
  price: number;
  price_cents: number;
  image_url: string | null;
  video_url: string | null;
  preview_video_url: string | null;
  category_id: number | null;
  category: { id: number; name: string } | null;
  difficulty_level: 'beginner' | 'intermediate' | 'advanced';
  duration: string | null;
  lock_modules: boolean;
  /** The plan a learner needs (decision 0031): 0 everyone, 20 Premium, 30 Royalty. */
  required_level: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  instructor: InstructorRef | null;
  module_count: number;
  lesson_count: number;
  enrollment_count: number;
  /** The course's rating from its shown reviews (decision 0066): a counter, up to a minute old in cached answers. */
  rating_average: number;
  rating_count: number;
}

export interface QuizRef {
  id: number;
  title: string;
  passScore: number;
  questionCount: number;
}

/** A lesson in the outline everybody may see: no description and no content. */
export interface LessonOutline {
  id: number;
  module_id: number;
  title: string;
  type: 'text' | 'video' | 'quiz';
  order: number;
  position: number;
  quiz: QuizRef | null;
  quizzes: QuizRef[];
}

/** A lesson as its course's managers see it. */
export interface LessonView extends LessonOutline {
  description: string;
  content: string;
}

export interface ModuleView<L extends LessonOutline = LessonOutline> {
  id: number;
  course_id: number;
  title: string;
  description: string;
  order: number;
  position: number;
  lessonCount: number;
  lessons: L[];
}

export interface CourseDetail<L extends LessonOutline = LessonOutline> extends CourseSummary {
  detailed_description: string | null;
  modules: ModuleView<L>[];
}

/** An entry of the course administration list: the fields that screen reads. */
export interface ManagedCourseItem {
  id: number;
  title: string;
  description: string;
  price: number;
  status: CourseStatus;
  visible: boolean;
  imageUrl: string | null;
  moduleCount: number;
  lessonCount: number;
  enrollmentCount: number;
  instructorId: number | null;
  /** First and last name; null when the instructor has none (the screen then shows 'Instructor #id'). */
  instructorName: string | null;
  createdAt: string;
  updatedAt: string;
  fullVideoUrl: string | null;
  previewVideoUrl: string | null;
  /** The plan a learner needs: 0, 20 or 30 (decision 0031). */
  requiredLevel: number;
  /** Whether this viewer may edit or delete it (INSTRUCTOR_ADMIN lists all but manages own). */
  canManage: boolean;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}
