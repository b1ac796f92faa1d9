import type { Context } from 'hono';
import { contentVersions, type ContentScope, type VersionScope } from '../../../db/schema/index.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { etagOf, memoryAnswerStore, type AnswerStore, type StoredAnswer, type Variant } from './public-cache-store.ts';

export type { ContentScope } from '../../../db/schema/index.ts';

/**
 * The read-through cache of public answers (decision 0021). A route calls `cachePublic(c, scope)`
 * on a GET answer that is the same for every visitor; the app's entry (`createPublicCache().fetch`,
 * wrapped around the Hono app in app.ts) stores the final answer — every middleware's headers, the
 * Content-Security-Policy included — under the path + query and the scope's content version, and
 * answers the next identical request from the store before any middleware, routing or session
 * lookup runs. Writes move the versions in the database (triggers of migration 0003), so routes
 * never invalidate anything by hand.
 */

type Mark = ContentScope | 'personal' | 'no-store';
const marks = new WeakMap<Request, Mark>();

/** Marks the current GET/HEAD answer as public: the same bytes for everyone until `scope` changes. */
export function cachePublic(c: Context, scope: ContentScope): void {
  const current = marks.get(c.req.raw);
  if (current !== 'personal' && current !== 'no-store') marks.set(c.req.raw, scope);
}

/** The answer depends on who asks (a session was read): never stored, whatever else marked it. */
export function markPersonal(c: Context): void {
  marks.set(c.req.raw, 'personal');
}

const privateMarks = new WeakMap<Request, number>();

/**
 * Marks the current GET answer as a function of the caller's session and account alone (GET
 * /api/me): kept for that Authorization header only, under the `accounts` version, until `until`
 * (ms; at most a second, never past the session's end). Writes to users, roles or sessions move
 * the version, so a changed profile or an ended session is never answered from it.
 */
export function cacheForSession(c: Context, until: number): void {
  privateMarks.set(c.req.raw, Math.min(until, Date.now() + MAX_SESSION_ANSWER_MS));
}

/** This answer must not be stored (a site answer that is not a function of the build and the catalog). */
export function markNoStore(c: Context): void {
  if (marks.get(c.req.raw) !== 'personal') marks.set(c.req.raw, 'no-store');
}

/** Cache-Control of a cached public answer: any cache may keep it but must ask again (304 when unchanged). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Cache-Control of the build's hashed files: their name changes with their content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * The longest a public answer is served: counters it shows (learners, sales, downloads, ratings)
 * do not move the content versions (decision 0040), so they may be this much behind.
 */
export const COUNTER_LAG_MS = 60_000;
/** How long a process trusts the versions it read, unless a write of its own made them stale. */
export const DEFAULT_VERSION_TTL_MS = 250;
/** The longest a session's own answer is kept. */
export const MAX_SESSION_ANSWER_MS = 1000;
/** Budget of the sessions' own answers (GET /api/me), per process. */
export const SESSION_ANSWERS_BYTES = 8 * 1024 * 1024;
/** Cache-Control of an answer for one session. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';
/** Largest answer kept (the store's budget is for many answers, not one). */
export const MAX_STORED_ANSWER_BYTES = 2 * 1024 * 1024;
/** How many keys answered without storing are remembered (then the memory starts again). */
export const UNSTORED_KEYS = 4096;

export type Versions = Readonly<Record<VersionScope, number>>;

/** A stored answer may be served: read at its scope's current version, and not past its time. */
function isCurrent(stored: StoredAnswer, versions: Versions, now = Date.now()): boolean {
  return stored.version === versions[stored.scope] && (stored.until === undefined || now < stored.until);
}

async function readVersions(db: Db): Promise<Versions> {
  const rows = await db.select().from(contentVersions);
  // A scope without its row (a database migrated before it existed) never matches anything kept.
  const versions: Record<string, number> = { catalog: NaN, certificates: NaN, accounts: NaN, store: NaN, plans: NaN };
  for (const row of rows) versions[row.scope] = row.version;
  return versions as Versions;
}

/**
 * The content versions as this process (or isolate) knows them: read from the database at most
 * every `ttlMs` (one read shared by the requests waiting for it), and forgotten at once when a
 * write of this process completes, so its own writes show on the very next read.
 */
export class VersionClock {
  #versions: Versions | null = null;
  #readStartedAt = 0;
  #pending: Promise<Versions> | null = null;
  #generation = 0;

  readonly ttlMs: number;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** The versions when known fresh; undefined means `read` them. */
  fresh(now = Date.now()): Versions | undefined {
    return this.#versions !== null && now - this.#readStartedAt < this.ttlMs ? this.#versions : undefined;
  }

  read(db: Db): Promise<Versions> {
    if (this.#pending) return this.#pending;
    const generation = this.#generation;
    const startedAt = Date.now();
    const pending = readVersions(db).then(
      (versions) => {
        // A write completed while this read was on its way: its answer may predate the write.
        if (generation === this.#generation) {
          this.#versions = versions;
          this.#readStartedAt = startedAt;
        }
        if (this.#pending === pending) this.#pending = null;
        return versions;
      },
      (err: unknown) => {
        if (this.#pending === pending) this.#pending = null;
        throw err;
      },
    );
    this.#pending = pending;
    return pending;
  }

  /** A write of this process completed: the next request reads the versions again. */
  invalidate(): void {
    this.#generation++;
    this.#versions = null;
    this.#pending = null;
  }
}

export interface PublicCacheOptions {
  /** Where answers are kept: memory (Node, the default) or the Cache API (Workers). */
  store?: AnswerStore;
  /**
   * How long versions read from the database are trusted, in ms (≤ 1000; default 250). Unset, 0
   * under APP_ENV=test (tests write to the database directly between requests), else 250.
   */
  versionTtlMs?: number;
  /** How long a public answer is served at most, in ms (default COUNTER_LAG_MS). */
  counterLagMs?: number;
}

type Dispatch = () => Response | Promise<Response>;

/** Reads one request header (lower-case name); null when absent. */
export type HeaderReader = (name: string) => string | null;

/**
 * The header reader of a request: on Node the already parsed headers of the incoming message
 * (building the Request's Headers costs more than the whole cached answer), else the Request's.
 */
export function headerReaderOf(request: Request, incoming?: { headers: Record<string, string | string[] | undefined> }): HeaderReader {
  if (!incoming) return (name) => request.headers.get(name);
  const headers = incoming.headers;
  return (name) => {
    const value = headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
}

const EMPTY_VERSIONS: Versions = { catalog: NaN, certificates: NaN, accounts: NaN, store: NaN, plans: NaN, connect: NaN };

/** The version clock of the app answering a request, for other per-process memories (sessions). */
const requestClocks = new WeakMap<Request, VersionClock>();

/** The clock of the app answering `c` (undefined outside the app's entry, e.g. a bare Hono test). */
export function versionClockOf(c: Context): VersionClock | undefined {
  return requestClocks.get(c.req.raw);
}

/** The path and query of a request URL, without parsing it. */
export function cacheKeyOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const hash = url.indexOf('#', start);
  return hash < 0 ? url.slice(start) : url.slice(start, hash);
}

/** Site answers (not the API, not uploaded files) are the build's pages and files: catalog scope by default. */
function defaultScope(key: string): ContentScope | undefined {
  if (key.startsWith('/api/') || key === '/api' || key.startsWith('/uploads/')) return undefined;
  return 'catalog';
}

function storableAnswer(res: Response): boolean {
  if (res.status !== 200 && res.status !== 404) return false;
  const h = res.headers;
  if (h.has('set-cookie') || h.has('content-range') || h.has('content-encoding')) return false;
  const cc = h.get('cache-control');
  return !(cc && /no-store|private/i.test(cc));
}

/** The body variant an Accept-Encoding header asks for, among those stored. */
export function chooseEncoding(acceptEncoding: string | null, answer: StoredAnswer): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding || (!answer.br && !answer.gzip)) return 'identity';
  const accepts = (coding: string) => {
    const at = acceptEncoding.indexOf(coding);
    if (at < 0) return false;
    const rest = acceptEncoding.slice(at + coding.length).split(',', 1)[0] ?? '';
    return !/;\s*q\s*=\s*0(?:\.0*)?\s*$/.test(rest);
  };
  if (answer.br && accepts('br')) return 'br';
  if (answer.gzip && accepts('gzip')) return 'gzip';
  return 'identity';
}

/** The request's If-None-Match names this representation (or `*`): the answer is a 304. */
export function clientHolds(variant: Variant, header: HeaderReader): boolean {
  const ifNoneMatch = header('if-none-match');
  return ifNoneMatch !== null && (ifNoneMatch.trim() === '*' || ifNoneMatch.includes(variant.etag));
}

/** A stored answer as a response to `request`: its encoding, 304 when the client holds it, no body for HEAD. */
export function answerFrom(answer: StoredAnswer, request: Request, header: HeaderReader = (name) => request.headers.get(name)): Response {
  const variant = answer[chooseEncoding(header('accept-encoding'), answer)]!;
  if (clientHolds(variant, header)) return new Response(null, { status: 304, headers: answer.notModifiedHeaders(variant) });
  return new Response(request.method === 'HEAD' ? null : variant.body, { status: answer.status, headers: variant.headers });
}

/**
 * The cache in front of the app: `fetch(request, platform, dispatch)` answers a fresh stored
 * answer without calling `dispatch` (the Hono app), stores what `dispatch` answers when a route
 * marked it public, and makes the versions stale after every write this process completes.
 */
export function createPublicCache(options: PublicCacheOptions = {}) {
  const store = options.store ?? memoryAnswerStore();
  // Answers for one session, by path + query + Authorization header; never compressed (they are small).
  const sessionAnswers = memoryAnswerStore({ maxBytes: SESSION_ANSWERS_BYTES });
  let clock: VersionClock | null = options.versionTtlMs === undefined ? null : new VersionClock(Math.min(options.versionTtlMs, 1000));
  const counterLagMs = options.counterLagMs ?? COUNTER_LAG_MS;

  function clockFor(platform: Platform): VersionClock {
    clock ??= new VersionClock(platform.env.APP_ENV === 'test' ? 0 : DEFAULT_VERSION_TTL_MS);
    return clock;
  }

  async function versionsOf(platform: Platform): Promise<Versions> {
    const versionClock = clockFor(platform);
    return versionClock.fresh() ?? versionClock.read(platform.db);
  }

  async function afterWrite(dispatch: Dispatch, platform: Platform): Promise<Response> {
    try {
      return await dispatch();
    } finally {
      clockFor(platform).invalidate();
    }
  }

  /**
   * Misses being answered, by versions + key: identical requests arriving meanwhile wait for the
   * first one's stored answer instead of each running the handler and compressing the same body
   * (50 connections on a cold page once queued hundreds of brotli encoders: +130 MB for a second).
   */
  const inFlight = new Map<string, Promise<StoredAnswer | undefined>>();
  const flightKeyOf = (key: string, versions: Versions) => `${versions.catalog}:${versions.certificates}:${key}`;

  /**
   * Keys, with the versions they were asked at, whose answer the app gave but the cache did not
   * store (GET /api/health, an uploaded file, a page marked no-store): their next request at the
   * same versions goes straight to the app. Asking the store first would find nothing, and on
   * Workers that asking is a Cache API lookup, about half of such a request's CPU. Only the lookup
   * is skipped: an answer that is storable now is stored, and its key forgotten here.
   */
  const unstored = new Set<string>();
  const unstoredKeyOf = (key: string, versions: Versions) => `${versions.catalog}:${versions.certificates}:${versions.store}:${versions.plans}:${key}`;
  function rememberUnstored(key: string, versions: Versions): void {
    if (unstored.size >= UNSTORED_KEYS) unstored.clear();
    unstored.add(unstoredKeyOf(key, versions));
  }

  async function missed(request: Request, key: string, versions: Versions, dispatch: Dispatch, header: HeaderReader): Promise<Response> {
    if (versions === EMPTY_VERSIONS || request.method !== 'GET') return store.finish(dispatch(), request, header);
    const flightKey = flightKeyOf(key, versions);
    let settle!: (answer: StoredAnswer | undefined) => void;
    const flight = new Promise<StoredAnswer | undefined>((resolve) => (settle = resolve));
    inFlight.set(flightKey, flight);
    let answer: StoredAnswer | undefined;
    try {
      const res = await dispatch();
      const mark = marks.get(request);
      const scope = mark === undefined ? defaultScope(key) : mark === 'personal' || mark === 'no-store' ? undefined : mark;
      if (!scope || !storableAnswer(res)) {
        rememberUnstored(key, versions);
        return await store.finish(res, request, header);
      }
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.byteLength > MAX_STORED_ANSWER_BYTES) {
        rememberUnstored(key, versions);
        return new Response(body, res);
      }
      unstored.delete(unstoredKeyOf(key, versions));
      answer = await storeAnswer(key, scope, versions, res, body);
      return answerFrom(answer, request, header);
    } finally {
      if (inFlight.get(flightKey) === flight) inFlight.delete(flightKey);
      settle(answer);
    }
  }

  async function storeAnswer(key: string, scope: ContentScope, versions: Versions, res: Response, body: Uint8Array<ArrayBuffer>): Promise<StoredAnswer> {
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'content-length') headers[name] = value;
    });
    headers['cache-control'] ??= PUBLIC_CACHE_CONTROL;
    return store.put(key, {
      scope,
      version: versions[scope],
      until: Date.now() + counterLagMs,
      status: res.status,
      headers,
      body,
      etag: etagOf(body),
    });
  }

  async function lookUp(request: Request, key: string, platform: Platform, dispatch: Dispatch, header: HeaderReader): Promise<Response> {
    let versions: Versions;
    try {
      // Read before the handler runs: an answer is stored under a version no newer than its data.
      versions = await versionsOf(platform);
    } catch (err) {
      console.error('Could not read the content versions; answering without the cache', err);
      versions = EMPTY_VERSIONS;
    }
    if (versions !== EMPTY_VERSIONS && unstored.has(unstoredKeyOf(key, versions))) return missed(request, key, versions, dispatch, header);
    const stored = versions === EMPTY_VERSIONS ? undefined : await store.get(key);
    if (stored && isCurrent(stored, versions)) return answerFrom(stored, request, header);
    const flight = versions === EMPTY_VERSIONS ? undefined : inFlight.get(flightKeyOf(key, versions));
    if (flight) {
      // Not storable (or failed) for the first request: this one is answered by the app as well.
      const answer = await flight;
      if (answer) return answerFrom(answer, request, header);
    }
    return missed(request, key, versions, dispatch, header);
  }

  async function forSession(request: Request, key: string, platform: Platform, dispatch: Dispatch, header: HeaderReader): Promise<Response> {
    const versionClock = clockFor(platform);
    let accounts = NaN;
    try {
      accounts = (versionClock.fresh() ?? (await versionClock.read(platform.db))).accounts;
    } catch {
      // answered by the app
    }
    const stored = sessionAnswers.peek(key);
    if (stored && stored.version === accounts && Date.now() < stored.until!) return answerFrom(stored, request, header);
    const res = await dispatch();
    const until = privateMarks.get(request);
    if (until === undefined || !Number.isFinite(accounts) || request.method !== 'GET' || res.status !== 200 || !storableAnswer(res)) {
      return store.finish(res, request, header);
    }
    const body = new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'content-length') headers[name] = value;
    });
    headers['cache-control'] = PRIVATE_CACHE_CONTROL;
    const answer = await sessionAnswers.put(key, { scope: 'accounts', version: accounts, until, status: 200, headers, body, etag: etagOf(body) });
    return answerFrom(answer, request, header);
  }

  return {
    store,
    /**
     * The stored answer for a public GET/HEAD of `key` (path + query) when it can be answered
     * right now without the app: no credentials or range, versions known fresh, the answer in
     * memory at the current version. Synchronous: the Node entry answers hits with it before any
     * Request or Response object is made (public-cache-node.ts).
     */
    peekFresh(method: string | undefined, key: string, header: HeaderReader, platform: Platform): StoredAnswer | undefined {
      if (method !== 'GET' && method !== 'HEAD') return undefined;
      if (header('authorization') !== null || header('range') !== null) return undefined;
      const versions = clockFor(platform).fresh();
      if (versions === undefined) return undefined;
      const stored = store.peek(key);
      return stored && isCurrent(stored, versions) ? stored : undefined;
    },
    /** Answers `request`, calling `dispatch` (the app) only when the store cannot. */
    fetch(request: Request, platform: Platform | undefined, dispatch: Dispatch, header: HeaderReader = headerReaderOf(request)): Response | Promise<Response> {
      const method = request.method;
      if (!platform) return dispatch();
      const versionClock = clockFor(platform);
      if (method === 'GET' || method === 'HEAD') {
        const versions = versionClock.fresh();
        // A request with credentials or a range is answered by the app, never from or into the store.
        if (header('authorization') === null && header('range') === null) {
          const key = cacheKeyOf(request.url);
          if (versions !== undefined) {
            // The hot path: versions known fresh and the answer in memory, no await at all.
            const stored = store.peek(key);
            if (stored && isCurrent(stored, versions)) return answerFrom(stored, request, header);
          }
          requestClocks.set(request, versionClock);
          return lookUp(request, key, platform, dispatch, header);
        }
        requestClocks.set(request, versionClock);
        const authorization = header('authorization');
        if (authorization !== null && header('range') === null) {
          const key = `${cacheKeyOf(request.url)}\n${authorization}`;
          const versions = versionClock.fresh();
          if (versions !== undefined) {
            const stored = sessionAnswers.peek(key);
            if (stored && stored.version === versions.accounts && Date.now() < stored.until!) return answerFrom(stored, request, header);
          }
          return forSession(request, key, platform, dispatch, header);
        }
        return store.finish(dispatch(), request, header);
      }
      requestClocks.set(request, versionClock);
      return afterWrite(dispatch, platform);
    },
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;
