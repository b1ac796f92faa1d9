import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { imageUrl } from '../lib/image-url.ts';
import { PLACEHOLDER_IMAGE } from '../lib/catalog.ts';
import { playerPath } from '../lib/learning.ts';
import { $myCourses, loadMyCourses } from '../stores/learning.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { LoadFailure, Loading, ProgressBar } from './learning-parts.tsx';

/** /my-courses: every course I am enrolled in, with progress and a Continue button. */
function MyCourses() {
  const state = useStore($myCourses);

  useEffect(() => {
    void loadMyCourses();
  }, []);

  if (state.status === 'loading' || state.status === 'idle') return <Loading text="Loading your courses..." />;
  if (state.status !== 'ready') return <LoadFailure state={state} courseId={null} what="course list" />;
  if (state.data.length === 0) {
    return (
      <div className="panel center">
        <p className="lead">You are not enrolled in any course yet.</p>
        <a className="btn btn-primary" href="/courses">
          Browse courses
        </a>
      </div>
    );
  }
  return (
    <ul className="grid course-grid" aria-label="My courses">
      {state.data.map((e) => {
        return (
          <li key={e.id}>
            <article className="card course-card">
              <img
                src={e.course.image_url ? imageUrl(e.course.image_url) : PLACEHOLDER_IMAGE}
                alt=""
                className="card-media"
                width={640}
                height={360}
                loading="lazy"
                onError={(ev) => {
                  if (!ev.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) ev.currentTarget.src = PLACEHOLDER_IMAGE;
                }}
              />
              <div className="card-body stack-sm">
                <h2 className="card-title">{e.course.title}</h2>
                {e.course.instructor && (
                  <p className="text-sm muted" style={{ margin: 0 }}>
                    with {[e.course.instructor.first_name, e.course.instructor.last_name].filter(Boolean).join(' ')}
                  </p>
                )}
                <ProgressBar percent={e.progress_percent} completed={e.completed_lessons} total={e.total_lessons} label="Progress" />
                {e.course.status !== 'published' && <p className="text-sm muted">This course is no longer offered to new learners; your access stays.</p>}
              </div>
              <div className="card-footer cluster" style={{ justifyContent: 'space-between' }}>
                <a className="btn btn-primary btn-sm" href={playerPath(e.course.id)}>
                  {e.completed ? 'Review' : 'Continue'}
                  <span className="visually-hidden">: {e.course.title}</span>
                </a>
                {e.certificate && !e.certificate.revoked && (
                  <a className="btn btn-ghost btn-sm" href={`/certificates/${e.certificate.id}`}>
                    Certificate<span className="visually-hidden">: {e.course.title}</span>
                  </a>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

export default withErrorBoundary(MyCourses);
