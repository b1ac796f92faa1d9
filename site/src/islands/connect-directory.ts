import { DEFAULT_SEARCH_RADIUS_MILES } from '../../../worker/src/domain/bookings.ts';
import { mountWhenIdle } from './dom.ts';
import { swapParts, viewFetcher } from './view-swap.ts';

const PRICE_DELAY_MS = 300;
const WIDE = '(min-width: 48rem)';
/** An input or a select: what the form's fields have in common here. */
type Field = HTMLElement & { name: string; value: string };
/** The fields' values that are the page's defaults, left out of the address (one address per view). */
const DEFAULTS: Readonly<Record<string, string>> = { radius: String(DEFAULT_SEARCH_RADIUS_MILES), sort: 'recommended' };

/**
 * /connect (components/connect/ConnectDirectory.astro): a change of a filter, the sort or the ZIP
 * code, a page link or Clear filters shows the view the server renders for that address (one page
 * of the matches, read by SQL: decision 0072), swapped in place: its `[data-connect-swap]` parts
 * replace ours, the count and the ZIP code's message follow, and the address with them (Back goes
 * back). Nothing here makes a card; without this script the form and the links work as they are.
 */
function mountConnectDirectory(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form[data-connect-form]')!;
  const disclosure = root.querySelector<HTMLDetailsElement>('[data-connect-disclosure]')!;
  const count = root.querySelector<HTMLElement>('[data-connect-count]')!;
  const zipError = root.querySelector<HTMLElement>('[data-connect-zip-error]')!;
  const zipInput = form.querySelector<HTMLInputElement>('#connect-zip')!;
  // Wide screens show the filters open; a phone keeps them behind the button.
  if (window.matchMedia(WIDE).matches) disclosure.open = true;

  /** The address of the view the form describes: its fields that differ from the defaults (page 1). */
  function formView(): string {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === 'string' && value.trim() !== '' && DEFAULTS[name] !== value) params.set(name, value.trim());
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  }

  /** Puts the fields to the shown view's (after Back or Clear filters); a ZIP code it could not use stays as typed. */
  function syncForm(from: Document, zipRefused: boolean): void {
    for (const field of form.querySelectorAll<Field>('input[name], select[name]')) {
      if (field === zipInput && zipRefused) continue;
      const fresh = from.querySelector<Field>(`form[data-connect-form] [name="${field.name}"]`);
      if (fresh && document.activeElement !== field) field.value = fresh.value;
    }
  }

  const fetcher = viewFetcher(root, 'connect');
  async function show(href: string, how: { push: boolean; focus: boolean }): Promise<void> {
    const url = new URL(href, location.href);
    const doc = await fetcher.fetch(url);
    if (!doc) return;
    swapParts(root, doc, 'connect');
    const freshCount = doc.querySelector('[data-connect-count]');
    if (freshCount) count.innerHTML = freshCount.innerHTML;
    const freshError = doc.querySelector<HTMLElement>('[data-connect-zip-error]');
    zipError.textContent = freshError?.textContent ?? '';
    zipError.hidden = !freshError || freshError.hidden;
    zipInput.setAttribute('aria-invalid', String(!zipError.hidden));
    syncForm(doc, !zipError.hidden);
    if (how.push && location.pathname + location.search !== url.pathname + url.search) history.pushState({ view: 'connect' }, '', url.pathname + url.search);
    if (how.focus) {
      count.focus({ preventScroll: true });
      if (count.getBoundingClientRect().top < 0) count.scrollIntoView({ block: 'start' });
    }
  }
  const go = (href: string, focus = false) => void show(href, { push: true, focus }).catch(() => undefined);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    const phone = !window.matchMedia(WIDE).matches;
    if (phone) disclosure.open = false;
    go(formView(), phone);
  });
  for (const select of form.querySelectorAll('select')) select.addEventListener('change', () => go(formView()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="number"]')) {
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => go(formView()), PRICE_DELAY_MS);
    });
  }
  zipInput.addEventListener('change', () => go(formView()));
  // Page links and Clear filters: links to other views.
  root.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest<HTMLAnchorElement>('a[data-connect-link]');
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const to = new URL(link.href, location.href);
    // The view stays at the address it was asked at (/connect-updated keeps its path).
    go(`${location.pathname}${to.search}`, true);
  });
  window.addEventListener('popstate', () => void show(location.href, { push: false, focus: false }).catch(() => undefined));
  count.tabIndex = -1;
  // Mounted: what a test (or a style) can wait for.
  root.dataset.connectReady = '';
}

mountWhenIdle('[data-island="connect-directory"]', mountConnectDirectory);
