import { useStore } from '@nanostores/react';
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { COURSE_ADMIN_TEXT } from '../../../../worker/src/domain/courses.ts';
import FeatureGate from '../../components/FeatureGate.tsx';
import { $auth, loadUser, type User } from '../../stores/auth.ts';
import {
  $courseAdminTab,
  $selectedCourseId,
  canManageCourses,
  courseIdFromPath,
  initCourseAdmin,
  isPlatformAdmin,
  openDialog,
  setCourseAdminTab,
  type AccessMode,
  type CourseAdminTab,
} from '../../stores/course-admin.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import AccessDenied from './AccessDenied.tsx';
import CourseAdminDialogs from './CourseAdminDialogs.tsx';
import CourseDetails from './CourseDetails.tsx';
import CourseGrid from './CourseGrid.tsx';
import '../../styles/course-admin.css';

export interface CourseAdministrationProps {
  /**
   * 'admin': the course administration screen for ADMIN and INSTRUCTOR_ADMIN (every course). 'instructor': the
   * same screen in the instructor area, for every instructor role, listing their own courses.
   */
  mode?: AccessMode;
  /** Open the course whose id is in the address (/instructor/courses/{id}). */
  courseFromPath?: boolean;
  /** Where a missing or malformed id in the address leads. */
  listHref?: string;
}

function Loading() {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {COURSE_ADMIN_TEXT.loading}
    </p>
  );
}

/**
 * The course administration screen. Users who may not manage courses see Access Denied;
 * the others pass the feature gate 'Course Administration' (level 10; admins pass every gate).
 */
function CourseAdministration({ mode = 'admin', courseFromPath = false, listHref = '/admin/courses' }: CourseAdministrationProps) {
  const auth = useStore($auth, { ssr: 'initial' });
  const hydrated = useHydrated();
  useEffect(() => {
    void loadUser().catch(() => undefined);
  }, []);
  if (!hydrated || auth.status === 'loading') return <Loading />;
  if (!auth.user || !canManageCourses(auth.user.role, mode)) return <AccessDenied />;
  return (
    <FeatureGate feature="course_administration" loading={<Loading />}>
      <CourseAdminScreen user={auth.user} mode={mode} courseFromPath={courseFromPath} listHref={listHref} />
    </FeatureGate>
  );
}

function CourseAdminScreen({ user, mode, courseFromPath, listHref }: Required<CourseAdministrationProps> & { user: User }) {
  const tab = useStore($courseAdminTab);
  const selected = useStore($selectedCourseId);
  const showInstructor = isPlatformAdmin(user.role);

  useEffect(() => {
    let courseId: number | null = null;
    if (courseFromPath) {
      courseId = courseIdFromPath(location.pathname);
      if (courseId == null) {
        location.replace(listHref);
        return;
      }
    }
    initCourseAdmin(user, mode, courseId);
    // Starts once per signed-in user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.id]);

  const editPageHref = mode === 'admin' && showInstructor ? (id: number) => `/admin/courses/${id}/edit` : (id: number) => `/instructor/courses/${id}/edit`;

  return (
    <div className="ca-stack">
      {/* The page header carries the subtitle; one way to create a course per area. */}
      <div className="ca-toolbar ca-toolbar-end">
        {mode === 'instructor' ? (
          <a className="btn btn-primary" href="/instructor/courses/create">
            Create Course
          </a>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => openDialog({ kind: 'course' })}>
            Create Course
          </button>
        )}
      </div>

      <Tabs.Root className="tabs" value={tab} onValueChange={(v) => setCourseAdminTab(v as CourseAdminTab)}>
        <Tabs.List aria-label="Course administration">
          <Tabs.Trigger value="courses">All Courses</Tabs.Trigger>
          <Tabs.Trigger value="details" disabled={selected == null}>
            Course Details
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="courses">
          <CourseGrid />
        </Tabs.Content>
        <Tabs.Content value="details">{selected != null && <CourseDetails editPageHref={editPageHref} publicHref={(id) => `/courses/${id}`} />}</Tabs.Content>
      </Tabs.Root>

      <CourseAdminDialogs showInstructor={showInstructor} />
    </div>
  );
}

export default withErrorBoundary(CourseAdministration);
