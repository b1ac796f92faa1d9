import { afterEach, describe, expect, it, vi } from 'vitest';
import { installStandInBrowser, type StandInBrowser } from '../../../tests/support/stand-in-browser.ts';

/**
 * /admin/resources and the review queue page by keyset (decision 0045): Next and Previous ask by
 * the shown page's token, kept in the address beside the page number; First, Last, any other
 * page and every filter change ask by number (lib/keyset-pages.ts). A stand-in browser answers
 * GET /api/curriculum-all like the API: 100 resources, tokens N{page} and P{page}.
 */

const TOTAL = 100;

function answer(path: string) {
  const url = new URL(path, 'http://localhost');
  const page = Number(url.searchParams.get('page') ?? '1');
  const size = Number(url.searchParams.get('page_size') ?? '20');
  return {
    data: [],
    total: TOTAL,
    page,
    page_size: size,
    next: page * size < TOTAL ? `N${page}` : null,
    prev: page > 1 ? `P${page}` : null,
    counts: { submitted: TOTAL, published: 0, rejected: 0, draft: 0, archived: 0 },
  };
}

let browser: StandInBrowser;
const settle = () => new Promise((r) => setTimeout(r, 20));
afterEach(() => vi.unstubAllGlobals());

async function open(query = '') {
  browser = installStandInBrowser(`http://localhost/admin/resources${query}`, (_method, path) =>
    path.startsWith('/api/curriculum-all') ? { status: 200, body: answer(path) } : { status: 200, body: { data: [] } },
  );
  vi.resetModules();
  const store = await import('./admin-store.ts');
  return store;
}

/** The list's last request, as its query. */
const lastAsked = () => new URL(browser.calls.filter((c) => c.path.startsWith('/api/curriculum-all')).at(-1)!.path, 'http://localhost').searchParams;
const address = () => new URL(browser.href()).searchParams;

describe('the resources list', () => {
  it('asks the next and the previous page by the shown page’s token, and keeps it in the address', async () => {
    const store = await open('?status=all');
    store.initResourcesList();
    await settle();
    store.setResourcesPage(2);
    await settle();
    expect(lastAsked().get('page')).toBe('2');
    expect(lastAsked().get('after')).toBe('N1');
    expect(address().get('page')).toBe('2');
    expect(address().get('after')).toBe('N1');
    expect(address().get('status')).toBe('all');

    store.setResourcesPage(3);
    await settle();
    expect(lastAsked().get('after')).toBe('N2');
    store.setResourcesPage(2);
    await settle();
    expect(lastAsked().get('before')).toBe('P3');
    expect(lastAsked().has('after')).toBe(false);
    expect(address().get('before')).toBe('P3');
    expect(address().has('after')).toBe(false);
  });

  it('asks the last page, the first page and a filtered list by number alone', async () => {
    const store = await open();
    store.initResourcesList();
    await settle();
    store.setResourcesPage(5);
    await settle();
    expect(lastAsked().get('page')).toBe('5');
    expect(lastAsked().has('after')).toBe(false);
    store.setResourcesPage(4);
    await settle();
    expect(lastAsked().get('before')).toBe('P5');
    // The first page by number (read once already, and kept): never by a token.
    store.setResourcesPage(1);
    await settle();
    expect(store.$resourcesList.get()).toMatchObject({ status: 'ready', data: { page: 1 } });
    expect(browser.calls.filter((c) => /[?&]page=1&(after|before)=/.test(c.path))).toEqual([]);
    expect(address().has('page')).toBe(false);
    expect(address().has('before')).toBe(false);

    store.setResourcesPage(2);
    await settle();
    expect(address().get('after')).toBe('N1');
    store.setResourcesFilter({ status: 'published' });
    await settle();
    expect(lastAsked().get('page')).toBe('1');
    expect(lastAsked().has('after')).toBe(false);
    expect(address().has('after')).toBe(false);
    store.setResourcesPage(2);
    await settle();
    store.setResourcesSearch('tap');
    await new Promise((r) => setTimeout(r, store.SEARCH_DEBOUNCE_MS + 20));
    expect(lastAsked().get('q')).toBe('tap');
    expect(lastAsked().get('page')).toBe('1');
    expect(address().has('after')).toBe(false);
  });

  it('reads a shared address’s token again, and only for the page it names', async () => {
    let store = await open('?status=all&page=4&after=TOKEN3');
    store.initResourcesList();
    await settle();
    expect(lastAsked().get('page')).toBe('4');
    expect(lastAsked().get('after')).toBe('TOKEN3');

    store = await open('?page=1&before=TOKEN2');
    store.initResourcesList();
    await settle();
    expect(lastAsked().get('page')).toBe('1');
    expect(lastAsked().has('before')).toBe(false);
  });
});

describe('the review queue', () => {
  it('asks its next and previous pages by token, any other by number', async () => {
    const store = await open();
    await store.loadReviewQueue();
    await store.loadReviewQueue(2);
    expect(lastAsked().get('page_size')).toBe('10');
    expect(lastAsked().get('after')).toBe('N1');
    await store.loadReviewQueue(1);
    expect(lastAsked().has('before')).toBe(false);
    await store.loadReviewQueue(10);
    expect(lastAsked().get('page')).toBe('10');
    expect(lastAsked().has('after')).toBe(false);
    await store.loadReviewQueue(9);
    expect(lastAsked().get('before')).toBe('P10');
  });
});
