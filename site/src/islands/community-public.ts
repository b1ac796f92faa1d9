import type { CommunityQuestionPage, CommunityQuestionView, CommunitySort, CommunityThreadView } from '../../../shared/community.ts';
import { COMMUNITY_MESSAGES } from '../../../shared/community.ts';
import { apiFetch } from '../lib/api.ts';
import { toast } from '../stores/toasts.ts';
import { hasSession } from './dom.ts';
import { failure, postForm, questionItem } from './community-public-parts.ts';
import { renderThread } from './community-public-thread.ts';

/**
 * The questions of a public page (components/community/CommunitySection.astro, decision 0075),
 * loaded by community-public-boot.ts: sort, More, a thread opened in place (and `?question=` in
 * the address), asking, answering and replying, upvotes and reports, and the author's and the
 * page owner's tools (community-public-thread.ts, community-public-tools.ts). Plain TypeScript: a public
 * page carries at most 15 KB of JavaScript. Text goes in with textContent; bodies are the
 * server's rendered safe markdown (body_html) only.
 */

export function mountCommunity(root: HTMLElement): void {
  if (root.hasAttribute('data-community-ready')) return;
  root.setAttribute('data-community-ready', '');
  const targetKind = root.dataset.targetKind!;
  const targetId = root.dataset.targetId!;
  const signIn = root.dataset.signIn ?? '/auth';
  const path = location.pathname.replace(/\/$/, '');
  const list = root.querySelector<HTMLOListElement>('[data-community-list]')!;
  const more = root.querySelector<HTMLButtonElement>('[data-community-more]')!;
  const sortSelect = root.querySelector('[data-community-sort]') as HTMLSelectElement | null;
  const askButton = root.querySelector<HTMLButtonElement>('[data-community-ask]')!;
  const askSlot = root.querySelector<HTMLElement>('[data-community-ask-slot]')!;
  let sort: CommunitySort = (sortSelect?.value as CommunitySort | undefined) ?? 'helpful';
  /** The next page's cursor once a page was fetched; undefined while only the page's own preview is shown. */
  let cursor: string | null | undefined;

  const listUrl = (after?: string | null) =>
    `/api/community/questions?target_kind=${encodeURIComponent(targetKind)}&target_id=${encodeURIComponent(targetId)}&sort=${sort}${after ? `&cursor=${encodeURIComponent(after)}` : ''}`;

  const shownIds = () => new Set([...list.querySelectorAll<HTMLElement>('[data-question-id]')].map((li) => li.dataset.questionId));

  async function loadPage(replace: boolean): Promise<void> {
    more.disabled = true;
    more.setAttribute('aria-busy', 'true');
    try {
      const page = await apiFetch<CommunityQuestionPage>(listUrl(replace ? null : cursor));
      if (replace) list.replaceChildren();
      const shown = shownIds();
      for (const q of page.data) if (!shown.has(String(q.id))) list.appendChild(questionItem(q, path));
      cursor = page.next;
      more.hidden = !page.next;
    } catch (err) {
      toast({ title: 'Could not load the questions', description: failure(err), variant: 'destructive' });
    } finally {
      more.disabled = false;
      more.removeAttribute('aria-busy');
    }
  }

  more.addEventListener('click', () => void loadPage(false));
  sortSelect?.addEventListener('change', () => {
    sort = sortSelect.value as CommunitySort;
    void loadPage(true);
  });

  // --- asking ---
  askButton.addEventListener('click', () => {
    if (!hasSession()) return location.assign(signIn);
    if (askSlot.firstChild) return askSlot.querySelector<HTMLElement>('input, textarea')?.focus();
    const close = () => {
      askSlot.replaceChildren();
      askButton.focus();
    };
    const ask = postForm(
      'Ask a question',
      [
        { name: 'title', label: 'Your question' },
        { name: 'body', label: 'Details' },
      ],
      'Post question',
      async (values) => {
        const q = await apiFetch<CommunityQuestionView>('/api/community/questions', {
          method: 'POST',
          json: { target_kind: targetKind, target_id: Number(targetId), title: values.title, body: values.body },
        });
        askSlot.replaceChildren();
        const item = questionItem(q, path);
        list.insertBefore(item, list.firstChild);
        if (q.status === 'pending') toast({ title: 'Question sent', description: COMMUNITY_MESSAGES.HELD_FOR_REVIEW });
        else toast({ title: 'Question posted' });
        item.querySelector<HTMLElement>('a')?.focus();
      },
      close,
    );
    askSlot.replaceChildren(ask.form);
    ask.focus();
  });

  // --- threads (community-public-thread.ts) ---
  const removeQuestion = (item: HTMLLIElement) => {
    item.remove();
    history.replaceState(history.state, '', `${path}#questions`);
    const heading = root.querySelector<HTMLElement>('#questions-heading');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  };

  async function openThread(id: string, item: HTMLLIElement | null): Promise<void> {
    try {
      const thread = await apiFetch<CommunityThreadView>(`/api/community/questions/${encodeURIComponent(id)}`);
      // An address naming another page's question opens nothing here.
      if (thread.question.target_kind !== targetKind || String(thread.question.target_id) !== targetId) return;
      let target = item;
      if (!target) {
        target = questionItem(thread.question, path);
        list.insertBefore(target, list.firstChild);
      }
      renderThread({ item: target, path, targetKind, signIn, removeQuestion }, thread);
      history.replaceState(history.state, '', `${path}?question=${thread.question.id}#questions`);
    } catch (err) {
      toast({ title: 'Could not open the question', description: failure(err), variant: 'destructive' });
    }
  }

  list.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('[data-community-open]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const item = link.closest<HTMLLIElement>('li')!;
    if (item.hasAttribute('data-open')) return;
    void openThread(link.dataset.communityOpen!, item);
  });

  const asked = new URLSearchParams(location.search).get('question');
  if (asked && /^[1-9][0-9]{0,15}$/.test(asked)) {
    const item = list.querySelector<HTMLLIElement>(`[data-question-id="${asked}"]`);
    void openThread(asked, item).then(() => list.querySelector(`[data-question-id="${asked}"]`)?.scrollIntoView({ block: 'start' }));
  }
  if (sortSelect && sortSelect.value !== 'helpful') void loadPage(true);
}
