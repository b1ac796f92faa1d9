import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $outbox, loadOutbox, OUTBOX_PAGE_SIZE } from '../../stores/account.ts';
import { ErrorState, LoadingState, formatDateTime } from './AdminStates.tsx';

const STATUS_LABELS: Record<string, { label: string; badge: string }> = {
  logged: { label: 'Not sent (no mail configured)', badge: 'badge-warning' },
  pending: { label: 'Waiting for the mailer', badge: 'badge-warning' },
  sent: { label: 'Sent', badge: 'badge-success' },
  failed: { label: 'Failed', badge: 'badge-danger' },
};

/**
 * The outbox of /admin/messages: every email the app wrote (password reset links, ...). Until mail
 * is configured nobody receives them, so the admin can pass a link on by hand (decision 0016).
 */
export default function OutboxAdmin() {
  const state = useStore($outbox);
  useEffect(() => {
    void loadOutbox();
  }, []);
  const data = 'data' in state ? state.data : undefined;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || OUTBOX_PAGE_SIZE))) : 1;

  return (
    <div className="admin-stack">
      <p className="muted">
        Emails the platform wrote, newest first. Without outgoing mail (SMTP_URL) they are kept here only: a person who asked for a
        password reset gets their link from you.
      </p>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadOutbox(data?.page ?? 1)} />}
      {!data && state.status !== 'error' && <LoadingState label="Loading the outbox..." />}
      {data &&
        (data.data.length === 0 ? (
          <p className="card admin-empty">No emails yet.</p>
        ) : (
          <ul className="admin-messages" aria-busy={state.status === 'loading'} aria-label="Outbox">
            {data.data.map((m) => {
              const status = STATUS_LABELS[m.status] ?? { label: m.status, badge: 'badge-warning' };
              const headingId = `outbox-${m.id}-subject`;
              return (
                <li key={m.id}>
                  <article className="card admin-message" aria-labelledby={headingId}>
                    <header className="admin-message-head">
                      <div className="admin-message-title">
                        <span className="badge badge-primary">{m.kind}</span>
                        <h2 id={headingId} className="admin-message-subject">
                          {m.subject}
                        </h2>
                      </div>
                      <p className="muted">
                        To <strong>{m.to}</strong>
                        {' · '}
                        <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                        {' · '}
                        <span className={`badge ${status.badge}`}>{status.label}</span>
                      </p>
                      {m.attachment_names?.length ? <p className="muted">Attached: {m.attachment_names.join(', ')}</p> : null}
                    </header>
                    <details>
                      <summary>Show message</summary>
                      {/* Links in emails are long single words: let them wrap on a phone. */}
                      <p className="admin-message-body admin-prewrap" style={{ overflowWrap: 'anywhere' }}>
                        {m.text}
                      </p>
                      {m.error && <p className="field-error">{m.error}</p>}
                    </details>
                  </article>
                </li>
              );
            })}
          </ul>
        ))}
      {data && pageCount > 1 && (
        <nav className="admin-pagination" aria-label="Outbox pages">
          <button type="button" className="btn btn-secondary" disabled={data.page <= 1} onClick={() => void loadOutbox(data.page - 1)}>
            Previous
          </button>
          <span aria-current="page">
            Page {data.page} of {pageCount}
          </span>
          <button type="button" className="btn btn-secondary" disabled={data.page >= pageCount} onClick={() => void loadOutbox(data.page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
