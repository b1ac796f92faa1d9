import type { CommunityPostView, CommunityQuestionView } from '../../../shared/community.ts';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, COMMUNITY_REPORT_REASON_LABELS, COMMUNITY_REPORT_REASONS } from '../../../shared/community.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { countLabel } from '../lib/plural.ts';
import { toast } from '../stores/toasts.ts';
import { h } from './dom.ts';

/**
 * The parts community-public.ts draws: a question of the list, a post's author line and body,
 * the small forms (ask, answer, reply, report) and the vote and report buttons. Text goes in with
 * textContent; a body is the server's rendered safe markdown (body_html) only.
 */

const dates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateOf = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dates.format(t);
};

export const failure = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.message : 'Please check your connection and try again.');

let ids = 0;
const nextId = (prefix: string) => `${prefix}-${++ids}`;

/** Server-made safe HTML (the API's rendered markdown), never text the browser was given. */
export function bodyOf(post: CommunityPostView, className: string): HTMLElement {
  if (post.status === 'deleted') return h('p', { className: 'muted' }, COMMUNITY_MESSAGES.DELETED_PLACEHOLDER);
  if (post.status === 'hidden' && !post.body_html) return h('p', { className: 'muted' }, COMMUNITY_MESSAGES.HIDDEN_PLACEHOLDER);
  const div = h('div', { className: `prose ${className}` });
  div.innerHTML = post.body_html;
  return div;
}

function authorOf(post: CommunityPostView): (HTMLElement | string)[] {
  return [h('span', null, post.author?.name ?? 'Former member'), post.author?.badge ? h('span', { className: 'badge badge-primary' }, post.author.badge) : ''];
}

export function metaOf(post: CommunityPostView, extra: (Node | string | null)[] = []): HTMLElement {
  // A deleted post keeps no author (its text is gone): only when it was written.
  const deleted = post.status === 'deleted';
  return h(
    'p',
    { className: 'text-sm muted community-post-meta' },
    ...(deleted ? [] : authorOf(post)),
    deleted ? null : h('span', { 'aria-hidden': 'true' }, '·'),
    h('time', { datetime: post.created_at }, dateOf(post.created_at)),
    post.edited && !deleted ? h('span', { 'data-edited': '' }, '(edited)') : null,
    post.status === 'pending' ? h('span', { className: 'badge badge-warning' }, 'Waiting for approval') : null,
    post.status === 'hidden' ? h('span', { className: 'badge badge-warning' }, 'Hidden') : null,
    ...extra,
  );
}

/** A question as the list shows it: the same markup as CommunitySection.astro. */
export function questionItem(q: CommunityQuestionView, path: string): HTMLLIElement {
  const meta = metaOf(q, [
    h('span', { 'aria-hidden': 'true' }, '·'),
    h('span', { 'data-answer-count': '' }, countLabel(q.answer_count, 'answer')),
    q.accepted_answer_id !== null ? h('span', { className: 'badge badge-success' }, 'Answered') : null,
  ]);
  meta.className = 'community-q-meta text-sm muted';
  return h(
    'li',
    { className: 'community-q', 'data-question-id': q.id },
    h('h3', { className: 'community-q-title' }, h('a', { href: `${path}?question=${q.id}#questions`, 'data-community-open': q.id }, q.title)),
    // A deleted question's title already says so.
    q.status === 'deleted' ? null : bodyOf(q, 'community-q-body'),
    meta,
  );
}

/** A listed question drawn again after a change (edited, hidden, accepted…), its open thread kept. */
export function refreshQuestionItem(item: HTMLLIElement, q: CommunityQuestionView, path: string): void {
  const fresh = questionItem(q, path);
  const thread = item.querySelector(':scope > [data-thread]');
  item.replaceChildren(...fresh.childNodes, ...(thread ? [thread] : []));
}

export interface FieldSpec {
  name: 'title' | 'body';
  label: string;
  /** What the field starts with (an author's edit). */
  value?: string;
}

export interface PostForm {
  form: HTMLFormElement;
  focus(): void;
}

/** A small form (title and/or body): the shared limits checked first, then the API's field messages. */
export function postForm(label: string, fields: FieldSpec[], submitLabel: string, send: (values: Record<string, string>) => Promise<void>, onCancel: () => void): PostForm {
  const controls = new Map<string, { control: HTMLInputElement | HTMLTextAreaElement; error: HTMLElement }>();
  const alert = h('p', { className: 'alert alert-error', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit', className: 'btn btn-primary' }, submitLabel);
  const parts = fields.map((f) => {
    const id = nextId(`community-${f.name}`);
    const control =
      f.name === 'title'
        ? h('input', { id, name: 'title', type: 'text', className: 'input', maxlength: COMMUNITY_LIMITS.titleMax, 'aria-required': 'true' })
        : h('textarea', { id, name: 'body', rows: 5, className: 'input', maxlength: COMMUNITY_LIMITS.bodyMax, 'aria-required': 'true' });
    if (f.value !== undefined) control.value = f.value;
    const error = h('p', { id: `${id}-error`, className: 'field-error', hidden: true });
    controls.set(f.name, { control, error });
    return h('div', { className: 'field' }, h('label', { for: id, className: 'required' }, f.label), control, error);
  });
  const showErrors = (errors: Record<string, string | undefined>) => {
    let first: HTMLElement | null = null;
    for (const [name, { control, error }] of controls) {
      const message = errors[name];
      error.textContent = message ?? '';
      error.hidden = !message;
      if (message) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', error.id);
        first ??= control;
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    }
    first?.focus();
    return first !== null;
  };
  const form = h(
    'form',
    { className: 'community-form', 'aria-label': label, novalidate: true },
    ...parts,
    alert,
    h('div', { className: 'cluster' }, submit, h('button', { type: 'button', className: 'btn btn-ghost', onclick: onCancel }, 'Cancel')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const values = Object.fromEntries([...controls].map(([name, { control }]) => [name, control.value.trim()]));
    const errors: Record<string, string | undefined> = {};
    if ('title' in values) {
      if (values.title!.length < COMMUNITY_LIMITS.titleMin) errors.title = COMMUNITY_MESSAGES.TITLE_TOO_SHORT;
      else if (values.title!.length > COMMUNITY_LIMITS.titleMax) errors.title = COMMUNITY_MESSAGES.TITLE_TOO_LONG;
    }
    if (!values.body) errors.body = COMMUNITY_MESSAGES.BODY_EMPTY;
    alert.hidden = true;
    if (showErrors(errors)) return;
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    send(values)
      .catch((err: unknown) => {
        const fieldErrors = err instanceof ApiError ? err.validationErrors : undefined;
        if (fieldErrors && showErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0]])))) return;
        alert.textContent = failure(err);
        alert.hidden = false;
      })
      .finally(() => {
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
      });
  });
  return { form, focus: () => controls.values().next().value?.control.focus() };
}

/** The reasons of a report and an optional detail; sent once. */
export function reportForm(postId: number, done: (message: string) => void, onCancel: () => void): HTMLFormElement {
  const id = nextId('community-reason');
  const reason = h(
    'select',
    { id, name: 'reason', className: 'input' },
    h('option', { value: '' }, 'Choose…'),
    ...COMMUNITY_REPORT_REASONS.map((r) => h('option', { value: r }, COMMUNITY_REPORT_REASON_LABELS[r])),
  );
  const error = h('p', { id: `${id}-error`, className: 'field-error', hidden: true });
  const submit = h('button', { type: 'submit', className: 'btn btn-danger btn-sm' }, 'Send report');
  const form = h(
    'form',
    { className: 'community-form', 'aria-label': 'Report this post', novalidate: true },
    h('div', { className: 'field' }, h('label', { for: id }, 'Why are you reporting it?'), reason, error),
    h('div', { className: 'cluster' }, submit, h('button', { type: 'button', className: 'btn btn-ghost btn-sm', onclick: onCancel }, 'Cancel')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const show = (message: string) => {
      error.textContent = message;
      error.hidden = false;
      reason.setAttribute('aria-invalid', 'true');
      reason.setAttribute('aria-describedby', error.id);
      reason.focus();
    };
    if (!reason.value) return show(COMMUNITY_MESSAGES.CHOOSE_A_REASON);
    submit.disabled = true;
    apiFetch(`/api/community/posts/${postId}/reports`, { method: 'POST', json: { reason: reason.value } })
      .then(() => done('Thanks. A moderator will look at it.'))
      .catch((err: unknown) => (err instanceof ApiError && err.status === 409 ? done(err.message) : show(failure(err))))
      .finally(() => (submit.disabled = false));
  });
  return form;
}

export function voteButton(post: CommunityPostView): HTMLElement | null {
  if (!post.can.vote) return post.vote_count > 0 ? h('span', { className: 'text-sm muted' }, countLabel(post.vote_count, 'helpful vote')) : null;
  const count = h('span', null, String(post.vote_count));
  const button = h(
    'button',
    { type: 'button', className: 'btn btn-secondary btn-sm community-vote', 'aria-pressed': String(post.voted), title: 'Helpful' },
    h('span', { 'aria-hidden': 'true' }, '▲ '),
    'Helpful ',
    count,
  );
  let voted = post.voted;
  button.addEventListener('click', () => {
    if (button.disabled) return;
    button.disabled = true;
    apiFetch<{ voted: boolean; vote_count: number }>(`/api/community/posts/${post.id}/vote`, { method: voted ? 'DELETE' : 'PUT' })
      .then((answer) => {
        voted = answer.voted;
        button.setAttribute('aria-pressed', String(voted));
        count.textContent = String(answer.vote_count);
      })
      .catch((err: unknown) => toast({ title: 'Could not vote', description: failure(err), variant: 'destructive' }))
      .finally(() => (button.disabled = false));
  });
  return button;
}

/** Report under a post: opens the reasons in place, then says it was sent. */
export function reportButton(post: CommunityPostView, area: HTMLElement): HTMLElement | null {
  if (!post.can.report) return null;
  const button = h('button', { type: 'button', className: 'btn btn-ghost btn-sm' }, 'Report');
  button.addEventListener('click', () => {
    const form = reportForm(
      post.id,
      (message) => {
        form.parentNode?.replaceChild(h('p', { className: 'text-sm muted', role: 'status' }, message), form);
        button.remove();
      },
      () => {
        form.remove();
        button.focus();
      },
    );
    area.querySelector('form[aria-label="Report this post"]')?.remove();
    area.appendChild(form);
    form.querySelector('select')?.focus();
  });
  return button;
}
