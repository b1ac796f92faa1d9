import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installStandInBrowser, type Handler, type StandInBrowser } from '../../../tests/support/stand-in-browser.ts';
import type { ResourceDetail, SellerProfileView } from '../../../shared/store/views.ts';

/**
 * The seller area's stores (seller, seller-resources, seller-money) against a stand-in browser: an
 * address, history and a fetch that answers like the API. Each test loads the stores afresh.
 */

let browser: StandInBrowser;
let calls: StandInBrowser['calls'];
let handler: Handler;
let assigned: string[];

function installBrowser(address = 'http://localhost/seller'): void {
  browser = installStandInBrowser(address, (method, path, body) => handler(method, path, body));
  calls = browser.calls;
  assigned = browser.assigned;
}

async function load() {
  vi.resetModules();
  return {
    seller: await import('./seller.ts'),
    resources: await import('./seller-resources.ts'),
    money: await import('./seller-money.ts'),
    toasts: await import('./toasts.ts'),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

function profile(over: Partial<SellerProfileView> = {}): SellerProfileView {
  return {
    user_id: 5,
    store_name: 'Tap Lab',
    bio: 'Tap teacher for twenty years, plans for every level.',
    logo_url: null,
    sample_url: null,
    application_note: '',
    requested_role: 'SELLER',
    status: 'pending',
    status_reason: null,
    decided_at: null,
    payouts_enabled: false,
    created_at: '2026-11-01T10:00:00Z',
    user: { id: 5, username: 'tap', first_name: 'Tia', last_name: 'Tap', email: null },
    ...over,
  };
}

beforeEach(() => installBrowser());
afterEach(() => vi.unstubAllGlobals());

describe('the application', () => {
  it('reads a user who never applied as no profile, not as a failure', async () => {
    handler = () => ({ status: 404, body: { message: 'You have not applied to sell yet.' } });
    const { seller } = await load();
    await seller.loadSellerProfile();
    expect(seller.$sellerProfile.get()).toEqual({ status: 'ready', data: null });
  });

  it('shows any other failure as one', async () => {
    handler = () => ({ status: 500, body: { message: 'boom' } });
    const { seller } = await load();
    await seller.loadSellerProfile();
    await settle();
    expect(seller.$sellerProfile.get().status).toBe('error');
  });

  it('sends the application and shows the pending profile the answer carries', async () => {
    let applied = false;
    handler = (method, path) => {
      if (method === 'POST' && path === '/api/sellers/apply') {
        applied = true;
        return { status: 201, body: profile() };
      }
      if (path === '/api/sellers/me') return applied ? { status: 200, body: profile() } : { status: 404, body: { message: 'none' } };
    };
    const { seller, toasts } = await load();
    await seller.loadSellerProfile();
    const result = await seller.applyToSell({ store_name: 'Tap Lab', bio: 'Tap teacher for twenty years, plans for every level.' });
    await settle();
    expect(result.ok).toBe(true);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ store_name: 'Tap Lab' });
    expect(seller.$sellerProfile.get()).toMatchObject({ data: { status: 'pending', store_name: 'Tap Lab' } });
    expect(toasts.$toasts.get().at(-1)).toMatchObject({ title: 'Success', description: seller.APPLICATION_SENT });
  });

  it("keeps the API's refusal and its field messages for the form", async () => {
    handler = (method) =>
      method === 'POST' ? { status: 409, body: { message: 'A store with this name already exists' } } : { status: 404, body: { message: 'none' } };
    const { seller, toasts } = await load();
    const result = await seller.applyToSell({ store_name: 'Tap Lab', bio: 'Tap teacher for twenty years, plans for every level.' });
    expect(result).toEqual({ ok: false, message: 'A store with this name already exists', validationErrors: undefined });
    expect(toasts.$toasts.get().at(-1)).toMatchObject({ title: 'Error', variant: 'destructive', description: 'Failed to send your application: A store with this name already exists' });
  });
});

describe('notices and analytics', () => {
  it('marks a notice read and shows the list the API answers', async () => {
    handler = (method, path) => {
      if (path === '/api/notifications') return { status: 200, body: { data: [{ id: 1, kind: 'resource_sold', title: 'You made a sale', body: '', url: null, read: false, created_at: '2026-11-01T00:00:00Z' }], unread: 1 } };
      if (method === 'POST' && path === '/api/notifications/1/read') return { status: 200, body: { data: [{ id: 1, kind: 'resource_sold', title: 'You made a sale', body: '', url: null, read: true, created_at: '2026-11-01T00:00:00Z' }], unread: 0 } };
    };
    const { seller } = await load();
    await seller.loadNotifications();
    expect(seller.$notifications.get()).toMatchObject({ status: 'ready', data: { unread: 1 } });
    expect(await seller.markNoticesRead(1)).toBe(true);
    await settle();
    expect(seller.$notifications.get()).toMatchObject({ data: { unread: 0 } });
  });

  it('reads the window from the address and asks the API for it', async () => {
    expect((await load()).seller.analyticsDaysOf('?days=365')).toBe(365);
    const { seller } = await load();
    expect(seller.analyticsDaysOf('?days=7')).toBe(30);
    expect(seller.analyticsDaysOf('')).toBe(30);
    handler = (_m, path) => (path.startsWith('/api/seller/analytics') ? { status: 200, body: { days: 90, series: [], resources: [], totals: {} } } : undefined);
    await seller.loadSellerAnalytics(90);
    expect(calls.map((c) => c.path)).toContain('/api/seller/analytics?days=90');
    expect(seller.$analyticsDays.get()).toBe(90);
  });
});

describe('resources', () => {
  const own = { id: 9, title: 'Tap Basics', status: 'draft', file_count: 1, sales_count: 0 };

  it('moves a resource and reads the list again', async () => {
    let submitted = false;
    handler = (method, path) => {
      if (method === 'POST' && path === '/api/resources/9/submit') {
        submitted = true;
        return { status: 200, body: { ...own, status: 'submitted' } };
      }
      if (path === '/api/seller/resources') return { status: 200, body: { data: [{ ...own, status: submitted ? 'submitted' : 'draft' }] } };
    };
    const { resources, toasts } = await load();
    await resources.loadOwnResources();
    expect(resources.$ownResources.get()).toMatchObject({ status: 'ready', data: [{ status: 'draft' }] });
    const result = await resources.moveResource(own, 'submit');
    await settle();
    expect(result.ok).toBe(true);
    expect(toasts.$toasts.get().at(-1)?.description).toBe('“Tap Basics” was submitted for review.');
    expect(resources.$ownResources.get()).toMatchObject({ data: [{ status: 'submitted' }] });
  });

  it("says why a delete was refused, in the friendly error wording", async () => {
    handler = (method) => (method === 'DELETE' ? { status: 409, body: { message: 'Only a draft that never sold can be deleted.' } } : undefined);
    const { resources, toasts } = await load();
    const result = await resources.deleteResource(own);
    expect(result.ok).toBe(false);
    expect(toasts.$toasts.get().at(-1)?.description).toBe('Failed to delete the resource: Only a draft that never sold can be deleted.');
  });

  it('creates a draft with POST and edits with PATCH', async () => {
    const detail = { id: 12, title: 'Tap Basics' } as ResourceDetail;
    handler = (method, path) => {
      if (method === 'POST' && path === '/api/resources') return { status: 201, body: detail };
      if (method === 'PATCH' && path === '/api/resources/12') return { status: 200, body: detail };
    };
    const { resources } = await load();
    expect((await resources.saveResource(null, { title: 'Tap Basics', price_cents: 0 })).data?.id).toBe(12);
    expect((await resources.saveResource(12, { title: 'Tap Basics' })).ok).toBe(true);
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/resources', 'PATCH /api/resources/12']);
  });

  it("treats someone else's resource (404) as not editable", async () => {
    handler = () => ({ status: 404, body: { message: 'Resource not found' } });
    const { resources } = await load();
    await resources.loadEditedResource(4);
    await settle();
    expect(resources.$editedResource.get()).toMatchObject({ status: 'error', notFound: true });
  });

  it('sends one file as `files`, reports it all sent, and reads the files of the answer', async () => {
    const { resources } = await load();
    const sent: FormData[] = [];
    const send = (async (_url: string, init: RequestInit) => {
      sent.push(init.body as FormData);
      return new Response(JSON.stringify({ files: [{ id: 1, name: 'plan.pdf' }], status: 'draft' }), { status: 201 });
    }) as unknown as typeof fetch;
    const progress: number[] = [];
    const files = await resources.uploadResourceFile(12, new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }), (p) => progress.push(p), send);
    expect(files).toEqual([{ id: 1, name: 'plan.pdf' }]);
    expect(sent[0]!.getAll('files')).toHaveLength(1);
    expect(progress.at(-1)).toBe(1);
  });

  it('tells the seller when a PDF was kept without a store preview, and says nothing when it has one', async () => {
    const { resources, toasts } = await load();
    const answer = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 201 })) as unknown as typeof fetch;
    await resources.uploadResourceFile(12, new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }), () => undefined, answer({ files: [], status: 'draft', preview: { pages: 3 } }));
    expect(toasts.$toasts.get()).toEqual([]);
    const message = 'No preview could be made of this PDF: buyers will see its description only.';
    await resources.uploadResourceFile(12, new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }), () => undefined, answer({ files: [], status: 'draft', preview_message: message }));
    expect(toasts.$toasts.get()).toMatchObject([{ title: 'Uploaded without a preview', description: message }]);
  });

  it("turns the server's refusal of a file into its friendly message", async () => {
    const { resources } = await load();
    const send = (async () => new Response(JSON.stringify({ message: 'Invalid file type' }), { status: 415 })) as unknown as typeof fetch;
    await expect(resources.uploadResourceFile(12, new File(['x'], 'x.exe'), () => undefined, send)).rejects.toThrow('File type not supported. Please choose a different file.');
  });

  it('reads the files from a list, a resource or a data list', async () => {
    const { resources } = await load();
    expect(resources.filesOf([{ id: 1 }])).toHaveLength(1);
    expect(resources.filesOf({ files: [{ id: 1 }, { id: 2 }] })).toHaveLength(2);
    expect(resources.filesOf({ data: [{ id: 3 }] })).toHaveLength(1);
    expect(resources.filesOf(null)).toEqual([]);
  });
});

describe('money', () => {
  it('goes where the payout setup says', async () => {
    handler = (method, path) => (method === 'POST' && path === '/api/stripe-connect' ? { status: 200, body: { url: '/seller/payments/onboarding', account_id: 'acct_test_x', test_mode: true } } : undefined);
    const { money } = await load();
    expect(await money.setUpPayouts()).toBe(true);
    expect(assigned).toEqual(['/seller/payments/onboarding']);
  });

  it('says how much a payout sent, and that nothing moved in test mode', async () => {
    handler = (method, path) => (method === 'POST' && path === '/api/seller/payouts' ? { status: 201, body: { id: 1, amount_cents: 3998, status: 'paid', test_mode: true } } : undefined);
    const { money, toasts } = await load();
    expect(await money.payOutBalance()).toBe(true);
    expect(toasts.$toasts.get().at(-1)?.description).toBe('$39.98 was sent to your payout account (test mode: no money moved).');
  });

  it('reads the ledger page from the address', async () => {
    const { money } = await load();
    expect(money.paymentsPageOf('?page=3')).toBe(3);
    expect(money.paymentsPageOf('?page=0')).toBe(1);
    expect(money.paymentsPageOf('?page=x')).toBe(1);
  });
});
