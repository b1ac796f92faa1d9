import type { ClientResponse, hc } from 'hono/client';
import type { AppType } from '../../../worker/src/app.ts';
import { ApiError, authedFetch, readJson } from './api.ts';

/**
 * The API's typed client (decision 0059): hc's client type over the worker's AppType, so a call's
 * path, its `json`/`query`/`param` and its answer are checked by tsc against the route. Both are
 * imported as types only: the site bundle holds neither the worker's code nor hc's runtime (2 KB
 * gzipped, too much for a public page's budget, decision 0023), but the few lines below, which
 * build the same requests hc builds for what the site uses: the path, `param`, `query`, `json`,
 * the call's `headers`, and `$path()`.
 */
export type ApiClient = ReturnType<typeof hc<AppType>>;

type CallArgs = { param?: Record<string, string>; query?: Record<string, unknown>; json?: unknown };
type CallOptions = { headers?: Record<string, string> };

/** The path of a call, as hc builds it: `:name` segments from `param`, then the query. */
function pathOf(parts: readonly string[], args: CallArgs = {}): string {
  let path = `/${parts.join('/')}`;
  for (const [name, value] of Object.entries(args.param ?? {})) path = path.replace(new RegExp(`/:${name}(?=/|$)`), () => (value ? `/${value}` : ''));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) query.append(name, String(one));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** A client over a fetch: `client.api.cart.$post({ json })` sends POST /api/cart; `…$path(args)` is the path alone. */
function clientOver(send: typeof fetch): ApiClient {
  const at = (parts: readonly string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_, key) => (typeof key === 'string' && key !== 'then' ? at([...parts, key]) : undefined),
      apply: (_, __, [args, options]: [CallArgs | undefined, CallOptions | undefined]) => {
        const method = (parts.at(-1) ?? '').slice(1);
        const path = pathOf(parts.slice(0, -1), args);
        if (method === 'path') return path;
        const headers = new Headers(options?.headers);
        if (args?.json !== undefined) headers.set('content-type', 'application/json');
        const upper = method.toUpperCase();
        return send(path, { method: upper, headers, body: args?.json !== undefined && upper !== 'GET' ? JSON.stringify(args.json) : undefined });
      },
    });
  return at([]) as ApiClient;
}

/** What apiFetch sends: the bearer token and cookies, and the 401 handling; a failed fetch is a network error. */
const clientFetch: typeof fetch = async (input, init) => {
  try {
    return await authedFetch(input, init);
  } catch {
    throw new ApiError(0, 'Network error occurred');
  }
};

/** The API under its own origin: `api.cart.$post({ json })`, `api.orders[':id'].$get({ param: { id: '3' } })`. */
export const api = clientOver(clientFetch).api;

/** The same client without a session: plain fetch, no token, for the public reads a guest's page makes. */
export const publicApi = clientOver((input, init) => fetch(input, init)).api;

type SuccessStatus = 200 | 201 | 202 | 203 | 206 | 207 | 208 | 226;

/** The JSON a call answers on success (the route's `c.json(x, 2xx)`). */
export type Answer<R> = R extends (...args: never[]) => Promise<infer Res> ? AnswerOf<Res> : AnswerOf<R>;
type AnswerOf<Res> = Res extends ClientResponse<infer T, infer S, infer F> ? (F extends 'json' ? (S extends SuccessStatus ? T : never) : never) : never;

/** Sends a typed call and reads its answer: its JSON on success, an ApiError in the one error shape otherwise. */
export async function call<P extends Promise<ClientResponse<unknown, number, string>>>(request: P): Promise<AnswerOf<Awaited<P>>> {
  return readJson<AnswerOf<Awaited<P>>>((await request) as unknown as Response);
}

// ---------------------------------------------------------------------------------------------
// Reads through the query layer (decision 0018): the key is the typed path, the answer the route's.

type Readable = { $get: (...args: never[]) => Promise<unknown>; $path: (...args: never[]) => string };

/** A query key (an API path) that remembers the answer of its GET. */
export type Key<T> = string & { readonly answer?: T };

/** The answer a key's GET brings. */
export type KeyAnswer<K> = K extends Key<infer T> ? T : never;

/** The key of an endpoint's GET: `keyOf(api.orders[':id'], { param: { id: '3' } })`. */
export function keyOf<E extends Readable>(endpoint: E, ...args: Parameters<E['$path']>): Key<Answer<E['$get']>> {
  return (endpoint.$path as (...a: unknown[]) => string)(...args) as Key<Answer<E['$get']>>;
}
