import { applyCatalogQuery, countLabel, DEFAULT_QUERY, hasFilters, type CatalogCourse, type CatalogQuery, type Category } from '../lib/catalog.ts';
import { $catalog, $catalogPage, $catalogQuery, $categoryNames, clearCatalogFilters, initCatalog, loadLiveCatalog, setCatalogQuery } from '../stores/catalog.ts';
import { courseGrid, errorMessage, loadingMessage, repairImages } from './course-dom.ts';
import { h, mountWhenIdle } from './dom.ts';

const SEARCH_DELAY_MS = 250;

type Select = HTMLElement & Pick<HTMLSelectElement, 'value' | 'disabled' | 'options'>;

/**
 * /courses (components/CourseCatalog.astro): search, style, level, price and sort, kept in the
 * address so a filtered list can be shared; filtering and sorting happen here, on the courses
 * the page carries (or, for the live variant, the ones the API gives).
 */
function mountCourseCatalog(root: HTMLElement): void {
  const live = root.dataset.live === 'true';
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
  const pages = root.querySelector<HTMLElement>('[data-catalog-pages]')!;
  const prev = pages.querySelector<HTMLButtonElement>('[data-page="prev"]')!;
  const next = pages.querySelector<HTMLButtonElement>('[data-page="next"]')!;
  const pageLabel = pages.querySelector<HTMLElement>('[data-page-label]')!;

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
    control.addEventListener('change', () => setCatalogQuery({ [name]: control.value } as Partial<CatalogQuery>));
  }
  clear.addEventListener('click', () => {
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

  // The pre-rendered cards are the first page of the unfiltered list: kept while that is what to show.
  let shownList: CatalogCourse[] | null = live ? null : applyCatalogQuery(data.courses ?? [], DEFAULT_QUERY).items;
  function render() {
    const state = $catalog.get();
    const query = $catalogQuery.get();
    const page = $catalogPage.get();
    syncCategories($categoryNames.get(), query.category);

    if (document.activeElement !== search && search.value !== query.q) search.value = query.q;
    const exact = selects.category.querySelector(`option[value="${CSS.escape(query.category)}"]`);
    selects.category.value = exact ? query.category : ([...selects.category.options].find((o) => o.value.toLowerCase() === query.category.toLowerCase())?.value ?? '');
    selects.level.value = query.level;
    selects.price.value = query.price;
    selects.sort.value = query.sort;
    const busy = state.status === 'loading';
    for (const control of [search, ...Object.values(selects)]) control.disabled = false;

    const filtered = hasFilters(query);
    clear.hidden = !filtered;
    if (busy) {
      count.textContent = 'Loading courses...';
      results.replaceChildren(loadingMessage('Loading courses...'));
      pages.hidden = true;
      shownList = null;
      return;
    }
    if (state.status === 'error') {
      count.textContent = '';
      results.replaceChildren(errorMessage(state.message ?? 'The courses could not be loaded.', () => void loadLiveCatalog(categories)));
      pages.hidden = true;
      shownList = null;
      return;
    }
    count.textContent = filtered ? `${countLabel(page.total, 'course matches', 'courses match')} your search` : countLabel(page.total, 'course', 'courses');
    // The empty state has its own Clear filters: one per screen.
    clear.hidden = !filtered || page.total === 0;
    if (shownList === null || shownList.length !== page.items.length || shownList.some((c, i) => c !== page.items[i])) {
      shownList = page.items;
      if (page.items.length === 0) {
        results.replaceChildren(
          h(
            'div',
            { className: 'panel center' },
            h('p', { className: 'lead' }, filtered ? 'No courses match your filters.' : 'No courses are available yet. Check back soon.'),
            filtered && h('button', { type: 'button', className: 'btn btn-secondary', onclick: () => clearCatalogFilters() }, 'Clear filters'),
          ),
        );
      } else {
        results.replaceChildren(courseGrid(page.items, 'Courses'));
      }
    }
    pages.hidden = page.pageCount < 2;
    pageLabel.textContent = `Page ${page.page} of ${page.pageCount}`;
    prev.disabled = page.page <= 1;
    next.disabled = page.page >= page.pageCount;
  }

  $catalog.listen(render);
  $catalogQuery.listen(render);
  initCatalog({ courses: data.courses ?? [], categories, live });
  render();
}

mountWhenIdle('[data-island="course-catalog"]', mountCourseCatalog);
