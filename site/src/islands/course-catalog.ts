import { countLabel, hasFilters, type CatalogCourse, type CatalogQuery, type Category } from '../lib/catalog.ts';
import { activeFilterChips } from '../lib/catalog-chips.ts';
import { $catalogPage, $catalogQuery, $categoryNames, clearCatalogFilters, initCatalog, setCatalogQuery } from '../stores/catalog.ts';
import { repairImages } from './course-media.ts';
import { h, mountWhenIdle } from './dom.ts';

const SEARCH_DELAY_MS = 250;

type Select = HTMLElement & Pick<HTMLSelectElement, 'value' | 'disabled' | 'options'>;

/**
 * /courses (components/CourseCatalog.astro): search, style, level, price and sort, kept in the
 * address so a filtered list can be shared. Filtering, sorting and paging happen here, over the
 * cards the server rendered (every published course's): they are shown, hidden and put in
 * order, never made here (decision 0020).
 */
function mountCourseCatalog(root: HTMLElement): void {
  const raw = root.querySelector('script[data-catalog-data]')?.textContent ?? '{}';
  const data = JSON.parse(raw) as { courses?: CatalogCourse[]; categories?: Category[] };
  const categories = data.categories ?? [];

  const search = root.querySelector<HTMLInputElement>('#catalog-q')!;
  // (HTMLSelectElement itself clashes with the Workers types of the project's tsconfig.)
  const select = (selector: string) => root.querySelector(selector) as unknown as Select;
  const selects = {
    category: select('#catalog-category'),
    level: select('#catalog-level'),
    price: select('#catalog-price'),
    sort: select('#catalog-sort'),
  };
  const count = root.querySelector<HTMLElement>('[data-catalog-count]')!;
  const clear = root.querySelector<HTMLButtonElement>('[data-catalog-clear]')!;
  const results = root.querySelector<HTMLElement>('[data-catalog-results]')!;
  const grid = results.querySelector<HTMLElement>('ul.course-grid');
  const empty = results.querySelector<HTMLElement>('[data-catalog-empty]');
  const cards = new Map<number, HTMLElement>();
  for (const li of grid?.querySelectorAll<HTMLElement>(':scope > li[data-course-id]') ?? []) cards.set(Number(li.dataset.courseId), li);
  const pages = root.querySelector<HTMLElement>('[data-catalog-pages]')!;
  const prev = pages.querySelector<HTMLButtonElement>('[data-page="prev"]')!;
  const next = pages.querySelector<HTMLButtonElement>('[data-page="next"]')!;
  const pageLabel = pages.querySelector<HTMLElement>('[data-page-label]')!;
  const chips = root.querySelector<HTMLElement>('[data-catalog-chips]')!;
  const filters = mountFilterSheet(root, selects, () => render());

  repairImages(results);

  root.querySelector('form')!.addEventListener('submit', (e) => {
    e.preventDefault();
    setCatalogQuery({ q: search.value });
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => setCatalogQuery({ q: search.value }), SEARCH_DELAY_MS);
  });
  for (const [name, control] of Object.entries(selects) as [keyof typeof selects, Select][]) {
    // In the sheet a choice waits for Apply.
    control.addEventListener('change', () => {
      if (!filters.isOpen()) setCatalogQuery({ [name]: control.value } as Partial<CatalogQuery>);
    });
  }
  clear.addEventListener('click', () => {
    clearCatalogFilters();
    search.focus();
  });
  results.querySelector('[data-catalog-clear-empty]')?.addEventListener('click', () => {
    clearCatalogFilters();
    search.focus();
  });
  const goTo = (page: number) => {
    setCatalogQuery({ page });
    root.scrollIntoView({ block: 'start' });
    count.focus({ preventScroll: true });
  };
  prev.addEventListener('click', () => goTo($catalogPage.get().page - 1));
  next.addEventListener('click', () => goTo($catalogPage.get().page + 1));
  count.tabIndex = -1;

  let shownNames = '';
  function syncCategories(names: string[], selected: string) {
    const wanted = selected && !names.some((n) => n.toLowerCase() === selected.toLowerCase()) ? [...names, selected] : names;
    const key = wanted.join('\n');
    if (key === shownNames) return;
    shownNames = key;
    selects.category.replaceChildren(h('option', { value: '' }, 'All styles'), ...wanted.map((n) => h('option', { value: n }, n)));
  }

  function syncSelects(query: CatalogQuery) {
    const exact = selects.category.querySelector(`option[value="${CSS.escape(query.category)}"]`);
    selects.category.value = exact ? query.category : ([...selects.category.options].find((o) => o.value.toLowerCase() === query.category.toLowerCase())?.value ?? '');
    selects.level.value = query.level;
    selects.price.value = query.price;
    selects.sort.value = query.sort;
  }

  /** The active filters as chips; removing one clears that filter (and the address follows). */
  let shownChips = '';
  function renderChips(query: CatalogQuery) {
    const list = activeFilterChips(query);
    const key = list.map((c) => c.label).join('\n');
    if (key === shownChips) return;
    shownChips = key;
    chips.hidden = list.length === 0;
    chips.replaceChildren(
      ...list.map((chip, i) =>
        h(
          'li',
          null,
          h(
            'button',
            {
              type: 'button',
              className: 'catalog-chip',
              'aria-label': `Remove filter ${chip.label}`,
              onclick: () => {
                if (chip.field === 'q') search.value = '';
                setCatalogQuery({ [chip.field]: '' } as Partial<CatalogQuery>);
                // Focus stays in the chips (the next one, else the previous), else goes to the count.
                const buttons = chips.querySelectorAll<HTMLButtonElement>('button');
                (buttons[i] ?? buttons[i - 1] ?? count).focus();
              },
            },
            h('span', null, chip.label),
            h('span', { className: 'catalog-chip-x', 'aria-hidden': 'true' }, '×'),
          ),
        ),
      ),
    );
  }

  /** Shows the cards of `items` in that order and hides the others. */
  let shownIds = '';
  function showCards(items: CatalogCourse[]) {
    const ids = items.map((c) => c.id).filter((id) => cards.has(id));
    const key = ids.join(',');
    if (key === shownIds || !grid) return;
    shownIds = key;
    const visible = new Set(ids);
    for (const [id, li] of cards) li.hidden = !visible.has(id);
    // Appending moves a card: the shown ones end up in order, after the hidden ones.
    for (const id of ids) grid.appendChild(cards.get(id)!);
  }

  function render() {
    const query = $catalogQuery.get();
    const page = $catalogPage.get();
    syncCategories($categoryNames.get(), query.category);

    if (document.activeElement !== search && search.value !== query.q) search.value = query.q;
    renderChips(query);
    filters.showCount(activeFilterChips(query).filter((c) => c.field !== 'q').length);
    // An open sheet holds choices not applied yet: they stay until Apply or Close.
    if (!filters.isOpen()) syncSelects(query);
    for (const control of [search, ...Object.values(selects)]) control.disabled = false;
    filters.enable();

    const filtered = hasFilters(query);
    count.textContent = filtered ? `${countLabel(page.total, 'course matches', 'courses match')} your search` : countLabel(page.total, 'course', 'courses');
    // The empty state has its own Clear filters: one per screen.
    clear.hidden = !filtered || page.total === 0;
    showCards(page.items);
    if (grid) grid.hidden = page.items.length === 0;
    if (empty) empty.hidden = page.items.length > 0;
    pages.hidden = page.pageCount < 2;
    pageLabel.textContent = `Page ${page.page} of ${page.pageCount}`;
    prev.disabled = page.page <= 1;
    next.disabled = page.page >= page.pageCount;
  }

  $catalogPage.listen(render);
  $catalogQuery.listen(render);
  initCatalog({ courses: data.courses ?? [], categories });
  render();
}

interface FilterSheet {
  isOpen(): boolean;
  enable(): void;
  showCount(n: number): void;
}

/**
 * Narrow screens: the Filters button opens a modal sheet (a native <dialog>: focus stays inside,
 * Escape closes, focus returns to the button) holding the style, level, price and sort fields,
 * moved there from the filter bar and back. Apply sets them all at once; Close or Escape drops
 * the choices (`resync` puts the fields back to the current query).
 */
function mountFilterSheet(root: HTMLElement, selects: Record<'category' | 'level' | 'price' | 'sort', Select>, resync: () => void): FilterSheet {
  const button = root.querySelector<HTMLButtonElement>('[data-catalog-open-filters]')!;
  const badge = button.querySelector<HTMLElement>('[data-filter-count]')!;
  const sheet = root.querySelector('#catalog-filter-sheet') as HTMLDialogElement;
  const body = sheet.querySelector<HTMLElement>('[data-sheet-body]')!;
  const fields = root.querySelector<HTMLElement>('[data-catalog-filter-fields]')!;
  const home = fields.parentElement!;
  let applying = false;

  button.addEventListener('click', () => {
    body.appendChild(fields);
    sheet.showModal();
    selects.category.focus();
  });
  sheet.querySelector('[data-sheet-close]')!.addEventListener('click', () => sheet.close());
  sheet.querySelector('[data-sheet-apply]')!.addEventListener('click', () => {
    applying = true;
    sheet.close();
  });
  // A click on the backdrop (outside the sheet's box) closes it like Close.
  sheet.addEventListener('click', (e) => {
    if (e.target !== sheet) return;
    const box = sheet.getBoundingClientRect();
    if (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom) sheet.close();
  });
  sheet.addEventListener('close', () => {
    home.appendChild(fields);
    if (applying) {
      applying = false;
      setCatalogQuery({ category: selects.category.value, level: selects.level.value, price: selects.price.value, sort: selects.sort.value } as Partial<CatalogQuery>);
    } else {
      resync();
    }
    button.focus();
  });
  // Grown past the phone layout while open: the fields belong in the bar again.
  matchMedia('(min-width: 40rem)').addEventListener('change', (e) => {
    if (e.matches && sheet.open) sheet.close();
  });

  return {
    isOpen: () => sheet.open,
    enable: () => {
      button.disabled = false;
    },
    showCount: (n) => {
      badge.hidden = n === 0;
      badge.replaceChildren(String(n), h('span', { className: 'visually-hidden' }, ' active'));
    },
  };
}

mountWhenIdle('[data-island="course-catalog"]', mountCourseCatalog);
