import { useStore } from '@nanostores/react';
import { countLabel } from '../../lib/plural.ts';
import { useEffect } from 'react';
import { formatCents, formatCurrency } from '../../lib/currency.ts';
import { $instructorDashboard, loadInstructorDashboard } from '../../stores/dashboards.ts';
import { COURSE_STATUS_LABELS, loaded } from '../../stores/course-admin.ts';
import { $instructorStats, $myCourses, initInstructorOverview, learnerName } from '../../stores/instructor.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { DataTable } from '../course-admin/list-parts.tsx';
import InstructorAccess, { Loading, NoCoursesYet } from './InstructorAccess.tsx';
import QuestionsWaiting from '../../components/QuestionsWaiting.tsx';

function Stat({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <div className="ca-stat">
      <span className="ca-stat-value">{value}</span>
      <span className="ca-stat-label">{label}</span>
      {detail && <span className="ca-stat-label"> · {detail}</span>}
    </div>
  );
}

const sessionTime = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const monthName = (month: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${month}-01T00:00:00Z`));

/** Connect & Book beside the courses: sessions to come and this month's earnings from bookings, packages and feedback credits. */
function Sessions() {
  const state = useStore($instructorDashboard);
  useEffect(() => {
    void loadInstructorDashboard();
  }, []);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  return (
    <section className="ca-panel" aria-labelledby="dash-sessions">
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 id="dash-sessions" style={{ marginTop: 0 }}>
          Bookings
        </h2>
        <a href="/instructor/bookings">All bookings</a>
      </div>
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {!data && state.status !== 'error' && <Loading label="Loading bookings..." />}
      {data && (
        <div className="ca-stack">
          <div className="ca-stat-grid" role="group" aria-label="Bookings figures">
            <Stat label="Upcoming sessions" value={data.bookings.upcoming} />
            <Stat label={`Taught in ${monthName(data.month)}`} value={data.bookings.taught_this_month} />
            <Stat
              label={`Earned in ${monthName(data.month)}`}
              value={formatCents(data.earnings.month_net_cents)}
              detail={`Sessions, packages and feedback credits: ${formatCents(data.earnings.month_gross_cents)} before the platform fee · ${countLabel(data.earnings.packages_sold, 'package')} sold`}
            />
          </div>
          {data.bookings.next.length === 0 ? (
            <p className="muted">
              No sessions booked yet. <a href="/connect/get-booked">Set up Get Booked</a> so learners can book lessons with you.
            </p>
          ) : (
            <ul className="stack-sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Next sessions">
              {data.bookings.next.map((b) => (
                <li key={b.id}>
                  <strong>{b.title}</strong> with {b.learner}{' '}
                  <time className="muted text-sm" dateTime={b.starts_at}>
                    · {sessionTime.format(new Date(b.starts_at))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** Takes learners sent for feedback that wait for an answer (decision 0070), with the way to the queue. */
function FeedbackWaiting() {
  const state = useStore($instructorDashboard);
  useEffect(() => {
    void loadInstructorDashboard();
  }, []);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (!data) return null;
  const waiting = data.feedback_waiting;
  return (
    <section className="ca-panel" aria-labelledby="dash-feedback">
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 id="dash-feedback" style={{ marginTop: 0 }}>
          Feedback on takes
        </h2>
        <a href="/instructor/feedback">{waiting > 0 ? 'Answer them' : 'Feedback requests'}</a>
      </div>
      <div className="ca-stat-grid" role="group" aria-label="Feedback figures">
        <Stat label={waiting === 1 ? 'take waiting for your feedback' : 'takes waiting for your feedback'} value={waiting} />
      </div>
    </section>
  );
}

function Dashboard() {
  const statsState = useStore($instructorStats);
  const coursesState = useStore($myCourses);
  useEffect(() => {
    initInstructorOverview();
  }, []);

  // The figures and the newest few come from the server's running totals (decision 0077).
  const courses = loaded(coursesState);
  const stats = loaded(statsState);
  const recent = stats?.recent_enrollments ?? [];
  const completions = stats?.recent_completions ?? [];
  const completionsOf = new Map(stats?.per_course.map((c) => [c.id, c.completions]));

  return (
    <div className="ca-stack">
      {(coursesState.status === 'error' || statsState.status === 'error') && (
        <p className="alert alert-error" role="alert">
          {coursesState.status === 'error' ? coursesState.message : statsState.status === 'error' ? statsState.message : ''}
        </p>
      )}
      {!stats ? (
        statsState.status !== 'error' && <Loading label="Loading dashboard..." />
      ) : (
        <section aria-label="Summary" className="ca-stat-grid">
          <Stat label="Courses" value={stats.courses} detail={`${stats.published} published, ${countLabel(stats.drafts, 'draft')}`} />
          <Stat label="Enrolments" value={stats.enrollments} detail={countLabel(stats.learners, 'learner')} />
          <Stat label="Completions" value={stats.completions} />
          <Stat label="Average progress" value={`${stats.average_progress}%`} />
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
                <td>{completionsOf.get(c.id) ?? (stats ? 0 : '…')}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <FeedbackWaiting />

      <QuestionsWaiting scope="teaching" />

      <Sessions />

      <div className="grid-2">
        <section className="ca-panel" aria-labelledby="dash-recent">
          <h2 id="dash-recent" style={{ marginTop: 0 }}>
            Recent enrolments
          </h2>
          {!stats ? (
            statsState.status !== 'error' && <Loading label="Loading enrolments..." />
          ) : recent.length === 0 ? (
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
          {!stats ? (
            statsState.status !== 'error' && <Loading label="Loading completions..." />
          ) : completions.length === 0 ? (
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
