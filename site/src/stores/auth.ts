import { atom, computed } from 'nanostores';
import type { UserView } from '../../../shared/users.ts';
import type { InferRequestType } from 'hono/client';
import { ApiError, getToken, setToken } from '../lib/api.ts';
import type { api as Api } from '../lib/api-client.ts';
import { loadedQueryLayer, queryLayer } from './query-lazy.ts';

export type User = UserView;

export type AuthState = { status: 'loading' } | { status: 'ready'; user: User | null };

/**
 * The typed client, loaded when a call is made: every page loads this store, and a guest's
 * public page makes no call, so the client stays out of its JavaScript budget (decision 0059).
 */
const client = () => import('../lib/api-client.ts');
/** The query key of GET /api/me (what `keyOf(api.me)` makes). */
const ME_KEY = '/api/me';

/** The signed-in user, loaded once per page from GET /api/me. */
export const $auth = atom<AuthState>({ status: 'loading' });
export const $user = computed($auth, (s) => (s.status === 'ready' ? s.user : null));

async function fetchMe(): Promise<User | null> {
  if (!getToken()) return null;
  try {
    const { api, call } = await client();
    return await call(api.me.$get());
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * GET /api/me through the query layer; a 401 (or no token) yields no user. Stale after 10 s.
 * Only a token loads the layer, so a guest's public page never does.
 */
export async function loadUser(force = false): Promise<User | null> {
  if (!getToken()) {
    setSignedInUser(null);
    return null;
  }
  const q = await queryLayer();
  const key = ME_KEY;
  if (force) q.invalidate(key);
  const answer = await q.bind<User | null, AuthState>(
    $auth,
    key,
    (value) => (value.data !== undefined ? { status: 'ready', user: value.data } : undefined),
    { ...q.CURRENT_USER_SETTINGS, fetcher: fetchMe },
  );
  if (!answer.ok) throw answer.error;
  return answer.data;
}

/**
 * Who is signed in now, known without a read (login, registration, sign-out, a guest enrolment):
 * the store and the query cache agree; signing out forgets every cached answer.
 */
export function setSignedInUser(user: User | null): void {
  const state = $auth.get();
  if (!(state.status === 'ready' && state.user === user)) $auth.set({ status: 'ready', user });
  markSession(user !== null);
  if (user) void queryLayer().then((q) => q.setCached(ME_KEY, user));
  else loadedQueryLayer()?.clear();
}

/**
 * `<html data-session>` says this browser holds a session (BaseLayout's head script sets it from
 * the stored token before the first paint, so the header reserves the account menu's place).
 * Signing in on a page tells the page shell to load the account menu (islands/shell.ts).
 */
function markSession(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (signedIn === root.hasAttribute('data-session')) return;
  root.toggleAttribute('data-session', signedIn);
  if (signedIn) window.dispatchEvent(new Event('drx:session'));
}

export async function login(username: string, password: string): Promise<User> {
  const { api, call } = await client();
  const res = await call(api.login.$post({ json: { username, password } }));
  setToken(res.access_token);
  setSignedInUser(res.user);
  return res.user;
}

/** The new account's fields, as POST /api/register reads them. */
export type RegisterInput = InferRequestType<typeof Api.register.$post>['json'];

export async function register(input: RegisterInput): Promise<User> {
  const { api, call } = await client();
  const res = await call(api.register.$post({ json: input }));
  setToken(res.access_token);
  setSignedInUser(res.user);
  return res.user;
}

/**
 * True from a sign-out until the page is left: the caller goes to / once the user is forgotten,
 * and a page's guard must not send the signed-out user to /auth in the meantime (its navigation,
 * started later, would replace the caller's).
 */
export const $signingOut = atom(false);

/**
 * POST /api/logout, then clear the token and cached data; the caller then goes to /. When the server
 * cannot be reached the token is gone all the same and the error is thrown for the caller to say so.
 */
export async function logout(): Promise<void> {
  $signingOut.set(true);
  // Forgotten first: a request of the page answered 401 once the session ends is not taken for
  // an expired session (which would send the page to /auth instead of /).
  const token = getToken();
  setToken(null);
  try {
    const { api, call } = await client();
    await call(api.logout.$post(undefined, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
  } catch (error) {
    // The caller stays on the page: its guard may act on the signed-out state again.
    $signingOut.set(false);
    throw error;
  } finally {
    setToken(null);
    setSignedInUser(null);
  }
}

/** Re-reads the user, e.g. after a profile image change (profile-image-updated, auth-refresh-required). */
export function refreshUser(): Promise<User | null> {
  return loadUser(true);
}

if (typeof window !== 'undefined') {
  window.addEventListener('profile-image-updated', () => void refreshUser());
  window.addEventListener('auth-refresh-required', () => void refreshUser());
}
