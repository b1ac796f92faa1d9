import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { COMMUNITY_REPORT_REASON_LABELS, type CommunityPostView } from '../../../../../shared/community.ts';
import { formatDateTime } from '../AdminStates.tsx';
import { loadHistory, type CommunityEditView, type PagedList } from '../../../stores/community-moderation.ts';

const KIND_LABELS: Record<CommunityPostView['kind'], string> = { question: 'Question', answer: 'Answer', reply: 'Reply' };
const STATUS_BADGES: Partial<Record<CommunityPostView['status'], { label: string; tone: string }>> = {
  pending: { label: 'Held', tone: 'badge-warning' },
  hidden: { label: 'Hidden', tone: 'badge-danger' },
  deleted: { label: 'Deleted', tone: 'badge-danger' },
};

export const reasonLabel = (reason: keyof typeof COMMUNITY_REPORT_REASON_LABELS) => COMMUNITY_REPORT_REASON_LABELS[reason];

/** A post's earlier versions, read when opened. */
function History({ postId }: { postId: number }) {
  const [state, setState] = useState<{ status: 'closed' } | { status: 'loading' } | { status: 'ready'; edits: CommunityEditView[] } | { status: 'error' }>({ status: 'closed' });
  const id = useId();
  const open = state.status !== 'closed';
  async function toggle() {
    if (open) return setState({ status: 'closed' });
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', edits: await loadHistory(postId) });
    } catch {
      setState({ status: 'error' });
    }
  }
  return (
    <div className="community-mod-history">
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={id} onClick={() => void toggle()}>
        {open ? 'Hide the edit history' : 'Show the edit history'}
      </button>
      <div id={id} hidden={!open}>
        {state.status === 'loading' && <p className="muted">Loading the earlier versions...</p>}
        {state.status === 'error' && <p className="field-error">The history could not be read. Try again.</p>}
        {state.status === 'ready' &&
          (state.edits.length === 0 ? (
            <p className="muted">No earlier versions.</p>
          ) : (
            <ol className="community-mod-edits">
              {state.edits.map((e) => (
                <li key={e.id}>
                  <p className="muted">
                    Before the edit of <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
                    {e.editor ? ` by ${e.editor.name}` : ''}
                  </p>
                  {e.title && <p className="community-mod-edit-title">{e.title}</p>}
                  <p className="admin-prewrap">{e.body}</p>
                </li>
              ))}
            </ol>
          ))}
      </div>
    </div>
  );
}

/** The post as its thread shows it (a question's title is the card's heading): kind and status, author, the server's safe HTML of its body. */
export function PostBlock({ post }: { post: CommunityPostView }) {
  const badge = STATUS_BADGES[post.status];
  return (
    <div className="community-mod-post">
      <p className="community-mod-post-meta">
        <span className="badge">{KIND_LABELS[post.kind]}</span>
        {badge && <span className={`badge ${badge.tone}`}>{badge.label}</span>}
        <span>
          by <strong>{post.author?.name ?? 'a deleted account'}</strong>
          {post.author?.badge && <span className="badge badge-primary community-mod-owner">{post.author.badge}</span>}
        </span>
        <time className="muted" dateTime={post.created_at}>
          {formatDateTime(post.created_at)}
        </time>
        {post.edited && <span className="muted">(edited)</span>}
      </p>
      {post.status === 'deleted' ? (
        <p className="muted">This post was deleted.</p>
      ) : (
        // Rendered by the server from safe markdown (no raw HTML, safe links).
        <div className="community-mod-body" dangerouslySetInnerHTML={{ __html: post.body_html }} />
      )}
      {post.edited && <History postId={post.id} />}
    </div>
  );
}

/** Where the post is: its question, and a link to the thread on its page. */
export function Context({ question, target, headingId }: { question: { id: number; title: string }; target: { title: string; url: string }; headingId: string }) {
  return (
    <div className="community-mod-context">
      <h2 id={headingId} className="admin-message-subject">
        {question.title || 'A deleted question'}
      </h2>
      <p className="muted">
        On{' '}
        {target.url ? (
          <a href={target.url}>
            {target.title}
            <span className="visually-hidden"> (open the thread)</span>
          </a>
        ) : (
          target.title
        )}
      </p>
    </div>
  );
}

/** Previous / Next over a keyset-paged list. */
export function Pager<T>({ list }: { list: PagedList<T> }) {
  const state = useStore(list.$state);
  const pages = useStore(list.$pages);
  const next = state.status === 'ready' ? state.next : null;
  if (state.status === 'error' || (pages.length === 0 && !next)) return null;
  return (
    <nav className="admin-pagination" aria-label="Pagination">
      <button type="button" className="btn btn-secondary" disabled={pages.length === 0} onClick={list.previous}>
        Previous
      </button>
      <span aria-current="page">Page {pages.length + 1}</span>
      <button type="button" className="btn btn-secondary" disabled={!next} onClick={list.next}>
        Next
      </button>
    </nav>
  );
}
