import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $ownProfile, loadOwnProfile } from '../../stores/connect-profile.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import './connect-profile.css';

const STATUS_TEXT = {
  draft: 'Your profile is a draft: it is not in the directory yet.',
  published: 'Your profile is published: students can find and book you.',
  suspended: 'Your profile is suspended and hidden from the directory.',
} as const;

/** /connect/get-booked's call to action: "Create your profile", or the profile's status and links. */
function GetBookedStatus() {
  const profile = useStore($ownProfile);
  useEffect(() => {
    void loadOwnProfile();
  }, []);

  if (profile.status === 'error') return <p className="alert alert-error">{profile.message}</p>;
  if (!('data' in profile) || profile.data === undefined) return <p className="loading">Loading…</p>;
  const own = profile.data;
  if (!own) {
    return (
      <div className="cp-status">
        <a className="btn btn-primary btn-lg" href="/connect/profile">
          Create your profile
        </a>
      </div>
    );
  }
  return (
    <div className="cp-status" role="status">
      <p>
        <strong>{STATUS_TEXT[own.status]}</strong>
      </p>
      {own.status === 'draft' && own.missing.length > 0 && <p className="muted">Still needed before publishing: {own.missing.join(', ')}.</p>}
      <div className="cp-publish-actions">
        <a className="btn btn-primary" href="/connect/profile">
          Edit your profile
        </a>
        {own.status === 'published' && (
          <a className="btn btn-secondary" href={`/instructors/${own.id}`}>
            View your public page
          </a>
        )}
      </div>
    </div>
  );
}

export default withErrorBoundary(GetBookedStatus);
