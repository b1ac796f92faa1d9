import { parseStoreQuery, storeHref } from '../lib/store-query.ts';
import { mountWhenIdle } from './dom.ts';
import { repairStoreImages } from './store-images.ts';

const SEARCH_DELAY_MS = 400;

type Select = HTMLElement & Pick<HTMLSelectElement, 'value' | 'name'>;

/**
 * /curriculum (components/store/ResourceListPage.astro): a change of the search, a facet or the
 * sort, a chip, Clear filters or a page link shows that view at once. The view is the page the
 * server renders for its address (from the public cache when someone asked before): it is
 * fetched, its `data-store-swap` parts replace ours, and the address follows (Back goes back to
 * the view before). This script never makes a card; without it the form and links work as they are.
 */
function mountStoreList(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form[data-store-form]')!;
  const search = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const selects = [...form.querySelectorAll('select')] as unknown as Select[];
  const count = root.querySelector<HTMLElement>('[data-store-count]')!;
  let controller: AbortController | null = null;

  /** The view the form describes now (a change starts again at page 1). */
  const formHref = () => storeHref(parseStoreQuery(new URLSearchParams(new FormData(form) as unknown as Record<string, string>)));

  /** Puts the form's fields to the view's query (after Back, a chip or Clear filters). */
  function syncForm(query: ReturnType<typeof parseStoreQuery>, from: Document): void {
    if (document.activeElement !== search) search.value = query.q;
    for (const select of selects) {
      const fresh = from.querySelector(`select[name="${select.name}"]`) as unknown as Select | null;
      if (fresh) select.value = fresh.value;
    }
  }

  async function show(href: string, options: { push: boolean; focus: boolean }): Promise<void> {
    const url = new URL(href, location.href);
    controller?.abort();
    const mine = (controller = new AbortController());
    const results = root.querySelector<HTMLElement>('[data-store-swap="results"]');
    results?.setAttribute('aria-busy', 'true');
    let doc: Document;
    try {
      const res = await fetch(url.pathname + url.search, { headers: { accept: 'text/html' }, signal: mine.signal });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    } catch (err) {
      if (mine.signal.aborted) return;
      // Whatever went wrong, the address still shows the view.
      location.assign(url.href);
      throw err;
    }
    if (mine !== controller) return;
    for (const part of root.querySelectorAll<HTMLElement>('[data-store-swap]')) {
      const fresh = doc.querySelector(`[data-store-swap="${part.dataset.storeSwap}"]`);
      if (fresh) part.replaceWith(document.importNode(fresh, true));
    }
    count.textContent = doc.querySelector('[data-store-count]')?.textContent ?? count.textContent;
    syncForm(parseStoreQuery(url.search), doc);
    if (options.push && location.pathname + location.search !== url.pathname + url.search) history.pushState({ store: true }, '', url.pathname + url.search);
    repairStoreImages(root);
    if (options.focus) {
      count.focus({ preventScroll: true });
      if (count.getBoundingClientRect().top < 0) count.scrollIntoView({ block: 'start' });
    }
  }

  const go = (href: string, focus = false) => void show(href, { push: true, focus }).catch(() => undefined);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    go(formHref());
  });
  for (const select of selects) select.addEventListener('change', () => go(formHref()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => go(formHref()), SEARCH_DELAY_MS);
  });
  // Chips, Clear filters and the pages: links to other views.
  root.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest<HTMLAnchorElement>('a[data-store-link]');
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(link.getAttribute('href') ?? '/curriculum', true);
  });
  window.addEventListener('popstate', () => {
    if (location.pathname.replace(/\/$/, '') === '/curriculum') void show(location.href, { push: false, focus: false }).catch(() => undefined);
  });
  root.dataset.ready = '';
}

mountWhenIdle('[data-island="store-list"]', mountStoreList);
