import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** /my-resources' store against a fetch that answers like the API. */

type Answer = { status: number; body: unknown };
let handler: (path: string) => Answer | undefined;
let paths: string[];

beforeEach(() => {
  paths = [];
  handler = () => undefined;
  vi.stubGlobal('localStorage', { getItem: () => 'tok', setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('location', { pathname: '/my-resources', search: '', assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      paths.push(String(input));
      const answer = handler(String(input)) ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function load() {
  vi.resetModules();
  return { store: await import('./my-resources.ts'), toasts: await import('./toasts.ts') };
}

const owned = (id: number) => ({
  resource: { id, title: `Plan ${id}` },
  files: [{ id: id * 10, name: `plan-${id}.pdf`, mimetype: 'application/pdf', type_label: 'PDF', size: 2048, page_count: 3 }],
  source: 'purchase',
  order_id: 4,
  order_number: 'DRX-000004',
  acquired_at: '2026-03-05T12:00:00.000Z',
});

describe('my resources', () => {
  it('reads the list, bare or wrapped', async () => {
    handler = (path) => (path === '/api/my-resources' ? { status: 200, body: { data: [owned(1), owned(2)] } } : undefined);
    const { store } = await load();
    await store.loadMyResources();
    const state = store.$myResources.get();
    expect(state.status === 'ready' && state.data.map((o) => o.resource.id)).toEqual([1, 2]);
    expect(store.ownedList([owned(3)] as never)).toHaveLength(1);
  });

  it('says how each was acquired', async () => {
    const { store } = await load();
    expect(store.acquiredLabel({ source: 'purchase', order_number: 'DRX-000004', acquired_at: '2026-03-05T12:00:00.000Z' })).toBe('Bought on Mar 5, 2026 · Order DRX-000004');
    expect(store.acquiredLabel({ source: 'free', order_number: null, acquired_at: '2026-03-05T12:00:00.000Z' })).toBe('Free download, taken on Mar 5, 2026');
    expect(store.acquiredLabel({ source: 'grant', order_number: null, acquired_at: 'not a date' })).toBe('Given to you');
  });

  it('a failed read offers to try again with the reason', async () => {
    handler = () => ({ status: 500, body: { message: 'boom' } });
    const { store } = await load();
    await store.loadMyResources();
    expect(store.$myResources.get()).toEqual({ status: 'error', message: 'Your resources could not be loaded: Server error occurred' });
  });

  it('asks a signed link at the click and opens it; a refusal is a toast', async () => {
    handler = (path) => {
      if (path === '/api/resources/1/download?file=10')
        return { status: 200, body: { url: '/api/resources/files/tok123', expires_at: '2026-03-05T12:05:00.000Z', file: owned(1).files[0] } };
      if (path === '/api/resources/2/download?file=20') return { status: 403, body: { message: 'Buy this resource to download it.' } };
      return undefined;
    };
    const { store, toasts } = await load();
    const open = vi.fn();
    expect(await store.downloadFile(1, 10, open)).toBe(true);
    expect(open).toHaveBeenCalledWith('/api/resources/files/tok123', 'plan-1.pdf');
    expect(store.$downloading.get()).toBeNull();
    expect(await store.downloadFile(2, 20, open)).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
    expect(toasts.$toasts.get().at(-1)).toMatchObject({ title: 'Download failed', description: 'Buy this resource to download it.', variant: 'destructive' });
    // Links are never cached: a second click asks again.
    await store.downloadFile(1, 10, open);
    expect(paths.filter((p) => p === '/api/resources/1/download?file=10')).toHaveLength(2);
  });
});
