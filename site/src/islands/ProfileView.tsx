import { useStore } from '@nanostores/react';
import { roleList } from '../../../worker/src/domain/roles.ts';
import { formatDate, planLabel, roleLabel, statusLabel } from '../components/account-format.ts';
import Avatar, { displayName } from '../components/Avatar.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { $user } from '../stores/auth.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

/** /profile: the signed-in user's own profile. */
function ProfileView() {
  const user = useStore($user, { ssr: 'initial' });
  const hydrated = useHydrated();
  if (!hydrated || !user) return <p className="loading">Loading your profile...</p>;
  const roles = roleList(user.role);
  return (
    <article className="card">
      <div className="card-body stack">
        <div className="cluster" style={{ gap: 'var(--space-5)' }}>
          <Avatar person={user} size="lg" />
          <div style={{ flex: 1 }}>
            <h1 style={{ marginBottom: 0 }}>{displayName(user)}</h1>
            <p className="muted" style={{ margin: 0 }}>
              @{user.username}
            </p>
          </div>
          <a className="btn btn-primary" href="/profile/edit">
            Edit Profile
          </a>
        </div>
        <section aria-labelledby="about-heading">
          <h2 id="about-heading">About</h2>
          <p style={{ whiteSpace: 'pre-line' }}>{user.bio || <span className="muted">No bio yet. Tell other educators about your teaching.</span>}</p>
        </section>
        <section aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          <dl className="dl">
            <dt>First name</dt>
            <dd>{user.first_name || '—'}</dd>
            <dt>Last name</dt>
            <dd>{user.last_name || '—'}</dd>
            <dt>Username</dt>
            <dd>{user.username}</dd>
            {user.email && (
              <>
                <dt>Email</dt>
                <dd>{user.email}</dd>
              </>
            )}
            <dt>Roles</dt>
            <dd className="cluster" style={{ gap: 'var(--space-1)' }}>
              {roles.length ? roles.map((r) => <span key={r} className="badge badge-primary">{roleLabel(r)}</span>) : 'Learner'}
            </dd>
            <dt>Member since</dt>
            <dd>{formatDate(user.created_at)}</dd>
          </dl>
        </section>
        <section aria-labelledby="subscription-heading">
          <h2 id="subscription-heading">Subscription</h2>
          <dl className="dl">
            <dt>Plan</dt>
            <dd>{planLabel(user.subscription_tier)}</dd>
            <dt>Tier</dt>
            <dd>{user.subscription_tier || 'free'}</dd>
            <dt>Status</dt>
            <dd>{statusLabel(user.subscription_status)}</dd>
            {user.subscription_expires_at && (
              <>
                <dt>Current period ends</dt>
                <dd>{formatDate(user.subscription_expires_at)}</dd>
              </>
            )}
          </dl>
          <p className="cluster" style={{ marginTop: 'var(--space-4)' }}>
            <a className="btn btn-secondary" href="/profile/manage">
              Manage Subscription
            </a>
            <a href={`/profile/${user.id}`}>See your public profile</a>
          </p>
        </section>
      </div>
    </article>
  );
}

export default withErrorBoundary(ProfileView);
