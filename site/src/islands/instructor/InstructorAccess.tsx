import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { canCreateCourses } from '../../../../worker/src/domain/courses.ts';
import { roleList } from '../../../../worker/src/domain/roles.ts';
import { $auth, loadUser, type User } from '../../stores/auth.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import AccessDenied from '../course-admin/AccessDenied.tsx';
import '../../styles/course-admin.css';

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** The empty state of an instructor without courses. */
export function NoCoursesYet() {
  return (
    <>
      You have no courses yet. <a href="/instructor/courses/create">Create your first course</a>.
    </>
  );
}

/** The instructor area is for ADMIN and the instructor roles (INSTRUCTOR, INSTRUCTOR_ADMIN, COURSE_CREATOR). */
export default function InstructorAccess({ children }: { children: (user: User) => ReactNode }) {
  const auth = useStore($auth, { ssr: 'initial' });
  const hydrated = useHydrated();
  useEffect(() => {
    void loadUser().catch(() => undefined);
  }, []);
  if (!hydrated || auth.status === 'loading') return <Loading />;
  const user = auth.user;
  if (!user || !canCreateCourses(roleList(user.role))) return <AccessDenied />;
  return <>{children(user)}</>;
}
