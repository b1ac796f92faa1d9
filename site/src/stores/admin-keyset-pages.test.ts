import { afterEach, describe, expect, it, vi } from 'vitest';
import { installStandInBrowser, type StandInBrowser } from '../../../tests/support/stand-in-browser.ts';

/**
 * The admin lists that page by keyset (orders, users, bookings, subscriptions): Next and Previous
 * ask by the shown page's token and keep it in the address, any other page and every filter change
 * ask by number (lib/keyset-pages.ts). A stand-in browser answers each list like the API.
 */

const TOTAL = 100;
const SIZE = 20;

/** A page of the list as the API answers it: tokens N{page} and P{page}. */
function answer(path: string) {
  const url = new URL(path, 'http://localhost');
  const page = Number(url.searchParams.get('page') ?? '1');
  const next = page * SIZE < TOTAL ? `N${page}` : null;
  const prev = page > 1 ? `P${page}` : null;
  const data = [{ id: page }];
  if (url.pathname === '/api/admin/bookings') return { data, pagination: { page, pageSize: SIZE, total: TOTAL, totalPages: TOTAL / SIZE }, next, prev };
  return { data, total: TOTAL, page, pageSize: SIZE, next, prev };
}

let browser: StandInBrowser;
const settle = () => new Promise((r) => setTimeout(r, 20));
afterEach(() => vi.unstubAllGlobals());

interface List {
  name: string;
  address: string;
  api: string;
  start: () => Promise<{ init: () => void; setPage: (page: number) => void; filter: () => void }>;
}

const LISTS: List[] = [
  {
    name: 'orders',
    address: '/admin/orders',
    api: '/api/admin/orders',
    start: async () => {
      const s = await import('./admin-commerce.ts');
      return { init: s.initOrdersList, setPage: s.setOrdersPage, filter: () => s.setOrdersFilter({ status: 'paid' }) };
    },
  },
  {
    name: 'users',
    address: '/admin/users',
    api: '/api/users',
    start: async () => {
      const s = await import('./admin.ts');
      return { init: s.initUsersList, setPage: s.setUsersPage, filter: () => s.setUsersRole('SELLER') };
    },
  },
  {
    name: 'bookings',
    address: '/admin/bookings',
    api: '/api/admin/bookings',
    start: async () => {
      const s = await import('./admin-connect.ts');
      return { init: s.initBookingsList, setPage: s.setBookingsPage, filter: () => s.setBookingsFilter({ status: 'cancelled' }) };
    },
  },
  {
    name: 'subscriptions',
    address: '/admin/subscriptions',
    api: '/api/admin/subscriptions',
    start: async () => {
      const s = await import('./admin-subscriptions.ts');
      return { init: s.initSubscriptionsList, setPage: s.setSubscriptionsPage, filter: () => s.setSubscriptionsFilter({ status: 'active' }) };
    },
  },
];

async function open(list: List, query = '') {
  browser = installStandInBrowser(`http://localhost${list.address}${query}`, (_method, path) => {
    if (new URL(path, 'http://localhost').pathname === list.api) return { status: 200, body: answer(path) };
    return { status: 200, body: { data: [], pagination: { page: 1, pageSize: 100, total: 0, totalPages: 1 } } };
  });
  vi.resetModules();
  const store = await list.start();
  store.init();
  await settle();
  return store;
}

/** The list's last request, as its query. */
const lastAsked = (list: List) => new URL(browser.calls.filter((c) => c.path.startsWith(list.api)).at(-1)!.path, 'http://localhost').searchParams;

describe.each(LISTS)('the $name list', (list) => {
  it('asks the next and the previous page by the shown page’s token, and keeps it in the address', async () => {
    const store = await open(list);
    store.setPage(2);
    await settle();
    expect(lastAsked(list).get('page')).toBe('2');
    expect(lastAsked(list).get('after')).toBe('N1');
    expect(new URL(browser.href()).searchParams.get('after')).toBe('N1');

    store.setPage(3);
    await settle();
    expect(lastAsked(list).get('after')).toBe('N2');
    store.setPage(2);
    await settle();
    expect(lastAsked(list).get('before')).toBe('P3');
    expect(lastAsked(list).get('after')).toBeNull();
    expect(new URL(browser.href()).searchParams.get('before')).toBe('P3');
  });

  it('asks the last page, the first page and a filtered list by number alone', async () => {
    const store = await open(list);
    store.setPage(5);
    await settle();
    expect(lastAsked(list).get('page')).toBe('5');
    expect(lastAsked(list).get('after')).toBeNull();
    store.setPage(4);
    await settle();
    expect(lastAsked(list).get('before')).toBe('P5');
    store.filter();
    await settle();
    expect(lastAsked(list).get('page')).toBe('1');
    expect(lastAsked(list).has('before')).toBe(false);
    expect(new URL(browser.href()).searchParams.has('before')).toBe(false);
  });

  it('reads a shared address’s token again', async () => {
    await open(list, '?page=4&after=TOKEN3');
    expect(lastAsked(list).get('page')).toBe('4');
    expect(lastAsked(list).get('after')).toBe('TOKEN3');
  });
});
