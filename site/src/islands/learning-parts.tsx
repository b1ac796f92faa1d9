import type { CertificateRef } from '../../../shared/learning-views.ts';
import { countLabel } from '../lib/plural.ts';
import { PLAN_ENDED_MESSAGE } from '../../../shared/course-plan-access.ts';
import type { Loadable } from '../stores/query.ts';

/** Small pieces shared by the learner's islands (player, lesson, module, quiz, my courses). */

export function Loading({ text }: { text: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
}

type Failed = Extract<Loadable<unknown>, { status: 'error' }>;

/**
 * A learner whose plan no longer includes the course (decision 0063): the lessons are closed,
 * progress and certificates stay; Renew or upgrade opens the upgrade dialog in place.
 */
function PlanEnded({ message, courseId }: { message: string; courseId: number | null }) {
  const renew = () => void import('./upgrade-required-mount.tsx').then((m) => m.openUpgradeDialog());
  return (
    <div className="stack" data-plan-ended>
      <h1>Your plan has ended</h1>
      <p className="alert alert-info" role="status">
        {message}
      </p>
      <p className="cluster">
        <button type="button" className="btn btn-primary" onClick={renew}>
          Renew or upgrade
        </button>
        {courseId !== null && (
          <a className="btn btn-ghost" href={`/courses/${courseId}`}>
            About the course
          </a>
        )}
        <a className="btn btn-ghost" href="/my-certifications">
          My certificates
        </a>
      </p>
    </div>
  );
}

/** Not found, not enrolled or locked, or a failure, each with the way forward. */
export function LoadFailure({ state, courseId, what }: { state: Failed; courseId: number | null; what: string }) {
  if (state.notFound) {
    return (
      <div className="not-found">
        <h1>{what.charAt(0).toUpperCase() + what.slice(1)} not found</h1>
        <p className="lead">This {what} does not exist or is no longer available.</p>
        <a className="btn btn-primary" href="/my-courses">
          Go to My Courses
        </a>
      </div>
    );
  }
  if (state.forbidden && state.message === PLAN_ENDED_MESSAGE) return <PlanEnded message={state.message} courseId={courseId} />;
  if (state.forbidden) {
    const locked = /locked/i.test(state.message);
    return (
      <div className="stack">
        <h1>{locked ? 'This module is locked' : 'Enrol to continue'}</h1>
        <p className="alert alert-info" role="status">
          {state.message}
        </p>
        <p className="cluster">
          {courseId !== null &&
            (locked ? (
              <a className="btn btn-primary" href={`/learn/courses/${courseId}`}>
                Back to the course
              </a>
            ) : (
              <a className="btn btn-primary" href={`/courses/${courseId}/enroll`}>
                Enrol in this course
              </a>
            ))}
          {courseId !== null && !locked && (
            <a className="btn btn-ghost" href={`/courses/${courseId}`}>
              About the course
            </a>
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="alert alert-error" role="alert">
      <p className="alert-title">Something went wrong</p>
      <p>{state.message}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => location.reload()}>
        Refresh Page
      </button>
    </div>
  );
}

export function ProgressBar({ percent, completed, total, label = 'Course progress' }: { percent: number; completed: number; total: number; label?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="progress">
      <div className="cluster text-sm" style={{ justifyContent: 'space-between' }}>
        <span>{label}</span>
        <span>
          <strong>{value}% complete</strong>
          {total > 0 && (
            <span className="muted">
              {' '}
              · {completed} of {countLabel(total, 'lesson')}
            </span>
          )}
        </span>
      </div>
      <div className="progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={`${value}% complete`}>
        <div className="progress-fill" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The certificate earned in this course: congratulations when new, a quiet link otherwise. */
export function CertificateBanner({ certificate, fresh }: { certificate: CertificateRef | null; fresh: boolean }) {
  if (!certificate || certificate.revoked) return null;
  return (
    <div className={fresh ? 'alert alert-success' : 'alert alert-info'} role={fresh ? 'status' : undefined}>
      <p className="alert-title">{fresh ? 'Congratulations! You earned your certificate.' : 'You completed this course.'}</p>
      <p style={{ margin: 0 }}>
        <a href={`/certificates/${certificate.id}`}>View your certificate</a> <span className="muted">· code {certificate.code}</span>
      </p>
    </div>
  );
}

export function StatusIcon({ completed, locked }: { completed: boolean; locked: boolean }) {
  if (locked) {
    return (
      <span className="status-icon status-locked" aria-hidden="true">
        🔒
      </span>
    );
  }
  return (
    <span className={completed ? 'status-icon status-done' : 'status-icon'} aria-hidden="true">
      {completed ? '✓' : ''}
    </span>
  );
}

export function statusText(completed: boolean, locked: boolean): string {
  return locked ? 'locked' : completed ? 'completed' : 'not completed';
}
