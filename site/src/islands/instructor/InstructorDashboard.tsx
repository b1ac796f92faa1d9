import { useStore } from '@nanostores/react';
import { countLabel } from '../../lib/plural.ts';
import { useEffect } from 'react';
import { formatCurrency } from '../../lib/currency.ts';
import { COURSE_STATUS_LABELS, loaded } from '../../stores/course-admin.ts';
import { $instructorStats, $myCourses, $teachingEnrollments, initInstructorDashboard, learnerName } from '../../stores/instructor.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { DataTable } from '../course-admin/list-parts.tsx';
import InstructorAccess, { Loading, NoCoursesYet } from './InstructorAccess.tsx';

function Stat({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <div className="ca-stat">
      <span className="ca-stat-value">{value}</span>
      <span className="ca-stat-label">{label}</span>
      {detail && <span className="ca-stat-label"> · {detail}</span>}
    </div>
  );
}

function Dashboard() {
  const stats = useStore($instructorStats);
  const coursesState = useStore($myCourses);
  const enrollmentsState = useStore($teachingEnrollments);
  useEffect(() => {
    initInstructorDashboard();
  }, []);

  const courses = loaded(coursesState);
  const enrollments = loaded(enrollmentsState) ?? [];
  const recent = [...enrollments].sort((a, b) => (b.enrolled_at ?? '').localeCompare(a.enrolled_at ?? '')).slice(0, 8);
  const completions = enrollments.filter((e) => e.completed || e.completed_at).sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? '')).slice(0, 8);

  return (
    <div className="ca-stack">
      {(coursesState.status === 'error' || enrollmentsState.status === 'error') && (
        <p className="alert alert-error" role="alert">
          {coursesState.status === 'error' ? coursesState.message : enrollmentsState.status === 'error' ? enrollmentsState.message : ''}
        </p>
      )}
      {!stats ? (
        coursesState.status !== 'error' && enrollmentsState.status !== 'error' && <Loading label="Loading dashboard..." />
      ) : (
        <section aria-label="Summary" className="ca-stat-grid">
          <Stat label="Courses" value={stats.courses} detail={`${stats.published} published, ${countLabel(stats.drafts, 'draft')}`} />
          <Stat label="Enrolments" value={stats.enrollments} detail={countLabel(stats.learners, 'learner')} />
          <Stat label="Completions" value={stats.completions} />
          <Stat label="Average progress" value={`${stats.averageProgress}%`} />
        </section>
      )}

      <div className="cluster">
        <a className="btn btn-primary" href="/instructor/courses/create">
          Create a course
        </a>
        <a className="btn btn-secondary" href="/instructor/students">
          See all students
        </a>
        <a className="btn btn-secondary" href="/instructor/certificates/issue">
          Issue a certificate
        </a>
      </div>

      <section className="ca-panel" aria-labelledby="dash-courses">
        <h2 id="dash-courses" style={{ marginTop: 0 }}>
          My courses
        </h2>
        {!courses ? (
          coursesState.status !== 'error' && <Loading label="Loading courses..." />
        ) : courses.length === 0 ? (
          <p className="ca-empty">
            <NoCoursesYet />
          </p>
        ) : (
          <DataTable columns={['Course', 'Status', 'Price', 'Modules', 'Enrolments', 'Completions']}>
            {courses.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <a href={`/instructor/courses/${c.id}`}>{c.title}</a>
                </th>
                <td>{COURSE_STATUS_LABELS[c.status]}</td>
                <td>{formatCurrency(c.price)}</td>
                <td>{c.moduleCount}</td>
                <td>{c.enrollmentCount}</td>
                <td>{enrollments.filter((e) => e.course_id === c.id && (e.completed || e.completed_at)).length}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <div className="grid-2">
        <section className="ca-panel" aria-labelledby="dash-recent">
          <h2 id="dash-recent" style={{ marginTop: 0 }}>
            Recent enrolments
          </h2>
          {recent.length === 0 ? (
            <p className="muted">No enrolments yet.</p>
          ) : (
            <ul className="stack-sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {recent.map((e) => (
                <li key={e.id}>
                  <strong>{learnerName(e.user)}</strong> in {e.course.title} <span className="muted text-sm">· {formatDate(e.enrolled_at)} · {e.progress_percent}%</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="ca-panel" aria-labelledby="dash-completions">
          <h2 id="dash-completions" style={{ marginTop: 0 }}>
            Recent completions
          </h2>
          {completions.length === 0 ? (
            <p className="muted">No completions yet.</p>
          ) : (
            <ul className="stack-sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {completions.map((e) => (
                <li key={e.id}>
                  <strong>{learnerName(e.user)}</strong> completed {e.course.title} <span className="muted text-sm">· {formatDate(e.completed_at)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** /instructor and /instructor/dashboard: own courses, enrolments and completions. */
function InstructorDashboard() {
  return <InstructorAccess>{() => <Dashboard />}</InstructorAccess>;
}

export default withErrorBoundary(InstructorDashboard);
