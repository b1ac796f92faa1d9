import type { CatalogQuery } from '../site/src/lib/catalog.ts';
import type { CourseRating, CourseReviewView } from './courses/reviews.ts';

/** What the API answers and the site reads of worker/src/services/catalog-freshness.ts (decision 0054). */

/**
 * The public catalog's pages (decisions 0007, 0020, 0043): what `/courses`, its views and
 * `/courses/{id}` show, and content hashes of it.
 *
 * The build renders the list's front view and every course's page and writes their hashes to
 * `dist/catalog-manifest.json`. On a request the site router reads what that one page shows (a
 * page of the list through the catalog's indexes, or one course) and hashes it: the same hash
 * as the build's serves the built page, another renders the page on the server from what was
 * read. Hashes cover only content the pages show, never timestamps or counters, so the same seed
 * gives the same hashes on another database and an enrolment does not make a page "changed".
 */

export interface CatalogLesson {
  id: number;
  title: string;
  type: string;
  position: number;
}

export interface CatalogModule {
  id: number;
  title: string;
  description: string;
  position: number;
  lessons: CatalogLesson[];
}

/** A published course in the snake_case shape of `GET /api/courses/{id}`, as far as the catalog shows it. */
export interface CatalogCourse {
  id: number;
  title: string;
  short_name: string | null;
  description: string;
  detailed_description: string | null;
  /** Dollars; `price_cents` is the integer the hashes use. */
  price: number;
  price_cents: number;
  image_url: string | null;
  preview_video_url: string | null;
  category: { id: number; name: string } | null;
  difficulty_level: string;
  duration: string | null;
  /** The plan a learner needs (decision 0031): 0 everyone, 20 Premium, 30 Royalty. */
  required_level: number;
  instructor: { id: number; first_name: string; last_name: string; username: string } | null;
  module_count: number;
  lesson_count: number;
  enrollment_count: number;
  created_at: string;
  published_at: string | null;
  modules: CatalogModule[];
  /** The rating its page and card show (decision 0066); absent where a course is read from elsewhere. */
  rating?: CourseRating;
  /** The instructor block of the course's page (its own page's read only). */
  instructor_block?: InstructorBlock | null;
  /** The first page of its shown reviews (its own page's read only). */
  reviews?: { data: CourseReviewView[]; next: string | null };
}

/** Another published course of the instructor, as a small card of the course page. */
export interface InstructorOtherCourse {
  id: number;
  title: string;
  image_url: string | null;
  price_cents: number;
  rating: CourseRating;
}

/** Who teaches a course, as its page shows them: photo, name, the start of the bio, other courses. */
export interface InstructorBlock {
  id: number;
  name: string;
  profile_image_url: string | null;
  /** The first ~300 characters of the profile's bio. */
  bio: string;
  other_courses: InstructorOtherCourse[];
}

export interface CatalogCategory {
  id: number;
  name: string;
}

/** One view of /courses: its page of cards (no outlines), the total, and the style names the filter offers. */
export interface CourseListView {
  /** The view's query, its style spelled as the category is named. */
  query: CatalogQuery;
  courses: CatalogCourse[];
  total: number;
  /** The page shown: a page past the end shows the last one. */
  page: number;
  pageCount: number;
  categories: CatalogCategory[];
}
