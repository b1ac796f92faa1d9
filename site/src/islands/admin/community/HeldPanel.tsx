import { useStore } from '@nanostores/react';
import { ConfirmDialog, ErrorState, LoadingState } from '../AdminStates.tsx';
import { $busy, decideHeld, held, type CommunityPendingView } from '../../../stores/community-moderation.ts';
import { Context, Pager, PostBlock } from './parts.tsx';

function HeldCard({ item }: { item: CommunityPendingView }) {
  const busy = useStore($busy).has(`post:${item.post.id}`);
  const headingId = `community-held-${item.post.id}`;
  return (
    <article className="card admin-message community-mod-card" aria-labelledby={headingId}>
      <header className="admin-message-head">
        <Context question={item.question} target={item.target} headingId={headingId} />
      </header>
      <PostBlock post={item.post} />
      <div className="admin-message-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decideHeld(item, 'approve')}>
          Approve
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className="btn btn-danger" disabled={busy}>
              Reject
            </button>
          }
          title={`Reject this ${item.post.kind}?`}
          description="It is deleted and never shown. Its author stays held until one of their posts is approved."
          confirmLabel="Reject"
          destructive
          onConfirm={() => decideHeld(item, 'reject')}
        />
      </div>
    </article>
  );
}

/** Members' first posts, held until a moderator approves one; oldest first. */
export function HeldPanel() {
  const state = useStore(held.$state);
  const data = state.status === 'error' ? undefined : state.data;
  return (
    <div className="admin-stack">
      <p className="muted">A member’s posts wait here until one is approved; after that they are published at once.</p>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={held.reload} />}
      {!data && state.status === 'loading' && <LoadingState label="Loading held posts..." />}
      {data &&
        (data.length === 0 ? (
          <p className="card admin-empty">No posts wait for approval.</p>
        ) : (
          <ul className="admin-messages" aria-busy={state.status === 'loading'} aria-label="Held posts">
            {data.map((item) => (
              <li key={item.post.id}>
                <HeldCard item={item} />
              </li>
            ))}
          </ul>
        ))}
      <Pager list={held} />
    </div>
  );
}
