import type { CatalogCourse, CourseListView } from '../../../shared/catalog-freshness.ts';
import type { VerifyAnswer } from '../../../shared/certificates.ts';
import type { CommunityPreview } from '../../../shared/community.ts';
import type { PlansPage } from '../../../shared/plans-page.ts';
import type { PublicProfileView } from '../../../shared/bookings/views.ts';
import type { ConnectPage } from '../../../shared/connect/connect-page.ts';
import type { PublicUserView } from '../../../shared/users.ts';
import type { SellerStorePage, StoreListPage, StoreResourcePage } from '../../../shared/store-page-types.ts';

/**
 * Server rendering of the public pages from the same Astro components the build pre-renders
 * (decision 0020). The build compiles the on-demand pages (site/src/pages/rendered/) into a
 * module that implements this; the runtimes hand it to the app as `platform.renderer`. The data
 * is read by the app and given to the page: Astro's code never opens the database.
 */

export interface CategoryOption {
  id: number;
  name: string;
}

/** The public profile of an instructor as its pages show it. */
export interface InstructorPageData {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  bio: string;
  profile_image_url: string | null;
  courses: CatalogCourse[];
  /** The Connect & Book part (decision 0032), when the instructor has a published profile. */
  connect?: PublicProfileView | null;
  /** The profile's first questions (decision 0075). */
  questions: CommunityPreview;
}

/** What each server-rendered page is given. */
export interface RenderedPages {
  'course-list': CourseListView;
  course: { course: CatalogCourse };
  'course-enroll': { course: CatalogCourse };
  'guest-enroll': { course: CatalogCourse };
  instructor: { instructor: InstructorPageData };
  'instructor-courses': { instructor: InstructorPageData };
  /** /profile/{userId}: what anyone may see of a member; null when there is no such active member. */
  profile: { profile: PublicUserView | null };
  /** /verify/{code}: the code as typed and the verification's answer. */
  verify: { code: string; answer: VerifyAnswer };
  /** The curriculum store (decision 0029): /curriculum and its views, /curriculum/{id}, /sellers/{id}. */
  'store-list': StoreListPage;
  'store-resource': StoreResourcePage;
  'seller-store': SellerStorePage;
  /** /subscription (decision 0031): the active plans, the plan `?tier=` highlights, the interval shown. */
  plans: PlansPage;
  /** /connect, /connect-updated, /connect-old (decision 0032): the directory of published profiles. */
  connect: ConnectPage;
}

export type RenderedPageName = keyof RenderedPages;

/** The key the page's data is under in `Astro.locals`. */
export const PAGE_DATA_LOCAL = 'drxPage';

export interface PageRenderer {
  /**
   * The page `name` for the address of `request` (its path is what the page shows as its own
   * address), rendered with `data`: a complete HTML answer.
   */
  render<K extends RenderedPageName>(name: K, request: Request, data: RenderedPages[K]): Promise<Response>;
}
