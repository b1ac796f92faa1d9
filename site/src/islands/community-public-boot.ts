import { whenIdle } from './on-session.ts';

/**
 * Starts the questions' island of a public page (community-public.ts) only when it is needed, so
 * that it costs the page's first load nothing (a public page carries at most 15 KB of
 * JavaScript): when the section comes near the screen, when the address names a question, or on
 * the first click in the section before then (the click is replayed once the island is there).
 */
const root = document.querySelector<HTMLElement>('[data-community]');
if (root) {
  let started: Promise<void> | undefined;
  const start = () => (started ??= import('./community-public.ts').then((m) => m.mountCommunity(root)));
  root.addEventListener(
    'click',
    (event) => {
      if (root.hasAttribute('data-community-ready')) return;
      const target = (event.target as Element | null)?.closest<HTMLElement>('[data-community-ask], [data-community-open], [data-community-more]');
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      void start().then(() => target.click());
    },
    true,
  );
  root.addEventListener('change', () => void start(), true);
  if (new URLSearchParams(location.search).has('question')) whenIdle(() => void start());
  else if (typeof IntersectionObserver === 'function') {
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        whenIdle(() => void start());
      },
      { rootMargin: '300px 0px' },
    );
    seen.observe(root);
  } else whenIdle(() => void start());
}
