/**
 * A list page whose views the server renders (the curriculum store, the course catalog): a change
 * of the search, a filter or the sort, a chip, Clear filters or a page link shows that view at
 * once. The view is the page the server renders for its address (from the public cache when
 * someone asked before): it is fetched, its `data-{name}-swap` parts replace ours, and the address
 * follows (Back goes back to the view before). Nothing here makes a card; without this script the
 * form and the links work as they are.
 *
 * Markup, for a `name`: `form[data-{name}-form]` (a GET form to `path`), `[data-{name}-count]`
 * (the count, focused after a page link), `[data-{name}-swap="…"]` (the parts a view replaces) and
 * `a[data-{name}-link]` (links to other views).
 */

type Select = HTMLElement & Pick<HTMLSelectElement, 'value' | 'name'>;

export interface ViewSwapOptions {
  /** The markup's attribute prefix. */
  name: string;
  /** The list's path ('/curriculum'). */
  path: string;
  /** The address of the view the form describes (a change starts again at page 1). */
  formHref(form: HTMLFormElement): string;
  searchDelayMs: number;
  /** Whether a choice in a select shows its view at once (default: always). */
  appliesAtOnce?(): boolean;
  /** After a view was swapped in (repair its images, update what lies outside the swapped parts). */
  afterSwap?(fresh: Document): void;
}

export interface ViewSwap {
  /** Shows a view and puts its address in the history. */
  go(href: string, focus?: boolean): void;
  /** The view the form describes now. */
  formView(): string;
}

/**
 * Fetches the page the server renders for a view's address; a newer fetch aborts an older one,
 * whose answer is then dropped (null). A failed fetch loads the address instead: it still shows the view.
 */
export function viewFetcher(root: HTMLElement, name: string): { fetch(url: URL): Promise<Document | null> } {
  let controller: AbortController | null = null;
  // A click on a link that leaves the list (a card, a course) drops the view under way: putting its
  // address in the history while the browser leaves would cancel the person's navigation.
  root.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest<HTMLAnchorElement>('a[href]');
    if (!link || link.hasAttribute(`data-${name}-link`) || link.target === '_blank' || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    controller?.abort();
  });
  return {
    async fetch(url: URL): Promise<Document | null> {
      controller?.abort();
      const mine = (controller = new AbortController());
      root.querySelector<HTMLElement>(`[data-${name}-swap="results"]`)?.setAttribute('aria-busy', 'true');
      let doc: Document;
      try {
        const res = await fetch(url.pathname + url.search, { headers: { accept: 'text/html' }, signal: mine.signal });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      } catch (err) {
        if (mine.signal.aborted) return null;
        location.assign(url.href);
        throw err;
      }
      return mine === controller && !mine.signal.aborted ? doc : null;
    },
  };
}

/** Replaces each `[data-{name}-swap]` part of ours with the fetched view's part of the same name. */
export function swapParts(root: HTMLElement, doc: Document, name: string): void {
  for (const part of root.querySelectorAll<HTMLElement>(`[data-${name}-swap]`)) {
    const fresh = doc.querySelector(`[data-${name}-swap="${part.getAttribute(`data-${name}-swap`)}"]`);
    if (fresh) part.replaceWith(document.importNode(fresh, true));
  }
}

export function mountViewSwap(root: HTMLElement, options: ViewSwapOptions): ViewSwap {
  const { name, path } = options;
  const form = root.querySelector<HTMLFormElement>(`form[data-${name}-form]`)!;
  const search = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const selects = [...form.querySelectorAll('select')] as unknown as Select[];
  const count = root.querySelector<HTMLElement>(`[data-${name}-count]`)!;
  const fetcher = viewFetcher(root, name);

  /** Puts the form's fields to the shown view's (after Back, a chip or Clear filters). */
  function syncForm(from: Document): void {
    const q = from.querySelector<HTMLInputElement>('input[name="q"]');
    if (q && document.activeElement !== search) search.value = q.value;
    for (const select of selects) {
      const fresh = from.querySelector(`select[name="${select.name}"]`) as unknown as Select | null;
      if (fresh) select.value = fresh.value;
    }
  }

  async function show(href: string, how: { push: boolean; focus: boolean }): Promise<void> {
    const url = new URL(href, location.href);
    const doc = await fetcher.fetch(url);
    if (!doc) return;
    swapParts(root, doc, name);
    count.textContent = doc.querySelector(`[data-${name}-count]`)?.textContent ?? count.textContent;
    syncForm(doc);
    // A redirect (another spelling of the view) lands on the view's one address.
    const shown = new URL(viewAddress(url, doc), location.href);
    if (how.push && location.pathname + location.search !== shown.pathname + shown.search) history.pushState({ view: name }, '', shown.pathname + shown.search);
    options.afterSwap?.(doc);
    if (how.focus) {
      count.focus({ preventScroll: true });
      if (count.getBoundingClientRect().top < 0) count.scrollIntoView({ block: 'start' });
    }
  }

  /** The view's canonical address when the page names one, else the address asked for. */
  function viewAddress(asked: URL, doc: Document): string {
    return doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? asked.pathname + asked.search;
  }

  const go = (href: string, focus = false) => void show(href, { push: true, focus }).catch(() => undefined);
  const formView = () => options.formHref(form);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    go(formView());
  });
  for (const select of selects) {
    select.addEventListener('change', () => {
      if (options.appliesAtOnce?.() ?? true) go(formView());
    });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => go(formView()), options.searchDelayMs);
  });
  // Chips, Clear filters and the pages: links to other views.
  root.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest<HTMLAnchorElement>(`a[data-${name}-link]`);
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(link.getAttribute('href') ?? path, true);
  });
  window.addEventListener('popstate', () => {
    if (location.pathname.replace(/\/$/, '') === path) void show(location.href, { push: false, focus: false }).catch(() => undefined);
  });
  return { go, formView };
}
