import { useStore } from '@nanostores/react';
import { countLabel } from '../../lib/plural.ts';
import { useEffect, useState } from 'react';
import { loaded } from '../../stores/course-admin.ts';
import { $myCourses, $teachingEnrollments, initInstructorDashboard, learnerName } from '../../stores/instructor.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { DataTable, ListStates } from '../course-admin/list-parts.tsx';
import InstructorAccess from './InstructorAccess.tsx';
import InviteLearners from './InviteLearners.tsx';

function Students() {
  const coursesState = useStore($myCourses);
  const state = useStore($teachingEnrollments);
  const [courseId, setCourseId] = useState<number | 'all'>('all');
  const [search, setSearch] = useState('');

  useEffect(() => {
    initInstructorDashboard();
    const fromUrl = new URLSearchParams(location.search).get('courseId');
    if (fromUrl && /^\d+$/.test(fromUrl)) setCourseId(Number(fromUrl));
  }, []);

  const courses = loaded(coursesState) ?? [];
  const all = loaded(state);
  const term = search.trim().toLowerCase();
  const rows = (all ?? []).filter(
    (e) =>
      (courseId === 'all' || e.course_id === courseId) &&
      (!term || learnerName(e.user).toLowerCase().includes(term) || e.user.username.toLowerCase().includes(term) || (e.user.email ?? '').toLowerCase().includes(term)),
  );

  return (
    // One column that may shrink below its tables' width: the tables scroll inside their frames at 390 px.
    <div className="ca-stack" style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <form className="ca-inline-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="students-course">Course</label>
          <select id="students-course" value={String(courseId)} onChange={(e) => setCourseId(e.currentTarget.value === 'all' ? 'all' : Number(e.currentTarget.value))}>
            <option value="all">All my courses</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="students-search">Search learners</label>
          <input id="students-search" type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder="Name, username or email" />
        </div>
      </form>
      <InviteLearners courses={courses} courseId={courseId} />
      <h2 className="admin-section-title">Enrolled learners</h2>
      <ListStates
        state={state}
        items={all && rows}
        loadingLabel="Loading students..."
        empty={all?.length === 0 ? 'No one is enrolled in your courses yet.' : 'No enrolments match.'}
      />
      {rows.length > 0 && (
        <DataTable caption="Enrolments in your courses" columns={['Learner', 'Course', 'Enrolled', 'Progress', 'Completed', 'Certificate']}>
          {rows.map((e) => (
            <tr key={e.id}>
              <th scope="row">
                {learnerName(e.user)}
                <span className="admin-sub">{e.user.email ?? e.user.username}</span>
              </th>
              <td>{e.course.title}</td>
              <td>{formatDate(e.enrolled_at)}</td>
              <td>
                <span className="ca-progress">
                  <progress max={100} value={e.progress_percent} aria-label={`Progress of ${learnerName(e.user)}`} />
                  {e.progress_percent}%
                </span>
                <span className="admin-sub">
                  {e.completed_lessons} of {countLabel(e.total_lessons, 'lesson')}
                </span>
              </td>
              <td>{e.completed_at ? formatDate(e.completed_at) : <span className="muted">—</span>}</td>
              <td>
                {e.certificate ? (
                  <span className={e.certificate.revoked ? 'badge badge-danger' : 'badge badge-success'}>
                    {e.certificate.code}
                    {e.certificate.revoked ? ' (revoked)' : ''}
                  </span>
                ) : (
                  <a href={`/instructor/certificates/issue?courseId=${e.course_id}&userId=${e.user_id}`}>Issue</a>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

/** /instructor/students: who is enrolled where and how far they got. */
function InstructorStudents() {
  return <InstructorAccess>{() => <Students />}</InstructorAccess>;
}

export default withErrorBoundary(InstructorStudents);
