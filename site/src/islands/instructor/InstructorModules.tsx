import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $selectedCourseId, initCourseAdmin, loaded, selectCourse } from '../../stores/course-admin.ts';
import { $myCourses, loadMyCourses } from '../../stores/instructor.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import CourseAdminDialogs from '../course-admin/CourseAdminDialogs.tsx';
import CourseDetails from '../course-admin/CourseDetails.tsx';
import { ListStates } from '../course-admin/list-parts.tsx';
import InstructorAccess, { NoCoursesYet } from './InstructorAccess.tsx';
import type { User } from '../../stores/auth.ts';

function Modules({ user }: { user: User }) {
  const coursesState = useStore($myCourses);
  const selected = useStore($selectedCourseId);
  useEffect(() => {
    initCourseAdmin(user, 'instructor');
    void loadMyCourses().then((list) => {
      const fromUrl = Number(new URLSearchParams(location.search).get('courseId'));
      const first = list.find((c) => c.id === fromUrl) ?? list[0];
      if (first) selectCourse(first.id);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const courses = loaded(coursesState);

  function choose(id: number) {
    selectCourse(id);
    const url = new URL(location.href);
    url.searchParams.set('courseId', String(id));
    history.replaceState(history.state, '', url.pathname + url.search);
  }

  return (
    <div className="ca-stack">
      <ListStates state={coursesState} items={courses} loadingLabel="Loading courses..." empty={<NoCoursesYet />} />
      {courses && courses.length > 0 && (
        <div className="field" style={{ maxWidth: '28rem' }}>
          <label htmlFor="module-page-course">Course</label>
          <select id="module-page-course" value={selected ?? ''} onChange={(e) => choose(Number(e.currentTarget.value))}>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
      )}
      {selected != null && <CourseDetails editPageHref={(id) => `/instructor/courses/${id}/edit`} publicHref={(id) => `/courses/${id}`} />}
      <CourseAdminDialogs showInstructor={false} />
    </div>
  );
}

/** /instructor/instructor-module-page: the modules and lessons of one of my courses. */
function InstructorModules() {
  return <InstructorAccess>{(user) => <Modules user={user} />}</InstructorAccess>;
}

export default withErrorBoundary(InstructorModules);
