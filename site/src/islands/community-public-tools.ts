import type { CommunityPostView } from '../../../shared/community.ts';
import { apiFetch } from '../lib/api.ts';
import { toast } from '../stores/toasts.ts';
import { h } from './dom.ts';
import { failure, postForm } from './community-public-parts.ts';

/**
 * What a post's author and the page's owner do with it in a public page's thread, as the API's
 * `can` abilities allow: its author edits it (a question's title and details, an answer's or a
 * reply's text) and deletes it after a confirmation; the page's owner (the seller on their
 * resource, the instructor on their profile) and the moderators hide and restore it. Forms and the
 * confirmation open in place, under the post's buttons; focus goes to them and comes back.
 */

/** How the buttons name the post for assistive technology: "the question", "Ana's answer". */
export function whatOf(post: CommunityPostView): string {
  if (post.kind === 'question') return 'the question';
  return `${post.author?.name ?? 'a former member'}'s ${post.kind}`;
}

export interface PostToolsHost {
  /** The post as last read. */
  post: CommunityPostView;
  /** The forms and the confirmation open after this element (the post's row of buttons). */
  anchor: () => HTMLElement;
  /** The post changed (edited, hidden, restored): draw it again and focus the button named `focus`. */
  changed: (view: CommunityPostView, focus: string) => void;
  /** The post was deleted. */
  deleted: () => void;
}

const busyWhile = (button: HTMLButtonElement, work: Promise<unknown>) => {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  void work.finally(() => {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  });
};

const insertAfter = (anchor: HTMLElement, node: HTMLElement) => anchor.parentNode?.insertBefore(node, anchor.nextSibling);

/** The open form or confirmation of the post, if any (one at a time). */
const openPanel = (anchor: HTMLElement) => {
  const next = anchor.nextElementSibling;
  return next?.hasAttribute('data-post-panel') ? (next as HTMLElement) : null;
};

function editTool(host: PostToolsHost): HTMLButtonElement {
  const post = host.post;
  const button = h('button', { type: 'button', className: 'btn btn-ghost btn-sm', 'aria-label': `Edit ${whatOf(post)}` }, 'Edit');
  button.addEventListener('click', () => {
    const anchor = host.anchor();
    openPanel(anchor)?.remove();
    const fields =
      post.kind === 'question'
        ? [
            { name: 'title' as const, label: 'Your question', value: post.title ?? '' },
            { name: 'body' as const, label: 'Details', value: post.body },
          ]
        : [{ name: 'body' as const, label: post.kind === 'answer' ? 'Your answer' : 'Your reply', value: post.body }];
    const close = () => {
      edit.form.remove();
      button.focus();
    };
    const edit = postForm(
      `Edit ${whatOf(post)}`,
      fields,
      'Save changes',
      async (values) => {
        const view = await apiFetch<CommunityPostView>(`/api/community/posts/${post.id}`, { method: 'PATCH', json: values });
        edit.form.remove();
        toast({ title: 'Changes saved' });
        host.changed(view, 'Edit');
      },
      close,
    );
    edit.form.setAttribute('data-post-panel', '');
    insertAfter(anchor, edit.form);
    edit.focus();
  });
  return button;
}

function deleteTool(host: PostToolsHost): HTMLButtonElement {
  const post = host.post;
  const what = whatOf(post);
  const button = h('button', { type: 'button', className: 'btn btn-ghost btn-sm', 'aria-label': `Delete ${what}` }, 'Delete');
  button.addEventListener('click', () => {
    const anchor = host.anchor();
    openPanel(anchor)?.remove();
    const headingId = `community-delete-${post.id}`;
    const error = h('p', { className: 'alert alert-error', role: 'alert', hidden: true });
    const confirm = h('button', { type: 'button', className: 'btn btn-danger btn-sm' }, 'Delete');
    const keep = h('button', { type: 'button', className: 'btn btn-secondary btn-sm' }, 'Keep it');
    const panel = h(
      'div',
      { className: 'community-confirm', role: 'group', 'aria-labelledby': headingId, 'data-post-panel': '' },
      h(
        'p',
        { id: headingId },
        h('strong', null, `Delete ${what}?`),
        ' ',
        post.kind === 'reply' ? 'Its text is removed for everyone.' : 'Its text is removed; if it has answers or replies, a note that it was deleted stays in its place.',
      ),
      error,
      h('div', { className: 'cluster' }, confirm, keep),
    );
    const cancel = () => {
      panel.remove();
      button.focus();
    };
    keep.addEventListener('click', cancel);
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') cancel();
    });
    confirm.addEventListener('click', () => {
      busyWhile(
        confirm,
        apiFetch(`/api/community/posts/${post.id}`, { method: 'DELETE' })
          .then(() => {
            panel.remove();
            toast({ title: 'Deleted' });
            host.deleted();
          })
          .catch((err: unknown) => {
            error.textContent = failure(err);
            error.hidden = false;
          }),
      );
    });
    insertAfter(anchor, panel);
    keep.focus();
  });
  return button;
}

function hideTool(host: PostToolsHost): HTMLButtonElement {
  const post = host.post;
  const hidden = post.status === 'hidden';
  const label = hidden ? 'Restore' : 'Hide';
  const button = h('button', { type: 'button', className: 'btn btn-ghost btn-sm', 'aria-label': `${label} ${whatOf(post)}` }, label);
  button.addEventListener('click', () => {
    if (button.disabled) return;
    busyWhile(
      button,
      apiFetch<CommunityPostView>(`/api/community/posts/${post.id}/${hidden ? 'restore' : 'hide'}`, { method: 'POST' })
        .then((view) => {
          toast(hidden ? { title: 'Shown again' } : { title: 'Hidden', description: 'Only its author, you and the moderators see it now.' });
          host.changed(view, view.status === 'hidden' ? 'Restore' : 'Hide');
        })
        .catch((err: unknown) => toast({ title: hidden ? 'Could not restore it' : 'Could not hide it', description: failure(err), variant: 'destructive' })),
    );
  });
  return button;
}

/** Edit, Delete, Hide or Restore: the buttons the reader's abilities give on this post. */
export function postTools(host: PostToolsHost): HTMLButtonElement[] {
  const { can } = host.post;
  return [can.edit ? editTool(host) : null, can.hide ? hideTool(host) : null, can.delete ? deleteTool(host) : null].filter((b) => b !== null);
}

/**
 * Accept (or take back) an answer: the asker and the page's owner. `send` puts the choice and
 * draws the thread again.
 */
export function acceptTool(answer: CommunityPostView, accepted: boolean, send: (answerId: number | null) => Promise<void>): HTMLButtonElement {
  const label = accepted ? 'Unaccept' : 'Accept';
  const button = h(
    'button',
    { type: 'button', className: accepted ? 'btn btn-secondary btn-sm' : 'btn btn-ghost btn-sm', 'aria-label': `${label} ${whatOf(answer)}` },
    accepted ? null : h('span', { 'aria-hidden': 'true' }, '✓ '),
    label,
  );
  button.addEventListener('click', () => {
    if (button.disabled) return;
    busyWhile(
      button,
      send(accepted ? null : answer.id).catch((err: unknown) => toast({ title: 'Could not change the accepted answer', description: failure(err), variant: 'destructive' })),
    );
  });
  return button;
}
