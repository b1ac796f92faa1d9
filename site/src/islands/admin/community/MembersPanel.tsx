import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS } from '../../../../../shared/community.ts';
import { ConfirmDialog, ErrorState, LoadingState, formatDate, formatDateTime } from '../AdminStates.tsx';
import { $busy, $suspendTarget, lift, suspend, suspensions, type CommunitySuspensionView } from '../../../stores/community-moderation.ts';
import { Pager } from './parts.tsx';

function SuspendForm() {
  const id = useId();
  const target = useStore($suspendTarget);
  const busy = useStore($busy).has('suspend');
  const [username, setUsername] = useState('');
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ message: string; fields?: Record<string, string[]> } | null>(null);
  const fieldError = (name: string) => error?.fields?.[name]?.[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await suspend({ ...(target ? { user_id: target.id } : { username: username.trim() }), days: Number(days), reason });
    if (result.ok) {
      setUsername('');
      setReason('');
      setDays('7');
      setError(null);
    } else setError(result);
  }

  const memberError = fieldError('username') ?? fieldError('user_id');
  return (
    <form className="card admin-panel form community-mod-suspend" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={`${id}-title`} className="admin-section-title">
        Suspend a member from posting
      </h2>
      {target ? (
        <div className="field">
          <span className="label">Member</span>
          <p className="community-mod-chosen">
            <strong>{target.name}</strong>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => $suspendTarget.set(null)}>
              Choose someone else
            </button>
          </p>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-user`}>Username</label>
          <input
            id={`${id}-user`}
            type="text"
            autoComplete="off"
            value={username}
            aria-invalid={memberError ? true : undefined}
            aria-describedby={memberError ? `${id}-user-error` : undefined}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          {memberError && (
            <p id={`${id}-user-error`} className="field-error">
              {memberError}
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-days`}>Days</label>
        <input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={COMMUNITY_LIMITS.suspensionDaysMin}
          max={COMMUNITY_LIMITS.suspensionDaysMax}
          value={days}
          aria-invalid={fieldError('days') ? true : undefined}
          aria-describedby={fieldError('days') ? `${id}-days-error` : undefined}
          onChange={(e) => setDays(e.currentTarget.value)}
        />
        {fieldError('days') && (
          <p id={`${id}-days-error`} className="field-error">
            {fieldError('days')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <textarea
          id={`${id}-reason`}
          maxLength={COMMUNITY_LIMITS.suspensionReasonMax}
          value={reason}
          aria-invalid={fieldError('reason') ? true : undefined}
          aria-describedby={`${id}-reason-hint${fieldError('reason') ? ` ${id}-reason-error` : ''}`}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <p id={`${id}-reason-hint`} className="hint">
          Kept with the suspension and in the audit log.
        </p>
        {fieldError('reason') && (
          <p id={`${id}-reason-error`} className="field-error">
            {fieldError('reason')}
          </p>
        )}
      </div>
      {error && !error.fields && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-danger" disabled={busy}>
          {busy ? 'Suspending...' : 'Suspend'}
        </button>
      </div>
    </form>
  );
}

function SuspensionCard({ suspension }: { suspension: CommunitySuspensionView }) {
  const busy = useStore($busy).has(`member:${suspension.user.id}`);
  return (
    <article className="card admin-message" aria-label={`${suspension.user.name}, suspended`}>
      <p className="admin-message-title">
        <strong>{suspension.user.name}</strong> <span className="muted">@{suspension.user.username}</span>
      </p>
      <p>
        Until <time dateTime={suspension.until}>{formatDate(suspension.until)}</time>
        <span className="muted">
          {' '}
          · by {suspension.by?.name ?? 'a moderator'} on <time dateTime={suspension.created_at}>{formatDateTime(suspension.created_at)}</time>
        </span>
      </p>
      <p className="admin-prewrap">{suspension.reason}</p>
      <div className="admin-message-actions">
        <ConfirmDialog
          trigger={
            <button type="button" className="btn btn-secondary" disabled={busy}>
              Lift the suspension
            </button>
          }
          title={`Let ${suspension.user.name} post again?`}
          description="The suspension ends now."
          confirmLabel="Lift"
          onConfirm={() => lift(suspension)}
        />
      </div>
    </article>
  );
}

/** Suspending a member, and the members suspended now (the soonest to end first). */
export function MembersPanel() {
  const state = useStore(suspensions.$state);
  const data = state.status === 'error' ? undefined : state.data;
  return (
    <div className="admin-stack">
      <SuspendForm />
      <section aria-labelledby="community-suspended-title" className="admin-stack">
        <h2 id="community-suspended-title" className="admin-section-title">
          Suspended now
        </h2>
        {state.status === 'error' && <ErrorState message={state.message} onRetry={suspensions.reload} />}
        {!data && state.status === 'loading' && <LoadingState label="Loading suspensions..." />}
        {data &&
          (data.length === 0 ? (
            <p className="card admin-empty">Nobody is suspended.</p>
          ) : (
            <ul className="admin-messages" aria-label="Suspended members">
              {data.map((s) => (
                <li key={s.user.id}>
                  <SuspensionCard suspension={s} />
                </li>
              ))}
            </ul>
          ))}
        <Pager list={suspensions} />
      </section>
    </div>
  );
}
