import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $messages,
  $messagesFilter,
  $messagesPageCount,
  $messagesPending,
  deleteMessage,
  loadMessages,
  setMessageRead,
  setMessagesFilter,
  setMessagesPage,
  type MessagesFilter,
} from '../../stores/admin.ts';
import { ConfirmDialog, ErrorState, LoadingState, formatDateTime } from './AdminStates.tsx';

const FILTERS: { value: MessagesFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

/** /admin/messages: what visitors sent through the contact form. */
function MessagesAdmin() {
  const state = useStore($messages);
  const filter = useStore($messagesFilter);
  const pending = useStore($messagesPending);
  const pageCount = useStore($messagesPageCount);

  useEffect(() => {
    void loadMessages();
  }, []);

  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;

  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <div className="admin-segmented" role="group" aria-label="Show messages">
          {FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              className={filter === f.value ? 'btn btn-primary' : 'btn btn-secondary'}
              aria-pressed={filter === f.value}
              onClick={() => setMessagesFilter(f.value)}
            >
              {f.label}
            </button>
          ))}
        </div>
        {data && (
          <p className="muted" aria-live="polite">
            {data.unread} unread
          </p>
        )}
      </div>

      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadMessages(data?.page ?? 1)} />}
      {!data && state.status !== 'error' && <LoadingState label="Loading messages..." />}

      {data &&
        (data.data.length === 0 ? (
          <p className="card admin-empty">{filter === 'unread' ? 'No unread messages.' : 'No messages yet.'}</p>
        ) : (
          <ul className="admin-messages" aria-busy={state.status === 'loading'} aria-label="Messages">
            {data.data.map((m) => {
              const unread = !m.read_at;
              const busy = pending.has(m.id);
              const headingId = `message-${m.id}-subject`;
              return (
                <li key={m.id}>
                  <article className={unread ? 'card admin-message admin-message-unread' : 'card admin-message'} aria-labelledby={headingId}>
                    <header className="admin-message-head">
                      <div className="admin-message-title">
                        {unread && <span className="badge badge-warning">New</span>}
                        <h2 id={headingId} className="admin-message-subject">
                          {m.subject || '(no subject)'}
                        </h2>
                      </div>
                      <p className="muted">
                        From <strong>{m.name}</strong> &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
                        {m.user_id !== null && (
                          <>
                            {' · '}
                            <a href={`/admin/users/${m.user_id}`}>account</a>
                          </>
                        )}
                        {' · '}
                        <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                      </p>
                    </header>
                    <p className="admin-message-body admin-prewrap">{m.message}</p>
                    <div className="admin-message-actions">
                      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void setMessageRead(m.id, unread)}>
                        {unread ? 'Mark as read' : 'Mark as unread'}
                      </button>
                      <ConfirmDialog
                        trigger={
                          <button type="button" className="btn btn-ghost admin-danger-text" disabled={busy}>
                            Delete
                          </button>
                        }
                        title="Delete this message?"
                        description={`The message from ${m.name} will be removed permanently.`}
                        confirmLabel="Delete"
                        destructive
                        onConfirm={() => deleteMessage(m.id)}
                      />
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        ))}

      {data && pageCount > 1 && (
        <nav className="admin-pagination" aria-label="Pagination">
          <button type="button" className="btn btn-secondary" disabled={data.page <= 1} onClick={() => setMessagesPage(data.page - 1)}>
            Previous
          </button>
          <span aria-current="page">
            Page {data.page} of {pageCount}
          </span>
          <button type="button" className="btn btn-secondary" disabled={data.page >= pageCount} onClick={() => setMessagesPage(data.page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

export default withErrorBoundary(MessagesAdmin);
