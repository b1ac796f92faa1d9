import { useState, type ReactNode } from 'react';
import { COMMUNITY_MESSAGES } from '../../../../shared/community.ts';
import ModalDialog from '../../components/ModalDialog.tsx';
import { deletePost, editPost, setHidden, type CommunityPostView } from '../../stores/community.ts';
import { toast } from '../../stores/toasts.ts';
import { postedOn } from './format.ts';
import PostForm from './PostForm.tsx';
import ReportDialog from './ReportDialog.tsx';
import VoteButton from './VoteButton.tsx';

export interface PostProps {
  post: CommunityPostView;
  /** How the actions name it for assistive technology: "the question", "Ana's answer". */
  what: string;
  /** Beside the vote: Accept on an answer, Reply. */
  actions?: ReactNode;
  /** Under it: an answer's replies. */
  children?: ReactNode;
}

/** Who wrote it, when, and its state: the owner's badge, "edited", held or hidden. */
export function PostMeta({ post }: { post: CommunityPostView }) {
  return (
    <p className="cq-meta text-sm">
      <strong>{post.author?.name ?? 'A former member'}</strong>
      {post.author?.badge && <span className="badge badge-primary">{post.author.badge}</span>}
      <span className="muted">
        <time dateTime={post.created_at}>{postedOn(post.created_at)}</time>
        {post.edited && post.status !== 'deleted' && ' · edited'}
      </span>
      {post.status === 'pending' && <span className="badge badge-warning">Waiting for approval</span>}
      {post.status === 'hidden' && <span className="badge">Hidden</span>}
    </p>
  );
}

/** The body the server rendered from safe markdown (raw HTML escaped there), or what stands in for it. */
export function PostBody({ post }: { post: CommunityPostView }) {
  if (post.status === 'deleted') return <p className="cq-placeholder muted">{COMMUNITY_MESSAGES.DELETED_PLACEHOLDER}</p>;
  if (post.status === 'hidden' && !post.body_html) return <p className="cq-placeholder muted">{COMMUNITY_MESSAGES.HIDDEN_PLACEHOLDER}</p>;
  return <div className="prose cq-body" dangerouslySetInnerHTML={{ __html: post.body_html }} />;
}

/** One post: its meta, its body (or its author's editor), the vote and what the reader may do with it. */
export default function Post({ post, what, actions, children }: PostProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const live = post.status !== 'deleted';

  async function hide(hidden: boolean) {
    setBusy(true);
    const result = await setHidden(post.id, hidden);
    setBusy(false);
    if (!result.ok) toast({ title: hidden ? 'It could not be hidden' : 'It could not be restored', description: result.message, variant: 'destructive' });
  }

  return (
    <div className={`cq-post cq-post-${post.status}`}>
      <PostMeta post={post} />
      {editing ? (
        <PostForm
          label={post.kind === 'question' ? 'Details' : 'Your text'}
          submitLabel="Save"
          busyLabel="Saving..."
          initialTitle={post.kind === 'question' ? (post.title ?? '') : undefined}
          initialBody={post.body}
          onSubmit={(input) => editPost(post.id, input)}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <PostBody post={post} />
      )}
      {live && !editing && (
        <div className="cq-actions">
          <VoteButton post={post} what={what} />
          {actions}
          {post.can.edit && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)} aria-label={`Edit ${what}`}>
              Edit
            </button>
          )}
          {post.can.delete && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDeleting(true)} aria-label={`Delete ${what}`}>
              Delete
            </button>
          )}
          {post.can.hide &&
            (post.status === 'hidden' ? (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void hide(false)} aria-label={`Restore ${what}`}>
                Restore
              </button>
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => void hide(true)} aria-label={`Hide ${what}`}>
                Hide
              </button>
            ))}
          {post.can.report && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setReporting(true)} aria-label={`Report ${what}`}>
              Report
            </button>
          )}
        </div>
      )}
      {children}
      {deleting && (
        <ModalDialog
          open
          role="alertdialog"
          onOpenChange={(open) => {
            if (!open) {
              setDeleting(false);
              setDeleteError(null);
            }
          }}
          title={`Delete ${what}?`}
          description={post.kind === 'answer' ? 'Its text is removed. If it has replies, a note that it was deleted stays in its place.' : 'Its text is removed for everyone.'}
          busy={busy}
        >
          {deleteError && (
            <p className="alert alert-error" role="alert">
              {deleteError}
            </p>
          )}
          <div className="drx-dialog-actions">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setDeleting(false)}>
              Keep it
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                const result = await deletePost(post.id);
                setBusy(false);
                if (result.ok) setDeleting(false);
                else setDeleteError(result.message);
              }}
            >
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </ModalDialog>
      )}
      {reporting && <ReportDialog postId={post.id} what={what} onClose={() => setReporting(false)} />}
    </div>
  );
}
