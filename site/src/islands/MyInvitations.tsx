import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $answering, $myInvitations, answerInvitation, loadMyInvitations } from '../stores/invitations.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

/**
 * Course invitations waiting for my answer (decision 0013), on /my-courses and /dashboard/user.
 * Shows nothing when there are none, so the page stays as it was.
 */
function MyInvitations() {
  const state = useStore($myInvitations);
  const answering = useStore($answering);

  useEffect(() => {
    void loadMyInvitations();
  }, []);

  if (state.status !== 'ready' || state.data.length === 0) return null;
  return (
    <section className="card invitations" aria-labelledby="invitations-heading" style={{ marginBottom: 'var(--space-6)' }}>
      <div className="card-body stack">
        <h2 id="invitations-heading" className="card-title" style={{ margin: 0 }}>
          Course invitations
        </h2>
        <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Course invitations">
          {state.data.map((invitation) => {
            const busy = answering.has(invitation.id);
            return (
              <li key={invitation.id} className="cluster" style={{ justifyContent: 'space-between', gap: 'var(--space-3)' }}>
                <div style={{ minWidth: 0 }}>
                  <p style={{ margin: 0 }}>
                    <strong>{invitation.course.title}</strong>
                  </p>
                  <p className="muted text-sm" style={{ margin: 0 }}>
                    {invitation.invited_by ? `${invitation.invited_by.name} invited you to this course.` : 'You are invited to this course.'}
                    {invitation.course.status === 'draft' ? ' It is a pilot that is not published yet.' : ''}
                  </p>
                </div>
                <div className="cluster" style={{ gap: 'var(--space-2)' }}>
                  <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void answerInvitation(invitation, 'accept')}>
                    Accept<span className="visually-hidden">: {invitation.course.title}</span>
                  </button>
                  <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void answerInvitation(invitation, 'decline')}>
                    Decline<span className="visually-hidden">: {invitation.course.title}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export default withErrorBoundary(MyInvitations);
