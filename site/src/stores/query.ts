import { nanoquery, type CommonSettings, type FetcherStore, type FetcherValue, type KeySelector } from '@nanostores/query';
import type { WritableAtom } from 'nanostores';
import { ApiError, apiFetch } from '../lib/api.ts';

/**
 * The one data layer of the islands (decision 0018: its stale times, retries and polling): every read of the API
 * goes through a fetcher store of this context, so islands on one page share one request and one
 * cache per key; writes mark the keys they change stale, which refetches what is on screen.
 * Keys are API paths, so the fetcher fetches the key and a write can select keys by prefix.
 */

// ---------------------------------------------------------------------------------------------
// The data freshness rules, as named constants

/** General query stale time: a key is not fetched again for 5 minutes. */
export const STALE_MS = 5 * 60_000;
/** How long an answer stays in the cache after it went stale (shown while it is fetched again). */
export const CACHE_RETENTION_MS = 5 * 60_000;
/** Failed reads are tried once more; a 4xx is an answer, not a failure, and is never retried. */
export const RETRIES = 1;
export const RETRY_DELAY_MS = 1_000;
/** No refetch on window focus. */
export const REFETCH_ON_FOCUS = false;
/** The current user (GET /api/me) is stale after 10 seconds. */
export const CURRENT_USER_STALE_MS = 10_000;
/** The subscription query is stale after 2 minutes. */
export const SUBSCRIPTION_STALE_MS = 2 * 60_000;
/** Pending payments are polled every 30 seconds while shown. */
export const PENDING_PAYMENTS_POLL_MS = 30_000;

export type QuerySettings<T = unknown> = CommonSettings<T>;

/** The context-wide settings: the constants above. */
export const QUERY_DEFAULTS = {
  dedupeTime: STALE_MS,
  cacheLifetime: STALE_MS + CACHE_RETENTION_MS,
  revalidateOnFocus: REFETCH_ON_FOCUS,
  revalidateOnReconnect: true,
  // Retries happen inside the fetcher (withRetry), so a read stays "loading" while it is retried
  // and the library's own endless exponential retries are off.
  onErrorRetry: null,
} satisfies QuerySettings;

/** GET /api/me. */
export const CURRENT_USER_SETTINGS = { dedupeTime: CURRENT_USER_STALE_MS } satisfies QuerySettings;
/** GET /api/subscriptions/user (the plans issue). */
export const SUBSCRIPTION_SETTINGS = { dedupeTime: SUBSCRIPTION_STALE_MS } satisfies QuerySettings;
/**
 * GET /api/payments/pending (the commerce issue): polled while shown; a poll must not be
 * swallowed by the stale time, so the key is fresh for half a poll only.
 */
export const PENDING_PAYMENTS_SETTINGS = {
  revalidateInterval: PENDING_PAYMENTS_POLL_MS,
  dedupeTime: PENDING_PAYMENTS_POLL_MS / 2,
} satisfies QuerySettings;
/** Reads with a side effect on the server (opening a lesson records where to resume): always read again. */
export const EVERY_TIME_SETTINGS = { dedupeTime: 0 } satisfies QuerySettings;

// ---------------------------------------------------------------------------------------------
// Keys

/** Key helpers: a key is the API path it reads. */
export const keys = {
  me: '/api/me',
  subscription: '/api/subscriptions/user',
  pendingPayments: '/api/payments/pending',
  myEnrollments: '/api/enrollments',
  myCertificates: '/api/certificates',
  certificate: (id: number) => `/api/certificates/${id}`,
  verification: (code: string) => `/api/certificates/verify/${encodeURIComponent(code)}`,
  course: (id: number) => `/api/courses/${id}`,
  player: (courseId: number) => `/api/learn/courses/${courseId}`,
  lesson: (id: number) => `/api/learn/lessons/${id}`,
  quiz: (id: number) => `/api/learn/quizzes/${id}`,
  categories: '/api/categories',
  myInvitations: '/api/me/invitations',
  sentInvitations: '/api/instructor/invitations',
  sessions: '/api/me/sessions',
} as const;

/** Selects each key that is one of the paths, or one of their sub-paths or queries. */
export function startingWith(...paths: string[]): (key: string) => boolean {
  return (key) => paths.some((p) => key === p || key.startsWith(`${p}/`) || key.startsWith(`${p}?`));
}

/** Everything an edit of a course changes: every course list, and its own reads (all courses' without an id). */
export function courseKeys(courseId?: number): (key: string) => boolean {
  const own = courseId === undefined ? startingWith('/api/courses', '/api/learn') : startingWith(keys.course(courseId), keys.player(courseId));
  return (key) => key === '/api/courses' || key.startsWith('/api/courses?') || own(key);
}

// ---------------------------------------------------------------------------------------------
// Retry policy

/** Whether a read that failed `failures` times is tried again. */
export function shouldRetry(error: unknown, failures: number): boolean {
  if (failures > RETRIES) return false;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a read with the retry policy: one more try after RETRY_DELAY_MS, never for a 4xx. */
export async function withRetry<T>(read: () => Promise<T>): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await read();
    } catch (error) {
      if (!shouldRetry(error, failures)) throw error;
      await sleep(RETRY_DELAY_MS);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The context

export type Fetcher = (...keyParts: (string | number | true)[]) => Promise<unknown>;

/** The API fetcher: the key is the path; apiFetch keeps the 401 handling (sign-in again, back to this page). */
export const apiFetcher: Fetcher = (...parts) => apiFetch<unknown>(parts.join(''));

/** The answer a read settled on: its data, or its error. */
export type Settled<T> = { ok: true; data: T; error?: undefined } | { ok: false; data?: undefined; error: unknown };

/** Whether a key selector (a key, a list of keys, or a predicate) selects a key. */
function selects(selector: KeySelector, key: string): boolean {
  if (typeof selector === 'function') return selector(key);
  return Array.isArray(selector) ? selector.includes(key) : selector === key;
}

/** A query context with these settings; the page has one (below), tests make their own. */
export function createQueryContext(fetcher: Fetcher = apiFetcher) {
  type CacheEntry = { data?: unknown; error?: unknown; retryCount?: number; created?: number; expires?: number };
  const cache = new Map<string, CacheEntry>();
  const retrying = (f: Fetcher): Fetcher => (...parts) => withRetry(() => f(...parts));
  const [createFetcherStore, createMutatorStore, tools] = nanoquery({ ...QUERY_DEFAULTS, cache, fetcher: retrying(fetcher) });
  const stores = new Map<string, FetcherStore>();

  /**
   * The one fetcher store of a key (settings and fetcher are those of its first use). Asking
   * for a key whose last read failed reads it again: that is what a "Try again" asks for.
   */
  function query<T>(key: string, settings: QuerySettings<T> = {}): FetcherStore<T, unknown> {
    if (cache.get(key)?.error !== undefined) tools.revalidateKeys(key);
    let store = stores.get(key);
    if (!store) {
      const own = settings.fetcher;
      store = createFetcherStore<T>(key, own ? { ...settings, fetcher: retrying(own as Fetcher) as QuerySettings<T>['fetcher'] } : settings);
      stores.set(key, store);
    }
    return store as FetcherStore<T, unknown>;
  }

  const bindings = new WeakMap<object, { key: string; stop: () => void }>();

  /** Resolves with the first settled answer of a store, starting a read if its key is stale. */
  function settled<T>($query: FetcherStore<T, unknown>): Promise<Settled<T>> {
    return new Promise((resolve) => {
      let done = false;
      // Listening first reports the current value, then starts a read if the key is stale:
      // settle only on what the store holds after that.
      let listening = false;
      const check = (value: FetcherValue<T, unknown>) => {
        if (done || !listening || value.loading) return;
        if (value.error !== undefined) resolve({ ok: false, error: value.error });
        else if (value.data !== undefined) resolve({ ok: true, data: value.data });
        else return;
        done = true;
        queueMicrotask(stop);
      };
      const stop = $query.listen(check);
      listening = true;
      check($query.get());
    });
  }

  /**
   * Feeds a store of the island-facing shape from the query of a key until it is bound to
   * another key: it follows refetches, invalidations and cache updates of that key. Resolves
   * with the first settled answer.
   */
  function bind<T, S>($target: WritableAtom<S>, key: string, map: (value: FetcherValue<T, unknown>) => S | undefined, settings?: QuerySettings<T>): Promise<Settled<T>> {
    const $query = query<T>(key, settings);
    const current = bindings.get($target);
    if (current?.key !== key) {
      const stop = $query.subscribe((value) => {
        const next = map(value);
        if (next !== undefined) $target.set(next);
      });
      bindings.set($target, { key, stop });
      current?.stop();
    }
    return settled($query);
  }

  /** One read through the cache, for actions that combine reads: its data, or it throws its error. */
  async function read<T>(key: string, settings?: QuerySettings<T>): Promise<T> {
    const answer = await settled(query<T>(key, settings));
    if (!answer.ok) throw answer.error;
    return answer.data;
  }

  /** Ends a binding (the store keeps its last value). */
  function unbind($target: object): void {
    bindings.get($target)?.stop();
    bindings.delete($target);
  }

  /** Keys whose read an invalidation of this same tick started: they already see the write. */
  const startedThisTick = new Set<string>();

  /** After a write: the selected keys are stale; those on screen are fetched again at once, keeping their data meanwhile. */
  function invalidate(selector: KeySelector): void {
    const selected = [...stores].filter(([key]) => selects(selector, key));
    // A read already under way began before this write and may answer without it, and the library
    // drops a revalidation while a read of the key runs: such a key is read once more when it settles.
    const underWay = selected.filter(([key, store]) => store.value?.loading && !startedThisTick.has(key));
    tools.revalidateKeys(selector);
    for (const [key, store] of selected) {
      if (!store.value?.loading || underWay.some(([k]) => k === key)) continue;
      if (startedThisTick.size === 0) queueMicrotask(() => startedThisTick.clear());
      startedThisTick.add(key);
    }
    for (const [key, store] of underWay) {
      let waiting = true;
      let stop: (() => void) | undefined = undefined;
      stop = store.listen((value) => {
        if (!waiting || value.loading) return;
        waiting = false;
        // After the library has let go of that read (it notifies before it does).
        queueMicrotask(() => {
          stop?.();
          tools.revalidateKeys(key);
        });
      });
    }
  }

  /**
   * A write's invalidation that resolves once the selected keys on screen hold their new answer
   * (or their failure), so an action can end on the fresh state. `except` is a key the write
   * answered itself (its caller puts that answer in the cache): it is not read again.
   */
  async function refresh(selector: KeySelector, except?: string): Promise<void> {
    const chosen: KeySelector = except === undefined ? selector : (key) => key !== except && selects(selector, key);
    invalidate(chosen);
    const reading = [...stores].filter(([key, store]) => selects(chosen, key) && store.value?.loading);
    await Promise.all(reading.map(([, store]) => settled(store)));
  }

  /**
   * Binds a `Loadable` store to the query of a key: loading (keeping the data shown, see `keep`),
   * ready, or the failure `failed` describes. Switching to another key (a page, a filter, another
   * item) drops the answers of the one before, so a late answer never replaces a newer one.
   */
  function bindLoadable<R, T = R>($target: WritableAtom<Loadable<T>>, key: string, options: BindLoadableOptions<R, T>): Promise<Settled<R>> {
    const { pick = (raw: R) => raw as unknown as T, failed, keep = true, settings } = options;
    const kept = (): T | undefined => {
      const shown = loaded($target.get());
      return shown !== undefined && (keep === true || (keep !== false && keep(shown))) ? shown : undefined;
    };
    return bind<R, Loadable<T>>(
      $target,
      key,
      (value) => {
        if (value.loading) {
          const data = value.data !== undefined ? pick(value.data) : kept();
          return data === undefined ? { status: 'loading' } : { status: 'loading', data };
        }
        if (value.error !== undefined) {
          const failure = failed(value.error);
          return { status: 'error', ...(typeof failure === 'string' ? { message: failure } : failure) };
        }
        return value.data !== undefined ? { status: 'ready', data: pick(value.data) } : undefined;
      },
      settings,
    );
  }

  /** Puts a known answer in the cache (e.g. the user a login returned), updating every store of that key. */
  function setCached(key: string, data: unknown): void {
    if (!cache.has(key)) cache.set(key, { data, created: Date.now(), expires: Date.now() + QUERY_DEFAULTS.cacheLifetime });
    tools.mutateCache(key, data);
  }

  /** Forgets every cached answer (signing out). */
  function clear(): void {
    tools.invalidateKeys(() => true);
  }

  return { query, bind, bindLoadable, settled, read, unbind, invalidate, refresh, setCached, clear, createFetcherStore, createMutatorStore, tools, cache };
}

const context = createQueryContext();

export const { query, bind, bindLoadable, settled, read, unbind, invalidate, refresh, setCached, clear, createFetcherStore, createMutatorStore } = context;
export const { invalidateKeys, revalidateKeys, mutateCache } = context.tools;

// ---------------------------------------------------------------------------------------------
// Mapping a query's value to the shapes the islands read

/** loading → ready (stale data stays shown while it is read again) → the store's failure state. */
export function toLoad<T, S>(value: FetcherValue<T, unknown>, ready: (data: T) => S, failed: (error: unknown) => S, loading: () => S): S {
  if (value.data !== undefined) return ready(value.data);
  if (value.error !== undefined && !value.loading) return failed(value.error);
  return loading();
}

/**
 * The one `Loadable` shape of every store and island: data stays shown (as loading) while it is
 * read again; a failure may say the thing asked for does not exist (`notFound`, a 404) or is not
 * the user's to see (`forbidden`, a 403: not enrolled, locked).
 */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; data?: T; notFound?: boolean; forbidden?: boolean };

/** The data a store shows, ready or while it is read again. */
export function loaded<T>(state: Loadable<T>): T | undefined {
  return state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
}

/** How `bindLoadable` maps a key's answers. */
export interface BindLoadableOptions<R, T> {
  /** The part of the answer the store holds (the whole answer by default). */
  pick?: (raw: R) => T;
  /** The error state of a failed read: its message, and whether it means "not found" or "forbidden". */
  failed: (error: unknown) => string | { message: string; notFound?: boolean; forbidden?: boolean };
  /**
   * While a key is read for the first time, keep the data shown (the page before, the same item):
   * always (default), never, or when this test of the shown data passes.
   */
  keep?: boolean | ((shown: T) => boolean);
  settings?: QuerySettings<R>;
}

/** One pending call at a time, run after a pause; a new one replaces the one waiting (typing in a search box). */
export function debounced(ms: number): { run: (call: () => void) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run(call) {
      clearTimeout(timer);
      timer = setTimeout(call, ms);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

export function toLoadable<R, T>(value: FetcherValue<R, unknown>, pick: (raw: R) => T, message: (error: unknown) => string): Loadable<T> {
  if (value.data !== undefined) return value.loading ? { status: 'loading', data: pick(value.data) } : { status: 'ready', data: pick(value.data) };
  if (value.error !== undefined && !value.loading) return { status: 'error', message: message(value.error) };
  return { status: 'loading' };
}
