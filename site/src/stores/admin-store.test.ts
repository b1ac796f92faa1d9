import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installStandInBrowser, type Handler, type StandInBrowser } from '../../../tests/support/stand-in-browser.ts';
import type { ResourceSummary } from '../../../shared/store/views.ts';

/**
 * The curriculum store's admin stores (admin-store, admin-sellers, admin-catalogue,
 * admin-store-settings, resource-categories) against a stand-in browser: an address, history and a
 * fetch that answers like the API. Each test loads the stores afresh.
 */

let browser: StandInBrowser;
let calls: StandInBrowser['calls'];
let handler: Handler;

function installBrowser(address = 'http://localhost/admin/resources'): void {
  browser = installStandInBrowser(address, (method, path, body) => handler(method, path, body));
  calls = browser.calls;
}

async function load() {
  vi.resetModules();
  return {
    store: await import('./admin-store.ts'),
    sellers: await import('./admin-sellers.ts'),
    catalogue: await import('./admin-catalogue.ts'),
    settings: await import('./admin-store-settings.ts'),
    categories: await import('./resource-categories.ts'),
    toasts: await import('./toasts.ts'),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

function resource(over: Partial<ResourceSummary> = {}): ResourceSummary {
  return {
    id: 11,
    title: 'Ballet barre plan',
    summary: '',
    dance_style: 'Ballet',
    age_group: 'Children (5-8)',
    level: 'Beginner',
    category: { id: 1, name: 'Lesson plans' },
    price: 12,
    price_cents: 1200,
    is_free: false,
    cover_image_url: null,
    status: 'submitted',
    featured: false,
    sales_count: 0,
    download_count: 0,
    rating_average: 0,
    rating_count: 0,
    file_count: 1,
    seller: { id: 5, store_name: 'Barre Studio' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    published_at: null,
    ...over,
  };
}

const page = (data: ResourceSummary[], over: Record<string, unknown> = {}) => ({ status: 200, body: { data, total: data.length, page: 1, page_size: 20, ...over } });

beforeEach(() => {
  installBrowser();
  handler = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe('resources list', () => {
  it('opens on the review queue, oldest first, and keeps the filters in the address', async () => {
    const { store } = await load();
    expect(store.resourcesQueryOf('')).toEqual({ status: 'submitted', q: '', seller: null, sort: '', page: 1 });
    expect(store.resourcesQueryOf('?status=all&seller=7&q=tap&page=3')).toEqual({ status: 'all', q: 'tap', seller: 7, sort: '', page: 3 });
    expect(store.resourcesQueryOf('?status=bogus&seller=-1&page=0&sort=cheapest')).toEqual({ status: 'submitted', q: '', seller: null, sort: '', page: 1 });
    expect(store.resourcesQueryOf('?status=published&sort=best_selling')).toEqual({ status: 'published', q: '', seller: null, sort: 'best_selling', page: 1 });
    expect(store.resourcesPath({ status: 'submitted', q: '', seller: null, sort: '', page: 1 })).toBe('/api/curriculum-all?status=submitted&sort=oldest&page=1&page_size=20');
    expect(store.resourcesPath({ status: 'all', q: ' hip hop ', seller: 4, sort: '', page: 2 }, 5)).toBe('/api/curriculum-all?q=hip+hop&seller=4&page=2&page_size=5');
    // An order the admin picks replaces the list's own, the queue's too.
    expect(store.resourcesPath({ status: 'submitted', q: '', seller: null, sort: 'price_desc', page: 1 })).toBe('/api/curriculum-all?status=submitted&sort=price_desc&page=1&page_size=20');

    handler = (method, path) => (method === 'GET' && path.startsWith('/api/curriculum-all') ? page([resource()]) : undefined);
    installBrowser('http://localhost/admin/resources?status=published&seller=5');
    store.initResourcesList();
    await settle();
    expect(calls.map((c) => c.path)).toContain('/api/curriculum-all?status=published&seller=5&page=1&page_size=20');
    expect(store.$resourcesList.get()).toMatchObject({ status: 'ready', data: { total: 1 } });

    store.setResourcesFilter({ status: 'submitted' });
    await settle();
    // The queue is the default: it leaves the address.
    expect(new URL(browser.href()).search).toBe('?seller=5');
    store.setResourcesPage(2);
    expect(new URL(browser.href()).search).toBe('?seller=5&page=2');
  });

  it('says what a resource in each state allows', async () => {
    const { store } = await load();
    expect(store.resourceActions({ status: 'submitted', featured: false })).toEqual({ approve: true, reject: true, feature: false, archive: true });
    expect(store.resourceActions({ status: 'published', featured: false })).toEqual({ approve: false, reject: false, feature: true, archive: true });
    expect(store.resourceActions({ status: 'archived', featured: true })).toEqual({ approve: false, reject: false, feature: true, archive: false });
    expect(store.resourceActions({ status: 'draft', featured: false })).toEqual({ approve: false, reject: false, feature: false, archive: true });
  });

  it('a failed read says what could not be loaded', async () => {
    handler = () => ({ status: 403, body: { message: 'You do not have permission to do this.' } });
    const { store } = await load();
    store.initResourcesList();
    await settle();
    expect(store.$resourcesList.get()).toEqual({ status: 'error', message: "Access denied. You don't have permission to see the resources." });
  });
});

describe('review decisions', () => {
  it('approves with a Success toast and reads the list, the queue and the open resource again', async () => {
    let status: ResourceSummary['status'] = 'submitted';
    handler = (method, path) => {
      if (method === 'POST' && path === '/api/resources/11/approve') {
        status = 'published';
        return { status: 200, body: { ...resource(), status } };
      }
      if (method === 'GET' && path.startsWith('/api/curriculum-all')) return page(status === 'submitted' ? [resource()] : []);
      if (method === 'GET' && path === '/api/resources/11') return { status: 200, body: { ...resource({ status }), files: [] } };
      return undefined;
    };
    const { store, toasts } = await load();
    store.initResourcesList();
    await store.loadReviewQueue();
    store.openResource(11);
    await settle();
    expect(store.$reviewQueue.get()).toMatchObject({ status: 'ready', data: { total: 1 } });

    const result = await store.approveResource(resource());
    expect(result).toEqual({ ok: true });
    expect(toasts.$toasts.get().at(-1)).toMatchObject({ title: 'Success', description: '“Ballet barre plan” was approved and is now in the store.' });
    expect(store.$resourcesList.get()).toMatchObject({ status: 'ready', data: { total: 0 } });
    expect(store.$reviewQueue.get()).toMatchObject({ status: 'ready', data: { total: 0 } });
    expect(store.$resourceDetail.get()).toMatchObject({ status: 'ready', data: { status: 'published' } });
  });

  it('rejects with the reason; a refusal shows an Error toast with the API message and returns it', async () => {
    handler = (method, path, body) => {
      if (path === '/api/resources/11/reject') {
        if ((body as { reason: string }).reason === 'late') return { status: 409, body: { message: 'Only a submitted resource can be rejected.' } };
        return { status: 200, body: {} };
      }
      return undefined;
    };
    const { store, toasts } = await load();
    expect(await store.rejectResource(resource(), 'The files are blank.')).toEqual({ ok: true });
    expect(calls.find((c) => c.path === '/api/resources/11/reject')!.body).toEqual({ reason: 'The files are blank.' });
    const refused = await store.rejectResource(resource(), 'late');
    expect(refused).toMatchObject({ ok: false, message: 'Only a submitted resource can be rejected.' });
    expect(toasts.$toasts.get().at(-1)).toMatchObject({
      title: 'Error',
      description: 'Failed to reject resource: Only a submitted resource can be rejected.',
      variant: 'destructive',
    });
  });

  it('features, unfeatures and archives through their own paths', async () => {
    handler = (method) => (method === 'POST' ? { status: 200, body: {} } : undefined);
    const { store, toasts } = await load();
    await store.toggleFeatured(resource({ status: 'published' }));
    expect(toasts.$toasts.get().at(-1)?.description).toBe('“Ballet barre plan” is now featured in the store.');
    await store.toggleFeatured(resource({ status: 'published', featured: true }));
    expect(toasts.$toasts.get().at(-1)?.description).toBe('“Ballet barre plan” left the featured row.');
    await store.archiveResource(resource());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/resources/11/toggle-featured',
      '/api/resources/11/toggle-featured',
      '/api/resources/11/archive',
    ]);
  });

  it('reads the figures and the featured row again after a change, when they are on screen', async () => {
    let featured = false;
    handler = (method, path) => {
      if (method === 'POST' && path.endsWith('/toggle-featured')) {
        featured = !featured;
        return { status: 200, body: {} };
      }
      if (path.startsWith('/api/curriculum-all?featured=true')) return page(featured ? [resource({ status: 'published', featured })] : []);
      if (path === '/api/admin/store-stats') return { status: 200, body: { submitted_count: featured ? 0 : 1 } };
      return undefined;
    };
    const { store, catalogue, settings } = await load();
    await catalogue.loadFeatured();
    await settings.loadStoreStats();
    expect(catalogue.$featured.get()).toMatchObject({ status: 'ready', data: [] });
    await store.toggleFeatured(resource({ status: 'published' }));
    expect(catalogue.$featured.get()).toMatchObject({ status: 'ready', data: [{ id: 11, featured: true }] });
    expect(settings.$storeStats.get()).toMatchObject({ status: 'ready', data: { submitted_count: 0 } });
  });
});

describe('the catalogue', () => {
  it('counts resources per status from the list, in one read', async () => {
    handler = (method, path) =>
      path.startsWith('/api/curriculum-all') ? page([], { total: 9, counts: { submitted: 2, published: 5, rejected: 0, draft: 0, archived: 2 } }) : undefined;
    const { catalogue } = await load();
    await catalogue.loadStatusCounts();
    expect(catalogue.$statusCounts.get()).toEqual({ status: 'ready', data: { submitted: 2, published: 5, rejected: 0, draft: 0, archived: 2 } });
    expect(calls.map((c) => c.path)).toEqual(['/api/curriculum-all?page=1&page_size=1']);
  });

  it('offers only published resources that are not featured yet', async () => {
    handler = (method, path) =>
      path.startsWith('/api/curriculum-all?status=published')
        ? page([resource({ id: 1, status: 'published', featured: true }), resource({ id: 2, status: 'published' })])
        : undefined;
    const { catalogue } = await load();
    await catalogue.loadFeatureCandidates();
    const data = catalogue.$featureCandidates.get();
    expect(data.status === 'ready' && data.data.map((r) => r.id)).toEqual([2]);
    expect(calls[0]!.path).toBe('/api/curriculum-all?status=published&page=1&page_size=20');
  });
});

describe('sellers', () => {
  it('keeps the filters in the address and asks pending-first pages', async () => {
    const { sellers } = await load();
    expect(sellers.sellersQueryOf('?status=pending&q=barre&page=2')).toEqual({ status: 'pending', q: 'barre', page: 2 });
    expect(sellers.sellersQueryOf('?status=nope')).toEqual({ status: '', q: '', page: 1 });
    expect(sellers.sellersPath({ status: '', q: ' rosa ', page: 1 })).toBe('/api/admin/sellers?q=rosa&page=1&page_size=20');
    expect(sellers.sellerDecisions('pending')).toEqual(['approve', 'reject']);
    expect(sellers.sellerDecisions('approved')).toEqual(['suspend']);
    expect(sellers.sellerDecisions('suspended')).toEqual(['reinstate']);
    expect(sellers.sellerDecisions('rejected')).toEqual(['approve']);
  });

  it('sends each decision to its path, the reason only where one is asked, and reads the list again', async () => {
    const profile = { user_id: 9, store_name: 'Tap Lab' } as Parameters<Awaited<ReturnType<typeof load>>['sellers']['decideSeller']>[0];
    handler = (method, path) => {
      if (method === 'POST') return path.endsWith('/reinstate') ? { status: 409, body: { message: 'Only a suspended seller can be reinstated.' } } : { status: 200, body: {} };
      if (path.startsWith('/api/admin/sellers')) return { status: 200, body: { data: [], total: 0, page: 1, page_size: 20, counts: { pending: 0, approved: 1, rejected: 0, suspended: 0 } } };
      return undefined;
    };
    const { sellers, toasts } = await load();
    expect(await sellers.decideSeller(profile, 'approve')).toEqual({ ok: true });
    expect(await sellers.decideSeller(profile, 'suspend', 'Copied material')).toEqual({ ok: true });
    const refused = await sellers.decideSeller(profile, 'reinstate');
    expect(refused).toMatchObject({ ok: false, message: 'Only a suspended seller can be reinstated.' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      { method: 'POST', path: '/api/admin/sellers/9/approve', body: undefined },
      { method: 'POST', path: '/api/admin/sellers/9/suspend', body: { reason: 'Copied material' } },
      { method: 'POST', path: '/api/admin/sellers/9/reinstate', body: undefined },
    ]);
    expect(toasts.$toasts.get().map((t) => t.title)).toEqual(['Success', 'Success', 'Error']);
    expect(toasts.$toasts.get()[1]!.description).toBe('Tap Lab was suspended: its resources have left the store.');
    expect(sellers.$sellersList.get()).toMatchObject({ status: 'ready', data: { counts: { approved: 1 } } });
  });
});

describe('store settings', () => {
  it('takes a whole percent from 0 to 50 and works out what a sale leaves each side', async () => {
    const { settings } = await load();
    expect(settings.parseFee('15')).toEqual({ ok: true, value: 15 });
    expect(settings.parseFee(' 0 ')).toEqual({ ok: true, value: 0 });
    for (const bad of ['51', '-1', '12.5', '', 'ten']) expect(settings.parseFee(bad)).toEqual({ ok: false, message: 'Platform fee must be a whole percent from 0 to 50' });
    expect(settings.feeSplit(1000, 20)).toEqual({ feeCents: 200, netCents: 800 });
    expect(settings.feeSplit(999, 15)).toEqual({ feeCents: 150, netCents: 849 });
  });

  it('saves the fee and shows the saved settings; a refusal keeps the old ones', async () => {
    handler = (method, path, body) => {
      if (path !== '/api/admin/store-settings') return undefined;
      if (method === 'GET') return { status: 200, body: { platform_fee_percent: 20, updated_at: null } };
      const fee = (body as { platform_fee_percent: number }).platform_fee_percent;
      if (fee > 50) return { status: 400, body: { message: 'Validation failed', validationErrors: { platform_fee_percent: ['Platform fee must be a whole percent from 0 to 50'] } } };
      return { status: 200, body: { platform_fee_percent: fee, updated_at: '2026-02-01T10:00:00.000Z' } };
    };
    const { settings, toasts } = await load();
    await settings.loadStoreSettings();
    expect(await settings.saveStoreSettings({ platform_fee_percent: 15 })).toEqual({ ok: true });
    expect(settings.$storeSettings.get()).toEqual({ status: 'ready', data: { platform_fee_percent: 15, updated_at: '2026-02-01T10:00:00.000Z' } });
    expect(toasts.$toasts.get().at(-1)).toMatchObject({ title: 'Success', description: 'Platform fee set to 15%. It applies to sales from now on.' });
    const refused = await settings.saveStoreSettings({ platform_fee_percent: 60 });
    expect(refused).toMatchObject({ ok: false, validationErrors: { platform_fee_percent: ['Platform fee must be a whole percent from 0 to 50'] } });
    expect(settings.$storeSettings.get()).toMatchObject({ data: { platform_fee_percent: 15 } });
  });
});

describe('resource categories', () => {
  it('lists, creates and shows a refusal to delete a category in use above the list', async () => {
    const row = (id: number, name: string, count: number) => ({ id, name, description: '', position: 0, resource_count: count, published_count: count });
    let rows = [row(1, 'Lesson plans', 3)];
    handler = (method, path, body) => {
      if (method === 'GET' && path === '/api/categories?kind=resource') return { status: 200, body: { data: rows } };
      if (method === 'POST' && path === '/api/resource-categories') {
        rows = [...rows, row(2, (body as { name: string }).name, 0)];
        return { status: 201, body: rows.at(-1) };
      }
      if (method === 'DELETE' && path === '/api/resource-categories/1') return { status: 409, body: { message: 'This category is used by 3 resources.' } };
      return undefined;
    };
    const { categories, toasts } = await load();
    await categories.loadResourceCategories();
    expect(await categories.createResourceCategory('Music lists')).toEqual({ ok: true });
    expect(categories.$resourceCategories.get()).toMatchObject({ status: 'ready', data: [{ id: 1 }, { id: 2, name: 'Music lists' }] });
    const refused = await categories.deleteResourceCategory(rows[0]!);
    expect(refused).toMatchObject({ ok: false, message: 'This category is used by 3 resources.' });
    expect(categories.$resourceCategoryProblem.get()).toBe('This category is used by 3 resources.');
    expect(toasts.$toasts.get().at(-1)).toMatchObject({ title: 'Error', description: 'Failed to delete category: This category is used by 3 resources.' });
    categories.dismissResourceCategoryProblem();
    expect(categories.$resourceCategoryProblem.get()).toBeNull();
  });
});
