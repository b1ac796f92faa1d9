import type { CommunityAnswerView, CommunityPostView, CommunityQuestionView, CommunityThreadView } from '../../../shared/community.ts';
import { COMMUNITY_MESSAGES } from '../../../shared/community.ts';
import { apiFetch } from '../lib/api.ts';
import { countLabel } from '../lib/plural.ts';
import { toast } from '../stores/toasts.ts';
import { h, hasSession } from './dom.ts';
import { bodyOf, failure, metaOf, postForm, refreshQuestionItem, reportButton, voteButton } from './community-public-parts.ts';
import { acceptTool, postTools, whatOf } from './community-public-tools.ts';

/**
 * A question's thread opened in place under it in a public page's list (community-public.ts):
 * its answers (the accepted one first), their replies, and what the reader may do — vote, answer,
 * reply, report, and for a post's author and the page's owner accept, edit, delete, hide and
 * restore (community-public-tools.ts). A post changed is drawn again in place from the API's view.
 */

export interface ThreadPage {
  /** The list item of the question. */
  item: HTMLLIElement;
  path: string;
  targetKind: string;
  signIn: string;
  /** The question was deleted and nothing stays under it: it leaves the list. */
  removeQuestion: (item: HTMLLIElement) => void;
}

/** A deleted post as the page shows it until it is read again: its placeholder, no author, no tools. */
function asDeleted<T extends CommunityPostView>(post: T): T {
  return {
    ...post,
    status: 'deleted',
    author: null,
    title: post.kind === 'question' ? COMMUNITY_MESSAGES.DELETED_PLACEHOLDER : post.title,
    body: '',
    body_html: '',
    can: { edit: false, delete: false, hide: false, report: false, vote: false },
  };
}

const focusButton = (within: HTMLElement, label: string) =>
  [...within.querySelectorAll<HTMLButtonElement>(':scope > .community-actions > button, :scope > .community-post-head > .community-actions > button')]
    .find((b) => b.textContent?.trim().endsWith(label))
    ?.focus();

export function renderThread(page: ThreadPage, thread: CommunityThreadView): void {
  const { item, path, targetKind, signIn } = page;
  item.querySelector('[data-thread]')?.remove();
  item.setAttribute('data-open', '');
  let question: CommunityQuestionView = thread.question;
  /** Draws each answer again (its accepted mark and buttons) after the accepted answer changed. */
  const repaints = new Map<number, () => void>();

  const answersList = h('ol', { className: 'community-answers', 'aria-label': 'Answers' });
  let answerCount = question.answer_count;
  const heading = h('h4', { tabindex: -1 }, countLabel(answerCount, 'answer'));
  const actions = h('div', { className: 'community-actions' });
  const box = h('div', { className: 'community-thread', 'data-thread': '' }, actions, heading, answersList);

  const setCount = (n: number) => {
    answerCount = n;
    question = { ...question, answer_count: n };
    heading.textContent = countLabel(n, 'answer');
    const count = item.querySelector('[data-answer-count]');
    if (count) count.textContent = countLabel(n, 'answer');
  };

  /** Puts the question's accepted answer (null takes it back), asked from the answer `from`. */
  async function accept(answerId: number | null, from: number): Promise<void> {
    question = await apiFetch<CommunityQuestionView>(`/api/community/questions/${question.id}/accepted`, { method: 'PUT', json: { answer_id: answerId } });
    refreshQuestionItem(item, question, path);
    for (const repaint of repaints.values()) repaint();
    const chosen = answersList.querySelector<HTMLLIElement>(`:scope > [data-post-id="${question.accepted_answer_id}"]`);
    if (chosen) answersList.insertBefore(chosen, answersList.firstChild);
    toast({ title: answerId === null ? 'No answer is accepted now' : 'Answer accepted' });
    const asked = answersList.querySelector<HTMLElement>(`:scope > [data-post-id="${from}"]`);
    if (asked) focusButton(asked, answerId === null ? 'Accept' : 'Unaccept');
  }

  function answerItem(first: CommunityAnswerView | CommunityPostView, reply: boolean): HTMLLIElement {
    let post = first;
    const head = h('div', { className: 'community-post-head' });
    const li = h('li', { className: 'community-post', 'data-post-id': post.id }, head);
    const replies = reply ? null : h('ol', { className: 'community-replies', 'aria-label': 'Replies' });

    const paint = (focus?: string) => {
      const accepted = !reply && question.accepted_answer_id === post.id;
      li.toggleAttribute('data-accepted', accepted);
      li.dataset.status = post.status;
      const row = h('div', { className: 'community-actions' });
      const vote = voteButton(post);
      if (vote) row.appendChild(vote);
      if (!reply && question.can_accept && post.status === 'visible') row.appendChild(acceptTool(post, accepted, (choice) => accept(choice, post.id)));
      if (replies && thread.can_answer && post.status === 'visible' && question.status === 'visible') row.appendChild(replyButton());
      const report = reportButton(post, li);
      if (report) row.appendChild(report);
      const tools = postTools({
        post,
        anchor: () => head,
        changed: (view, label) => {
          // The question's count is of its shown answers: hiding one takes it out, restoring puts it back.
          if (!reply && view.status !== post.status) setCount(Math.max(0, answerCount + (view.status === 'visible' ? 1 : post.status === 'visible' ? -1 : 0)));
          post = { ...post, ...view };
          paint(label);
        },
        deleted: () => {
          if (!reply && post.status === 'visible') setCount(Math.max(0, answerCount - 1));
          // A deleted answer with replies stays as a placeholder; anything else leaves the thread.
          if (replies && replies.children.length > 0) {
            post = asDeleted(post);
            if (question.accepted_answer_id === post.id) question = { ...question, accepted_answer_id: null };
            paint();
          } else {
            li.remove();
            heading.focus();
          }
        },
      });
      for (const tool of tools) row.appendChild(tool);
      head.replaceChildren(metaOf(post, [accepted ? h('span', { className: 'badge badge-success' }, 'Accepted answer') : null]), bodyOf(post, 'community-post-body'), row);
      if (focus) focusButton(li, focus);
    };

    function replyButton(): HTMLButtonElement {
      const button = h('button', { type: 'button', className: 'btn btn-ghost btn-sm', 'aria-label': `Reply to ${whatOf(post)}` }, 'Reply');
      button.addEventListener('click', () => {
        if (li.querySelector('form[aria-label="Reply"]')) return;
        const form = postForm(
          'Reply',
          [{ name: 'body', label: 'Your reply' }],
          'Post reply',
          async (values) => {
            const posted = await apiFetch<CommunityPostView>(`/api/community/posts/${post.id}/replies`, { method: 'POST', json: { body: values.body } });
            form.form.remove();
            replies!.appendChild(answerItem(posted, true));
            if (posted.status === 'pending') toast({ title: 'Reply sent', description: COMMUNITY_MESSAGES.HELD_FOR_REVIEW });
          },
          () => {
            form.form.remove();
            button.focus();
          },
        );
        li.appendChild(form.form);
        form.focus();
      });
      return button;
    }

    if (replies) {
      const answer = first as CommunityAnswerView;
      for (const r of answer.replies ?? []) replies.appendChild(answerItem(r, true));
      li.appendChild(replies);
      if (answer.reply_count > (answer.replies ?? []).length) {
        let after: string | null = null;
        const moreReplies = h('button', { type: 'button', className: 'btn btn-ghost btn-sm' }, 'More replies');
        moreReplies.addEventListener('click', () => {
          moreReplies.disabled = true;
          apiFetch<{ data: CommunityPostView[]; next: string | null }>(`/api/community/posts/${answer.id}/replies${after ? `?cursor=${encodeURIComponent(after)}` : ''}`)
            .then((next) => {
              const shown = new Set([...replies.children].map((c) => (c as HTMLElement).dataset.postId));
              for (const r of next.data) if (!shown.has(String(r.id))) replies.appendChild(answerItem(r, true));
              after = next.next;
              if (!next.next) moreReplies.remove();
            })
            .catch((err: unknown) => toast({ title: 'Could not load the replies', description: failure(err), variant: 'destructive' }))
            .finally(() => (moreReplies.disabled = false));
        });
        li.appendChild(moreReplies);
      }
      repaints.set(post.id, () => paint());
    }
    paint();
    return li;
  }

  // The question's own buttons, above its answers.
  const close = h('button', { type: 'button', className: 'btn btn-ghost btn-sm' }, 'Close');
  close.addEventListener('click', () => {
    box.remove();
    item.removeAttribute('data-open');
    history.replaceState(history.state, '', `${path}#questions`);
    item.querySelector<HTMLElement>('[data-community-open]')?.focus();
  });
  let answerForm: HTMLFormElement | null = null;
  const paintQuestion = (focus?: string) => {
    const vote = voteButton(question);
    const report = reportButton(question, box);
    actions.replaceChildren(
      ...[vote, report].filter((e) => e !== null),
      ...postTools({
        post: question,
        anchor: () => actions,
        changed: (view, label) => {
          question = { ...question, ...view } as CommunityQuestionView;
          refreshQuestionItem(item, question, path);
          // Accepting and replying follow the question's status.
          for (const repaint of repaints.values()) repaint();
          paintQuestion(label);
        },
        deleted: () => {
          // A question with shown answers stays as a placeholder over them; one without leaves the list.
          if (answerCount === 0) return page.removeQuestion(item);
          question = { ...asDeleted(question), can_accept: false };
          refreshQuestionItem(item, question, path);
          for (const repaint of repaints.values()) repaint();
          paintQuestion();
          close.focus();
        },
      }),
      close,
    );
    // Answers go to a question that is shown.
    if (answerForm) answerForm.hidden = question.status !== 'visible';
    if (focus) focusButton(box, focus);
  };
  paintQuestion();

  for (const a of thread.answers) answersList.appendChild(answerItem(a, false));
  if (thread.next) {
    let after: string | null = thread.next;
    const moreAnswers = h('button', { type: 'button', className: 'btn btn-secondary btn-sm' }, 'More answers');
    moreAnswers.addEventListener('click', () => {
      moreAnswers.disabled = true;
      apiFetch<CommunityThreadView>(`/api/community/questions/${question.id}?cursor=${encodeURIComponent(after ?? '')}`)
        .then((next) => {
          const shown = new Set([...answersList.children].map((c) => (c as HTMLElement).dataset.postId));
          for (const a of next.answers) if (!shown.has(String(a.id))) answersList.appendChild(answerItem(a, false));
          after = next.next;
          if (!after) moreAnswers.remove();
        })
        .catch((err: unknown) => toast({ title: 'Could not load the answers', description: failure(err), variant: 'destructive' }))
        .finally(() => (moreAnswers.disabled = false));
    });
    box.appendChild(moreAnswers);
  }
  if (thread.can_answer) {
    const answer = postForm(
      'Answer this question',
      [{ name: 'body', label: 'Your answer' }],
      'Post answer',
      async (values) => {
        const posted = await apiFetch<CommunityAnswerView>(`/api/community/questions/${question.id}/answers`, { method: 'POST', json: { body: values.body } });
        answersList.appendChild(answerItem({ ...posted, replies: posted.replies ?? [], reply_count: posted.reply_count ?? 0, accepted: false }, false));
        answer.form.reset();
        if (posted.status === 'pending') toast({ title: 'Answer sent', description: COMMUNITY_MESSAGES.HELD_FOR_REVIEW });
        else {
          setCount(answerCount + 1);
          toast({ title: 'Answer posted' });
        }
      },
      () => answer.form.reset(),
    );
    answerForm = answer.form;
    answerForm.hidden = question.status !== 'visible';
    box.appendChild(answer.form);
  } else if (!hasSession()) {
    box.appendChild(h('p', { className: 'text-sm' }, h('a', { href: signIn }, 'Sign in to answer')));
  } else if (targetKind === 'resource' && question.status === 'visible') {
    box.appendChild(h('p', { className: 'text-sm muted' }, COMMUNITY_MESSAGES.RESOURCE_NEEDS_PURCHASE));
  }
  item.appendChild(box);
}
