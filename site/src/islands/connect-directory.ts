import { DEFAULT_SEARCH_RADIUS_MILES } from '../../../worker/src/domain/bookings.ts';
import type { ZipPlace } from '../../../shared/bookings/views.ts';
import {
  directorySearchString,
  filtersOf,
  parseDirectoryParams,
  searchRecords,
  type DirectoryRecord,
} from '../../../shared/connect/directory-search.ts';
import { distanceText, instructorCount } from '../lib/connect-format.ts';
import { $origin, searchOrigin, setKnownOrigin } from '../stores/connect-directory.ts';
import { mountWhenIdle } from './dom.ts';

const PRICE_DELAY_MS = 300;
const WIDE = '(min-width: 48rem)';

/**
 * /connect (components/connect/ConnectDirectory.astro): the filters and the sort applied in the
 * browser over the cards the server rendered (decision 0020): they are shown, hidden and put in
 * order, never made here. A ZIP code is looked up through the API and each card's distance is
 * measured here with the same pure functions the API uses (directory-search.ts). The query stays
 * in the address, so a filtered list can be shared; without JavaScript the form is a GET the
 * server answers with the same filters.
 */
function mountConnectDirectory(root: HTMLElement): void {
  const raw = root.querySelector('script[data-connect-data]')?.textContent ?? '{}';
  const data = JSON.parse(raw) as { records?: DirectoryRecord[]; origin?: ZipPlace | null };
  const records = data.records ?? [];
  const form = root.querySelector<HTMLFormElement>('form[data-connect-form]')!;
  const disclosure = root.querySelector<HTMLDetailsElement>('[data-connect-disclosure]')!;
  const list = root.querySelector<HTMLElement>('[data-connect-results]')!;
  const count = root.querySelector<HTMLElement>('[data-connect-count]')!;
  const empty = root.querySelector<HTMLElement>('[data-connect-empty]')!;
  const zipError = root.querySelector<HTMLElement>('[data-connect-zip-error]')!;
  const zipInput = form.querySelector<HTMLInputElement>('#connect-zip')!;
  const cards = new Map<number, HTMLElement>();
  for (const li of list.querySelectorAll<HTMLElement>(':scope > li[data-instructor-id]')) cards.set(Number(li.dataset.instructorId), li);

  setKnownOrigin(data.origin ?? null);
  // Wide screens show the filters open; a phone keeps them behind the button.
  if (window.matchMedia(WIDE).matches) disclosure.open = true;

  const formQuery = () => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.set(name, value);
    return parseDirectoryParams(params);
  };

  function render(): void {
    const { query, problems } = formQuery();
    const origin = $origin.get();
    const place = origin.status === 'found' && origin.zip === query.zip ? origin.place : null;
    const messages = [...problems];
    if (origin.status === 'error' && origin.zip === query.zip) messages.push(origin.message);
    zipError.textContent = messages.join(' ');
    zipError.hidden = messages.length === 0;
    zipInput.setAttribute('aria-invalid', String(messages.length > 0));

    const shown = searchRecords(records, filtersOf(query), place);
    const shownIds = new Set(shown.map((r) => r.id));
    for (const r of shown) {
      const li = cards.get(r.id);
      if (!li) continue;
      li.hidden = false;
      const distance = li.querySelector<HTMLElement>('[data-distance]');
      if (distance) {
        distance.textContent = r.distance_miles === null ? '' : distanceText(r.distance_miles);
        distance.hidden = r.distance_miles === null;
      }
      const online = li.querySelector<HTMLElement>('[data-online-reach]');
      if (online) online.hidden = r.reach !== 'online';
      list.appendChild(li);
    }
    for (const [id, li] of cards) if (!shownIds.has(id)) li.hidden = true;
    const near = place ? ` near ${place.city}, ${place.state}` : '';
    count.textContent = `${instructorCount(shown.length)}${near}`;
    empty.hidden = shown.length > 0;
    const search = directorySearchString(query);
    if (location.search !== search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }

  let lookup = 0;
  async function applyZip(): Promise<void> {
    const zip = zipInput.value.trim();
    const mine = ++lookup;
    if (/^\d{5}$/.test(zip)) await searchOrigin(zip);
    else await searchOrigin('');
    if (mine === lookup) render();
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void applyZip();
    if (!window.matchMedia(WIDE).matches) {
      disclosure.open = false;
      count.focus({ preventScroll: false });
    }
  });
  for (const select of form.querySelectorAll('select')) select.addEventListener('change', render);
  let timer: ReturnType<typeof setTimeout> | undefined;
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="number"]')) {
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(render, PRICE_DELAY_MS);
    });
  }
  zipInput.addEventListener('change', () => void applyZip());
  for (const clear of root.querySelectorAll<HTMLAnchorElement>('[data-connect-clear]')) {
    clear.addEventListener('click', (e) => {
      e.preventDefault();
      // The page's defaults, not the form's (a page rendered for a query has that query's values).
      for (const field of form.querySelectorAll<HTMLInputElement>('input, select')) {
        field.value = field.name === 'radius' ? String(DEFAULT_SEARCH_RADIUS_MILES) : field.name === 'sort' ? 'recommended' : '';
      }
      void applyZip();
    });
  }
  count.tabIndex = -1;
  // The page was built without the address's query (or the browser kept form values): apply them.
  const initial = parseDirectoryParams(new URLSearchParams(location.search)).query;
  if (initial.zip && initial.zip !== data.origin?.zip) void applyZip();
  else render();
  // Mounted: what a test (or a style) can wait for.
  root.dataset.connectReady = '';
}

mountWhenIdle('[data-island="connect-directory"]', mountConnectDirectory);
