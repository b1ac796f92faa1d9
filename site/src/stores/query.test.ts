import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import {
  CACHE_RETENTION_MS,
  createQueryContext,
  CURRENT_USER_SETTINGS,
  CURRENT_USER_STALE_MS,
  courseKeys,
  debounced,
  keys,
  type Loadable,
  PENDING_PAYMENTS_POLL_MS,
  PENDING_PAYMENTS_SETTINGS,
  QUERY_DEFAULTS,
  RETRIES,
  RETRY_DELAY_MS,
  shouldRetry,
  STALE_MS,
  startingWith,
  SUBSCRIPTION_SETTINGS,
  SUBSCRIPTION_STALE_MS,
  toLoad,
} from './query.ts';

/** A fetcher that answers each key with a counter, or with the failures queued for it. */
function fakeApi() {
  const calls: string[] = [];
  const failures = new Map<string, unknown[]>();
  const fetcher = async (...parts: (string | number | true)[]) => {
    const key = parts.join('');
    calls.push(key);
    const queued = failures.get(key)?.shift();
    if (queued !== undefined) throw queued;
    return { key, n: calls.filter((k) => k === key).length };
  };
  return { calls, failures, fetcher, count: (key: string) => calls.filter((k) => k === key).length };
}

type Answer = { key: string; n: number };
const readyValue = () => atom<Answer | 'loading' | 'error'>('loading');
const asValue = (v: { data?: Answer; error?: unknown; loading: boolean }) =>
  toLoad<Answer, Answer | 'loading' | 'error'>(v, (d) => d, () => 'error', () => 'loading');

/** Lets the fetcher's promises settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('query layer configuration (data freshness)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('holds the data freshness constants', () => {
    expect(STALE_MS).toBe(5 * 60_000);
    expect(RETRIES).toBe(1);
    expect(QUERY_DEFAULTS.revalidateOnFocus).toBe(false);
    expect(CURRENT_USER_STALE_MS).toBe(10_000);
    expect(SUBSCRIPTION_STALE_MS).toBe(2 * 60_000);
    expect(PENDING_PAYMENTS_POLL_MS).toBe(30_000);
    expect(QUERY_DEFAULTS.cacheLifetime).toBe(STALE_MS + CACHE_RETENTION_MS);
  });

  it('reads a key once for every island of the page, and again only after 5 minutes', async () => {
    const api = fakeApi();
    const q = createQueryContext(api.fetcher);
    const a = readyValue();
    const b = readyValue();
    // two islands ask at once, one of them twice: one request, every caller answered
    const [first, second, third] = await Promise.all([q.bind(a, '/api/x', asValue), q.bind(b, '/api/x', asValue), q.bind(a, '/api/x', asValue)]);
    expect(api.count('/api/x')).toBe(1);
    expect(third.data).toEqual({ key: '/api/x', n: 1 });
    expect(first.data).toEqual({ key: '/api/x', n: 1 });
    expect(second.data).toEqual({ key: '/api/x', n: 1 });

    vi.advanceTimersByTime(STALE_MS - 1_000);
    await q.bind(a, '/api/x', asValue);
    expect(api.count('/api/x')).toBe(1);

    vi.advanceTimersByTime(2_000);
    const again = q.bind(a, '/api/x', asValue);
    // stale data stays shown while it is read again
    expect(a.get()).toEqual({ key: '/api/x', n: 1 });
    expect((await again).data).toEqual({ key: '/api/x', n: 2 });
    expect(b.get()).toEqual({ key: '/api/x', n: 2 });
  });

  it('reads the current user again after 10 seconds and the subscription after 2 minutes', async () => {
    const api = fakeApi();
    const q = createQueryContext(api.fetcher);
    const user = readyValue();
    const plan = readyValue();
    await q.bind(user, keys.me, asValue, CURRENT_USER_SETTINGS);
    await q.bind(plan, keys.subscription, asValue, SUBSCRIPTION_SETTINGS);

    vi.advanceTimersByTime(CURRENT_USER_STALE_MS - 1);
    await q.bind(user, keys.me, asValue, CURRENT_USER_SETTINGS);
    expect(api.count(keys.me)).toBe(1);
    vi.advanceTimersByTime(2);
    await q.bind(user, keys.me, asValue, CURRENT_USER_SETTINGS);
    await settle();
    expect(api.count(keys.me)).toBe(2);

    await q.bind(plan, keys.subscription, asValue, SUBSCRIPTION_SETTINGS);
    expect(api.count(keys.subscription)).toBe(1);
    vi.advanceTimersByTime(SUBSCRIPTION_STALE_MS);
    await q.bind(plan, keys.subscription, asValue, SUBSCRIPTION_SETTINGS);
    await settle();
    expect(api.count(keys.subscription)).toBe(2);
  });

  it('polls pending payments every 30 seconds while they are shown', async () => {
    const api = fakeApi();
    const q = createQueryContext(api.fetcher);
    const shown = readyValue();
    await q.bind(shown, keys.pendingPayments, asValue, PENDING_PAYMENTS_SETTINGS);
    expect(api.count(keys.pendingPayments)).toBe(1);
    await vi.advanceTimersByTimeAsync(PENDING_PAYMENTS_POLL_MS);
    expect(api.count(keys.pendingPayments)).toBe(2);
    await vi.advanceTimersByTimeAsync(PENDING_PAYMENTS_POLL_MS);
    expect(api.count(keys.pendingPayments)).toBe(3);
    expect(shown.get()).toEqual({ key: keys.pendingPayments, n: 3 });
    q.unbind(shown);
  });

  it('retries a failed read once, after a second, and stays loading meanwhile', async () => {
    const api = fakeApi();
    api.failures.set('/api/flaky', [new ApiError(0, 'Network error occurred')]);
    const q = createQueryContext(api.fetcher);
    const shown = readyValue();
    const read = q.bind(shown, '/api/flaky', asValue);
    await settle();
    expect(api.count('/api/flaky')).toBe(1);
    expect(shown.get()).toBe('loading');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect((await read).data).toEqual({ key: '/api/flaky', n: 2 });
  });

  it('gives up after one retry', async () => {
    const api = fakeApi();
    api.failures.set('/api/down', [new ApiError(503, 'Server error'), new ApiError(503, 'Server error'), new ApiError(503, 'Server error')]);
    const q = createQueryContext(api.fetcher);
    const shown = readyValue();
    const read = q.bind(shown, '/api/down', asValue);
    await vi.advanceTimersByTimeAsync(10 * RETRY_DELAY_MS);
    expect((await read).error).toBeInstanceOf(ApiError);
    expect(api.count('/api/down')).toBe(1 + RETRIES);
    expect(shown.get()).toBe('error');
  });

  it('never retries a 4xx answer', async () => {
    expect(shouldRetry(new ApiError(404, 'Not found'), 1)).toBe(false);
    expect(shouldRetry(new ApiError(401, 'Invalid token'), 1)).toBe(false);
    expect(shouldRetry(new ApiError(500, 'Server error'), 1)).toBe(true);
    expect(shouldRetry(new ApiError(500, 'Server error'), 2)).toBe(false);

    const api = fakeApi();
    api.failures.set('/api/missing', [new ApiError(404, 'Not found')]);
    const q = createQueryContext(api.fetcher);
    const shown = readyValue();
    const read = q.bind(shown, '/api/missing', asValue);
    await vi.advanceTimersByTimeAsync(10 * RETRY_DELAY_MS);
    expect((await read).error).toMatchObject({ status: 404 });
    expect(api.count('/api/missing')).toBe(1);
  });

  it('reads a failed key again when it is asked for again (Try again), despite the stale time', async () => {
    const api = fakeApi();
    api.failures.set('/api/once', [new ApiError(404, 'Not found')]);
    const q = createQueryContext(api.fetcher);
    const shown = readyValue();
    await q.bind(shown, '/api/once', asValue);
    expect(shown.get()).toBe('error');
    const again = await q.bind(shown, '/api/once', asValue);
    expect(again.data).toEqual({ key: '/api/once', n: 2 });
  });

  it('a write marks the keys it changes stale: shown ones are read again at once, hidden ones on their next read', async () => {
    const api = fakeApi();
    const q = createQueryContext(api.fetcher);
    const myCourses = readyValue();
    const courseList = readyValue();
    const other = readyValue();
    await q.bind(myCourses, keys.myEnrollments, asValue);
    await q.bind(courseList, '/api/courses?scope=manage&pageSize=100', asValue);
    await q.bind(other, keys.categories, asValue);
    q.unbind(courseList);

    q.invalidate(startingWith(keys.myEnrollments));
    q.invalidate(courseKeys(7));
    // the shown key keeps its data while read again
    expect(myCourses.get()).toEqual({ key: keys.myEnrollments, n: 1 });
    await settle();
    expect(api.count(keys.myEnrollments)).toBe(2);
    expect(myCourses.get()).toEqual({ key: keys.myEnrollments, n: 2 });
    // the hidden course list is read again when next shown; untouched keys are not
    expect(api.count('/api/courses?scope=manage&pageSize=100')).toBe(1);
    await q.bind(courseList, '/api/courses?scope=manage&pageSize=100', asValue);
    await settle();
    expect(api.count('/api/courses?scope=manage&pageSize=100')).toBe(2);
    expect(api.count(keys.categories)).toBe(1);
  });

  it('a write while a read of the key is under way reads the key again once that read answers', async () => {
    const calls: string[] = [];
    const pending: ((value: Answer) => void)[] = [];
    const fetcher = (...parts: (string | number | true)[]) => {
      const key = parts.join('');
      calls.push(key);
      return new Promise<Answer>((resolve) => pending.push(resolve));
    };
    const q = createQueryContext(fetcher);
    const lessons = readyValue();
    void q.bind(lessons, keys.categories, asValue);
    await settle();
    expect(calls).toHaveLength(1);
    // the write lands while the first read is still out: that read may not include it
    q.invalidate(startingWith(keys.categories));
    pending.shift()!({ key: keys.categories, n: 1 });
    await settle();
    await settle();
    expect(calls).toHaveLength(2);
    pending.shift()!({ key: keys.categories, n: 2 });
    await settle();
    expect(lessons.get()).toEqual({ key: keys.categories, n: 2 });
    // and only once
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
  });

  it('puts a known answer in the cache for every store of its key, and forgets all on sign-out', async () => {
    const api = fakeApi();
    const q = createQueryContext(api.fetcher);
    const user = readyValue();
    await q.bind(user, keys.me, asValue, CURRENT_USER_SETTINGS);
    q.setCached(keys.me, { key: 'signed-in', n: 0 });
    expect(user.get()).toEqual({ key: 'signed-in', n: 0 });
    await q.bind(user, keys.me, asValue, CURRENT_USER_SETTINGS);
    expect(api.count(keys.me)).toBe(1);
    q.clear();
    await settle();
    expect(api.count(keys.me)).toBe(2);
  });

  it('selects keys by path: the path, its sub-paths and its queries, nothing else', () => {
    const select = startingWith('/api/courses/3');
    expect(select('/api/courses/3')).toBe(true);
    expect(select('/api/courses/3/modules')).toBe(true);
    expect(select('/api/courses/3?x=1')).toBe(true);
    expect(select('/api/courses/31')).toBe(false);
    const course = courseKeys(3);
    expect(course('/api/courses?scope=manage')).toBe(true);
    expect(course('/api/learn/courses/3')).toBe(true);
    expect(course('/api/courses/4')).toBe(false);
  });
});

describe('the stores of the admin area on the query layer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('binds a Loadable: the page shown stays while the next one is read, a late answer of the page before is dropped', async () => {
    const pending = new Map<string, (value: Answer) => void>();
    const fetcher = (...parts: (string | number | true)[]) => new Promise<Answer>((resolve) => pending.set(parts.join(''), resolve));
    const q = createQueryContext(fetcher);
    const list = atom<Loadable<number>>({ status: 'idle' });
    const options = { pick: (a: Answer) => a.n, failed: () => 'failed' };
    void q.bindLoadable(list, '/api/list?page=1', options);
    expect(list.get()).toEqual({ status: 'loading' });
    pending.get('/api/list?page=1')!({ key: '', n: 1 });
    await settle();
    expect(list.get()).toEqual({ status: 'ready', data: 1 });

    void q.bindLoadable(list, '/api/list?page=2', options);
    expect(list.get()).toEqual({ status: 'loading', data: 1 });
    const third = q.bindLoadable(list, '/api/list?page=3', options);
    pending.get('/api/list?page=3')!({ key: '', n: 3 });
    await third;
    pending.get('/api/list?page=2')!({ key: '', n: 2 });
    await settle();
    expect(list.get()).toEqual({ status: 'ready', data: 3 });

    // keep: false starts from nothing (another user, say)
    void q.bindLoadable(list, '/api/other', { ...options, keep: false });
    expect(list.get()).toEqual({ status: 'loading' });
  });

  it('shows a failed read as the store’s error, without the data of the page before', async () => {
    const api = fakeApi();
    api.failures.set('/api/missing', [new ApiError(404, 'Not found')]);
    const q = createQueryContext(api.fetcher);
    const item = atom<Loadable<Answer>>({ status: 'idle' });
    await q.bindLoadable(item, '/api/present', { failed: () => 'failed' });
    const answer = await q.bindLoadable(item, '/api/missing', { failed: (e) => ({ message: 'User not found', notFound: e instanceof ApiError && e.status === 404 }) });
    expect(answer.ok).toBe(false);
    expect(item.get()).toEqual({ status: 'error', message: 'User not found', notFound: true });
  });

  it('shows a refused read (403) as the store’s error that says it is forbidden', async () => {
    const api = fakeApi();
    api.failures.set('/api/locked', [new ApiError(403, 'This module is locked')]);
    const q = createQueryContext(api.fetcher);
    const item = atom<Loadable<Answer>>({ status: 'idle' });
    const answer = await q.bindLoadable(item, '/api/locked', {
      failed: (e) => ({ message: e instanceof ApiError ? e.message : 'failed', forbidden: e instanceof ApiError && e.status === 403 }),
    });
    expect(answer.ok).toBe(false);
    expect(item.get()).toEqual({ status: 'error', message: 'This module is locked', forbidden: true });
  });

  it('a write refreshes the selected keys on screen and resolves once they answered; the key it answered itself is not read again', async () => {
    const api = fakeApi();
    const q = createQueryContext(api.fetcher);
    const list = atom<Loadable<Answer>>({ status: 'idle' });
    const detail = atom<Loadable<Answer>>({ status: 'idle' });
    await q.bindLoadable(list, '/api/things?page=1', { failed: () => 'failed' });
    await q.bindLoadable(detail, '/api/things/4', { failed: () => 'failed' });
    q.setCached('/api/things/4', { key: 'saved', n: 0 });
    await q.refresh(startingWith('/api/things'), '/api/things/4');
    expect(list.get()).toEqual({ status: 'ready', data: { key: '/api/things?page=1', n: 2 } });
    expect(detail.get()).toEqual({ status: 'ready', data: { key: 'saved', n: 0 } });
    expect(api.count('/api/things/4')).toBe(1);
  });

  it('runs the last of quick calls after the pause, and none once cancelled', async () => {
    const search = debounced(300);
    const ran: string[] = [];
    search.run(() => ran.push('b'));
    search.run(() => ran.push('ba'));
    await vi.advanceTimersByTimeAsync(299);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(['ba']);
    search.run(() => ran.push('bar'));
    search.cancel();
    await vi.advanceTimersByTimeAsync(300);
    expect(ran).toEqual(['ba']);
  });
});
