import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { useStore } from '@nanostores/react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { mayChangeAccount } from '../../../../worker/src/domain/permissions.ts';
import { roleList, ROLE_NAMES } from '../../../../worker/src/domain/roles.ts';
import { planName, roleLabel } from '../../../../shared/roles.ts';
import { $user } from '../../stores/auth.ts';
import {
  $userDetail,
  $userDetailError,
  $userDetailPending,
  displayName,
  grantRole,
  loadUserDetail,
  revokeRole,
  setUserActive,
  userIdFromPath,
} from '../../stores/admin.ts';
import { ConfirmDialog, ErrorState, LoadingState, formatDate, formatDateTime } from './AdminStates.tsx';
import { PermissionGate, useCan } from './PermissionGate.tsx';

function BackLink() {
  return (
    <p>
      <a href="/admin/users" className="admin-back">
        ← Back to users
      </a>
    </p>
  );
}

/** /admin/users/{id}: profile, account status, roles. */
function UserDetail() {
  const state = useStore($userDetail);
  const pending = useStore($userDetailPending);
  const inlineError = useStore($userDetailError);
  const me = useStore($user, { ssr: 'initial' });
  const [idParam, setIdParam] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [roleToGrant, setRoleToGrant] = useState('');
  const [roleToRevoke, setRoleToRevoke] = useState<string | null>(null);
  const ids = { switch: useId(), grant: useId(), error: useId(), roleRules: useId() };
  const canDeactivate = useCan('users.deactivate');
  const canGrant = useCan('roles.grant');
  const canRevoke = useCan('roles.revoke');

  useEffect(() => {
    const id = userIdFromPath(location.pathname);
    setIdParam(id);
    void loadUserDetail(id);
  }, []);

  if (state.status === 'error' && state.notFound) {
    return (
      <div className="admin-stack">
        <div className="card admin-empty" role="alert">
          <h2 className="admin-section-title">User not found</h2>
          <p className="muted">There is no user with the id “{idParam}”.</p>
          <a href="/admin/users" className="btn btn-secondary">
            Back to users
          </a>
        </div>
      </div>
    );
  }
  if (state.status === 'error')
    return (
      <div className="admin-stack">
        <BackLink />
        <ErrorState message={state.message} onRetry={() => void loadUserDetail(idParam ?? '')} />
      </div>
    );
  if (state.status !== 'ready') return <LoadingState label="Loading user..." />;

  const user = state.data;
  const isSelf = me?.id === user.id;
  // The permission table and its object rule: an ADMIN account is changed only by an ADMIN.
  const mayChange = !!me && mayChangeAccount(roleList(me.role), user.role);
  const showStatusSwitch = canDeactivate && mayChange;
  const showRevoke = canRevoke && mayChange;
  const showGrant = canGrant && mayChange;
  const grantable = ROLE_NAMES.filter((r) => !user.role.includes(r));
  const busy = pending !== null;
  const lastRole = user.role.length === 1;
  /** Why a role cannot be revoked here (the server refuses the same with 409), or null. */
  const revokeBlocked = (role: string): string | null =>
    isSelf && role === 'ADMIN' ? 'You cannot remove your own Admin role.' : lastRole ? 'A user must keep at least one role: grant another role before removing this one.' : null;
  const roleRules = showRevoke ? [...new Set(user.role.map(revokeBlocked).filter((r): r is string => r !== null))] : [];

  async function grant() {
    if (!roleToGrant) return;
    if (await grantRole(roleToGrant)) setRoleToGrant('');
  }

  function onActiveChange(checked: boolean) {
    if (checked) void setUserActive(true);
    else setConfirmOpen(true);
  }

  return (
    <div className="admin-stack">
      <BackLink />

      <section className="card admin-panel admin-profile" aria-labelledby="profile-heading">
        <div className="admin-profile-head">
          {user.profile_image_url ? (
            <span className="avatar avatar-lg">
              <img src={user.profile_image_url} alt="" width="96" height="96" />
            </span>
          ) : (
            <span className="avatar avatar-lg" aria-hidden="true">
              {(user.first_name.charAt(0) || user.username.charAt(0) || '?').toUpperCase()}
              {user.last_name.charAt(0).toUpperCase()}
            </span>
          )}
          <div>
            <h2 id="profile-heading" className="admin-section-title">
              {displayName(user)}
            </h2>
            <p className="muted">@{user.username}</p>
          </div>
          <span className={user.is_active ? 'badge badge-success' : 'badge badge-danger'}>{user.is_active ? 'Active' : 'Inactive'}</span>
        </div>
        <dl className="admin-fields">
          <div>
            <dt>User ID</dt>
            <dd>{user.id}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email ?? '—'}</dd>
          </div>
          <div>
            <dt>First name</dt>
            <dd>{user.first_name || '—'}</dd>
          </div>
          <div>
            <dt>Last name</dt>
            <dd>{user.last_name || '—'}</dd>
          </div>
          <div>
            <dt>Subscription</dt>
            <dd>
              {planName(user.subscription_tier)}
              {user.subscription_status ? ` (${user.subscription_status})` : ''}
              {user.subscription_expires_at ? ` · until ${formatDate(user.subscription_expires_at)}` : ''}
            </dd>
          </div>
          <div>
            <dt>Admin flag</dt>
            <dd>{user.is_admin ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Joined</dt>
            <dd>{formatDateTime(user.created_at)}</dd>
          </div>
          <div className="admin-field-wide">
            <dt>Bio</dt>
            <dd className="admin-prewrap">{user.bio || '—'}</dd>
          </div>
        </dl>
        <p>
          <a href={`/profile/${user.id}`}>View public profile</a>
        </p>
      </section>

      {inlineError && (
        <p id={ids.error} className="alert alert-error" role="alert">
          {inlineError}
        </p>
      )}

      <section className="card admin-panel" aria-labelledby="status-heading">
        <h2 id="status-heading" className="admin-section-title">
          Account status
        </h2>
        {showStatusSwitch && (
          <div className="admin-switch-row">
            <Switch.Root
              id={ids.switch}
              className="admin-switch"
              checked={user.is_active}
              disabled={busy || isSelf}
              onCheckedChange={onActiveChange}
              aria-describedby={inlineError ? ids.error : undefined}
            >
              <Switch.Thumb className="admin-switch-thumb" />
            </Switch.Root>
            <label htmlFor={ids.switch}>Account active</label>
          </div>
        )}
        <p className="muted">
          {!showStatusSwitch
            ? 'Only a platform administrator can change the status of this account.'
            : isSelf
              ? 'You cannot deactivate your own account.'
              : user.is_active
                ? 'Deactivating signs this person out everywhere and stops them signing in.'
                : 'This account cannot sign in until it is reactivated.'}
        </p>
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title="Deactivate this account? They will be signed out everywhere."
          description={`${displayName(user)} (@${user.username}) will not be able to sign in until an admin reactivates the account.`}
          confirmLabel="Deactivate"
          destructive
          onConfirm={() => setUserActive(false)}
        />
      </section>

      <section className="card admin-panel" aria-labelledby="roles-heading">
        <h2 id="roles-heading" className="admin-section-title">
          Roles
        </h2>
        {user.role.length === 0 ? (
          <p className="muted">This user has no roles.</p>
        ) : (
          <ul className="admin-chips" aria-label="Current roles">
            {user.role.map((role) => (
              <li key={role} className="admin-chip">
                <span>{roleLabel(role)}</span>
                {showRevoke && (
                  <button
                    type="button"
                    className="admin-chip-remove"
                    aria-label={`Revoke ${roleLabel(role)}`}
                    title={revokeBlocked(role) ?? `Revoke ${roleLabel(role)}`}
                    disabled={busy || revokeBlocked(role) !== null}
                    aria-describedby={revokeBlocked(role) ? ids.roleRules : undefined}
                    onClick={() => setRoleToRevoke(role)}
                  >
                    {pending === `revoke:${role}` ? '…' : '×'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {roleRules.length > 0 && (
          <p id={ids.roleRules} className="muted text-sm">
            {roleRules.join(' ')}
          </p>
        )}
        <ConfirmDialog
          open={roleToRevoke !== null}
          onOpenChange={(open) => {
            if (!open) setRoleToRevoke(null);
          }}
          title={`Revoke ${roleToRevoke ? roleLabel(roleToRevoke) : ''} from ${displayName(user)}?`}
          description={`${displayName(user)} (@${user.username}) loses what ${roleToRevoke ? roleLabel(roleToRevoke) : 'this role'} allows at once. You can grant it again later.`}
          confirmLabel="Revoke role"
          destructive
          onConfirm={async () => {
            // Closed either way: a refusal is shown above the status section.
            if (roleToRevoke) await revokeRole(roleToRevoke);
            return true;
          }}
        />
        {showGrant && grantable.length > 0 && (
          <form
            className="admin-grant"
            onSubmit={(e) => {
              e.preventDefault();
              void grant();
            }}
          >
            <label htmlFor={ids.grant} className="admin-field-label">
              Role to grant
            </label>
            <select id={ids.grant} className="input" value={roleToGrant} onChange={(e) => setRoleToGrant(e.currentTarget.value)} disabled={busy}>
              <option value="">Choose a role…</option>
              {grantable.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary" disabled={busy || !roleToGrant}>
              {pending === 'grant' ? 'Granting...' : 'Grant Role'}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}

/** Another person's whole account is ADMIN's (users.read_private). */
function UserDetailAdmin() {
  return (
    <PermissionGate action="users.read_private" what="User management">
      {() => <UserDetail />}
    </PermissionGate>
  );
}

export default withErrorBoundary(UserDetailAdmin);
